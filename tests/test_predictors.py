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
