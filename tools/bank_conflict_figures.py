"""Shared loads with bank conflicts on the H200, next to simgpu's, from the
records of programs/micro/bank_conflicts.s.

    python3 tools/bank_conflict_figures.py

Each shape (8 or 32 warps of one block per SM; lane l reading word
l x stride, a stride-way conflict) runs at 64 and 128 iterations of 8
independent loads; the added iterations' cycles (gpc__cycles_elapsed.max,
both records) over the added loads give the cycles a load takes the SM and
the wavefronts it serves a cycle. simgpu's rule (memory/hierarchy.py
shared_request): one wavefront a cycle, conflicted or not. A measurement,
not a fit: nothing is written.
"""
import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_bank_conflicts{r}.json.gz" for r in ("", "_r2")]
CYC = "gpc__cycles_elapsed.max"


def added(cycles, k):
    """The cycles launch k + 1 (128 iterations) takes more than launch k (64)."""
    return cycles[k + 1] - cycles[k]


def figures():
    """Per shape: (warps per SM, stride, added loads per SM, the H200's added cycles per record, simgpu's)."""
    from simgpu.crosscheck import simulate_recorded
    from simgpu.recipe import parse_recipe
    entries = [json.loads(gzip.decompress(p.read_bytes()))["programs"][0] for p in RECORDS]
    run = simulate_recorded(entries[0], "h200")
    sim = [r.stats["cycles"] for r in run.results]
    recipe = parse_recipe(ROOT / entries[0]["program"])
    rows = []
    for k in range(0, len(entries[0]["launches"]), 2):
        warps = entries[0]["launches"][k]["block"][0] // 32
        stride = int(recipe.launches[k].exprs["args"].strip("()").split(",")[2])
        hw = [added([n[CYC] for n in e["ncu"]["launches"]], k) for e in entries]
        rows.append((warps, stride, warps * 64 * 8, hw, added(sim, k)))
    return rows


def main():
    print("shape                 added cycles: H200 (two records)  simgpu    cycles a load: H200  simgpu")
    for warps, stride, loads, hw, sim in figures():
        print(f"  {warps:2} warps, {stride:2}-way  {hw[0]:12,.0f} {hw[1]:10,.0f} {sim:10,} ({sim / hw[0] - 1:+6.1%})"
              f"   {hw[0] / loads:6.2f} {sim / loads:6.2f}")


if __name__ == "__main__":
    main()
