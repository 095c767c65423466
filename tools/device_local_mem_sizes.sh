#!/usr/bin/env bash
# programs/micro/local_mem.s's busy launches at two more grids, to check the rules it set
# (memory/hierarchy.py store_acked, store_left, l1_queue_full: set on blocks=256) on
# launches they were not set on; one device call from the repository root:
#
#     OUT=/path/to/out bash tools/device_local_mem_sizes.sh
#
# $OUT/micro_local_mem_b132.json and _b528.json: the micro through tools/crosscheck_cuda.py
# --ncu at blocks=132 (one block of 8 warps an SM) and blocks=528 (4 blocks, 32 warps an SM),
# lsteps=64, steps=16 (the one-warp launches short); $OUT/device.txt: the GPU, driver and
# clock, the date. `python3 tools/local_mem_figures.py --record micro_local_mem_b132.json --sim`
# prints them next to simgpu's.
set -uo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_local_mem_sizes.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader > "$OUT/device.txt"
date -u >> "$OUT/device.txt"
for b in 132 528; do
    "$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/micro_local_mem_b$b.json" \
        --set=steps=16 --set=blocks=$b --set=lsteps=64 programs/micro/local_mem.s 2>&1 | tail -3
done
ls -la "$OUT"
