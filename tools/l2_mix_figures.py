"""Do the L2's reads and writes share its cycles? From the H200 records of
programs/micro/l2_mix.s.

    python3 tools/l2_mix_figures.py [--config CONFIG] [RECORD ...]

(default: traces/h200/micro/micro_l2_mix.json and _r2.json)

The records (`tools/crosscheck_cuda.py --ncu`, caches flushed before each
launch) have 132 blocks of 32 warps reading an 8.25 MiB buffer from the L2
(mix_read), writing another into it (mix_write; also on 66 SMs), and both
at once (mix_both: even warps read, odd warps write, each half the grid's
bytes of its kind), in pairs of launches 8 passes apart: the difference over
8 is a pass's cycles, free of the launch and of the first pass's DRAM reads.
Then 132 MiB read once from DRAM, alone and while the odd warps write 16
passes of the L2 buffer. The script prints the H200's figures next to
simgpu's (the same launches): reads and writes share one resource where
mix_both's pass is the sum of the other two. A measurement, not a fit;
nothing is written.
"""
import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_l2_mix{r}.json" for r in ("", "_r2")]
CYC = "gpc__cycles_elapsed.max"
SECTORS = 540672 * 16 // 32            # sectors of the 8.25 MiB buffer: one pass of either kind


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("records", nargs="*")
    ap.add_argument("--config", default="h200")
    a = ap.parse_args()
    from simgpu.crosscheck import simulate_recorded
    records = [json.loads(Path(r).read_text())["programs"][0] for r in (a.records or RECORDS)]
    run = simulate_recorded(records[0], a.config)
    sim = [r.stats["cycles"] for r in run.results]
    hw = [[L[CYC] for L in e["ncu"]["launches"]] for e in records]
    print(f"{'launch':34} " + " ".join(f"{'H200 #' + str(k + 1):>9}" for k in range(len(hw))) + f" {'simgpu':>9}")
    rows = [("read, cycles a pass", 0), ("write, cycles a pass", 2), ("write on 66 SMs, cycles a pass", 4),
            ("both, cycles a pass", 6)]
    per = {}
    for name, k in rows:
        per[k] = [(c[k + 1] - c[k]) / 8 for c in hw] + [(sim[k + 1] - sim[k]) / 8]
        print(f"{name:34} " + " ".join(f"{v:9,.0f}" for v in per[k]))
    for name, k in (("write, sectors a cycle", 2), ("write on 66 SMs, sectors a cycle", 4)):
        print(f"{name:34} " + " ".join(f"{SECTORS / v:9.1f}" for v in per[k]))
    print(f"{'both / (read + write)':34} " + " ".join(
        f"{b / (r + w):9.2f}" for b, r, w in zip(per[6], per[0], per[2])))
    print(f"{'both / max(read, write)':34} " + " ".join(
        f"{b / max(r, w):9.2f}" for b, r, w in zip(per[6], per[0], per[2])))
    for name, k in (("132 MiB from DRAM, cycles", 8), ("the same while writing, cycles", 9)):
        print(f"{name:34} " + " ".join(f"{c[k]:9,.0f}" for c in hw) + f" {sim[k]:9,.0f}")


if __name__ == "__main__":
    main()
