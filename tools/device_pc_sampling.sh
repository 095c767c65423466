#!/usr/bin/env bash
# Nsight Compute's warp-state sampling per SASS instruction, as recorded:
#
#     OUT=/path/to/out bash tools/device_pc_sampling.sh [PROGRAM ...]
#
# (default: the held-out scan_block and layernorm_warp, and matmul_batched.s). For each
# program, ncu's WarpStateStats and SourceCounters sections of its recipe's launch
# (simgpu.crosscheck --single), clocks left alone: $OUT/NAME_source.csv, the source page
# (--page source --print-source sass: per instruction its executions and its samples by
# stall reason, stall_*), and $OUT/NAME_details.csv. Committed gzipped under
# traces/h200/pc_sampling/.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_pc_sampling.sh
progs=("$@")
[ ${#progs[@]} -gt 0 ] || progs=(programs/holdout/scan_block.ptx programs/matmul_batched.s programs/holdout/layernorm_warp.ptx)
ncu --version | tail -1 > "$OUT/ncu_version.txt"
for p in "${progs[@]}"; do
    n=$(basename "$p" | sed 's/\..*//')
    ncu --clock-control none --section WarpStateStats --section SourceCounters -f -o "/tmp/$n" \
        "$PYTHON" -m simgpu.crosscheck --single "$p" > "$OUT/$n.log" 2>&1
    ncu -i "/tmp/$n.ncu-rep" --page source --csv --print-source sass > "$OUT/${n}_source.csv"
    ncu -i "/tmp/$n.ncu-rep" --page details --csv > "$OUT/${n}_details.csv"
done
