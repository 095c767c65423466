#!/usr/bin/env bash
# The H200 run behind simgpu's constant memory (.const, `//! symbol`) and bfind/fns/dp4a/dp2a, and
# the fourth batch of held-out kernels, in one device call:
#
#     OUT=/path/to/out bash tools/device_batch4.sh
#
# 1. tests/test_nvcc_kernels.py's cases for tests/cuda/bits.ptx and const_mem.ptx on the GPU
#    (tests/cuda/hwcheck: the same PTX through the driver's JIT, the same numpy references):
#    $OUT/hwcheck.txt.
# 2. The SASS ptxas makes of tests/cuda/bits.cu and const_mem.cu: $OUT/bits_const.sass.
# 3. Nsight Compute's warp instructions and every smsp__inst_executed_pipe_* counter of each
#    kernel those cases launch: $OUT/pipes.csv.
# 4. Held-out batch 4 (programs/holdout/conv3x3_const, gemv_dp4a, hist_aggregated), recorded as
#    batch 3 was: $OUT/holdout4.json (results, timings, Nsight counters), $OUT/holdout4_repeats.json
#    (5 more runs under Nsight), $OUT/sm90_holdout4.sass.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_batch4.sh
K="bit_intrinsics or count_positive or conv3x3_const or lut_poly"
(cd tests/cuda/hwcheck && "$PYTHON" -m pytest -q -p no:cacheprovider ../../test_nvcc_kernels.py -k "$K") \
    > "$OUT/hwcheck.txt" 2>&1 || true
tail -3 "$OUT/hwcheck.txt"
TMP=$(mktemp -d)
for f in bits const_mem; do
    nvcc -cubin -arch=sm_90 -O3 tests/cuda/$f.cu -o "$TMP/$f.cubin"
    cuobjdump -sass "$TMP/$f.cubin"
done > "$OUT/bits_const.sass"
M="smsp__inst_executed.sum"
for p in $(ncu --query-metrics 2>/dev/null | awk '$1 ~ /^smsp__inst_executed_pipe_/ && $2 == "Counter" {print $1}'); do M="$M,$p.sum"; done
(cd tests/cuda/hwcheck && ncu --clock-control none --csv --metrics "$M" \
    "$PYTHON" -m pytest -q -p no:cacheprovider ../../test_nvcc_kernels.py -k "$K") > "$OUT/pipes.csv" 2> "$TMP/ncu.err" || true
tail -2 "$TMP/ncu.err" || true
P="programs/holdout/conv3x3_const.ptx programs/holdout/gemv_dp4a.ptx programs/holdout/hist_aggregated.ptx"
"$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/holdout4.json" $P
"$PYTHON" -u tools/measure_repeats.py "$OUT/holdout4_repeats.json" 5 $P
python3 tools/probe_ptxas_loads_ahead.py --dump "$OUT/sm90_holdout4.sass" $P
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader > "$OUT/device.txt"
date -u >> "$OUT/device.txt"
