#!/usr/bin/env bash
# The H200 records of programs/micro/dram_clock.s, as they were made:
#
#     OUT=/path/to/out bash tools/device_dram_clock.sh
#
# tools/record_latency_dist.py twice ($OUT/micro_dram_clock.json, _r2.json:
# the harness's record, and the per-pass cycles of one more pass, the L2
# flushed before each launch), and the SASS ptxas makes of the program
# ($OUT/micro_dram_clock.sass). Committed gzipped (gzip -9 -n: each record
# holds 140,000 per-pass cycles). Then: python3 tools/dram_clock_figures.py.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_dram_clock.sh
for r in "" _r2; do
    "$PYTHON" -u tools/record_latency_dist.py "$OUT/micro_dram_clock$r.json" programs/micro/dram_clock.s \
        --keep la,lb,lc,ld,le,lf,lg
done
ptxas -arch=sm_90 -O3 programs/micro/dram_clock.s -o /tmp/dram_clock.cubin
cuobjdump -sass /tmp/dram_clock.cubin > "$OUT/micro_dram_clock.sass"
