#!/usr/bin/env bash
# The H200 runs behind the L2 atomic unit's queued reductions (programs/micro/atomic_queue.s and
# atomic_hazard.s):
#
#     OUT=/path/to/out bash tools/device_atomic_queue.sh
#
# Each program through tools/crosscheck_cuda.py --ncu twice (results checked against the recipe,
# CUDA-event timings, Nsight Compute counters per launch): $OUT/micro_<name>.json and
# micro_<name>_r2.json; their SASS (to see that every add is a RED and none was merged):
# $OUT/<name>.sass; the GPU, driver and clock: $OUT/device.txt. NAMES (default: both) picks.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_atomic_queue.sh
for name in ${NAMES:-atomic_queue atomic_hazard}; do
    P=programs/micro/$name.s
    "$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/micro_$name.json" $P
    "$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/micro_${name}_r2.json" $P
    python3 tools/probe_ptxas_loads_ahead.py --dump "$OUT/$name.sass" $P
done
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader > "$OUT/device.txt"
date -u >> "$OUT/device.txt"
