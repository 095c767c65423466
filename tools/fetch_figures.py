"""Fit the instruction-fetch figures to the H200 records of cold-cache fetch.

    python3 tools/fetch_figures.py [traces/h200/micro]

The records are what `tools/crosscheck_cuda.py --ncu` wrote on the H200 for
programs/micro/fetch_cold.s (micro_fetch.json) and programs/micro/fetch_start.s
(micro_fetch_start.json), each launch under Nsight Compute, which flushes the
caches before it. The no_instruction warp-cycles of a launch are

    smsp__average_warps_issue_stalled_no_instruction_per_issue_active x smsp__inst_executed.sum

and the four launches of ONE warp on ONE SM, from a cold cache, give them
against the length of the code the warp runs through once: start_tiny (2
lines of 128 bytes), start_16 (its loop once: 20 lines), fetch_512 once (68)
and fetch_1024 once (132).

simgpu/timing/fetch.py's model -- when a warp needs line k, the SM's fetcher
requests lines k .. k + D not yet asked for, one a cycle, each arriving L
cycles after its request; the warp asks for a line when it issues the last
instruction of the one before, one instruction a cycle -- is replayed here
for one warp over K straight lines, and L (`fetch_miss_cycles`) and D
(`fetch_lookahead_lines`) are the pair on a grid (L 100..300, D 1..16) with
the least mean relative error over the four launches. It prints the fit, the
other launches' figures (a warm second pass; 4 warps on one SM and one warp
on each of 66 or 132 SMs, which the per-SM model does not distinguish) and
the TOML lines for simgpu/configs/h100.toml, citing the records; nothing is
written.
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "traces" / "h200" / "micro"
NOI = "smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio"
INST = "smsp__inst_executed.sum"
LINE_INSTRS = 8


def _launches(path, stem):
    record = json.loads(Path(path).read_text())
    entry = next(p for p in record["programs"] if Path(p["program"]).stem == stem)
    return record, [(L["kernel"], L["grid"], L["block"], m[NOI] * m[INST], m[INST])
                    for L, m in zip(entry["launches"], entry["ncu"]["launches"])]


def replay(lines, miss, lookahead):
    """no_instruction cycles of one warp running once through `lines` cold
    lines of straight code under fetch.py's model (one instruction a cycle)."""
    arrive, free, upto, t, wait = {}, 0, -1, 0, 0
    for k in range(lines):
        hi = min(k + lookahead, lines - 1)
        if k not in arrive or upto < hi:
            for j in range(k, hi + 1):
                if j not in arrive:
                    s = max(t, free)
                    free = s + 1
                    arrive[j] = s + miss
            upto = max(upto, hi)
        if arrive[k] > t:
            wait += arrive[k] - t - (1 if k else 0)    # from the cycle after the one it asked in
            t = arrive[k]
        t += LINE_INSTRS
    return wait


def figures(folder=RECORDS):
    rec_c, cold = _launches(Path(folder) / "micro_fetch.json", "fetch_cold")
    rec_s, start = _launches(Path(folder) / "micro_fetch_start.json", "fetch_start")
    one = lambda launches, kernel: next(x for x in launches if x[0] == kernel and x[1] == [1] and x[2] == [32])
    points = [("start_tiny", 2, one(start, "start_tiny")[3]), ("start_16", 20, one(start, "start_16")[3]),
              ("fetch_512", 68, cold[0][3]), ("fetch_1024", 132, cold[2][3])]
    best = None
    for miss in range(100, 301, 2):
        for look in range(1, 17):
            err = sum(abs(replay(k, miss, look) - v) / v for _, k, v in points) / len(points)
            if best is None or err < best[0]:
                best = (err, miss, look)
    err, miss, look = best
    return {"fetch_miss_cycles": miss, "fetch_lookahead_lines": look, "mean_rel_error": err,
            "points": [(name, k, v, replay(k, miss, look)) for name, k, v in points],
            "warm_extra": cold[1][3] - cold[0][3], "four_warps_one_sm": cold[4][3] / 4, "one_warp_132_sms": cold[5][3] / 132,
            "date": rec_s.get("date", "")[:10], "device": rec_s.get("device")}


def main(argv):
    folder = Path(argv[1]) if len(argv) > 1 else RECORDS
    f = figures(folder)
    for name, k, v, sim in f["points"]:
        print(f"{name:11s} {k:4d} lines: no_instruction {v:7.1f} measured, {sim:5d} fitted ({100 * (sim / v - 1):+.1f}%)")
    print(f"warm second pass of fetch_512: {f['warm_extra']:+.0f}; fetch_1024 per warp: 4 warps on one SM "
          f"{f['four_warps_one_sm']:.0f}, one warp on each of 132 SMs {f['one_warp_132_sms']:.0f}")
    pts = ", ".join(f"{k} lines {v:,.0f}" for _, k, v, _ in f["points"])
    src = (f"traces/h200/micro/micro_fetch_start.json and micro_fetch.json: one warp on one SM from a cold cache, "
           f"no_instruction warp-cycles {pts}; fitted within {100 * max(abs(s / v - 1) for _, _, v, s in f['points']):.0f}% "
           f"by tools/fetch_figures.py; {f['device']}, {f['date']}")
    print(f"fetch_miss_cycles = {f['fetch_miss_cycles']}          # meas: a cold line arrives this long after the "
          f"SM's fetcher asks for it ({src})")
    print(f"fetch_lookahead_lines = {f['fetch_lookahead_lines']}       # meas: a warp's need of line k makes the "
          f"fetcher ask for lines k to k + this (as above)")


if __name__ == "__main__":
    main(sys.argv)
