"""The coalescer and the bank model, exactly: sectors per request of strided
accesses, and shared-memory wavefronts and bank conflicts."""
from pathlib import Path

import numpy as np
import pytest

import simgpu
from simgpu.memory.banks import count_wavefronts
from simgpu.memory.coalescer import count_sectors
from simgpu.recipe import parse_recipe, run_recipe

PROGRAMS = Path(__file__).resolve().parents[1] / "programs"
FULL = (1 << 32) - 1


@pytest.mark.parametrize("stride,sectors", [(1, 4), (2, 8), (4, 16), (8, 32), (9, 32), (33, 32), (1025, 32)])
def test_strided_copy_sectors_per_request(stride, sectors):
    s = run_recipe(parse_recipe(PROGRAMS / "strided_copy.s"), {"stride": str(stride), "n": "8192"}).results[0].stats
    assert s["gld_sectors_per_request"] == sectors         # the strided reads
    assert s["gst_sectors_per_request"] == 4               # the writes stay coalesced
    assert s["gld_requests"] == 8192 // 32
    assert s["gld_bytes_requested"] == 4 * 8192                # every element read once
    assert s["gld_bytes_requested"] / (32 * s["gld_sectors"]) == 4 / sectors   # the used share


def sectors(addresses, nbytes=4, mask=FULL):
    offs = np.zeros(32, np.int64)
    offs[:len(addresses)] = addresses
    return count_sectors(offs, mask, nbytes, np.zeros(160, np.int64))


def test_sector_rule_cases():
    assert sectors(np.arange(32) * 4) == 4                 # 128 consecutive bytes
    assert sectors(np.arange(32) * 4 + 4) == 5             # misaligned by one word: 5 sectors
    assert sectors(np.zeros(32)) == 1                      # all lanes read one word
    assert sectors(np.arange(32) * 16, nbytes=16) == 16    # .v4: 512 bytes
    assert sectors(np.arange(32) * 8, nbytes=8) == 8       # .v2: 256 bytes
    assert sectors(np.arange(32) * 4, mask=0xFF) == 1      # 8 active lanes: 32 bytes


def wavefronts(words, nbytes=4, mask=FULL):
    offs = np.zeros(32, np.int64)
    offs[:len(words)] = np.asarray(words) * 4
    return count_wavefronts(offs, mask, nbytes, np.zeros(160, np.int64))


def test_bank_rule_cases():
    lanes = np.arange(32)
    assert wavefronts(lanes) == (1, 1)                     # one word per bank
    assert wavefronts(lanes * 32) == (32, 1)               # a column of a 32-wide tile: 32-way
    assert wavefronts(lanes * 33) == (1, 1)                # padded to 33: conflict-free
    assert wavefronts(lanes * 2) == (2, 1)                 # stride 2: 2-way
    assert wavefronts(np.zeros(32)) == (1, 1)              # broadcast is free
    assert wavefronts(lanes // 2 * 32) == (16, 1)          # pairs share a word: 16 distinct words, one bank
    assert wavefronts(lanes * 2, nbytes=8) == (2, 2)       # 8-byte accesses: two half-warp phases, ideal
    assert wavefronts(lanes * 4, nbytes=16) == (4, 4)      # 16-byte accesses: two half-warp phases of 64 words
    # one 16-byte word per half-warp (matmul_tiled's LDS.128 of As[ty][k..k+3]): one wavefront per phase,
    # as the H200 counts it (traces/h200/programs.json: 786,432 shared load wavefronts, not 1,048,576)
    assert wavefronts(np.repeat([0, 4], 16), nbytes=16) == (2, 2)
    assert wavefronts(np.zeros(32), nbytes=16) == (2, 2)
    assert wavefronts(lanes * 8, nbytes=16) == (8, 4)      # 32-byte stride: each bank holds 4 of a phase's words
    # every lane on one 8-byte word: one wavefront for the warp (traces/h200/mio.json, `lds64b`: 1.00 a
    # load); 16 words read by both half-warps (dgemm_tiled's Bs[k][tx]) still two, one a phase
    assert wavefronts(np.zeros(32), nbytes=8) == (1, 1)
    assert wavefronts(np.tile(lanes[:16] * 2, 2), nbytes=8) == (2, 2)


HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n"


def column_read_kernel(width):
    return HEAD + f""".visible .entry k(.param .u64 out)
{{
  .reg .b32 %r<8>;
  .reg .f32 %f<2>;
  .reg .b64 %rd<4>;
  .shared .align 4 .b8 tile[{32 * width * 4}];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, tile;
  mul.lo.s32 %r3, %r1, {width * 4};       // row tid, column 0: tile[tid][0]
  add.s32 %r4, %r2, %r3;
  ld.shared.f32 %f1, [%r4];
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.f32 [%rd3], %f1;
  ret;
}}"""


@pytest.mark.parametrize("width,conflicts", [(32, 31), (33, 0)])
def test_reading_a_tile_column_conflicts_unless_padded(width, conflicts):
    k = simgpu.load("<banks>.ptx", text=column_read_kernel(width))
    s = simgpu.launch(k, 1, 32, [np.zeros(32, np.float32)]).stats
    assert s["shared_ld_bank_conflicts"] == conflicts
    assert s["shared_ld_wavefronts"] == conflicts + 1
    per_pc = s["memory_by_pc"]
    assert per_pc[:, 0].sum() == s["shared_ld_requests"] + s["gst_requests"]


def test_functional_and_timed_runs_count_the_same():
    recipe = parse_recipe(PROGRAMS / "matmul_tiled.s")
    a = run_recipe(recipe, {"n": "64"}).results[0].stats
    b = run_recipe(recipe, {"n": "64"}, timing=False).results[0].stats
    for key in ("gld_sectors", "gst_sectors", "shared_ld_wavefronts", "shared_ld_bank_conflicts"):
        assert a[key] == b[key]
