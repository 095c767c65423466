"""simgpu.counters: each bin's rates are its counts over its duration, by
the definitions in the module's docstring, and multiply back to the
launch's totals; a run without a series is a one-line error."""
from pathlib import Path

import numpy as np
import pytest

from simgpu.counters import read_counters
from simgpu.errors import SimgpuError
from simgpu.recipe import parse_recipe, run_recipe

PROGRAMS = Path(__file__).resolve().parents[1] / "programs"


def test_rates_times_durations_are_the_counts():
    res = run_recipe(parse_recipe(PROGRAMS / "transpose_naive.s"), {"n": "256"}, config="a100").results[0]
    s, se, cfg = res.stats, res.stats["series"], res.config
    c = read_counters(res)
    cycles = c.end - c.start
    assert np.array_equal(cycles, se["cycles"]) and c.end[-1] == s["cycles"] - cfg["launch_latency_cycles"]
    sm_cycles = cycles * cfg["sm_count"]                    # a100: 108 SMs of 4 schedulers at 1410 MHz
    assert np.array_equal(c["ipc"].values, se["warp_instructions"] / sm_cycles)
    assert np.array_equal(c["issue"].values, 100 * c["ipc"].values / 4)
    assert (c["ipc"].values * sm_cycles).sum() == pytest.approx(s["warp_instructions"], rel=1e-12)
    seconds = cycles / 1410e6
    assert np.array_equal(c.seconds(), seconds)
    assert (c["dram_read"].values * 1e9 * seconds).sum() == pytest.approx(s["dram_read_bytes"], rel=1e-12)
    assert (c["dram_write"].values * 1e9 * seconds).sum() == pytest.approx(s["dram_write_bytes"], rel=1e-12)
    lookups = c["l2_lookups"].values * cycles
    assert np.array_equal(lookups, se["l2_hits"] + se["l2_misses"])
    looked = lookups > 0
    assert np.isnan(c["l2_hit_rate"].values[~looked]).all() and (~looked).any()      # the tail has no L2 traffic
    hits = c["l2_hit_rate"].values[looked] / 100 * lookups[looked]
    assert hits.sum() / lookups.sum() == pytest.approx(s["l2_hit_rate"], rel=1e-12)
    assert np.array_equal(c["resident_warps"].values, se["resident_warps"])
    assert s["dram_read_bytes"] > 0 and s["dram_write_bytes"] >= 0


def test_a_functional_run_has_no_counters():
    res = run_recipe(parse_recipe(PROGRAMS / "vector_add.s"), {"n": "1000"}, timing=False).results[0]
    with pytest.raises(SimgpuError, match="only a timed run records them"):
        read_counters(res)
