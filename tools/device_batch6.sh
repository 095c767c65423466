#!/usr/bin/env bash
# The sixth batch of held-out kernels on the H200, in one device call:
#
#     OUT=/path/to/out bash tools/device_batch6.sh
#
# programs/holdout/{trip_divergent, nbody_smem, stencil2d_smem, spmv_csr_vector, poly_half2,
# matmul_cp_async, scatter_add}, recorded as batches 2-5 were: $OUT/holdout6.json (results
# checked, CUDA-event timings, Nsight Compute counters), $OUT/holdout6_repeats.json (5 more runs
# under Nsight), $OUT/shared_sass_holdout6.json (tools/probe_shared_sass.py's shared-memory counters) and
# $OUT/sm90_holdout6.sass (ptxas's SASS of each kernel).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_batch6.sh
P=""
for k in trip_divergent nbody_smem stencil2d_smem spmv_csr_vector poly_half2 matmul_cp_async scatter_add; do
    P="$P programs/holdout/$k.ptx"
done
"$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/holdout6.json" $P
"$PYTHON" -u tools/measure_repeats.py "$OUT/holdout6_repeats.json" 5 $P
"$PYTHON" -u tools/probe_shared_sass.py "$OUT/shared_sass_holdout6.json" $P
python3 tools/probe_ptxas_loads_ahead.py --dump "$OUT/sm90_holdout6.sass" $P
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader > "$OUT/device.txt"
date -u >> "$OUT/device.txt"
