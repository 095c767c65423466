"""What matmul_clock.s's clocks cost, on the H200 and in simgpu
(programs/micro/matmul_loop_clock.s).

    python3 tools/matmul_loop_figures.py [--config CONFIG] [RECORD ...]

(default: traces/h200/micro/micro_matmul_loop_clock.json.gz and _r2, made
by `OUT=... bash tools/device_clock_record.sh matmul_loop_clock loop,lat`).
Per record: mm_loop_clock's loop (matmul_naive.s's kernel, its loop timed
only from before to after) as cycles a pass of 4 k, over the warps (mean,
p5, p50, p95, slowest), next to simgpu's; then mm_smem_clock's steps
(matmul_clock.s's, each step's cycles kept in shared memory instead of
stored to global memory) as tools/matmul_clock_figures.py prints them, and
its warps' loops as cycles a step. matmul_clock.s's steps (its records) are
the third line to set them against. simgpu runs on CONFIG (default h200).
Nothing is written.
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dram_clock_figures import ROOT, clock_record, config_and_records  # noqa: E402
from matmul_clock_figures import BANDS, late_split  # noqa: E402

RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_matmul_loop_clock{r}.json.gz" for r in ("", "_r2")]


def loop_row(who, loops, passes):
    a = loops / passes
    p5, p50, p95 = np.percentile(a, [5, 50, 95])
    return f"  {who:7} {a.mean():7.1f} {p5:6.0f} {p50:6.0f} {p95:6.0f} {a.max():7.0f}"


def figures(path, config="h200"):
    record, entry, _, _, run = clock_record(path, config=config)
    n = int(entry["sizes"]["n"])
    passes = n // 4
    kept = record["kept"]["buffers"]
    hw_loop = np.asarray(kept["loop"], dtype=np.int64).ravel().reshape(-1, 2)[:, 1]
    sim_loop = np.asarray(run.buffers["loop"], dtype=np.int64).ravel().reshape(-1, 2)[:, 1]
    hw = np.asarray(kept["lat"], dtype=np.int64).ravel().reshape(-1, passes + 1)[:, 1:]
    sim = np.asarray(run.buffers["lat"], dtype=np.int64).ravel().reshape(-1, passes + 1)[:, 1:]
    cycles = [(L["kernel"], L["gpc__cycles_elapsed.max"], r.stats["cycles"])
              for L, r in zip(entry["ncu"]["launches"], run.results)]
    print(f"{Path(path).name}: {record['device']}, {record['date'][:16]}, n={n}: {hw_loop.size} warps; "
          + "; ".join(f"{k} {h:,.0f} cycles (simgpu {s:,})" for k, h, s in cycles))
    print(f"  mm_loop_clock, its loop's cycles / {passes} passes of 4 k:")
    print(f"  {'':7} {'mean':>7} {'p5':>6} {'p50':>6} {'p95':>6} {'slowest':>7}")
    print(loop_row("H200", hw_loop, passes))
    print(loop_row("simgpu", sim_loop, passes))
    print(f"  mm_smem_clock, cycles a step over steps 3-{passes}, then its warps' loops / {passes}:")
    print(f"  {'':7} {'p50':>5} {'mean':>6} {'p95':>5}   on time, late (mean)        share of steps by cycles: "
          + " ".join(f"{lo}-" for lo in BANDS[:-1]))
    for who, a in (("H200", hw), ("simgpu", sim)):
        s = a[:, 2:]
        on, on_mean, late, late_mean, _ = late_split(s)
        share = np.histogram(s, bins=BANDS)[0] / s.size
        print(f"  {who:7} {np.median(s):5.0f} {s.mean():6.1f} {np.percentile(s, 95):5.0f}   {on:5.1%} ({on_mean:4.0f}) "
              f"{late:5.1%} ({late_mean:4.0f})   " + " ".join(f"{x:.3f}" for x in share))
    print(f"  {'':7} {'mean':>7} {'p5':>6} {'p50':>6} {'p95':>6} {'slowest':>7}")
    print(loop_row("H200", hw.sum(axis=1), passes))
    print(loop_row("simgpu", sim.sum(axis=1), passes))


def main(argv):
    config, records = config_and_records(argv)
    for r in records or RECORDS:
        figures(r, config)


if __name__ == "__main__":
    main(sys.argv[1:])
