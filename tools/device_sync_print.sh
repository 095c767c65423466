#!/usr/bin/env bash
# The H200 run behind simgpu's bar.red (__syncthreads_count/and/or), device printf and assert,
# the packed-half compares and conversions (set.f16x2, cvt.f16x2.f32, max.NaN.f16x2,
# cvt.rmi.f16), and a block barrier after an early return, in one device call:
#
#     OUT=/path/to/out bash tools/device_sync_print.sh
#
# 1. tests/test_nvcc_kernels.py's cases for tests/cuda/block_sync.ptx, printf.ptx and
#    half.ptx's half2_compare on the GPU (tests/cuda/hwcheck: the same PTX through the driver's
#    JIT, the same numpy references; the printed text captured from the process's stdout):
#    $OUT/hwcheck.txt.
# 2. The SASS ptxas makes of those files and of tools/sync_print_latency.cu: $OUT/*.sass.
# 3. Nsight Compute's warp instructions of every kernel the hwcheck run launches: $OUT/pipes.csv.
# 4. A failing assert (printf.ptx's double_checked, x[70] = -1) in a process of its own: what
#    the CUDA runtime prints and the error the launch returns: $OUT/assert.txt.
# 5. Cycles of tools/sync_print_latency.cu's kernels (one warp; median of 5): $OUT/latency.json.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_sync_print.sh
K="block_vote or block_until_done or half2_compare or print_ or double_checked"
(cd tests/cuda/hwcheck && "$PYTHON" -m pytest -q -p no:cacheprovider ../../test_nvcc_kernels.py -k "$K") \
    > "$OUT/hwcheck.txt" 2>&1 || true
tail -3 "$OUT/hwcheck.txt"
TMP=$(mktemp -d)
for f in tests/cuda/block_sync.cu tests/cuda/printf.cu tests/cuda/half.cu tools/sync_print_latency.cu; do
    n=$(basename "$f" .cu)
    nvcc -cubin -arch=sm_90 -O3 "$f" -o "$TMP/$n.cubin"
    cuobjdump -sass "$TMP/$n.cubin" > "$OUT/$n.sass"
done
(cd tests/cuda/hwcheck && ncu --clock-control none --csv --metrics smsp__inst_executed.sum \
    "$PYTHON" -m pytest -q -p no:cacheprovider ../../test_nvcc_kernels.py -k "$K") > "$OUT/pipes.csv" 2> "$TMP/ncu.err" || true
tail -2 "$TMP/ncu.err" || true
"$PYTHON" - > "$OUT/assert.txt" 2>&1 <<'PY' || true
import subprocess, sys
child = r'''
import numpy as np, cupy as cp
f = cp.RawModule(path="tests/cuda/printf.ptx").get_function("double_checked")
x = np.arange(100, dtype=np.int32); x[70] = -1
y = cp.zeros(128, dtype=cp.int32)
f((2,), (64,), (cp.asarray(x), y, np.int32(100)))
try:
    cp.cuda.Device().synchronize()
    print("launch returned: success")
except Exception as e:
    print("launch returned:", type(e).__name__, e)
'''
r = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True)
print("command: python3 -c <double_checked with x[70] = -1, grid 2, block 64>")
print("exit status:", r.returncode)
print("--- stdout"); print(r.stdout, end="")
print("--- stderr"); print(r.stderr, end="")
PY
cat "$OUT/assert.txt"
"$PYTHON" - "$TMP/sync_print_latency.cubin" "$OUT/latency.json" > /dev/null <<'PY'
import json, subprocess, sys, datetime
import numpy as np, cupy as cp
mod = cp.RawModule(path=sys.argv[1])
names = ["lat_bar_sync", "lat_bar_count", "lat_bar_or", "lat_printf", "lat_printf_warp"]
rec = {"what": "cycles of STEPS=64 operations, one block of one warp (tools/sync_print_latency.cu)",
       "device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode(),
       "driver": cp.cuda.runtime.driverGetVersion(), "runtime": cp.cuda.runtime.runtimeGetVersion(),
       "nvidia_smi": subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.sm,clocks.max.sm",
                                     "--format=csv,noheader"], capture_output=True, text=True).stdout.strip(),
       "date": datetime.datetime.utcnow().isoformat() + "Z", "command": "OUT=... bash tools/device_sync_print.sh",
       "operations": 64, "kernels": {}}
for n in names:
    f = mod.get_function(n)
    runs = []
    for r in range(5):
        io = cp.asarray(np.arange(32, dtype=np.int32))
        t = cp.zeros(1, dtype=cp.int64)
        f((1,), (32,), (io, t))
        cp.cuda.Device().synchronize()
        runs.append(int(t.get()[0]))
    rec["kernels"][n] = {"cycles": runs, "median_per_op": float(np.median(runs)) / 64}
    print(n, runs, rec["kernels"][n]["median_per_op"], file=sys.stderr)
open(sys.argv[2], "w").write(json.dumps(rec, indent=1) + "\n")
PY
