"""`simgpu occupancy` (the static prediction) agrees with what the simulator
uses and reports for the same launch."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from simgpu.recipe import parse_recipe, run_recipe

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name,sets,config", [("matmul_tiled", {"n": "64"}, "h100"),
                                              ("matmul_registers", {"n": "64"}, "h100"),
                                              ("wave", {"blocks": "200", "iters": "8"}, "a100"),
                                              ("transpose_smem", {"n": "64"}, "h200")])
def test_static_occupancy_agrees_with_the_simulation(name, sets, config):
    args = [sys.executable, "-m", "simgpu", "occupancy", f"programs/{name}.s", "--config", config]
    for k, v in sets.items():
        args += ["--set", f"{k}={v}"]
    out = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    blocks = int(re.search(r"blocks per SM\s+(\d+)", out.stdout).group(1))
    waves = int(re.search(r"waves\s+(\d+)", out.stdout).group(1))
    occ = float(re.search(r"occupancy ([\d.]+)%", out.stdout).group(1))
    s = run_recipe(parse_recipe(ROOT / "programs" / f"{name}.s"), sets, config=config).results[0].stats
    assert (blocks, waves) == (s["blocks_per_sm"], s["waves"])
    assert occ == pytest.approx(100 * s["theoretical_occupancy"], abs=0.05)


@pytest.mark.parametrize("name,sets", [("strided_copy", {"stride": "2", "n": "8192"}),
                                       ("transpose_smem", {"n": "64"}), ("matmul_tiled", {"n": "64"}),
                                       ("transpose_naive", {"n": "64"})])
def test_sampled_address_streams_predict_the_full_runs_memory_figures(name, sets):
    """`simgpu coalesce` looks at the first blocks only; for these kernels (every
    block alike) its per-instruction sectors and wavefronts per request are the
    full simulation's."""
    recipe = parse_recipe(ROOT / "programs" / f"{name}.s")
    sample = run_recipe(recipe, sets, timing=False, sample_blocks=2).results[0].stats["memory_by_pc"]
    full = run_recipe(recipe, sets).results[0].stats["memory_by_pc"]
    used = full[:, 0] > 0
    assert (sample[:, 0] > 0).tolist() == used.tolist()
    assert (sample[used, 1] / sample[used, 0]).tolist() == (full[used, 1] / full[used, 0]).tolist()


def test_coalesce_cli_reports_the_conflicts():
    out = subprocess.run([sys.executable, "-m", "simgpu", "coalesce", "programs/transpose_smem.s", "--set", "n=64"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    conflicted = [ln for ln in out.stdout.splitlines() if "ld.shared" in ln]
    assert conflicted and all("32.00 wavefronts" in ln and "3%" in ln for ln in conflicted)
