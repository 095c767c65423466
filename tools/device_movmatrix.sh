#!/usr/bin/env bash
# What movmatrix (MOVM) costs a warp on the H200, next to a shuffle, in one device call:
#
#     OUT=/path/to/out bash tools/device_movmatrix.sh
#
# tools/movmatrix_latency.ptx (nvcc -ptx -arch=sm_90 -O3 tools/movmatrix_latency.cu) through the
# driver's JIT: lat_movm and lat_shfl as one block of one warp, thr_movm as one block of 1, 4
# and 16 warps; one warm-up launch, then 5 runs each; every warp's cycles of every run and the
# median cycles per operation: $OUT/movmatrix.json. The SASS of the kernels: $OUT/movmatrix.sass.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_movmatrix.sh
TMP=$(mktemp -d)
nvcc -cubin -arch=sm_90 -O3 tools/movmatrix_latency.cu -o "$TMP/movmatrix.cubin"
cuobjdump -sass "$TMP/movmatrix.cubin" | sed -E 's@ */\* 0x[0-9a-f]+ \*/@@; /^\s*$/d' | grep -v '^\s*/\* 0x' \
    > "$OUT/movmatrix.sass"
"$PYTHON" - "$OUT/movmatrix.json" <<'PY'
import datetime, json, subprocess, sys
import numpy as np, cupy as cp
mod = cp.RawModule(path="tools/movmatrix_latency.ptx")
smi = lambda: subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.sm,clocks.max.sm",
                              "--format=csv,noheader"], capture_output=True, text=True).stdout.strip()
rec = {"what": "cycles between two %clock64 reads per warp (tools/movmatrix_latency.cu): lat_* a dependent chain of "
               "256 operations in one warp, thr_movm 1,024 operations a warp (8 chains interleaved) in one block of "
               "W warps; the second of two passes; 5 runs after a warm-up launch",
       "device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "nvidia_smi": smi(),
       "driver": cp.cuda.runtime.driverGetVersion(), "runtime": cp.cuda.runtime.runtimeGetVersion(),
       "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
       "command": "OUT=... bash tools/device_movmatrix.sh", "runs": {}}
for name, ops, warps in (("lat_movm", 256, [1]), ("lat_shfl", 256, [1]), ("thr_movm", 1024, [1, 4, 16])):
    f = mod.get_function(name)
    for w in warps:
        n = 32 * w
        inp = cp.asarray(np.arange(n, dtype=np.uint32) * 0x00010001)
        out = cp.zeros(n, cp.uint32)
        t = cp.zeros(w, cp.int64)
        runs = []
        for r in range(6):
            f((1,), (n,), (inp, out, t))
            cp.cuda.runtime.deviceSynchronize()
            if r:
                runs.append([int(v) for v in t.get()])
        per_op = float(np.median(np.array(runs)) / ops)
        rec["runs"][f"{name}/{w}"] = {"ops_per_warp": ops, "warps": w, "cycles": runs, "median_cycles_per_op": per_op}
        print(name, w, "warps:", round(per_op, 2), "cycles an operation")
open(sys.argv[1], "w").write(json.dumps(rec, indent=1) + "\n")
PY
