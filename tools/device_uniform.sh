#!/usr/bin/env bash
# The H200 records of programs/micro/uniform_pipe.s (what an instruction on
# the uniform datapath costs), as they are made:
#
#     OUT=/path/to/out bash tools/device_uniform.sh
#
# tools/crosscheck_cuda.py --ncu twice at steps = 4096:
# $OUT/micro_uniform_pipe.json and _r2.json (the harness's record: results
# checked, CUDA-event timings, Nsight Compute counters of each launch); the
# instructions per pipe of each launch at the program's default size
# (tools/probe_pipes.py: $OUT/micro_uniform_pipes.json); and the SASS ptxas
# makes of it ($OUT/micro_uniform_pipe.sass), which says whether the chains
# the kernels mean to be uniform are. Then: python3 tools/uniform_figures.py.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_uniform.sh
ptxas -arch=sm_90 -O3 programs/micro/uniform_pipe.s -o /tmp/uniform_pipe.cubin
cuobjdump -sass /tmp/uniform_pipe.cubin > "$OUT/micro_uniform_pipe.sass"
for r in "" _r2; do
    "$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/micro_uniform_pipe$r.json" programs/micro/uniform_pipe.s \
        --set steps=4096
done
"$PYTHON" -u tools/probe_pipes.py "$OUT/micro_uniform_pipes.json" programs/micro/uniform_pipe.s
