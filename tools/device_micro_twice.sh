#!/usr/bin/env bash
# One micro of programs/micro/, twice, in one device call:
#
#     OUT=/path/to/out bash tools/device_micro_twice.sh NAME
#
# $OUT/micro_NAME.json and micro_NAME_r2.json (tools/crosscheck_cuda.py --ncu:
# Nsight Compute flushes the caches before each launch). Committed under
# traces/<gpu>/micro/; the micro's figures tool prints them beside simgpu's runs
# (l2_capacity, l2_near_copy: tools/l2_capacity_figures.py; atomic_l1:
# tools/atomic_l1_figures.py).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
name=${1:?name of programs/micro/NAME.s}
[ -f "programs/micro/$name.s" ] || { echo "device_micro_twice.sh: no programs/micro/$name.s" >&2; exit 1; }
mkdir -p "$OUT"
source tools/device_python.sh device_micro_twice.sh
for r in "" _r2; do
    "$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/micro_$name$r.json" "programs/micro/$name.s"
done
