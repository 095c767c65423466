"""What loads, stores and atomics do to device memory, with the checks
compute-sanitizer makes: every access must fall inside one allocation (or the
block's shared memory, the thread's local memory, the parameter buffer) and be
aligned to its size; otherwise the run stops with a fault record
(err: code, lane, address, space) instead of touching other data.

Address spaces (assemble.py holds the window constants): global addresses
are device pointers starting at GLOBAL_BASE; shared and local addresses are
offsets in their space, and generic addresses reach them through windows
(cvta adds or removes the window base), as on NVIDIA GPUs.
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


@njit
def resolve(space, addr):
    """Generic -> (space, offset in that space); others pass through."""
    if space == C.SPACE_GENERIC:
        if addr >= np.uint64(SHARED_WINDOW) and addr < np.uint64(SHARED_WINDOW + WINDOW_SIZE):
            return C.SPACE_SHARED, np.int64(addr - np.uint64(SHARED_WINDOW))
        if addr >= np.uint64(LOCAL_WINDOW) and addr < np.uint64(LOCAL_WINDOW + WINDOW_SIZE):
            return C.SPACE_LOCAL, np.int64(addr - np.uint64(LOCAL_WINDOW))
        space = C.SPACE_GLOBAL
    if space == C.SPACE_GLOBAL:
        return C.SPACE_GLOBAL, np.int64(addr - np.uint64(GLOBAL_BASE))
    return space, np.int64(addr)


@njit
def check(M, space, off, nbytes, align, lane, addr, err):
    """True if [off, off+nbytes) is a legal, aligned access in `space`."""
    if off % align != 0:
        fault(err, C.E_MISALIGNED, lane, addr, space)
        return False
    if space == C.SPACE_GLOBAL:
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


@njit
def load(M, space, off, nbytes, blk, thr):
    """Raw bits of an aligned, checked access."""
    if space == C.SPACE_GLOBAL:
        if nbytes == 4:
            return np.uint64(M.g32[off >> 2])
        if nbytes == 8:
            return M.g64[off >> 3]
        if nbytes == 2:
            return np.uint64(M.g16[off >> 1])
        return np.uint64(M.g8[off])
    if space == C.SPACE_SHARED:
        if nbytes == 4:
            return np.uint64(M.s32[blk, off >> 2])
        if nbytes == 8:
            return M.s64[blk, off >> 3]
        if nbytes == 2:
            return np.uint64(M.s16[blk, off >> 1])
        return np.uint64(M.s8[blk, off])
    if space == C.SPACE_LOCAL:
        if nbytes == 4:
            return np.uint64(M.l32[thr, off >> 2])
        if nbytes == 8:
            return M.l64[thr, off >> 3]
        if nbytes == 2:
            return np.uint64(M.l16[thr, off >> 1])
        return np.uint64(M.l8[thr, off])
    if nbytes == 4:
        return np.uint64(M.p32[off >> 2])
    if nbytes == 8:
        return M.p64[off >> 3]
    if nbytes == 2:
        return np.uint64(M.p16[off >> 1])
    return np.uint64(M.p8[off])


@njit
def store(M, space, off, nbytes, blk, thr, v):
    if space == C.SPACE_GLOBAL:
        if nbytes == 4:
            M.g32[off >> 2] = np.uint32(v & np.uint64(0xFFFFFFFF))
        elif nbytes == 8:
            M.g64[off >> 3] = v
        elif nbytes == 2:
            M.g16[off >> 1] = np.uint16(v & np.uint64(0xFFFF))
        else:
            M.g8[off] = np.uint8(v & np.uint64(0xFF))
    elif space == C.SPACE_SHARED:
        if nbytes == 4:
            M.s32[blk, off >> 2] = np.uint32(v & np.uint64(0xFFFFFFFF))
        elif nbytes == 8:
            M.s64[blk, off >> 3] = v
        elif nbytes == 2:
            M.s16[blk, off >> 1] = np.uint16(v & np.uint64(0xFFFF))
        else:
            M.s8[blk, off] = np.uint8(v & np.uint64(0xFF))
    elif space == C.SPACE_LOCAL:
        if nbytes == 4:
            M.l32[thr, off >> 2] = np.uint32(v & np.uint64(0xFFFFFFFF))
        elif nbytes == 8:
            M.l64[thr, off >> 3] = v
        elif nbytes == 2:
            M.l16[thr, off >> 1] = np.uint16(v & np.uint64(0xFFFF))
        else:
            M.l8[thr, off] = np.uint8(v & np.uint64(0xFF))
