#!/usr/bin/env bash
# The H200 run behind simgpu's half-precision, warp-synchronization and async-copy instructions
# (bar.warp.sync, match.sync, sad, nanosleep, add/sub/mul/fma/min/max/abs/neg on
# .f16/.f16x2/.bf16, setp.f16, cp.async), in one device call:
#
#     OUT=/path/to/out bash tools/device_half_warp.sh
#
# 1. tests/test_nvcc_kernels.py's cases for tests/cuda/half.ptx, warp_sync.ptx and async_copy.ptx on the GPU
#    (tests/cuda/hwcheck: the same PTX through the driver's JIT, the same numpy references):
#    $OUT/hwcheck.txt. A pass checks the references, canonical NaNs included.
# 2. The SASS ptxas makes of the two files and of tools/half_warp_latency.cu: $OUT/*.sass.
# 3. Nsight Compute's instructions per pipe (smsp__inst_executed_pipe_*) of every kernel the
#    hwcheck run launches: $OUT/pipes.csv.
# 4. Dependent-chain cycles of tools/half_warp_latency.cu's kernels (one warp; median of 5):
#    $OUT/latency.json, with the provenance.
# 5. cp.async pipelining on the whole GPU, Nsight's cycles (tools/async_timing.py): $OUT/async_timing.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_half_warp.sh
K="half or bf16 or match_sad or sleep_count or syncwarp or async or pipelined"
(cd tests/cuda/hwcheck && "$PYTHON" -m pytest -q -p no:cacheprovider ../../test_nvcc_kernels.py -k "$K") \
    > "$OUT/hwcheck.txt" 2>&1 || true
tail -3 "$OUT/hwcheck.txt"
TMP=$(mktemp -d)
for f in tests/cuda/half.cu tests/cuda/warp_sync.cu tests/cuda/async_copy.cu tools/half_warp_latency.cu; do
    n=$(basename "$f" .cu)
    nvcc -cubin -arch=sm_90 -O3 "$f" -o "$TMP/$n.cubin"
    cuobjdump -sass "$TMP/$n.cubin" > "$OUT/$n.sass"
done
M=smsp__inst_executed.sum
for p in $(ncu --query-metrics 2>/dev/null | awk '$1 ~ /^smsp__inst_executed_pipe_/ && $2 == "Counter" {print $1}'); do M="$M,$p.sum"; done
(cd tests/cuda/hwcheck && ncu --clock-control none --csv --metrics "$M" \
    "$PYTHON" -m pytest -q -p no:cacheprovider ../../test_nvcc_kernels.py -k "$K") > "$OUT/pipes.csv" 2> "$TMP/ncu.err" || true
tail -2 "$TMP/ncu.err" || true
"$PYTHON" - "$TMP/half_warp_latency.cubin" "$OUT/latency.json" <<'PY'
import json, subprocess, sys, datetime
import numpy as np, cupy as cp
mod = cp.RawModule(path=sys.argv[1])
names = ["lat_ffma", "lat_hfma2", "lat_hadd", "lat_hmax2", "lat_bf16fma", "lat_match", "lat_sad",
         "lat_imad", "lat_syncwarp", "lat_nanosleep"]
rec = {"what": "cycles of STEPS=64 x 16 dependent operations, one warp (tools/half_warp_latency.cu)",
       "device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode(),
       "driver": cp.cuda.runtime.driverGetVersion(), "runtime": cp.cuda.runtime.runtimeGetVersion(),
       "nvidia_smi": subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.sm,clocks.max.sm",
                                     "--format=csv,noheader"], capture_output=True, text=True).stdout.strip(),
       "date": datetime.datetime.utcnow().isoformat() + "Z", "command": "OUT=... bash tools/device_half_warp.sh",
       "operations": 64 * 16, "kernels": {}}
rng = np.random.default_rng(1)
for n in names:
    f = mod.get_function(n)
    runs = []
    for r in range(5):
        io = cp.asarray(rng.integers(1, 1000, 64).astype(np.uint32))
        if n in ("lat_hfma2", "lat_hmax2", "lat_hadd", "lat_bf16fma"):
            io = cp.asarray(np.full(64, 0x3C003C00 if n != "lat_bf16fma" else 0x3F803F80, np.uint32))
        if n == "lat_ffma":
            io = cp.asarray(np.full(64, 1.0, np.float32))
        t = cp.zeros(1, dtype=cp.int64)
        f((1,), (32,), (io, t))
        cp.cuda.Device().synchronize()
        runs.append(int(t.get()[0]))
    rec["kernels"][n] = {"cycles": runs, "median_per_op": float(np.median(runs)) / (64 * 16)}
    print(n, runs, rec["kernels"][n]["median_per_op"])
open(sys.argv[2], "w").write(json.dumps(rec, indent=1) + "\n")
PY
# 5. cp.async pipelining at sizes that fill the GPU (tools/async_timing.py): $OUT/async_timing.csv
ncu --clock-control none --csv --metrics gpc__cycles_elapsed.max,smsp__inst_executed.sum \
    "$PYTHON" tools/async_timing.py run > "$OUT/async_timing.csv" 2> "$TMP/ncu2.err" || tail -3 "$TMP/ncu2.err"
