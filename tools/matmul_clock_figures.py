"""matmul_naive's steps timed on the H200 and in simgpu
(programs/micro/matmul_clock.s).

    python3 tools/matmul_clock_figures.py [RECORD ...]

(default: traces/h200/micro/micro_matmul_clock.json and _r2.json, made by
`OUT=... bash tools/device_clock_record.sh matmul_clock lat`). Per record:
the spread of every warp's steps 3 to the last (8 loads, 4 FMAs, the clock:
one step waits for its B line, which 16 blocks share), the share of steps
in bands of 100 cycles, then the kernel's cycles (Nsight's
gpc__cycles_elapsed.max, from the record's own pass under ncu) against the
warps' loops (their steps' sum): what the kernel spends outside its
slowest warp's loop (launch, prologue, epilogue), next to simgpu's (the
h200 config, the same launch and inputs). Nothing is written.
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dram_clock_figures import LATE, ROOT, clock_record, config_and_records  # noqa: E402

RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_matmul_clock{r}.json" for r in ("", "_r2")]
BANDS = [0, 500, 600, 700, 800, 900, 1000, 1200, 1500, 10 ** 9]
SLOW = 1000          # cycles: a step past the far partition's on-time steps (the bands above), one a late window held
GRID_SHARES = [0, 0.05, 0.3, 0.7, 1.01]   # bins of the share of the grid's warps late at one step index


def steps(buf, n):
    return np.asarray(buf, dtype=np.int64).ravel().reshape(-1, n // 4 + 1)[:, 1:]


def late_split(s):
    """(on-time share, on-time mean, late share, late mean, the step indexes by the share of warps late
    there (GRID_SHARES' bins)) of steps s (warps x steps)."""
    late = s >= SLOW
    by_index = np.histogram(late.mean(axis=0), bins=GRID_SHARES)[0]
    return 1 - late.mean(), s[~late].mean(), late.mean(), s[late].mean() if late.any() else 0.0, by_index


def figures(path, config="h200"):
    record, entry, _, _, run = clock_record(path, config=config)
    n = int(entry["sizes"]["n"])
    hw, sim = steps(record["kept"]["buffers"]["lat"], n), steps(run.buffers["lat"], n)
    cycles = {"H200": entry["ncu"]["launches"][0]["gpc__cycles_elapsed.max"], "simgpu": run.results[0].stats["cycles"]}
    print(f"{Path(path).name}: {record['device']}, {record['date'][:16]}, n={n}: {hw.shape[0]} warps of "
          f"{hw.shape[1]} steps; cycles a step over steps 3-{hw.shape[1]}")
    print(f"  {'':7} {'p5':>5} {'p50':>5} {'mean':>6} {'p95':>5} {'p99':>5} {'>' + str(LATE):>6}   share of steps by "
          f"cycles: " + " ".join(f"{lo}-" for lo in BANDS[:-1]))
    for who, a in (("H200", hw), ("simgpu", sim)):
        s = a[:, 2:]
        p5, p50, p95, p99 = np.percentile(s, [5, 50, 95, 99])
        share = np.histogram(s, bins=BANDS)[0] / s.size
        print(f"  {who:7} {p5:5.0f} {p50:5.0f} {s.mean():6.1f} {p95:5.0f} {p99:5.0f} {(s > LATE).mean():6.1%}   "
              + " ".join(f"{x:.3f}" for x in share))
    bins = " ".join(f"{lo:.0%}-" for lo in GRID_SHARES[:-1])
    print(f"  steps 3-{hw.shape[1]} on time (<{SLOW}) and late, and the step indexes by the share of the grid's "
          f"warps late there ({bins})")
    for who, a in (("H200", hw), ("simgpu", sim)):
        on, on_mean, late, late_mean, by_index = late_split(a[:, 2:])
        print(f"  {who:7} on time {on:6.1%} mean {on_mean:5.0f}; late {late:6.1%} mean {late_mean:5.0f} "
              f"(contributing {on * on_mean:4.0f} + {late * late_mean:4.0f} a step); indexes "
              + " ".join(f"{k:3d}" for k in by_index))
    for who, a in (("H200", hw), ("simgpu", sim)):
        loops = a.sum(axis=1)
        print(f"  {who:7} kernel {cycles[who]:>8,.0f} cycles; warps' loops mean {loops.mean():>8,.0f}, slowest "
              f"{loops.max():>8,.0f}; outside the slowest loop {cycles[who] - loops.max():>6,.0f}")


def main(argv):
    config, records = config_and_records(argv)
    for r in records or RECORDS:
        figures(r, config)


if __name__ == "__main__":
    main(sys.argv[1:])
