"""transpose_smem's phases timed on the H200 and in simgpu
(programs/micro/transpose_clock.s).

    python3 tools/transpose_clock_figures.py [RECORD ...] [--sim n=256]

(default: traces/h200/micro/micro_transpose_clock*.json.gz, made by
`tools/device_transpose_clock.sh`). Per record, from lane 0's clocks t0..t3
of every warp (one SM's clock within a block; tools/dram_clock_figures.py's
reading of a clock record; simgpu runs the same launch and inputs on h200):
  load     t1 - t0: the warp's four global loads' data came (its shared
           stores, which wait for it, issued), p10 p50 p90 over the warps;
  wait     the block's last t1 - the warp's t1: what the barrier makes the
           warp wait for its block's slowest loads (mean over the warps);
           last - median: the block's slowest warp against its median one;
  shared   t3 - the block's last t1: the four 32-way conflicted shared
           loads, served in turn with the block's other warps', after the
           barrier let them go (the block's first and last warp, mean).
t2 is not used: ptxas makes the barrier BAR.SYNC.DEFER_BLOCKING, which
issues at once (t2 - t1 is 2 cycles on the H200) and holds the warp at its
next instruction, where simgpu holds it at the barrier.
`--sim n=N` prints simgpu's figures alone at that size (no record).
`--stagger [RECORD ...]` (default traces/h200/micro/micro_transpose_stagger*.json.gz,
programs/micro/transpose_stagger.s: the same kernel with block b starting
b * stagger cycles late) prints each launch's figures and the share of
warps more than 250 cycles past their block's median warp.
Nothing is written.
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dram_clock_figures import ROOT, clock_record  # noqa: E402
from late_window_figures import LATE  # noqa: E402

RECORDS = sorted((ROOT / "traces" / "h200" / "micro").glob("micro_transpose_clock*.json*"))
WARPS = 8                                          # the block's warps (32 x 8 threads)


def phases(buf):
    """Per block (rows) and warp (columns): t0..t3 against the block's first
    t0, and each warp's %smid."""
    a = np.asarray(buf, dtype=np.uint32).ravel().reshape(-1, WARPS, 5)
    t = a[:, :, :4].astype(np.int64)
    return (t - t[:, :, :1].min(axis=1, keepdims=True)) % (1 << 32), a[:, :, 4]


def row(who, t):
    load, t1, t3 = t[:, :, 1] - t[:, :, 0], t[:, :, 1], t[:, :, 3]
    last = t1.max(axis=1, keepdims=True)
    shared = t3 - last
    pct = lambda x: " ".join(f"{v:5.0f}" for v in np.percentile(x, [10, 50, 90]))  # noqa: E731
    return (f"  {who:7} load {pct(load)}   wait mean {(last - t1).mean():4.0f}, last - median p50 "
            f"{np.median(last[:, 0] - np.median(t1, axis=1)):4.0f}   shared first {shared.min(axis=1).mean():5.0f} "
            f"last {shared.max(axis=1).mean():5.0f} mean {shared.mean():5.0f}")


def simulated(sizes):
    from simgpu.recipe import parse_recipe, run_recipe
    run = run_recipe(parse_recipe(ROOT / "programs" / "micro" / "transpose_clock.s"), sizes, config="h200",
                     lower="ptxas")
    return run.buffers["lat"], run.results[0].stats["cycles"]


def figures(path):
    record, entry, _, _, run = clock_record(path)
    hw, _ = phases(record["kept"]["buffers"]["lat"])
    sim, _ = phases(run.buffers["lat"])
    cycles = entry["ncu"]["launches"][0]["gpc__cycles_elapsed.max"], run.results[0].stats["cycles"]
    print(f"{Path(path).name}: {record['device']}, {record['date'][:16]}, n={entry['sizes']['n']}: "
          f"{hw.shape[0]} blocks of {WARPS} warps, cycles; kernel "
          f"{cycles[0]:,.0f} cycles on the H200, {cycles[1]:,.0f} simulated")
    print(row("H200", hw))
    print(row("simgpu", sim))


def late_share(t):
    """Share of warps whose loads came more than LATE (250) cycles after their block's median warp's."""
    t1 = t[:, :, 1]
    return float((t1 - np.median(t1, axis=1, keepdims=True) > LATE).mean())


def stagger(paths):
    for path in paths or sorted((ROOT / "traces" / "h200" / "micro").glob("micro_transpose_stagger*.json*")):
        record, entry, recipe, _, run = clock_record(path)
        print(f"{Path(path).name}: {record['device']}, {record['date'][:16]}, n={entry['sizes']['n']}")
        for L in recipe.launches:
            args = [a.strip() for a in L.exprs["args"].strip("() ").split(",")]
            name, step = args[3], args[4]               # (out, a, n, lat, stagger)
            hw, _ = phases(record["kept"]["buffers"][name])
            sim, _ = phases(run.buffers[name])
            print(f"  stagger {step:>5}: warps late H200 {late_share(hw):5.1%}, simgpu {late_share(sim):5.1%}")
            print(row("H200", hw))
            print(row("simgpu", sim))


def main(argv):
    if argv[:1] == ["--stagger"]:
        stagger(argv[1:])
        return
    if argv[:1] == ["--sim"]:
        sizes = dict(s.split("=", 1) for s in argv[1:]) or {"n": "256"}
        buf, cycles = simulated(sizes)
        t, _ = phases(buf)
        print(f"simgpu alone, {sizes}: {t.shape[0]} blocks, kernel {cycles:,} cycles")
        print(row("simgpu", t))
        return
    for r in argv or RECORDS:
        figures(r)


if __name__ == "__main__":
    main(sys.argv[1:])
