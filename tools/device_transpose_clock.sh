#!/usr/bin/env bash
# The H200 records of programs/micro/transpose_clock.s, as they are made:
#
#     OUT=/path/to/out bash tools/device_transpose_clock.sh
#
# tools/record_latency_dist.py four times at n = 256 (transpose_smem's size:
# 64 blocks, at most one an SM) and twice at n = 512 (256 blocks):
# $OUT/micro_transpose_clock{,_r2,_r3,_r4}.json and
# micro_transpose_clock_n512{,_r2}.json, each the harness's record and, under
# `kept`, the lat buffer (four clocks and %smid a warp) of one more pass, the
# L2 flushed before it; and the SASS ptxas makes of the program
# ($OUT/micro_transpose_clock.sass). Then the same, twice, for
# programs/micro/inflight_clock.s (what a warp's loads in flight cost:
# $OUT/micro_inflight_clock{,_r2}.json and .sass). Committed gzipped
# (gzip -9 -n). Then: python3 tools/transpose_clock_figures.py;
# python3 tools/inflight_figures.py.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_transpose_clock.sh
for r in "" _r2 _r3 _r4; do
    "$PYTHON" -u tools/record_latency_dist.py "$OUT/micro_transpose_clock$r.json" programs/micro/transpose_clock.s --keep lat
done
for r in "" _r2; do
    "$PYTHON" -u tools/record_latency_dist.py "$OUT/micro_transpose_clock_n512$r.json" programs/micro/transpose_clock.s \
        --keep lat --set n=512
done
for r in "" _r2; do
    "$PYTHON" -u tools/record_latency_dist.py "$OUT/micro_inflight_clock$r.json" programs/micro/inflight_clock.s \
        --keep la,lb,lc,ld,le,lf,lg,lh,li,lj,lk,ll,lm,ln,lo,lp,lq,lr
done
for name in transpose_clock inflight_clock; do
    ptxas -arch=sm_90 -O3 "programs/micro/$name.s" -o "/tmp/$name.cubin"
    cuobjdump -sass "/tmp/$name.cubin" > "$OUT/micro_$name.sass"
done
