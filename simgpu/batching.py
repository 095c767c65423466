"""Seed 000's launch-overhead lesson, replayed: `count` small matmuls launched
one at a time (queued, or waiting for each) against one batched launch,
with kernel times from the cycle core and host costs from simgpu.host."""
from pathlib import Path

from . import host
from .recipe import parse_recipe, run_recipe

ROOT = Path(__file__).resolve().parents[1]


def _program(name):
    for base in (Path.cwd() / "programs", ROOT / "programs"):
        if (base / f"{name}.s").exists():
            return base / f"{name}.s"
    raise FileNotFoundError(f"programs/{name}.s not found (run from the repository root)")


def batching_demo(count=1024, n=64, config="h100"):
    single = run_recipe(parse_recipe(_program("matmul_tiled")), {"n": str(n)}, config=config)
    batched = run_recipe(parse_recipe(_program("matmul_batched")), {"n": str(n), "batch": str(count)},
                         config=config)
    assert all(c.passed for c in single.checks + batched.checks)
    t1 = single.results[0].stats["time_us"]
    tb = batched.results[0].stats["time_us"]
    nbytes = 3 * 4 * n * n
    flops = 2 * n ** 3 * count
    queued = host.simulate_host([host.kernel(t1) for _ in range(count)] + [host.synchronize()], config)
    waited = host.simulate_host([op for _ in range(count) for op in (host.kernel(t1), host.synchronize())], config)
    one = host.simulate_host([host.kernel(tb), host.synchronize()], config)
    rows = [("one launch each, queued", queued.total_us), ("one launch each, waiting for each", waited.total_us),
            ("one batched launch", one.total_us)]
    lines = [f"{count:,} matmuls of {n}x{n} ({nbytes * count / 1e6:.1f} MB moved, {flops / 1e9:.2f} GFLOP) "
             f"on {single.results[0].config['name']}",
             f"  kernel alone: {t1:.2f} us per {n}x{n} matmul, {tb:.2f} us for all {count:,} batched "
             "(cycle core)"]
    for name, us in rows:
        lines.append(f"  {name:36s} {us:10.1f} us  {flops / (us * 1e-6) / 1e9:8.1f} GFLOP/s")
    return "\n".join(lines), dict(rows)
