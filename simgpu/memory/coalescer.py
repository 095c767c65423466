"""The coalescer: one warp-level global (or local) load or store becomes one
request, and the bytes its active lanes touch are reduced to the distinct
32-byte sectors (of 128-byte lines) that hold them.

Rule (NVIDIA CUDA C++ Best Practices Guide, "Coalesced Access to Global
Memory"; seed 004): the L1/L2 move data in 32-byte sectors; a warp whose 32
threads read 32 consecutive, aligned 4-byte words touches 4 sectors (128
bytes), one whose threads read words 4*stride bytes apart touches up to 32.
A lane's .v2/.v4 access covers 8 or 16 bytes (aligned, so in one sector).
Nsight Compute counts the same: l1tex__t_requests_pipe_lsu_mem_global_op_ld
(requests) and l1tex__t_sectors_pipe_lsu_mem_global_op_ld (sectors).

Local memory (a thread's `.local` arrays, spills, call arguments) goes the
same way, at the addresses local_lines gives it: a thread's consecutive
32-bit words 128 bytes apart and a warp's lanes side by side (CUDA C++
Programming Guide, "Local Memory": "consecutive 32-bit words are accessed
by consecutive thread IDs"), so a warp reading one index of its array
touches one line, 4 sectors, and one reading a data-dependent index up to
32 sectors. Measured on the H200 here (programs/micro/local_mem.s,
traces/h200/micro/local_mem_ncu.csv): 4 sectors a request for a uniform
index, 32 for one spread over 16 words.
"""
import numpy as np

from ..exec.jit import njit

SECTOR_BYTES = 32
# where local memory sits among the memory hierarchy's addresses: past any global allocation
LOCAL_BASE = 1 << 44


@njit
def count_sectors(offs, mask, nbytes, scratch):
    """Distinct 32-byte sectors touched by the active lanes' accesses of
    `nbytes` bytes at offsets offs[l] (int64); they are left, sorted, in
    scratch[0:count]. scratch: int64[64] or longer."""
    n = 0
    ordered = True
    for l in range(32):
        if (mask >> l) & 1:
            first = offs[l] // SECTOR_BYTES
            last = (offs[l] + nbytes - 1) // SECTOR_BYTES
            for s in range(first, last + 1):
                if n > 0 and s < scratch[n - 1]:
                    ordered = False
                scratch[n] = s
                n += 1
    if ordered:                      # the common case: lanes in address order
        return compact(scratch, n)
    sort_small(scratch, n)
    return compact(scratch, n)


@njit
def local_lines(offs, mask, nbytes, w, local_size):
    """Rewrite the active lanes' local offsets (bytes into each thread's local
    memory) as the addresses the memory hierarchy sees for warp slot w (see
    the module doc): word k of lane l at k * 128 + l * 4. An access of 8 or 16
    bytes per lane covers its lane's 8 or 16 bytes from word k's line on, so a
    whole warp's covers the lines of words k, k + 1, ... as the interleaved
    words would (its bytes within them are not placed word by word)."""
    stride = ((local_size + 3) // 4) * 128 + 512
    base = LOCAL_BASE + w * stride
    step = max(nbytes, 4)
    for l in range(32):
        if (mask >> l) & 1:
            o = offs[l]
            offs[l] = base + (o >> 2) * 128 + l * step + ((o & 3) if nbytes < 4 else 0)


@njit
def sort_small(scratch, n):
    """Insertion sort of scratch[0:n] (n <= 64; usually nearly in order already)."""
    for a in range(1, n):
        v = scratch[a]
        b = a - 1
        while b >= 0 and scratch[b] > v:
            scratch[b + 1] = scratch[b]
            b -= 1
        scratch[b + 1] = v


@njit
def compact(scratch, n):
    """Keep one copy of each run of equal sorted values in scratch[0:n]; return their count."""
    distinct = 0
    for a in range(n):
        if a == 0 or scratch[a] != scratch[a - 1]:
            scratch[distinct] = scratch[a]
            distinct += 1
    return np.int64(distinct)


WHOLE_MASK = (1 << SECTOR_BYTES) - 1   # store_beats's byte mask of a sector the lanes write whole


@njit
def store_beats(offs, mask, nbytes, scratch, n):
    """A store request's cost on the SM's store path to the L2, in 32-byte
    beats, per sector: scratch[32 + k] for the sorted sectors scratch[0:n]
    (count_sectors). Each sector is a beat, and each 128-byte line with a
    sector the lanes write only partly (a byte-masked write) one beat more,
    charged to its first sector. Measured on the H200 here
    (traces/h200/store_scatter.json, 16 SMs, one block each): a line of 4
    whole sectors takes 4.0 cycles, of 4 partly written sectors 5.0 (4, 8
    or 16 bytes of each alike), of 1 partly written sector 2.0.
    scratch[64:64+n] holds each sector's written bytes as a bit mask
    (WHOLE_MASK: all 32; the L1 takes such a sector, memory/hierarchy.py
    l1_sector)."""
    for k in range(n):
        scratch[64 + k] = 0
    for l in range(32):
        if (mask >> l) & 1:
            s = offs[l] // SECTOR_BYTES
            lo, hi = 0, n - 1
            while lo < hi:                      # the sector's place in the sorted list
                mid = (lo + hi) // 2
                if scratch[mid] < s:
                    lo = mid + 1
                else:
                    hi = mid
            b = offs[l] - s * SECTOR_BYTES
            scratch[64 + lo] |= ((np.int64(1) << nbytes) - 1) << b
    full = WHOLE_MASK
    first = 0
    for k in range(n + 1):
        if k == n or (k > first and scratch[k] >> 2 != scratch[first] >> 2):
            partial = 0
            for j in range(first, k):
                scratch[32 + j] = 1
                if scratch[64 + j] != full:
                    partial = 1
            scratch[32 + first] += partial
            first = k
    return n


# an atomic sector operation's kind (scratch[64 + k]): its lanes cover the whole sector; its values
# are floating point (set by the executor, exec/warp.py count_atomic)
ATOM_WHOLE, ATOM_FLOAT = 1, 2


@njit
def count_atomic_sectors(offs, mask, nbytes, scratch):
    """An atomic (atom/red) request at the L2: the distinct sectors its active
    lanes' words fall in, left sorted in scratch[0:n]; for each the number
    of operations the L2's atomic unit performs on it, in scratch[32:32+n]:
    the most lanes that name one address in that sector (lanes on distinct
    words of a sector are done together; lanes on one word, one after the
    other); and in scratch[64:64+n] ATOM_WHOLE where its lanes' distinct
    words of `nbytes` cover the whole sector (else 0). Returns (n, total
    operations).

    Measured on the H200 here (traces/h200/memsys.json): a warp's atomics on
    32 consecutive words count 4 sectors per request
    (l1tex__t_sectors_pipe_lsu_mem_global_op_atom), on one word 32; the
    unit takes a whole sector's operation faster than a part's
    (programs/micro/atomic_queue.s, atomic_hazard.s: memory/hierarchy.py
    atomic_costs)."""
    n = 0
    for l in range(32):
        if (mask >> l) & 1:
            scratch[n] = offs[l]
            n += 1
    sort_small(scratch, n)
    k = -1
    run = 0
    for a in range(n):
        sec = scratch[a] // SECTOR_BYTES
        if k < 0 or sec != scratch[64 + k]:
            k += 1
            scratch[64 + k] = sec
            scratch[96 + k] = 0
            scratch[32 + k] = 0                          # distinct addresses, until the end
            run = 0
        if a > 0 and scratch[a] == scratch[a - 1]:
            run += 1
        else:
            run = 1
            scratch[32 + k] += 1
        if run > scratch[96 + k]:
            scratch[96 + k] = run
    total = 0
    for j in range(k + 1):
        scratch[j] = scratch[64 + j]
        scratch[64 + j] = ATOM_WHOLE if scratch[32 + j] * nbytes >= SECTOR_BYTES else 0
        scratch[32 + j] = scratch[96 + j]
        total += scratch[96 + j]
    return np.int64(k + 1), np.int64(total)
