"""Derive `block_dispatch_cycles` from the H200 record of programs/micro/block_launch.s.

    python3 tools/block_launch_figures.py [traces/h200/micro/micro_block_launch.json]

The record (`tools/crosscheck_cuda.py --ncu`, each launch under Nsight Compute,
caches flushed) has a kernel whose every thread stores one float and exits,
in grids of 132 to 4,224 blocks of one warp (1 to 32 blocks per SM, all
resident at once), of 4 warps and of 32 warps. From 528 blocks of one warp
on, the kernel's cycles grow by the same amount per block while the SMs'
active cycles stay flat (`sm__cycles_active.avg`): the SMs sit idle waiting
for their next block, so what each block costs is the grid's work
distributor handing it out (below 528 the hand-out hides behind the first
blocks' cold start on the H200: 132 and 264 blocks take 3,458 and 3,528
cycles).

Both figures come from the measured curve alone: `block_dispatch_cycles`
is the least-squares slope of the one-warp launches' cycles over 528 blocks
and up; `block_dispatch_head_start_cycles` is how much hand-out is hidden:
where that line meets the 132-block launch's cycles, as cycles of hand-out
(the line's height at 0 blocks below the 132-block cycles). The script then
simulates every launch on the h200 config without the hand-out and with it,
next to the measured cycles, and prints the TOML lines; nothing is written.
"""
import json
import sys
from pathlib import Path
from types import MappingProxyType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORD = ROOT / "traces" / "h200" / "micro" / "micro_block_launch.json"
CYC = "gpc__cycles_elapsed.max"
FIRST_GRID = 528          # one-warp blocks from here on: the fit (see the module doc)


def _line(points):
    """Least-squares (slope, intercept) of (x, y) points."""
    n = len(points)
    mx, my = sum(x for x, _ in points) / n, sum(y for _, y in points) / n
    slope = sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)
    return slope, my - slope * mx


def simulate(program, per_block, head_start):
    from simgpu.config import load_config
    from simgpu.recipe import parse_recipe, run_recipe
    cfg = MappingProxyType({**load_config("h200"), "block_dispatch_cycles": float(per_block),
                            "block_dispatch_head_start_cycles": int(head_start)})
    return [r.stats["cycles"] for r in run_recipe(parse_recipe(ROOT / program), None, config=cfg,
                                                   lower="ptxas").results]


def figures(path=RECORD):
    record = json.loads(Path(path).read_text())
    entry = next(p for p in record["programs"] if Path(p["program"]).stem == "block_launch")
    rows = [(L["grid"][0], L["block"][0], m[CYC], m["sm__cycles_active.avg"])
            for L, m in zip(entry["launches"], entry["ncu"]["launches"])]
    c, a = _line([(g, cyc) for g, b, cyc, _ in rows if b == 32 and g >= FIRST_GRID])
    flat = next(cyc for g, b, cyc, _ in rows if b == 32 and g == 132)
    return {"rows": rows, "cycles_per_block": c, "head_start": max(0.0, flat - a),
            "program": entry["program"], "date": record.get("date", "")}


def main():
    f = figures(sys.argv[1] if len(sys.argv) > 1 else RECORD)
    c, h = round(f["cycles_per_block"], 2), round(f["head_start"])
    base, sim = simulate(f["program"], 0.0, 0), simulate(f["program"], c, h)
    print("grid  block  H200 cycles  SM active  simgpu without / with the hand-out")
    for (g, b, cyc, act), s0, s in zip(f["rows"], base, sim):
        print(f"{g:5d} {b:5d} {cyc:11,.0f} {act:10,.0f} {s0:8,d} {s:8,d}  {s0 / cyc - 1:+6.1%} {s / cyc - 1:+6.1%}")
    src = (f"(traces/h200/micro/micro_block_launch.json: programs/micro/block_launch.s; NVIDIA H200, "
           f"{f['date'][:10]}; tools/block_launch_figures.py)")
    print(f"\nblock_dispatch_cycles = {c}           # meas: the grid's work distributor hands out a block every this "
          f"many cycles: blocks of one warp that all fit at once take {f['cycles_per_block']:.3f} cycles a block more "
          f"from {FIRST_GRID} to 4,224 blocks (least-squares slope), SMs idle between {src}")
    print(f"block_dispatch_head_start_cycles = {h}  # meas: the first blocks' hand-out is hidden in the launch latency: "
          f"the same line meets the 132-block launch's cycles this many cycles of hand-out above 0 blocks {src}")


if __name__ == "__main__":
    main()
