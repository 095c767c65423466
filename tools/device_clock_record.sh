#!/usr/bin/env bash
# The H200 records of a micro that times itself with %clock64 and keeps its
# clock buffers, as they are made:
#
#     OUT=/path/to/out bash tools/device_clock_record.sh NAME BUFFERS
#
# e.g. `matmul_clock lat`: tools/record_latency_dist.py twice on
# programs/micro/NAME.s ($OUT/micro_NAME.json and _r2.json: the harness's
# record, and the BUFFERS of one more pass, the L2 flushed before each
# launch), and the SASS ptxas makes of the program ($OUT/micro_NAME.sass).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
name=${1:?name of programs/micro/NAME.s}
keep=${2:?comma-separated buffers to keep}
mkdir -p "$OUT"
source tools/device_python.sh device_clock_record.sh
for r in "" _r2; do
    "$PYTHON" -u tools/record_latency_dist.py "$OUT/micro_$name$r.json" "programs/micro/$name.s" --keep "$keep"
done
ptxas -arch=sm_90 -O3 "programs/micro/$name.s" -o "/tmp/$name.cubin"
cuobjdump -sass "/tmp/$name.cubin" > "$OUT/micro_$name.sass"
