"""Sampled against full simulation on grids dealt in more than one round (issue 8, item 3).

    python3 tools/sampled_rounds.py [--out CSV] [--jobs N] [--deltas -1,0,1] [--sms 16] [CASE ...]
    python3 tools/sampled_rounds.py --summary CSV

CASE is program:key=value;key=value@config (default: CASES below: the
suite's programs whose blocks read the same data, at sizes where their grid
takes more than one round of the GPU's block slots with a partial last round
on the a100 or h100 -- the grids run.no_error_bound is about;
those whose blocks have their own data are validated in
tests/test_sampling.py -- and one grid of one round, as a control). For each case and each delta d the script runs the
whole grid (full) and a sampled run (`sample_sms`, timing/run.py) on the
config with its `latency_dram_cycles` moved by d cycles (a config file whose
`base` is the config): the full runs' spread over d is how far the full
simulation is itself from one figure -- where the last round's blocks are
dealt by a race between the SMs, a cycle of DRAM latency moves its cycles by
up to 18% (matmul_tiled n=512 on the a100) -- and the sampled runs' error is
measured against the full run with the same d. One row per run and launch
(simulations, not hardware measurements); a summary table goes to stdout.
"""
import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CASES = [
    "matmul_tiled:n=512@a100", "matmul_tiled:n=768@a100", "matmul_tiled:n=768@h100",
    "matmul_naive:n=512@a100", "matmul_naive:n=768@a100", "matmul_naive:n=768@h100",
    "matmul_tiled32:n=512@a100", "matmul_tiled32:n=768@a100", "matmul_tiled32:n=768@h100",
    "matmul_batched:@a100", "matmul_batched:batch=128@a100", "matmul_batched:batch=128@h100",
    "attention_naive:N=1024@a100", "attention_naive:N=1024@h100",
    "matmul_registers:n=1536@a100", "matmul_registers:n=2048@a100", "matmul_registers:n=2048@h100",
    'matmul_cublas:n=1408@a100', 'matmul_cublas:n=1536@a100', 'matmul_cublas:n=1536@h100',
    'matmul_cublas:n=1793;tile="256x128"@a100', "attention_flash:N=4096@a100",
    "matmul_naive:n=464@a100",          # one round of 841 blocks: a control
]
FIELDS = ["program", "sets", "config", "launch", "mode", "sample_sms", "dram_latency_delta", "blocks",
          "blocks_per_sm", "slots", "rounds", "cycles", "l2_hit_rate", "dram_read_bytes", "warp_instructions",
          "caveat", "host_seconds", "commit"]


def parse_case(case):
    prog, rest = case.split(":", 1)
    sets, config = rest.rsplit("@", 1)
    return prog, dict(kv.split("=", 1) for kv in sets.split(";") if kv), config


def config_for(config, delta, tmp):
    """The config with latency_dram_cycles moved by delta cycles (the config itself for 0)."""
    if not delta:
        return config
    from simgpu.config import load_config
    path = Path(tmp) / f"{config}_dram{delta:+d}.toml"
    path.write_text(f'base = "{config}"\nlatency_dram_cycles = {load_config(config)["latency_dram_cycles"] + delta}\n')
    return str(path)


def one(job):
    case, mode, delta, sms, tmp, commit = job
    from simgpu.config import load_config
    from simgpu.recipe import parse_recipe, run_recipe
    prog, sets, config = parse_case(case)
    t0 = time.perf_counter()
    run = run_recipe(parse_recipe(ROOT / "programs" / f"{prog}.s"), sets or None,
                     config=config_for(config, delta, tmp), **({"sample_sms": sms} if mode == "sampled" else {}))
    seconds = time.perf_counter() - t0
    n_sm = load_config(config)["sm_count"]
    rows = []
    for k, res in enumerate(run.results):
        s = res.stats
        slots = s["blocks_per_sm"] * min(n_sm, s["blocks"])
        rows.append({"program": prog, "sets": ";".join(f"{a}={b}" for a, b in sets.items()), "config": config,
                     "launch": k, "mode": mode, "sample_sms": sms if mode == "sampled" else "",
                     "dram_latency_delta": delta, "blocks": s["blocks"], "blocks_per_sm": s["blocks_per_sm"],
                     "slots": slots, "rounds": round(s["blocks"] / slots, 3), "cycles": s["cycles"],
                     "l2_hit_rate": round(s["l2_hit_rate"], 4), "dram_read_bytes": s["dram_read_bytes"],
                     "warp_instructions": s["warp_instructions"],
                     "caveat": (s.get("sampled") or {}).get("caveat") or "", "host_seconds": round(seconds, 1),
                     "commit": commit})
    return rows


def summary(rows):
    """Per case and launch: the full runs' spread over the deltas, the sampled
    run's error at delta 0 and over the deltas, the L2 hit rates and DRAM bytes."""
    by = {}
    for r in rows:
        by.setdefault((r["program"], r["sets"], r["config"], int(r["launch"])), {}).setdefault(
            r["mode"], {})[int(r["dram_latency_delta"])] = r
    print(f"{'case':44s} {'bps':>3s} {'rounds':>6s} {'full':>9s} {'full spread':>11s} {'sampled':>8s} "
          f"{'worst':>7s} {'L2 full/sampled':>15s} {'DRAM':>6s}")
    for (prog, sets, config, k), m in sorted(by.items()):
        full, smp = m.get("full", {}), m.get("sampled", {})
        if 0 not in full:
            continue
        f0 = full[0]
        cyc = [int(r["cycles"]) for r in full.values()]
        err = {d: int(smp[d]["cycles"]) / int(full[d]["cycles"]) - 1 for d in smp if d in full}
        worst = max(err.values(), key=abs) if err else float("nan")
        s0 = smp.get(0)
        print(f"{prog + ' ' + sets + ' ' + config + (f' #{k}' if k else ''):44s} {f0['blocks_per_sm']:>3} "
              f"{float(f0['rounds']):6.2f} {int(f0['cycles']):9,d} {max(cyc) / min(cyc) - 1:11.1%} "
              f"{err.get(0, float('nan')):+8.1%} {worst:+7.1%} "
              f"{float(f0['l2_hit_rate']):7.3f}/{float(s0['l2_hit_rate']) if s0 else float('nan'):.3f} "
              f"{int(s0['dram_read_bytes']) / int(f0['dram_read_bytes']) - 1 if s0 else float('nan'):+6.1%}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="*", default=CASES)
    ap.add_argument("--out", help="CSV to append rows to")
    ap.add_argument("--jobs", type=int, default=1, help="runs at a time, each in its own process")
    ap.add_argument("--deltas", default="-1,0,1", help="DRAM latency moves, cycles")
    ap.add_argument("--sms", type=int, default=16, help="sample_sms of the sampled runs")
    ap.add_argument("--modes", default="full,sampled")
    ap.add_argument("--summary", help="print the summary of a CSV written before, and run nothing")
    a = ap.parse_args()
    if a.summary:
        with open(a.summary) as f:
            summary(list(csv.DictReader(f)))
        return
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        jobs = [(c, m, int(d), a.sms, tmp, commit) for c in a.cases for d in a.deltas.split(",")
                for m in a.modes.split(",")]
        new = not (a.out and os.path.exists(a.out))
        with Pool(a.jobs) as pool:
            for got in pool.imap_unordered(one, jobs):
                rows += got
                for r in got:
                    print(r["program"], r["sets"], r["config"], r["launch"], r["mode"], r["dram_latency_delta"],
                          r["cycles"], r["host_seconds"], flush=True)
                if a.out:
                    with open(a.out, "a", newline="") as f:
                        w = csv.DictWriter(f, FIELDS)
                        if new:
                            w.writeheader()
                            new = False
                        w.writerows(got)
    summary(rows)


if __name__ == "__main__":
    main()
