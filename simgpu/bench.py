"""`simgpu bench`: how fast the simulator runs -- simulated warp
instructions per second of host time, simulated GPU cycles per second, and
the slowdown against the modeled GPU's own run time -- with the cycle-level
model and with the functional engine alone. numba's cache is warmed first,
so compilation is not counted."""
import csv
import os
import resource
import time
from pathlib import Path

from .recipe import parse_recipe, run_recipe

ROOT = Path(__file__).resolve().parents[1]
SUITE = [("matmul_tiled", {"n": "256"}), ("matmul_naive", {"n": "128"}), ("vector_add", {"n": str(1 << 18)}),
         ("matmul_registers", {"n": "256"}), ("divergence", {})]


def _program(name):
    for base in (Path.cwd() / "programs", ROOT / "programs"):
        p = base / f"{name}.s"
        if p.exists():
            return p
    raise FileNotFoundError(f"programs/{name}.s not found (run from the repository root)")


def _time(recipe, sets, timing, config):
    best = None
    for _ in range(2):                                   # best of two: the host is shared
        t0 = time.perf_counter()
        run = run_recipe(recipe, sets, config=config, timing=timing)
        dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
    return run, best


def run_bench(quick=False, csv_path=None, config="h100"):
    suite = SUITE[:1] if quick else SUITE
    rows = []
    warm = parse_recipe(_program("vector_add"))
    run_recipe(warm, {"n": "1024"})                     # compile or load the numba cache
    run_recipe(warm, {"n": "1024"}, timing=False)
    print(f"config {config}; host cores {os.cpu_count()}")
    print(f"{'program':17s} {'sizes':13s} {'warp instr':>11s} {'cycles':>9s} {'timed s':>8s} "
          f"{'M instr/s':>9s} {'k cycles/s':>10s} {'slowdown':>9s} {'functional M instr/s':>21s}")
    for name, sets in suite:
        recipe = parse_recipe(_program(name))
        run, dt = _time(recipe, sets, True, config)
        _, dtf = _time(recipe, sets, False, config)
        wi = sum(r.stats["warp_instructions"] for r in run.results)
        cyc = sum(r.stats["cycles"] for r in run.results)
        gpu_s = sum(r.stats["time_us"] for r in run.results) * 1e-6
        sz = ",".join(f"{k}={v}" for k, v in run.sizes.items())
        row = dict(program=name, sizes=sz, warp_instructions=wi, cycles=cyc, seconds=round(dt, 4),
                   warp_instr_per_s=round(wi / dt), cycles_per_s=round(cyc / dt),
                   slowdown=round(dt / gpu_s), functional_warp_instr_per_s=round(wi / dtf))
        rows.append(row)
        print(f"{name:17s} {sz:13s} {wi:>11,} {cyc:>9,} {dt:>8.3f} {wi / dt / 1e6:>9.2f} "
              f"{cyc / dt / 1e3:>10.1f} {dt / gpu_s:>9.2g} {wi / dtf / 1e6:>21.2f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MB")
    if csv_path:
        with open(csv_path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    return 0
