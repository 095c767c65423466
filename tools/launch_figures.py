"""Derive `launch_latency_cycles` from the H200 record of an empty kernel.

    python3 tools/launch_figures.py [traces/h200/launch.json]

The record (tools/measure_launch.py: Nsight Compute's gpc__cycles_elapsed.max
of `empty` with 1 block, 132 blocks, 1, 132) is the whole cost of a kernel
that does nothing: the front end's work before and after the blocks run,
plus what the SMs do for the empty kernel itself (its cold instruction
fetch, its parameter read, the blocks' hand-out and exit). simgpu simulates
the second part (programs/micro/empty.s is the same kernel), so the config's
figure is the first: the median over the four launches of the measured
cycles less simgpu's simulated cycles of the same launch with
launch_latency_cycles = 0. Prints the per-launch figures and the TOML line;
nothing is written.
"""
import json
import statistics
import sys
from pathlib import Path
from types import MappingProxyType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORD = ROOT / "traces" / "h200" / "launch.json"
PROGRAM = ROOT / "programs" / "micro" / "empty.s"


def figures(path=RECORD, config="h200"):
    from simgpu.config import load_config
    from simgpu.recipe import parse_recipe, run_recipe
    record = json.loads(Path(path).read_text())
    measured = [(m["grid"], m["gpc__cycles_elapsed.max"]) for m in record["launches"]]
    cfg = MappingProxyType({**load_config(config), "launch_latency_cycles": 0})
    run = run_recipe(parse_recipe(PROGRAM), None, config=cfg, lower="ptxas")
    sim = [(r.grid[0], r.stats["cycles"]) for r in run.results]
    assert [g for g, _ in sim] == [g for g, _ in measured], "empty.s launches differ from the record's"
    rows = [(g, m, s, m - s) for (g, m), (_, s) in zip(measured, sim)]
    return {"rows": rows, "latency": statistics.median(r[3] for r in rows), "date": record.get("date", "")}


def main():
    f = figures(sys.argv[1] if len(sys.argv) > 1 else RECORD)
    print("grid  H200 cycles  simgpu (no launch latency)  difference")
    for g, m, s, d in f["rows"]:
        print(f"{g:4d} {m:12,.0f} {s:27,d} {d:11,.0f}")
    print(f"\nlaunch_latency_cycles = {round(f['latency'])}           # meas: the front end's cycles around a kernel's "
          f"blocks: an empty kernel's gpc__cycles_elapsed.max on the H200 (1 and 132 blocks, twice) less simgpu's own "
          f"simulation of it (programs/micro/empty.s), median (traces/h200/launch.json, {f['date'][:10]}; "
          f"tools/launch_figures.py)")


if __name__ == "__main__":
    main()
