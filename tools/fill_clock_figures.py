"""Whether the H200's late DRAM answers are the fill's or each reader's
(programs/micro/fill_clock.s), next to simgpu's run of the same launches.

    python3 tools/fill_clock_figures.py [RECORD ...]

(default: traces/h200/micro/micro_fill_clock.json and _r2.json, made on the
H200 by `tools/record_latency_dist.py OUT programs/micro/fill_clock.s --keep
la,lb,lc`). Per launch, the spread of the warps' passes as
tools/dram_clock_figures.py prints it, then how the late passes (past
LATE cycles) fall: the passes in which more than half of the warps are late
together, and the variance of the late fraction per pass over its
variance were each warp late by its own chance (1: independent; the
launch's warps in number: all or none). Nothing is written.
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dram_clock_figures import LATE, ROOT, clock_record, row  # noqa: E402

RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_fill_clock{r}.json" for r in ("", "_r2")]


def per_launch(buffers, names, passes):
    """(warps x passes) cycles of each launch, from its lat buffer."""
    return [np.asarray(buffers[n], dtype=np.int64).reshape(-1, passes + 1)[:, 1:] for n in names]


def together(a):
    """(passes with most warps late, variance of the late fraction per pass / binomial's)."""
    late = a[:, 2:] > LATE
    frac = late.mean(axis=0)
    p = late.mean()
    binomial = p * (1 - p) / late.shape[0]
    return int((frac > 0.5).sum()), (frac.var() / binomial if binomial > 0 else float("nan"))


def figures(path):
    record, entry, _, names, run = clock_record(path)
    passes = int(entry["sizes"]["passes"])
    labels = ["1 SM", "132 SMs, same lines", "132 SMs, own lines"]
    hw = per_launch(record["kept"]["buffers"], names, passes)
    sim = per_launch({k: np.asarray(v).ravel() for k, v in run.buffers.items()}, names, passes)
    print(f"{Path(path).name}: {record['device']}, {record['date'][:16]}, {passes} passes a warp (one line each); "
          f"cycles a pass over passes 3-{passes}, then a warp's whole loop / passes")
    print(f"  {'':27} {'p5':>6} {'p50':>6} {'mean':>7} {'p95':>6} {'p99':>6} {'>' + str(LATE):>6} "
          f"{'warp avg':>8} {'slowest':>8}  {'most late':>9} {'var/binom':>9}")
    for label, h, s in zip(labels, hw, sim):
        for who, a in (("H200", h), ("simgpu", s)):
            most, ratio = together(a)
            extra = f"  {most:9d} {ratio:9.1f}" if a.shape[0] > 1 else ""
            print(row(f"{label} {who}".ljust(27), a) + extra)


def main(*records):
    for r in records or RECORDS:
        figures(r)


if __name__ == "__main__":
    main(*sys.argv[1:])
