"""Whether a global atomic drops the SM's L1 copy of its line: the cycles a
step of programs/micro/atomic_l1.s on the GPU and in simgpu.

    python3 tools/atomic_l1_figures.py [--config h100] [RECORD ...]

(default: every traces/*/micro/micro_atomic_l1*.json). The micro's launches
come in pairs, `iters` then 2 x iters steps of one thread's chase of an
all-zero word; the difference over `iters` is the cycles a step, free of
the launch. After each load the step adds 0 to the word `off` words away
(chase_red: a RED, result unused; off = 64: none), or waits for an ATOMG.ADD
(chase_atom) or a failing ATOMG.CAS (chase_cas) there. A load that finds its
line in the L1 costs about `latency_l1_cycles`; one whose line the atomic
dropped, about `latency_l2_cycles` (the H100's records: its L1 drops the
line; memory/hierarchy.py atomic_drops_l1_line). Where the word is homed
in the other L2 partition than the thread's SM, an atom and a load of the
dropped line cross the fabric both ways (`l2_fabric_cycles` more): the
records of one H100 (micro_atomic_l1.json, _r2) have it so, of another
(_r3, _r4) not. Without a record, simgpu's figures alone. Nothing is
written.
"""
import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PROGRAM = ROOT / "programs" / "micro" / "atomic_l1.s"
CYC = "gpc__cycles_elapsed.max"


def steps(cycles, launches, iters):
    """{(kernel, off): cycles a step} from the pairs of launches."""
    out = {}
    for k in range(0, len(launches), 2):
        kernel, off = launches[k]
        out[(kernel, off)] = (cycles[k + 1] - cycles[k]) / iters
    return out


def recipe_launches(sizes):
    """(kernel, off) of each launch of the micro's recipe."""
    from simgpu.recipe import parse_recipe, prepare
    _, _, _, launches = prepare(parse_recipe(PROGRAM), {k: str(v) for k, v in sizes.items()})
    return [(kernel, int(args[2])) for kernel, grid, block, args, shared in launches]


def simulated(sizes, config):
    from simgpu.recipe import parse_recipe, run_recipe
    run = run_recipe(parse_recipe(PROGRAM), {k: str(v) for k, v in sizes.items()}, config=config, lower="ptxas")
    return [r.stats["cycles"] for r in run.results]


def table(rows):
    keys = list(rows[0][1])
    print(f"  {'kernel':12}{'off':>5}" + "".join(f"{n:>14}" for n, _ in rows))
    for key in keys:
        print(f"  {key[0]:12}{key[1]:>5}" + "".join(f"{r[key]:14.1f}" for _, r in rows))


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("records", nargs="*")
    ap.add_argument("--config", default="h100")
    a = ap.parse_args(argv)
    records = [Path(r) for r in a.records] or sorted(ROOT.glob("traces/*/micro/micro_atomic_l1*.json"))
    sizes = {"iters": 256}
    rows = []
    for record in records:
        rec = json.loads(record.read_text())
        entry = rec["programs"][0]
        sizes = entry["sizes"]
        launches = recipe_launches(sizes)
        rows.append((rec["device"].replace("NVIDIA ", "")[:12],
                     steps([L[CYC] for L in entry["ncu"]["launches"]], launches, int(sizes["iters"]))))
    launches = recipe_launches(sizes)
    rows.append((f"simgpu {a.config}", steps(simulated(sizes, a.config), launches, int(sizes["iters"]))))
    print(f"cycles a step of programs/micro/atomic_l1.s ({int(sizes['iters'])} and {2 * int(sizes['iters'])} steps)"
          + ("" if records else ": no record yet (tools/device_micro_twice.sh atomic_l1 makes them)"))
    table(rows)


if __name__ == "__main__":
    main()
