"""The variable-latency reads a kernel starts with (simgpu/timing/tables.py
ldc_kind): a special register is an S2R whose reader waits in
short_scoreboard for latency_s2r_cycles; %ntid and a pointer parameter are
LDCs, whose reader waits in short_scoreboard for the constant line
(constants.py) and latency_ldc_cycles more. Shown with the H200
microbenchmark programs/micro/sreg_ldc.s against its record
(traces/h200/micro/micro_sreg_ldc.json, tools/sreg_figures.py)."""
import sys
from pathlib import Path

import pytest

from simgpu.config import load_config
from simgpu.launch import load
from simgpu.ptx import codes as C
from simgpu.recipe import parse_recipe, run_recipe
from simgpu.timing.tables import LDC, NOT_VARIABLE, S2R, ldc_kind

ROOT = Path(__file__).resolve().parents[1]
PROGRAM = ROOT / "programs" / "micro" / "sreg_ldc.s"
H200 = load_config("h200")
sys.path.insert(0, str(ROOT / "tools"))
import sreg_figures  # noqa: E402


@pytest.fixture(scope="module")
def runs():
    recipe = parse_recipe(PROGRAM)
    run = run_recipe(recipe, {}, config="h200", lower="ptxas")
    assert all(c.passed for c in run.checks)
    return [(k, g[0], b[0], r.stats) for (k, g, b, _), r in zip(run.launches, run.results)]


def per_warp(s, state):
    return s["stall_cycles"].get(state, 0) / s["warps"]


def test_the_config_is_the_fit_to_the_record():
    _, _, s2r, ldc = sreg_figures.figures()
    assert (H200["latency_s2r_cycles"], H200["latency_ldc_cycles"]) == (s2r, ldc) == (33, 17)


def test_which_reads_are_s2r_and_ldc_as_in_ptxas_sass():
    """vector_add's SASS: 3 LDC.64 for the pointers, ULDC for n, S2R for
    %tid.x, S2UR for %ctaid.x, LDC c[0x0][RZ] for %ntid.x."""
    prog = load(str(ROOT / "programs" / "vector_add.s"), lower="ptxas").program
    reads = [i for i in range(prog.n) if int(prog.okind[i, 1]) == C.K_SREG
             or (int(prog.op[i]) == C.OP_LD and int(prog.space[i]) == C.SPACE_PARAM)]
    assert [ldc_kind(prog, i) for i in reads] == [LDC, LDC, LDC, NOT_VARIABLE, S2R, LDC, S2R]


def test_a_lone_warp_waits_for_a_special_register_in_short_scoreboard(runs):
    """The reader issues 2 cycles after the S2R (tid: the shared address's
    mov between; tid_lane: the second S2R's result comes a cycle later)."""
    lone = {k: s for k, g, b, s in runs if (g, b) == (1, 32)}
    s2r = H200["latency_s2r_cycles"]
    assert per_warp(lone["tid"], "short_scoreboard") == s2r - 2 == 31
    assert per_warp(lone["ctaid"], "short_scoreboard") == s2r - 2
    assert per_warp(lone["tid_lane"], "short_scoreboard") == s2r - 1
    assert all(per_warp(lone[k], "imc_miss") == 0 for k in ("tid", "ctaid", "tid_lane"))


def test_an_ldc_waits_for_its_line_then_its_latency_in_short_scoreboard(runs):
    """%ntid (line 0 of bank 0) and the pointer (line 8): each the SM's
    first line, so cold + miss + latency_ldc_cycles, less the 2 cycles to
    the reader; nothing in imc_miss (the H200's ntid: 69 and 0)."""
    lone = {k: s for k, g, b, s in runs if (g, b) == (1, 32)}
    wait = H200["const_cold_cycles"] + H200["const_miss_cycles"] + H200["latency_ldc_cycles"] - 2
    assert wait == 63
    for k in ("ntid", "ptr", "ptr_tid"):
        assert per_warp(lone[k], "short_scoreboard") == wait, k
        assert per_warp(lone[k], "imc_miss") == 0, k


def test_lone_warps_wait_as_on_the_h200(runs):
    """Within 10% on every one-warp launch but ptr_tid's (its H200 launch
    waited 335 cycles in imc_miss, an outlier as fetch_jump.s records)."""
    _, meas = sreg_figures.measured()
    for (k, g, b, s), m in zip(runs, meas):
        if (g, b) == (1, 32) and k != "ptr_tid":
            sim = per_warp(s, "short_scoreboard") + per_warp(s, "imc_miss")
            assert sim == pytest.approx(m["short"] + m["imc"], rel=0.10), k


def test_fill_waits_for_its_first_reads_in_short_scoreboard():
    """block_launch.s's fill (LDC.64, S2R, S2UR, LDC -> IMAD -> IMAD.WIDE ->
    STG), 132 blocks of one warp: its warps now wait in short_scoreboard (the
    H200's 91.7 warp-cycles a warp; before, simgpu's none), none in imc_miss
    (the H200's 61 are the prologue's ULDC.64, not modeled). The pointer's
    LDC.64 asks first (the cold line: 48 + 17 cycles from its issue),
    %ntid's LDC a few cycles later a second line (24 + 17): the IMAD waits
    for it, the IMAD.WIDE some more for the pointer: 60 warp-cycles."""
    (res,) = run_recipe(parse_recipe(ROOT / "programs" / "micro" / "block_launch.s"), {}, config="h200",
                        lower="ptxas").results[:1]
    assert per_warp(res.stats, "short_scoreboard") == 60
    assert per_warp(res.stats, "imc_miss") == 0
