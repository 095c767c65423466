"""What the H200's L1 keeps, next to simgpu's L1, from the records of
programs/micro/l1_sets.s, l1_store_alloc.s, l1_carve.s, l1_store_evict.s
and row_place.s.

    python3 tools/l1_sets_figures.py [--config CONFIG ...] [--only l1_sets,l1_carve,...]

(--config: one or more configs, a name or a .toml path, each simulated; the
default h200. How the h200 config's `l1_ways` and
`l1_store_allocates` were chosen: the mean absolute difference in hit rate
printed last, over the programs' launches.)

Each record (`tools/crosscheck_cuda.py --ncu`, two runs) gives Nsight
Compute's l1tex__t_sector_hit_rate per launch (the stores' sectors counted
as misses, as simgpu's `l1_sector_hit_rate`):
- l1_sets.s: one warp reading k lines `stride` lines apart, 8 times over:
  87% when they stay in the L1, less when some share a set with more lines
  than its ways; then k = 1,536 to 2,176 lines in a row, 4 times over;
- l1_store_alloc.s: lines stored whole or one word each, then read back
  (67% when the stored lines stay in the L1, 33% when not); a warp of each
  block reading k lines in a row at two launch shapes (the capacity left by
  each shape's shared-memory carve-out);
- l1_carve.s: the same at blocks of 128, 256 and 512 threads (and 32, 1,024),
  k = 1,536 to 2,048 lines;
- l1_store_evict.s: kx lines read, ky others stored, the kx read again
  (stored lines entering as the most recent push the oldest read ones out);
- row_place.s: rows read, then reloaded and stored, with each SM's rows in a
  row, in 4 runs of 8, scattered (and the cycles).
A measurement, not a fit: nothing is written.
"""
import argparse
import gzip
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
MICRO = ROOT / "traces" / "h200" / "micro"
PROGRAMS = ("l1_sets", "l1_store_alloc", "l1_carve", "l1_store_evict", "row_place")
HIT = "l1tex__t_sector_hit_rate.pct"
CYC = "gpc__cycles_elapsed.max"


def _read(name, r):
    """A record's text (l1_sets.s's are gzipped)."""
    path = MICRO / f"micro_{name}{r}.json"
    return path.read_text() if path.exists() else gzip.decompress(path.with_suffix(".json.gz").read_bytes())


def hardware(name):
    """Per launch: (kernel, args text, hit rates of both records, cycles of both)."""
    entries = [json.loads(_read(name, r))["programs"][0] for r in ("", "_r2")]
    rows = []
    for k, launch in enumerate(entries[0]["launches"]):
        ncu = [e["ncu"]["launches"][k] for e in entries]
        rows.append((launch["kernel"], launch.get("args", ""), [n[HIT] for n in ncu], [n[CYC] for n in ncu]))
    return entries[0], rows


def label(program, recipe, k):
    launch = recipe.launches[k]
    args = launch.exprs["args"].strip("()").split(",")
    grid, block = launch.exprs.get("grid"), launch.exprs.get("block")
    if program == "l1_sets":
        return f"stride {args[2].strip():>5} k {args[3].strip():>5}"
    if program == "l1_store_alloc" and launch.kernel == "st_then_ld":
        return f"st_then_ld k {args[2].strip()} mode {args[3].strip()}"
    if program in ("l1_store_alloc", "l1_carve"):
        return f"l1_cap {grid}x{block} k {args[2].strip()}"
    if program == "l1_store_evict":
        return f"ld_st_ld kx {args[3].strip()} ky {args[4].strip()}"
    return f"{launch.kernel} {grid}x{block} mode {args[3].strip() if len(args) > 3 else '-'}"


def main():
    from simgpu.crosscheck import simulate_recorded
    from simgpu.recipe import parse_recipe
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--config", nargs="+", default=["h200"])
    ap.add_argument("--only", default=",".join(PROGRAMS))
    a = ap.parse_args()
    diffs = {c: [] for c in a.config}
    for name in a.only.split(","):
        entry, hw = hardware(name)
        recipe = parse_recipe(ROOT / entry["program"])
        runs = {c: simulate_recorded(entry, c) for c in a.config}
        print(f"{name}: L1 sector hit rate %, H200 (two records) | " + " | ".join(a.config)
              + (" ; cycles H200 | simgpu" if name == "row_place" else ""))
        for k, (kernel, _, hits, cycles) in enumerate(hw):
            sims = [100 * runs[c].results[k].stats["l1_sector_hit_rate"] for c in a.config]
            for c, s in zip(a.config, sims):
                diffs[c].append(abs(s - np.mean(hits)))
            line = f"  {label(name, recipe, k):34} {hits[0]:5.1f} {hits[1]:5.1f} | " + " | ".join(f"{s:5.1f}" for s in sims)
            if name == "row_place":
                line += f" ; {np.mean(cycles):8,.0f} | " + " | ".join(
                    f"{runs[c].results[k].stats['cycles']:8,}" for c in a.config)
            print(line)
    for c in a.config:
        print(f"mean |simgpu - H200| hit rate over {len(diffs[c])} launches, {c}: {np.mean(diffs[c]):.2f} points")


if __name__ == "__main__":
    main()
