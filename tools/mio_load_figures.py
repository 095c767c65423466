"""Where warps wait for shared loads: traces/h200/mio.json's load loops on simgpu.

    python3 tools/mio_load_figures.py [--write-ptx] [SHAPE ...]

The record (tools/measure_mio.py) has one block per SM of 4, 8 or 32 warps,
each warp issuing 512 independent shared loads of one shape (LDS.32, .64,
.128; `b`: every lane the same word, `h`: one 16-byte word per half-warp,
`q`: lanes l and l + 16 the same), every loaded word feeding an FADD or
FFMA, and under Nsight Compute the warp states per issued instruction. Its
SASS (nvcc -cubin of the same source, traces/h200/mio_queue.json's
`sass_measure_mio`) keeps 8-12 LDS.32, 6-7 LDS.64 or 4 LDS.128 of a warp
issued and not yet read.

This compiles the record's own CUDA source of each shape
(`nvcc -ptx -arch=sm_90 -O3`, its kernel renamed k_SHAPE; tests/mio/mio_loads.ptx
holds the result, rewritten by --write-ptx), runs it on simgpu's h200 config
with the ptxas lowering (one block, the binary's 32 registers, a warm
instruction cache) and prints, per launch, the H200's and simgpu's
warp-cycles per instruction in mio_throttle, short_scoreboard, not_selected
and wait. With 4 and 8 warps an SM the H200's warps never wait in
mio_throttle: what a warp has issued fits in the queues past the scheduler,
the 4 x 3 instructions of the schedulers' MIO queues and the L1TEX's
`l1tex_queue_entries` (96), a load taking one per 256 bytes it returns
(96 LDS.64, 48 LDS.128), a store one per 128 bytes it writes (24 STS.128)
-- where a queue of 24 instructions would hold 8 warps x 7 LDS.64 at the
MIO and throttle them (simgpu: 3.0 warp-cycles an instruction in
mio_throttle, the H200 0). With 32 warps the H200 splits the wait for
LDS.128 3 to 1 between mio_throttle and short_scoreboard, simgpu 7 to 1
(one entry a load: 1 to 3; one per 128 bytes: 16 to 1). Writes nothing but the PTX.
"""
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from types import MappingProxyType

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORD = ROOT / "traces" / "h200" / "mio.json"
PTX = ROOT / "tests" / "mio" / "mio_loads.ptx"
SHAPES = ("lds32", "lds32b", "lds64", "lds64b", "lds128", "lds128b", "lds128h", "lds128q")
STATES = ("mio_throttle", "short_scoreboard", "not_selected", "wait")
ITERS = 64                                  # the record's loop count: 8 loads an iteration, 512 a warp


def source(shape):
    """The CUDA source tools/measure_mio.py ran for `shape`, its kernel named k_SHAPE (the tool
    imports CuPy, so its generator is taken from its text, not imported)."""
    text = (ROOT / "tools" / "measure_mio.py").read_text()
    ns = {}
    exec("import numpy as np\n" + text[text.index("# shape:"):text.index("C=[")], ns)
    return ns["src"](shape).replace("void __launch_bounds__(1024) k(", f"void __launch_bounds__(1024) k_{shape}(")


def write_ptx(shapes=SHAPES):
    with tempfile.TemporaryDirectory() as d:
        cu = Path(d) / "mio_loads.cu"
        cu.write_text("\n".join(source(s) for s in shapes) + "\n")
        subprocess.run(["nvcc", "-ptx", "-arch=sm_90", "-O3", "-w", str(cu), "-o", str(PTX)], check=True)
    PTX.write_text("// made by tools/mio_load_figures.py --write-ptx: tools/measure_mio.py's load loops "
                   "(nvcc -ptx -arch=sm_90 -O3)\n" + PTX.read_text())


def simulate(shape, warps, cfg=None):
    """simgpu's warp-cycles per instruction by state for one block of `warps` warps."""
    import simgpu
    from simgpu.config import load_config
    cfg = cfg or MappingProxyType({**load_config("h200"), "fetch_miss_cycles": 0})
    prog = simgpu.load(str(PTX), kernel=f"k_{shape}", lower="ptxas")
    r = simgpu.launch(prog, 1, 32 * warps, [np.zeros(1024, np.float32), np.ones(8192, np.float32),
                                            np.zeros(264, np.int64), np.int32(ITERS), np.int32(0)],
                      config=cfg, regs_per_thread=32)
    n = r.stats["warp_instructions"]
    return {s: r.stats["stall_cycles"].get(s, 0) / n for s in STATES}


def measured(shape, warps):
    row = next(r for r in json.loads(RECORD.read_text())["results"] if (r["shape"], r["warps"]) == (shape, warps))
    return {s: float(row["ncu"][f"smsp__average_warps_issue_stalled_{s}_per_issue_active.ratio"]) for s in STATES}


def main(argv):
    if "--write-ptx" in argv:
        write_ptx()
    shapes = [a for a in argv[1:] if not a.startswith("--")] or SHAPES
    print(f"{'launch':14s} " + " ".join(f"{s[:12]:>16s}" for s in STATES) + "   (H200 / simgpu, warp-cycles per instruction)")
    for shape in shapes:
        for warps in (4, 8, 32):
            m, s = measured(shape, warps), simulate(shape, warps)
            print(f"{shape:8s} w={warps:2d} " + " ".join(f"{m[x]:7.2f} /{s[x]:6.2f}" for x in STATES))


if __name__ == "__main__":
    main(sys.argv)
