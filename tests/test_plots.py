"""`simgpu plot`: every kind draws a labeled figure from a real run."""
import subprocess
import sys
from pathlib import Path

import pytest

from simgpu.config import load_config
from simgpu.plots import peak_flops

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("kind", ["stalls", "occupancy", "roofline", "memory"])
def test_each_kind_writes_a_picture(kind, tmp_path):
    out = tmp_path / f"{kind}.png"
    r = subprocess.run([sys.executable, "-m", "simgpu", "plot", "programs/matmul_tiled.s", "--kind", kind,
                        "-o", str(out), "--set", "n=64"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 20_000


def test_roofline_ceiling_is_the_configs_fp32_peak():
    # H100 SXM5: 132 SMs x 128 FP32 lanes x 2 x 1.98 GHz = 66.9 TFLOP/s (NVIDIA quotes 67)
    assert peak_flops(load_config("h100")) == pytest.approx(66.9e12, rel=1e-3)
    # A100: 108 x 64 x 2 x 1.41 GHz = 19.5 TFLOP/s (NVIDIA quotes 19.5)
    assert peak_flops(load_config("a100")) == pytest.approx(19.5e12, rel=1e-2)


def test_an_unknown_kind_is_refused_by_the_cli():
    r = subprocess.run([sys.executable, "-m", "simgpu", "plot", "programs/vector_add.s", "--kind", "pie", "-o",
                        "/tmp/x.png"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "invalid choice" in r.stderr
