"""The L2's atomic units, from the H200 records of programs/micro/atomic_queue.s,
atomic_hazard.s, atomic_tail.s, atomic_lines.s and atomic_spread.s.

    python3 tools/atomic_figures.py [--config CONFIG]

Prints the figures the h200 config's atomic keys come from, then every
launch of the records next to simgpu's run of it. atomic_queue.s and
atomic_hazard.s launch each case twice, 1,056 one-warp blocks adding 32
times and 8 times a warp: the difference of the two launches' cycles over
1,056 x 24 reds is the unit's time a red with its queue never empty,
without the launch's start and end (a "slope"):
- `l2_atomic_line_cycles`: the reds all into one line, on part of a sector
  (one lane into one word; one lane into one of 8 words by warp; 2 and 4
  lanes into 2 and 4 words; and one lane's atoms, which return the old
  value, into one word);
- `l2_atomic_whole_line_cycles`: into one line, on whole sectors (8 lanes
  into a sector's 8 words, a red; 32 lanes into a line's 32 words, over 4);
- `l2_atomic_float_line_cycles`: float adds into one line (one lane, 8);
- `l2_atomic_op_cycles`: the warps spread over 4 lines of one unit, one lane
  a red, and 32 lanes on one word (over 32); the same with atoms;
- `l2_atomic_whole_op_cycles`: the same, 8 lanes into a sector's 8 words;
- `l2_atomic_float_op_cycles`: the same with float adds (one lane, 8);
- `l2_atomic_units`: the whole L2's rate of reds on distinct lines, whole
  sectors (traces/h200/memsys.json, red_distinct: sectors a cycle), times
  one unit's time for one (`l2_atomic_whole_op_cycles`);
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
RECORDS = {"atomic_queue": ["micro_atomic_queue.json", "micro_atomic_queue_r2.json"],
           "atomic_hazard": ["micro_atomic_hazard.json", "micro_atomic_hazard_r2.json"],
           "atomic_tail": ["micro_atomic_tail.json"],
           "atomic_lines": ["micro_atomic_lines.json", "micro_atomic_lines_r2.json"],
           "atomic_spread": ["micro_atomic_spread.json", "micro_atomic_spread_r2.json"]}
REDS = 1056 * 24          # reds a slope's two launches differ by


def cycles(name):
    return [[L[CYC] for L in json.loads((MICRO / f).read_text())["programs"][0]["ncu"]["launches"]]
            for f in RECORDS[name]]


def buffers(name):
    """Each launch's first argument (its buffer's name), in launch order."""
    lines = (ROOT / "programs" / "micro" / f"{name}.s").read_text().splitlines()
    return [ln.split("args=(")[1].split(",")[0] for ln in lines if ln.startswith("//! launch ")]


def slopes(name, case, per=1):
    """Cycles a red (over `per`) of a case's 32-add launch less its 8-add one
    (named case and case + 'b'), one per record."""
    names = buffers(name)
    a, b = names.index(case), names.index(case + "b")
    return [(c[a] - c[b]) / REDS / per for c in cycles(name)]


def mean(xs):
    return sum(xs) / len(xs)


def figures():
    """The measured figures of the config's atomic keys."""
    q, h = "atomic_queue", "atomic_hazard"
    whole_op = mean(slopes(h, "d8l4"))
    memsys = json.loads((ROOT / "traces" / "h200" / "memsys.json").read_text())["launches"]
    d = next(L for L in memsys if L["case"] == "red_distinct")
    rate = d["l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum"] / d[CYC]
    return {"l2_atomic_line_cycles": mean(slopes(q, "u1") + slopes(h, "w8") + slopes(h, "d2") + slopes(h, "d4")
                                          + slopes(h, "a1")),
            "l2_atomic_whole_line_cycles": mean(slopes(q, "u8") + slopes(q, "u32w", 4)),
            "l2_atomic_float_line_cycles": mean(slopes(q, "f1") + slopes(q, "f8")),
            "l2_atomic_op_cycles": mean(slopes(h, "l4") + slopes(h, "s32l4", 32) + slopes(h, "al4")
                                        + slopes(h, "as32l4", 32)),
            "l2_atomic_whole_op_cycles": whole_op,
            "l2_atomic_float_op_cycles": mean(slopes(h, "fl4") + slopes(h, "fd8l4")),
            "red_distinct_sectors_per_cycle": rate, "l2_atomic_units": rate * whole_op}


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
            print(f"{label[-40:]:40} " + " ".join(f"{c[k]:9,.0f}" for c in hw)
                  + f" {run.results[k].stats['cycles']:9,.0f}")


if __name__ == "__main__":
    main()
