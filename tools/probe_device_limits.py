"""The device's context limits, as the driver reports them after a context
is made (cuCtxGetLimit): the L2's maximum fetch granularity among them.

    python3 tools/probe_device_limits.py OUT.json

Needs CuPy (for the context) and the driver's libcuda. Why: a DRAM read on
the H200 moves more than the 32-byte sector that missed (traces/h200: its
DRAM bytes are twice the missed sectors' wherever a warp reads one sector
of a line, tools/dram_fetch_figures.py), and CU_LIMIT_MAX_L2_FETCH_GRANULARITY
is the driver's own figure for how much (simgpu's `dram_fetch_bytes`).
"""
import ctypes
import datetime
import json
import subprocess
import sys
from pathlib import Path

# CUlimit values (cuda.h)
LIMITS = {"CU_LIMIT_STACK_SIZE": 0, "CU_LIMIT_PRINTF_FIFO_SIZE": 1, "CU_LIMIT_MALLOC_HEAP_SIZE": 2,
          "CU_LIMIT_MAX_L2_FETCH_GRANULARITY": 5, "CU_LIMIT_PERSISTING_L2_CACHE_SIZE": 6}


def main(out):
    import cupy
    cupy.cuda.Device(0).use()
    cupy.zeros(1).sum()                          # the primary context, current on this thread
    cuda = ctypes.CDLL("libcuda.so.1")
    limits = {}
    for name, code in LIMITS.items():
        v = ctypes.c_size_t(0)
        rc = cuda.cuCtxGetLimit(ctypes.byref(v), ctypes.c_int(code))
        limits[name] = int(v.value) if rc == 0 else f"error {rc}"
        print(f"{name:36} {limits[name]}", flush=True)
    smi = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                         capture_output=True, text=True).stdout.strip()
    Path(out).write_text(json.dumps({"what": "cuCtxGetLimit of the primary context, made by CuPy",
                                     "device": smi, "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                                     "command": " ".join(["python3", "tools/probe_device_limits.py", out]),
                                     "limits": limits}, indent=1) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
