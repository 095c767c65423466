#!/usr/bin/env bash
# The L2's capacity for reads, and the stored lines it keeps dirty while reads go
# through it (programs/micro/l2_capacity.s), or whether a partition keeps copies
# of lines homed in the other (programs/micro/l2_near_copy.s), twice, in one
# device call:
#
#     OUT=/path/to/out bash tools/device_l2_capacity.sh [l2_capacity | l2_near_copy]
#
# $OUT/micro_<name>.json and micro_<name>_r2.json (tools/crosscheck_cuda.py
# --ncu: Nsight Compute flushes the caches before each launch); default
# l2_capacity. Committed under traces/<gpu>/micro/; tools/l2_capacity_figures.py
# prints them beside simgpu's runs.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
name=${1:-l2_capacity}
[ -f "programs/micro/$name.s" ] || { echo "device_l2_capacity.sh: no programs/micro/$name.s" >&2; exit 1; }
mkdir -p "$OUT"
source tools/device_python.sh device_l2_capacity.sh
for r in "" _r2; do
    "$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/micro_$name$r.json" "programs/micro/$name.s"
done
