"""The H200's late DRAM answers, as the clock micros time them, next to
simgpu's: what `dram_late_permil`, `dram_late_cycles`,
`dram_late_min_cycles` and `dram_late_chunk_bytes` (memory/hierarchy.py
late_fill) are read from (the floor also from matmul_naive's timed steps,
tools/matmul_clock_figures.py).

    python3 tools/late_window_figures.py [--config CONFIG] [--pairs] [RECORD ...]

For every launch of one line a warp a pass (traces/h200/micro/
micro_dram_clock.json.gz and _r2: sums streaming 1x1 to 132x32 blocks x
warps; micro_gather_clock.json.gz and _r2: gather1, one line a pass, on 1
and 132 SMs): the share of passes more than LATE cycles past the launch's
median pass, and by how much those passes exceed the median (mean, p25,
p50, p75, p95) and, for 132 SMs of one warp (each warp reading the next line
of the same 4 KB chunk a pass), the chance that its next pass (and the one
after) is late when this one was. Then, for dram_clock's 1x32 launch (one SM whose 32 warps
read the 32 lines of one 4 KB chunk each pass) and gather_stride's gather4
1x8 (one SM whose 8 warps read 4 chunks each, all 32 chunks different), the
chance that a warp's read is late when another warp's read of the same
chunk (or of another chunk) started within a gap of cycles of it and was
late: the warps of one SM share its clock, so their passes' start times
compare. With --pairs, only pair_clock.s's records (micro_pair_clock.json.gz
and _r2: two warps of one SM reading two lines of one 4 KB block, D bytes
and DELTA cycles apart): how often the second read is late when the first
is, and when it is not. simgpu runs the same launches
on CONFIG (default h200). RECORD ...: other streams' records instead (the
H100's: traces/h100/micro/micro_dram_clock*.json.gz, with --config h100),
the chunk figures left out. Nothing is written.
"""
import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dram_clock_figures import ROOT, clock_record  # noqa: E402

MICRO = ROOT / "traces" / "h200" / "micro"
STREAMS = [MICRO / f"micro_dram_clock{r}.json.gz" for r in ("", "_r2")] + \
          [MICRO / f"micro_gather_clock{r}.json.gz" for r in ("", "_r2")]
PAIRS = [(MICRO / f"micro_dram_clock{r}.json.gz", "stream_clock", 1, 32) for r in ("", "_r2")] + \
        [(MICRO / f"micro_gather_stride{r}.json.gz", "gather4", 1, 8) for r in ("", "_r2")]
LATE = 250            # cycles past the launch's median pass: past the near/far partitions' spread
GAPS = (0, 100, 300, 700, 1500)


RUNS = {}


def launches(path, config):
    """[(kernel, blocks, warps a block, {who: (blocks*warps x passes+1) clock buffer})] of a record."""
    from simgpu.crosscheck import simulate_recorded
    from simgpu.recipe import prepare
    record, entry, recipe, names, _ = clock_record(path, simulate=False)
    key = (entry["program"], tuple(sorted(entry["sizes"].items())), str(config))
    if key not in RUNS:                  # a record's second run is the same launch: simulated once
        RUNS[key] = simulate_recorded(entry, config)
    run = RUNS[key]
    passes = int(entry["sizes"]["passes"])
    sizes = {k: str(v) for k, v in entry["sizes"].items()}
    out = []
    for (kernel, grid, block, _, _), name in zip(prepare(recipe, sizes)[3], names):
        bufs = {gpu_name(record): record["kept"]["buffers"][name], "simgpu": run.buffers[name]}
        out.append((kernel, int(np.prod(grid)), int(np.prod(block)) // 32,
                    {who: np.asarray(b, dtype=np.int64).ravel().reshape(-1, passes + 1) for who, b in bufs.items()}))
    return out


def gpu_name(record):
    """The record's GPU, short: H200, H100."""
    return record["device"].replace("NVIDIA ", "").split()[0]


def excess(a):
    """(share of passes 3.. more than LATE past the median, their excess over it)."""
    d = a[:, 3:]
    med = np.median(d)
    ex = d[d > med + LATE] - med
    return ex.size / d.size, ex


def together(a, warps):
    """P(late | another warp's read within each GAPS band of it was late), per band, and the pairs counted.
    a: one SM's warps x (passes + 1), column 0 the clock's low half before the loop."""
    start = (a[:, 0] - a[:, 0].min()) % (1 << 32)
    d = a[:, 1:]
    issue = start[:, None] + np.cumsum(d, axis=1) - d
    late = d > np.median(d[:, 2:]) + LATE
    hits = np.zeros(len(GAPS) - 1)
    pairs = np.zeros(len(GAPS) - 1)
    for k in range(2, d.shape[1]):
        gap = np.abs(issue[:, k, None] - issue[None, :, k])
        both = late[:, k, None] & late[None, :, k]
        for b, (lo, hi) in enumerate(zip(GAPS[:-1], GAPS[1:])):
            m = (gap >= lo) & (gap < hi)
            np.fill_diagonal(m, False)
            pairs[b] += (m & late[:, k, None]).sum()
            hits[b] += (m & both).sum()
    return hits / np.maximum(pairs, 1), pairs


def after(a, lags=(1, 2)):
    """P(a warp's pass k + lag is late | pass k was), per lag."""
    d = a[:, 3:]
    late = d > np.median(d) + LATE
    return [(late[:, lag:] & late[:, :-lag]).sum() / max(1, late[:, :-lag].sum()) for lag in lags]


PAIR_LAUNCHES = ["128 B apart, at once", "1 KB apart, at once", "2 KB apart, at once", "another buffer, at once",
                 "128 B apart, +100", "128 B apart, +200", "128 B apart, +400", "1 KB apart, +200"]


def pairs(config):
    """pair_clock.s: per launch, P(B late | A late) against P(B late | A not)."""
    print(f"two reads of one 4 KB block by two warps of one SM: the second late when the first is / is not "
          f"(more than {LATE} cycles past its median; simgpu: {config})")
    for path in [MICRO / f"micro_pair_clock{r}.json.gz" for r in ("", "_r2")]:
        for label, (kernel, blocks, warps, bufs) in zip(PAIR_LAUNCHES, launches(path, config)):
            for who, buf in bufs.items():
                raw = buf.ravel().reshape(blocks, 2, -1, 2)           # block, warp, pass, (issued, cycles)
                issued, lat = raw[..., 0], raw[..., 1]
                a, b = lat[:, 0, 1:], lat[:, 1, 1:]
                gap = ((issued[:, 1, 1:] - issued[:, 0, 1:] + (1 << 31)) % (1 << 32)) - (1 << 31)
                la, lb = a > np.median(a) + LATE, b > np.median(b) + LATE
                print(f"  {path.name[6:26]:20} {label:24} {who:6} gap p50 {np.median(gap):5.0f}  late {la.mean():5.1%} "
                      f"{lb.mean():5.1%}  together {(la & lb).sum() / max(1, la.sum()):4.2f}  "
                      f"alone {(lb & ~la).sum() / max(1, (~la).sum()):4.2f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--config", default="h200")
    ap.add_argument("--pairs", action="store_true", help="only pair_clock.s's records")
    ap.add_argument("records", nargs="*", help="streams' records (default: the H200's)")
    a = ap.parse_args(argv)
    if a.pairs:
        pairs(a.config)
        return
    print(f"one line a warp a pass: passes more than {LATE} cycles past the median, and by how much (simgpu: {a.config})")
    print(f"  {'':44} {'late':>6} {'mean':>6} {'p25':>5} {'p50':>5} {'p75':>5} {'p95':>5}   next late, the one after")
    for path in [Path(r) for r in a.records] or STREAMS:
        for kernel, blocks, warps, bufs in launches(path, a.config):
            if kernel not in ("stream_clock", "gather1"):
                continue
            for who, buf in bufs.items():
                share, ex = excess(buf)
                q = np.percentile(ex, [25, 50, 75, 95]) if ex.size else [np.nan] * 4
                nxt = " ".join(f"{v:5.2f}" for v in after(buf)) if blocks == 132 and warps == 1 else ""
                print(f"  {path.name[6:26]:20} {kernel:12} {blocks:3}x{warps:<3} {who:6} {share:6.1%} "
                      f"{ex.mean() if ex.size else np.nan:6.0f} " + " ".join(f"{v:5.0f}" for v in q) + "   " + nxt)
    if a.records:
        return
    print("late together: P(a warp's pass is late | another warp of its SM started its read within the gap and was "
          "late); stream_clock 1x32: the same 4 KB chunk, gather4 1x8: other chunks")
    print(f"  {'':44} " + " ".join(f"[{lo},{hi})".rjust(14) for lo, hi in zip(GAPS[:-1], GAPS[1:])))
    for path, kernel, blocks, warps in PAIRS:
        for k, b, w, bufs in launches(path, a.config):
            if (k, b, w) != (kernel, blocks, warps):
                continue
            for who, buf in bufs.items():
                p, n = together(buf, w)
                print(f"  {path.name[6:26]:20} {kernel:12} {blocks:3}x{warps:<3} {who:6} "
                      + " ".join(f"{v:5.2f} ({int(c):5d})" for v, c in zip(p, n)))


if __name__ == "__main__":
    main()
