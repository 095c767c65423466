"""The latency of each load of a pointer chase on the H200, as distributions,
next to simgpu's for the same kernel (programs/micro/latency_dist.s).

    python3 tools/latency_dist_figures.py [RECORD ...] [--no-sim]

(default: traces/h200/micro/micro_latency_dist.json and _r3.json, made by
tools/record_latency_dist.py). Each record's `kept` buffers hold, per block,
the cycles between the issues of consecutive dependent loads (`lat`, the
recipe's comment says exactly what) and the block's %smid. Round 1 of each
chase reads every line once from DRAM (the L2 flushed before the launch),
rounds 2 on find the same lines in the L2. Printed:

- the distributions (min, p5, p25, median, p75, p95, p99, max, mean) of one
  warp on one SM and of one warp on each of 132 SMs, DRAM and L2 rounds,
  H200 against simgpu's run of the same recipe at the same sizes (the h200
  config, with the ptxas lowering, as `simgpu compare` runs programs: it
  keeps each %clock64 read right after its load, as ptxas keeps each CS2R
  after its LDG, traces/h200/micro/micro_latency_dist.sass);
- by SM: the spread of the SMs' means and p95s, each SM's means by %smid,
  each block's whole chase against the kernel's slowest (what the launch
  waits for; simgpu's by block), and, given the two
  records, whether an SM's means repeat in the other record, where the
  blocks landed on other SMs and so each SM read other lines;
- the structure: whether a line's L2 latency repeats from round to round
  (rank correlation per block's line), the clusters of the L2 hits and of
  the DRAM reads (split where the between-class variance is largest), and
  the DRAM reads' clusters against the L2's;
- from traces/h200/l2_coalescing.json (`pair`: warps on SM 0 and on SM 1, 2,
  66, 131 reading the same 256 cold lines): which lines are fast from DRAM
  for one SM and for another;
- the sum of each chase's kept latencies against Nsight Compute's cycles of
  the same launch (a check that the kept pass ran at the clocks of the
  counted one).

Nothing is written; a measurement of what a fixed latency leaves out, not a fit.
"""
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
MICRO = ROOT / "traces" / "h200" / "micro"
RECORDS = [MICRO / "micro_latency_dist.json", MICRO / "micro_latency_dist_r3.json"]
PAIRS = ROOT / "traces" / "h200" / "l2_coalescing.json"
PCT = (0, 5, 25, 50, 75, 95, 99, 100)
CASES = (("1 warp, 1 SM", "lat1", "sm1", "steps1"), ("1 warp x 132 SMs", "lat2", "sm2", "steps2"))


def rounds(lat, blocks, steps, n_rounds):
    """lat as (blocks, rounds, steps): sample j of a block (1..total) times load j-1."""
    return np.asarray(lat, dtype=np.int64).reshape(blocks, -1)[:, 1:].reshape(blocks, n_rounds, steps)


def stats(x):
    x = np.asarray(x).ravel()
    return [*np.percentile(x, PCT), x.mean()]


def split(x):
    """The threshold that splits x into two classes of the largest between-class variance (Otsu)."""
    x = np.sort(np.asarray(x, dtype=float).ravel())
    c = np.cumsum(x)
    k = np.arange(1, len(x))
    w0, w1 = k / len(x), 1 - k / len(x)
    m0, m1 = c[:-1] / k, (c[-1] - c[:-1]) / (len(x) - k)
    between = w0 * w1 * (m0 - m1) ** 2
    between[x[1:] == x[:-1]] = -1             # split only between distinct values
    i = int(np.argmax(between))
    return (x[i] + x[i + 1]) / 2


def rank_corr(a, b):
    ra, rb = np.argsort(np.argsort(a)), np.argsort(np.argsort(b))
    return float(np.corrcoef(ra, rb)[0, 1])


def row(label, v):
    return f"  {label:22}" + "".join(f"{x:7.0f}" for x in v[:-1]) + f"{v[-1]:8.1f}"


def header():
    return f"  {'':22}" + "".join(f"{h:>7}" for h in ("min", "p5", "p25", "p50", "p75", "p95", "p99", "max")) + \
        f"{'mean':>8}"


def simulate(entry):
    from simgpu.crosscheck import simulate_recorded
    return simulate_recorded(entry, "h200").buffers


def figures(path, sim=True):
    record = json.loads(Path(path).read_text())
    entry, kept = record["programs"][0], record["kept"]
    sizes = entry["sizes"]
    R = int(sizes["rounds"])
    print(f"{Path(path).name}: {record['device']}, {record['date'][:16]}, {record['nvidia_smi']}")
    print(f"  sizes {sizes}; checks of the kept pass: {kept['checks']}")
    hw = kept["buffers"]
    simb = simulate(entry) if sim else None
    launches = entry["ncu"]["launches"]
    chases = [L for L in launches if L["kernel"] == "lat_chase"]
    for (title, lat, smb, steps_key), ncu in zip(CASES, chases):
        S = int(sizes[steps_key])
        blocks = len(hw[smb])
        H = rounds(hw[lat], blocks, S, R)
        G = rounds(simb[lat], blocks, S, R) if sim else None
        print(f"\n {title} ({blocks} block(s), {S} lines each, {R} rounds; cycles from one load's issue to the next's)")
        print(header())
        for name, sl in (("DRAM (round 1)", slice(0, 1)), (f"L2 (rounds 2-{R})", slice(1, R))):
            print(row(f"{name} H200", stats(H[:, sl])))
            if sim:
                print(row(f"{name} simgpu", stats(G[:, sl])))
        total = H.sum(axis=(1, 2))
        print(f"  Nsight Compute cycles of this launch {ncu['gpc__cycles_elapsed.max']:,.0f}; "
              f"the kept pass's slowest block {total.max():,} (its chase's loads, summed)")
        if blocks > 1:
            by_sm(H, np.asarray(hw[smb]), G, R)
        structure(H, R, blocks)


def by_sm(H, sm, G, R):
    """Each SM's means (a 50/50 mix of two clusters makes its median jump between them)."""
    l2 = H[:, 1:].mean(axis=(1, 2))
    dr = H[:, 0].mean(axis=1)
    tot = H.sum(axis=(1, 2))
    print(f"  by SM ({len(set(sm.tolist()))} distinct %smid): the spread of the SMs' own figures")
    for name, v in (("L2 mean", l2), ("DRAM mean", dr), ("L2 p95", np.percentile(H[:, 1:], 95, axis=(1, 2))),
                    ("DRAM p95", np.percentile(H[:, 0], 95, axis=1))):
        print(f"    {name:12} min {v.min():6.0f}  p25 {np.percentile(v, 25):6.0f}  median {np.median(v):6.0f}"
              f"  p75 {np.percentile(v, 75):6.0f}  max {v.max():6.0f}")
    print(f"    a block's whole chase: min {tot.min():,}  median {np.median(tot):,.0f}  max {tot.max():,} "
          f"(slowest / median {tot.max() / np.median(tot):.3f})", end="")
    if G is not None:
        gt = G.sum(axis=(1, 2))
        print(f"; simgpu min {gt.min():,}  max {gt.max():,} ({gt.max() / np.median(gt):.3f})")
    else:
        print()
    order = np.argsort(sm)
    print("    %smid: L2 mean / DRAM mean")
    for k in range(0, len(order), 8):
        print("    " + "  ".join(f"{sm[i]:3d}:{l2[i]:4.0f}/{dr[i]:4.0f}" for i in order[k:k + 8]))


def across(paths):
    """The same SM's means in two records (its blocks, and so its lines, differ between them)."""
    means = []
    for p in paths:
        record = json.loads(Path(p).read_text())
        sizes, b = record["programs"][0]["sizes"], record["kept"]["buffers"]
        H = rounds(b["lat2"], len(b["sm2"]), int(sizes["steps2"]), int(sizes["rounds"]))
        sm = np.asarray(b["sm2"])
        means.append({int(s): (H[i, 1:].mean(), H[i, 0].mean()) for i, s in enumerate(sm)})
    common = sorted(set(means[0]) & set(means[1]))
    a, b = np.array([means[0][s] for s in common]), np.array([means[1][s] for s in common])
    print(f"the 132-SM chase's SMs in {Path(paths[0]).name} and {Path(paths[1]).name} ({len(common)} SMs):"
          f" correlation of an SM's L2 mean {np.corrcoef(a[:, 0], b[:, 0])[0, 1]:.2f},"
          f" of its DRAM mean {np.corrcoef(a[:, 1], b[:, 1])[0, 1]:.2f}")


def structure(H, R, blocks):
    if R >= 3:
        a, b = H[:, 1].ravel(), H[:, 2].ravel()
        print(f"  the same line in rounds 2 and 3: rank correlation {rank_corr(a, b):.3f}, "
              f"|difference| median {np.median(np.abs(a - b)):.0f}, p95 {np.percentile(np.abs(a - b), 95):.0f} "
              f"cycles (spread of round 2: sd {a.std():.1f})")
    if blocks == 1:
        l2 = H[0, 1:].mean(axis=0)                      # each line's L2 latency, over the L2 rounds
        t = split(l2)
        lo, hi = l2[l2 < t], l2[l2 >= t]
        print(f"  L2 hits, two clusters split at {t:.1f}: {len(lo)} lines mean {lo.mean():.1f} (sd {lo.std():.1f}), "
              f"{len(hi)} lines mean {hi.mean():.1f} (sd {hi.std():.1f})")
        d = H[0, 0].astype(float)
        t1 = split(d[d < np.percentile(d, 90)])
        rest = d[d >= t1]
        t2 = split(rest)
        f, s, tail = d[d < t1], rest[rest < t2], rest[rest >= t2]
        print(f"  DRAM reads, clusters split at {t1:.0f} and {t2:.0f}: {len(f)} mean {f.mean():.0f}, "
              f"{len(s)} mean {s.mean():.0f}, {len(tail)} mean {tail.mean():.0f} (max {tail.max():.0f})")
        fl, fd = l2 < t, d < t1
        print(f"  DRAM fast/slow against the line's L2 cluster (fast/slow): "
              f"{(fd & fl).sum()}/{(~fd & fl).sum()} and {(fd & ~fl).sum()}/{(~fd & ~fl).sum()}; "
              f"DRAM median of the L2-fast lines {np.median(d[fl]):.0f}, of the L2-slow {np.median(d[~fl]):.0f}")


def pairs(path=PAIRS):
    """Cold lines read first by SM 0 (delay >= 600: the other warp comes later) or by the other
    SM (delay <= -600): each line fast or slow from DRAM for each SM."""
    runs = json.loads(Path(path).read_text())["pair"]["launches"]
    sm0 = np.array([r["lat_a"] for r in runs if r["delay"] >= 600])
    t = split(sm0.ravel()[sm0.ravel() < np.percentile(sm0, 90)])
    fast0 = np.median(sm0, axis=0) < t
    print(f"\n{Path(path).name} `pair`: 256 cold lines, one 128-byte line a load; fast from DRAM: below {t:.0f}")
    print(f"  SM 0 first ({len(sm0)} launches): {fast0.sum()} of 256 lines fast by their median; "
          f"a launch's fast set agrees with that on {np.mean([(r < t) == fast0 for r in sm0]):.0%} of the lines")
    for r in runs:
        if r["delay"] <= -600:
            f = np.array(r["lat_b"]) < t
            print(f"  SM {r['sm_b']:3d} first: {f.sum():3d} fast; agrees with SM 0's fast set on {(f == fast0).mean():.0%}")


def main(*args):
    sim = "--no-sim" not in args
    paths = [a for a in args if not a.startswith("--")] or [p for p in RECORDS if p.exists()]
    for p in paths:
        figures(p, sim)
        print()
    if len(paths) == 2:
        across(paths)
    if PAIRS.exists():
        pairs()


if __name__ == "__main__":
    main(*sys.argv[1:])
