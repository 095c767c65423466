#!/usr/bin/env bash
# The H200 microbenchmarks for calibrating simgpu/configs/h200.toml, in one run.
#
# On the machine with the GPU (CuPy and Nsight Compute's `ncu` on it), from
# the repository root, with OUT the folder for the records:
#
#     OUT=/path/to/out bash tools/device_micro.sh
#
# Each program of programs/micro/ goes through tools/crosscheck_cuda.py --ncu
# (driver JIT of the .s file, results checked against the recipe, CUDA-event
# timings, Nsight Compute counters per launch) at the sizes below, one record
# per run: $OUT/micro_<name>.json. Then tools/calibrate_h200.py derives the
# latencies and bandwidths from them and writes the TOML lines, each citing
# its record, to $OUT/calibration.toml. Commit the records under
# traces/h200/micro/ and paste the lines into simgpu/configs/h200.toml.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_micro.sh
command -v ncu >/dev/null || { echo "device_micro.sh: ncu (Nsight Compute) is not on PATH" >&2; exit 1; }

run() {   # run NAME PROGRAM [--set k=v ...]
    local name=$1; shift
    echo "== $name: $*"
    "$PYTHON" tools/crosscheck_cuda.py --ncu --out "$OUT/micro_$name.json" "$@"
}

# dependent chains: 4,096 iterations of 32 operations (about 0.5 M cycles at 4 cycles each)
run fp32      programs/micro/latency_fp32.s   --set steps=4096
run fp64      programs/micro/latency_fp64.s   --set steps=4096
run int       programs/micro/latency_int.s    --set steps=4096
run sfu       programs/micro/latency_sfu.s    --set steps=4096
run shfl      programs/micro/latency_shfl.s   --set steps=4096
run shared    programs/micro/latency_shared.s --set steps=1024
# global pointer chases: the footprint picks the level (presets in the program)
run chase_l1   programs/micro/latency_global.s --set level=l1
run chase_l2   programs/micro/latency_global.s --set level=l2
run chase_dram programs/micro/latency_global.s --set level=dram
# DRAM copy: 256 MB then 512 MB per array; L2 reads: 16.5 MB, 8 blocks of 256 per SM, 8 then 16 passes
run copy      programs/micro/bandwidth_copy.s --set n=67108864
run l2        programs/micro/bandwidth_l2.s   --set n=4325376 --set blocks=1056 --set passes=8

"$PYTHON" tools/calibrate_h200.py "$OUT"/micro_*.json | tee "$OUT/calibration.toml"
