"""Loads with bank conflicts on the H200, next to simgpu's, from the records
of programs/micro/bank_conflicts.s (shared memory) and ldg_banks.s (global
loads that hit in the L1).

    python3 tools/bank_conflict_figures.py [bank_conflicts|ldg_banks]

Each shape (8 or 32 warps of one block per SM; lane l reading word
l x stride: for shared memory a stride-way conflict; for global loads
stride lines, as many lanes on a bank up to 32, none twice at 33) runs at
64 and 128 iterations of 8 independent loads; the added iterations' cycles
(gpc__cycles_elapsed.max, both records) over the added loads give the
cycles a load takes the SM and the wavefronts it serves a cycle. simgpu's
rules: one wavefront a cycle, conflicted or not (memory/hierarchy.py
shared_request), and for a global load the larger of its data stage's
wavefronts and its tag stage's sectors / 4 (l1_span). A measurement, not a
fit: nothing is written.
"""
import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# micro: the position of `stride` in its kernel's arguments
MICROS = {"bank_conflicts": 2, "ldg_banks": 3}
CYC = "gpc__cycles_elapsed.max"


def added(cycles, k):
    """The cycles launch k + 1 (128 iterations) takes more than launch k (64)."""
    return cycles[k + 1] - cycles[k]


def figures(micro="bank_conflicts"):
    """Per shape: (warps per SM, stride, added loads per SM, the H200's added cycles per record, simgpu's)."""
    from simgpu.crosscheck import simulate_recorded
    from simgpu.recipe import parse_recipe
    records = [ROOT / "traces" / "h200" / "micro" / f"micro_{micro}{r}.json.gz" for r in ("", "_r2")]
    entries = [json.loads(gzip.decompress(p.read_bytes()))["programs"][0] for p in records]
    run = simulate_recorded(entries[0], "h200")
    sim = [r.stats["cycles"] for r in run.results]
    recipe = parse_recipe(ROOT / entries[0]["program"])
    rows = []
    for k in range(0, len(entries[0]["launches"]), 2):
        warps = entries[0]["launches"][k]["block"][0] // 32
        stride = int(recipe.launches[k].exprs["args"].strip("()").split(",")[MICROS[micro]])
        hw = [added([n[CYC] for n in e["ncu"]["launches"]], k) for e in entries]
        rows.append((warps, stride, warps * 64 * 8, hw, added(sim, k)))
    return rows


def main(micro="bank_conflicts"):
    print("shape                 added cycles: H200 (two records)  simgpu    cycles a load: H200  simgpu")
    for warps, stride, loads, hw, sim in figures(micro):
        print(f"  {warps:2} warps, stride {stride:2}  {hw[0]:12,.0f} {hw[1]:10,.0f} {sim:10,} ({sim / hw[0] - 1:+6.1%})"
              f"   {hw[0] / loads:6.2f} {sim / loads:6.2f}")


if __name__ == "__main__":
    main(*sys.argv[1:])
