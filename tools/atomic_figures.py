"""The L2's atomic units, from the H200 records of programs/micro/atomic_tail.s,
atomic_lines.s and atomic_spread.s.

    python3 tools/atomic_figures.py [--config CONFIG]

Prints the figures the h200 config's atomic keys come from, then every
launch of the three records next to simgpu's run of it:
- `l2_atomic_request_cycles`: 1,056 blocks of one warp adding one word into
  the same word (atomic_tail.s) less into words of their own lines, over
  1,056, plus the time between two blocks' hand-out (the reds arrive that
  far apart, so the unit's queue grows by the difference);
- `l2_atomic_op_cycles`: 2,112 warps adding the 32 words of a line into one
  line (atomic_lines.s) less into lines of their own, over 2,112 x 4 sectors;
- `l2_atomic_units`: the whole L2's atomic rate on distinct lines
  (traces/h200/memsys.json, atom_distinct: sectors a cycle), over one unit's
  (4 sectors in 4 x l2_atomic_op_cycles);
- `l2_atomic_unit_bytes`: atomic_spread.s's lines 128 B apart (2 as slow as
  1, 8 as about 2 units) against 4 KB and 64 KB apart (8 units).
A measurement, not a fit; nothing is written.
"""
import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
MICRO = ROOT / "traces" / "h200" / "micro"
CYC = "gpc__cycles_elapsed.max"
RECORDS = {"atomic_tail": ["micro_atomic_tail.json"],
           "atomic_lines": ["micro_atomic_lines.json", "micro_atomic_lines_r2.json"],
           "atomic_spread": ["micro_atomic_spread.json", "micro_atomic_spread_r2.json"]}


def cycles(name):
    return [[L[CYC] for L in json.loads((MICRO / f).read_text())["programs"][0]["ncu"]["launches"]]
            for f in RECORDS[name]]


def figures():
    """The measured figures of the config's atomic keys."""
    tail = cycles("atomic_tail")[0]
    # same word less own lines, 1,056 blocks: the unit's queue grows by its time a red less the
    # time between two blocks' hand-out (block_dispatch_cycles), so that time is added back
    from simgpu.config import load_config
    request = (tail[3] - tail[4]) / 1056 + load_config("h200")["block_dispatch_cycles"]
    lines = cycles("atomic_lines")
    op = sum((c[2] - c[1]) / 2112 / 4 for c in lines) / len(lines)   # one line less own lines
    memsys = json.loads((ROOT / "traces" / "h200" / "memsys.json").read_text())["launches"]
    d = next(L for L in memsys if L["case"] == "atom_distinct")
    rate = d["l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum"] / d[CYC]
    return {"l2_atomic_request_cycles": request, "l2_atomic_op_cycles": op,
            "atom_distinct_sectors_per_cycle": rate, "l2_atomic_units": rate * op}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="h200")
    a = ap.parse_args()
    from simgpu.crosscheck import simulate_recorded
    for k, v in figures().items():
        print(f"{k:34} {v:8.2f}")
    for name, files in RECORDS.items():
        entry = json.loads((MICRO / files[0]).read_text())["programs"][0]
        run = simulate_recorded(entry, a.config)
        hw = cycles(name)
        print(f"\n{name}")
        print(f"{'launch':40} " + " ".join(f"{'H200 #' + str(k + 1):>9}" for k in range(len(hw)))
              + f" {'simgpu':>9}")
        labels = [ln[len("//! launch "):].replace(" block=", " ") for ln in
                  (ROOT / entry["program"]).read_text().splitlines() if ln.startswith("//! launch ")]
        for k, label in enumerate(labels):
            print(f"{label[:40]:40} " + " ".join(f"{c[k]:9,.0f}" for c in hw)
                  + f" {run.results[k].stats['cycles']:9,.0f}")


if __name__ == "__main__":
    main()
