"""Whether a DRAM read of a whole line answers later than one of a sector, on
the H200 and in simgpu (programs/micro/sector_clock.s).

    python3 tools/sector_clock_figures.py [RECORD ...]

(default: traces/h200/micro/micro_sector_clock.json.gz and _r2.json.gz, made by
`tools/device_clock_record.sh sector_clock la,lb,lc,ld,le,lf,lg,lh`). Each
pass a warp reads 1 to 4 sectors of a new line; the script prints the
spread of the passes' cycles (passes 3 to 64 of every warp) as
dram_clock_figures.py does, launch by launch, next to simgpu's (h200), and
what 4 sectors cost over 1 at p5, p50 and the mean. A measurement; nothing
is written.
"""
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from dram_clock_figures import clock_record, row  # noqa: E402

RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_sector_clock{r}.json.gz" for r in ("", "_r2")]
# (label, sectors) of the recipe's launches, in order
LAUNCHES = [("1x1 1 sec", 1), ("1x1 1 sec (4th)", 1), ("1x1 2 sec", 2), ("1x1 4 sec", 4),
            ("132x1 1 sec", 1), ("132x1 4 sec", 4), ("132x32 1 sec", 1), ("132x32 4 sec", 4)]
PAIRS = [(0, 3), (4, 5), (6, 7)]        # 1 sector against 4, on 1x1, 132x1, 132x32


def passes_of(buffers, names, passes):
    return [np.asarray(buffers[n], dtype=np.int64).reshape(-1, passes + 1)[:, 1:] for n in names]


def figures(path, run=None):
    record, entry, recipe, names, sim_run = clock_record(path, simulate=run is None)
    run = run or sim_run
    passes = int(entry["sizes"]["passes"])
    hw = passes_of(record["kept"]["buffers"], names, passes)
    sim = passes_of({k: np.asarray(v).ravel() for k, v in run.buffers.items()}, names, passes)
    print(f"{Path(path).name}: {record['device']}, {record['date'][:16]}, {passes} passes a warp")
    print(f"  {'':24} {'p5':>6} {'p50':>6} {'mean':>7} {'p95':>6} {'p99':>6} {'>920':>6} {'warp avg':>8} {'slowest':>8}")
    for (label, _), h, s in zip(LAUNCHES, hw, sim):
        print(row(f"{label:15} H200", h))
        print(row(f"{label:15} simgpu", s))
    print("  4 sectors less 1:        p5    p50   mean")
    for a, b in PAIRS:
        for who, d in (("H200", hw), ("simgpu", sim)):
            x, y = d[a][:, 2:], d[b][:, 2:]
            print(f"  {LAUNCHES[a][0].split()[0]:8} {who:8}     {np.percentile(y, 5) - np.percentile(x, 5):+6.0f} "
                  f"{np.percentile(y, 50) - np.percentile(x, 50):+6.0f} {y.mean() - x.mean():+6.1f}")
    return run


def main(*records):
    run = None
    for r in records or RECORDS:
        run = figures(r, run)


if __name__ == "__main__":
    main(*sys.argv[1:])
