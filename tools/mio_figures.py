"""Derive `mio_queue_depth` and `l1tex_queue_entries` from the H200 record of the MIO queue.

    python3 tools/mio_figures.py [traces/h200/mio_queue.json]

The record (tools/measure_mio_queue.py) has, under Nsight Compute, one block
per SM of k warps on each of nsp schedulers: bursts of 64 STS.32 on one
scheduler (k = 1, 2, 4, 8), bursts of B = 8..128 STS.128 on one scheduler
(k = 2) and on four (k = 1), and 8 bar.sync a pass with 1..8 warps per
scheduler. The script runs the same PTX (the tool's `kernel`) on simgpu's
h200 config, one block, and compares the warp states per issued
instruction, as Nsight counts them (smsp__average_warps_issue_stalled_*_per_issue_active):

- mio_queue_depth: the scheduler's queue. STS.32 bursts on one scheduler
  leave it at one instruction per `interval_mio_cycles` (the record: 4.07 to
  4.25 cycles per STS with 2, 4, 8 warps, the data stage could take one a
  cycle), so only this queue fills; and the barrier arrivals, which never
  reach the L1TEX. Fitted: the depth 1..12 with the least sum of absolute
  errors of `mio_throttle` over these 11 launches, simulated with
  round-robin issue (scheduler_policy "lrr"): on the H200 the warps of one
  scheduler stay resident to the end (their warp-cycles per instruction add
  up to k x the cycles per instruction, 29.8 with 8 warps), as round-robin
  has them, where greedy-then-oldest has the oldest warp take every freed
  entry and the warps end one after another (18.4);
- l1tex_queue_entries: entries of shared accesses queued per SM ahead of the data stage
  (a store one per 128 bytes of its data: an STS.128 4).
  STS.128 bursts on four schedulers (4 wavefronts each, 16 cycles a
  scheduler) back up through it into the schedulers' queues. Fitted the same
  way over those 5 launches, and `short_scoreboard` (the burst's closing
  load waits for the stores ahead of it) with it.

- scheduler_policy: the STS.32 launches again with round-robin issue and
  with greedy-then-oldest, their warp-cycles per instruction in all states
  (Nsight's sum over every state, `selected` included: k warps x the
  scheduler's cycles per instruction while all k are resident) and in
  `mio_throttle`, against the H200's.

The launches of STS.128 on one scheduler are printed and not fitted: one
scheduler alone passes one STS.128 every 10.2 cycles on the H200 (its store
data, 512 bytes, leaves the scheduler slower than 4 cycles), which simgpu
does not model. Prints the table and the TOML lines; writes nothing.
"""
import json
import sys
from pathlib import Path
from types import MappingProxyType

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
RECORD = ROOT / "traces" / "h200" / "mio_queue.json"
STATES = ("mio_throttle", "short_scoreboard", "wait", "not_selected", "barrier")


def measured(row):
    n = row["ncu"]
    return {s: float(n[f"smsp__average_warps_issue_stalled_{s}_per_issue_active.ratio"]) for s in STATES}


def measured_total(row):
    return sum(float(v) for m, v in row["ncu"].items() if m.startswith("smsp__average_warps_issue_stalled_") and v)


def simulated(row, cfg, total=False):
    import simgpu
    from measure_mio_queue import iters, kernel
    prog = simgpu.load("<mio>.ptx", text=kernel(row["kind"], row["B"]))
    r = simgpu.launch(prog, 1, 128 * row["warps_per_scheduler"],
                      [np.zeros(1024, np.float32), np.uint32(iters(row["kind"], row["B"])), np.uint32(0),
                       np.uint32(row["schedulers"])], config=cfg)
    n = r.stats["warp_instructions"]
    if total:
        return sum(r.stats["stall_cycles"].values()) / n, r.stats["stall_cycles"]["mio_throttle"] / n
    return {s: r.stats["stall_cycles"].get(s, 0) / n for s in STATES}


def fit(rows, cfg, key, values, states):
    """The value of cfg[key] with the least sum of absolute errors of `states` over rows."""
    table = {}
    for v in values:
        c = MappingProxyType({**cfg, key: v})
        table[v] = [simulated(r, c) for r in rows]
    err = {v: sum(abs(s[x] - measured(r)[x]) for r, s in zip(rows, table[v]) for x in states) for v in values}
    best = min(values, key=lambda v: (err[v], v))
    return best, table, err


def figures(path=RECORD):
    from simgpu.config import load_config
    record = json.loads(Path(path).read_text())
    rows = record["results"]
    cfg = {**load_config("h200"), "fetch_miss_cycles": 0}        # the loops run from a warm cache
    own = [r for r in rows if r["kind"] == "sts32" and r["warps_per_scheduler"] > 1 or r["kind"] == "bar"]
    q, tq, eq = fit(own, {**cfg, "scheduler_policy": "lrr"}, "mio_queue_depth", range(1, 13), ("mio_throttle",))
    cfg["mio_queue_depth"] = q
    four = [r for r in rows if r["kind"] == "sts128" and r["schedulers"] == 4]
    f, tf, ef = fit(four, cfg, "l1tex_queue_entries", range(16, 385, 16), ("mio_throttle", "short_scoreboard"))
    cfg["l1tex_queue_entries"] = f
    rest = [r for r in rows if r not in own and r not in four]
    policies = [(r, measured_total(r), measured(r)["mio_throttle"],
                 {p: simulated(r, MappingProxyType({**cfg, "scheduler_policy": p}), total=True) for p in ("lrr", "gto")})
                for r in own if r["kind"] == "sts32"]
    return {"mio_queue_depth": q, "l1tex_queue_entries": f, "errors": (eq, ef), "policies": policies,
            "rows": [(r, measured(r), s) for r, s in zip(own, tq[q])] + [(r, measured(r), s) for r, s in zip(four, tf[f])]
            + [(r, measured(r), simulated(r, MappingProxyType(cfg))) for r in rest],
            "device": record.get("nvidia_smi", "").split(",")[0], "date": record.get("date", "")[:10]}


def main(argv):
    f = figures(Path(argv[1]) if len(argv) > 1 else RECORD)
    print(f"{'launch':28s} " + " ".join(f"{s[:12]:>17s}" for s in STATES[:4]) + "   (H200 / simgpu, warp-cycles per instruction)")
    for r, m, s in f["rows"]:
        name = f"{r['kind']} B={r['B']} k={r['warps_per_scheduler']} nsp={r['schedulers']}"
        print(f"{name:28s} " + " ".join(f"{m[x]:8.2f} /{s[x]:7.2f}" for x in STATES[:4]))
    print("STS.32 bursts on one scheduler, warp-cycles per instruction, all states / mio_throttle: H200, lrr, gto")
    for r, tot, mio, sim in f["policies"]:
        print(f"  k={r['warps_per_scheduler']}: H200 {tot:5.1f} / {mio:5.2f}   lrr {sim['lrr'][0]:5.1f} / {sim['lrr'][1]:5.2f}"
              f"   gto {sim['gto'][0]:5.1f} / {sim['gto'][1]:5.2f}")
    print(f"mio_queue_depth = {f['mio_queue_depth']}                    # meas: a scheduler's MIO queue holds this many "
          f"instructions: fitted to the H200's mio_throttle with 2-8 warps on one scheduler passing STS.32 bursts and "
          f"1-8 warps per scheduler passing bar.sync (traces/h200/mio_queue.json, tools/mio_figures.py; {f['device']}, "
          f"{f['date']})")
    print(f"l1tex_queue_entries = {f['l1tex_queue_entries']}                 # meas: entries of shared accesses (a store one "
          f"per 128 bytes of its data) the L1TEX holds per SM ahead of its data stage: fitted to the H200's mio_throttle and short_scoreboard with STS.128 "
          f"bursts of 8-128 on four schedulers (traces/h200/mio_queue.json, tools/mio_figures.py; {f['device']}, "
          f"{f['date']})")


if __name__ == "__main__":
    main(sys.argv)
