"""The lessons of the transpose, reduction and wave programs, as numbers:
sectors per request and bank conflicts exactly (they are counts, independent
of timing), the reduction correct at sizes that are not multiples of a block,
and run time stepping at multiples of the SM count."""
import math
from pathlib import Path

import numpy as np
import pytest

import simgpu
from simgpu.config import load_config
from simgpu.recipe import parse_recipe, run_recipe

PROGRAMS = Path(__file__).resolve().parents[1] / "programs"


def run(name, config="h100", **sets):
    r = run_recipe(parse_recipe(PROGRAMS / f"{name}.s"), {k: str(v) for k, v in sets.items()}, config=config)
    for c in r.checks:
        assert c.passed, f"{name} {sets}: {c.buffer}: error {c.error:.3e} > tolerance {c.tol}"
    return r.results[0].stats


# ---- transposes: 32 x 32 tiles, blocks of 32 x 8 threads, 4 elements per thread ----
# A warp is one row of the block (32 lanes, consecutive threadIdx.x), so each
# global or shared access instruction is one request covering 32 elements,
# and an n x n transpose makes n*n/32 load requests and n*n/32 store requests.

@pytest.mark.parametrize("n", [64, 96])
def test_transpose_naive_writes_one_sector_per_lane(n):
    s = run("transpose_naive", n=n)
    requests = n * n // 32
    assert s["gld_requests"] == requests and s["gst_requests"] == requests
    # reads: 32 consecutive floats = 128 bytes = 4 sectors
    assert s["gld_sectors"] == 4 * requests and s["gld_sectors_per_request"] == 4
    # writes: lane tx writes row x of out, 4*n >= 128 bytes from its neighbour,
    # so each of the 32 lanes touches its own sector: 32 per request, and one
    # sector per element written (n*n in all)
    assert s["gst_sectors"] == n * n and s["gst_sectors_per_request"] == 32


@pytest.mark.parametrize("n", [64, 96])
def test_transpose_smem_column_reads_are_32_way_conflicts(n):
    s = run("transpose_smem", n=n)
    requests = n * n // 32
    # global side coalesced both ways
    assert s["gld_sectors_per_request"] == 4 and s["gst_sectors_per_request"] == 4
    # tile[tx][ty+j]: 32 lanes, 32 words 128 bytes apart, all in bank (ty+j) % 32:
    # 32 wavefronts where 1 would do, i.e. 31 conflicts per column-read request
    assert s["shared_ld_requests"] == requests
    assert s["shared_ld_wavefronts"] == 32 * requests
    assert s["shared_ld_bank_conflicts"] == 31 * requests      # 3,968 at n = 64
    # tile[ty+j][tx]: 32 consecutive words, one per bank
    assert s["shared_st_requests"] == requests
    assert s["shared_st_wavefronts"] == requests
    assert s["shared_st_bank_conflicts"] == 0


@pytest.mark.parametrize("n", [64, 96])
def test_transpose_smem_padded_has_no_conflicts(n):
    s = run("transpose_smem_padded", n=n)
    requests = n * n // 32
    assert s["gld_sectors_per_request"] == 4 and s["gst_sectors_per_request"] == 4
    # tile[32][33]: word 33*r + c lies in bank (r + c) % 32, so both a row and a
    # column of the tile cover all 32 banks
    assert s["shared_ld_requests"] == requests and s["shared_ld_wavefronts"] == requests
    assert s["shared_st_requests"] == requests and s["shared_st_wavefronts"] == requests
    assert s["shared_ld_bank_conflicts"] == 0
    assert s["shared_st_bank_conflicts"] == 0


def test_padding_is_the_only_difference_and_it_saves_time():
    plain = run("transpose_smem", n=64)
    padded = run("transpose_smem_padded", n=64)
    assert padded["warp_instructions"] == plain["warp_instructions"]   # same work
    assert padded["opcodes"]["ld"] == plain["opcodes"]["ld"]
    assert padded["cycles"] < plain["cycles"]                          # minus 3,968 extra wavefronts


# ---- reduce_sum: 512 elements per block of 256 threads, one atomic per block ----

@pytest.mark.parametrize("n", [1, 31, 1000, 65536 + 7])
def test_reduce_sum_matches_numpy_for_any_n(n):
    s = run("reduce_sum", n=n)          # the recipe checks |out - sum| <= 1e-5 sum|x|
    blocks = (n + 511) // 512
    assert s["blocks"] == blocks
    assert s["opcodes"]["atom"] == blocks          # thread 0 of each block, once
    assert s["opcodes"]["shfl"] == 5 * blocks      # one warp per block: d = 16, 8, 4, 2, 1
    assert s["shared_ld_bank_conflicts"] == 0 and s["shared_st_bank_conflicts"] == 0


@pytest.mark.parametrize("n", [1, 31, 513, 65536 + 7])
def test_reduce_sum_is_exact_on_small_integers(n):
    """Small integers sum exactly in float32 (every partial sum < 2^24), in any
    order: the result must equal the exact sum, so a lost or doubled element,
    however small its share, shows."""
    k = simgpu.load(str(PROGRAMS / "reduce_sum.s"))
    x = np.random.default_rng(5).integers(0, 16, n).astype(np.float32)
    out = np.zeros(1, np.float32)
    simgpu.launch(k, (n + 511) // 512, 256, [out, x, n], timing=False)
    assert out[0] == float(x.astype(np.int64).sum())


# ---- wave: one 128-thread block per SM (128 KB of shared memory each) ----

WAVE_ITERS = 2048      # about 10,000 cycles per block: the steps dwarf everything else


@pytest.mark.parametrize("config,sms", [("h100", 132), ("a100", 108)])
def test_wave_time_steps_at_multiples_of_the_sm_count(config, sms):
    c = {}
    for blocks in (1, sms, sms + 1, 2 * sms):
        s = run("wave", config=config, blocks=blocks, iters=WAVE_ITERS)
        assert s["blocks_per_sm"] == 1 and s["occupancy_limit"] == "shared_memory"
        assert s["waves"] == (1 if blocks <= sms else 2)
        # the blocks' own time: without the front end's fixed launch latency
        c[blocks] = s["cycles"] - load_config(config)["launch_latency_cycles"]
    one = c[1]
    # A wave takes one block's time, however many SMs it keeps busy. Not to
    # the cycle: the SMs finish together, and the L2 slices queue their final
    # stores (2,112 sectors at once from 132 SMs: +32 cycles on h100 today);
    # and the grid's work distributor hands the second wave's blocks out one
    # every block_dispatch_cycles (the first wave's hide in the launch latency).
    hand_out = math.ceil(sms * load_config(config)["block_dispatch_cycles"])
    assert c[sms] >= one and c[sms] - one <= 0.01 * one
    assert c[2 * sms] >= c[sms + 1] and c[2 * sms] - c[sms + 1] <= 0.01 * one + hand_out
    # One block more than the SMs costs a whole second wave: a block's time but
    # for what only the launch pays, once -- its code's cold fetch and its
    # parameters' cold constant lines (the first wave's no_instruction and
    # imc_miss: the SM's caches stay warm for its next block) and its final
    # stores' acknowledgment by the L2.
    first = run("wave", config=config, blocks=1, iters=WAVE_ITERS)
    cold = (first["stall_cycles"]["no_instruction"] + first["stall_cycles"]["imc_miss"]) / first["warps"]
    assert c[sms + 1] - c[sms] >= 0.98 * (one - cold - load_config(config)["latency_l2_cycles"])
    assert c[sms + 1] > 1.9 * c[sms]
