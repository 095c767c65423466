"""Half-precision arithmetic: add, sub, mul, fma, min, max, neg and abs on
.f16 and .bf16 values and on the packed .f16x2 and .bf16x2 pairs (PTX ISA
9.7.4, "Half Precision Floating-Point Instructions"; cuda_fp16.h's __hadd,
__hfma2, __hmax ... are these instructions in inline asm).

The rules modeled:
- an .f16 value is IEEE binary16 (5 exponent bits, 10 fraction bits), a
  .bf16 value the upper half of an f32 (8 and 7); a packed pair holds element
  0 in bits 0-15 of its 32-bit register and element 1 in bits 16-31, and the
  instruction works on each element alone;
- results round to nearest even once (.rn, the only rounding PTX gives them):
  sums and products are formed exactly in float64 where they fit (f16 sums
  and products, bf16 products), else rounded to odd in float64 (the last bit
  set when the float64 result is inexact), which makes the one rounding to
  the 16-bit format the correct one (Boldo and Melquiond, "Emulation of FMA
  and correctly rounded sums: proved algorithms using rounding to odd", IEEE
  TC 2008);
- .ftz (f16 only) flushes subnormal inputs and results to a zero of the same
  sign; .sat clamps the result to [0, 1] (a NaN to +0); .relu (fma) makes a
  negative result +0;
- min/max: a NaN operand yields the other (.NaN: the NaN), -0 is below +0;
- a NaN result is the canonical NaN 0x7fff, as f32 arithmetic writes
  0x7fffffff (traces/h200/semantics.json); neg and abs flip or clear the sign
  bit of any value, NaNs included (bit operations).
"""
import math

import numpy as np

from ..ptx import codes as C
from . import fp
from .jit import njit
from .lanes import fetch_bits, store_bits

NAN_BITS = np.uint64(0x7FFF)
M16 = np.uint64(0xFFFF)


@njit(inline="always")
def is_bf16(t):
    return t == C.T_BF16 or t == C.T_BF16X2


@njit
def value(u, t):
    """16 bits of an f16 or bf16 element -> its float64 value."""
    if is_bf16(t):
        return fp.bits_to_f32((u & M16) << np.uint64(16))       # the upper half of an f32
    return fp.f16_bits_to_float(u & M16)


@njit
def flush(x, t, flags):
    """.ftz: an f16 subnormal input becomes a zero of its sign."""
    if (flags & C.F_FTZ) and not is_bf16(t) and x != 0.0 and abs(x) < 2.0 ** -14:
        return math.copysign(0.0, x)
    return x


@njit
def round_odd(s, e):
    """s + e (s the float64 rounding of a sum, e its exact error) rounded to odd:
    s itself when exact or when its last bit is set, else its neighbour toward e."""
    if e == 0.0 or math.isinf(s) or math.isnan(s):
        return s
    if np.int64(math.ldexp(math.frexp(s)[0], 53)) & 1:      # the last of its 53 significand bits
        return s
    return np.nextafter(s, math.inf if e > 0.0 else -math.inf)


@njit
def to_bits(x, t):
    """A float64 value (exact, or rounded to odd) -> f16 / bf16 bits, rounded to nearest even."""
    if math.isnan(x):
        return NAN_BITS
    fb = 7 if is_bf16(t) else 10                 # fraction bits
    emin = -126 if is_bf16(t) else -14
    emax = 127 if is_bf16(t) else 15
    sign = np.uint64(0x8000) if math.copysign(1.0, x) < 0.0 else np.uint64(0)
    a = abs(x)
    inf = np.uint64(0x7F80) if is_bf16(t) else np.uint64(0x7C00)
    if a == 0.0:
        return sign
    if math.isinf(a):
        return sign | inf
    e = math.frexp(a)[1] - 1                      # a = 1.f * 2^e
    if e < emin:
        e = emin
    q = math.ldexp(a, fb - e)                     # the significand with fb fraction bits (exact)
    m = np.int64(math.floor(q))
    frac = q - m
    if frac > 0.5 or (frac == 0.5 and (m & 1) == 1):
        m += 1
    if m >= (np.int64(2) << fb):
        m >>= 1
        e += 1
    if e > emax:
        return sign | inf
    if m < (np.int64(1) << fb):                   # subnormal
        return sign | np.uint64(m)
    return sign | np.uint64(((e + emax) << fb) | (m - (np.int64(1) << fb)))


@njit
def element(op, t, flags, ua, ub, uc):
    """One element of a half-precision instruction, on its operands' 16 bits."""
    if op == C.OP_NEG:
        return (ua ^ np.uint64(0x8000)) & M16
    if op == C.OP_ABS:
        return ua & np.uint64(0x7FFF)
    a = flush(value(ua, t), t, flags)
    b = flush(value(ub, t), t, flags)
    if op == C.OP_MIN or op == C.OP_MAX:
        if (math.isnan(a) or math.isnan(b)) and (flags & C.F_NAN):     # min.NaN / max.NaN
            return NAN_BITS
        if math.isnan(a) and math.isnan(b):
            return NAN_BITS
        if math.isnan(a):
            r = b
        elif math.isnan(b):
            r = a
        elif a == b:                              # -0 below +0
            neg_a = math.copysign(1.0, a) < 0.0
            r = a if (neg_a if op == C.OP_MIN else not neg_a) else b
        else:
            r = min(a, b) if op == C.OP_MIN else max(a, b)
        return finish(r, t, flags)
    if op == C.OP_ADD or op == C.OP_SUB:
        s, err = fp.two_sum(a, b if op == C.OP_ADD else -b)
        return finish(round_odd(s, err), t, flags)
    if op == C.OP_MUL:
        return finish(a * b, t, flags)           # exact: 11- or 8-bit significands
    c = flush(value(uc, t), t, flags)             # fma: the product exact, the sum rounded to odd
    s, err = fp.two_sum(a * b, c)
    return finish(round_odd(s, err), t, flags)


@njit
def finish(r, t, flags):
    """.relu, .sat, the rounding, and .ftz of the result."""
    if (flags & C.F_RELU) and not math.isnan(r) and r < 0.0:
        r = 0.0
    if flags & C.F_SAT:
        r = 0.0 if math.isnan(r) else min(max(r, 0.0), 1.0)
    bits = to_bits(r, t)
    if (flags & C.F_FTZ) and not is_bf16(t) and (bits & np.uint64(0x7C00)) == 0:
        bits &= np.uint64(0x8000)
    return bits


@njit
def half_op(P, W, i, w, mask, U):
    """add/sub/mul/fma/min/max/neg/abs .f16 .bf16 .f16x2 .bf16x2 for the active lanes."""
    op = P.ins[i].op
    t = P.ins[i].ty
    flags = P.ins[i].iflags
    a, b, c, d = U[1], U[2], U[3], U[0]
    nsrc = 1 if (op == C.OP_NEG or op == C.OP_ABS) else (3 if op == C.OP_FMA else 2)
    fetch_bits(P, W, i, 1, w, a)
    if nsrc >= 2:
        fetch_bits(P, W, i, 2, w, b)
    if nsrc >= 3:
        fetch_bits(P, W, i, 3, w, c)
    pairs = t == C.T_F16X2 or t == C.T_BF16X2
    for l in range(32):
        if not (mask >> l) & 1:
            continue
        r = element(op, t, flags, a[l] & M16, b[l] & M16, c[l] & M16)
        if pairs:
            h = np.uint64(16)
            r |= element(op, t, flags, (a[l] >> h) & M16, (b[l] >> h) & M16, (c[l] >> h) & M16) << h
        d[l] = r
    store_bits(P, W, i, 0, w, mask, d)
