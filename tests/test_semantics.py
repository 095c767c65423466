"""Differential tests of single PTX instructions against slow, obvious references.

Each test assembles a tiny kernel: every thread loads its operands from input
arrays (``ld.global`` of the operand type), executes ONE instruction (or one
small idiom for warp-wide / memory instructions), and stores the result.  The
kernel runs over a few blocks of threads fed with hand-picked edge cases
(0, -1, INT_MIN, INT_MAX, shift amounts 0/31/32/33/255, NaN, +-inf, -0.0,
subnormals, rounding ties ...) followed by random operands from a fixed seed.
The results are compared with a reference written in plain Python:

* integers: Python ints, reduced modulo 2**width -- compared bit for bit;
* correctly rounded float operations (add sub mul fma div sqrt rcp cvt, every
  rounding mode): the exact result as a ``fractions.Fraction`` rounded by
  ``encode`` below (nearest-even / toward zero / down / up, subnormals,
  overflow) -- compared bit for bit (any NaN is accepted where a NaN is due);
* ``.approx`` instructions: within the error bound the PTX ISA documents;
* warp instructions: the pseudo-code of the PTX ISA (shfl, vote, redux,
  activemask);
* atomics: the final memory and the returned old values must come from one
  serialization of the operations (searched for explicitly).

Every float and integer array is passed as raw bits (unsigned numpy arrays),
so the comparison never goes through a float conversion.  A failing test
prints the seed, the instruction and the first mismatching lanes.
"""
import math
import struct
import sys
import zlib
from collections import defaultdict
from fractions import Fraction as Fr
from itertools import product
from pathlib import Path

import numpy as np
import pytest

try:
    import simgpu
except ImportError:             # run from a checkout without installing
    sys.path.append(str(Path(__file__).resolve().parents[1]))
    import simgpu

HDR = ".version 8.0\n.target sm_90\n.address_size 64\n"
BLOCK = 64

# --------------------------------------------------------------------------
# types

BITS = {"pred": 1, "b8": 8, "u8": 8, "s8": 8, "b16": 16, "u16": 16, "s16": 16, "f16": 16,
        "b32": 32, "u32": 32, "s32": 32, "f32": 32, "b64": 64, "u64": 64, "s64": 64, "f64": 64}
SIGNED = {"s8", "s16", "s32", "s64"}
UNS = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}
# register declared for an operand of this type (8-bit values live in 16-bit registers)
REGT = {"b8": "b16", "u8": "u16", "s8": "s16", "f16": "b16"}


def mask(w):
    return (1 << w) - 1


def sx(v, w):
    """Raw w-bit pattern -> signed value."""
    v &= mask(w)
    return v - (1 << w) if v >> (w - 1) else v


def val(t, raw):
    """Raw bits of an integer type -> its value."""
    return sx(raw, BITS[t]) if t in SIGNED else raw & mask(BITS[t])


def irange(t):
    w = BITS[t]
    return (-(1 << (w - 1)), (1 << (w - 1)) - 1) if t in SIGNED else (0, mask(w))


def seed_of(name):
    return zlib.crc32(name.encode()) & 0x7FFFFFFF


# --------------------------------------------------------------------------
# floats: bits <-> values, and correct rounding of an exact Fraction

FMT = {"f16": (11, -14, 15, 16), "f32": (24, -126, 127, 32), "f64": (53, -1022, 1023, 64)}


def fbits(x, fmt):
    """Python float (exactly representable in fmt) -> bits."""
    if fmt == "f64":
        return struct.unpack("<Q", struct.pack("<d", x))[0]
    if fmt == "f32":
        return struct.unpack("<I", struct.pack("<f", x))[0]
    return int(np.array([x], np.float16).view(np.uint16)[0])


def fval(b, fmt):
    """bits -> Python float (exact; NaN payload lost)."""
    if fmt == "f64":
        return struct.unpack("<d", struct.pack("<Q", b & mask(64)))[0]
    if fmt == "f32":
        return struct.unpack("<f", struct.pack("<I", b & mask(32)))[0]
    return float(np.array([b & 0xFFFF], np.uint16).view(np.float16)[0])


def is_nan_bits(b, fmt):
    p, _, _, w = FMT[fmt]
    e = (b >> (p - 1)) & mask(w - p)
    return e == mask(w - p) and (b & mask(p - 1)) != 0


def signbit(x):
    return math.copysign(1.0, x) < 0


def inf_bits(fmt, neg):
    p, _, _, w = FMT[fmt]
    return (neg << (w - 1)) | (mask(w - p) << (p - 1))


def zero_bits(fmt, neg):
    return int(neg) << (FMT[fmt][3] - 1)


def pow2(e):
    return Fr(1 << e) if e >= 0 else Fr(1, 1 << -e)


def encode(x, fmt, mode, zero_neg=False):
    """Round the exact value x (Fraction) to the binary format fmt under the
    rounding mode (rn: nearest even, rz, rm: toward -inf, rp: toward +inf);
    returns the bits.  An exact zero gets the sign zero_neg."""
    p, emin, emax, w = FMT[fmt]
    bias = (1 << (w - p - 1)) - 1
    if x == 0:
        return zero_bits(fmt, zero_neg)
    neg = x < 0
    a = -x if neg else x
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if a < pow2(e):
        e -= 1
    if a >= pow2(e + 1):
        e += 1
    assert pow2(e) <= a < pow2(e + 1)
    e = max(e, emin)
    q = a / pow2(e - p + 1)
    n = q.numerator // q.denominator
    rem = q - n
    if mode == "rn":
        up = rem > Fr(1, 2) or (rem == Fr(1, 2) and n & 1)
    elif mode == "rz":
        up = False
    elif mode == "rm":
        up = rem > 0 and neg
    elif mode == "rp":
        up = rem > 0 and not neg
    else:
        raise ValueError(mode)
    n += int(bool(up))
    if n == 1 << p:
        n >>= 1
        e += 1
    if e > emax:
        to_inf = mode == "rn" or (mode == "rp" and not neg) or (mode == "rm" and neg)
        if to_inf:
            return inf_bits(fmt, neg)
        return (neg << (w - 1)) | ((emax + bias) << (p - 1)) | mask(p - 1)
    if n == 0:
        return zero_bits(fmt, neg)
    if n < 1 << (p - 1):
        return (neg << (w - 1)) | n                       # subnormal
    return (neg << (w - 1)) | ((e + bias) << (p - 1)) | (n - (1 << (p - 1)))


class AnyNaN:
    """Expected value: any NaN of the format."""

    def __init__(self, fmt):
        self.fmt = fmt

    def ok(self, got):
        return is_nan_bits(got, self.fmt)

    def __repr__(self):
        return "NaN"


class AnyZero:
    """Expected value: +0.0 or -0.0 (IEEE leaves the sign open here)."""

    def __init__(self, fmt):
        self.fmt = fmt

    def ok(self, got):
        return got & mask(FMT[self.fmt][3] - 1) == 0

    def __repr__(self):
        return "+-0.0"


class Near:
    """Expected value: within an absolute or relative error of a real number."""

    def __init__(self, fmt, want, rel=0.0, abs_=0.0):
        self.fmt, self.want, self.rel, self.abs = fmt, want, rel, abs_

    def ok(self, got):
        g = fval(got, self.fmt)
        w = self.want
        if math.isnan(w):
            return math.isnan(g)
        if math.isinf(w) or w == 0 and self.rel and not self.abs:
            return g == w and signbit(g) == signbit(w)
        if math.isnan(g) or math.isinf(g):
            return False
        return abs(g - w) <= max(self.abs, self.rel * abs(w))

    def __repr__(self):
        return f"~{self.want!r} (rel {self.rel:.3g} abs {self.abs:.3g})"


def F(x):
    return Fr(x)


NAN = object()          # result markers used by the float references
ZERO_EITHER = object()
# The NaN an f32 arithmetic instruction writes, whatever its inputs: "The result of a
# single-precision floating-point operation involving one or more input NaNs is the quiet NaN of
# bit pattern 0x7fffffff" (CUDA C Programming Guide, "Floating-Point Standard"); the PTX ISA
# (9.7.3) leaves it unspecified. The H200 writes it for generated NaNs too (0/0, inf-inf,
# sqrt(-1): traces/h200/semantics.json, tests/test_semantics_h200.py).
F32_NAN = 0x7FFFFFFF


def fin(fmt, r):
    """Normalise a reference result to bits or a matcher."""
    if r is NAN:
        return F32_NAN if fmt == "f32" else AnyNaN(fmt)
    if r is ZERO_EITHER:
        return AnyZero(fmt)
    return r


# IEEE operations on values that are exactly representable in fmt

def f_add(x, y, fmt, mode):
    if math.isnan(x) or math.isnan(y):
        return NAN
    if math.isinf(x) or math.isinf(y):
        r = x + y
        return NAN if math.isnan(r) else inf_bits(fmt, r < 0)
    ex = F(x) + F(y)
    if ex == 0:
        if x == 0 and y == 0 and signbit(x) == signbit(y):
            return zero_bits(fmt, signbit(x))
        return zero_bits(fmt, mode == "rm")        # IEEE 754 6.3: exact zero sum
    return encode(ex, fmt, mode)


def f_mul(x, y, fmt, mode):
    if math.isnan(x) or math.isnan(y):
        return NAN
    neg = signbit(x) != signbit(y)
    if math.isinf(x) or math.isinf(y):
        return NAN if (x == 0 or y == 0) else inf_bits(fmt, neg)
    ex = F(x) * F(y)
    if ex == 0:
        return zero_bits(fmt, neg)
    return encode(ex, fmt, mode)


def f_fma(x, y, z, fmt, mode):
    if math.isnan(x) or math.isnan(y) or math.isnan(z):
        return NAN
    pneg = signbit(x) != signbit(y)
    if math.isinf(x) or math.isinf(y):
        if x == 0 or y == 0:
            return NAN
        if math.isinf(z) and signbit(z) != pneg:
            return NAN
        return inf_bits(fmt, pneg)
    if math.isinf(z):
        return inf_bits(fmt, signbit(z))
    prod = F(x) * F(y)
    ex = prod + F(z)
    if ex == 0:
        if prod == 0 and z == 0 and pneg == signbit(z):
            return zero_bits(fmt, pneg)
        return zero_bits(fmt, mode == "rm")
    return encode(ex, fmt, mode)


def f_div(x, y, fmt, mode):
    if math.isnan(x) or math.isnan(y):
        return NAN
    neg = signbit(x) != signbit(y)
    if math.isinf(x):
        return NAN if math.isinf(y) else inf_bits(fmt, neg)
    if math.isinf(y):
        return zero_bits(fmt, neg)
    if y == 0:
        return NAN if x == 0 else inf_bits(fmt, neg)
    if x == 0:
        return zero_bits(fmt, neg)
    return encode(F(x) / F(y), fmt, mode)


def exact_sqrt(a, p):
    """sqrt(a) for a Fraction a > 0 as a Fraction that rounds like the true root
    at precision p in every mode: truncated to far more bits, plus half a unit
    of the last place when inexact (a sticky bit)."""
    lg = a.numerator.bit_length() - a.denominator.bit_length()
    k = max(0, (2 * (p + 8) - lg) // 2 + 2)
    num = a.numerator << (2 * k)
    n = num // a.denominator
    s = math.isqrt(n)
    if s * s * a.denominator == num:
        return Fr(s, 1 << k)
    return Fr(2 * s + 1, 1 << (k + 1))


def f_sqrt(x, fmt, mode):
    if math.isnan(x):
        return NAN
    if x == 0:
        return fbits(x, fmt)
    if x < 0:
        return NAN
    if math.isinf(x):
        return inf_bits(fmt, False)
    return encode(exact_sqrt(F(x), FMT[fmt][0]), fmt, mode)


def test_reference_rounding_agrees_with_numpy():
    """Self-check of the reference: encode() rounds like numpy's (correctly
    rounded, nearest-even) float64 -> float32 / float16 conversions, and the
    directed modes bracket the exact value."""
    rng = np.random.default_rng(1)
    xs = list(rng.standard_normal(2000) * np.exp2(rng.integers(-160, 140, 2000)))
    xs += [2.0 ** -150, 2.0 ** -149 * 1.5, 2.0 ** -149 * 2.5, 3.4028235677973366e38, 65520.0, 65519.99,
           2.0 ** -25, 1 + 2.0 ** -24, 1 + 3 * 2.0 ** -24]
    with np.errstate(over="ignore"):
        for x in xs:
            x = float(x)
            for fmt, npt in (("f32", np.float32), ("f16", np.float16)):
                want = fbits(float(npt(x)), fmt)
                assert encode(F(x), fmt, "rn") == want, (x, fmt)
                lo, hi = encode(F(x), fmt, "rm"), encode(F(x), fmt, "rp")
                vlo, vhi = fval(lo, fmt), fval(hi, fmt)
                assert vlo <= x <= vhi and (vlo == vhi) == (vlo == x), (x, fmt, vlo, vhi)
                z = encode(F(x), fmt, "rz")
                assert z == (lo if x > 0 else hi), (x, fmt)
    for x in [2.0, 3.0, 0.5, 1e-300, 1.5e300, 2.0 ** -1074, 7.0]:        # exact_sqrt vs math.sqrt (rn)
        assert encode(exact_sqrt(F(x), 53), "f64", "rn") == fbits(math.sqrt(x), "f64")


# --------------------------------------------------------------------------
# kernel template and launch

def build(ins, outs, body, decl="", pre=""):
    """A kernel with one pointer parameter per output and input array.

    ins / outs: lists of PTX types; operand registers are %a0 %a1 ... and
    %o0 %o1 ...; a .pred operand is loaded as u32 != 0 and stored as 0/1."""
    params = [f".param .u64 po{k}" for k in range(len(outs))] + \
             [f".param .u64 pa{k}" for k in range(len(ins))]
    lines = [HDR, f".visible .entry k({', '.join(params)})", "{",
             "\t.reg .u32 %idx, %t0, %t1, %t2;", "\t.reg .u64 %ptr, %base;"]
    for k, t in enumerate(ins):
        lines.append(f"\t.reg .{REGT.get(t, t)} %a{k};")
    for k, t in enumerate(outs):
        lines.append(f"\t.reg .{REGT.get(t, t)} %o{k};")
    if decl:
        lines.append(decl)
    lines += ["\tmov.u32 %t0, %ctaid.x;", "\tmov.u32 %t1, %ntid.x;", "\tmov.u32 %t2, %tid.x;",
              "\tmad.lo.u32 %idx, %t0, %t1, %t2;"]
    if pre:
        lines.append(pre)
    for k, t in enumerate(ins):
        size = max(1, BITS[t] // 8) if t != "pred" else 4
        lines += [f"\tld.param.u64 %base, [pa{k}];", f"\tmul.wide.u32 %ptr, %idx, {size};",
                  "\tadd.u64 %ptr, %ptr, %base;"]
        if t == "pred":
            lines += ["\tld.global.u32 %t0, [%ptr];", f"\tsetp.ne.u32 %a{k}, %t0, 0;"]
        else:
            lines.append(f"\tld.global.{t} %a{k}, [%ptr];")
    lines.append(body)
    for k, t in enumerate(outs):
        size = max(1, BITS[t] // 8) if t != "pred" else 4
        lines += [f"\tld.param.u64 %base, [po{k}];", f"\tmul.wide.u32 %ptr, %idx, {size};",
                  "\tadd.u64 %ptr, %ptr, %base;"]
        if t == "pred":
            lines += [f"\tselp.u32 %t0, 1, 0, %o{k};", "\tst.global.u32 [%ptr], %t0;"]
        else:
            lines.append(f"\tst.global.{t} [%ptr], %o{k};")
    lines += ["\tret;", "}", ""]
    return "\n".join(lines)


def dtype_of(t):
    return np.uint32 if t == "pred" else UNS[max(8, BITS[t])]


_KCACHE = {}


def kernel(src):
    k = _KCACHE.get(src)
    if k is None:
        k = simgpu.load(f"/tmp/test_semantics_{zlib.crc32(src.encode()):08x}.ptx", text=src)
        _KCACHE[src] = k
    return k


def launch(src, ins, outs, inputs, n=None, out_init=None, **kw):
    """Run the kernel; inputs are lists of raw bit patterns; returns the outputs
    as lists of Python ints."""
    n = n or len(inputs[0])
    assert n % BLOCK == 0
    in_arrs = [np.array([int(v) & mask(max(8, BITS[t]) if t != "pred" else 32) for v in x],
                        dtype=dtype_of(t)) for x, t in zip(inputs, ins)]
    out_arrs = [np.full(n, 0 if out_init is None else out_init[k], dtype=dtype_of(t))
                for k, t in enumerate(outs)]
    simgpu.launch(kernel(src), n // BLOCK, BLOCK, out_arrs + in_arrs, **kw)
    return [[int(v) for v in a] for a in out_arrs]


def hexs(v):
    return hex(v) if isinstance(v, int) else repr(v)


def compare(name, seed, inputs, got, want, in_types=None, out_fmt=None):
    """got: list of ints; want: list of int / matcher / None (don't care)."""
    bad = []
    for i, (g, w) in enumerate(zip(got, want)):
        if w is None:
            continue
        ok = w.ok(g) if hasattr(w, "ok") else g == w
        if not ok:
            bad.append(i)
    if bad:
        msg = [f"{name}: {len(bad)} of {len(got)} lanes differ (seed {seed})"]
        for i in bad[:12]:
            ops = ", ".join(hexs(x[i]) for x in inputs)
            extra = ""
            if out_fmt:
                ops = ", ".join(f"{hexs(x[i])}={fval(x[i], out_fmt)!r}" for x in inputs) \
                    if in_types is None else ", ".join(
                        f"{hexs(x[i])}" + (f"={fval(x[i], t)!r}" if t in FMT else "")
                        for x, t in zip(inputs, in_types))
                w = want[i]
                extra = f" (expected {fval(w, out_fmt)!r}, got {fval(got[i], out_fmt)!r})" \
                    if isinstance(w, int) else f" (got {fval(got[i], out_fmt)!r})"
            msg.append(f"  lane {i}: inputs ({ops}) expected {hexs(want[i])} got {hexs(got[i])}{extra}")
        pytest.fail("\n".join(msg), pytrace=False)


# --------------------------------------------------------------------------
# operand generators

def int_edges(t):
    w = BITS[t]
    if t in SIGNED:
        lo, hi = irange(t)
        vals = [0, 1, -1, 2, -2, 3, lo, lo + 1, hi, hi - 1, 7, -7, 0x55 << (w - 8), 100, -100]
    else:
        vals = [0, 1, 2, 3, mask(w), mask(w) - 1, 1 << (w - 1), (1 << (w - 1)) - 1, 7,
                0x5555555555555555, 0xAAAAAAAAAAAAAAAA, 100, 0xFF, 1 << (w // 2)]
    return [v & mask(w) for v in vals]


def int_random(t, rng, n):
    w = BITS[t]
    out = []
    for _ in range(n):
        k = rng.integers(0, 4)
        if k == 0:
            v = int(rng.integers(-300, 300))
        elif k == 1:
            v = (1 << int(rng.integers(0, w))) + int(rng.integers(-2, 3))
            if rng.integers(0, 2):
                v = -v
        else:
            v = int(rng.integers(0, 1 << 62)) ^ (int(rng.integers(0, 4)) << 62)
        out.append(v & mask(w))
    return out


SHIFTS = [0, 1, 2, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 255, 256, 257, 0xFFFFFFFF, 0x80000000]


def shift_random(rng, n):
    return [int(rng.integers(0, 70)) if rng.integers(0, 4) else int(rng.integers(0, 1 << 32))
            for _ in range(n)]


def operands(gens, rng, n, edges=None):
    """n operand tuples: the cartesian product of the edge lists (as far as it
    fits in half of n), then random."""
    cols = [[] for _ in gens]
    if edges:
        for tup in product(*edges):
            if len(cols[0]) >= n // 2:
                break
            for c, v in zip(cols, tup):
                c.append(v)
    m = n - len(cols[0])
    for c, g in zip(cols, gens):
        c.extend(g(rng, m))
    return cols


def float_edges(fmt):
    p, emin, emax, w = FMT[fmt]
    vals = [0.0, -0.0, 1.0, -1.0, 2.0 ** (emin - p + 1), -(2.0 ** (emin - p + 1)),
            2.0 ** emin - 2.0 ** (emin - p + 1), 2.0 ** emin, -(2.0 ** emin),
            (2 - 2.0 ** (1 - p)) * 2.0 ** emax, -(2 - 2.0 ** (1 - p)) * 2.0 ** emax,
            math.inf, -math.inf, 1.5, 3.0, 0.1, -2.5, 2.0 ** -p, 1 + 2.0 ** (1 - p),
            1 - 2.0 ** -p, 3 * 2.0 ** -p, 1e10 if fmt != "f16" else 1000.0]
    bits = [fbits(float(np.array(v, dtype={"f32": np.float32, "f64": np.float64, "f16": np.float16}[fmt])), fmt)
            for v in vals]
    q = 1 << (p - 2)                                 # quiet bit
    e = mask(w - p) << (p - 1)
    bits += [e | q, e | q | 0x123, (1 << (w - 1)) | e | q, e | 1]   # NaNs: quiet, payload, negative, signalling
    return bits


def float_random(fmt, rng, n, lo_exp=-40, hi_exp=40):
    p, emin, emax, w = FMT[fmt]
    out = []
    for _ in range(n):
        k = rng.integers(0, 8)
        if k == 0:                      # any bit pattern
            b = int(rng.integers(0, 1 << 62)) ^ (int(rng.integers(0, 4)) << 62)
            out.append(b & mask(w))
            continue
        if k == 1:                      # subnormal
            b = int(rng.integers(1, 1 << (p - 1))) | (int(rng.integers(0, 2)) << (w - 1))
            out.append(b)
            continue
        if k == 2:                      # short significands: exact ties and cancellations
            m = int(rng.integers(1, 1 << 12)) * (1 if rng.integers(0, 2) else -1)
            x = m * 2.0 ** int(rng.integers(-14, 4))
        else:
            x = float(rng.uniform(1, 2)) * 2.0 ** int(rng.integers(max(lo_exp, emin), min(hi_exp, emax)))
            if rng.integers(0, 2):
                x = -x
        out.append(fbits(float(np.array(x, dtype={"f32": np.float32, "f64": np.float64, "f16": np.float16}[fmt])), fmt))
    return out


def near_copies(fmt, rng, base):
    """Values close to (or the negation of) base: cancellation and tie cases."""
    p = FMT[fmt][0]
    out = []
    for b in base:
        x = fval(b, fmt)
        if math.isnan(x) or math.isinf(x) or x == 0:
            out.append(b)
            continue
        k = rng.integers(0, 4)
        d = float(np.spacing(np.array(x, {"f32": np.float32, "f64": np.float64}[fmt])))
        y = x + int(rng.integers(-4, 5)) * d
        if k == 0:
            y = -y
        elif k == 1:
            y = x * 2.0 ** -int(rng.integers(1, p + 3))
        elif k == 2:
            y = -x * (1 + 2.0 ** -int(rng.integers(1, p)))
        y = float(np.array(y, {"f32": np.float32, "f64": np.float64}[fmt]))
        out.append(fbits(y, fmt))
    return out


# ==========================================================================
# integer arithmetic and logic

def _div(a, b):
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def int_ops():
    """(test id, instruction, in types, out type, reference on values, operand kinds)."""
    cases = []
    arith = ["s16", "u16", "s32", "u32", "s64", "u64"]
    for t in arith:
        w = BITS[t]
        wt = {"s16": "s32", "u16": "u32", "s32": "s64", "u32": "u64"}.get(t)
        cases += [
            (f"add.{t}", "%o0, %a0, %a1", [t, t], t, lambda a, b: a + b),
            (f"sub.{t}", "%o0, %a0, %a1", [t, t], t, lambda a, b: a - b),
            (f"mul.lo.{t}", "%o0, %a0, %a1", [t, t], t, lambda a, b: a * b),
            (f"mul.hi.{t}", "%o0, %a0, %a1", [t, t], t, lambda a, b, w=w: (a * b) >> w),
            (f"mad.lo.{t}", "%o0, %a0, %a1, %a2", [t, t, t], t, lambda a, b, c: a * b + c),
            (f"mad.hi.{t}", "%o0, %a0, %a1, %a2", [t, t, t], t, lambda a, b, c, w=w: ((a * b) >> w) + c),
            (f"div.{t}", "%o0, %a0, %a1", [t, t], t, lambda a, b: None if b == 0 else _div(a, b)),
            (f"rem.{t}", "%o0, %a0, %a1", [t, t], t, lambda a, b: None if b == 0 else a - b * _div(a, b)),
            (f"min.{t}", "%o0, %a0, %a1", [t, t], t, min),
            (f"max.{t}", "%o0, %a0, %a1", [t, t], t, max),
            (f"shr.{t}", "%o0, %a0, %a1", [t, "u32"], t,
             (lambda a, s, w=w: a >> min(s, w - 1)) if t in SIGNED else (lambda a, s, w=w: 0 if s >= w else a >> s)),
        ]
        if wt:
            cases += [
                (f"mul.wide.{t}", "%o0, %a0, %a1", [t, t], wt, lambda a, b: a * b),
                (f"mad.wide.{t}", "%o0, %a0, %a1, %a2", [t, t, wt], wt, lambda a, b, c: a * b + c),
            ]
        if t in SIGNED:
            cases += [
                (f"abs.{t}", "%o0, %a0", [t], t, abs),
                (f"neg.{t}", "%o0, %a0", [t], t, lambda a: -a),
            ]
    for t in ["b16", "b32", "b64"]:
        w = BITS[t]
        cases += [
            (f"and.{t}", "%o0, %a0, %a1", [t, t], t, lambda a, b: a & b),
            (f"or.{t}", "%o0, %a0, %a1", [t, t], t, lambda a, b: a | b),
            (f"xor.{t}", "%o0, %a0, %a1", [t, t], t, lambda a, b: a ^ b),
            (f"not.{t}", "%o0, %a0", [t], t, lambda a: ~a),
            (f"cnot.{t}", "%o0, %a0", [t], t, lambda a: int(a == 0)),
            (f"shl.{t}", "%o0, %a0, %a1", [t, "u32"], t, lambda a, s, w=w: 0 if s >= w else a << s),
            (f"shr.{t}", "%o0, %a0, %a1", [t, "u32"], t, lambda a, s, w=w: 0 if s >= w else a >> s),
        ]
    cases += [
        ("add.sat.s32", "%o0, %a0, %a1", ["s32", "s32"], "s32",
         lambda a, b: min(max(a + b, -2 ** 31), 2 ** 31 - 1)),
        ("sub.sat.s32", "%o0, %a0, %a1", ["s32", "s32"], "s32",
         lambda a, b: min(max(a - b, -2 ** 31), 2 ** 31 - 1)),
        ("mad.hi.sat.s32", "%o0, %a0, %a1, %a2", ["s32", "s32", "s32"], "s32",
         lambda a, b, c: min(max(((a * b) >> 32) + c, -2 ** 31), 2 ** 31 - 1)),
        ("mul24.lo.u32", "%o0, %a0, %a1", ["u32", "u32"], "u32",
         lambda a, b: (a & 0xFFFFFF) * (b & 0xFFFFFF)),
        ("mul24.lo.s32", "%o0, %a0, %a1", ["s32", "s32"], "s32",
         lambda a, b: sx(a, 24) * sx(b, 24)),
        ("mul24.hi.u32", "%o0, %a0, %a1", ["u32", "u32"], "u32",
         lambda a, b: ((a & 0xFFFFFF) * (b & 0xFFFFFF)) >> 16),
        ("mul24.hi.s32", "%o0, %a0, %a1", ["s32", "s32"], "s32",
         lambda a, b: (sx(a, 24) * sx(b, 24)) >> 16),
        ("mad24.lo.u32", "%o0, %a0, %a1, %a2", ["u32", "u32", "u32"], "u32",
         lambda a, b, c: (a & 0xFFFFFF) * (b & 0xFFFFFF) + c),
        ("mad24.lo.s32", "%o0, %a0, %a1, %a2", ["s32", "s32", "s32"], "s32",
         lambda a, b, c: sx(a, 24) * sx(b, 24) + c),
    ]
    for t in ["u32", "s32", "u64", "s64"]:
        w = BITS[t]

        def bfe(a, pos, ln, w=w, signed=t in SIGNED):
            a &= mask(w)
            pos &= 0xFF
            ln &= 0xFF
            sbit = 0 if (not signed or ln == 0) else (a >> min(pos + ln - 1, w - 1)) & 1
            d = 0
            for i in range(w):
                bit = (a >> (pos + i)) & 1 if (i < ln and pos + i <= w - 1) else sbit
                d |= bit << i
            return d
        cases.append((f"bfe.{t}", "%o0, %a0, %a1, %a2", [t, "u32", "u32"], t, bfe))
    for t in ["b32", "b64"]:
        w = BITS[t]

        def bfi(a, b, pos, ln, w=w):
            pos &= 0xFF
            ln &= 0xFF
            f = b
            i = 0
            while i < ln and pos + i <= w - 1:
                f = (f & ~(1 << (pos + i))) | (((a >> i) & 1) << (pos + i))
                i += 1
            return f

        def brev(a, w=w):
            return int(format(a & mask(w), f"0{w}b")[::-1], 2)
        cases += [
            (f"bfi.{t}", "%o0, %a0, %a1, %a2, %a3", [t, t, "u32", "u32"], t, bfi),
            (f"popc.{t}", "%o0, %a0", [t], "u32", lambda a, w=w: bin(a & mask(w)).count("1")),
            (f"clz.{t}", "%o0, %a0", [t], "u32", lambda a, w=w: w - (a & mask(w)).bit_length()),
            (f"brev.{t}", "%o0, %a0", [t], t, brev),
        ]

    def prmt(a, b, c):
        src = (a & M32) | ((b & M32) << 32)
        d = 0
        for n in range(4):
            sel = (c >> (4 * n)) & 0xF
            byte = (src >> (8 * (sel & 7))) & 0xFF
            if sel & 8:
                byte = 0xFF if byte & 0x80 else 0
            d |= byte << (8 * n)
        return d
    cases.append(("prmt.b32", "%o0, %a0, %a1, %a2", ["b32", "b32", "b32"], "b32", prmt))

    def shf(left, clamp):
        def f(a, b, c):
            n = min(c, 32) if clamp else c & 31
            pair = ((b & M32) << 32) | (a & M32)
            return (pair << n) >> 32 if left else pair >> n
        return f
    for left, clamp in product((True, False), (True, False)):
        name = f"shf.{'l' if left else 'r'}.{'clamp' if clamp else 'wrap'}.b32"
        cases.append((name, "%o0, %a0, %a1, %a2", ["b32", "b32", "u32"], "b32", shf(left, clamp)))
    for lut in (0x00, 0xFF, 0xF0, 0xCC, 0xAA, 0x96, 0xE8, 0x80, 0xFE, 0x1E, 0x6A, 0x3C):
        def lop3(a, b, c, lut=lut):
            r = 0
            for i in range(32):
                idx = (((a >> i) & 1) << 2) | (((b >> i) & 1) << 1) | ((c >> i) & 1)
                r |= ((lut >> idx) & 1) << i
            return r
        cases.append((f"lop3.b32 lut={lut:#04x}", f"%o0, %a0, %a1, %a2, {lut:#x}",
                      ["b32", "b32", "b32"], "b32", lop3))
    # bfind / fns / dp4a / dp2a (PTX ISA 9.7.1.17, 9.7.1.22-24)
    for t in ("u32", "s32", "u64", "s64"):
        def bfind(a, w=BITS[t], shiftamt=False):
            x = ~a if a < 0 else a                      # a signed value's bits that differ from its sign
            if x == 0:
                return M32
            return w - x.bit_length() if shiftamt else x.bit_length() - 1
        cases.append((f"bfind.{t}", "%o0, %a0", [t], "u32", bfind))
        cases.append((f"bfind.shiftamt.{t}", "%o0, %a0", [t], "u32",
                      lambda a, f=bfind: f(a, shiftamt=True)))

    def fns(m, base, off):
        if off == 0:
            return base if (m >> base) & 1 else M32
        count, step, pos = abs(off) - 1, 1 if off > 0 else -1, base
        while 0 <= pos < 32:
            if (m >> pos) & 1:
                if count == 0:
                    return pos
                count -= 1
            pos += step
        return M32
    cases.append(("fns.b32", "%o0, %a0, %a1, %a2", ["b32", "u32", "s32"], "b32", fns))

    def dot(a, b, c, ta, tb, pairs, first):
        def part(v, w, k, signed):
            x = (v >> (w * k)) & mask(w)
            return sx(x, w) if signed else x
        wa = 16 if pairs else 8
        return c + sum(part(a, wa, k, ta == "s32") * part(b, 8, first + k, tb == "s32")
                       for k in range(2 if pairs else 4))
    for ta, tb in product(("u32", "s32"), repeat=2):
        tc = "u32" if ta == tb == "u32" else "s32"
        cases.append((f"dp4a.{ta}.{tb}", "%o0, %a0, %a1, %a2", [ta, tb, tc], tc,
                      lambda a, b, c, ta=ta, tb=tb: dot(a, b, c, ta, tb, False, 0)))
        for mode, first in (("lo", 0), ("hi", 2)):
            cases.append((f"dp2a.{mode}.{ta}.{tb}", "%o0, %a0, %a1, %a2", [ta, tb, tc], tc,
                          lambda a, b, c, ta=ta, tb=tb, first=first: dot(a, b, c, ta, tb, True, first)))
    return cases


M32 = mask(32)
INT_CASES = int_ops()


def gen_for(t, name, pos):
    """Edge list and random generator for operand `pos` of instruction `name`."""
    if name.startswith("fns") and pos == 1:      # the base bit: 0..31 (PTX: undefined above)
        return [0, 1, 2, 15, 30, 31], lambda rng, n: [int(x) for x in rng.integers(0, 32, n)]
    if name.startswith("fns") and pos == 2:      # the count, either way, past the word too
        return [v & M32 for v in (0, 1, -1, 2, -2, 31, -31, 32, -32, 33)], \
            lambda rng, n: [int(x) & M32 for x in rng.integers(-40, 41, n)]
    if t == "u32" and ((name.startswith(("shl", "shr")) and pos == 1) or
                       (name.startswith("shf") and pos == 2) or
                       (name.startswith(("bfe", "bfi")) and pos >= (1 if name.startswith("bfe") else 2))):
        if name.startswith(("bfe", "bfi")):
            edges = [0, 1, 7, 8, 16, 31, 32, 33, 63, 64, 65, 255, 256, 0x103]
        else:
            edges = SHIFTS
        return edges, shift_random
    return int_edges(t), (lambda rng, n, t=t: int_random(t, rng, n))


@pytest.mark.parametrize("case", INT_CASES, ids=[c[0] for c in INT_CASES])
def test_integer(case):
    name, ops, ins, out, ref = case
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    opcode = name.split(" ")[0]
    body = f"\t{opcode} {ops};"
    src = build(ins, [out], body)
    gens = [gen_for(t, opcode, k) for k, t in enumerate(ins)]
    edges = [g[0] for g in gens]
    if len(ins) >= 3:                      # three or four operands: edges of the first two, random rest
        edges = [gens[0][0], gens[1][0]] + [gens[k][0][:3] for k in range(2, len(ins))]
    n = 512
    cols = operands([g[1] for g in gens], rng, n, edges)
    got = launch(src, ins, [out], cols)[0]
    want = []
    for k in range(n):
        r = ref(*(val(t, cols[j][k]) if t != "pred" else cols[j][k] for j, t in enumerate(ins)))
        want.append(None if r is None else r & mask(BITS[out]))
    compare(name, seed, cols, got, want)


def test_integer_div_by_zero_does_not_crash():
    """x/0 and x%0 are unspecified values in PTX: they must not fault."""
    for t in ["s32", "u32", "s64", "u64", "s16", "u16"]:
        for op in ["div", "rem"]:
            src = build([t, t], [t], f"\t{op}.{t} %o0, %a0, %a1;")
            a = (int_edges(t) * 16)[:128]
            launch(src, [t, t], [t], [a, [0] * len(a)], n=128)


def test_logic_pred():
    """and/or/xor/not .pred"""
    rng = np.random.default_rng(7)
    n = 256
    a = [int(x) for x in rng.integers(0, 2, n)]
    b = [int(x) for x in rng.integers(0, 2, n)]
    body = "\tand.pred %o0, %a0, %a1;\n\tor.pred %o1, %a0, %a1;\n\txor.pred %o2, %a0, %a1;\n" \
           "\tnot.pred %o3, %a0;"
    src = build(["pred", "pred"], ["pred"] * 4, body)
    got = launch(src, ["pred", "pred"], ["pred"] * 4, [a, b])
    for k, (nm, f) in enumerate([("and", lambda x, y: x & y), ("or", lambda x, y: x | y),
                                 ("xor", lambda x, y: x ^ y), ("not", lambda x, y: 1 - x)]):
        compare(nm + ".pred", 7, [a, b], got[k], [f(x, y) for x, y in zip(a, b)])


# ==========================================================================
# setp / selp

INT_CMPS = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "lt": lambda a, b: a < b,
            "le": lambda a, b: a <= b, "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b,
            "lo": lambda a, b: a < b, "ls": lambda a, b: a <= b, "hi": lambda a, b: a > b,
            "hs": lambda a, b: a >= b}


def fcmp(cmp, a, b):
    un = math.isnan(a) or math.isnan(b)
    if cmp == "num":
        return not un
    if cmp == "nan":
        return un
    if cmp.endswith("u"):             # equ neu ltu leu gtu geu: true when unordered
        if un:
            return True
        cmp = cmp[:-1]
    elif un:
        return False
    return INT_CMPS[cmp](a, b)


SETP_CASES = []
for _t in ["s16", "u16", "s32", "u32", "s64", "u64"]:
    _cmps = ["eq", "ne", "lt", "le", "gt", "ge"] + ([] if _t in SIGNED else ["lo", "ls", "hi", "hs"])
    SETP_CASES += [(_t, c) for c in _cmps]
SETP_CASES += [("b32", "eq"), ("b32", "ne"), ("b64", "eq"), ("b64", "ne"), ("b16", "ne")]
for _t in ["f32", "f64"]:
    SETP_CASES += [(_t, c) for c in ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu",
                                      "leu", "gtu", "geu", "num", "nan"]]
SETP_BOOL = ["", "and", "or", "xor"]


@pytest.mark.parametrize("boolop", SETP_BOOL, ids=lambda b: b or "plain")
@pytest.mark.parametrize("t,cmp", SETP_CASES, ids=[f"{t}.{c}" for t, c in SETP_CASES])
def test_setp(t, cmp, boolop):
    name = f"setp.{cmp}{'.' + boolop if boolop else ''}.{t}"
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 512
    if t in FMT:
        e = float_edges(t)
        a, b = operands([lambda r, m: float_random(t, r, m)] * 2, rng, n, [e, e])
        # equal and nearly equal pairs
        for k in range(n // 2 + 40, n):
            if k % 3 == 0:
                b[k] = a[k]
        va = [fval(x, t) for x in a]
        vb = [fval(x, t) for x in b]
        res = [fcmp(cmp, x, y) for x, y in zip(va, vb)]
    else:
        e = int_edges(t) if t[0] != "b" else int_edges("u" + t[1:])
        a, b = operands([lambda r, m: int_random(t, r, m)] * 2, rng, n, [e, e])
        for k in range(n // 2 + 40, n, 3):
            b[k] = a[k]
        res = [INT_CMPS[cmp](val(t, x), val(t, y)) if t[0] != "b" else INT_CMPS[cmp](x, y)
               for x, y in zip(a, b)]
    c = [int(x) for x in rng.integers(0, 2, n)]
    if boolop:
        body = f"\t{'setp.' + cmp + '.' + boolop + '.' + t} %o0|%o1, %a0, %a1, %a2;\n" \
               f"\tsetp.{cmp}.{boolop}.{t} %o2|%o3, %a0, %a1, !%a2;"
        f = {"and": lambda x, y: x & y, "or": lambda x, y: x | y, "xor": lambda x, y: x ^ y}[boolop]
        want = [[f(int(r), z) for r, z in zip(res, c)], [f(1 - int(r), z) for r, z in zip(res, c)],
                [f(int(r), 1 - z) for r, z in zip(res, c)], [f(1 - int(r), 1 - z) for r, z in zip(res, c)]]
    else:
        body = f"\tsetp.{cmp}.{t} %o0|%o1, %a0, %a1;\n\tsetp.{cmp}.{t} %o2, %a0, %a1;\n" \
               "\tmov.pred %o3, %a2;"
        want = [[int(r) for r in res], [1 - int(r) for r in res], [int(r) for r in res], c]
    ins = [t, t, "pred"]
    src = build(ins, ["pred"] * 4, body)
    got = launch(src, ins, ["pred"] * 4, [a, b, c])
    for k in range(4):
        compare(f"{name} (output {k}: {['p', 'q', 'p (!c)' if boolop else 'p alone', 'q (!c)' if boolop else 'c'][k]})",
                seed, [a, b, c], got[k], want[k])


SELP_TYPES = ["b16", "u16", "s16", "b32", "u32", "s32", "f32", "b64", "u64", "s64", "f64"]


@pytest.mark.parametrize("t", SELP_TYPES)
def test_selp(t):
    seed = seed_of("selp" + t)
    rng = np.random.default_rng(seed)
    n = 256
    w = BITS[t]
    a = [int(rng.integers(0, 1 << 62)) & mask(w) for _ in range(n)]
    b = [int(rng.integers(0, 1 << 62)) & mask(w) for _ in range(n)]
    if t in FMT:
        a[:4] = float_edges(t)[-4:]              # NaN payloads pass through untouched
    c = [int(x) for x in rng.integers(0, 2, n)]
    src = build([t, t, "pred"], [t], f"\tselp.{t} %o0, %a0, %a1, %a2;")
    got = launch(src, [t, t, "pred"], [t], [a, b, c])[0]
    compare(f"selp.{t}", seed, [a, b, c], got, [x if z else y for x, y, z in zip(a, b, c)])


# ==========================================================================
# floating point: correctly rounded operations

MODES = ["rn", "rz", "rm", "rp"]


def f32_special_cases():
    """Hand-built f32 operand triples (a, b, c) whose exact results sit on or
    next to rounding ties, including the double-rounding traps of fma."""
    a = 1 + 2.0 ** -12                       # a*a = 1 + 2**-11 + 2**-24: an f32 tie
    t = []
    for s in (1.0, -1.0):
        for c in (2.0 ** -60, -(2.0 ** -60), 2.0 ** -149, -(2.0 ** -149), 0.0, -0.0, 2.0 ** -30, -(2.0 ** -30)):
            t.append((a, s * a, s * c))
    t += [(1 + 2.0 ** -23, 1 - 2.0 ** -23, 2.0 ** -70),     # 1 - 2**-46 + tiny
          (1 + 2.0 ** -23, 1 - 2.0 ** -23, -(2.0 ** -70)),
          (1.0, 1.0, -1.0), (-1.0, 1.0, 1.0), (0.0, 5.0, -0.0), (-0.0, 5.0, 0.0), (-0.0, 5.0, -0.0),
          (2.0 ** -75 * 3, 2.0 ** -75, 0.0),                 # 1.5 * 2**-149: subnormal tie
          (2.0 ** -75 * 5, 2.0 ** -75, 0.0),
          (2.0 ** -75 * 3, 2.0 ** -75, -(2.0 ** -149)),
          (2.0 ** 64, 2.0 ** 64, -(2.0 ** 127)),
          (3.4028234663852886e+38, 2.0, -3.4028234663852886e+38),   # intermediate overflow, fma exact
          (1 + 2.0 ** -23, 3.4028234663852886e+38, 0.0),             # overflow boundary by rounding
          (1.0, 2.0 ** -24, 0.0), (1.0, 3 * 2.0 ** -24, 0.0)]
    out = []
    for x, y, z in t:
        out.append(tuple(fbits(float(np.float32(v)), "f32") for v in (x, y, z)))
    return out


def f64_special_cases():
    t = []
    # fma: the exact result is just above the tie 1 + 2**-53, by 2**-106 - 2**-158:
    # a*b rounds to 2**-53 with an error far below the half-ulp of the sum
    t.append(((1 - 2.0 ** -53) * 2.0 ** -53, 1 + 2.0 ** -52, 1.0))
    t.append((-(1 - 2.0 ** -53) * 2.0 ** -53, 1 + 2.0 ** -52, -1.0))
    t.append(((1 + 2.0 ** -52) * 2.0 ** -53, 1 - 2.0 ** -53, 1.0))       # just below the tie
    a = 1 + 2.0 ** -26                       # a*a = 1 + 2**-25 + 2**-52: exact in f64
    a2 = 1 + 2.0 ** -27                      # a2*a2 = 1 + 2**-26 + 2**-54: an f64 tie
    for s in (1.0, -1.0):
        for c in (2.0 ** -120, -(2.0 ** -120), 2.0 ** -1074, 0.0, -0.0):
            t.append((a2, s * a2, s * c))
    t += [(a, a, -1.0), (1.0, 1.0, -1.0), (-1.0, 1.0, 1.0), (0.0, 5.0, -0.0), (-0.0, 5.0, -0.0),
          ((1 + 2.0 ** -52) * 2.0 ** 1000, (1 + 2.0 ** -52) * 2.0 ** 10, 0.0),   # big operands
          ((1 + 2.0 ** -52) * 2.0 ** -600, (1 + 2.0 ** -51) * 2.0 ** -460, 0.0),  # subnormal result
          (3 * 2.0 ** -538, 2.0 ** -537, 0.0),                                    # subnormal tie
          (1.0, 2.0 ** -53, 0.0), (1.0, 3 * 2.0 ** -53, 0.0),
          (1.7976931348623157e308, 2.0, -1.7976931348623157e308)]
    return [tuple(fbits(v, "f64") for v in x) for x in t]


FLOAT_OPS = []
for _fmt in ["f32", "f64"]:
    for _m in MODES:
        FLOAT_OPS += [(f"add.{_m}.{_fmt}", 2), (f"sub.{_m}.{_fmt}", 2), (f"mul.{_m}.{_fmt}", 2),
                      (f"fma.{_m}.{_fmt}", 3), (f"div.{_m}.{_fmt}", 2), (f"sqrt.{_m}.{_fmt}", 1),
                      (f"rcp.{_m}.{_fmt}", 1)]
    FLOAT_OPS += [(f"mad.rn.{_fmt}", 3), (f"add.{_fmt}", 2), (f"mul.{_fmt}", 2), (f"sub.{_fmt}", 2)]


def float_ref(name):
    parts = name.split(".")
    op, fmt = parts[0], parts[-1]
    mode = parts[1] if len(parts) == 3 else "rn"
    if op == "add":
        return lambda x, y: f_add(x, y, fmt, mode)
    if op == "sub":
        return lambda x, y: f_add(x, -y, fmt, mode)
    if op == "mul":
        return lambda x, y: f_mul(x, y, fmt, mode)
    if op in ("fma", "mad"):
        return lambda x, y, z: f_fma(x, y, z, fmt, mode)
    if op == "div":
        return lambda x, y: f_div(x, y, fmt, mode)
    if op == "sqrt":
        return lambda x: f_sqrt(x, fmt, mode)
    if op == "rcp":
        return lambda x: f_div(1.0, x, fmt, mode)
    raise ValueError(name)


@pytest.mark.filterwarnings("ignore:overflow encountered")
@pytest.mark.parametrize("name,nops", FLOAT_OPS, ids=[c[0] for c in FLOAT_OPS])
def test_float_rounded(name, nops):
    fmt = name.split(".")[-1]
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 1024
    e = float_edges(fmt)
    gen = lambda r, m: float_random(fmt, r, m)      # noqa: E731
    if nops == 1:
        cols = operands([gen], rng, n, [e])
        # exact squares and their neighbours for sqrt; 1/x ties do not exist
        sq = float_random(fmt, rng, 64, -20, 20)
        for k, b in enumerate(sq):
            x = fval(b, fmt)
            if math.isnan(x) or math.isinf(x):
                continue
            y = float(np.array(abs(x) * abs(x), {"f32": np.float32, "f64": np.float64}[fmt]))
            cols[0][n - 1 - k] = fbits(y, fmt)
    elif nops == 2:
        cols = operands([gen, gen], rng, n, [e, e])
        # the second half of the random part: b close to a (cancellation, ties)
        lo = n - (n // 4)
        cols[1][lo:] = near_copies(fmt, rng, cols[0][lo:])
    else:
        cols = operands([gen, gen, gen], rng, n, [e[:12], e[:12], e[:3]])
        lo = n - n // 4
        # c close to -(a*b): massive cancellation
        for k in range(lo, n):
            x, y = fval(cols[0][k], fmt), fval(cols[1][k], fmt)
            p = x * y
            if not (math.isnan(p) or math.isinf(p)):
                z = float(np.array(-p, {"f32": np.float32, "f64": np.float64}[fmt]))
                if not math.isinf(z):
                    cols[2][k] = fbits(z, fmt)
        spec = f32_special_cases() if fmt == "f32" else f64_special_cases()
        for k, tup in enumerate(spec):
            for j in range(3):
                cols[j][n // 2 + k] = tup[j]
    if nops == 2:
        spec = f32_special_cases() if fmt == "f32" else f64_special_cases()
        for k, tup in enumerate(spec):
            cols[0][n // 2 + k], cols[1][n // 2 + k] = tup[0], tup[1]
    if fmt == "f32" and name.startswith(("div", "rcp")):
        # f32 division by +-0 has its own test (test_div_f32_by_zero), so that a
        # failure there does not hide the rounding checks of the other lanes
        dcol = cols[1] if name.startswith("div") else cols[0]
        for k, v in enumerate(dcol):
            if v & 0x7FFFFFFF == 0:
                dcol[k] = v | 1
    ops = ", ".join(f"%a{k}" for k in range(nops))
    src = build([fmt] * nops, [fmt], f"\t{name} %o0, {ops};")
    got = launch(src, [fmt] * nops, [fmt], cols)[0]
    ref = float_ref(name)
    want = [fin(fmt, ref(*(fval(c[k], fmt) for c in cols))) for k in range(n)]
    compare(name, seed, cols, got, want, in_types=[fmt] * nops, out_fmt=fmt)


DIV0 = [f"div.{m}.f32" for m in MODES] + [f"rcp.{m}.f32" for m in MODES] + \
    ["div.approx.f32", "div.full.f32", "rcp.approx.f32", "div.rn.f64", "rcp.rn.f64"]


@pytest.mark.parametrize("name", DIV0)
def test_div_by_zero(name):
    """x/+-0 = +-inf with the sign of the quotient, 0/0 = NaN, inf/0 = inf."""
    fmt = name.split(".")[-1]
    n = 128
    xs = [1.0, -1.0, 0.0, -0.0, math.inf, -math.inf, 3.0, -2.5, 2.0 ** -149, math.nan] * 13
    ys = [0.0, -0.0] * 64
    a = [fbits(v, fmt) for v in xs[:n]]
    b = [fbits(v, fmt) for v in ys[:n]]
    if name.startswith("rcp"):
        src = build([fmt], [fmt], f"\t{name} %o0, %a0;")
        got = launch(src, [fmt], [fmt], [b], n=n)[0]
        want = [fin(fmt, f_div(1.0, fval(y, fmt), fmt, "rn")) for y in b]
        compare(name + " of +-0", 0, [b], got, want, in_types=[fmt], out_fmt=fmt)
        return
    src = build([fmt, fmt], [fmt], f"\t{name} %o0, %a0, %a1;")
    got = launch(src, [fmt, fmt], [fmt], [a, b], n=n)[0]
    want = [fin(fmt, f_div(fval(x, fmt), fval(y, fmt), fmt, "rn")) for x, y in zip(a, b)]
    compare(name + " by +-0", 0, [a, b], got, want, in_types=[fmt, fmt], out_fmt=fmt)


@pytest.mark.parametrize("name", ["div.approx.f32", "div.full.f32"])
def test_div_approx_f32(name):
    """div.approx.f32 / div.full.f32: at most 2 ulp from the exact quotient
    (div.approx: for divisors of magnitude 2**-126 .. 2**126)."""
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 512
    xs = rng.uniform(1, 2, n) * np.exp2(rng.integers(-60, 60, n)) * rng.choice([-1, 1], n)
    ys = rng.uniform(1, 2, n) * np.exp2(rng.integers(-60, 60, n)) * rng.choice([-1, 1], n)
    a = [fbits(float(np.float32(v)), "f32") for v in xs]
    b = [fbits(float(np.float32(v)), "f32") for v in ys]
    src = build(["f32", "f32"], ["f32"], f"\t{name} %o0, %a0, %a1;")
    got = launch(src, ["f32", "f32"], ["f32"], [a, b])[0]
    want = []
    for x, y in zip(a, b):
        q = fval(x, "f32") / fval(y, "f32")
        want.append(Near("f32", q, rel=2 * 2.0 ** -23))
    compare(name, seed, [a, b], got, want, in_types=["f32", "f32"], out_fmt="f32")


# ---- min max abs neg copysign testp ----

def f_minmax(op, x, y, bx, by, fmt, nan_mode=False):
    """PTX ISA 9.7.3.11-12 (min, max), semantics min_num / min_nan: a NaN operand gives the
    other (two NaNs a NaN); with .NaN any NaN operand gives the canonical NaN; -0.0 < +0.0."""
    if math.isnan(x) or math.isnan(y):
        if nan_mode or (math.isnan(x) and math.isnan(y)):
            return fin(fmt, NAN)
        return by if math.isnan(x) else bx
    if x == 0 and y == 0 and signbit(x) != signbit(y):
        return bx if signbit(x) == (op == "min") else by
    if op == "min":
        return bx if x < y else by
    return bx if x > y else by


MISC_FLOAT = [(f"{op}.{fmt}", fmt) for fmt in ["f32", "f64"]
              for op in ["min", "max", "abs", "neg", "copysign"]] + [("min.NaN.f32", "f32"), ("max.NaN.f32", "f32")]


@pytest.mark.parametrize("name,fmt", MISC_FLOAT, ids=[c[0] for c in MISC_FLOAT])
def test_float_misc(name, fmt):
    op = name.split(".")[0]
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 1024
    e = float_edges(fmt)
    gen = lambda r, m: float_random(fmt, r, m)      # noqa: E731
    w = FMT[fmt][3]
    sign = 1 << (w - 1)
    if op in ("abs", "neg"):
        cols = operands([gen], rng, n, [e])
        src = build([fmt], [fmt], f"\t{name} %o0, %a0;")
        # bit-exact on the sign; an f32 NaN becomes the canonical NaN (the H200 writes 0x7fffffff
        # for abs.f32 / neg.f32 of 0x7fc00123, 0xffc00005, 0x7f800001: traces/h200/semantics.json);
        # f64 (not measured) stays the sign-bit operation, payload kept
        want = [F32_NAN if fmt == "f32" and is_nan_bits(x, fmt) else
                (x & ~sign) if op == "abs" else (x ^ sign) for x in cols[0]]
    else:
        cols = operands([gen, gen], rng, n, [e, e])
        lo = n - n // 4
        cols[1][lo:] = near_copies(fmt, rng, cols[0][lo:])
        src = build([fmt, fmt], [fmt], f"\t{name} %o0, %a0, %a1;")
        if op == "copysign":
            # copysign d, a, b: |b| with the sign bit of a (a NaN a still has a sign bit)
            want = []
            for a, b in zip(*cols):
                r = (b & ~sign) | (a & sign)
                if is_nan_bits(b, fmt):
                    want.append(SignedNaN(fmt, bool(a & sign)))
                else:
                    want.append(r)
        else:
            want = [f_minmax(op, fval(a, fmt), fval(b, fmt), a, b, fmt, ".NaN." in name) for a, b in zip(*cols)]
    got = launch(src, [fmt] * len(cols), [fmt], cols)[0]
    compare(name, seed, cols, got, want, in_types=[fmt] * len(cols), out_fmt=fmt)


class SignedNaN:
    """Expected value: a NaN with the given sign bit."""

    def __init__(self, fmt, neg):
        self.fmt, self.neg = fmt, neg

    def ok(self, got):
        return is_nan_bits(got, self.fmt) and bool(got >> (FMT[self.fmt][3] - 1)) == self.neg

    def __repr__(self):
        return "-NaN" if self.neg else "+NaN"


TESTP = ["finite", "infinite", "number", "notanumber", "normal", "subnormal"]
TESTP_CASES = [(c, fmt) for fmt in ["f32", "f64"] for c in TESTP]


@pytest.mark.parametrize("cls,fmt", TESTP_CASES, ids=[f"testp.{c}.{f}" for c, f in TESTP_CASES])
def test_testp(cls, fmt):
    seed = seed_of(cls + fmt)
    rng = np.random.default_rng(seed)
    n = 256
    cols = operands([lambda r, m: float_random(fmt, r, m)], rng, n, [float_edges(fmt)])
    p, emin, _, _ = FMT[fmt]

    def ref(x):
        if cls == "finite":
            return not (math.isinf(x) or math.isnan(x))
        if cls == "infinite":
            return math.isinf(x)
        if cls == "number":
            return not math.isnan(x)
        if cls == "notanumber":
            return math.isnan(x)
        if cls == "normal":
            return not (math.isinf(x) or math.isnan(x)) and abs(x) >= 2.0 ** emin
        return x != 0 and abs(x) < 2.0 ** emin
    src = build([fmt], ["pred"], f"\ttestp.{cls}.{fmt} %o0, %a0;")
    got = launch(src, [fmt], ["pred"], cols)[0]
    compare(f"testp.{cls}.{fmt}", seed, cols, got, [int(ref(fval(x, fmt))) for x in cols[0]])


# ---- .approx instructions: PTX ISA documented error bounds ----

def approx_cases():
    c = []
    c.append(("rcp.approx.f32", lambda x: 1 / x if x != 0 else math.copysign(math.inf, x),
              dict(rel=2 ** -22), (-100, 100)))
    c.append(("sqrt.approx.f32", lambda x: math.sqrt(x) if x >= 0 else math.nan, dict(rel=2 ** -22), (-100, 100)))
    c.append(("rsqrt.approx.f32", lambda x: (1 / math.sqrt(x) if x > 0 else math.copysign(math.inf, x))
              if x >= 0 or x == 0 else math.nan, dict(rel=2 ** -22.5), (-100, 100)))
    c.append(("ex2.approx.f32", lambda x: 2.0 ** x if x < 1024 else math.inf, dict(rel=2 ** -21.5), (-140, 130)))
    c.append(("lg2.approx.f32", lambda x: math.log2(x) if x > 0 else (-math.inf if x == 0 else math.nan),
              dict(abs_=2 ** -22, rel=2 ** -22), (-100, 100)))
    c.append(("sin.approx.f32", math.sin, dict(abs_=2 ** -20.5), (-math.pi, math.pi)))
    c.append(("cos.approx.f32", math.cos, dict(abs_=2 ** -20.5), (-math.pi, math.pi)))
    c.append(("tanh.approx.f32", math.tanh, dict(rel=2 ** -10.5, abs_=2 ** -20), (-10, 10)))
    return c


APPROX = approx_cases()


@pytest.mark.parametrize("case", APPROX, ids=[c[0] for c in APPROX])
def test_float_approx(case):
    name, fn, tol, (lo, hi) = case
    fmt = name.split(".")[-1]
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 512
    npt = {"f32": np.float32, "f64": np.float64}[fmt]
    xs = [float(npt(v)) for v in rng.uniform(lo, hi, n - 64)]
    if name.startswith(("rcp", "sqrt", "rsqrt", "lg2")):
        xs[: n // 4] = [float(npt(v)) for v in np.exp2(rng.uniform(-120, 120, n // 4))]
    specials = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, -1.0, 2.0, 0.5]
    if name.startswith("ex2"):
        specials += [-126.0, -130.0, -149.0, -150.5, 127.0, 128.0, 200.0, -200.0, 0.5, 10.25]
    if name.startswith(("sin", "cos")):
        specials += [float(npt(math.pi)), float(npt(-math.pi / 2)), 1e-30, -1e-30]
    if name.startswith(("rcp", "sqrt", "rsqrt", "lg2")):
        specials += [2.0 ** -149 if fmt == "f32" else 2.0 ** -1074, 2.0 ** -126, 3.0, 1e30 if fmt == "f32" else 1e300]
    xs = (specials + xs + [1.0] * n)[:n]
    bits = [fbits(x, fmt) for x in xs]
    src = build([fmt], [fmt], f"\t{name} %o0, %a0;")
    got = launch(src, [fmt], [fmt], [bits])[0]
    want = []
    for x in xs:
        if math.isnan(x):
            want.append(AnyNaN(fmt))
            continue
        if math.isinf(x) and name.startswith(("sin", "cos")):
            want.append(AnyNaN(fmt))
            continue
        if math.isinf(x):
            r = {"rcp": 0.0 * math.copysign(1, x), "sqrt": math.inf if x > 0 else math.nan,
                 "rsqrt": 0.0 if x > 0 else math.nan, "ex2": math.inf if x > 0 else 0.0,
                 "lg2": math.inf if x > 0 else math.nan, "tanh": math.copysign(1.0, x)}[name.split(".")[0]]
            want.append(Near(fmt, r, rel=1e-300) if r == 0 else Near(fmt, r))
            continue
        y = fn(x)
        y32 = y
        if fmt == "f32" and not (math.isnan(y) or math.isinf(y)):
            y32 = float(np.float32(y)) if abs(y) < 3.4e38 else math.copysign(math.inf, y)
        if x == 0 and name.startswith(("sqrt", "sin", "tanh")):
            want.append(fbits(x, fmt))             # signed zero in, same zero out
            continue
        if y32 == 0 or (fmt == "f32" and abs(y) < 2.0 ** -126 and name.startswith("ex2")):
            # results in or near the subnormal range: absolute error of a few subnormal ulps
            want.append(Near(fmt, y, abs_=2.0 ** -148))
            continue
        want.append(Near(fmt, y32, **tol))
    compare(name, seed, [bits], got, want, in_types=[fmt], out_fmt=fmt)


# ==========================================================================
# cvt

INT_T = ["u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64"]
CVT_II = [(d, s, sat) for d in INT_T for s in INT_T for sat in (False, True) if d != s]


def cvt_int_edges(s):
    w = BITS[s]
    vals = [0, 1, 2, 0x7F, 0x80, 0x81, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF, 0x10000, 0x7FFFFFFF,
            0x80000000, 0xFFFFFFFF, 1 << 32, (1 << 53) + 1, (1 << 63) - 1, 1 << 63, mask(64),
            mask(64) - 1, mask(64) - 0x80, (1 << 63) + 5, 0xFFFFFF80, 0xFFFF8000]
    return sorted({v & mask(w) for v in vals})


def check_cvt_int(d, s, sat, out, label, n):
    """cvt{.sat}.d.s into a register of type `out` (d's own, or a wider one), stored whole."""
    name = f"cvt{'.sat' if sat else ''}.{d}.{s}"
    seed = seed_of(label)
    rng = np.random.default_rng(seed)
    cols = operands([lambda r, m: int_random(s, r, m)], rng, n, [cvt_int_edges(s)])
    src = build([s], [out], f"\t{name} %o0, %a0;")
    got = launch(src, [s], [out], cols)[0]
    lo, hi = irange(d)
    want = []
    for x in cols[0]:
        v = val(s, x)
        if sat:
            v = min(max(v, lo), hi)
        want.append(val(d, v & mask(BITS[d])) & mask(BITS[out]))     # chop, then extend by d's sign
    compare(label, seed, cols, got, want)


@pytest.mark.parametrize("d,s,sat", CVT_II, ids=[f"cvt{'.sat' if z else ''}.{d}.{s}" for d, s, z in CVT_II])
def test_cvt_int_int(d, s, sat):
    check_cvt_int(d, s, sat, d, f"cvt{'.sat' if sat else ''}.{d}.{s}", 256)


# A destination register wider than cvt's destination type. PTX ISA 6.5.1 (Scalar Conversions),
# Table 15, note 1: "If the destination register is wider than the destination format, the result
# is extended to the destination register width after chopping. The type of extension (sign or
# zero) is based on the destination format." (on the H200: traces/h200/semantics.json, cvt.u8.u32
# of 0x1234 into a .b32 register is 0x34, cvt.s8.u32 of 0x1280 is 0xffffff80)
CVT_WIDE = [(d, s, reg, sat) for d in ["u8", "s8", "u16", "s16", "u32", "s32"]
            for s in ["u16", "s16", "u32", "s32", "u64", "s64"] for reg in ("b16", "b32", "b64")
            for sat in (False, True)
            if d != s and BITS[d] < BITS[reg] and (not sat or reg == "b32")]


@pytest.mark.parametrize("d,s,reg,sat", CVT_WIDE,
                         ids=[f"cvt{'.sat' if z else ''}.{d}.{s}->{r}" for d, s, r, z in CVT_WIDE])
def test_cvt_int_into_wider_register(d, s, reg, sat):
    check_cvt_int(d, s, sat, reg, f"cvt{'.sat' if sat else ''}.{d}.{s}->{reg}", 128)


F2I = [(d, s, m) for s in ["f32", "f64"] for d in ["s32", "u32", "s64", "u64", "s16", "u16", "s8", "u8"]
       for m in ["rni", "rzi", "rmi", "rpi"]]


def round_int(x, mode):
    fx = F(x)
    if mode == "rni":
        return round(fx)                 # Fraction.__round__: half to even
    if mode == "rzi":
        return math.trunc(fx)
    if mode == "rmi":
        return math.floor(fx)
    return math.ceil(fx)


def f2i_edges(s):
    vals = [0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, -1.5, 0.49999997, 0.50000006, 1.0, -1.0, 127.5, 128.0,
            -128.5, -129.0, 255.5, 256.0, 32767.5, 32768.0, -32768.5, 65535.5, 65536.0,
            2147483520.0, 2147483647.0, 2147483648.0, -2147483648.0, -2147483904.0, -2147483649.0,
            4294967040.0, 4294967295.0, 4294967296.0, 9.2233715e18, 9.223372036854775807e18,
            -9.223372036854775808e18, -9.3e18, 1.8446743e19, 1.8446744073709551615e19, 1e30, -1e30,
            math.inf, -math.inf, math.nan, -math.nan, 2.0 ** -149, -(2.0 ** -149), 8388607.5, 4503599627370495.5]
    npt = {"f32": np.float32, "f64": np.float64}[s]
    out = [fbits(float(npt(v)), s) for v in vals]
    return out


@pytest.mark.parametrize("d,s,mode", F2I, ids=[f"cvt.{m}.{d}.{s}" for d, s, m in F2I])
def test_cvt_float_int(d, s, mode):
    name = f"cvt.{mode}.{d}.{s}"
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 256
    w = BITS[d]
    cols = operands([lambda r, m: float_random(s, r, m, -4, w + 2)], rng, n, [f2i_edges(s)])
    src = build([s], [d], f"\t{name} %o0, %a0;")
    got = launch(src, [s], [d], cols)[0]
    lo, hi = irange(d)
    want = []
    for b in cols[0]:
        x = fval(b, s)
        if math.isnan(x):
            v = 0
        elif math.isinf(x):
            v = hi if x > 0 else lo
        else:
            v = min(max(round_int(x, mode), lo), hi)
        want.append(v & mask(w))
    compare(name, seed, cols, got, want, in_types=[s])


I2F = [(d, s, m) for d in ["f32", "f64"] for s in ["s32", "u32", "s64", "u64", "s16", "u16"] for m in MODES]


@pytest.mark.parametrize("d,s,mode", I2F, ids=[f"cvt.{m}.{d}.{s}" for d, s, m in I2F])
def test_cvt_int_float(d, s, mode):
    name = f"cvt.{mode}.{d}.{s}"
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 256
    w = BITS[s]
    edges = int_edges(s) + [v & mask(w) for v in [
        (1 << 24) + 1, (1 << 24) + 3, (1 << 25) + 2, 0x7FFFFFBF, 0x7FFFFFC0, 0x7FFFFFC1, -((1 << 24) + 1),
        (1 << 53) + 1, (1 << 53) + 3, (1 << 54) + 2, (1 << 60) + (1 << 36) + 1, (1 << 60) + (1 << 36),
        (1 << 60) + (1 << 37) - 1, (1 << 62) + (1 << 38) + (1 << 9), -((1 << 60) + (1 << 36) + 1),
        (1 << 63) + (1 << 39) + 1, mask(64) - (1 << 39), (1 << 64) - 1025]]

    def rnd(r, m):
        out = []
        for _ in range(m):
            k = int(r.integers(0, 3))
            if k == 0:
                v = int(r.integers(0, 1 << 62)) ^ (int(r.integers(0, 4)) << 62)
            elif k == 1:                   # a value with a tie or a sticky bit just past 24/53 bits
                hb = int(r.integers(min(20, w - 4), w))
                v = (1 << hb) | (int(r.integers(0, 8)) << max(0, hb - 26)) | int(r.integers(0, 2))
                v |= (1 << max(0, hb - 24)) * int(r.integers(0, 2))
            else:
                v = int(r.integers(-1000, 1000))
            out.append(v & mask(w))
        return out
    cols = operands([rnd], rng, n, [edges])
    src = build([s], [d], f"\t{name} %o0, %a0;")
    got = launch(src, [s], [d], cols)[0]
    want = [encode(F(val(s, x)), d, mode) for x in cols[0]]
    compare(name, seed, cols, got, want, in_types=[s], out_fmt=d)


FF = [("cvt.f64.f32", "f64", "f32", None)] + [(f"cvt.{m}.f32.f64", "f32", "f64", m) for m in MODES] + \
     [(f"cvt.{m}.f32.f32", "f32", "f32", m) for m in ["rni", "rzi", "rmi", "rpi"]] + \
     [(f"cvt.{m}.f64.f64", "f64", "f64", m) for m in ["rni", "rzi", "rmi", "rpi"]] + \
     [("cvt.sat.f32.f32", "f32", "f32", "sat"), ("cvt.rn.f16.f32", "f16", "f32", "rn"),
      ("cvt.f32.f16", "f32", "f16", None), ("cvt.rn.f16.f64", "f16", "f64", "rn"),
      ("cvt.f64.f16", "f64", "f16", None)]


@pytest.mark.filterwarnings("ignore:overflow encountered")
@pytest.mark.parametrize("name,d,s,mode", FF, ids=[c[0] for c in FF])
def test_cvt_float_float(name, d, s, mode):
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 512
    if s == "f16":
        bits = list(range(0, 1 << 16, 331)) + [0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE00, 0x0001, 0x8001,
                                                 0x03FF, 0x0400, 0x7BFF, 0xFBFF, 0x3C00, 0xBC00]
        bits += [int(x) for x in rng.integers(0, 1 << 16, n)]
        cols = [bits[:n]]
    else:
        cols = operands([lambda r, m: float_random(s, r, m, -30, 30)], rng, n, [float_edges(s)])
        if d == "f16":
            # values around half-precision ties, overflow and subnormal edges
            extra = [65504.0, 65519.0, 65519.99, 65520.0, 65536.0, 2.0 ** -24, 2.0 ** -25, 2.0 ** -25 * 1.0000001,
                     3 * 2.0 ** -26, 2.0 ** -14, 2.0 ** -14 - 2.0 ** -25, 1 + 2.0 ** -11, 1 + 3 * 2.0 ** -11,
                     1 + 2.0 ** -11 + 2.0 ** -23, 2049.0, 2051.0, 1e-8, -1e-8, 1e5, -1e5]
            extra += [float(v) for v in rng.uniform(-70000, 70000, 64)]
            extra += [float(v) * 2.0 ** int(e) for v, e in zip(rng.uniform(1, 2, 64), rng.integers(-26, -12, 64))]
            for k, v in enumerate(extra):
                cols[0][n // 2 + k] = fbits(float(np.array(v, {"f32": np.float32, "f64": np.float64}[s])), s)
        if mode and mode.endswith("i"):
            extra = [0.5, 1.5, 2.5, -0.5, -2.5, 0.49999997, -0.49999997, 8388607.5, 8388608.5, 4503599627370495.5,
                     -4503599627370495.5, 1e20, -1e-20, 1e-20]
            npt = {"f32": np.float32, "f64": np.float64}[s]
            for k, v in enumerate(extra):
                cols[0][n // 2 + k] = fbits(float(npt(v)), s)
    src = build([s], [d], f"\t{name} %o0, %a0;")
    got = launch(src, [s], [d], cols)[0]
    want = []
    for b in cols[0]:
        x = fval(b, s)
        if math.isnan(x):
            want.append(AnyNaN(d) if mode != "sat" else 0)
            continue
        if mode is None:                                   # widening: exact
            want.append(fbits(x, d))
        elif mode == "sat":
            want.append(AnyZero(d) if x == 0 or x < 0 else (fbits(1.0, d) if x >= 1 else fbits(x, d)))
        elif mode.endswith("i"):
            if math.isinf(x):
                want.append(fbits(x, d))
            else:
                r = round_int(x, mode)
                want.append(fbits(math.copysign(float(r), x), d) if r == 0 else encode(F(r), d, "rn"))
        elif math.isinf(x):
            want.append(inf_bits(d, x < 0))
        elif x == 0:
            want.append(fbits(x, d))
        else:
            want.append(encode(F(x), d, mode))
    if d == "f16" and s == "f32":                          # numpy's float16 agrees with the reference
        npw = np.array([fval(b, "f32") for b in cols[0]], np.float32).astype(np.float16).view(np.uint16)
        for k, w in enumerate(want):
            if isinstance(w, int):
                assert w == int(npw[k]), (hex(cols[0][k]), hex(w), hex(int(npw[k])))
    compare(name, seed, cols, got, want, in_types=[s], out_fmt=d)


# ==========================================================================
# warp-wide instructions

def ref_shfl(mode, a, b, c):
    """PTX ISA shfl.sync pseudo-code for one warp (lists of 32)."""
    d, p = [], []
    for lane in range(32):
        bval = b[lane] & 0x1F
        cval = c[lane] & 0x1F
        segmask = (c[lane] >> 8) & 0x1F
        max_lane = (lane & segmask) | (cval & ~segmask)
        min_lane = lane & segmask
        if mode == "up":
            j = lane - bval
            pval = j >= max_lane
        elif mode == "down":
            j = lane + bval
            pval = j <= max_lane
        elif mode == "bfly":
            j = lane ^ bval
            pval = j <= max_lane
        else:
            j = min_lane | (bval & ~segmask)
            pval = j <= max_lane
        if not pval:
            j = lane
        d.append(a[j])
        p.append(int(pval))
    return d, p


SHFL_C = [0x1F, 0x0, ((32 - 8) << 8) | 0x1F, (32 - 8) << 8, 0x1C1F, 0x1C00, ((32 - 16) << 8) | 0x1F,
          0x5, 0x1E03]
SHFL_CASES = [(m, c, b) for m in ["up", "down", "bfly", "idx"] for c in SHFL_C for b in ["reg", "imm"]]


@pytest.mark.parametrize("mode,c,bkind", SHFL_CASES, ids=[f"shfl.{m}.c={c:#x}.b={b}" for m, c, b in SHFL_CASES])
def test_shfl(mode, c, bkind):
    name = f"shfl.sync.{mode}.b32 c={c:#x} b={bkind}"
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 256
    a = [int(x) for x in rng.integers(0, 1 << 32, n)]
    if bkind == "reg":
        b = [int(x) for x in rng.integers(0, 40, n)]
        b[:32] = list(range(32))
        b[32:64] = [1] * 32
        bop = "%a1"
    else:
        bimm = {"up": 3, "down": 5, "bfly": 6, "idx": 9}[mode]
        b = [bimm] * n
        bop = str(bimm)
    body = f"\tshfl.sync.{mode}.b32 %o0|%o1, %a0, {bop}, {c:#x}, 0xffffffff;\n" \
           f"\tshfl.sync.{mode}.b32 %o2, %a0, {bop}, %a2, 0xffffffff;"
    cc = [c] * n
    ins = ["b32", "u32", "u32"]
    src = build(ins, ["b32", "pred", "b32"], body)
    got = launch(src, ins, ["b32", "pred", "b32"], [a, b, cc])
    wd, wp = [], []
    for w0 in range(0, n, 32):
        d, p = ref_shfl(mode, a[w0:w0 + 32], b[w0:w0 + 32], cc[w0:w0 + 32])
        wd += d
        wp += p
    compare(name + " (d)", seed, [a, b], got[0], wd)
    compare(name + " (p)", seed, [a, b], got[1], wp)
    compare(name + " (d, c in a register, no p)", seed, [a, b], got[2], wd)


def pred_patterns(rng, n):
    pats = []
    for w in range(n // 32):
        k = w % 6
        if k == 0:
            pats += [1] * 32
        elif k == 1:
            pats += [0] * 32
        elif k == 2:
            one = [0] * 32
            one[int(rng.integers(0, 32))] = 1
            pats += one
        elif k == 3:
            allbut = [1] * 32
            allbut[int(rng.integers(0, 32))] = 0
            pats += allbut
        else:
            pats += [int(x) for x in rng.integers(0, 2, 32)]
    return pats


VOTES = ["all", "any", "uni", "ballot"]


def ref_vote(mode, preds, members):
    ballot = sum(1 << l for l in range(32) if (members >> l) & 1 and preds[l])
    if mode == "ballot":
        return ballot
    if mode == "all":
        return int(ballot == members)
    if mode == "any":
        return int(ballot != 0)
    return int(ballot == 0 or ballot == members)


@pytest.mark.parametrize("divergent", [False, True], ids=["full", "divergent"])
@pytest.mark.parametrize("mode", VOTES)
def test_vote(mode, divergent):
    name = f"vote.sync.{mode}{' divergent' if divergent else ''}"
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 384
    p = pred_patterns(rng, n)
    sel = [1] * n if not divergent else [int(x) for x in rng.integers(0, 2, n)]
    for w0 in range(0, n, 32):                    # some warps: exactly the lanes where p holds are active
        if divergent and (w0 // 32) % 4 == 3:
            sel[w0:w0 + 32] = p[w0:w0 + 32]
    t = "b32" if mode == "ballot" else "pred"
    maskop = "%m" if divergent else "0xffffffff"
    body = ("\tmov.u32 %o1, 0xdeadbeef;\n" if mode == "ballot" else "\tsetp.ne.u32 %o1, 0, 0;\n") + \
           ("\tmov.u32 %o0, 0xdeadbeef;\n" if mode == "ballot" else "\tsetp.eq.u32 %o0, 1, 0;\n") + \
           "\tsetp.eq.u32 %ps, %a1, 0;\n\t@%ps bra SKIP;\n\tactivemask.b32 %m;\n" \
           f"\tvote.sync.{mode}.{t} %o0, %a0, {maskop};\n\tvote.sync.{mode}.{t} %o1, !%a0, {maskop};\nSKIP:"
    src = build(["pred", "u32"], [t, t], body, decl="\t.reg .pred %ps;\n\t.reg .b32 %m;")
    got = launch(src, ["pred", "u32"], [t, t], [p, sel])
    unset = 0xDEADBEEF if mode == "ballot" else 0
    w0s, w1s = [], []
    for w0 in range(0, n, 32):
        members = sum(1 << l for l in range(32) if sel[w0 + l])
        r0 = ref_vote(mode, p[w0:w0 + 32], members)
        r1 = ref_vote(mode, [1 - x for x in p[w0:w0 + 32]], members)
        for l in range(32):
            w0s.append(r0 if sel[w0 + l] else unset)
            w1s.append(r1 if sel[w0 + l] else unset)
    compare(name, seed, [p, sel], got[0], w0s)
    compare(name + " (negated predicate)", seed, [p, sel], got[1], w1s)


def test_activemask_divergence():
    seed = 11
    rng = np.random.default_rng(seed)
    n = 256
    c = [int(x) for x in rng.integers(0, 2, n)]
    c[:32] = [1] * 32
    c[32:64] = [0] * 32
    ex = [int(x) for x in rng.integers(0, 5, n) == 0]       # lanes that exit first
    ex[:32] = [0] * 32
    body = "\tmov.u32 %o0, 0;\n\tmov.u32 %o1, 0;\n\tactivemask.b32 %o2;\n" \
           "\tsetp.ne.u32 %pp, %a1, 0;\n\t@%pp ret;\n" \
           "\tactivemask.b32 %o3;\n" \
           "\tsetp.ne.u32 %pp, %a0, 0;\n\t@%pp bra A;\n\tactivemask.b32 %o1;\n\tbra.uni J;\n" \
           "A:\n\tactivemask.b32 %o0;\nJ:"
    src = build(["u32", "u32"], ["b32"] * 4, body, decl="\t.reg .pred %pp;")
    got = launch(src, ["u32", "u32"], ["b32"] * 4, [c, ex])
    want = [[], [], [], []]
    for w0 in range(0, n, 32):
        live = [l for l in range(32) if not ex[w0 + l]]
        m_live = sum(1 << l for l in live)
        m_a = sum(1 << l for l in live if c[w0 + l])
        m_b = m_live & ~m_a
        for l in range(32):
            if ex[w0 + l]:
                want[0].append(0), want[1].append(0), want[2].append(0), want[3].append(0)
                continue
            want[0].append(m_a if c[w0 + l] else 0)
            want[1].append(0 if c[w0 + l] else m_b)
            want[2].append(0xFFFFFFFF)
            want[3].append(m_live)
    for k, what in enumerate(["taken side", "fall-through side", "before the branch", "after early exit"]):
        compare(f"activemask ({what})", seed, [c, ex], got[k], want[k])


REDUX = [("add", "u32"), ("add", "s32"), ("min", "u32"), ("min", "s32"), ("max", "u32"), ("max", "s32"),
         ("and", "b32"), ("or", "b32"), ("xor", "b32")]


@pytest.mark.parametrize("divergent", [False, True], ids=["full", "divergent"])
@pytest.mark.parametrize("op,t", REDUX, ids=[f"redux.sync.{o}.{t}" for o, t in REDUX])
def test_redux(op, t, divergent):
    name = f"redux.sync.{op}.{t}{' divergent' if divergent else ''}"
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 256
    a = int_random("u32", rng, n)
    a[:32] = [0x80000000] * 16 + [0x7FFFFFFF] * 16
    sel = [1] * n if not divergent else [int(x) for x in rng.integers(0, 2, n)]
    maskop = "%m" if divergent else "0xffffffff"
    body = "\tmov.u32 %o0, 0xdeadbeef;\n\tsetp.eq.u32 %ps, %a1, 0;\n\t@%ps bra SKIP;\n" \
           f"\tactivemask.b32 %m;\n\tredux.sync.{op}.{t} %o0, %a0, {maskop};\nSKIP:"
    src = build([t, "u32"], [t], body, decl="\t.reg .pred %ps;\n\t.reg .b32 %m;")
    got = launch(src, [t, "u32"], [t], [a, sel])[0]
    want = []
    for w0 in range(0, n, 32):
        vals = [val(t, a[w0 + l]) for l in range(32) if sel[w0 + l]]
        if op == "add":
            r = sum(vals)
        elif op == "min":
            r = min(vals)
        elif op == "max":
            r = max(vals)
        else:
            r = vals[0]
            for v in vals[1:]:
                r = {"and": r & v, "or": r | v, "xor": r ^ v}[op]
        for l in range(32):
            want.append((r & M32) if sel[w0 + l] else 0xDEADBEEF)
    compare(name, seed, [a, sel], got, want)


# ==========================================================================
# atomics

def atom_new(op, t, old, b, c):
    w = BITS[t]
    if op == "add":
        if t in FMT:
            x, y = fval(old, t), fval(b, t)
            r = f_add(x, y, t, "rn")
            return fbits(math.nan, t) if r is NAN else r
        return (old + b) & mask(w)
    if op in ("min", "max"):
        x, y = val(t, old), val(t, b)
        return (min if op == "min" else max)(x, y) & mask(w)
    if op == "exch":
        return b
    if op == "cas":
        return c if old == b else old
    if op == "and":
        return old & b
    if op == "or":
        return old | b
    if op == "xor":
        return old ^ b
    if op == "inc":
        return 0 if old >= b else old + 1
    if op == "dec":
        return b if (old == 0 or old > b) else old - 1
    raise ValueError(op)


def find_serialization(init, final, items, step, limit=200000):
    """Is there an order of the atomic operations items = [(old, args)] that,
    starting from init, makes each one read its `old` and ends at `final`?"""
    budget = [limit]
    failed = set()

    def rec(cur, rem):
        if not rem:
            return cur == final
        key = (cur, rem)
        if key in failed:
            return False
        budget[0] -= 1
        if budget[0] < 0:
            raise RuntimeError("serialization search gave up")
        cands = [k for k in rem if items[k][0] == cur]
        if not cands:
            failed.add(key)
            return False
        noop = [k for k in cands if step(cur, items[k][1]) == cur]
        if noop:                       # operations that leave the value alone can go first
            ok = rec(cur, rem - frozenset(noop))
            if not ok:
                failed.add(key)
            return ok
        seen = set()
        for k in cands:
            sig = items[k][1]
            if sig in seen:
                continue
            seen.add(sig)
            if rec(step(cur, sig), rem - {k}):
                return True
        failed.add(key)
        return False

    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
    return rec(init, frozenset(range(len(items))))


ATOMS = [("add", "u32"), ("add", "s32"), ("add", "u64"), ("add", "f32"), ("add", "f64"),
         ("min", "u32"), ("min", "s32"), ("max", "u32"), ("max", "s32"), ("min", "u64"), ("max", "s64"),
         ("exch", "b32"), ("exch", "b64"), ("cas", "b32"), ("cas", "b64"),
         ("and", "b32"), ("or", "b32"), ("xor", "b32"), ("and", "b64"),
         ("inc", "u32"), ("dec", "u32")]
ATOM_CASES = [(sp, op, t) for sp in ["global", "shared"] for op, t in ATOMS]


def atom_operands(op, t, rng, n):
    w = BITS[t]
    if op == "add" and t in FMT:
        npt = {"f32": np.float32, "f64": np.float64}[t]
        vals = [fbits(float(npt(v)), t) for v in rng.uniform(-1, 1, n) * np.exp2(rng.integers(-10, 10, n))]
        return vals, [0] * n
    if op == "cas":
        cmp_ = [int(x) for x in rng.integers(0, 10, n)]
        return cmp_, [(x + 1) & mask(w) for x in cmp_]          # cas(guess, guess + 1): a counter
    if op in ("inc", "dec"):
        return [int(x) for x in rng.choice([3, 7, 100, 0, 0xFFFFFFFF], n)], [0] * n
    if op in ("and", "or"):
        bits = [(1 << int(x)) for x in rng.integers(0, w, n)]
        return ([mask(w) ^ b for b in bits] if op == "and" else bits), [0] * n
    if op in ("min", "max"):
        return int_random(t, rng, n), [0] * n
    return [int(x) & mask(w) for x in rng.integers(0, 1 << 62, n, dtype=np.int64)] if w == 64 else \
        [int(x) for x in rng.integers(0, 1 << 32, n)], [0] * n


@pytest.mark.parametrize("space,op,t", ATOM_CASES, ids=[f"atom.{s}.{o}.{t}" for s, o, t in ATOM_CASES])
def test_atomic(space, op, t):
    name = f"atom.{space}.{op}.{t}"
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 256
    nslots = 3
    w = BITS[t]
    size = w // 8
    nblocks = n // BLOCK
    b, c = atom_operands(op, t, rng, n)
    idx = [int(x) for x in rng.integers(0, nslots, n)]
    if t in FMT:
        init = [fbits(float(v), t) for v in rng.uniform(-1, 1, nslots * nblocks)]
    elif op == "cas":
        init = [0] * (nslots * nblocks)
    elif op == "and":
        init = [mask(w)] * (nslots * nblocks)
    elif op in ("inc", "dec"):
        init = [int(x) for x in rng.integers(0, 5, nslots * nblocks)]
    else:
        init = [int(x) & mask(w) for x in rng.integers(0, 1 << 62, nslots * nblocks, dtype=np.int64)]
    dt = UNS[w]
    mem = np.array(init, dtype=dt)
    old = np.zeros(n, dtype=dt)
    operand = "%v, %v2" if op == "cas" else "%v"
    ld = f"ld.global.b{w}" if t not in FMT else f"ld.global.{t}"
    vt = t if t in FMT else f"b{w}"
    common = f"""{HDR}
.visible .entry k(.param .u64 pmem, .param .u64 pold, .param .u64 pidx, .param .u64 pb, .param .u64 pc)
{{
\t.reg .u32 %i, %t0, %t1, %t2, %slot, %tx;
\t.reg .u64 %p, %q, %base, %mem;
\t.reg .{vt} %v, %v2, %old, %tmp;
\t.reg .pred %first;
\t{'.shared .align 8 .b8 sh[64];' if space == 'shared' else ''}
\tmov.u32 %t0, %ctaid.x; mov.u32 %t1, %ntid.x; mov.u32 %tx, %tid.x;
\tmad.lo.u32 %i, %t0, %t1, %tx;
\tld.param.u64 %base, [pidx]; mul.wide.u32 %p, %i, 4; add.u64 %p, %p, %base; ld.global.u32 %slot, [%p];
\tld.param.u64 %base, [pb]; mul.wide.u32 %p, %i, {size}; add.u64 %p, %p, %base; {ld} %v, [%p];
\tld.param.u64 %base, [pc]; add.u64 %p, %p, %base; ld.param.u64 %q, [pb]; sub.u64 %p, %p, %q; {ld} %v2, [%p];
\tld.param.u64 %mem, [pmem];
"""
    if space == "global":
        body = f"""\tmad.lo.u32 %t2, %t0, {nslots}, %slot;
\tmul.wide.u32 %p, %t2, {size}; add.u64 %p, %p, %mem;
\tatom.global.{op}.{t} %old, [%p], {operand};
"""
    else:
        body = f"""\tsetp.lt.u32 %first, %tx, {nslots};
\tmad.lo.u32 %t2, %t0, {nslots}, %tx;
\tmul.wide.u32 %p, %t2, {size}; add.u64 %p, %p, %mem;
\tmov.u64 %q, sh; mul.wide.u32 %base, %tx, {size}; add.u64 %q, %q, %base;
\t@%first {ld} %tmp, [%p];
\t@%first st.shared.{vt} [%q], %tmp;
\tbar.sync 0;
\tmov.u64 %q, sh; mul.wide.u32 %base, %slot, {size}; add.u64 %q, %q, %base;
\tatom.shared.{op}.{t} %old, [%q], {operand};
\tbar.sync 0;
\tmov.u64 %q, sh; mul.wide.u32 %base, %tx, {size}; add.u64 %q, %q, %base;
\t@%first ld.shared.{vt} %tmp, [%q];
\t@%first st.global.{vt} [%p], %tmp;
"""
    tail = f"""\tld.param.u64 %base, [pold]; mul.wide.u32 %p, %i, {size}; add.u64 %p, %p, %base;
\tst.global.{vt} [%p], %old;
\tret;
}}
"""
    src = common + body + tail
    barr = np.array(b, dtype=dt)
    carr = np.array(c, dtype=dt)
    simgpu.launch(kernel(src), nblocks, BLOCK, [mem, old, np.array(idx, np.uint32), barr, carr])
    olds = [int(x) for x in old]
    for blk in range(nblocks):
        for s in range(nslots):
            g = blk * nslots + s
            lanes = [i for i in range(n) if idx[i] == s and i // BLOCK == blk]
            items = [(olds[i], (b[i], c[i])) for i in lanes]
            ok = find_serialization(init[g], int(mem[g]), items,
                                    lambda cur, args: atom_new(op, t, cur, args[0], args[1]))
            if not ok:
                detail = ", ".join(f"thread {i}: operand {b[i]:#x} old {olds[i]:#x}" for i in lanes[:10])
                pytest.fail(f"{name} (seed {seed}): block {blk} slot {s}: initial {init[g]:#x}, final "
                            f"{int(mem[g]):#x}: no serialization of the {len(lanes)} operations explains the "
                            f"returned old values and the final memory; {detail} ...", pytrace=False)


def test_atomic_add_prefix_sums():
    """atom.global.add.u32 on one address: the old values are a permutation of
    the prefix sums of the operands (in some order), the final value their sum."""
    n = 256
    rng = np.random.default_rng(5)
    src = build(["u32"], ["u32"], "\tld.param.u64 %base, [pa0];\n"
                "\tatom.global.add.u32 %o0, [%base+4096], %a0;", decl="")
    # a separate buffer would need another parameter: use the end of the input array as the counter
    vals = [int(x) for x in rng.integers(1, 1000, n)]
    arr = np.zeros(n + 1024 + 1, np.uint32)
    arr[:n] = vals
    out = np.zeros(n, np.uint32)
    simgpu.launch(kernel(src), n // BLOCK, BLOCK, [out, arr])
    got = [int(x) for x in out]
    order = sorted(range(n), key=lambda i: got[i])
    acc = 0
    for i in order:
        assert got[i] == acc, f"old values are not prefix sums: thread {i} got {got[i]}, expected {acc}"
        acc += vals[i]
    assert int(arr[1024]) == sum(vals)


# ==========================================================================
# memory: sub-word loads and stores, vectors, .nc, generic addressing

SUBWORD = [("u8", "u32"), ("s8", "u32"), ("u16", "u32"), ("s16", "u32"), ("u8", "u64"), ("s8", "u64"),
           ("s16", "u64"), ("u16", "u64"), ("s32", "u64"), ("u32", "u64"), ("s8", "u16"), ("u8", "u16")]


@pytest.mark.parametrize("space", ["global", "shared"])
@pytest.mark.parametrize("t,reg", SUBWORD, ids=[f"ld.{t}->{r}" for t, r in SUBWORD])
def test_load_extension(t, reg, space):
    """ld.s8/.s16 sign-extend and ld.u8/.u16 zero-extend into a wider register."""
    name = f"ld.{space}.{t} into .{reg}"
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 256
    w = BITS[t]
    a = [int(x) for x in rng.integers(0, 1 << w, n)]
    a[:6] = [0, 1, mask(w), 1 << (w - 1), (1 << (w - 1)) - 1, 0x80 if w > 8 else 0x7F]
    size = w // 8
    ld_space = f"ld.{space}.{t}"
    if space == "global":
        body = f"\tld.param.u64 %base, [pa0];\n\tmul.wide.u32 %ptr, %idx, {size};\n\tadd.u64 %ptr, %ptr, %base;\n" \
               f"\t{ld_space} %o0, [%ptr];"
        decl = ""
    else:
        body = f"\tld.param.u64 %base, [pa0];\n\tmul.wide.u32 %ptr, %idx, {size};\n\tadd.u64 %ptr, %ptr, %base;\n" \
               f"\tld.global.{t} %x, [%ptr];\n\tmov.u64 %sp, sh;\n\tmul.wide.u32 %ptr, %t2, {size};\n" \
               f"\tadd.u64 %sp, %sp, %ptr;\n\tst.shared.{t} [%sp], %x;\n\tbar.sync 0;\n\t{ld_space} %o0, [%sp];"
        decl = f"\t.reg .u64 %sp;\n\t.reg .{reg} %x;\n\t.shared .align 8 .b8 sh[{BLOCK * 8}];"
    # the input array is read by hand (%a0 is not used): the template's `ins` is empty
    src = build([], [reg], body, decl=decl).replace(
        "entry k(.param .u64 po0)", "entry k(.param .u64 po0, .param .u64 pa0)")
    arr = np.array(a, dtype=UNS[w])
    out = np.zeros(n, dtype=UNS[BITS[reg]])
    simgpu.launch(kernel(src), n // BLOCK, BLOCK, [out, arr])
    got = [int(x) for x in out]
    want = [(val(t, x) & mask(BITS[reg])) for x in a]
    compare(name, seed, [a], got, want)


@pytest.mark.parametrize("t", ["u8", "s8", "u16", "b16", "u32"])
def test_subword_store(t):
    """st.global.u8/.u16 from a 32-bit register writes only the low bytes, and
    threads writing neighbouring bytes do not disturb each other."""
    n = 256
    rng = np.random.default_rng(seed_of("st" + t))
    w = BITS[t]
    a = [int(x) for x in rng.integers(0, 1 << 32, n)]
    size = w // 8
    body = f"\tld.param.u64 %base, [po0];\n\tmul.wide.u32 %ptr, %idx, {size};\n\tadd.u64 %ptr, %ptr, %base;\n" \
           f"\tst.global.{t} [%ptr], %a0;"
    src = build(["u32"], [], body).replace("entry k(.param .u64 pa0)", "entry k(.param .u64 po0, .param .u64 pa0)")
    src = src.replace("[pa0]", "[pa1]").replace(".param .u64 pa0)", ".param .u64 pa1)")
    out = np.full(n + 64, 0xEE, dtype=UNS[w]) if w > 8 else np.full(n + 64, 0xEE, np.uint8)
    simgpu.launch(kernel(src), n // BLOCK, BLOCK, [out, np.array(a, np.uint32)])
    want = [x & mask(w) for x in a] + [0xEE] * 64
    compare(f"st.global.{t}", 0, [a + [0] * 64], [int(x) for x in out], want)


VEC = [("v2", "u32"), ("v4", "u32"), ("v2", "f32"), ("v4", "f32"), ("v2", "u64"), ("v2", "f64"),
       ("v4", "u16"), ("v2", "s16"), ("v4", "u8"), ("v4", "s8")]


@pytest.mark.parametrize("nc", [False, True], ids=["ld", "ld.nc"])
@pytest.mark.parametrize("v,t", VEC, ids=[f"{v}.{t}" for v, t in VEC])
def test_vector_ld_st(v, t, nc):
    """ld.global{.nc}.vN / st.global.vN: element k of thread i is a[N*i + k]; the
    test stores the elements reversed and with the sub-word values widened."""
    name = f"ld.global{'.nc' if nc else ''}.{v}.{t}"
    seed = seed_of(name)
    rng = np.random.default_rng(seed)
    n = 256
    vn = int(v[1])
    w = BITS[t]
    size = w // 8
    reg = {8: "b32", 16: "b32"}.get(w, t) if t not in SIGNED else {8: "s32", 16: "s32"}.get(w, t)
    if w >= 32:
        reg = t
    a = [int(x) for x in rng.integers(0, 1 << min(w, 62), n * vn)]
    a[:8] = [mask(w), 1 << (w - 1), 0, 1, mask(w) - 1, 5, 1 << (w - 2), 3][: len(a[:8])]
    regs = ", ".join(f"%e{k}" for k in range(vn))
    rev = ", ".join(f"%e{k}" for k in reversed(range(vn)))
    body = f"\tld.param.u64 %base, [pa0];\n\tmul.wide.u32 %ptr, %idx, {size * vn};\n\tadd.u64 %ptr, %ptr, %base;\n" \
           f"\tld.global{'.nc' if nc else ''}.{v}.{t} {{{regs}}}, [%ptr];\n" \
           f"\tld.param.u64 %base, [po0];\n\tmul.wide.u32 %ptr, %idx, {size * vn};\n\tadd.u64 %ptr, %ptr, %base;\n" \
           f"\tst.global.{v}.{t} [%ptr], {{{rev}}};\n" \
           f"\tld.param.u64 %base, [po1];\n\tmul.wide.u32 %ptr, %idx, {vn * max(4, size)};\n\tadd.u64 %ptr, %ptr, %base;\n" \
           f"\tst.global.{v}.{reg if w < 32 else t} [%ptr], {{{regs}}};"
    decl = f"\t.reg .{reg} {regs};"
    src = build([], [], body, decl=decl).replace("entry k()", "entry k(.param .u64 po0, .param .u64 po1, .param .u64 pa0)")
    arr = np.array(a, dtype=UNS[w])
    out = np.zeros(n * vn, dtype=UNS[w])
    wide = np.zeros(n * vn, dtype=UNS[max(32, w)])
    simgpu.launch(kernel(src), n // BLOCK, BLOCK, [out, wide, arr])
    want = []
    for i in range(n):
        want += list(reversed(a[i * vn:(i + 1) * vn]))
    compare(name + " (reversed store)", seed, [a], [int(x) for x in out], want)
    want2 = [val(t, x) & mask(max(32, w)) for x in a]
    compare(name + " (widened registers)", seed, [a], [int(x) for x in wide], want2)


@pytest.mark.parametrize("way", ["generic-store/shared-load", "shared-store/generic-load",
                                 "generic-both", "cvta.global", "shared-u32-window", "generic-atom"])
def test_generic_addressing(way):
    """cvta.shared / cvta.to.shared / cvta.global: the same bytes through both
    views. Each thread writes its value and reads its neighbour's."""
    n = 256
    rng = np.random.default_rng(seed_of(way))
    a = [int(x) for x in rng.integers(0, 1 << 32, n)]
    pre = "\tmov.u64 %s0, sh;\n\tmul.wide.u32 %x, %t2, 4;\n\tadd.u64 %s0, %s0, %x;\n" \
          "\tadd.u32 %nb, %t2, 1;\n\tand.b32 %nb, %nb, 63;\n\tmov.u64 %s1, sh;\n\tmul.wide.u32 %x, %nb, 4;\n" \
          "\tadd.u64 %s1, %s1, %x;\n"
    if way == "generic-store/shared-load":
        body = pre + "\tcvta.shared.u64 %g0, %s0;\n\tst.u32 [%g0], %a0;\n\tbar.sync 0;\n\tld.shared.u32 %o0, [%s1];"
    elif way == "shared-store/generic-load":
        body = pre + "\tst.shared.u32 [%s0], %a0;\n\tbar.sync 0;\n\tcvta.shared.u64 %g1, %s1;\n\tld.u32 %o0, [%g1];"
    elif way == "generic-both":
        body = pre + "\tcvta.shared.u64 %g0, %s0;\n\tcvta.shared.u64 %g1, %s1;\n\tcvta.to.shared.u64 %x, %g1;\n" \
                     "\tst.u32 [%g0], %a0;\n\tbar.sync 0;\n\tld.shared.u32 %o0, [%x];"
    elif way == "cvta.global":
        body = "\tld.param.u64 %x, [pa0];\n\tcvta.global.u64 %g0, %x;\n\tcvta.to.global.u64 %g1, %g0;\n" \
               "\tadd.u32 %nb, %idx, 1;\n\tand.b32 %nb, %nb, 255;\n\tmul.wide.u32 %x, %nb, 4;\n" \
               "\tadd.u64 %g0, %g0, %x;\n\tadd.u64 %g1, %g1, %x;\n\tld.u32 %o0, [%g0];\n\tld.global.u32 %o1, [%g1];"
    elif way == "generic-atom":
        # every thread of the block adds 1 to word 0 of the block's shared array through a
        # generic address; the old values must be 0..63 in some order, the final value 64
        body = pre + "\tst.shared.u32 [%s0], 0;\n\tbar.sync 0;\n\tmov.u64 %x, sh;\n\tcvta.shared.u64 %g0, %x;\n" \
                     "\tatom.add.u32 %o0, [%g0], 1;\n\tbar.sync 0;\n\tld.shared.u32 %o1, [%x];"
    else:
        body = pre + "\tcvt.u32.u64 %w0, %s0;\n\tcvt.u32.u64 %w1, %s1;\n\tst.shared.u32 [%w0], %a0;\n" \
                     "\tbar.sync 0;\n\tld.shared.u32 %o0, [%w1];"
    decl = "\t.reg .u64 %s0, %s1, %g0, %g1, %x;\n\t.reg .u32 %nb, %w0, %w1;\n\t.shared .align 4 .b8 sh[256];"
    src = build(["u32"], ["u32", "u32"], body, decl=decl)
    got = launch(src, ["u32"], ["u32", "u32"], [a])
    if way == "generic-atom":
        for blk in range(n // 64):
            olds = sorted(got[0][blk * 64:(blk + 1) * 64])
            assert olds == list(range(64)), f"block {blk}: old values {olds} are not 0..63"
            assert got[1][blk * 64:(blk + 1) * 64] == [64] * 64, f"block {blk}: final {got[1][blk * 64]}"
        return
    if way == "cvta.global":
        want = [a[(i + 1) % n] for i in range(n)]
        compare(way + " (ld.global through cvta.to.global)", 0, [a], got[1], want)
    else:
        want = [a[(i // 64) * 64 + (i % 64 + 1) % 64] for i in range(n)]
    compare(way, 0, [a], got[0], want)
