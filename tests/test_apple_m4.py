"""Seed 000's lessons on the apple-m4 config at the seed's own sizes.

Bandwidth (n = 2^26 floats, 268 MB per array, far beyond the 8 MB
system-level cache): the strided copy's bandwidth relative to stride 1 within
30% of the ratio the M4 measured at every stride, and vector_add at 80% or
more of the config's peak. Slow: about 9 minutes of simulation.

The matmul ladder at n = 512: each kernel's speed-up over matmul_naive within
35% of the M4's (GFLOP/s ratios), the kernels compiled with the `metal`
lowering (simgpu/ptx/lower.py lower_metal), as `simgpu compare --config
apple-m4` does. About a minute."""
import json
from pathlib import Path

import pytest

from simgpu.config import load_config
from simgpu.recipe import parse_recipe, run_recipe

ROOT = Path(__file__).resolve().parents[1]
SEED = json.loads((ROOT / "traces" / "apple-m4" / "seed000.json").read_text())["bandwidth"]


def time_us(program, sets, lower=None):
    run = run_recipe(parse_recipe(ROOT / "programs" / f"{program}.s"), sets, config="apple-m4", lower=lower)
    assert all(c.passed for c in run.checks), program
    return run.results[0].stats["time_us"]


def gbs(program, sets, nbytes):
    s = run_recipe(parse_recipe(ROOT / "programs" / f"{program}.s"), sets, config="apple-m4").results[0].stats
    return nbytes / (s["time_us"] * 1e-6) / 1e9


@pytest.mark.slow
def test_the_seed_bandwidth_table_at_the_seed_size():
    n = SEED["n"]["value"]
    assert n == 1 << 26
    measured = {p["stride"]: p["gbs"] for p in SEED["strided_copy"]}
    sim = {s: gbs("strided_copy", {"n": str(n), "stride": str(s)}, 2 * n * 4) for s in measured}
    for s in measured:
        assert sim[s] / sim[1] == pytest.approx(measured[s] / measured[1], rel=0.30), (s, sim)
    peak = load_config("apple-m4")["dram_bandwidth_gbs"]
    assert gbs("vector_add", {"n": str(n)}, 3 * n * 4) >= 0.8 * peak


@pytest.mark.slow
def test_the_seed_matmul_ladder_at_n_512():
    ladder = json.loads((ROOT / "traces" / "apple-m4" / "seed000.json").read_text())["matmul_ladder"]
    gflops = {r["kernel"]: r["gflops"] for r in ladder if r["n"] == 512}
    programs = {"naive": "matmul_naive", "tiled": "matmul_tiled", "tiled 32": "matmul_tiled32",
                "registers": "matmul_registers"}
    t = {k: time_us(p, {"n": "512"}, lower="metal") for k, p in programs.items()}
    for k in ("tiled", "tiled 32", "registers"):
        assert t["naive"] / t[k] == pytest.approx(gflops[k] / gflops["naive"], rel=0.35), (k, t)
