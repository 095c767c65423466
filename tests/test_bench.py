"""simgpu bench: programs x configs, each row in its own process; the rates
are the simulated counts over host seconds, the simulated counts are the
same run's, and the peak memory is the row's process's own."""
import csv

import pytest

from simgpu.bench import SUITE, run_bench
from simgpu.cli import main
from simgpu.config import load_config
from simgpu.recipe import parse_recipe, run_recipe

BIG = 1 << 21          # vector_add: three 8 MB arrays, their device image, the check's float64 reference


def test_programs_x_configs(tmp_path):
    out = tmp_path / "bench.csv"
    lines = []
    rows = run_bench(csv_path=out, config="h100,a100", programs=["vector_add:n=4096", f"vector_add:n={BIG}"],
                     repeat=1, out=lines.append)
    assert [(r["config"], r["sizes"]) for r in rows] == \
        [("h100", "n=4096"), ("h100", f"n={BIG}"), ("a100", "n=4096"), ("a100", f"n={BIG}")]
    with open(out) as f:
        written = list(csv.DictReader(f))
    assert [w["sizes"] for w in written] == [r["sizes"] for r in rows]
    for r, w in zip(rows, written):
        assert {k: str(v) for k, v in r.items()} == w
        n = int(r["sizes"].split("=")[1])
        stats = run_recipe(parse_recipe("programs/vector_add.s"), {"n": str(n)}, config=r["config"]).results[0].stats
        assert (r["warp_instructions"], r["cycles"]) == (stats["warp_instructions"], stats["cycles"])
        assert r["gpu_seconds"] == pytest.approx(stats["cycles"] / (load_config(r["config"])["clock_mhz"] * 1e6),
                                                 rel=1e-12)
        assert r["warp_instr_per_s"] == round(r["warp_instructions"] / r["seconds"])
        assert r["cycles_per_s"] == round(r["cycles"] / r["seconds"])
        assert r["slowdown"] == round(r["seconds"] / r["gpu_seconds"])
        assert r["functional_warp_instr_per_s"] == round(r["warp_instructions"] / r["functional_seconds"])
        assert r["peak_rss_mb"] >= r["baseline_rss_mb"] > 50
    # each row's peak is its own process's: the big rows add at least their 24 MB of
    # arrays twice over (the buffers and their device image) to what the small add
    for small, big in ((rows[0], rows[1]), (rows[2], rows[3])):
        added = [r["peak_rss_mb"] - r["baseline_rss_mb"] for r in (small, big)]
        assert added[1] - added[0] > 48, added
    assert lines[1].split()[:3] == ["program", "config", "sizes"]
    assert len(lines) == 2 + len(rows) + 1


def test_default_suite_is_the_readme_table():
    assert [name for name, _ in SUITE] == ["matmul_tiled", "matmul_naive", "vector_add", "matmul_registers",
                                           "divergence"]


@pytest.mark.parametrize("args,message", [
    (["--program", "nothere"], "simgpu: --program nothere: programs/nothere.s not found"),
    (["--program", "vector_add:n"], "simgpu: --program 'vector_add:n': expected NAME or NAME:size=value"),
    (["--program", "vector_add:m=3"], "--set m: no such size (sizes: n)"),
    (["--config", "h100,nope"], "simgpu: unknown config 'nope'"),
    (["--repeat", "0"], "simgpu: --repeat must be at least 1, got 0"),
])
def test_bad_input_is_one_line(args, message, capsys):
    assert main(["bench", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
