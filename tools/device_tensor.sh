#!/usr/bin/env bash
# The H200 run behind simgpu's tensor-core instructions (mma.sync, ldmatrix, stmatrix,
# cvt.rna.tf32.f32) in tests/cuda/tensor.cu, in one device call:
#
#     OUT=/path/to/out bash tools/device_tensor.sh
#
# (What they cost a warp is tools/device_tensor_latency.sh's run: traces/h200/tensor/latency.json.)
# 1. tests/test_nvcc_kernels.py's cases for tests/cuda/tensor.ptx on the GPU (tests/cuda/hwcheck:
#    the same PTX through the driver's JIT, the same numpy references): $OUT/hwcheck.txt.
# 2. The SASS ptxas makes of tests/cuda/tensor.cu: $OUT/tensor.sass.
# 3. The bits cvt.rna/.rn/.rz.tf32.f32 leave in a register (tensor.cu's tf32_round, CuPy) for
#    ties, carries, subnormals, infinities and NaNs: $OUT/tf32_round.json.
# 4. Nsight Compute's warp instructions, every smsp__inst_executed_pipe_* counter, and the
#    shared-memory wavefronts and bank conflicts of each kernel those cases launch: $OUT/pipes.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_tensor.sh
K="mma_ or matrix_transpose"
(cd tests/cuda/hwcheck && "$PYTHON" -m pytest -q -p no:cacheprovider ../../test_nvcc_kernels.py -k "$K") \
    > "$OUT/hwcheck.txt" 2>&1 || true
tail -3 "$OUT/hwcheck.txt"
TMP=$(mktemp -d)
nvcc -cubin -arch=sm_90 -O3 tests/cuda/tensor.cu -o "$TMP/tensor.cubin"
cuobjdump -sass "$TMP/tensor.cubin" > "$OUT/tensor.sass"
M="smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
M="$M,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
M="$M,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
for p in $(ncu --query-metrics 2>/dev/null | awk '$1 ~ /^smsp__inst_executed_pipe_/ && $2 == "Counter" {print $1}'); do M="$M,$p.sum"; done
(cd tests/cuda/hwcheck && ncu --clock-control none --csv --metrics "$M" \
    "$PYTHON" -m pytest -q -p no:cacheprovider ../../test_nvcc_kernels.py -k "$K") > "$OUT/pipes.csv" 2> "$TMP/ncu.err" || true
tail -2 "$TMP/ncu.err" || true
"$PYTHON" - "$OUT/tf32_round.json" <<'PY'
import datetime, json, subprocess, sys
import numpy as np, cupy as cp
special = [0x3F801000, 0xBF801000, 0x3F803000, 0x3F801800, 0x3F800400, 0x3F7FF000, 0x7F7FFFFF, 0xFF7FFFFF,
           0x7F800000, 0xFF800000, 0x7FC00000, 0x7FC01234, 0x7F800001, 0x7F801000, 0xFFC00000, 0x7FFFFFFF,
           0x00000FFF, 0x00001000, 0x00001001, 0x80001800, 0x00000000, 0x80000000, 0x00800000, 0x007FF000]
x = np.array(special + list(np.random.default_rng(48).integers(0, 1 << 32, 40, dtype=np.uint64)), np.uint32)
out = cp.zeros(3 * len(x), dtype=cp.uint32)
f = cp.RawModule(path="tests/cuda/tensor.ptx").get_function("tf32_round")
f((1,), (64,), (cp.asarray(x).view(cp.float32), out, np.int32(len(x))))
o = out.get().reshape(-1, 3)
rec = {"what": "the bits of cvt.rna/.rn/.rz.tf32.f32 of each input (tests/cuda/tensor.ptx tf32_round, driver JIT)",
       "device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode(),
       "driver": cp.cuda.runtime.driverGetVersion(), "runtime": cp.cuda.runtime.runtimeGetVersion(),
       "date": datetime.datetime.now(datetime.timezone.utc).isoformat(), "command": "OUT=... bash tools/device_tensor.sh",
       "input": [int(v) for v in x], "rna": [int(v) for v in o[:, 0]], "rn": [int(v) for v in o[:, 1]],
       "rz": [int(v) for v in o[:, 2]]}
open(sys.argv[1], "w").write(json.dumps(rec, indent=1) + "\n")
for i in range(24):
    print(f"{x[i]:#010x} rna {o[i, 0]:#010x} rn {o[i, 1]:#010x} rz {o[i, 2]:#010x}")
PY
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader > "$OUT/device.txt"
date -u +%Y-%m-%dT%H:%M:%SZ >> "$OUT/device.txt"
