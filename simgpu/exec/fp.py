"""IEEE-754 rounding for PTX float instructions.

Every f32 result is computed in float64 and rounded once to float32. That is
exact for add, sub, mul, div and sqrt in round-to-nearest: float64 has more
than 2*24+2 significand bits, so rounding twice gives the correctly rounded
result (Figueroa, "When is double rounding innocuous?", SIGNUM 1995). fma is
not covered by that theorem: fma_f32 uses the exact error of the float64 sum
(Knuth's TwoSum) to break the one kind of tie double rounding gets wrong.
Directed modes (.rz .rm .rp) round to nearest, then step one ulp toward the
mode's direction when the nearest value lies on the wrong side of the exact
result. Approximate instructions (ex2.approx, sin.approx ...) are computed in
float64 and rounded: well within PTX's documented error bounds.
"""
import math

import numpy as np
from llvmlite import ir
from numba.core import cgutils, types
from numba.core import config as numba_config
from numba.extending import intrinsic

from ..ptx import codes as C
from .jit import njit


@intrinsic
def host_fma(typingctx, a, b, c):
    """a*b+c rounded once in the operands' precision, float32 or float64
    (LLVM's llvm.fma.f32/.f64: the host's FMA instruction or libm's fma). In
    float32 to nearest it is fma.rn.f32 itself; fma_f32 below computes the
    same in float64 and serves the directed modes."""
    if not (a == b == c and a in (types.float32, types.float64)):
        return None
    sig = a(a, b, c)

    def codegen(context, builder, signature, args):
        t = context.get_value_type(a)
        name = "llvm.fma.f32" if a == types.float32 else "llvm.fma.f64"
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(t, [t, t, t]), name)
        return builder.call(fn, args)
    return sig, codegen


fma32 = fma64 = host_fma


if numba_config.DISABLE_JIT:          # plain Python (NUMBA_DISABLE_JIT=1): exact rationals
    def fma32(a, b, c):
        return np.float32(fma_f32(float(a), float(b), float(c), C.RND_RN))

    def fma64(a, b, c):
        from fractions import Fraction
        if not all(math.isfinite(x) for x in (a, b, c)):
            return a * b + c
        exact = Fraction(a) * Fraction(b) + Fraction(c)
        r = float(exact)                   # Fraction -> float rounds to nearest even
        return r if exact != 0 else (a * b + c)

F32_MIN_NORMAL = 1.1754943508222875e-38
F32_MAX = 3.4028234663852886e+38
# The NaN every f32 arithmetic instruction writes (add sub mul fma div sqrt rcp min max abs neg
# ...), whether it generates the NaN or gets one as input: 0x7fffffff. PTX ISA 9.7.3 leaves it
# unspecified; the CUDA C Programming Guide ("Floating-Point Standard") states it for NaN inputs;
# the H200 writes it in every such case measured (traces/h200/semantics.json). cvt.f32.f64 of a
# NaN writes 0x7fc00000 there (alu.f32_to_bits).
F32_NAN_BITS = 0x7FFFFFFF


@njit
def ftz32(x):
    """Flush an f32 subnormal to a signed zero (.ftz)."""
    if x != 0.0 and abs(x) < F32_MIN_NORMAL:
        return math.copysign(0.0, x)
    return x


@njit
def two_sum(a, b):
    s = a + b
    bb = s - a
    err = (a - (s - bb)) + (b - bb)
    return s, err


@njit
def round_f32(x, err, mode):
    """Round the exact value x + err (x a float64, err its tiny remainder) to
    float32 under rounding mode RND_*; returns the float32 value as float64."""
    r = np.float64(np.float32(x))
    if math.isnan(x) or math.isinf(x):
        return r
    if mode == C.RND_RN:
        if err != 0.0 and r != x:
            # x may sit exactly on a float32 midpoint, which err moves off:
            # then y = 2x - r is the other neighbour, and x their mean
            y = 2.0 * x - r
            if np.float64(np.float32(y)) == y and (r + y) * 0.5 == x:
                if (err > 0.0) == (y > r):      # the true value x + err lies on y's side
                    return y
        return r
    # directed: compare the rounded value with the exact one
    return _step32(r, (r - x) - err, mode)    # the sign of r - (x + err)


@njit
def overflow_f64(x, mode):
    """A finite exact result that rounded to +-inf: directed modes stop at DBL_MAX."""
    big = 1.7976931348623157e308
    if mode == C.RND_RZ or (mode == C.RND_RM and x > 0.0) or (mode == C.RND_RP and x < 0.0):
        return big if x > 0.0 else -big
    return x


@njit
def round_f64(x, err, mode):
    """Directed rounding of a float64 result whose exact value is x + err."""
    if mode == C.RND_RN or err == 0.0 or math.isnan(x) or math.isinf(x):
        return x
    if mode == C.RND_RZ:
        if (x > 0.0 and err < 0.0) or (x < 0.0 and err > 0.0):
            return np.nextafter(x, 0.0)
    elif mode == C.RND_RM:
        if err < 0.0:
            return np.nextafter(x, -np.inf)
    elif mode == C.RND_RP:
        if err > 0.0:
            return np.nextafter(x, np.inf)
    return x


@njit
def two_prod(a, b):
    """a * b = p + e exactly (the error of a product is itself a product: fma)."""
    p = a * b
    if math.isinf(p) or math.isnan(p):
        return p, 0.0
    return p, fma64(a, b, -p)


TINY = 2.0 ** -900
SCALE = 2.0 ** 600


@njit
def mul_residual(a, b, p):
    """A number with the sign of a*b - p (zero when p is exact), also when p is
    subnormal, where fma's own rounding would flush the residual to zero: then
    the smaller operand is scaled up by 2**600, which is exact, and so is the
    residual (its magnitude is then not a*b - p; round_f64 uses only the sign)."""
    if abs(p) >= TINY or p != p:
        return fma64(a, b, -p)
    ps = p                                # p scaled as the operands are (exact: p is tiny)
    if abs(a) < 1.0:
        a = a * SCALE
        ps = ps * SCALE
    if abs(b) < 1.0:
        b = b * SCALE
        ps = ps * SCALE
    q = a * b
    return (q - ps) + fma64(a, b, -q)


@njit
def fma_f32(a, b, c, mode):
    """a*b+c rounded once to float32 (a, b, c float32 values as float64)."""
    p = a * b                    # exact: 24 + 24 bits fit in 53
    s, err = two_sum(p, c)
    if s == 0.0 and err == 0.0:
        return zero_sign(p, c, mode)
    return round_f32(s, err, mode)


@njit
def fma_f64(a, b, c, mode):
    """a*b+c with one rounding in float64; directed modes from the sign of the
    exact remainder (a*b - p) + (p + c - r), with error-free transforms."""
    r = fma64(a, b, c)
    if mode == C.RND_RN or math.isnan(r):
        return r
    if math.isinf(r):
        if math.isinf(a) or math.isinf(b) or math.isinf(c):
            return r
        return overflow_f64(r, mode)
    p = a * b
    if abs(r) < TINY and abs(c) < TINY and abs(p) < TINY:
        # a result near the subnormal range: scale the sum by 2**600 (exact) so
        # that the error terms below are not rounded away
        if abs(a) < 1.0:
            a = a * SCALE
        else:
            b = b * SCALE
        c2, r2 = c * SCALE, r * SCALE
    else:
        c2, r2 = c, r
    p, e1 = two_prod(a, b)
    s, e2 = two_sum(p, c2)
    rem = (s - r2) + e2 + e1
    if rem == 0.0 and abs(p) < TINY:
        rem = mul_residual(a, b, p)       # a product too small for fma's residual
    if r == 0.0 and rem == 0.0:
        return zero_sign(p, c, mode)
    return round_f64(r, rem, mode)


@njit
def zero_sign(x, y, mode):
    """The sign of an exact zero sum x + y (IEEE 754 6.3): the common sign of two
    like-signed zeros, else -0 when rounding down and +0 otherwise."""
    if x == 0.0 and y == 0.0 and (math.copysign(1.0, x) == math.copysign(1.0, y)):
        return x
    return -0.0 if mode == C.RND_RM else 0.0


@njit
def div_rounded_f32(a, b, mode):
    q = a / b
    if mode == C.RND_RN or math.isnan(q) or math.isinf(q) or b == 0.0:
        return np.float64(np.float32(q))
    r = np.float64(np.float32(q))
    # residual sign of r - a/b, exact: r*b is exact in float64 (24+24 bits)
    res = r * b - a
    if b < 0.0:
        res = -res
    return _step32(r, res, mode)


@njit
def _step32(r, diff, mode):
    """r is a float32 candidate, diff the sign of r - exact."""
    if mode == C.RND_RZ:
        if (r > 0.0 and diff > 0.0) or (r < 0.0 and diff < 0.0):
            return np.float64(np.nextafter(np.float32(r), np.float32(0.0)))
    elif mode == C.RND_RM:
        if diff > 0.0:
            return np.float64(np.nextafter(np.float32(r), np.float32(-np.inf)))
    elif mode == C.RND_RP:
        if diff < 0.0:
            return np.float64(np.nextafter(np.float32(r), np.float32(np.inf)))
    return r


@njit
def sqrt_rounded_f32(a, mode):
    q = math.sqrt(a) if a >= 0.0 else np.nan
    r = np.float64(np.float32(q))
    if mode == C.RND_RN or not (a > 0.0) or math.isinf(a):
        return r
    return _step32(r, r * r - a, mode)


@njit
def bits_to_f32(b):
    """IEEE single bits -> value (exact, without a reinterpreting cast)."""
    b = np.int64(b & np.uint64(0xFFFFFFFF))
    sign = -1.0 if (b >> 31) & 1 else 1.0
    e = (b >> 23) & 0xFF
    m = b & 0x7FFFFF
    if e == 0xFF:
        return sign * np.inf if m == 0 else np.nan
    if e == 0:
        return sign * math.ldexp(np.float64(m), -149)
    return sign * math.ldexp(np.float64(m | 0x800000), e - 150)


@njit
def f32_to_f16_bits(x):
    """float value -> IEEE half bits, round to nearest even (cvt.rn.f16.f32)."""
    if math.isnan(x):
        return np.uint64(0x7E00)
    sign = np.uint64(0x8000) if (x < 0.0 or (x == 0.0 and math.copysign(1.0, x) < 0.0)) else np.uint64(0)
    a = abs(x)
    if a >= 65520.0:
        return sign | np.uint64(0x7C00)
    if a < 2.0 ** -25:
        return sign
    e = np.int64(np.floor(np.log2(a)))
    if e < -14:
        e = -14
    q = a / 2.0 ** (e - 10)       # significand scaled to 10 fraction bits
    m = np.int64(q)
    frac = q - m
    if frac > 0.5 or (frac == 0.5 and (m & 1) == 1):
        m += 1
    if m >= 2048:
        m >>= 1
        e += 1
    if e > 15:
        return sign | np.uint64(0x7C00)
    if m < 1024:                  # subnormal
        return sign | np.uint64(m)
    return sign | np.uint64(((e + 15) << 10) | (m - 1024))


@njit
def f16_bits_to_float(h):
    h = np.int64(h & np.uint64(0xFFFF))
    sign = -1.0 if (h >> 15) & 1 else 1.0
    e = (h >> 10) & 0x1F
    m = h & 0x3FF
    if e == 0:
        return sign * m * 2.0 ** -24
    if e == 31:
        return sign * np.inf if m == 0 else np.nan
    return sign * (1024 + m) * 2.0 ** (e - 25)


@njit
def f32_to_bf16_bits(x, f32bits):
    """round f32 bits to bfloat16 (nearest even)."""
    if math.isnan(x):
        return np.uint64(0x7FC0)
    b = f32bits & np.uint64(0xFFFFFFFF)
    lsb = (b >> np.uint64(16)) & np.uint64(1)
    b = b + np.uint64(0x7FFF) + lsb
    return (b >> np.uint64(16)) & np.uint64(0xFFFF)


@njit
def round_to_int(x, mode):
    """rni rzi rmi rpi: round a float to an integral float."""
    if mode == C.RND_RZI or mode == C.RND_RZ:
        return np.trunc(x)
    if mode == C.RND_RMI or mode == C.RND_RM:
        return np.floor(x)
    if mode == C.RND_RPI or mode == C.RND_RP:
        return np.ceil(x)
    if math.isinf(x) or math.isnan(x):
        return x
    return np.rint(x)             # nearest, ties to even
