#!/usr/bin/env bash
# The H200 records of programs/micro/latency_dist.s, as they were made:
#
#     OUT=/path/to/out bash tools/device_latency_dist.sh
#
# tools/record_latency_dist.py at the recipe's sizes (2 rounds) and with 3
# rounds ($OUT/micro_latency_dist.json, _r3.json), and the SASS ptxas makes of
# the program ($OUT/micro_latency_dist.sass; committed without the encodings
# and NOPs: sed -E 's/\s*\/\* 0x[0-9a-f]+ \*\/\s*$//' | grep -vE '^\s*$|NOP').
# Then: python3 tools/latency_dist_figures.py.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_latency_dist.sh
"$PYTHON" -u tools/record_latency_dist.py "$OUT/micro_latency_dist.json" programs/micro/latency_dist.s
"$PYTHON" -u tools/record_latency_dist.py "$OUT/micro_latency_dist_r3.json" programs/micro/latency_dist.s --set rounds=3
ptxas -arch=sm_90 -O3 programs/micro/latency_dist.s -o /tmp/latency_dist.cubin
cuobjdump -sass /tmp/latency_dist.cubin > "$OUT/micro_latency_dist.sass"
