"""Where a row's read-modify-write spends its time, from the H200 records of
programs/micro/rmw_clock.s.

    python3 tools/rmw_clock_figures.py [RECORD ...]

(default: the records of programs/micro/rmw_clock.s, rmw_variants.s and
rmw_scale.s, two each; in rmw_scale.s the passes run from pass B's start, pass A
is 0)

Each warp of 512 blocks of 8 sums its 4 KB row from DRAM (pass A), then
reads it again and stores it scaled (rmw_clock), only stores (rst_clock) or
only reads it again (rld_clock); lane 0 keeps its SM, its start on the SM's
%clock64, and the cycles to the end of each pass. The script prints, per
launch, the kernel's cycles under ncu, the passes' cycles over the warps
(p10, p50, p90, max), and each SM's span (its last warp's end less its
first warp's start, on its own clock), next to simgpu's (h200, the same
launches). A measurement, not a fit: nothing is written.
"""
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_{p}{r}.json.gz" for p in ("rmw_clock", "rmw_variants", "rmw_scale") for r in ("", "_r2")]
CYC = "gpc__cycles_elapsed.max"


def passes(buf):
    """Per warp: SM, pass A's cycles, pass B's, the end (start + both) on the SM's clock."""
    a = np.asarray(buf, dtype=np.int64).reshape(-1, 4)
    start = a[:, 1] - a[:, 1].min()            # low halves of one clock: differences within 2^32
    return a[:, 0], a[:, 2], a[:, 3] - a[:, 2], start, start + a[:, 3]


def sm_spans(sm, start, end):
    return np.array([end[sm == s].max() - start[sm == s].min() for s in np.unique(sm)])


def row(label, values):
    q = np.percentile(values, [10, 50, 90])
    return f"  {label:22} {q[0]:8,.0f} {q[1]:8,.0f} {q[2]:8,.0f} {values.max():8,.0f}"


def entry_of(path):
    """The program a record is of: its runs are simulated once."""
    return Path(path).name.replace("_r2", "").replace(".gz", "")


def main(*paths):
    from dram_clock_figures import clock_record
    runs = {}
    for path in paths or RECORDS:
        record, entry, recipe, names, run = clock_record(path, simulate=entry_of(path) not in runs)
        sim_run = runs.setdefault(entry_of(path), run)
        print(f"{Path(path).name}: {record['device']}, {record['date'][:16]}")
        for k, name in enumerate(names):
            kernel = recipe.launches[k].kernel
            hw = passes(record["kept"]["buffers"][name])
            sim = passes(np.asarray(sim_run.buffers[name]).ravel())
            print(f" {kernel}: cycles {entry['ncu']['launches'][k][CYC]:,.0f} (simgpu "
                  f"{sim_run.results[k].stats['cycles']:,}); per warp p10, p50, p90, max")
            for who, (sm, a, b, start, end) in (("H200", hw), ("simgpu", sim)):
                print(row(f"{who} pass A", a))
                print(row(f"{who} pass B", b))
                print(row(f"{who} SM span", sm_spans(sm, start, end)))


if __name__ == "__main__":
    main(*sys.argv[1:])
