"""Sectored, set-associative caches with LRU replacement: one routine for
the per-SM L1s and the L2 slices.

A line is 128 bytes of four 32-byte sectors; each sector has its own valid
and dirty bit, so a miss fetches only the sectors asked for (NVIDIA's L1 and
L2 are sectored this way: Jia et al., "Dissecting the NVIDIA Volta GPU
Architecture via Microbenchmarking", 2018). Arrays are indexed
[cache, set, way]: `tags` holds the line number (-1 when empty), `valid` and
`dirty` the sector bit masks (valid's high nibble marks the sectors a wider
DRAM fetch brought unasked: fill_group), `stamp` the time of last use for LRU (each cache counts its own accesses,
so that caches used by different host threads never share a counter), and
`ready[cache, set, way, sector]` the cycle a sector's fill arrives: a sector
is allocated when its miss is sent, so a later request for it while the
fill is on its way finds it present but waits for the data (a hit under a
miss, as an MSHR merges it), never getting it before it exists.
`asker[cache, set, way, sector]` is the SM whose fetch brought a sector
unasked (fill_group), so that the L2 can count a later lookup of it as
the H200 does (memory/hierarchy.py l2_sector).
"""
from collections import namedtuple

import numpy as np

from ..exec.jit import njit
from ..exec.lanes import popcount

LINE_BYTES = 128
SECTOR_BYTES = 32

Cache = namedtuple("Cache", ["tags", "valid", "dirty", "stamp", "clock", "ready", "asker"])


def make_cache(n_caches, size_bytes, ways):
    lines = max(ways, size_bytes // LINE_BYTES)
    sets = max(1, lines // ways)
    shape = (n_caches, sets, ways)
    return Cache(np.full(shape, -1, np.int64), np.zeros(shape, np.uint8), np.zeros(shape, np.uint8),
                 np.zeros(shape, np.int64), np.zeros(n_caches, np.int64), np.zeros(shape + (4,), np.float64),
                 np.zeros(shape + (4,), np.int32))


# valid's high nibble: bit 4 + k marks sector k as brought by a fetch for another sector of its
# group and not yet asked for (fill_group, take_unasked)
UNASKED_SHIFT = 4


@njit
def group_missing(C, c, slot, sector, group):
    """The sectors of the aligned group of `group` (1, 2 or 4) holding `sector`
    of the line in `slot` that are not there, as a bit mask (`sector` itself
    left out): what a DRAM fetch of the group brings besides the sector."""
    ways = C.tags.shape[2]
    first = (sector // group) * group
    want = ((1 << group) - 1) << first
    return np.int64(want & ~np.int64(C.valid[c, slot // ways, slot % ways]) & 15 & ~(1 << sector))


@njit
def fill_group(C, c, slot, mask, t, sm):
    """Mark the sectors of bit mask `mask` valid, ready at cycle t, and
    unasked for: a sector one of the line's DRAM fetches brought besides the
    one it was for (group_missing), for SM `sm`."""
    ways = C.tags.shape[2]
    s, w = slot // ways, slot % ways
    for k in range(4):
        if (mask >> k) & 1:
            C.ready[c, s, w, k] = t
            C.asker[c, s, w, k] = sm
    C.valid[c, s, w] |= np.uint8(mask | (mask << UNASKED_SHIFT))


@njit
def copy_group(C, src, src_slot, dst, dst_slot, sector, group, delay):
    """The other sectors of `sector`'s aligned group of `group` that cache
    `src`'s line holds and `dst`'s copy lacks, into that copy, unasked for,
    `delay` cycles after src has each (a wider fetch passed on whole)."""
    ways = C.tags.shape[2]
    s0, w0 = src_slot // ways, src_slot % ways
    s1, w1 = dst_slot // ways, dst_slot % ways
    first = (sector // group) * group
    for k in range(first, first + group):
        bit = 1 << k
        if k != sector and (C.valid[src, s0, w0] & bit) and not (C.valid[dst, s1, w1] & bit):
            C.ready[dst, s1, w1, k] = C.ready[src, s0, w0, k] + delay
            C.asker[dst, s1, w1, k] = C.asker[src, s0, w0, k]
            C.valid[dst, s1, w1] |= np.uint8(bit | (bit << UNASKED_SHIFT))


@njit
def take_unasked(C, c, slot, sector):
    """Whether the sector came with another's fetch and is asked for now for
    the first time (clearing its mark: fill_group)."""
    ways = C.tags.shape[2]
    s, w = slot // ways, slot % ways
    bit = np.uint8(1 << (sector + UNASKED_SHIFT))
    if C.valid[c, s, w] & bit:
        C.valid[c, s, w] = np.uint8(C.valid[c, s, w] & (255 - bit))
        return True
    return False


@njit
def asked_by(C, c, slot, sector):
    """The SM whose fetch brought the sector unasked (fill_group)."""
    ways = C.tags.shape[2]
    return C.asker[c, slot // ways, slot % ways, sector]


@njit
def ready_at(C, c, slot, sector):
    """The cycle the sector's data is (or was) there."""
    ways = C.tags.shape[2]
    return C.ready[c, slot // ways, slot % ways, sector]


@njit
def set_ready(C, c, slot, sector, t):
    ways = C.tags.shape[2]
    C.ready[c, slot // ways, slot % ways, sector] = t


@njit(inline="always")
def set_of(C, line):
    """The set `line` maps to (its low bits, XOR-folded with bits 11 and up)."""
    return (line ^ (line >> 11)) % C.tags.shape[1]


@njit
def access(C, c, line, sector, allocate, write, dirty_ways):
    """Look up one sector of `line` in cache c. Returns (hit, dirty sectors
    written back, slot): slot (set x ways + way) locates the line for
    ready_at and set_ready, -1 when the line is not there. A miss allocates
    the line (LRU victim, its dirty sectors written back) when `allocate`; a
    write marks the sector dirty; a non-allocating write to a present line
    updates it. A write that makes a line dirty where the set then holds
    more than `dirty_ways` dirty lines writes back the set's least recently
    used other dirty line, which stays, clean (the L2's `l2_dirty_ways`;
    the L1s pass their ways: no limit)."""
    C.clock[c] += 1
    s = set_of(C, line)
    bit = np.uint8(1 << sector)
    ways = C.tags.shape[2]
    for w in range(ways):
        if C.tags[c, s, w] == line:
            C.stamp[c, s, w] = C.clock[c]
            hit = (C.valid[c, s, w] & bit) != 0
            if allocate or write:
                C.valid[c, s, w] |= bit
            cleaned = 0
            if write:
                if C.dirty[c, s, w] == 0 and dirty_ways < ways:
                    cleaned = _clean_past(C, c, s, w, dirty_ways)
                C.dirty[c, s, w] |= bit
            return hit, cleaned, s * ways + w
    if not allocate:
        return False, 0, -1
    victim = 0
    for w in range(ways):
        if C.tags[c, s, w] < 0:
            victim = w
            break
        if C.stamp[c, s, w] < C.stamp[c, s, victim]:
            victim = w
    evicted = popcount(C.dirty[c, s, victim]) if C.tags[c, s, victim] >= 0 else 0
    C.tags[c, s, victim] = line
    C.valid[c, s, victim] = bit
    C.dirty[c, s, victim] = np.uint8(0)
    C.stamp[c, s, victim] = C.clock[c]
    if write:
        if dirty_ways < ways:
            evicted += _clean_past(C, c, s, victim, dirty_ways)
        C.dirty[c, s, victim] = bit
    return False, evicted, s * ways + victim


@njit
def _clean_past(C, c, s, w, dirty_ways):
    """Way w of set s is about to turn dirty: when the set already holds
    `dirty_ways` dirty lines, write back the least recently used of them
    (it stays, clean). Returns its dirty sectors."""
    n, oldest = 0, -1
    for v in range(C.tags.shape[2]):
        if v != w and C.dirty[c, s, v] != 0:
            n += 1
            if oldest < 0 or C.stamp[c, s, v] < C.stamp[c, s, oldest]:
                oldest = v
    if n < dirty_ways:
        return 0
    sectors = popcount(C.dirty[c, s, oldest])
    C.dirty[c, s, oldest] = np.uint8(0)
    return sectors


@njit
def drop_line(C, c, line):
    """Drop `line` from cache c, all its sectors, if it is there (an atomic
    takes its line out of the SM's L1 and the L2 partitions' copies:
    memory/hierarchy.py atomic_drops_l1_line,
    atomic_drops_copies)."""
    s = set_of(C, line)
    for w in range(C.tags.shape[2]):
        if C.tags[c, s, w] == line:
            C.tags[c, s, w] = -1
            C.valid[c, s, w] = 0
            C.dirty[c, s, w] = 0
            return


@njit
def invalidate(C, c):
    """Drop every line of cache c (a fence's CCTL.IVALL empties the SM's L1)."""
    for s in range(C.tags.shape[1]):
        for w in range(C.tags.shape[2]):
            C.tags[c, s, w] = -1
            C.valid[c, s, w] = 0
            C.dirty[c, s, w] = 0
