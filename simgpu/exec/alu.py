"""What the arithmetic, logic, comparison and conversion instructions compute,
for the active lanes of one warp (PTX ISA 8.x, chapter 9.7 semantics).

Integers are computed on 64-bit values and truncated to the destination
width when stored; floats in float64 and rounded as fp.py describes. Scratch
buffers U (uint64), I (int64) and F (float64), each [6, 32], hold operand
values for the 32 lanes.
"""
import math

import numpy as np

from ..ptx import codes as C
from . import fp, half
from .half import half_op
from .jit import njit
from .lanes import fetch_bits, fetch_float, store_bits, store_float, to_signed

TBITS = np.array(C.TYPE_BITS, np.int64)
TKIND = np.array(C.TYPE_KIND, np.int64)
M32 = np.uint64(0xFFFFFFFF)


@njit
def width_mask(bits):
    if bits >= 64:
        return np.uint64(0xFFFFFFFFFFFFFFFF)
    return (np.uint64(1) << np.uint64(bits)) - np.uint64(1)


@njit
def mulhi_u64(a, b):
    """High 64 bits of the 128-bit product of two uint64."""
    a_lo, a_hi = a & M32, a >> np.uint64(32)
    b_lo, b_hi = b & M32, b >> np.uint64(32)
    ll = a_lo * b_lo
    lh = a_lo * b_hi
    hl = a_hi * b_lo
    hh = a_hi * b_hi
    mid = (ll >> np.uint64(32)) + (lh & M32) + (hl & M32)
    return hh + (lh >> np.uint64(32)) + (hl >> np.uint64(32)) + (mid >> np.uint64(32))


@njit
def mulhi_s64(a, b):
    hi = mulhi_u64(np.uint64(a), np.uint64(b))
    if a < 0:
        hi -= np.uint64(b)
    if b < 0:
        hi -= np.uint64(a)
    return hi


@njit
def sat_clamp01(x):
    if math.isnan(x):
        return 0.0
    return min(max(x, 0.0), 1.0)


@njit(inline="always")
def float_in(P, W, i, k, w, t, ftz, out):
    """Fetch a float operand; .ftz flushes f32 subnormal inputs."""
    fetch_float(P, W, i, k, w, out)
    if ftz and t == C.T_F32:
        for l in range(32):
            out[l] = fp.ftz32(out[l])


@njit(inline="always")
def float_out(P, W, i, w, mask, t, flags, out, canonical_nan):
    """Store an f32/f64 result (.ftz, .sat applied); canonical_nan: an f32 NaN lane is written
    as fp.F32_NAN_BITS (every f32 arithmetic instruction but copysign, a bit operation)."""
    if t == C.T_F32:
        if flags & C.F_FTZ:
            for l in range(32):
                out[l] = fp.ftz32(np.float64(np.float32(out[l])))
        if flags & C.F_SAT:
            for l in range(32):
                out[l] = sat_clamp01(out[l])
    elif flags & C.F_SAT:
        for l in range(32):
            out[l] = sat_clamp01(out[l])
    store_float(P, W, i, 0, w, mask, out)
    if t == C.T_F32 and canonical_nan:
        nan = nan_lanes(out) & mask
        if nan:
            store_bits(P, W, i, 0, w, nan, F32_NAN_LANES)


F32_NAN_LANES = np.full(32, fp.F32_NAN_BITS, np.uint64)


@njit(inline="always")
def nan_lanes(out):
    """The lane mask of the NaNs in out."""
    nan = np.int64(0)
    for l in range(32):
        if out[l] != out[l]:
            nan |= np.int64(1) << np.int64(l)
    return nan


@njit
def float_binary(op, t, rnd, a, b, c):
    """One lane of add/sub/mul/div/fma/min/max/copysign on float values."""
    if op == C.OP_ADD or op == C.OP_SUB:
        bb = b if op == C.OP_ADD else -b
        if rnd == C.RND_RN:
            return a + bb
        s, e = fp.two_sum(a, bb)
        if s == 0.0 and e == 0.0:
            return fp.zero_sign(a, bb, rnd)
        if t == C.T_F32:
            return fp.round_f32(s, e, rnd)
        if math.isinf(s) and not (math.isinf(a) or math.isinf(b)):
            return fp.overflow_f64(s, rnd)
        return fp.round_f64(s, e, rnd)
    if op == C.OP_MUL:
        if t == C.T_F32:
            return fp.round_f32(a * b, 0.0, rnd) if rnd != C.RND_RN else a * b
        if rnd == C.RND_RN:
            return a * b
        p = a * b
        if math.isinf(p) and not (math.isinf(a) or math.isinf(b)):
            return fp.overflow_f64(p, rnd)
        if math.isinf(p) or math.isnan(p):
            return p
        e = fp.mul_residual(a, b, p)
        if p == 0.0 and e == 0.0:
            return p
        if p == 0.0:                          # underflowed to zero: the residual is the value
            return fp.round_f64(math.copysign(0.0, e), e, rnd)
        return fp.round_f64(p, e, rnd)
    if op == C.OP_FMA or op == C.OP_MAD:
        return fp.fma_f32(a, b, c, rnd) if t == C.T_F32 else fp.fma_f64(a, b, c, rnd)
    if op == C.OP_DIV:
        if t == C.T_F32:
            return fp.div_rounded_f32(a, b, rnd)
        q = a / b
        if rnd == C.RND_RN or math.isnan(q):
            return q
        if math.isinf(q):
            if math.isinf(a) or b == 0.0:
                return q
            return fp.overflow_f64(q, rnd)
        if abs(a) < fp.TINY:                  # keep the residual out of the subnormal range
            res = fp.fma64(q * fp.SCALE, b, -a * fp.SCALE)
        else:
            res = fp.fma64(q, b, -a)
        return fp.round_f64(q, -res * math.copysign(1.0, b), rnd)    # the sign of a/b - q
    if op == C.OP_MIN or op == C.OP_MAX:
        if math.isnan(a):
            return b
        if math.isnan(b):
            return a
        if a == b == 0.0:
            na = math.copysign(1.0, a) < 0.0
            nb = math.copysign(1.0, b) < 0.0
            neg = (na or nb) if op == C.OP_MIN else (na and nb)
            return -0.0 if neg else 0.0
        return min(a, b) if op == C.OP_MIN else max(a, b)
    if op == C.OP_COPYSIGN:
        return math.copysign(b, a)
    return 0.0


@njit
def div_s(op, sa, sb):
    """Signed div/rem with C semantics (truncation toward zero); x/0 gives -1."""
    if sb == 0:
        return np.uint64(0xFFFFFFFFFFFFFFFF) if op == C.OP_DIV else np.uint64(sa)
    if sb == -1:
        return np.uint64(0) - np.uint64(sa) if op == C.OP_DIV else np.uint64(0)   # INT_MIN / -1 wraps
    ua = np.uint64(sa) if sa >= 0 else np.uint64(0) - np.uint64(sa)
    ub = np.uint64(sb) if sb >= 0 else np.uint64(0) - np.uint64(sb)
    q = ua // ub
    r = ua - q * ub
    if op == C.OP_DIV:
        return np.uint64(0) - q if (sa < 0) != (sb < 0) else q
    return np.uint64(0) - r if sa < 0 else r


@njit
def div_u(op, a, b, bits):
    """Unsigned div/rem; x/0 gives all ones (as the hardware does)."""
    ua = a & width_mask(bits)
    ub = b & width_mask(bits)
    if ub == 0:
        return np.uint64(0xFFFFFFFFFFFFFFFF) if op == C.OP_DIV else ua
    return ua // ub if op == C.OP_DIV else ua % ub


@njit
def int_cmp(cmp, a, b, signed):
    if signed:
        x = np.int64(a)
        y = np.int64(b)
        if cmp == C.CMP_EQ:
            return x == y
        if cmp == C.CMP_NE:
            return x != y
        if cmp == C.CMP_LT or cmp == C.CMP_LO:
            return x < y
        if cmp == C.CMP_LE or cmp == C.CMP_LS:
            return x <= y
        if cmp == C.CMP_GT or cmp == C.CMP_HI:
            return x > y
        return x >= y
    ua = np.uint64(a)
    ub = np.uint64(b)
    if cmp == C.CMP_EQ:
        return ua == ub
    if cmp == C.CMP_NE:
        return ua != ub
    if cmp == C.CMP_LT or cmp == C.CMP_LO:
        return ua < ub
    if cmp == C.CMP_LE or cmp == C.CMP_LS:
        return ua <= ub
    if cmp == C.CMP_GT or cmp == C.CMP_HI:
        return ua > ub
    return ua >= ub


@njit
def float_cmp(cmp, a, b):
    unordered = math.isnan(a) or math.isnan(b)
    if cmp == C.CMP_NUM:
        return not unordered
    if cmp == C.CMP_NAN:
        return unordered
    if cmp >= C.CMP_EQU:
        if unordered:
            return True
        cmp = cmp - C.CMP_EQU
    elif unordered:
        return False
    if cmp == C.CMP_EQ:
        return a == b
    if cmp == C.CMP_NE:
        return a != b
    if cmp == C.CMP_LT:
        return a < b
    if cmp == C.CMP_LE:
        return a <= b
    if cmp == C.CMP_GT:
        return a > b
    return a >= b


@njit
def bfe(a, pos, ln, bits, signed):
    pos = np.int64(pos & np.uint64(0xFF))
    ln = np.int64(ln & np.uint64(0xFF))
    if ln == 0:
        return np.uint64(0)
    msb = min(pos + ln - 1, bits - 1)
    sbit = np.uint64(0)
    if signed:
        sbit = (a >> np.uint64(msb)) & np.uint64(1) if pos < bits else (a >> np.uint64(bits - 1)) & np.uint64(1)
    d = np.uint64(0)
    for k in range(bits):
        if k < ln and pos + k <= bits - 1:
            bit = (a >> np.uint64(pos + k)) & np.uint64(1)
        else:
            bit = sbit
        d |= bit << np.uint64(k)
    return d


@njit
def bfi(a, b, pos, ln, bits):
    pos = np.int64(pos & np.uint64(0xFF))
    ln = np.int64(ln & np.uint64(0xFF))
    d = b
    for k in range(ln):
        if pos + k >= bits:
            break
        bit = (a >> np.uint64(k)) & np.uint64(1)
        d = (d & ~(np.uint64(1) << np.uint64(pos + k))) | (bit << np.uint64(pos + k))
    return d


@njit
def popc(x):
    n = 0
    while x:
        x &= x - np.uint64(1)
        n += 1
    return np.uint64(n)


@njit
def clz(x, bits):
    n = 0
    for k in range(bits - 1, -1, -1):
        if (x >> np.uint64(k)) & np.uint64(1):
            break
        n += 1
    return np.uint64(n)


@njit
def brev(x, bits):
    d = np.uint64(0)
    for k in range(bits):
        if (x >> np.uint64(k)) & np.uint64(1):
            d |= np.uint64(1) << np.uint64(bits - 1 - k)
    return d


@njit
def prmt(a, b, c):
    """Default-mode byte permute: bytes {b, a} selected by the nibbles of c."""
    src = (a & M32) | ((b & M32) << np.uint64(32))
    d = np.uint64(0)
    for n in range(4):
        sel = np.int64((c >> np.uint64(4 * n)) & np.uint64(0xF))
        byte = (src >> np.uint64(8 * (sel & 7))) & np.uint64(0xFF)
        if sel & 8:
            byte = np.uint64(0xFF) if byte & np.uint64(0x80) else np.uint64(0)
        d |= byte << np.uint64(8 * n)
    return d


@njit
def bfind(x, bits, signed, shiftamt):
    """bfind (PTX ISA 9.7.1.17): the position of the most significant bit that
    differs from the sign (an unsigned value's highest 1; a negative signed
    value's highest 0); .shiftamt: bits - 1 minus it, the left shift that
    brings it to the top. 0xFFFFFFFF when there is none (0, or -1 signed)."""
    if signed and (x >> np.uint64(bits - 1)) & np.uint64(1):
        x = ~x & width_mask(bits)
    for k in range(bits - 1, -1, -1):
        if (x >> np.uint64(k)) & np.uint64(1):
            return np.uint64(bits - 1 - k) if shiftamt else np.uint64(k)
    return M32


@njit
def fns(mask, base, offset):
    """fns.b32 (PTX ISA 9.7.1.22): the position of the |offset|-th set bit of
    mask from bit `base` up (offset > 0) or down (offset < 0), base counted;
    offset 0: base itself if set. 0xFFFFFFFF when there is none."""
    if offset == 0:
        return np.uint64(base) if base < 32 and (mask >> np.uint64(base)) & np.uint64(1) else M32
    count = abs(offset) - 1
    step = 1 if offset > 0 else -1
    pos = base
    while 0 <= pos < 32:
        if (mask >> np.uint64(pos)) & np.uint64(1):
            if count == 0:
                return np.uint64(pos)
            count -= 1
        pos += step
    return M32


@njit
def dot_bytes(a, b, c, a_signed, b_signed, pairs, b_first):
    """dp4a (pairs = 0: four bytes of a times four of b) and dp2a (pairs = 1:
    a's two 16-bit halves times b's bytes b_first, b_first + 1), plus c, in
    32 bits (PTX ISA 9.7.1.23-24); each part sign- or zero-extended by its type."""
    r = np.int64(np.int32(np.uint32(c & M32))) if a_signed or b_signed else np.int64(c & M32)
    na = 2 if pairs else 4
    for k in range(na):
        wa = 16 if pairs else 8
        va = np.int64((a >> np.uint64(wa * k)) & width_mask(wa))
        if a_signed and va >= (np.int64(1) << (wa - 1)):
            va -= np.int64(1) << wa
        vb = np.int64((b >> np.uint64(8 * (b_first + k))) & np.uint64(0xFF))
        if b_signed and vb >= 128:
            vb -= 256
        r += va * vb
    return np.uint64(r) & M32


@njit
def lop3(a, b, c, lut):
    r = np.uint64(0)
    for m in range(8):
        if (lut >> np.uint64(m)) & np.uint64(1):
            x = a if m & 4 else ~a
            y = b if m & 2 else ~b
            z = c if m & 1 else ~c
            r |= x & y & z
    return r


@njit
def int_to_float(v_u, t_src):
    """Integer bits -> (nearest float64, exact remainder), so a second rounding
    (to f32, or a directed mode) can be done correctly."""
    bits = TBITS[t_src]
    if TKIND[t_src] == C.KIND_SIGNED:
        sh = np.uint64(64 - bits)
        v = np.int64(v_u << sh) >> np.int64(sh)
        x = np.float64(v)
        if bits < 64 or abs(x) < 9007199254740992.0:
            return x, 0.0
        if x >= 9.223372036854775807e18:          # rounded up to 2**63
            return x, -np.float64(np.uint64(0x8000000000000000) - np.uint64(v))
        back = np.int64(x)
        return x, np.float64(v - back)
    u = v_u & width_mask(bits)
    x = np.float64(u)
    if x < 9007199254740992.0:
        return x, 0.0
    if x >= 1.8446744073709552e19:                # rounded up to 2**64
        return x, -np.float64(np.uint64(0) - u)
    back = np.uint64(x)
    if u >= back:
        return x, np.float64(u - back)
    return x, -np.float64(back - u)


@njit
def int_convert(v_u, ts, td, sat):
    """Integer -> integer cvt: extend from the source type, clamp (.sat), then chop to the
    destination type and extend it by the destination's signedness to the register's width
    (PTX ISA 6.5.1, Table 15, note 1: cvt.u8.u32 into a 32-bit register keeps the low 8 bits,
    zero-extended; measured on the H200: traces/h200/semantics.json)."""
    sb = TBITS[ts]
    db = TBITS[td]
    dsigned = TKIND[td] == C.KIND_SIGNED
    if TKIND[ts] == C.KIND_SIGNED:
        sh = np.uint64(64 - sb)
        v = np.int64(v_u << sh) >> np.int64(sh)
        if sat:
            if dsigned:
                if db < 64:
                    hi = (np.int64(1) << np.int64(db - 1)) - 1
                    v = min(max(v, -hi - 1), hi)
            else:
                if v < 0:
                    v = np.int64(0)
                elif db < 64:
                    v = min(v, (np.int64(1) << np.int64(db)) - 1)
        r = np.uint64(v)
    else:
        r = v_u & width_mask(sb)
        if sat:
            lim = width_mask(db - 1) if dsigned else width_mask(db)
            r = min(r, lim)
    if dsigned and db < 64:                       # sign-extend into the register
        sh = np.uint64(64 - db)
        r = np.uint64(np.int64(r << sh) >> np.int64(sh))
    else:                                         # chop, zero-extend into the register
        r &= width_mask(db)
    return r


@njit
def float_to_int_bits(x, t_dst):
    """Float -> integer with saturation to the destination range (PTX cvt)."""
    bits = TBITS[t_dst]
    if math.isnan(x):
        return np.uint64(0)
    if TKIND[t_dst] == C.KIND_SIGNED:
        hi = 2.0 ** (bits - 1) - 1
        lo = -(2.0 ** (bits - 1))
        if x >= hi:
            return np.uint64((np.int64(1) << np.int64(bits - 1)) - 1) if bits < 64 else np.uint64(0x7FFFFFFFFFFFFFFF)
        if x <= lo:
            return np.uint64(-(np.int64(1) << np.int64(bits - 1))) if bits < 64 else np.uint64(0x8000000000000000)
        return np.uint64(np.int64(x))
    if x <= 0.0:
        return np.uint64(0)
    if x >= 2.0 ** bits - 1:
        return width_mask(bits)
    if x >= 2.0 ** 63:
        return np.uint64(np.int64(x - 2.0 ** 63)) + np.uint64(0x8000000000000000)
    return np.uint64(np.int64(x))


@njit
def bits_to_f64(b):
    sign = -1.0 if (b >> np.uint64(63)) & np.uint64(1) else 1.0
    e = np.int64((b >> np.uint64(52)) & np.uint64(0x7FF))
    m = np.int64(b & np.uint64(0xFFFFFFFFFFFFF))
    if e == 0x7FF:
        return sign * np.inf if m == 0 else np.nan
    if e == 0:
        return sign * math.ldexp(np.float64(m), -1074)
    return sign * math.ldexp(np.float64(m | (np.int64(1) << 52)), e - 1075)


@njit
def f32_to_bits(x):
    """float32 value (given as float64, already representable) -> IEEE single bits."""
    x = np.float64(np.float32(x))
    if math.isnan(x):
        return np.uint64(0x7FC00000)      # cvt.rn.f32.f64 of a NaN on the H200 (traces/h200/semantics.json)
    sign = np.uint64(0x80000000) if math.copysign(1.0, x) < 0.0 else np.uint64(0)
    a = abs(x)
    if math.isinf(a):
        return sign | np.uint64(0x7F800000)
    if a == 0.0:
        return sign
    m, e = math.frexp(a)              # a = m * 2**e, 0.5 <= m < 1
    if e - 1 < -126:                  # subnormal
        return sign | np.uint64(np.int64(math.ldexp(a, 149)))
    frac = np.int64(math.ldexp(m, 24)) - (np.int64(1) << 23)
    return sign | np.uint64(((e - 1 + 127) << 23) | frac)


@njit
def f64_to_bits(x):
    if math.isnan(x):
        return np.uint64(0x7FF8000000000000)
    sign = np.uint64(0x8000000000000000) if math.copysign(1.0, x) < 0.0 else np.uint64(0)
    a = abs(x)
    if math.isinf(a):
        return sign | np.uint64(0x7FF0000000000000)
    if a == 0.0:
        return sign
    m, e = math.frexp(a)
    if e - 1 < -1022:
        return sign | np.uint64(np.int64(math.ldexp(a, 1074)))
    frac = np.int64(math.ldexp(m, 53)) - (np.int64(1) << 52)
    return sign | (np.uint64(e - 1 + 1023) << np.uint64(52)) | np.uint64(frac)


@njit
def float_value(u, t):
    """Bits of a float type (f16 bf16 f32 f64) -> float64 value."""
    if t == C.T_F16:
        return fp.f16_bits_to_float(u)
    if t == C.T_BF16:
        return fp.bits_to_f32((u & np.uint64(0xFFFF)) << np.uint64(16))
    if t == C.T_F32:
        return fp.bits_to_f32(u)
    return bits_to_f64(u)


@njit
def float_bits(x, t):
    if t == C.T_F32:
        return f32_to_bits(x)
    return f64_to_bits(x)


@njit
def cvt(P, W, i, w, mask, U, F):
    td = P.ins[i].ty
    ts = P.ins[i].ty2
    rnd = P.ins[i].rnd
    flags = P.ins[i].iflags
    ftz = (flags & C.F_FTZ) != 0
    sat = (flags & C.F_SAT) != 0
    a = U[1]
    d = U[0]
    fetch_bits(P, W, i, 1, w, a)
    if td == C.T_F16X2 or td == C.T_BF16X2:
        cvt_pair(P, W, i, w, mask, U, td, flags)
        return
    if (flags & C.F_HIGH_HALF) != 0:            # the lowering's HADD2.F32 of r.H1_H1 (lower.fold_half_unpacks)
        for l in range(32):
            a[l] = a[l] >> np.uint64(16)
    if td == C.T_TF32:
        for l in range(32):
            d[l] = tf32_bits(a[l] & M32, rnd)
        store_bits(P, W, i, 0, w, mask, d)
        return
    kd = TKIND[td]
    ks = TKIND[ts]
    for l in range(32):
        if not (mask >> l) & 1:
            continue
        if ks != C.KIND_FLOAT and kd != C.KIND_FLOAT:
            # integer -> integer: sign/zero-extend the source, clamp (.sat) or truncate
            d[l] = int_convert(a[l], ts, td, sat)
            if kd == C.KIND_SIGNED and TBITS[td] < 64:     # sign-extend into the register
                sh = np.uint64(64 - TBITS[td])
                d[l] = np.uint64(np.int64(d[l] << sh) >> np.int64(sh))
            continue
        xerr = 0.0
        if ks == C.KIND_FLOAT:
            x = float_value(a[l], ts)
            if ftz and ts == C.T_F32:
                x = fp.ftz32(x)
            if td == C.T_F64 and ts == C.T_F32 and math.isnan(x):
                # f32 NaN -> f64: sign and payload kept, quieted (PTX ISA 9.7.3: f64 NaN payloads
                # are supported; cvt.f64.f32 of 0x7fc00123 is 0x7ff8002460000000 on the H200,
                # traces/h200/semantics.json)
                s = a[l] & M32
                d[l] = ((s & np.uint64(0x80000000)) << np.uint64(32)) | np.uint64(0x7FF8000000000000) | \
                    ((s & np.uint64(0x7FFFFF)) << np.uint64(29))
                continue
        else:
            x, xerr = int_to_float(a[l], ts)
        if kd != C.KIND_FLOAT:
            x = fp.round_to_int(x, rnd if rnd >= C.RND_RNI else rnd + C.RND_RNI)
            d[l] = float_to_int_bits(x, td)
            if kd == C.KIND_SIGNED and TBITS[td] < 64:
                sh = np.uint64(64 - TBITS[td])
                d[l] = np.uint64(np.int64(d[l] << sh) >> np.int64(sh))
            continue
        if rnd >= C.RND_RNI:
            x = fp.round_to_int(x, rnd)
        if td == C.T_F32:
            x = fp.round_f32(x, xerr, rnd if rnd < C.RND_RNI else C.RND_RN)
            if ftz:
                x = fp.ftz32(x)
        elif td == C.T_F64 and xerr != 0.0:
            x = fp.round_f64(x, xerr, rnd if rnd < C.RND_RNI else C.RND_RN)
        if sat:
            x = sat_clamp01(x)
        if (flags & C.F_RELU) and x < 0.0:
            x = 0.0
        if (td == C.T_F16 or td == C.T_BF16) and ts == td and math.isnan(x):
            d[l] = half.NAN_BITS                # a half -> half rounding writes the canonical NaN
        elif td == C.T_F16:
            d[l] = fp.f32_to_f16_bits(x)
        elif td == C.T_BF16:
            d[l] = fp.f32_to_bf16_bits(x, float_bits(x, C.T_F32))
        else:
            d[l] = float_bits(x, td)
    store_bits(P, W, i, 0, w, mask, d)


@njit
def tf32_bits(b, rnd):
    """cvt.{rna,rn,rz}.tf32.f32 of f32 bits b: 10 fraction bits kept, the low 13 zero, rounded
    to nearest with ties away from zero (.rna), to even (.rn) or toward zero (.rz); a carry
    into the exponent makes the next power of two or infinity. What the H200 gives
    (traces/h200/tensor/tf32_round.json; ptxas makes .rna an add of 0x1000 to finite values
    and a mask, .rn/.rz one F2FP.TF32): .rn and .rz turn a NaN into 0x7fffe000, .rna only
    masks it, so a NaN whose payload lies in the low 13 bits becomes an infinity."""
    special = (b & np.uint64(0x7F800000)) == np.uint64(0x7F800000)
    if rnd == C.RND_RNA:
        if not special:
            b += np.uint64(0x1000)
    elif special and (b & np.uint64(0x7FFFFF)) != 0:
        return np.uint64(0x7FFFE000)
    elif rnd == C.RND_RN and not special:
        b += np.uint64(0xFFF) + ((b >> np.uint64(13)) & np.uint64(1))
    return b & np.uint64(0xFFFFE000)


@njit
def cvt_pair(P, W, i, w, mask, U, td, flags):
    """cvt.rn{.relu}{.satfinite}.f16x2.f32 d, a, b (and .bf16x2; PTX ISA 9.7.9.21): a and b
    rounded to nearest even, a's in the upper half of d and b's in the lower; .relu makes a
    negative result +0, .satfinite an infinite one the largest finite value of its sign."""
    a, b, d = U[1], U[2], U[0]
    fetch_bits(P, W, i, 2, w, b)
    t = C.T_BF16 if td == C.T_BF16X2 else C.T_F16
    top = np.uint64(0x7F7F) if t == C.T_BF16 else np.uint64(0x7BFF)
    inf = np.uint64(0x7F80) if t == C.T_BF16 else np.uint64(0x7C00)
    for l in range(32):
        if not (mask >> l) & 1:
            continue
        r = np.uint64(0)
        for k in range(2):
            v = fp.bits_to_f32((a[l] if k == 1 else b[l]) & M32)
            if (flags & C.F_RELU) and v < 0.0:
                v = 0.0
            e = half.to_bits(v, t)
            if (flags & C.F_SAT) and (e & np.uint64(0x7FFF)) == inf:
                e = (e & np.uint64(0x8000)) | top
            r |= e << np.uint64(16 * k)
        d[l] = r
    store_bits(P, W, i, 0, w, mask, d)


@njit(inline="always")
def alu(P, W, i, w, mask, U, I, F):
    """Execute arithmetic/logic/compare/convert instruction i for warp slot w:
    a dispatch inlined into its caller, so that each instruction makes one
    call (a call passes every array of P and W, about 330 arguments)."""
    op = P.ins[i].op
    if op == C.OP_CVT:
        cvt(P, W, i, w, mask, U, F)
    elif op == C.OP_SETP:
        setp(P, W, i, w, mask, U, F)
    elif op == C.OP_SET:
        set_op(P, W, i, w, mask, U, F)
    elif (P.ins[i].ty >= C.T_F16X2 or P.ins[i].ty == C.T_F16 or P.ins[i].ty == C.T_BF16) \
            and op != C.OP_SELP and op != C.OP_MOV:
        half_op(P, W, i, w, mask, U)
    elif TKIND[P.ins[i].ty] == C.KIND_FLOAT and op != C.OP_SELP and op != C.OP_MOV and op != C.OP_TESTP:
        if fma_f32_of_regs(P, i):
            fma_f32_regs(W.r32, w, mask, P.oreg[i, 0], P.oreg[i, 1], P.oreg[i, 2], P.oreg[i, 3])
        else:
            float_op(P, W, i, w, mask, U, F)
    else:
        int_alu(P, W, i, w, mask, U, I, F)


@njit
def int_alu(P, W, i, w, mask, U, I, F):
    """mov, selp, testp and the integer and bit instructions."""
    op = P.ins[i].op
    t = P.ins[i].ty
    bits = TBITS[t]
    kind = TKIND[t]
    flags = P.ins[i].iflags
    a, b, c, d = U[1], U[2], U[3], U[0]
    if op == C.OP_MOV:
        if P.ins[i].sub == 1:         # pack {a, b, ...} into d
            n = P.ins[i].vec
            part = np.uint64(bits // n)
            for l in range(32):
                d[l] = np.uint64(0)
            for e in range(n):
                fetch_bits(P, W, i, 1 + e, w, a)
                for l in range(32):
                    d[l] |= (a[l] & width_mask(bits // n)) << (part * np.uint64(e))
            store_bits(P, W, i, 0, w, mask, d)
        elif P.ins[i].sub == 2:       # unpack d into {a, b, ...}
            n = P.ins[i].vec
            part = np.uint64(bits // n)
            fetch_bits(P, W, i, 4, w, a)
            for e in range(n):
                for l in range(32):
                    d[l] = (a[l] >> (part * np.uint64(e))) & width_mask(bits // n)
                store_bits(P, W, i, e, w, mask, d)
        else:
            fetch_bits(P, W, i, 1, w, a)
            store_bits(P, W, i, 0, w, mask, a)
        return
    if op == C.OP_SELP:
        fetch_bits(P, W, i, 1, w, a)
        fetch_bits(P, W, i, 2, w, b)
        fetch_bits(P, W, i, 3, w, c)
        for l in range(32):
            d[l] = a[l] if c[l] != 0 else b[l]
        store_bits(P, W, i, 0, w, mask, d)
        return
    if op == C.OP_TESTP:
        fetch_bits(P, W, i, 1, w, a)
        cls = P.ins[i].sub
        for l in range(32):
            x = float_value(a[l], t)
            ax = abs(x)
            if cls == 0:
                r = not (math.isinf(x) or math.isnan(x))
            elif cls == 1:
                r = math.isinf(x)
            elif cls == 2:
                r = not math.isnan(x)
            elif cls == 3:
                r = math.isnan(x)
            elif cls == 4:
                r = (ax >= (fp.F32_MIN_NORMAL if t == C.T_F32 else 2.2250738585072014e-308)) and not (math.isinf(x) or math.isnan(x))
            else:
                r = ax != 0.0 and ax < (fp.F32_MIN_NORMAL if t == C.T_F32 else 2.2250738585072014e-308)
            d[l] = np.uint64(1) if r else np.uint64(0)
        store_bits(P, W, i, 0, w, mask, d)
        return
    signed = kind == C.KIND_SIGNED
    nsrc = 2
    if op == C.OP_ABS or op == C.OP_NEG or op == C.OP_NOT or op == C.OP_CNOT \
            or op == C.OP_POPC or op == C.OP_CLZ or op == C.OP_BREV or op == C.OP_BFIND:
        nsrc = 1
    elif op == C.OP_MAD or op == C.OP_MAD24 or op == C.OP_BFE or op == C.OP_PRMT \
            or op == C.OP_SHF or op == C.OP_LOP3 or op == C.OP_BFI or op == C.OP_SAD \
            or op == C.OP_FNS or op == C.OP_DP4A or op == C.OP_DP2A:
        nsrc = 3
    fetch_bits(P, W, i, 1, w, a)
    if nsrc >= 2:
        fetch_bits(P, W, i, 2, w, b)
    if nsrc >= 3:
        fetch_bits(P, W, i, 3, w, c)
    ia, ib = I[1], I[2]
    if signed:
        to_signed(a, bits, ia)
        to_signed(b, bits, ib)
    sub = P.ins[i].sub
    wm = width_mask(bits)
    for l in range(32):
        if not (mask >> l) & 1:
            continue
        x = a[l]
        y = b[l]
        if op == C.OP_ADD or op == C.OP_SUB:
            if flags & C.F_SAT:                   # add.sat.s32: clamp instead of wrapping
                s = ia[l] + ib[l] if op == C.OP_ADD else ia[l] - ib[l]
                s = min(max(s, np.int64(-2147483648)), np.int64(2147483647))
                d[l] = np.uint64(s)
            else:
                d[l] = x + y if op == C.OP_ADD else x - y
        elif op == C.OP_MUL or op == C.OP_MAD:
            if sub == C.MUL_LO:
                r = x * y
            elif sub == C.MUL_WIDE:
                if signed:
                    r = np.uint64(ia[l] * ib[l])
                else:
                    r = (x & wm) * (y & wm)
            else:                                  # hi
                if bits == 64:
                    r = mulhi_s64(ia[l], ib[l]) if signed else mulhi_u64(x, y)
                elif signed:
                    r = np.uint64((ia[l] * ib[l]) >> np.int64(bits))
                else:
                    r = ((x & wm) * (y & wm)) >> np.uint64(bits)
            if op == C.OP_MAD:
                if (flags & C.F_SAT) and signed and bits == 32 and sub == C.MUL_HI:
                    s = np.int64((ia[l] * ib[l]) >> np.int64(32)) + np.int64(np.int32(c[l] & M32))
                    r = np.uint64(min(max(s, np.int64(-2147483648)), np.int64(2147483647)))
                else:
                    r = r + c[l]
            d[l] = r
        elif op == C.OP_MUL24 or op == C.OP_MAD24:
            if signed:
                p = (np.int64(x << np.uint64(40)) >> np.int64(40)) * (np.int64(y << np.uint64(40)) >> np.int64(40))
                r = np.uint64(p >> np.int64(16)) if sub == C.MUL_HI else np.uint64(p)
            else:
                p = (x & np.uint64(0xFFFFFF)) * (y & np.uint64(0xFFFFFF))
                r = p >> np.uint64(16) if sub == C.MUL_HI else p
            if op == C.OP_MAD24:
                r = r + c[l]
            d[l] = r
        elif op == C.OP_SAD:                       # c + |a - b|
            if signed:
                r = np.uint64(ia[l]) - np.uint64(ib[l]) if ia[l] >= ib[l] else np.uint64(ib[l]) - np.uint64(ia[l])
            else:
                r = (x & wm) - (y & wm) if (x & wm) >= (y & wm) else (y & wm) - (x & wm)
            d[l] = r + c[l]
        elif op == C.OP_DIV or op == C.OP_REM:
            if signed:
                d[l] = div_s(op, ia[l], ib[l])
            else:
                d[l] = div_u(op, x, y, bits)
        elif op == C.OP_MIN:
            if signed:
                d[l] = np.uint64(min(ia[l], ib[l]))
            else:
                d[l] = min(x & wm, y & wm)
        elif op == C.OP_MAX:
            if signed:
                d[l] = np.uint64(max(ia[l], ib[l]))
            else:
                d[l] = max(x & wm, y & wm)
        elif op == C.OP_ABS:
            d[l] = np.uint64(abs(ia[l]))
        elif op == C.OP_NEG:
            d[l] = np.uint64(0) - x
        elif op == C.OP_AND:
            d[l] = x & y
        elif op == C.OP_OR:
            d[l] = x | y
        elif op == C.OP_XOR:
            d[l] = x ^ y
        elif op == C.OP_NOT:
            d[l] = (x ^ np.uint64(1)) if t == C.T_PRED else ~x
        elif op == C.OP_CNOT:
            d[l] = np.uint64(1) if (x & wm) == 0 else np.uint64(0)
        elif op == C.OP_SHL:
            sh = y & M32
            d[l] = np.uint64(0) if sh >= np.uint64(bits) else x << sh
        elif op == C.OP_SHR:
            sh = y & M32
            if signed:
                s = min(np.int64(sh), np.int64(bits - 1))
                d[l] = np.uint64(ia[l] >> s)
            else:
                d[l] = np.uint64(0) if sh >= np.uint64(bits) else (x & wm) >> sh
        elif op == C.OP_SHF:
            sh = c[l] & M32
            if sub == 1:                           # clamp
                sh = min(sh, np.uint64(32))
            else:
                sh = sh & np.uint64(31)
            pair = ((y & M32) << np.uint64(32)) | (x & M32)
            if P.ins[i].sub2 == 0:                     # .l: high word of the left shift
                d[l] = ((pair << sh) >> np.uint64(32)) & M32 if sh < np.uint64(64) else np.uint64(0)
            else:                                  # .r: low word of the right shift
                d[l] = (pair >> sh) & M32
        elif op == C.OP_LOP3:
            d[l] = lop3(x, y, c[l], np.uint64(P.obits[i, 4]) & np.uint64(0xFF))
        elif op == C.OP_BFE:
            d[l] = bfe(x & wm, y, c[l], bits, signed)
        elif op == C.OP_BFI:
            e = U[4]
            if l == 0:
                fetch_bits(P, W, i, 4, w, e)
            d[l] = bfi(x, y, c[l], e[l], bits)
        elif op == C.OP_POPC:
            d[l] = popc(x & wm)
        elif op == C.OP_CLZ:
            d[l] = clz(x & wm, bits)
        elif op == C.OP_BREV:
            d[l] = brev(x & wm, bits)
        elif op == C.OP_BFIND:
            d[l] = bfind(x & wm, bits, signed, sub == 1)
        elif op == C.OP_FNS:
            d[l] = fns(x & M32, np.int64(y & M32), np.int64(np.int32(np.uint32(c[l] & M32))))
        elif op == C.OP_DP4A or op == C.OP_DP2A:
            d[l] = dot_bytes(x, y, c[l], signed, TKIND[P.ins[i].ty2] == C.KIND_SIGNED, op == C.OP_DP2A,
                             2 * sub if op == C.OP_DP2A else 0)
        elif op == C.OP_PRMT:
            d[l] = prmt(x, y, c[l])
        else:
            d[l] = np.uint64(0)
    store_bits(P, W, i, 0, w, mask, d)


@njit(inline="always")
def fma_f32_of_regs(P, i):
    """True for fma.rn.f32 / mad.rn.f32 of 32-bit registers, without .ftz, .sat or operand modifiers."""
    op = P.ins[i].op
    return (op == C.OP_FMA or op == C.OP_MAD) and P.ins[i].ty == C.T_F32 and P.ins[i].rnd == C.RND_RN \
        and (P.ins[i].iflags & (C.F_FTZ | C.F_SAT)) == 0 \
        and P.okind[i, 0] == C.K_R32 and P.okind[i, 1] == C.K_R32 \
        and P.okind[i, 2] == C.K_R32 and P.okind[i, 3] == C.K_R32 \
        and P.oreg2[i, 1] == 0 and P.oreg2[i, 2] == 0 and P.oreg2[i, 3] == 0


@njit
def fma_f32_regs(r32, w, mask, rd, ra, rb, rc):
    """fma.rn.f32 d, a, b, c of 32-bit registers (no .ftz, no .sat), lane by
    lane straight from and to the register file r32: the host's FMA in
    float32, a NaN result written as fp.F32_NAN_BITS -- what float_op's
    general path computes (float_in, fp.fma32, float_out). A call of its own
    that takes only the register file: a call that takes P and W passes
    hundreds of arguments."""
    r32f = r32.view(np.float32)
    for l in range(32):
        if (mask >> l) & 1:
            v = fp.fma32(r32f[w, ra, l], r32f[w, rb, l], r32f[w, rc, l])
            if v != v:
                r32[w, rd, l] = np.uint32(fp.F32_NAN_BITS)
            else:
                r32f[w, rd, l] = v


@njit
def float_op(P, W, i, w, mask, U, F):
    op = P.ins[i].op
    t = P.ins[i].ty
    flags = P.ins[i].iflags
    rnd = P.ins[i].rnd
    ftz = (flags & C.F_FTZ) != 0
    a, b, c, d = F[1], F[2], F[3], F[0]
    nsrc = 2
    if op == C.OP_FMA or op == C.OP_MAD:
        nsrc = 3
    elif op == C.OP_ABS or op == C.OP_NEG or op == C.OP_RCP or op == C.OP_SQRT \
            or op == C.OP_RSQRT or op == C.OP_EX2 or op == C.OP_LG2 or op == C.OP_SIN \
            or op == C.OP_COS or op == C.OP_TANH:
        nsrc = 1
    if op == C.OP_ABS or op == C.OP_NEG:
        # sign-bit operations: exact on the bits (f64 NaN payloads kept)
        ub = U[1]
        fetch_bits(P, W, i, 1, w, ub)
        sign = np.uint64(0x80000000) if t == C.T_F32 else np.uint64(0x8000000000000000)
        ud = U[0]
        for l in range(32):
            if ftz and t == C.T_F32:
                x = float_value(ub[l], t)
                if x != 0.0 and abs(x) < fp.F32_MIN_NORMAL:
                    ub[l] = ub[l] & sign
            ud[l] = ub[l] & ~sign if op == C.OP_ABS else ub[l] ^ sign
            if t == C.T_F32 and (ub[l] & np.uint64(0x7FFFFFFF)) > np.uint64(0x7F800000):
                ud[l] = np.uint64(fp.F32_NAN_BITS)          # an f32 NaN: the canonical NaN (fp.py)
        store_bits(P, W, i, 0, w, mask, ud)
        return
    float_in(P, W, i, 1, w, t, ftz, a)
    if nsrc >= 2:
        float_in(P, W, i, 2, w, t, ftz, b)
    if nsrc >= 3:
        float_in(P, W, i, 3, w, t, ftz, c)
    approx = (flags & C.F_APPROX) != 0
    if t == C.T_F32 and rnd == C.RND_RN and (op == C.OP_FMA or op == C.OP_MAD):
        for l in range(32):                   # the hot case: fma.rn.f32, the host's own FMA
            d[l] = np.float64(fp.fma32(np.float32(a[l]), np.float32(b[l]), np.float32(c[l])))
        float_out(P, W, i, w, mask, t, flags, d, True)
        return
    for l in range(32):
        if not (mask >> l) & 1:
            continue
        x = a[l]
        if nsrc == 1:
            if op == C.OP_RCP:
                if t == C.T_F32 and not approx:
                    r = fp.div_rounded_f32(1.0, x, rnd)
                elif t == C.T_F64 and not approx:
                    r = float_binary(C.OP_DIV, t, rnd, 1.0, x, 0.0)
                else:
                    r = 1.0 / x
            elif op == C.OP_SQRT:
                if t == C.T_F32:
                    r = fp.sqrt_rounded_f32(x, rnd)
                elif x > 0.0 and not math.isinf(x):
                    r = math.sqrt(x)
                    if rnd != C.RND_RN and not approx:      # sign of sqrt(x) - r from x - r*r
                        if x < fp.TINY:                      # scaled out of the subnormal range
                            res = fp.fma64(r * 2.0 ** 300, r * 2.0 ** 300, -x * fp.SCALE)
                        else:
                            res = fp.fma64(r, r, -x)
                        r = fp.round_f64(r, -res, rnd)
                else:
                    r = math.sqrt(x) if x >= 0.0 else (x if x == 0.0 else np.nan)
            elif op == C.OP_RSQRT:
                if x == 0.0:
                    r = math.copysign(np.inf, x)
                elif x < 0.0 or math.isnan(x):
                    r = np.nan
                else:
                    r = 1.0 / math.sqrt(x)
            elif op == C.OP_EX2:
                r = 2.0 ** x if (x < 1024.0 or math.isnan(x)) else np.inf
            elif op == C.OP_LG2:
                if x < 0.0 or math.isnan(x):
                    r = np.nan
                elif x == 0.0:
                    r = -np.inf
                else:
                    r = math.log2(x)
            elif op == C.OP_SIN:
                r = math.sin(x) if not math.isinf(x) else np.nan
            elif op == C.OP_COS:
                r = math.cos(x) if not math.isinf(x) else np.nan
            else:
                r = math.tanh(x)
            d[l] = r
        elif (flags & C.F_NAN) and (math.isnan(x) or math.isnan(b[l])):
            d[l] = np.nan                     # min.NaN / max.NaN (PTX ISA 9.7.3.11-12)
        else:
            d[l] = float_binary(op, t, rnd, x, b[l], c[l])
    float_out(P, W, i, w, mask, t, flags, d, op != C.OP_COPYSIGN)


@njit
def compare(P, W, i, w, t, U, F, p, ph):
    """setp's and set's comparison a CMP b (operands 2 and 3, type t) in every lane: p[l] 1 or 0;
    for a packed pair (.f16x2 .bf16x2) p compares the low elements and ph the high ones."""
    kind = TKIND[t]
    bits = TBITS[t]
    cmp = P.ins[i].sub
    if t == C.T_F16 or t == C.T_BF16 or t == C.T_F16X2 or t == C.T_BF16X2:
        a, b = U[1], U[2]
        fetch_bits(P, W, i, 2, w, a)
        fetch_bits(P, W, i, 3, w, b)
        h = np.uint64(16)
        for l in range(32):
            x = half.flush(half.value(a[l], t), t, P.ins[i].iflags)
            y = half.flush(half.value(b[l], t), t, P.ins[i].iflags)
            p[l] = np.uint64(1) if float_cmp(cmp, x, y) else np.uint64(0)
            x = half.flush(half.value(a[l] >> h, t), t, P.ins[i].iflags)
            y = half.flush(half.value(b[l] >> h, t), t, P.ins[i].iflags)
            ph[l] = np.uint64(1) if float_cmp(cmp, x, y) else np.uint64(0)
    elif kind == C.KIND_FLOAT:
        fa, fb = F[1], F[2]
        float_in(P, W, i, 2, w, t, (P.ins[i].iflags & C.F_FTZ) != 0, fa)
        float_in(P, W, i, 3, w, t, (P.ins[i].iflags & C.F_FTZ) != 0, fb)
        for l in range(32):
            p[l] = np.uint64(1) if float_cmp(cmp, fa[l], fb[l]) else np.uint64(0)
    else:
        a, b = U[1], U[2]
        fetch_bits(P, W, i, 2, w, a)
        fetch_bits(P, W, i, 3, w, b)
        signed = kind == C.KIND_SIGNED
        if signed:
            sh = np.uint64(64 - bits)
            for l in range(32):
                p[l] = np.uint64(1) if int_cmp(cmp, np.int64(a[l] << sh) >> np.int64(sh),
                                              np.int64(b[l] << sh) >> np.int64(sh), True) else np.uint64(0)
        elif (P.ins[i].iflags & C.F_TEST) != 0:       # the lowering's LOP3 bit test: (a & b) CMP 0
            wm = width_mask(bits)
            for l in range(32):
                p[l] = np.uint64(1) if int_cmp(cmp, a[l] & b[l] & wm, np.uint64(0), False) else np.uint64(0)
        else:
            wm = width_mask(bits)
            for l in range(32):
                p[l] = np.uint64(1) if int_cmp(cmp, a[l] & wm, b[l] & wm, False) else np.uint64(0)


@njit(inline="always")
def combine(bop, r, cv):
    """setp's and set's BoolOp with predicate c."""
    if bop == C.BOOL_AND:
        return r & cv
    if bop == C.BOOL_OR:
        return r | cv
    if bop == C.BOOL_XOR:
        return r ^ cv
    return r


@njit(inline="always")
def compare_with_c(P, W, i, w, t, U, F):
    """setp's and set's operands: the comparison at type t in U[0] (for a pair, the high
    elements' in U[3]), predicate c (when given) in U[4]."""
    if P.okind[i, 4] != C.K_NONE:
        fetch_bits(P, W, i, 4, w, U[4])
    compare(P, W, i, w, t, U, F, U[0], U[3])


@njit
def setp(P, W, i, w, mask, U, F):
    """setp.CmpOp{.BoolOp} p|q, a, b{, {!}c}: p = (a CMP b) BOOL c, q = !(a CMP b) BOOL c; for
    .f16x2/.bf16x2, p = (low elements) BOOL c and q = (high elements) BOOL c (PTX ISA 9.7.4.4)."""
    t = P.ins[i].ty
    bop = P.ins[i].sub2
    p, q, ph, cpred = U[0], U[5], U[3], U[4]
    compare_with_c(P, W, i, w, t, U, F)
    pairs = t == C.T_F16X2 or t == C.T_BF16X2
    for l in range(32):
        r = p[l]
        nr = ph[l] if pairs else r ^ np.uint64(1)
        p[l] = combine(bop, r, cpred[l])
        q[l] = combine(bop, nr, cpred[l])
    store_bits(P, W, i, 0, w, mask, p)
    if P.okind[i, 1] != C.K_NONE:
        store_bits(P, W, i, 1, w, mask, q)


@njit
def set_op(P, W, i, w, mask, U, F):
    """set.CmpOp{.BoolOp}.dtype.stype d, a, b{, {!}c} (PTX ISA 9.7.6.1, 9.7.4.3): d = all ones
    (1.0 for .f32) where (a CMP b) BOOL c holds, else 0; a packed pair compares element by
    element, each half of d 0xffff (1.0 for .f16x2/.bf16x2) or 0."""
    td = P.ins[i].ty
    ts = P.ins[i].ty2
    bop = P.ins[i].sub2
    p, ph, cpred, d = U[0], U[3], U[4], U[5]
    compare_with_c(P, W, i, w, ts, U, F)
    if ts == C.T_F16X2 or ts == C.T_BF16X2:
        one = np.uint64(0x3C00) if td == C.T_F16X2 else (np.uint64(0x3F80) if td == C.T_BF16X2
                                                         else np.uint64(0xFFFF))
        for l in range(32):
            lo = one if combine(bop, p[l], cpred[l]) != 0 else np.uint64(0)
            hi = one if combine(bop, ph[l], cpred[l]) != 0 else np.uint64(0)
            d[l] = lo | (hi << np.uint64(16))
    else:
        one = np.uint64(0x3F800000) if td == C.T_F32 else (
            np.uint64(0x3C00) if td == C.T_F16 else (np.uint64(0x3F80) if td == C.T_BF16 else np.uint64(0xFFFFFFFF)))
        for l in range(32):
            d[l] = one if combine(bop, p[l], cpred[l]) != 0 else np.uint64(0)
    store_bits(P, W, i, 0, w, mask, d)
