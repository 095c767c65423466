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
from dram_clock_figures import LATE, ROOT, clock_record  # noqa: E402

RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_matmul_clock{r}.json" for r in ("", "_r2")]
BANDS = [0, 500, 600, 700, 800, 900, 1000, 1200, 1500, 10 ** 9]


def steps(buf, n):
    return np.asarray(buf, dtype=np.int64).ravel().reshape(-1, n // 4 + 1)[:, 1:]


def figures(path):
    record, entry, _, _, run = clock_record(path)
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
    for who, a in (("H200", hw), ("simgpu", sim)):
        loops = a.sum(axis=1)
        print(f"  {who:7} kernel {cycles[who]:>8,.0f} cycles; warps' loops mean {loops.mean():>8,.0f}, slowest "
              f"{loops.max():>8,.0f}; outside the slowest loop {cycles[who] - loops.max():>6,.0f}")


def main(*records):
    for r in records or RECORDS:
        figures(r)


if __name__ == "__main__":
    main(*sys.argv[1:])
