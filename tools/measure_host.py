"""Measure the host side of a GPU on the device machine: per-launch cost of a
queued empty kernel (host and GPU), a launch-and-wait round trip, and
pinned host<->device copy bandwidth and latency. Writes JSON with provenance:

    python3 tools/measure_host.py OUT.json

simgpu's host model (simgpu/host.py) takes its h200 config values from this
record (traces/h200/host.json).
"""
import datetime
import json
import subprocess
import sys
import time

import cupy
from cupy.cuda import runtime

EMPTY = cupy.RawKernel(r'extern "C" __global__ void empty(int* p) { if (p == 0) return; }', "empty")


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def main(out):
    stream = cupy.cuda.Stream(non_blocking=True)
    dummy = cupy.zeros(1, cupy.int32)
    with stream:
        for _ in range(1000):                       # warm up
            EMPTY((1,), (32,), (dummy,))
        stream.synchronize()
        n = 20000
        start, end = cupy.cuda.Event(), cupy.cuda.Event()
        host = []
        gpu = []
        for _ in range(5):
            start.record(stream)
            t0 = time.perf_counter()
            for _ in range(n):
                EMPTY((1,), (32,), (dummy,))
            t1 = time.perf_counter()
            end.record(stream)
            end.synchronize()
            host.append((t1 - t0) / n * 1e6)
            gpu.append(cupy.cuda.get_elapsed_time(start, end) * 1e3 / n)
        rt = []
        for _ in range(2000):
            t0 = time.perf_counter()
            EMPTY((1,), (32,), (dummy,))
            stream.synchronize()
            rt.append((time.perf_counter() - t0) * 1e6)
    size = 256 << 20
    h = cupy.cuda.alloc_pinned_memory(size)
    d = cupy.cuda.alloc(size)
    bw = {}
    for name, kind in (("h2d", runtime.memcpyHostToDevice), ("d2h", runtime.memcpyDeviceToHost)):
        times = []
        for _ in range(7):
            s, e = cupy.cuda.Event(), cupy.cuda.Event()
            s.record()
            if kind == runtime.memcpyHostToDevice:
                runtime.memcpy(d.ptr, h.ptr, size, kind)
            else:
                runtime.memcpy(h.ptr, d.ptr, size, kind)
            e.record()
            e.synchronize()
            times.append(cupy.cuda.get_elapsed_time(s, e) * 1e-3)
        bw[name] = size / median(times) / 1e9
    small = []
    for _ in range(2000):
        t0 = time.perf_counter()
        runtime.memcpy(d.ptr, h.ptr, 4, runtime.memcpyHostToDevice)
        small.append((time.perf_counter() - t0) * 1e6)
    props = runtime.getDeviceProperties(0)
    smi = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.sm,clocks.max.sm,pcie.link.gen.current,pcie.link.width.current",
                          "--format=csv,noheader"], capture_output=True, text=True).stdout.strip()
    record = {
        "what": "host-side costs: queued empty-kernel launches, launch+synchronize round trip, pinned copies",
        "device": props["name"].decode() if isinstance(props["name"], bytes) else props["name"],
        "nvidia_smi": smi,
        "cuda_runtime": runtime.runtimeGetVersion(),
        "cupy": cupy.__version__,
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "command": "python3 tools/measure_host.py " + out,
        "launch_host_us": median(host),
        "launch_gpu_us": median(gpu),
        "launch_sync_roundtrip_us": median(rt),
        "h2d_GBps": bw["h2d"],
        "d2h_GBps": bw["d2h"],
        "small_copy_us": median(small),
        "samples": {"launch_host_us": host, "launch_gpu_us": gpu},
    }
    with open(out, "w") as f:
        json.dump(record, f, indent=1)
    print({k: v for k, v in record.items() if k != "samples"})


if __name__ == "__main__":
    main(sys.argv[1])
