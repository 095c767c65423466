"""`simgpu bench`: how fast the simulator runs, in simulated warp
instructions per second of host time (numba's cache is warmed first, so
compilation is not counted)."""
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


def run_bench(quick=False, csv_path=None):
    suite = SUITE[:1] if quick else SUITE
    rows = []
    warm = parse_recipe(_program("vector_add"))
    run_recipe(warm, {"n": "1024"})                    # compile or load the numba cache
    print(f"{'program':18s} {'sizes':14s} {'warp instr':>12s} {'seconds':>8s} {'M warp instr/s':>15s}")
    for name, sets in suite:
        recipe = parse_recipe(_program(name))
        t0 = time.perf_counter()
        run = run_recipe(recipe, sets)
        dt = time.perf_counter() - t0
        wi = sum(r.stats["warp_instructions"] for r in run.results)
        sz = ",".join(f"{k}={v}" for k, v in run.sizes.items())
        rows.append(dict(program=name, sizes=sz, warp_instructions=wi, seconds=round(dt, 4),
                         warp_instr_per_s=round(wi / dt)))
        print(f"{name:18s} {sz:14s} {wi:>12,} {dt:>8.3f} {wi / dt / 1e6:>15.2f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MB; host cores {os.cpu_count()}")
    if csv_path:
        with open(csv_path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    return 0
