"""Reading and writing one operand of one warp instruction for all 32 lanes.

Registers hold raw bits: a 32-bit file (8/16/32-bit registers) and a 64-bit
file. fetch_bits gives every lane's value zero-extended to 64 bits,
fetch_float the value as a float (f32 read through the float32 view, with
the register's |x| / -x modifiers applied: codes.FMOD_*),
store_bits / store_float write the active lanes, truncating to the register's
width (an f32 destination rounds to nearest, as float32() does).
"""
import numpy as np

from ..ptx import codes as C
from .jit import njit


@njit
def sreg_value(W, sreg, w, lane):
    """Value of a special register for one lane of warp slot w."""
    b = W.warp[w].wblock
    if sreg <= C.SR_TID_Z:
        return np.uint64(W.tid[w, lane, sreg - C.SR_TID_X])
    if sreg <= C.SR_NTID_Z:
        return np.uint64(W.dims[sreg - C.SR_NTID_X])
    if sreg <= C.SR_CTAID_Z:
        return np.uint64(W.bctaid[b, sreg - C.SR_CTAID_X])
    if sreg <= C.SR_NCTAID_Z:
        return np.uint64(W.dims[3 + sreg - C.SR_NCTAID_X])
    if sreg == C.SR_LANEID:
        return np.uint64(lane)
    if sreg == C.SR_WARPID:
        return np.uint64(W.warp[w].wid)
    if sreg == C.SR_SMID:
        return np.uint64(W.bctaid[b, 3])     # the SM the timing engine placed the block on (0 when functional)
    if sreg == C.SR_GRIDID:
        return np.uint64(0)
    if sreg == C.SR_NWARPID:
        return np.uint64(64)
    if sreg == C.SR_NSMID:
        return np.uint64(1)
    if sreg == C.SR_CLOCK:
        return np.uint64(W.clock[w] & 0xFFFFFFFF)
    if sreg == C.SR_CLOCK64:
        return np.uint64(W.clock[w])
    if sreg == C.SR_LANEMASK_EQ:
        return np.uint64(1 << lane)
    if sreg == C.SR_LANEMASK_LT:
        return np.uint64((1 << lane) - 1)
    if sreg == C.SR_LANEMASK_LE:
        return np.uint64((2 << lane) - 1)
    if sreg == C.SR_LANEMASK_GT:
        return np.uint64(0xFFFFFFFF & ~((2 << lane) - 1))
    if sreg == C.SR_LANEMASK_GE:
        return np.uint64(0xFFFFFFFF & ~((1 << lane) - 1))
    return np.uint64(0)


@njit
def sreg_lanes(W, sreg, w, out):
    """Every lane's value of a special register (a call of its own: rare, and
    large enough that inlining it would bloat every operand fetch)."""
    for l in range(32):
        out[l] = sreg_value(W, sreg, w, l)


@njit(inline="always")
def fetch_bits(P, W, i, k, w, out):
    kind = P.okind[i, k]
    r = P.oreg[i, k]
    if kind == C.K_R32:
        for l in range(32):
            out[l] = np.uint64(W.r32[w, r, l])
    elif kind == C.K_R64:
        for l in range(32):
            out[l] = W.r64[w, r, l]
    elif kind == C.K_IMM:
        v = P.obits[i, k]
        for l in range(32):
            out[l] = v
    elif kind == C.K_PRED:
        neg = P.oreg2[i, k]
        for l in range(32):
            out[l] = np.uint64((W.pr[w, r, l] != 0) ^ (neg != 0))
    elif kind == C.K_SREG:
        sreg_lanes(W, r, w, out)
    else:
        for l in range(32):
            out[l] = np.uint64(0)


@njit(inline="always")
def fetch_float(P, W, i, k, w, out):
    kind = P.okind[i, k]
    r = P.oreg[i, k]
    if kind == C.K_R32:
        r32f = W.r32.view(np.float32)
        for l in range(32):
            out[l] = np.float64(r32f[w, r, l])
    elif kind == C.K_R64:
        r64f = W.r64.view(np.float64)
        for l in range(32):
            out[l] = r64f[w, r, l]
    else:
        v = P.ofloat[i, k]
        for l in range(32):
            out[l] = v
        return
    mod = P.oreg2[i, k]               # SASS's operand modifiers (codes.FMOD_*): |x| first, then -
    if mod & C.FMOD_ABS:
        for l in range(32):
            out[l] = abs(out[l])
    if mod & C.FMOD_NEG:
        for l in range(32):
            out[l] = -out[l]


@njit
def to_signed(src, bits, out):
    """out (int64) = src (uint64 bits) read as a `bits`-wide signed integer."""
    sh = np.uint64(64 - bits)
    for l in range(32):
        out[l] = np.int64(src[l] << sh) >> np.int64(sh)


@njit(inline="always")
def store_bits(P, W, i, k, w, mask, val):
    kind = P.okind[i, k]
    r = P.oreg[i, k]
    if kind == C.K_R32:
        for l in range(32):
            if (mask >> l) & 1:
                W.r32[w, r, l] = np.uint32(val[l] & np.uint64(0xFFFFFFFF))
    elif kind == C.K_R64:
        for l in range(32):
            if (mask >> l) & 1:
                W.r64[w, r, l] = val[l]
    elif kind == C.K_PRED:
        for l in range(32):
            if (mask >> l) & 1:
                W.pr[w, r, l] = np.uint8(val[l] != 0)


@njit(inline="always")
def store_float(P, W, i, k, w, mask, val):
    kind = P.okind[i, k]
    r = P.oreg[i, k]
    if kind == C.K_R32:
        r32f = W.r32.view(np.float32)
        for l in range(32):
            if (mask >> l) & 1:
                r32f[w, r, l] = np.float32(val[l])
    elif kind == C.K_R64:
        r64f = W.r64.view(np.float64)
        for l in range(32):
            if (mask >> l) & 1:
                r64f[w, r, l] = val[l]


@njit
def popcount(m):
    """Set bits of a lane mask (or any non-negative integer below 2**63), in
    constant time (the SWAR bit count, Hacker's Delight 5-1)."""
    x = np.uint64(m)
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(inline="always")
def lane_address(P, W, i, w, slot, l):
    """Lane l's address in operand slot `slot` of instruction i (4: a load's or store's;
    5: cp.async's shared destination): its base register (or none) plus the immediate."""
    a = np.uint64(P.obits[i, slot])
    b = P.oreg2[i, slot]
    if b == C.ABASE_R64:
        a += W.r64[w, P.oreg[i, slot], l]
    elif b == C.ABASE_R32:
        a += np.uint64(W.r32[w, P.oreg[i, slot], l])
    return a
