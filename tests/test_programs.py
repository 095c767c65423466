"""Every program in programs/ runs from its recipe and matches numpy, at its
default sizes and at others (including sizes where grids round up)."""
from pathlib import Path

import pytest

from simgpu.recipe import parse_recipe, run_recipe

PROGRAMS = Path(__file__).resolve().parents[1] / "programs"

CASES = [
    ("vector_add", {}), ("vector_add", {"n": "1000"}), ("vector_add", {"n": "33"}),
    ("strided_copy", {}), ("strided_copy", {"stride": "2"}), ("strided_copy", {"stride": "33"}),
    ("strided_copy", {"n": "1000", "stride": "3"}),
    ("matmul_naive", {"n": "64"}), ("matmul_naive", {"n": "50"}),
    ("matmul_tiled", {"n": "64"}), ("matmul_tiled", {"n": "48"}),
    ("matmul_tiled32", {"n": "64"}), ("matmul_tiled32", {"n": "96"}),
    ("matmul_registers", {"n": "64"}), ("matmul_registers", {"n": "128"}),
    ("matmul_cublas", {"n": "130"}), ("matmul_cublas", {"n": "260", "tile": "256x128"}),
    ("divergence", {}), ("divergence", {"n": "1000", "k": "3"}),
    ("matmul_batched", {"batch": "4"}), ("matmul_batched", {"n": "32", "batch": "3"}),
    ("transpose_naive", {"n": "64"}), ("transpose_naive", {"n": "96"}),
    ("transpose_smem", {"n": "64"}), ("transpose_smem", {"n": "96"}),
    ("transpose_smem_padded", {"n": "64"}), ("transpose_smem_padded", {"n": "96"}),
    ("reduce_sum", {"n": "1"}), ("reduce_sum", {"n": "1000"}), ("reduce_sum", {"n": "65543"}),
    ("wave", {"blocks": "133", "iters": "64"}), ("wave", {"blocks": "3", "iters": "8"}),
    ("softmax_naive", {"R": "64", "C": "128"}), ("softmax_naive", {"R": "7", "C": "33"}),
    ("softmax_online", {"R": "64", "C": "128"}), ("softmax_online", {"R": "7", "C": "33"}),
    ("attention_naive", {"N": "64"}), ("attention_naive", {"N": "48", "d": "16"}),
    ("attention_flash", {"N": "64"}), ("attention_flash", {"N": "96", "d": "32"}),
]


def test_every_program_is_covered():
    names = {p.stem for p in PROGRAMS.glob("*.s")}
    assert names == {name for name, _ in CASES}


@pytest.mark.parametrize("name,sets", CASES, ids=[f"{n}-{'-'.join(f'{k}{v}' for k, v in s.items()) or 'default'}"
                                                   for n, s in CASES])
def test_program_matches_numpy(name, sets):
    run = run_recipe(parse_recipe(PROGRAMS / f"{name}.s"), sets)
    assert run.checks, "every program checks its result"
    for c in run.checks:
        assert c.passed, f"{c.buffer}: error {c.error:.3e} > tolerance {c.tol}"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["matmul_tiled", "matmul_tiled32", "matmul_registers", "matmul_naive"])
def test_default_sizes(name):
    run = run_recipe(parse_recipe(PROGRAMS / f"{name}.s"))
    assert all(c.passed for c in run.checks)


def test_tiling_cuts_global_loads():
    """The ladder's lesson in instruction counts: a 16x16 tile loads each number
    from global memory once per tile instead of once per multiply-add."""
    naive = run_recipe(parse_recipe(PROGRAMS / "matmul_naive.s"), {"n": "64"}).results[0].stats
    tiled = run_recipe(parse_recipe(PROGRAMS / "matmul_tiled.s"), {"n": "64"}).results[0].stats
    n = 64
    # naive: 2 global loads per multiply-add per thread, n*n threads, n steps, 32 threads per warp
    assert naive["opcodes"]["ld"] >= 2 * n * n * n // 32
    assert naive["opcodes"]["fma"] == n * n * n // 32
    assert tiled["opcodes"]["fma"] == n * n * n // 32
    assert tiled["opcodes"]["bar"] == 2 * (n // 16) * (n * n // 32)
