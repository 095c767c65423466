"""Measure cudaOccupancyMaxActiveBlocksPerMultiprocessor on a real GPU for a
grid of (registers per thread, block size, dynamic shared memory) and write
the table with its provenance as JSON. Run on the device machine:

    python3 tools/measure_occupancy.py OUT.json

Registers are set by compiling one register-hungry kernel with NVRTC at
several --maxrregcount values; the count the driver reports (numRegs) is
what is recorded, not the cap asked for. simgpu's tests compare its
occupancy calculator with every row (tests/test_occupancy.py).
"""
import datetime
import json
import subprocess
import sys

import cupy
from cupy.cuda import driver, runtime

SRC = r'''
extern "C" __global__ void hog(float* out, int n) {
    float v[NV];
    #pragma unroll
    for (int i = 0; i < NV; i++) v[i] = out[(threadIdx.x + i * 33) % n] * (i + 1);
    #pragma unroll
    for (int k = 1; k < 5; k++) {
        #pragma unroll
        for (int i = 0; i < NV; i++) v[i] = v[i] * v[(i + k) % NV] + 1.0f;
    }
    float s = 0.0f;
    #pragma unroll
    for (int i = 0; i < NV; i++) s += v[i] * (float)i;
    STATIC_SHARED
    out[threadIdx.x % n] = s;
}
'''
STATIC = ("", "__shared__ float sm[2048]; sm[threadIdx.x] = s; __syncthreads(); s = sm[(threadIdx.x + 1) % blockDim.x];")


def occupancy(fn, block, smem):
    ptr = fn.kernel.ptr if hasattr(fn, "kernel") else fn.ptr     # CuPy RawKernel -> CUfunction
    try:
        return driver.occupancyMaxActiveBlocksPerMultiprocessor(ptr, block, smem)
    except AttributeError:
        from cuda.bindings import driver as cd
        err, n = cd.cuOccupancyMaxActiveBlocksPerMultiprocessor(ptr, block, smem)
        return n


def main(out):
    props = runtime.getDeviceProperties(0)
    smi = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.sm,clocks.max.sm",
                          "--format=csv,noheader"], capture_output=True, text=True).stdout.strip()
    rows = []
    caps = [16, 24, 32, 40, 48, 56, 64, 72, 80, 96, 112, 128, 160, 200, 255]
    blocks = list(range(32, 1025, 32)) + [1, 17, 100, 200, 500, 1000]
    smems = [0, 1, 1024, 4096, 8192, 16384, 32768, 49152, 65536, 102400, 135168, 167936, 200704, 232448]
    for static_variant, static_code in enumerate(STATIC):
        for cap in caps:
            nv = 160 if cap > 96 else 64
            code = SRC.replace("NV", str(nv)).replace("STATIC_SHARED", static_code)
            mod = cupy.RawModule(code=code, options=(f"--maxrregcount={cap}", "-arch=sm_90"))
            fn = mod.get_function("hog")
            static = fn.shared_size_bytes
            fn.max_dynamic_shared_size_bytes = props["sharedMemPerBlockOptin"] - static
            for b in blocks:
                for s in smems:
                    if s + static > props["sharedMemPerBlockOptin"]:
                        continue
                    rows.append({"regs": fn.num_regs, "block": b, "static_shared": static,
                                 "dynamic_shared": s, "blocks_per_sm": occupancy(fn, b, s),
                                 "maxrregcount": cap})
    record = {
        "what": "cudaOccupancyMaxActiveBlocksPerMultiprocessor for a grid of registers x block size x shared memory",
        "device": props["name"].decode() if isinstance(props["name"], bytes) else props["name"],
        "compute_capability": f"{props['major']}.{props['minor']}",
        "nvidia_smi": smi,
        "cuda_runtime": runtime.runtimeGetVersion(),
        "cuda_driver": runtime.driverGetVersion(),
        "cupy": cupy.__version__,
        "sm_count": props["multiProcessorCount"],
        "shared_per_sm": props["sharedMemPerMultiprocessor"],
        "shared_per_block_optin": props["sharedMemPerBlockOptin"],
        "regs_per_sm": props["regsPerMultiprocessor"],
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "command": "python3 tools/measure_occupancy.py " + out,
        "rows": rows,
    }
    with open(out, "w") as f:
        json.dump(record, f, indent=0)
    print(record["device"], record["nvidia_smi"], len(rows), "rows;",
          "register counts seen:", sorted({r["regs"] for r in rows}))


if __name__ == "__main__":
    main(sys.argv[1])
