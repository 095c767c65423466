#!/usr/bin/env bash
# One batch of held-out kernels on the H200, in one device call:
#
#     OUT=/path/to/out bash tools/device_holdout.sh NAME KERNEL...
#
# programs/holdout/KERNEL.ptx for each KERNEL, recorded as every batch since the second:
# $OUT/NAME.json (results checked, CUDA-event timings, Nsight Compute counters),
# $OUT/NAME_repeats.json (5 more runs under Nsight), $OUT/shared_sass_NAME.json
# (tools/probe_shared_sass.py's shared-memory counters), $OUT/sm90_NAME.sass (ptxas's SASS of
# each kernel) and $OUT/device.txt (GPU, driver, SM clock, date).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
NAME=${1:?name the batch (holdout6 ...)}
shift
mkdir -p "$OUT"
source tools/device_python.sh "device_holdout.sh $NAME"
P=""
for k in "$@"; do
    P="$P programs/holdout/$k.ptx"
done
"$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/$NAME.json" $P
"$PYTHON" -u tools/measure_repeats.py "$OUT/${NAME}_repeats.json" 5 $P
"$PYTHON" -u tools/probe_shared_sass.py "$OUT/shared_sass_$NAME.json" $P
python3 tools/probe_ptxas_loads_ahead.py --dump "$OUT/sm90_$NAME.sass" $P
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader > "$OUT/device.txt"
date -u >> "$OUT/device.txt"
