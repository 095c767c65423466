#!/usr/bin/env bash
# The H200 run behind simgpu's nvcuda::wmma support (PTX wmma.load / wmma.mma / wmma.store,
# simgpu/ptx/wmma.py), in one device call:
#
#     OUT=/path/to/out bash tools/device_wmma.sh
#
# 1. tests/test_nvcc_kernels.py's cases for tests/cuda/wmma.ptx on the GPU (tests/cuda/hwcheck:
#    the same PTX through the driver's JIT, the same numpy references): $OUT/hwcheck.txt.
# 2. The SASS ptxas makes of tests/cuda/wmma.cu and tools/wmma_layout.cu: $OUT/wmma.sass,
#    $OUT/wmma_layout.sass (without the encodings).
# 3. Where each element of every fragment kind sits (tools/wmma_layout.cu's probes, CuPy):
#    $OUT/layout.json.
# 4. Nsight Compute's warp instructions, every smsp__inst_executed_pipe_* counter, global
#    requests and sectors, shared wavefronts and bank conflicts of each kernel the hwcheck
#    cases launch: $OUT/pipes.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_wmma.sh
K="wmma_"
(cd tests/cuda/hwcheck && "$PYTHON" -m pytest -q -p no:cacheprovider ../../test_nvcc_kernels.py -k "$K") \
    > "$OUT/hwcheck.txt" 2>&1 || true
tail -3 "$OUT/hwcheck.txt"
TMP=$(mktemp -d)
nvcc -cubin -arch=sm_90 -O3 tests/cuda/wmma.cu -o "$TMP/wmma.cubin"
cuobjdump -sass "$TMP/wmma.cubin" > "$OUT/wmma.sass"
nvcc -cubin -arch=sm_90 -O3 tools/wmma_layout.cu -o "$TMP/wmma_layout.cubin"
# (88 small kernels: the encodings' hex comments and blank lines left out)
cuobjdump -sass "$TMP/wmma_layout.cubin" | sed -E 's@ */\* 0x[0-9a-f]+ \*/@@; /^\s*$/d' | grep -v '^\s*/\* 0x' \
    > "$OUT/wmma_layout.sass"
nvcc -ptx -arch=sm_90 -O3 tools/wmma_layout.cu -o "$TMP/wmma_layout.ptx"
"$PYTHON" - "$TMP/wmma_layout.ptx" "$OUT/layout.json" <<'PY'
import datetime, json, re, sys
import numpy as np, cupy as cp
ptx = open(sys.argv[1]).read()
mod = cp.RawModule(path=sys.argv[1])
DT = {"f16": np.float16, "bf16": None, "u8": np.uint8, "tf32": np.float32, "f64": np.float64,
      "f32": np.float32, "s32": np.int32}


def fill(ty, vals):
    if ty == "bf16":                                      # exact for 0..255: bf16 bits are f32's top half
        return (vals.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    return vals.astype(DT[ty])


rec = {"what": "where each element of a wmma fragment sits: for every lane, the memory index "
               "(in the matrix's own row- or column-major order, leading dimension = its width) of "
               "fragment element e (tools/wmma_layout.cu, driver JIT)",
       "device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode(),
       "driver": cp.cuda.runtime.driverGetVersion(), "runtime": cp.cuda.runtime.runtimeGetVersion(),
       "date": datetime.datetime.now(datetime.timezone.utc).isoformat(), "command": "OUT=... bash tools/device_wmma.sh",
       "fragments": {}}
def probe(name):
    op, use, m, n, k, ty, lay = re.fullmatch(r"(ld|st)_(?:matrix_)?(a|b|c)_m(\d+)n(\d+)k(\d+)_(\w+)_(row|col)", name).groups()
    m, n, k = int(m), int(n), int(k)
    rows, cols = {"a": (m, k), "b": (k, n), "c": (m, n)}[use]
    size = rows * cols
    ld = cols if lay == "row" else rows
    cnt = cp.zeros(1, cp.int32)
    if op == "ld":
        idx = np.arange(size)
        out = cp.zeros(32 * 64, cp.uint32)
        got = np.zeros(32 * 64, np.int64)
        parts = [(idx & 255, 1), (idx >> 8, 256)] if ty in ("u8", "bf16") else [(idx, 1)]
        for vals, scale in parts:
            out.fill(0)
            mod.get_function(name)((1,), (32,), (cp.asarray(fill(ty, vals)), np.int32(ld), out, cnt))
            got += out.get().astype(np.int64) * scale
        ne = int(cnt.get()[0])
        index = got[:32 * ne].reshape(32, ne)
    else:
        dst = cp.full(size, -1, DT[ty]) if ty != "f16" else cp.full(size, -1, cp.float16)
        mod.get_function(name)((1,), (32,), (dst, np.int32(ld), cnt))
        ne = int(cnt.get()[0])
        codes = dst.get().astype(np.int64)
        index = np.full((32, ne), -1, np.int64)
        for i, c in enumerate(codes):
            if 0 <= c < 32 * ne:
                index[c // ne, c % ne] = i
    rec["fragments"][name] = {"rows": rows, "cols": cols, "layout": lay, "num_elements": ne,
                              "index": index.tolist()}
    print(name, ne, index[0].tolist(), index[1].tolist())


for name in re.findall(r"\.entry\s+(\w+)\(", ptx):
    try:
        probe(name)
    except Exception as e:
        print(name, "failed:", e)
open(sys.argv[2], "w").write(json.dumps(rec) + "\n")
PY
M="smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
M="$M,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
M="$M,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
M="$M,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
M="$M,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"
for p in $(ncu --query-metrics 2>/dev/null | awk '$1 ~ /^smsp__inst_executed_pipe_/ && $2 == "Counter" {print $1}'); do M="$M,$p.sum"; done
(cd tests/cuda/hwcheck && ncu --clock-control none --csv --metrics "$M" \
    "$PYTHON" -m pytest -q -p no:cacheprovider ../../test_nvcc_kernels.py -k "$K") > "$OUT/pipes.csv" 2> "$TMP/ncu.err" || true
tail -2 "$TMP/ncu.err" || true
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader > "$OUT/device.txt"
date -u +%Y-%m-%dT%H:%M:%SZ >> "$OUT/device.txt"
