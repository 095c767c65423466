"""The L2's atomic units (memory/hierarchy.py atomic_unit, atomic_costs,
l2_sector): 32 units of 512-byte chunks on the H200; a line's operations one
after another, other lines' overlapped, each at its kind's cost, from
programs/micro/atomic_queue.s, atomic_hazard.s and atomic_spread.s and
traces/h200/memsys.json (tools/atomic_figures.py)."""
import sys
from pathlib import Path

import numpy as np
import pytest

from simgpu.config import load_config
from simgpu.memory.coalescer import ATOM_FLOAT, ATOM_WHOLE
from simgpu.memory.hierarchy import atomic_costs, atomic_unit, l2_sector, make_memsys

H200 = load_config("h200")
ROOT = Path(__file__).resolve().parents[1]


def memsys():
    return make_memsys(H200, 1, 64 * 1024)


def test_a_unit_owns_512_byte_chunks_and_strides_spread_over_the_units():
    p = memsys().params
    assert len({atomic_unit(line, p) for line in range(4)}) == 1           # one 512 B chunk
    assert atomic_unit(3, p) != atomic_unit(4, p)                          # the next chunk
    # atomic_spread.s: 8 lines 4 KB or 64 KB apart, 32 lines 128 B apart: each on a unit of its own
    for stride_lines in (32, 512):
        assert len({atomic_unit(k * stride_lines, p) for k in range(8)}) == 8
    assert len({atomic_unit(k, p) for k in range(32)}) == 8
    assert all(0 <= atomic_unit(line, p) < H200["l2_atomic_units"] for line in range(0, 1 << 20, 97))


def test_each_kind_of_operation_has_its_costs():
    p = memsys().params
    key = "l2_atomic_{}op_cycles", "l2_atomic_{}line_cycles"
    for kind, name in ((0, ""), (ATOM_WHOLE, "whole_"), (ATOM_FLOAT, "float_"), (ATOM_FLOAT | ATOM_WHOLE, "float_")):
        assert atomic_costs(kind, p) == (H200[key[0].format(name)], H200[key[1].format(name)])


def atoms_done(MS, lines, kind, ops=1, tn=0.0):
    """The cycles at which the unit is done with `atom`s of `ops` operations
    each, on the first sector of each of `lines` in turn, all sent at cycle
    tn; each returns an L2 latency (give or take its slice's path) later."""
    done = []
    for line in lines:
        l2_sector(MS, 0, tn, line * 4, False, 1, ops | (kind << 8))
        done.append(MS.atom_free[atomic_unit(line, MS.params), 1])     # the unit's last one done
    return np.array(done)


@pytest.mark.parametrize("kind,name", [(0, ""), (ATOM_WHOLE, "whole_"), (ATOM_FLOAT, "float_")])
def test_one_lines_operations_follow_each_other_other_lines_overlap(kind, name):
    MS = memsys()
    atoms_done(MS, range(4), kind)                       # the lines' fills, one 512 B chunk: one unit
    same = np.diff(atoms_done(MS, [0] * 9, kind, tn=1e5))
    assert same == pytest.approx(H200[f"l2_atomic_{name}line_cycles"])
    # other lines: each starts the unit's issue time after the one before, and takes its line time
    spread = np.diff(atoms_done(MS, [1, 2, 3, 0] * 3, kind, tn=2e5))
    assert spread == pytest.approx(H200[f"l2_atomic_{name}op_cycles"])
    # 32 lanes on one word: 32 operations on the line, one after another
    t = atoms_done(MS, [0, 0], kind, ops=32, tn=3e5)
    assert t[1] - t[0] == pytest.approx(32 * H200[f"l2_atomic_{name}line_cycles"])


def test_the_config_holds_the_figures_the_records_give():
    sys.path.insert(0, str(ROOT / "tools"))
    import atomic_figures
    f = atomic_figures.figures()
    for key in ("l2_atomic_op_cycles", "l2_atomic_whole_op_cycles", "l2_atomic_float_op_cycles",
                "l2_atomic_line_cycles", "l2_atomic_whole_line_cycles", "l2_atomic_float_line_cycles"):
        assert round(f[key], 2) == H200[key], key
    # a power of 2 near the measured count (atomic_unit spreads chunks by XOR)
    assert H200["l2_atomic_units"] == 2 ** round(np.log2(f["l2_atomic_units"]))


def test_a_requests_sectors_on_other_lines_start_an_issue_time_apart_and_the_next_request_waits():
    """A request's float adds on 4 lines of one unit (the held-out scatter_add's lanes, 148 bytes
    apart) start an issue time apart, and the unit takes the next request once all 4 are done:
    3 issue times and one line time a request (67,064 cycles on scatter_add against the H200's
    70,091; 118,404 when each sector waited for the one before it). On one line the sectors still
    follow each other (atomic_spread.s), a line time each."""
    from simgpu.memory.hierarchy import ATOM_MORE, atomic_work
    MS = memsys()
    p = MS.params
    issue, chain = atomic_costs(ATOM_FLOAT, p)
    unit = atomic_unit(0, p)
    for line in range(4):                                  # the lines' fills
        l2_sector(MS, 0, 0.0, line * 4, False, 2, 1 | (ATOM_FLOAT << 8))
    sectors = np.zeros(96, np.int64)

    def request(secs, tn):
        n = len(secs)
        sectors[:n] = secs
        sectors[32:32 + n] = 1
        sectors[64:64 + n] = ATOM_FLOAT
        for k in range(n):
            l2_sector(MS, 0, tn, sectors[k], False, 2, atomic_work(sectors, n, k, p))
        return MS.atom_free[unit, 0]
    assert atomic_work(np.array([0, 4, 1 << 20] + [0] * 93, np.int64), 3, 0, p) & ATOM_MORE   # line 1: same unit
    assert not atomic_work(np.array([0, 1 << 20] + [0] * 94, np.int64), 2, 0, p) & ATOM_MORE  # another unit
    t1 = request([0, 4, 8, 12], 1e5)                       # 4 lines of one chunk
    t2 = request([0, 4, 8, 12], 1e5)
    assert t2 - t1 == pytest.approx(3 * issue + chain)
    t3 = request([0, 1, 2, 3], 2e5)                        # 4 sectors of one line
    t4 = request([0, 1, 2, 3], 2e5)
    assert t4 - t3 == pytest.approx(4 * chain)


def test_an_atoms_value_crosses_the_fabric_from_the_other_partition_and_a_load_of_its_line_waits_for_it():
    """An atom is done in its line's home partition: its old value is back an L2 latency after
    the unit's operation, and the fabric's cycles more at an SM of the other partition (two H100s'
    runs of programs/micro/atomic_l1.s: 304 and 490 cycles). A load of the line (any sector) that
    reaches the slice before the operation is done waits for it; one of another line of the same
    unit does not."""
    from simgpu.memory.hierarchy import home_partition
    h100 = load_config("h100")
    MS = make_memsys(h100, 4, 64 * 1024)
    p = MS.params
    l2, gap, fabric = h100["latency_l2_cycles"], h100["l2_path_gap_cycles"], h100["l2_fabric_cycles"]
    assert fabric > 0
    near = home_partition(0, h100["l2_partitions"]) * h100["l2_partition_sms"]   # an SM of line 0's home
    far = (1 - home_partition(0, h100["l2_partitions"])) * h100["l2_partition_sms"]
    for sec in (0, 3, 4):                                        # lines 0 and 1 (one unit) in the L2
        l2_sector(MS, near, 0.0, sec, False, 0, 0)
    t = 1e4
    for sm, extra in ((near, 0), (far, fabric)):
        back = l2_sector(MS, sm, t, 0, False, 1, 32)             # 32 operations on line 0's first word
        done = MS.atom_free[atomic_unit(0, p), 1]
        assert done == pytest.approx(t + 32 * h100["l2_atomic_line_cycles"], abs=1.0)
        assert back - done == pytest.approx(l2 + extra, abs=gap / 2)
        for sec in (0, 3):                                       # a load of its sector or another of its line
            assert l2_sector(MS, near, t + 1, sec, False, 0, 0) - done == pytest.approx(l2, abs=gap / 2)
        other = l2_sector(MS, near, t + 1, 4, False, 0, 0)       # line 1: an L2 hit's latency
        assert other - (t + 1) == pytest.approx(l2, abs=gap / 2 + 1)
        t += 1e4


def test_an_atomic_drops_its_line_from_the_sms_l1_and_the_other_partitions_copies():
    from simgpu.memory import SCR_WAVEFRONTS
    from simgpu.memory.caches import access
    from simgpu.memory.hierarchy import (COPY_TAG, P_PARTS, P_SLICES, atomic_request, global_request, hash_line,
                                         home_partition, partition_line, set_spread)
    MS = make_memsys(H200, 2, 64 * 1024)
    p = MS.params
    sectors = np.zeros(SCR_WAVEFRONTS + 1, np.int64)

    def request(secs, now, kind=None):
        sectors[:len(secs)] = secs
        sectors[32:32 + len(secs)] = 1
        sectors[SCR_WAVEFRONTS] = 1
        if kind is None:
            return global_request(MS, 0, now, sectors, len(secs), False, False)
        return atomic_request(MS, 0, now, sectors, len(secs), kind)

    def in_l1(line):
        return access(MS.l1, 0, line, 0, False, False, 1 << 20)[2] >= 0

    parts = int(p[P_PARTS])
    per = int(p[P_SLICES]) // parts
    request([0, 1, 4], 0)                       # lines 0 and 1 into SM 0's L1 (and the L2)
    assert in_l1(0) and in_l1(1)
    request([2], 1e4, kind=2)                   # a red on line 0's third sector
    assert not in_l1(0) and in_l1(1)
    # a copy of line 1 in the partition that is not its home is dropped by an atom on it
    home = home_partition(1, parts)
    far = 1 - home
    tag = set_spread(partition_line(1, parts) // per) | COPY_TAG
    local = hash_line(partition_line(1, parts), per)
    access(MS.l2, far * per + local, tag, 0, True, False, 1 << 20)
    assert access(MS.l2, far * per + local, tag, 0, False, False, 1 << 20)[2] >= 0
    request([4], 2e4, kind=1)
    assert access(MS.l2, far * per + local, tag, 0, False, False, 1 << 20)[2] < 0


def test_atomic_l1_steps_are_those_of_the_h100_whose_word_is_homed_as_simgpus():
    """programs/micro/atomic_l1.s (one thread chasing a word, an atomic after each load) on the
    h100 config against the H100 records: two chips, the chased word homed in the thread's own L2
    partition on one (an atom's round trip 304 cycles, _r3 and _r4) and in the other on the other
    (490: the fabric both ways). Every (kernel, offset) within 4% or 6 cycles a step of both runs
    of the chip whose placement simgpu's run has (the chase alone is 4 cycles a step longer on the
    H100, 40 against 36.0)."""
    import json
    sys.path.insert(0, str(ROOT / "tools"))
    import atomic_l1_figures as F
    h100 = load_config("h100")
    sizes = {"iters": 256}
    launches = F.recipe_launches(sizes)
    sim = F.steps(F.simulated(sizes, "h100"), launches, 256)
    round_trip = sim[("chase_atom", 32)] - sim[("chase_red", 64)]
    far = round_trip > h100["latency_l2_cycles"] + h100["l2_fabric_cycles"] / 2
    chips = {False: [], True: []}
    for record in sorted((ROOT / "traces" / "h100" / "micro").glob("micro_atomic_l1*.json")):
        entry = json.loads(record.read_text())["programs"][0]
        assert int(entry["sizes"]["iters"]) == 256
        hw = F.steps([L[F.CYC] for L in entry["ncu"]["launches"]], launches, 256)
        hw_far = hw[("chase_atom", 32)] - hw[("chase_red", 64)] > h100["latency_l2_cycles"] + h100["l2_fabric_cycles"] / 2
        chips[hw_far].append((record.name, hw))
    assert len(chips[False]) == 2 and len(chips[True]) == 2
    for name, hw in chips[far]:
        for key, cycles in hw.items():
            assert abs(sim[key] - cycles) <= max(6.0, 0.04 * cycles), (name, key, sim[key], cycles)
