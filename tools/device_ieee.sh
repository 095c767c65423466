#!/usr/bin/env bash
# The H200 records of programs/micro/ieee_div.s (what an IEEE div.rn / rcp.rn /
# sqrt.rn.f32 costs beyond its instruction count: which pipe FCHK runs on, and
# the XU/MIO time of each sequence under load), as they are made:
#
#     OUT=/path/to/out bash tools/device_ieee.sh
#
# tools/crosscheck_cuda.py --ncu twice at steps = 256:
# $OUT/micro_ieee_div.json and _r2.json (results checked, CUDA-event timings,
# Nsight Compute counters and warp states of each launch); the instructions
# per pipe of each launch at steps = 16 (tools/probe_pipes.py:
# $OUT/micro_ieee_pipes.json); the SASS ptxas makes of it
# ($OUT/micro_ieee_div.sass). Written 2026-12-05, not yet run: no device was
# lent that session.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_ieee.sh
ptxas -arch=sm_90 -O3 programs/micro/ieee_div.s -o /tmp/ieee_div.cubin
cuobjdump -sass /tmp/ieee_div.cubin > "$OUT/micro_ieee_div.sass"
for r in "" _r2; do
    "$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/micro_ieee_div$r.json" programs/micro/ieee_div.s \
        --set steps=256
done
"$PYTHON" -u tools/probe_pipes.py "$OUT/micro_ieee_pipes.json" programs/micro/ieee_div.s
