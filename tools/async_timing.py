"""cp.async pipelining on the GPU: tests/cuda/async_copy.ptx's tiles_sum_pipelined (the next tile's
copy in flight while one is summed, wait_group 1) and tiles_sum_serial (wait_group 0), at sizes that
fill the H200, each launched once per (kernel, blocks) for Nsight Compute to time.

    ncu --clock-control none --csv --metrics gpc__cycles_elapsed.max,smsp__inst_executed.sum \\
        python3 tools/async_timing.py run                        (on the GPU: tools/device_half_warp.sh)
    python3 tools/async_timing.py compare traces/h200/half_warp/async_timing.csv   (here: simgpu's cycles beside)
"""
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
PTX = ROOT / "tests" / "cuda" / "async_copy.ptx"
KERNELS = ("tiles_sum_pipelined", "tiles_sum_serial")
SIZES = [(132, 32), (528, 32)]            # (blocks of 128 threads, tiles of 128 floats a block)


def inputs(blocks, ntiles):
    x = np.random.default_rng(1).integers(-20, 20, blocks * ntiles * 128).astype(np.float32)
    return x, np.zeros(blocks * 128, np.float32)


def run():
    import cupy as cp
    mod = cp.RawModule(path=str(PTX))
    for name in KERNELS:
        f = mod.get_function(name)
        for blocks, ntiles in SIZES:
            x, out = (cp.asarray(a) for a in inputs(blocks, ntiles))
            f((blocks,), (128,), (x, out, np.int32(ntiles), np.int32(0)))
            cp.cuda.Device().synchronize()


def measured(csv_path):
    import csv
    rows = list(csv.reader(open(csv_path)))
    h = next(i for i, r in enumerate(rows) if r and r[0] == "ID")
    head = rows[h]
    out = {}
    for r in rows[h + 1:]:
        if len(r) > head.index("Metric Value"):
            out.setdefault((int(r[0]), r[head.index("Kernel Name")]), {})[r[head.index("Metric Name")]] = \
                float(r[head.index("Metric Value")].replace(",", ""))
    return [v for _, v in sorted(out.items())]


def compare(csv_path, config="h200"):
    import simgpu
    hw = measured(csv_path)
    k = 0
    for name in KERNELS:
        kern = simgpu.load(PTX, kernel=name, lower="ptxas")
        for blocks, ntiles in SIZES:
            x, out = inputs(blocks, ntiles)
            s = simgpu.launch(kern, blocks, 128, [x, out, ntiles, 0], config=config).stats
            m = hw[k]
            k += 1
            print(f"{name:20} {blocks:4d} blocks x {ntiles} tiles: cycles simgpu {s['cycles']:8,} H200 "
                  f"{m['gpc__cycles_elapsed.max']:8,.0f} ({100 * (s['cycles'] / m['gpc__cycles_elapsed.max'] - 1):+.1f}%); "
                  f"warp instructions {s['warp_instructions']:,} / {m['smsp__inst_executed.sum']:,.0f}")


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run()
    else:
        compare(sys.argv[2], *(sys.argv[3:4]))
