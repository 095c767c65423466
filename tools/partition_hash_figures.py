"""Which address bits choose a line's home L2 partition on the H200, from the
latency of each DRAM read of a pointer chase (programs/micro/latency_dist.s).

    python3 tools/partition_hash_figures.py [RECORD ...]

(default: traces/h200/micro/micro_latency_dist.json and _r3.json). A DRAM
read answers in about 546 cycles when its line is homed in the reading SM's
own partition and 735 when homed in the other (tools/latency_dist_figures.py);
the script labels each round-1 read near (< SPLIT cycles) or far (SPLIT to
LATE; later ones, the 7% tail, are left out) and finds the linear function
over GF(2) of the line's address bits that agrees with the most labels: the
Walsh-Hadamard transform of the labels, indexed by line number (the
record's chains sit at known offsets in their buffers, whose base the record
does not hold: a base aligned to 2 MB adds a constant to the parity, which
the fit absorbs). For the 132-SM chase each block's labels are relative to
its own SM's partition, so the transform's squares are summed over blocks.
Bits at or above the 2 MB page (line bit 14) are the physical page's and
differ between allocations. Nothing is written; the model's hash is
memory/hierarchy.py's home_partition.

Then which partition each SM of the 132-SM chase is in (the sign of its
labels' agreement with the fitted parity) and the SM each block ran on (its
%smid, kept in the record): the `l2_partition_sms` config value (SMs 2k and
2k+1, a TPC, share a partition; blocks 2j and 2j+1 run on one TPC), and the
runs of blocks in one partition in block order, which the run's page term
makes differ from record to record.
"""
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_latency_dist{r}.json" for r in ("", "_r3")]
SPLIT, LATE = 639, 920          # cycles: latency_dist_figures.py's clusters (546 / 735 / the tail)
BITS = 16                       # line bits 0..15: the chains' offsets stay under 8 MB


def wht(a):
    """Walsh-Hadamard transform: out[s] = sum_x a[x] (-1)^popcount(s & x)."""
    a, h = a.astype(np.float64).copy(), 1
    while h < len(a):
        v = a.reshape(-1, 2, h)
        x, y = v[:, 0, :].copy(), v[:, 1, :].copy()
        v[:, 0, :], v[:, 1, :] = x + y, x - y
        h *= 2
    return a


def signs(lines, latency):
    """The transform of one SM's reads: +1 a near read, -1 a far one; how many were kept."""
    keep = latency < LATE
    acc = np.zeros(1 << BITS)
    np.add.at(acc, lines[keep] & ((1 << BITS) - 1), np.where(latency[keep] >= SPLIT, -1.0, 1.0))
    return wht(acc), int(keep.sum())


def chains(record, which):
    """(lines, round-1 latencies) of each block's chase: which = 1 (one SM) or 2 (132 SMs)."""
    sizes, bufs = record["programs"][0]["sizes"], record["kept"]["buffers"]
    steps, space, jump = sizes[f"steps{which}"], sizes[f"space{which}"], sizes[f"jump{which}"]
    blocks = 1 if which == 1 else sizes["sms"]
    lat = np.asarray(bufs[f"lat{which}"], dtype=np.int64).reshape(blocks, -1)
    n = blocks * steps
    for b in range(blocks):
        pos = b * steps + np.arange(steps)          # load i of block b reads chain position b*steps + i
        yield (pos * jump % n) * space * 8 // 128, lat[b, 1:steps + 1]


def bits(s):
    return [b for b in range(BITS) if s >> b & 1]


def figures(path):
    record = json.loads(Path(path).read_text())
    print(Path(path).name)
    (lines, lat), = chains(record, 1)
    w, n = signs(lines, lat)
    print(f"  one SM, {n} reads (near and far): the best masks, line bits (address bit = line bit + 7)")
    for s in np.argsort(-np.abs(w))[:3]:
        print(f"    {str(bits(s)):28} agree with {(abs(w[s]) / n + 1) / 2:6.1%}")
    total, n, blocks = np.zeros(1 << BITS), 0, 0
    for lines, lat in chains(record, 2):
        w, k = signs(lines, lat)
        total, n, blocks = total + w * w, n + k, blocks + 1
    print(f"  {blocks} SMs, {n} reads, each SM's labels against its own partition: the best masks")
    for s in np.argsort(-total)[:3]:
        print(f"    {str(bits(s)):28} agree with {(np.sqrt(total[s] / blocks) / (n / blocks) + 1) / 2:6.1%} "
              "(root mean square over SMs)")


def sm_partitions(path, mask=(5, 6, 8, 10, 12, 15)):
    """Which partition each block's SM is in (0 or 1, by the sign of its near
    and far reads against the mask's parity; a label, not the page term's
    polarity) and the SM each block ran on (`sm2`, its %smid)."""
    record = json.loads(Path(path).read_text())
    s = sum(1 << b for b in mask)
    parts = [0 if signs(lines, lat)[0][s] > 0 else 1 for lines, lat in chains(record, 2)]
    return parts, [int(x) for x in record["kept"]["buffers"]["sm2"]]


def tpc_figures(path):
    """memory/hierarchy.py's l2_partition_sms: SMs 2k and 2k+1 (a TPC) in one
    partition, and blocks 2j, 2j+1 on one TPC."""
    parts, sms = sm_partitions(path)
    by_sm = dict(zip(sms, parts))
    pairs = [k for k in range(0, max(sms) + 1, 2) if k in by_sm and k + 1 in by_sm]
    same = sum(by_sm[k] == by_sm[k + 1] for k in pairs)
    on_tpc = sum(sms[b] // 2 == sms[b + 1] // 2 for b in range(0, len(sms) - 1, 2))
    runs = [1]
    for b in range(1, len(parts)):
        runs[-1:] = [runs[-1] + 1] if parts[b] == parts[b - 1] else [runs[-1], 1]
    print(f"  SMs 2k and 2k+1 in one partition: {same} of {len(pairs)} pairs; "
          f"blocks 2j and 2j+1 on one TPC: {on_tpc} of {len(sms) // 2}; "
          f"runs of blocks in one partition, in block order: {runs}")


def main(*records):
    for r in records or RECORDS:
        figures(r)
        tpc_figures(r)


if __name__ == "__main__":
    main(*sys.argv[1:])
