"""The L2's atomic units (memory/hierarchy.py atomic_unit, atomic_cycles):
32 units of 512-byte chunks on the H200, 1.11 cycles a sector operation and
at least 3.38 a request, from programs/micro/atomic_tail.s and atomic_lines.s
and traces/h200/memsys.json (tools/atomic_figures.py)."""
import sys
from pathlib import Path

import numpy as np
import pytest

from simgpu.config import load_config
from simgpu.memory.hierarchy import atomic_cycles, atomic_unit, atomic_work, make_memsys

H200 = load_config("h200")
ROOT = Path(__file__).resolve().parents[1]


def params():
    return make_memsys(H200, 1, 64 * 1024).params


def test_a_unit_owns_512_byte_chunks_and_strides_spread_over_the_units():
    p = params()
    assert len({atomic_unit(line, p) for line in range(4)}) == 1           # one 512 B chunk
    assert atomic_unit(3, p) != atomic_unit(4, p)                          # the next chunk
    # atomic_spread.s: 8 lines 4 KB or 64 KB apart, 32 lines 128 B apart: each on a unit of its own
    for stride_lines in (32, 512):
        assert len({atomic_unit(k * stride_lines, p) for k in range(8)}) == 8
    assert len({atomic_unit(k, p) for k in range(32)}) == 8
    assert all(0 <= atomic_unit(line, p) < H200["l2_atomic_units"] for line in range(0, 1 << 20, 97))


def test_a_request_costs_its_operations_or_the_request_floor():
    p = params()
    s = np.zeros(64, np.int64)
    s[32] = 1                                   # one lane's red: the floor
    assert atomic_cycles(atomic_work(s, 1, 0), p) == pytest.approx(H200["l2_atomic_request_cycles"])
    s[32:36] = 1                                # a line's 32 words: 4 sectors of one operation
    total = sum(atomic_cycles(atomic_work(s, 4, k), p) for k in range(4))
    assert total == pytest.approx(max(4 * H200["l2_atomic_op_cycles"], H200["l2_atomic_request_cycles"]))
    s[32] = 32                                  # 32 lanes on one word: 32 operations one after another
    assert atomic_cycles(atomic_work(s, 1, 0), p) == pytest.approx(32 * H200["l2_atomic_op_cycles"])


def test_the_config_holds_the_figures_the_records_give():
    sys.path.insert(0, str(ROOT / "tools"))
    import atomic_figures
    f = atomic_figures.figures()
    assert round(f["l2_atomic_request_cycles"], 2) == H200["l2_atomic_request_cycles"]
    assert round(f["l2_atomic_op_cycles"], 2) == H200["l2_atomic_op_cycles"]
    assert round(f["l2_atomic_units"]) == H200["l2_atomic_units"]
