"""What loads, stores and atomics do to device memory, with the checks
compute-sanitizer makes: every access must fall inside one allocation (or the
block's shared memory, the thread's local memory, the parameter buffer) and be
aligned to its size; otherwise the run stops with a fault record
(err: code, lane, address, space) instead of touching other data.

Address spaces (assemble.py holds the window constants): global addresses
are device pointers starting at GLOBAL_BASE; shared and local addresses are
offsets in their space, and generic addresses reach them through windows
(cvta adds or removes the window base), as on NVIDIA GPUs. The module's
.const variables live in global memory with its .global ones (its first
bytes): a .const address is the generic address of its bytes there, and
ld.const reads them as a global load would (no request: timing/tables.py
times it as the constant bank's).
"""
import numpy as np

from ..ptx import codes as C
from ..ptx.assemble import GLOBAL_BASE, LOCAL_WINDOW, SHARED_WINDOW, WINDOW_SIZE
from .jit import njit


@njit
def fault(err, code, lane, addr, space):
    if err[0] == C.E_NONE:
        err[0] = code
        err[3] = lane
        err[5] = np.int64(addr)
        err[6] = space


@njit(inline="always")
def resolve(space, addr):
    """Generic -> (space, offset in that space); others pass through."""
    if space == C.SPACE_GENERIC:
        if addr >= np.uint64(SHARED_WINDOW) and addr < np.uint64(SHARED_WINDOW + WINDOW_SIZE):
            return C.SPACE_SHARED, np.int64(addr - np.uint64(SHARED_WINDOW))
        if addr >= np.uint64(LOCAL_WINDOW) and addr < np.uint64(LOCAL_WINDOW + WINDOW_SIZE):
            return C.SPACE_LOCAL, np.int64(addr - np.uint64(LOCAL_WINDOW))
        space = C.SPACE_GLOBAL
    if space == C.SPACE_GLOBAL or space == C.SPACE_CONST:    # .const variables sit in global memory
        return space, np.int64(addr - np.uint64(GLOBAL_BASE))
    return space, np.int64(addr)


@njit(inline="always")
def check(M, space, off, nbytes, align, lane, addr, err):
    """True if [off, off+nbytes) is a legal, aligned access in `space`."""
    if off % align != 0:
        fault(err, C.E_MISALIGNED, lane, addr, space)
        return False
    if space == C.SPACE_GLOBAL or space == C.SPACE_CONST:
        for k in range(M.alloc_lo.shape[0]):
            if off >= M.alloc_lo[k] and off + nbytes <= M.alloc_hi[k]:
                return True
        fault(err, C.E_OOB, lane, addr, space)
        return False
    if space == C.SPACE_SHARED:
        lim = M.shared_size
    elif space == C.SPACE_LOCAL:
        lim = M.local_size
    elif space == C.SPACE_PARAM:
        lim = M.p8.shape[0]
    else:
        fault(err, C.E_BAD_SPACE, lane, addr, space)
        return False
    if off < 0 or off + nbytes > lim:
        fault(err, C.E_OOB, lane, addr, space)
        return False
    return True


@njit(inline="always")
def space_bytes(M, space, blk, thr):
    """The bytes of `space` that block slot blk / thread thr sees (global and
    param memory are one array for all; shared is one row per block slot,
    local one row per thread). Typed access goes through .view()."""
    if space == C.SPACE_GLOBAL or space == C.SPACE_CONST:
        return M.g8
    if space == C.SPACE_SHARED:
        return M.s8[blk]
    if space == C.SPACE_LOCAL:
        return M.l8[thr]
    return M.p8


@njit(inline="always")
def load(M, space, off, nbytes, blk, thr):
    """Raw bits of an aligned, checked access."""
    b = space_bytes(M, space, blk, thr)
    if nbytes == 4:
        return np.uint64(b.view(np.uint32)[off >> 2])
    if nbytes == 8:
        return b.view(np.uint64)[off >> 3]
    if nbytes == 2:
        return np.uint64(b.view(np.uint16)[off >> 1])
    return np.uint64(b[off])


@njit(inline="always")
def store(M, space, off, nbytes, blk, thr, v):
    b = space_bytes(M, space, blk, thr)
    if nbytes == 4:
        b.view(np.uint32)[off >> 2] = np.uint32(v & np.uint64(0xFFFFFFFF))
    elif nbytes == 8:
        b.view(np.uint64)[off >> 3] = v
    elif nbytes == 2:
        b.view(np.uint16)[off >> 1] = np.uint16(v & np.uint64(0xFFFF))
    else:
        b[off] = np.uint8(v & np.uint64(0xFF))


@njit(inline="always")
def check_lanes(M, space, offs, mask, size, err):
    """check() for every active lane of a warp access of `size` bytes per
    lane, all in `space`: one test of the lanes' range first (every lane
    inside one allocation, or inside the space), the per-lane checks only
    when that fails, to name the first faulting lane. True if all are legal."""
    lo = np.int64(1) << 62
    hi = -lo
    bad_align = np.int64(0)
    for l in range(32):
        if (mask >> l) & 1:
            o = offs[l]
            bad_align |= o
            lo = min(lo, o)
            hi = max(hi, o)
    return check_range(M, space, lo, hi, bad_align, size)


@njit(inline="always")
def check_range(M, space, lo, hi, bad_align, size):
    """check_lanes' one test, given the lanes' lowest and highest offsets and
    the OR of all of them (for the alignment): every access of `size` bytes
    at offsets in [lo, hi] aligned and inside one allocation, or inside the
    space. False means "check lane by lane", not necessarily a fault."""
    if bad_align & (size - 1) == 0:
        if space == C.SPACE_GLOBAL or space == C.SPACE_CONST:
            for k in range(M.alloc_lo.shape[0]):
                if lo >= M.alloc_lo[k] and lo < M.alloc_hi[k]:
                    if hi + size <= M.alloc_hi[k]:
                        return True
                    break
        elif space == C.SPACE_SHARED:
            if lo >= 0 and hi + size <= M.shared_size:
                return True
        elif space == C.SPACE_LOCAL:
            if lo >= 0 and hi + size <= M.local_size:
                return True
        elif space == C.SPACE_PARAM:
            if lo >= 0 and hi + size <= M.p8.shape[0]:
                return True
    return False


@njit(inline="always")
def load_lanes(M, space, nbytes, eo, offs, mask, blk, w, d):
    """d[l] = the raw bits at offs[l] + eo for every active lane (checked
    accesses), 4- and 8-byte words of one array in tight loops."""
    if space != C.SPACE_LOCAL and (nbytes == 4 or nbytes == 8):
        b = space_bytes(M, space, blk, 0)
        if nbytes == 4:
            v32 = b.view(np.uint32)
            for l in range(32):
                if (mask >> l) & 1:
                    d[l] = np.uint64(v32[(offs[l] + eo) >> 2])
        else:
            v64 = b.view(np.uint64)
            for l in range(32):
                if (mask >> l) & 1:
                    d[l] = v64[(offs[l] + eo) >> 3]
    else:
        for l in range(32):
            if (mask >> l) & 1:
                d[l] = load(M, space, offs[l] + eo, nbytes, blk, w * 32 + l)


@njit(inline="always")
def store_lanes(M, space, nbytes, eo, offs, mask, blk, w, v):
    """Write v[l] at offs[l] + eo for every active lane, in lane order (the
    highest lane's value stays where lanes collide)."""
    if space != C.SPACE_LOCAL and (nbytes == 4 or nbytes == 8):
        b = space_bytes(M, space, blk, 0)
        if nbytes == 4:
            v32 = b.view(np.uint32)
            for l in range(32):
                if (mask >> l) & 1:
                    v32[(offs[l] + eo) >> 2] = np.uint32(v[l] & np.uint64(0xFFFFFFFF))
        else:
            v64 = b.view(np.uint64)
            for l in range(32):
                if (mask >> l) & 1:
                    v64[(offs[l] + eo) >> 3] = v[l]
    else:
        for l in range(32):
            if (mask >> l) & 1:
                store(M, space, offs[l] + eo, nbytes, blk, w * 32 + l, v[l])
