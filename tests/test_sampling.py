"""Sampled simulation (launch(sample_sms=S), simgpu run --sample-sms S): S SMs
run the blocks they would run in the whole grid, with their share of the L2
and DRAM; the time is theirs, the counts are scaled to the grid.

Validated against full simulation: within 3% of the cycles on grids of alike
blocks (one to four waves, memory-bound, shared-memory-bound, atomics on one
word, compute-bound), claimed where blocks read their own data or hold an SM
each (run.no_error_bound says why not elsewhere), and the seed-003 puzzle's step (1792 vs 1793 with
256x128 tiles on the A100: 98 tiles in one wave, 120 in two)."""
from pathlib import Path

import numpy as np
import pytest

import simgpu
import simgpu.cli
from simgpu.config import load_config
from simgpu.errors import LaunchError
from simgpu.recipe import parse_recipe, run_recipe
from simgpu.timing.run import SAMPLED_ERROR, SCALED, sampled_blocks, sampled_sms, share_of_gpu

PROGRAMS = Path(__file__).resolve().parents[1] / "programs"


def run(program, sets, config, **kw):
    return run_recipe(parse_recipe(PROGRAMS / f"{program}.s"), sets, config=config, **kw)


def test_the_sampled_sms_are_spread_and_get_the_blocks_round_robin_dealing_gives_them():
    assert list(sampled_sms(108, 4)) == [0, 27, 54, 81]
    assert list(sampled_blocks(10, 4, 1)) == [0, 4, 8]
    assert list(sampled_blocks(10, 4, 2)) == [0, 2, 4, 6, 8]


@pytest.mark.parametrize("config", ["h100", "h200", "a100", "apple-m4"])
def test_a_share_of_the_gpu_has_its_fraction_of_the_l2_and_dram(config):
    cfg = load_config(config)
    for sms in (1, 3, 16):
        f = sms / cfg["sm_count"]
        sh = share_of_gpu(cfg, f)
        assert sh["l2_slices"] % sh["l2_partitions"] == 0
        assert sh["l2_slices"] * sh["l2_slice_sectors_per_cycle"] == pytest.approx(
            f * cfg["l2_slices"] * cfg["l2_slice_sectors_per_cycle"])
        assert sh["dram_bandwidth_gbs"] == pytest.approx(f * cfg["dram_bandwidth_gbs"])
        # every atomic unit stays, slowed: one hot word is as contended as on the whole GPU
        assert sh["l2_atomic_units"] == cfg["l2_atomic_units"]
        for key in ("l2_atomic_op_cycles", "l2_atomic_whole_op_cycles", "l2_atomic_float_op_cycles",
                    "l2_atomic_line_cycles", "l2_atomic_whole_line_cycles", "l2_atomic_float_line_cycles"):
            assert sh[key] == pytest.approx(cfg[key] / f)
        assert sh["latency_l2_cycles"] == cfg["latency_l2_cycles"]
        # with twins (timing/twins.py) the L2 and DRAM are the whole GPU's; block dispatch the share's
        tw = share_of_gpu(cfg, f, twins=True)
        assert {k for k in cfg if tw[k] != cfg[k]} == {"block_dispatch_cycles"}
        assert tw["block_dispatch_cycles"] == sh["block_dispatch_cycles"] == pytest.approx(cfg["block_dispatch_cycles"] / f)


@pytest.mark.parametrize("program,sets,config", [
    ("vector_add", {"n": str(1 << 20)}, "h100"),          # 4 waves, DRAM-bound
    ("transpose_smem", {"n": "1024"}, "h100"),            # shared memory, bank conflicts
    ("reduce_sum", {"n": str(1 << 20)}, "h100"),          # every block's atomic on one word
    ("wave", {"blocks": "400"}, "a100"),                  # compute-bound, 4 waves
])
def test_sampled_cycles_are_within_3_percent_of_the_full_run(program, sets, config):
    full, smp = full_and_sampled(program, sets, config)
    assert smp["sampled"]["twins"] and smp["sampled"]["error"] == SAMPLED_ERROR and smp["sampled"]["caveat"] is None
    assert smp["cycles"] == pytest.approx(full["cycles"], rel=SAMPLED_ERROR)


@pytest.mark.parametrize("program,sets,config", [
    # inputs shared by every SM through the L2: the other SMs' accesses come from the twins
    # (timing/twins.py); without them 16 SMs saw a sixth of the sharing (L2 hit rate 0.81 against
    # 0.94) and came out 14% slow on the a100, 4-5% on the h100
    ("matmul_tiled", {"n": "256"}, "a100"),
    ("matmul_tiled", {"n": "256"}, "h100"),
    ("matmul_tiled", {"n": "512"}, "h100"),
])
def test_blocks_sharing_inputs_several_to_an_sm_claim_no_bound_though_these_are_within_3_percent(program, sets,
                                                                                                   config):
    """What the twins give: the grid's L2 and DRAM traffic, and here the
    cycles within 3%; but the same structure elsewhere is not (matmul_naive
    below, matmul_tiled n=384 on the h100 +5%), so no bound is claimed."""
    full, smp = full_and_sampled(program, sets, config)
    assert smp["sampled"]["twins"] and smp["sampled"]["error"] is None
    assert "blocks to an SM share their inputs" in smp["sampled"]["caveat"]
    assert smp["cycles"] == pytest.approx(full["cycles"], rel=SAMPLED_ERROR)
    assert smp["l2_hit_rate"] == pytest.approx(full["l2_hit_rate"], abs=0.005)


def full_and_sampled(program, sets, config):
    full = run(program, sets, config).results[-1].stats
    smp = run(program, sets, config, sample_sms=16).results[-1].stats
    # the twins' accesses make the L2 and DRAM traffic the whole grid's
    assert smp["dram_read_bytes"] == pytest.approx(full["dram_read_bytes"], rel=0.03)
    # counts that are a property of each block scale exactly to the grid
    for key in ("warp_instructions", "gld_requests", "gld_sectors", "shared_ld_wavefronts"):
        assert smp[key] == full[key], key
    assert smp["sampled"]["of_blocks"] == full["blocks"] and smp["waves"] == full["waves"]
    return full, smp


def test_one_round_of_blocks_that_share_inputs_claims_no_error_bound():
    """matmul_naive n=464 on the a100, 841 blocks in one round: a column's
    blocks read B's sectors in step in the full run, and a sampled block's
    twins ask for them on its time; every sampled block runs about 7% fast
    (run.no_error_bound). It says so instead of claiming 3%."""
    full, smp = full_and_sampled("matmul_naive", {"n": "464"}, "a100")
    assert smp["sampled"]["error"] is None and smp["waves"] == 1
    assert smp["sampled"]["caveat"].startswith("8 blocks to an SM share their inputs")
    assert abs(smp["cycles"] / full["cycles"] - 1) > SAMPLED_ERROR      # why: the bound does not hold here


def test_a_partial_last_round_of_blocks_that_share_inputs_claims_no_error_bound(capsys, tmp_path):
    """matmul_tiled n=512 on the a100: 1,024 blocks in 864 slots, 8 to an SM,
    the last 160 going to whichever slots free first; which SMs those are is
    a race for the shared tiles that the sampled SMs do not run: the full run
    itself moves by more than 10% when the DRAM latency moves by a cycle
    (139,978 cycles; 165,208 and 159,244 one cycle less and more), and the
    sampled run came out -15% before the model's DRAM reads were 64 bytes
    (tools/sampled_rounds.py). It says so instead of claiming 3%."""
    smp = run("matmul_tiled", {"n": "512"}, "a100", sample_sms=16).results[-1].stats
    assert smp["sampled"]["error"] is None
    assert "2 rounds, the last partial, 8 to an SM, and blocks share their inputs" in smp["sampled"]["caveat"]
    # why: the bound does not hold here, the full run being a race
    latency = load_config("a100")["latency_dram_cycles"]
    full = {}
    for d in (-1, 0, 1):
        cfg = tmp_path / f"a100{d}.toml"
        cfg.write_text(f'base = "a100"\nlatency_dram_cycles = {latency + d}\n')
        full[d] = run("matmul_tiled", {"n": "512"}, str(cfg)).results[-1].stats["cycles"]
    assert max(abs(full[d] / full[0] - 1) for d in (-1, 1)) > SAMPLED_ERROR, full
    assert simgpu.cli.main(["run", str(PROGRAMS / "matmul_tiled.s"), "--set", "n=512", "--config", "a100",
                            "--sample-sms", "16"]) == 0
    out = capsys.readouterr().out
    assert "error unknown" in out and "warning               the grid's 1,024 blocks" in out


def test_a_partial_last_round_of_one_block_per_sm_keeps_the_error_bound():
    """matmul_cublas n=1408 on the a100: 121 blocks of one per SM in 108
    slots, blocks sharing their inputs: each of the 13 late blocks has its SM
    to itself, whichever SM frees first, so the sampled run claims its bound
    (validated in test_a_multi_round_grid_of_one_block_per_sm_is_within_3_percent)."""
    s = run("matmul_cublas", {"n": "1408"}, "a100", sample_sms=1).results[-1].stats
    assert (s["blocks"], s["blocks_per_sm"], s["waves"]) == (121, 1, 2)
    assert s["sampled"]["twins"] and s["sampled"]["caveat"] is None
    assert s["sampled"]["error"] == SAMPLED_ERROR


@pytest.mark.slow
def test_a_multi_round_grid_of_one_block_per_sm_is_within_3_percent():
    """The multi-round grid the bound is claimed for, against its full run
    (traces/sweep/sampled-rounds.csv: -0.0%, and matmul_cublas n=1536 on the
    a100 and h100, n=1793 with 256x128 tiles, attention_flash N=4096 within
    0.1%): 121 tiles in two rounds on the a100's 108 SMs."""
    full = run("matmul_cublas", {"n": "1408"}, "a100").results[-1].stats
    smp = run("matmul_cublas", {"n": "1408"}, "a100", sample_sms=16).results[-1].stats
    assert smp["sampled"]["error"] == SAMPLED_ERROR and smp["sampled"]["caveat"] is None
    assert smp["cycles"] == pytest.approx(full["cycles"], rel=SAMPLED_ERROR)
    assert smp["l2_hit_rate"] == pytest.approx(full["l2_hit_rate"], abs=0.01)
    assert smp["dram_read_bytes"] == pytest.approx(full["dram_read_bytes"], rel=0.03)
    for key in ("warp_instructions", "gld_requests", "gld_sectors", "shared_ld_wavefronts"):
        assert smp[key] == full[key], key
    assert smp["waves"] == full["waves"] == 2


def test_sampling_every_sm_is_the_full_run():
    full = run("vector_add", {"n": "65536"}, "h100").results[0].stats
    same = run("vector_add", {"n": "65536"}, "h100", sample_sms=1000).results[0].stats
    assert same["cycles"] == full["cycles"] and "sampled" not in same
    assert all(same[k] == full[k] for k in SCALED)


def test_a_sampled_run_is_not_checked_and_reports_what_it_simulated():
    r = run("vector_add", {"n": str(1 << 16)}, "h100", sample_sms=4)
    s = r.results[0].stats
    assert r.checks == [] and s["sampled"]["sms"] == 4
    # the mix is scaled with the total; the host simulated only the sample's share
    assert sum(s["opcodes"].values()) == pytest.approx(s["warp_instructions"], rel=1e-3)
    assert s["sampled"]["simulated_warp_instructions"] * s["sampled"]["scale"] == \
        pytest.approx(s["warp_instructions"], rel=1e-3)
    from simgpu.report import format_run
    assert f"to simulate {s['sampled']['simulated_warp_instructions']:,} warp instructions" in \
        format_run(r, "h100", 1.0)


def test_the_1792_vs_1793_step_on_the_a100():
    """Seed 003: 256x128 tiles on 108 SMs; 1792 needs 98 tiles (one wave), 1793
    needs 120 (a second wave for 12 tiles) and takes about twice as long."""
    t = {}
    for n in (1792, 1793):
        s = run("matmul_cublas", {"n": str(n), "tile": '"256x128"'}, "a100", sample_sms=1).results[0].stats
        t[n] = s
    assert (t[1792]["blocks"], t[1792]["waves"]) == (98, 1)
    assert (t[1793]["blocks"], t[1793]["waves"]) == (120, 2)
    assert 1.8 < t[1793]["cycles"] / t[1792]["cycles"] < 2.1


def test_blocks_that_are_not_alike_are_refused():
    """vector_add of 356 elements: block 1 has 100 threads in range, block 0
    256; a sample of the SMs cannot time a grid of unlike blocks."""
    with pytest.raises(LaunchError, match="not alike"):
        run("vector_add", {"n": "356"}, "h100", sample_sms=1)


def test_bad_sample_sizes_are_refused():
    k = simgpu.load(str(PROGRAMS / "vector_add.s"))
    a = np.zeros(64, np.float32)
    for bad in (0, -1, 2.5):
        with pytest.raises(LaunchError, match="sample_sms"):
            simgpu.launch(k, 1, 64, [a, a, a, 64], sample_sms=bad)
    with pytest.raises(LaunchError, match="sample_sms"):
        simgpu.launch(k, 1, 64, [a, a, a, 64], sample_sms=2, timing=False)


def test_twins_reads_count_in_flight_as_the_full_runs_do():
    """The h200's DRAM reads wait longer with more lines in flight (dram_inflight_cycles_per_kline),
    a line's sectors read one after another counting once. Each twin's request follows its block's
    whole, sector after sector; served a sector at a time for all twins, the twins' reads came between
    a line's sectors and each counted as a line of its own: vector_add sampled on 8 SMs was 15.4% slow
    (11,814 cycles against 10,240), now within the bound at 8, 16 and 33 SMs, as with no in-flight waits."""
    sets = {"n": str(1 << 20)}
    full = run("vector_add", sets, "h200").results[-1].stats["cycles"]
    for s in (8, 16, 33):
        smp = run("vector_add", sets, "h200", sample_sms=s).results[-1].stats
        assert smp["sampled"]["error"] == SAMPLED_ERROR, s
        assert abs(smp["cycles"] / full - 1) <= SAMPLED_ERROR, (s, smp["cycles"], full)
