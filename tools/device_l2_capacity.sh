#!/usr/bin/env bash
# The L2's capacity for reads, and the stored lines it keeps dirty while reads go
# through it (programs/micro/l2_capacity.s), twice, in one device call:
#
#     OUT=/path/to/out bash tools/device_l2_capacity.sh
#
# $OUT/micro_l2_capacity.json and micro_l2_capacity_r2.json (tools/crosscheck_cuda.py
# --ncu: Nsight Compute flushes the caches before each launch). Committed under
# traces/h200/micro/.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_l2_capacity.sh
for r in "" _r2; do
    "$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/micro_l2_capacity$r.json" programs/micro/l2_capacity.s
done
