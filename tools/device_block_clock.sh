#!/usr/bin/env bash
# The H200 records of programs/micro/block_clock.s, as they are made:
#
#     OUT=/path/to/out bash tools/device_block_clock.sh
#
# $OUT/same_pass_block_clock.json: tools/record_same_pass.py, the kernels'
# cycles and the warps' clocks (s0..s4, lat) from one run, 2 passes;
# $OUT/block_clock.json: tools/crosscheck_cuda.py --ncu, the launches' Nsight
# counters (achieved occupancy, SM active cycles); $OUT/micro_block_clock.sass:
# the SASS ptxas makes of it. Committed as traces/h200/micro/same_pass_block_clock.json.gz
# (gzip -9 -n), micro_block_clock.json and micro_block_clock.sass. Then:
# python3 tools/block_clock_figures.py.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_block_clock.sh
"$PYTHON" -u tools/record_same_pass.py "$OUT/same_pass_block_clock.json" programs/micro/block_clock.s \
    --keep s0,s1,s2,s3,s4,lat --passes 2
"$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/block_clock.json" programs/micro/block_clock.s
ptxas -arch=sm_90 -O3 programs/micro/block_clock.s -o /tmp/block_clock.cubin
cuobjdump -sass /tmp/block_clock.cubin > "$OUT/micro_block_clock.sass"
