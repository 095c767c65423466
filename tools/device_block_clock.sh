#!/usr/bin/env bash
# The H200 records of programs/micro/block_clock.s, block_smem_clock.s and issue_age.s, as they are made:
#
#     OUT=/path/to/out bash tools/device_block_clock.sh [block_clock|block_smem_clock|issue_age]
#
# (default block_clock). $OUT/same_pass_NAME.json: tools/record_same_pass.py, the kernels'
# cycles and the warps' clocks from one run, 2 passes; $OUT/NAME.json: tools/crosscheck_cuda.py
# --ncu, the launches' Nsight counters (achieved occupancy, SM active cycles, registers);
# $OUT/micro_NAME.sass: the SASS ptxas makes of it. Committed as
# traces/h200/micro/same_pass_NAME.json.gz (gzip -9 -n), micro_NAME.json and micro_NAME.sass.
# Then: python3 tools/block_clock_figures.py, tools/issue_age_figures.py.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
name=${1:-block_clock}
case $name in
    block_clock) keep=s0,s1,s2,s3,s4,lat ;;
    block_smem_clock) keep=p0,p1,p2,p3,p4,p5,lat ;;
    issue_age) keep=a0,a1,a2,a3,a4 ;;
    *) echo "device_block_clock.sh: no micro $name" >&2; exit 1 ;;
esac
mkdir -p "$OUT"
source tools/device_python.sh device_block_clock.sh
"$PYTHON" -u tools/record_same_pass.py "$OUT/same_pass_$name.json" "programs/micro/$name.s" --keep $keep --passes 2
"$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/$name.json" "programs/micro/$name.s"
ptxas -arch=sm_90 -O3 "programs/micro/$name.s" -o "/tmp/$name.cubin"
cuobjdump -sass "/tmp/$name.cubin" > "$OUT/micro_$name.sass"
