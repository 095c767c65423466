"""Sectored, set-associative caches with LRU replacement: one routine for
the per-SM L1s and the L2 slices.

A line is 128 bytes of four 32-byte sectors; each sector has its own valid
and dirty bit, so a miss fetches only the sectors asked for (NVIDIA's L1 and
L2 are sectored this way: Jia et al., "Dissecting the NVIDIA Volta GPU
Architecture via Microbenchmarking", 2018). Arrays are indexed
[cache, set, way]: `tags` holds the line number (-1 when empty), `valid` and
`dirty` the sector bit masks, `stamp` the time of last use for LRU (each cache counts its own accesses,
so that caches used by different host threads never share a counter), and
`ready[cache, set, way, sector]` the cycle a sector's fill arrives: a sector
is allocated when its miss is sent, so a later request for it while the
fill is on its way finds it present but waits for the data (a hit under a
miss, as an MSHR merges it), never getting it before it exists.
"""
from collections import namedtuple

import numpy as np

from ..exec.jit import njit
from ..exec.lanes import popcount

LINE_BYTES = 128
SECTOR_BYTES = 32

Cache = namedtuple("Cache", ["tags", "valid", "dirty", "stamp", "clock", "ready"])


def make_cache(n_caches, size_bytes, ways):
    lines = max(ways, size_bytes // LINE_BYTES)
    sets = max(1, lines // ways)
    shape = (n_caches, sets, ways)
    return Cache(np.full(shape, -1, np.int64), np.zeros(shape, np.uint8), np.zeros(shape, np.uint8),
                 np.zeros(shape, np.int64), np.zeros(n_caches, np.int64), np.zeros(shape + (4,), np.float64))


@njit
def fill_sectors(C, c, slot, sector, group, t):
    """Mark valid, ready at cycle t, the aligned group of `group` sectors (1,
    2 or 4) holding `sector` of the line in `slot`: what a DRAM fetch wider
    than a sector brings."""
    ways = C.tags.shape[2]
    s, w = slot // ways, slot % ways
    first = (sector // group) * group
    for k in range(first, first + group):
        if not (C.valid[c, s, w] >> k) & 1:
            C.ready[c, s, w, k] = t
    C.valid[c, s, w] |= np.uint8(((1 << group) - 1) << first)


@njit
def ready_at(C, c, slot, sector):
    """The cycle the sector's data is (or was) there."""
    ways = C.tags.shape[2]
    return C.ready[c, slot // ways, slot % ways, sector]


@njit
def set_ready(C, c, slot, sector, t):
    ways = C.tags.shape[2]
    C.ready[c, slot // ways, slot % ways, sector] = t


@njit
def access(C, c, line, sector, allocate, write):
    """Look up one sector of `line` in cache c. Returns (hit, dirty sectors
    evicted, slot): slot (set x ways + way) locates the line for ready_at
    and set_ready, -1 when the line is not there. A miss allocates the line
    (LRU victim) when `allocate`; a write marks the sector dirty; a
    non-allocating write to a present line updates it."""
    C.clock[c] += 1
    sets = C.tags.shape[1]
    s = (line ^ (line >> 11)) % sets
    bit = np.uint8(1 << sector)
    ways = C.tags.shape[2]
    for w in range(ways):
        if C.tags[c, s, w] == line:
            C.stamp[c, s, w] = C.clock[c]
            hit = (C.valid[c, s, w] & bit) != 0
            if allocate or write:
                C.valid[c, s, w] |= bit
            if write:
                C.dirty[c, s, w] |= bit
            return hit, 0, s * ways + w
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
    C.dirty[c, s, victim] = bit if write else np.uint8(0)
    C.stamp[c, s, victim] = C.clock[c]
    return False, evicted, s * ways + victim


@njit
def invalidate(C, c):
    """Drop every line of cache c (a fence's CCTL.IVALL empties the SM's L1)."""
    for s in range(C.tags.shape[1]):
        for w in range(C.tags.shape[2]):
            C.tags[c, s, w] = -1
            C.valid[c, s, w] = 0
            C.dirty[c, s, w] = 0
