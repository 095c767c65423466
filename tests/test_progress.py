"""Progress and counters over time: a run done in pieces (to draw a progress
bar) gives exactly the result of one call, the bar shows only on a terminal,
and the counters sampled over time add up to the run's totals."""
import io
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from simgpu.progress import LaunchProgress
from simgpu.config import load_config
from simgpu.recipe import parse_recipe, run_recipe
from simgpu.timing.core import SERIES_BINS

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = ROOT / "programs"


def same(a, b):
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray):
        return np.array_equal(a, b)
    return a == b


@pytest.mark.parametrize("program,sets", [("matmul_tiled", {"n": "64"}), ("reduce_sum", {"n": "65543"}),
                                          ("attention_flash", {"N": "64"}), ("wave", {})])
def test_a_run_in_pieces_equals_one_call(program, sets, monkeypatch):
    import simgpu.timing.run as R
    monkeypatch.setattr(R, "FIRST_PIECE", 64)               # short pieces of short quanta: pauses land everywhere
    monkeypatch.setattr(R, "quantum_cycles", lambda cfg: 16)
    monkeypatch.setattr(R, "PIECE_SECONDS", 0.0)
    calls = []
    whole = run_recipe(parse_recipe(PROGRAMS / f"{program}.s"), sets, config="h100")
    pieces = run_recipe(parse_recipe(PROGRAMS / f"{program}.s"), sets, config="h100",
                        progress=lambda *a: calls.append(a))
    assert len(calls) >= 10 * len(whole.results)          # it really was cut
    for a, b in zip(whole.results, pieces.results):
        assert a.stats.keys() == b.stats.keys()
        for k in a.stats:
            assert same(a.stats[k], b.stats[k]), k
    done, total, cycles, instr = calls[-1]
    last = pieces.results[-1].stats
    assert (done, total, instr) == (last["blocks"], last["blocks"], last["warp_instructions"])


def test_counters_over_time_add_up_to_the_totals():
    s = run_recipe(parse_recipe(PROGRAMS / "matmul_tiled.s"), {"n": "128"}, config="h100").results[0].stats
    se = s["series"]
    assert len(se["start"]) <= SERIES_BINS + 1
    assert se["start"][0] == 0 and np.array_equal(se["start"][1:], se["end"][:-1])
    assert se["end"][-1] == s["cycles"] - load_config("h100")["launch_latency_cycles"]   # without the front end's
    assert se["warp_instructions"].sum() == s["warp_instructions"]
    assert se["dram_read_bytes"].sum() == s["dram_read_bytes"]
    hits = se["l2_hits"].sum()
    assert hits / (hits + se["l2_misses"].sum()) == pytest.approx(s["l2_hit_rate"], abs=1e-12)
    assert se["resident_warps"].max() <= 132 * 64


def test_long_runs_keep_the_series_bounded():
    # a run of many bins: the width doubles and the samples stay within SERIES_BINS
    s = run_recipe(parse_recipe(PROGRAMS / "wave.s"), {"iters": "65536", "blocks": "4"},
                   config="h100", timing=True).results[0].stats
    se = s["series"]
    assert se["bin_cycles"] > s["quantum_cycles"] and len(se["start"]) <= SERIES_BINS + 1
    assert se["warp_instructions"].sum() == s["warp_instructions"]


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_bar_draws_on_a_terminal_only():
    tty, pipe = Terminal(), io.StringIO()
    for stream in (tty, pipe):
        bar = LaunchProgress("k: ", stream=stream, after=0.0)
        bar(3, 12, 40_000, 1_000_000)
        bar.clear()
    assert pipe.getvalue() == ""
    text = tty.getvalue()
    assert "[#######" in text and "3/12 blocks" in text and "40,000 cycles" in text and "warp instr/s" in text
    assert text.endswith("\r\033[K")                          # cleared: the report starts on a clean line


def test_no_bar_when_stderr_is_not_a_terminal():
    proc = subprocess.run([sys.executable, "-m", "simgpu", "run", str(PROGRAMS / "vector_add.s")],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "" and "\r" not in proc.stdout


def test_dram_bandwidth_over_time_stays_under_the_peak():
    """DRAM bytes are binned when their channel moves them: no bin shows more than
    the config's peak (a transfer counted at its start may tip a bin by one sector's worth)."""
    s = run_recipe(parse_recipe(PROGRAMS / "transpose_naive.s"), {"n": "512"}, config="h100").results[0].stats
    se = s["series"]
    gbs = (se["dram_read_bytes"] + se["dram_write_bytes"]) / se["cycles"] * 1980e6 / 1e9
    assert gbs.max() <= 3350 * 1.01
    assert gbs.max() >= 3350 * 0.5                        # and the kernel does drive the memory
    assert se["dram_read_bytes"].sum() == pytest.approx(s["dram_read_bytes"], rel=1e-12)
