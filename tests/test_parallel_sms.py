"""Issue 8: the SMs advanced on several host threads give the one-thread
run's answer exactly -- cycles, every counter, every warp state, per PC, and
the time series -- for every program (timing/core.py, timing/requests.py)."""
from pathlib import Path

import numpy as np
import pytest

from simgpu import LaunchError, launch, load
from simgpu.recipe import parse_recipe, run_recipe

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = sorted(p.name for p in (ROOT / "programs").glob("*.s"))


def _same(a, b, where):
    if isinstance(a, dict):
        assert a.keys() == b.keys(), where
        for k in a:
            _same(a[k], b[k], f"{where}.{k}")
    elif isinstance(a, np.ndarray):
        assert np.array_equal(a, b), where
    elif isinstance(a, float):
        assert a == b or (np.isnan(a) and np.isnan(b)), (where, a, b)
    else:
        assert a == b, (where, a, b)


@pytest.mark.parametrize("program", PROGRAMS)
def test_two_threads_give_the_one_thread_run(program):
    path = ROOT / "programs" / program
    one = run_recipe(parse_recipe(path), None, config="h100", threads=1)
    two = run_recipe(parse_recipe(path), None, config="h100", threads=2)
    assert all(c.passed for c in one.checks) and all(c.passed for c in two.checks)
    for a, b in zip(one.results, two.results):
        atomics = any(op in a.stats["opcodes"] for op in ("atom", "red"))
        # a program with global atomics runs on one thread whatever is asked (timing/run.py)
        assert b.stats["host_threads"] == (1 if atomics else 2)
        sa = {k: v for k, v in a.stats.items() if k != "host_threads"}
        sb = {k: v for k, v in b.stats.items() if k != "host_threads"}
        _same(sa, sb, program)
        assert np.array_equal(a.per_pc, b.per_pc)
    for name, buf in one.buffers.items():
        if isinstance(buf, np.ndarray):
            assert np.array_equal(buf, two.buffers[name], equal_nan=buf.dtype.kind == "f"), name


def test_the_trace_is_the_same_on_three_threads():
    path = ROOT / "programs" / "transpose_smem.s"
    runs = [run_recipe(parse_recipe(path), {"n": 256}, config="a100", threads=t, trace_capacity=100_000)
            for t in (1, 3)]
    t1, t3 = (r.results[0].stats["trace"] for r in runs)
    assert t1["dropped"] == t3["dropped"] == 0
    assert len(t1["records"]) > 1000 and np.array_equal(t1["records"], t3["records"])


def test_a_multi_wave_grid_dispatches_blocks_in_the_same_order():
    """vector_add at n = 2^20 on the a100: 4,096 blocks, many waves, so slots
    free on different SMs within one quantum and the dispatch order matters."""
    path = ROOT / "programs" / "vector_add.s"
    one, two = (run_recipe(parse_recipe(path), {"n": 1 << 20}, config="a100", threads=t) for t in (1, 2))
    a, b = one.results[0].stats, two.results[0].stats
    assert a["waves"] > 1
    _same({k: v for k, v in a.items() if k != "host_threads"},
          {k: v for k, v in b.items() if k != "host_threads"}, "vector_add")


def test_threads_must_be_a_positive_count():
    k = load(ROOT / "programs" / "vector_add.s")
    x = np.zeros(64, np.float32)
    with pytest.raises(LaunchError, match="threads must be a positive number"):
        launch(k, 1, 64, [x, x, x, 64], threads=0)


def test_a_run_in_pieces_on_two_threads_is_the_whole_run_on_one():
    """The progress bar's pieces (timing/run.py _run_in_pieces) pause between
    quanta; with two threads the result is still the one-thread whole run."""
    path = ROOT / "programs" / "matmul_tiled.s"
    seen = []
    whole = run_recipe(parse_recipe(path), {"n": 128}, config="h100", threads=1).results[0].stats
    parts = run_recipe(parse_recipe(path), {"n": 128}, config="h100", threads=2,
                       progress=lambda *a: seen.append(a)).results[0].stats
    assert len(seen) > 1 and parts["host_threads"] == 2
    _same({k: v for k, v in whole.items() if k != "host_threads"},
          {k: v for k, v in parts.items() if k != "host_threads"}, "matmul_tiled")
