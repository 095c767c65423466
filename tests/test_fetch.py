"""Instruction fetch (simgpu/timing/fetch.py): a cold 128-byte line of code
costs the SM's fetcher fetch_line_cycles, once per SM, whatever the number of
warps waiting for it; a warm line costs nothing. Shown with the H200
microbenchmark programs/micro/fetch_cold.s, exact warp-cycle counts."""
from pathlib import Path
from types import MappingProxyType

import pytest

from simgpu.config import load_config
from simgpu.recipe import parse_recipe, run_recipe

MICRO = Path(__file__).resolve().parents[1] / "programs" / "micro" / "fetch_cold.s"
H200 = load_config("h200")


@pytest.fixture(scope="module")
def runs():
    recipe = parse_recipe(MICRO)
    cold = [r.stats for r in run_recipe(recipe, {}, config="h200").results]
    warm = [r.stats for r in run_recipe(recipe, {}, config=MappingProxyType({**H200, "fetch_line_cycles": 0})).results]
    return cold, warm


def noi(s):
    return s["stall_cycles"].get("no_instruction", 0)


def test_each_cold_line_of_a_straight_stream_costs_the_line_time(runs):
    """512 more FFMAs = 64 more 128-byte lines: the warp asks for each line as it
    issues the last instruction of the one before, and waits fetch_line_cycles - 1
    cycles after that issue cycle."""
    cold, _ = runs
    per_line = H200["icache_line_bytes"] // H200["instruction_bytes"]
    assert per_line == 8
    assert noi(cold[2]) - noi(cold[0]) == 512 // per_line * (H200["fetch_line_cycles"] - 1)
    assert cold[2]["cycles"] - cold[0]["cycles"] == 512 + 512 // per_line * (H200["fetch_line_cycles"] - 1)


def test_a_second_pass_over_the_code_hits(runs):
    cold, _ = runs
    assert noi(cold[1]) == noi(cold[0])          # fetch_512 twice over: no more no_instruction
    assert noi(cold[3]) == noi(cold[2])


def test_warps_of_one_sm_wait_for_the_same_lines_and_sms_fetch_alone(runs):
    """4 warps on one SM (one per scheduler) each wait as long as one warp alone,
    and so does one warp on each of 132 SMs (fetch state is per SM)."""
    cold, _ = runs
    assert noi(cold[4]) == 4 * noi(cold[2])
    assert noi(cold[5]) == 132 * noi(cold[2])


def test_without_the_fetch_figure_no_warp_waits_for_instructions(runs):
    cold, warm = runs
    assert all(noi(s) == 0 for s in warm)
    assert warm[2]["cycles"] < cold[2]["cycles"]
