#!/usr/bin/env bash
# The emitted CUDA C against the PTX, on the H200, in one run.
#
# On the machine with the GPU (CuPy on it), from the repository root, with OUT
# the folder for the record:
#
#     OUT=/path/to/out bash tools/device_emit.sh [PROGRAM ...]
#
# simgpu.emit.device emits every program of programs/ and programs/micro/ (or
# the ones named) as CUDA C, compiles it with NVRTC, runs it with the recipe's
# inputs through simgpu.crosscheck's harness and compares every output with the
# PTX's own run there (driver JIT): bitwise where the recipe checks exactly or
# the buffer holds integers, else within the recipe's tolerance. Each program
# runs in a process of its own, so one failure does not stop the others.
# One record: $OUT/emit_cuda.json (provenance: GPU, driver, clocks, CuPy, date,
# command). Exit status 0 when the run finished, whatever the comparisons say:
# the record's summary has the count of cases that passed.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the record}"
mkdir -p "$OUT"
source tools/device_python.sh device_emit.sh
"$PYTHON" -m simgpu.emit.device --out "$OUT/emit_cuda.json" "$@"
