"""Each program's DRAM traffic against the analytic count, and the seeds'
lessons in DRAM bytes. Counting as Nsight Compute does by default: each
kernel starts with cold caches (ncu flushes them between kernels), reads its
inputs from DRAM once, and leaves its outputs dirty in the L2 (dram__bytes_write
counts only evictions, so 0 for working sets below the L2's size)."""
from pathlib import Path

import pytest

from simgpu.recipe import parse_recipe, run_recipe

PROGRAMS = Path(__file__).resolve().parents[1] / "programs"
F = 4   # bytes per float32


def dram_reads(name, sets):
    run = run_recipe(parse_recipe(PROGRAMS / f"{name}.s"), sets)
    assert all(c.passed for c in run.checks)
    return [r.stats["dram_read_bytes"] for r in run.results], [r.stats["dram_write_bytes"] for r in run.results]


@pytest.mark.parametrize("name,sets,expected", [
    ("vector_add", {"n": "65536"}, [2 * 65536 * F]),
    ("strided_copy", {"n": "65536", "stride": "33"}, [65536 * F]),
    ("transpose_naive", {"n": "128"}, [128 * 128 * F]),
    ("transpose_smem_padded", {"n": "128"}, [128 * 128 * F]),
    ("reduce_sum", {"n": "65536"}, [65536 * F]),
    ("softmax_naive", {"R": "64", "C": "256"}, [64 * 256 * F]),
    ("softmax_online", {"R": "64", "C": "256"}, [64 * 256 * F]),
    ("matmul_tiled", {"n": "128"}, [2 * 128 * 128 * F]),
    # attention_naive: Q and K; then S; then P (= S, softmaxed in place) and V
    ("attention_naive", {"N": "128", "d": "64"}, [2 * 128 * 64 * F, 128 * 128 * F, 128 * 128 * F + 128 * 64 * F]),
    ("attention_flash", {"N": "128", "d": "64"}, [3 * 128 * 64 * F]),
])
def test_dram_reads_match_the_analytic_count(name, sets, expected):
    reads, writes = dram_reads(name, sets)
    for got, want in zip(reads, expected):
        assert abs(got - want) <= 0.10 * want, (got, want)
    assert writes == [0] * len(writes)            # outputs stay in the L2


@pytest.mark.slow
def test_flash_attention_moves_far_fewer_dram_bytes_than_naive():
    naive, _ = dram_reads("attention_naive", {"N": "512"})
    flash, _ = dram_reads("attention_flash", {"N": "512"})
    assert sum(flash) * 4 < sum(naive)            # 393,216 vs 2,490,368 bytes
