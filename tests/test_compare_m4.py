"""`simgpu compare --config apple-m4` and the seed-000 extractor: the parser on
a seed-shaped text, the committed reference's provenance, the ratios at tiny
sizes (fast) and the command at its default sizes (slow)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from simgpu.compare_m4 import REFERENCE, compare_m4, default_sizes, format_m4
from simgpu.config import load_config

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import extract_seed_m4  # noqa: E402

# The shape of seed 000's text around its tables (made-up numbers, not measurements)
SEED_SHAPE = """Intro prose.

Full script: gpu_util.py

import torch

n = 1 << 20                                             # comment
print("...")

Full script: bandwidth.py

vector_add: read 2 arrays, write 1, in 1.5 ms = 11 GB/s
PyTorch copy: 12 GB/s
strided_copy, stride    1:    13 GB/s
strided_copy, stride    3:     6 GB/s

Prose.

Full script: roofline.py

vector add             intensity     0.08 FLOP/byte       1.5 GFLOP/s     20.0 GB/s
matmul, n=64           intensity    10.67 FLOP/byte   1,234.5 GFLOP/s      2.4 GB/s

Full script: matmul_ladder.py

n =  512:   naive   100 GFLOP/s   tiled 32   250 GFLOP/s   PyTorch  900 GFLOP/s   (all within 1e-06 of float64)

Full script: smem_probe.py

16 KB of threadgroup memory: ok
64 KB of threadgroup memory: refused (too big)
"""


def test_the_extractor_reads_each_table_with_its_line(tmp_path):
    seed = tmp_path / "000_test.txt"
    seed.write_text(SEED_SHAPE)
    d = extract_seed_m4.parse(seed)
    bw = d["bandwidth"]
    assert bw["n"] == {"value": 1 << 20, "file": "000_test.txt", "line": 7}
    assert bw["vector_add"] == {"ms": 1.5, "gbs": 11, "file": "000_test.txt", "line": 12}
    assert bw["torch_copy"]["gbs"] == 12 and bw["torch_copy"]["line"] == 13
    assert [(r["stride"], r["gbs"], r["line"]) for r in bw["strided_copy"]] == [(1, 13, 14), (3, 6, 15)]
    assert [(r["operation"], r["gflops"], r["line"]) for r in d["roofline"]] == \
        [("vector add", 1.5, 21), ("matmul, n=64", 1234.5, 22)]
    assert [(r["n"], r["kernel"], r["gflops"]) for r in d["matmul_ladder"]] == \
        [(512, "naive", 100), (512, "tiled 32", 250), (512, "PyTorch", 900)]
    assert [(r["kb"], r["accepted"]) for r in d["threadgroup_memory"]] == [(16, True), (64, False)]


def test_the_extractor_refuses_a_line_it_cannot_parse(tmp_path):
    seed = tmp_path / "000_test.txt"
    seed.write_text(SEED_SHAPE.replace("strided_copy, stride    3:     6 GB/s", "strided_copy, stride 3: fast"))
    with pytest.raises(SystemExit, match="000_test.txt:15: cannot parse"):
        extract_seed_m4.parse(seed)


def test_the_committed_reference_says_where_it_came_from():
    ref = json.loads(REFERENCE.read_text())
    assert ref["source"].startswith("seeds/000_") and "Apple M4" in ref["device"]
    assert ref["made_by"] == "python3 tools/extract_seed_m4.py"
    values = [ref["bandwidth"]["n"], ref["bandwidth"]["vector_add"], *ref["bandwidth"]["strided_copy"],
              *ref["roofline"], *ref["matmul_ladder"], *ref["threadgroup_memory"]]
    assert all(v["file"] == Path(ref["source"]).name and v["line"] > 0 for v in values)
    assert [r["stride"] for r in ref["bandwidth"]["strided_copy"]] == [1, 3, 9, 33, 1025]


def test_default_sizes_exceed_the_last_level_cache():
    cfg = load_config("apple-m4")
    sz = default_sizes(cfg)
    assert sz == {"stride_n": 1 << 22, "vector_n": 1 << 22, "matmul_n": 512}
    assert 4 * sz["stride_n"] == 2 * cfg["l2_bytes"]


def test_ratios_at_tiny_sizes_are_the_reference_ratios_and_simgpus():
    r = compare_m4(sizes={"stride_n": 1 << 12, "vector_n": 1 << 12, "matmul_n": 64})
    ref = json.loads(REFERENCE.read_text())
    sweep = {x["stride"]: x["gbs"] for x in ref["bandwidth"]["strided_copy"]}
    pts = {p["name"]: p for p in r["points"]}
    assert list(pts) == ["stride 3", "stride 9", "stride 33", "stride 1025", "tiled / naive",
                         "tiled 32 / naive", "registers / naive", "vector_add"]
    assert pts["stride 3"]["measured"] == sweep[3] / sweep[1]
    ladder = {x["kernel"]: x["gflops"] for x in ref["matmul_ladder"] if x["n"] == 512}
    assert pts["registers / naive"]["measured"] == ladder["registers"] / ladder["naive"]
    assert pts["vector_add"]["measured"] == ref["bandwidth"]["vector_add"]["gbs"] / 120
    for p in r["points"]:
        assert p["simgpu"] > 0 and p["rel_error"] == p["simgpu"] / p["measured"] - 1
    assert r["summary"]["points"] == 8
    text = format_m4(r)
    assert "strided_copy n = 4,096 (seed 67,108,864)" in text and "matmuls n = 64 (seed 512)" in text
    from simgpu.compare_html import render_m4
    from simgpu.compare_m4 import plot_m4
    page = render_m4(r, plot_m4)           # `simgpu compare --config apple-m4 --html FILE`
    assert page.startswith("<!DOCTYPE html>") and "data:image/png;base64," in page and "<script" not in page
    assert f'<td>stride 3</td><td class="num">{pts["stride 3"]["measured"]:.3f}</td>' in page


def test_bad_sizes_are_one_line():
    r = subprocess.run([sys.executable, "-m", "simgpu", "compare", "--config", "apple-m4", "--set", "bogus=4"],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 2 and r.stderr.strip() == "simgpu: --set bogus: no such size (sizes: stride_n, vector_n, matmul_n)"
    r = subprocess.run([sys.executable, "-m", "simgpu", "compare", "--set", "stride_n=4"],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 2 and "applies to an Apple config" in r.stderr


@pytest.mark.slow
def test_the_command_at_its_default_sizes(tmp_path):
    out = tmp_path / "m4.json"
    r = subprocess.run([sys.executable, "-m", "simgpu", "compare", "--config", "apple-m4", "--json", str(out)],
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stderr
    data = json.loads(out.read_text())
    pts = {p["name"]: p for p in data["points"]}
    # coalescing: each larger stride loses bandwidth, as on the M4, up to stride 33
    assert pts["stride 3"]["simgpu"] > pts["stride 9"]["simgpu"] > pts["stride 33"]["simgpu"]
    # the ladder: every rung beats naive and registers is the fastest, as on the M4
    assert 1 < pts["tiled / naive"]["simgpu"] < pts["registers / naive"]["simgpu"]
    assert "summary: 8 ratios" in r.stdout
