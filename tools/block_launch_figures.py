"""Derive `block_dispatch_cycles` from the H200 record of programs/micro/block_launch.s.

    python3 tools/block_launch_figures.py [traces/h200/micro/micro_block_launch.json]

The record (`tools/crosscheck_cuda.py --ncu`, each launch under Nsight Compute,
caches flushed) has a kernel whose every thread stores one float and exits,
in grids of 132 to 4,224 blocks of one warp (1 to 32 blocks per SM, all
resident at once), of 4 warps and of 32 warps. From 528 blocks of one warp
on, the kernel's cycles grow by the same amount per block while the SMs'
active cycles stay flat (`sm__cycles_active.avg`): the SMs sit idle waiting
for their next block, so what each block costs is the grid's work
distributor handing it out. Up to about 200 blocks the hand-out costs
nothing visible (132 and 264 blocks take 3,458 and 3,528 cycles): the
distributor starts on them during the front end's launch latency.

The script simulates every launch on the h200 config without the hand-out
(block_dispatch_cycles = 0) and fits what the H200 takes more, over the
one-warp launches of 528 blocks and up, as a line: `block_dispatch_cycles`
a block, less `block_dispatch_head_start_cycles` (least squares); then, as
a block's own work overlaps the hand-out, it corrects both a few times
against simgpu's runs with them (the slope and the mean of the remaining
differences). It prints every launch simulated with the figures next to the
measured cycles, and the TOML lines; nothing is written.
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
    """Least-squares (slope, mean x, mean y) of (x, y) points."""
    n = len(points)
    mx, my = sum(x for x, _ in points) / n, sum(y for _, y in points) / n
    return sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points), mx, my


def simulate(program, per_block, head_start):
    from simgpu.config import load_config
    from simgpu.recipe import parse_recipe, run_recipe
    cfg = MappingProxyType({**load_config("h200"), "block_dispatch_cycles": float(per_block),
                            "block_dispatch_head_start_cycles": int(head_start)})
    return [r.stats["cycles"] for r in run_recipe(parse_recipe(ROOT / program), None, config=cfg,
                                                   lower="ptxas").results]


def figures(path=RECORD, rounds=4):
    record = json.loads(Path(path).read_text())
    entry = next(p for p in record["programs"] if Path(p["program"]).stem == "block_launch")
    rows = [(L["grid"][0], L["block"][0], m[CYC], m["sm__cycles_active.avg"])
            for L, m in zip(entry["launches"], entry["ncu"]["launches"])]
    fit = [k for k, (g, b, _, _) in enumerate(rows) if b == 32 and g >= FIRST_GRID]
    base = simulate(entry["program"], 0.0, 0)
    # first guess: what the H200 takes more than simgpu without the hand-out, as a line
    c, mx, my = _line([(rows[k][0], rows[k][2] - base[k]) for k in fit])
    h = c * mx - my
    for _ in range(rounds):
        # then correct both against simgpu's own runs with them (a block's own work overlaps the hand-out)
        sim = simulate(entry["program"], round(c, 2), round(h))
        ds, _, _ = _line([(rows[k][0], rows[k][2] - sim[k]) for k in fit])
        c += ds
        h -= sum(rows[k][2] - sim[k] for k in fit) / len(fit) - ds * mx
        h = max(0.0, h)
    return {"rows": rows, "base": base, "cycles_per_block": c, "head_start": h,
            "program": entry["program"], "date": record.get("date", "")}


def main():
    f = figures(sys.argv[1] if len(sys.argv) > 1 else RECORD)
    c, h = round(f["cycles_per_block"], 2), round(f["head_start"])
    sim = simulate(f["program"], c, h)
    print("grid  block  H200 cycles  SM active  simgpu without / with the hand-out")
    for (g, b, cyc, act), s0, s in zip(f["rows"], f["base"], sim):
        print(f"{g:5d} {b:5d} {cyc:11,.0f} {act:10,.0f} {s0:8,d} {s / 1:8,.0f}  {s0 / cyc - 1:+6.1%} {s / cyc - 1:+6.1%}")
    src = (f"(traces/h200/micro/micro_block_launch.json: programs/micro/block_launch.s; NVIDIA H200, {f['date'][:10]}; "
           f"tools/block_launch_figures.py)")
    print(f"\nblock_dispatch_cycles = {c}   # meas: the grid's work distributor hands out a block every this many "
          f"cycles: blocks of one warp that all fit at once ({FIRST_GRID} to 4,224) take on the H200, fitted "
          f"to simgpu's runs: slope {src}")
    print(f"block_dispatch_head_start_cycles = {h}   # meas: the hand-out starts this long before the first block "
          f"can run, during the launch latency: the same fit's intercept {src}")


if __name__ == "__main__":
    main()
