#!/usr/bin/env bash
# The fifth batch of held-out kernels on the H200, in one device call:
#
#     OUT=/path/to/out bash tools/device_batch5.sh
#
# programs/holdout/{bitonic_smem, gelu_tanh, dgemm_tiled, compact_block, local_hist,
# permute_nchw}, recorded as batches 2-4 were: $OUT/holdout5.json (results checked, CUDA-event
# timings, Nsight Compute counters), $OUT/holdout5_repeats.json (5 more runs under Nsight),
# $OUT/shared_sass_holdout5.json (tools/probe_shared_sass.py's shared-memory counters) and
# $OUT/sm90_holdout5.sass (ptxas's SASS of each kernel).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_batch5.sh
P=""
for k in bitonic_smem gelu_tanh dgemm_tiled compact_block local_hist permute_nchw; do
    P="$P programs/holdout/$k.ptx"
done
"$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/holdout5.json" $P
"$PYTHON" -u tools/measure_repeats.py "$OUT/holdout5_repeats.json" 5 $P
"$PYTHON" -u tools/probe_shared_sass.py "$OUT/shared_sass_holdout5.json" $P
python3 tools/probe_ptxas_loads_ahead.py --dump "$OUT/sm90_holdout5.sass" $P
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader > "$OUT/device.txt"
date -u >> "$OUT/device.txt"
