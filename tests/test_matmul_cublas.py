"""matmul_cublas: the cuBLAS-shaped SGEMM (128x128 and 256x128 block tiles,
256 threads, register tiles, double-buffered shared slices). Correct for any
n, a grid of ceil(n/BM) x ceil(n/128) tiles, one block per SM, and so the
wave counts of seed 000's H100 table and seed 003's A100 puzzle."""
from pathlib import Path

import numpy as np
import pytest

import simgpu
from simgpu.cli import main
from simgpu.config import load_config
from simgpu.errors import RecipeError
from simgpu.launch import load
from simgpu.recipe import parse_recipe, prepare, run_recipe
from simgpu.regalloc import max_live_registers

PROGRAM = Path(__file__).resolve().parents[1] / "programs" / "matmul_cublas.s"
BM = {"128x128": 128, "256x128": 256}


def run(n, tile="128x128", config="h100"):
    r = run_recipe(parse_recipe(PROGRAM), {"n": str(n), "tile": tile}, config=config)
    assert [c.passed for c in r.checks] == [True], f"n={n} {tile}: error {r.checks[0].error:.3e}"
    return r


@pytest.mark.parametrize("n,tile", [(1, "128x128"), (17, "128x128"), (130, "128x128"), (257, "128x128"),
                                    (1, "256x128"), (130, "256x128"), (260, "256x128")])
def test_matches_numpy_at_any_n(n, tile):
    r = run(n, tile)
    s = r.results[0].stats
    kernel, grid, block, shared = r.launches[0]
    assert kernel == f"matmul_cublas_{tile}"
    assert grid == (-(-n // 128), -(-n // BM[tile]), 1) and block == (256, 1, 1)
    assert s["blocks"] == -(-n // 128) * -(-n // BM[tile])
    # every block runs the whole k loop on whole tiles: the multiply-adds are the
    # padded product's, ceil(n / BK) slices of BK steps of (BM x 128) / 32 warp FMAs
    bk = 16 if tile == "128x128" else 8
    assert s["opcodes"]["fma"] == s["blocks"] * -(-n // bk) * bk * BM[tile] * 128 // 32
    # As is padded and Bs written row by row: no bank conflicts anywhere
    assert s["shared_ld_bank_conflicts"] == 0 and s["shared_st_bank_conflicts"] == 0


@pytest.mark.parametrize("tile,n,grid", [("128x128", 1793, (15, 15)), ("256x128", 1792, (14, 7)),
                                         ("256x128", 1793, (15, 8)), ("128x128", 4097, (33, 33))])
def test_grid_is_the_tile_count(tile, n, grid):
    _, _, _, launches = prepare(parse_recipe(PROGRAM), {"n": str(n), "tile": tile})
    assert launches[0][1] == grid


def test_tile_is_checked():
    with pytest.raises(RecipeError, match="does not hold"):
        prepare(parse_recipe(PROGRAM), {"tile": "64x64"})


def test_one_block_per_sm_by_registers():
    """140 and 216 live registers (ptxas 13.0 allocates 138 and 221): two
    blocks of 256 threads would need at most 128, so one block per SM."""
    for tile, regs in (("128x128", 140), ("256x128", 216)):
        prog = load(PROGRAM, kernel=f"matmul_cublas_{tile}").program
        assert max_live_registers(prog) == regs
        shared = {"128x128": 2 * (16 * 132 + 16 * 128) * 4, "256x128": 2 * (8 * 260 + 8 * 128) * 4}[tile]
        assert prog.shared_static == shared
        for config, by_shared in (("h100", {"128x128": 6, "256x128": 9}), ("a100", {"128x128": 4, "256x128": 6})):
            occ = simgpu.occupancy(config, regs, 256, shared)
            assert (occ.blocks_per_sm, occ.limit) == (1, "registers")
            assert occ.limits["shared_memory"] == by_shared[tile]      # shared memory alone would allow more


def predicted_waves(n, tile, config):
    _, _, _, launches = prepare(parse_recipe(PROGRAM), {"n": str(n), "tile": tile})
    kernel, grid, block, _, shared = launches[0]
    prog = load(PROGRAM, kernel=kernel).program
    occ = simgpu.occupancy(config, max_live_registers(prog), 256, prog.shared_static + shared)
    blocks = grid[0] * grid[1]
    return blocks, -(-blocks // (occ.blocks_per_sm * load_config(config)["sm_count"]))


# seed 000: "n = 1024: 64 tiles -> 1 waves ... n = 4224: 1089 tiles -> 9 waves" (128 x 128 tiles, 132 SMs)
SEED_000 = [(1024, 64, 1), (1408, 121, 1), (1536, 144, 2), (4096, 1024, 8), (4097, 1089, 9), (4224, 1089, 9)]


def test_seed_000_h100_wave_table_predicted():
    assert [predicted_waves(n, "128x128", "h100") for n, _, _ in SEED_000] == [(b, w) for _, b, w in SEED_000]


def test_seed_000_wave_table_from_the_cli(capsys):
    for n, blocks, waves in SEED_000:
        assert main(["occupancy", str(PROGRAM), "--set", f"n={n}"]) == 0
        assert f"waves              {waves}  ({blocks:,} blocks / (1 x 132 SMs))" in capsys.readouterr().out


def test_seed_003_a100_puzzle_predicted():
    """1792: 7 x 14 = 98 tiles of 256 x 128, one wave on 108 SMs; 1793: 8 x 15 = 120, two."""
    assert predicted_waves(1792, "256x128", "a100") == (98, 1)
    assert predicted_waves(1793, "256x128", "a100") == (120, 2)


def test_waves_by_simulation_on_a_small_gpu(tmp_path):
    """The same quantization, simulated, on an H100 cut down to 4 SMs: n = 256
    is 4 tiles (one wave), n = 257 is 9 tiles (three waves) and takes about
    three times as long, though the work grew by 1/256 per dimension. (2.78: the later waves'
    tiles are edge tiles, which loop over k all the same with most of their loads predicated
    off; those still take the SM's data stage, but their shared traffic and FMAs are the
    same, so each later wave takes nearly a full wave's time.)"""
    cfg = tmp_path / "h100x4.toml"
    cfg.write_text('base = "h100"\nsm_count = 4    # a cut-down H100 for a quick test\n')
    s256 = run(256, config=str(cfg)).results[0].stats
    s257 = run(257, config=str(cfg)).results[0].stats
    assert (s256["blocks"], s256["waves"]) == (4, 1)
    assert (s257["blocks"], s257["waves"]) == (9, 3)
    lat = load_config("h100")["launch_latency_cycles"]
    ratio = (s257["cycles"] - lat) / (s256["cycles"] - lat)
    assert 2.7 < ratio < 3.4


@pytest.mark.slow
def test_seed_000_h100_wave_table_simulated():
    """The three smallest sizes of the table simulated on the h100 config
    (4096 and up take tens of minutes). 1408 -> 1536 adds a second wave: the
    time more than doubles, while the work per tile grows by only 1536/1408."""
    stats = {n: run(n).results[0].stats for n, _, _ in SEED_000[:3]}
    assert [(stats[n]["blocks"], stats[n]["waves"]) for n, _, _ in SEED_000[:3]] == \
        [(b, w) for _, b, w in SEED_000[:3]]
    lat = load_config("h100")["launch_latency_cycles"]
    t = {n: s["cycles"] - lat for n, s in stats.items()}
    assert t[1536] / t[1408] > 1.8
    assert t[1408] / t[1024] < 1.6          # one wave either way: only the k loop is longer (1.375x)


def test_text_sizes_and_kernel_names_in_recipes():
    text = ('//! size tile = "128x128"\n//! size n = 4\n//! buffer x = zeros(n)\n'
            '//! launch k_{tile} grid=1 block=32 args=(x, n)\n')
    r = parse_recipe("t.s", text=text)
    assert prepare(r, {"tile": "256x128"})[3][0][0] == "k_256x128"     # verbatim, not evaluated
    assert prepare(r, {"tile": "'64x64'"})[3][0][0] == "k_64x64"       # quotes may be given
    assert prepare(r)[3][0][0] == "k_128x128"
    with pytest.raises(RecipeError, match="cannot parse"):             # numeric sizes are still expressions
        prepare(r, {"n": "4x4"})
    bad = parse_recipe("t.s", text=text.replace("k_{tile}", "k_{tiles}"))
    with pytest.raises(RecipeError, match=r"t.s:4: recipe: kernel name 'k_\{tiles\}': no size 'tiles'"):
        prepare(bad)
