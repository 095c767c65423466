"""What each arithmetic, logic, comparison and conversion instruction becomes
in C (both dialects), following PTX ISA 8.x and simgpu's engine
(simgpu/exec/alu.py) rule by rule.

Integers are computed in an unsigned type of 32 or 64 bits (no promotion to
int, no signed overflow) and truncated to the destination's width when
written: wrap-around is exact. Division, shifts and bit fields go through the
prelude's helpers, which define every case C leaves undefined. Floats use
the dialect's intrinsics (dialect.fmath): a rounding modifier written in the
PTX selects the intrinsic of that rounding (CUDA __fadd_rz ...), plain
`add.f32` is C's `+` (which, like ptxas, may contract with a multiply), and
.ftz/.sat are applied to inputs and results as the engine does.
"""
from ..ptx import codes as C
from .kernel import CTYPE, WIDTH, is_float, is_signed

RND = {C.RND_RN: "rn", C.RND_RZ: "rz", C.RND_RM: "rm", C.RND_RP: "rp",
       C.RND_RNI: "rn", C.RND_RZI: "rz", C.RND_RMI: "rm", C.RND_RPI: "rp"}
CMP_C = {C.CMP_EQ: "==", C.CMP_NE: "!=", C.CMP_LT: "<", C.CMP_LE: "<=", C.CMP_GT: ">", C.CMP_GE: ">=",
         C.CMP_LO: "<", C.CMP_LS: "<=", C.CMP_HI: ">", C.CMP_HS: ">="}
FLOAT_NAMES = {C.OP_ADD: "add", C.OP_SUB: "sub", C.OP_MUL: "mul", C.OP_DIV: "div", C.OP_FMA: "fma",
               C.OP_MAD: "fma", C.OP_MIN: "min", C.OP_MAX: "max", C.OP_ABS: "abs", C.OP_NEG: "neg",
               C.OP_RCP: "rcp", C.OP_SQRT: "sqrt", C.OP_RSQRT: "rsqrt", C.OP_EX2: "ex2", C.OP_LG2: "lg2",
               C.OP_SIN: "sin", C.OP_COS: "cos", C.OP_TANH: "tanh", C.OP_COPYSIGN: "copysign"}


def translate(x, i):
    p = x.p
    op = int(p.op[i])
    ct = CTYPE.get(int(p.ty[i]), "u32")
    if op == C.OP_MOV:
        return mov(x, i, ct)
    if op == C.OP_SELP:
        return x.dst(i, 0, ct, f"({x.src(i, 3, 'bool')} ? {x.src(i, 1, ct)} : {x.src(i, 2, ct)})")
    if op == C.OP_SETP:
        return setp(x, i, ct)
    if op == C.OP_SET:
        return set_op(x, i)
    if op == C.OP_CVT:
        return cvt(x, i)
    if op == C.OP_TESTP:
        w = WIDTH[ct]
        return x.dst(i, 0, "bool", f"{x.use(f'sg_testp_f{w}')}({x.src(i, 1, ct)}, {int(p.sub[i])}u)")
    if is_float(ct):
        return float_op(x, i, op, ct)
    if ct == "bool":
        a = x.src(i, 1, "bool")
        if op == C.OP_NOT:
            return x.dst(i, 0, "bool", f"(!{a})")
        b = x.src(i, 2, "bool")
        e = {C.OP_AND: f"({a} && {b})", C.OP_OR: f"({a} || {b})", C.OP_XOR: f"({a} != {b})"}.get(op)
        if e is None:
            x.fail(i, "this predicate operation")
        return x.dst(i, 0, "bool", e)
    return int_op(x, i, op, ct)


def mov(x, i, ct):
    p = x.p
    sub = int(p.sub[i])
    if sub == 0:
        return x.dst(i, 0, ct, x.src(i, 1, ct))
    n = int(p.vec[i])
    w = WIDTH[ct]
    U = "u64" if w == 64 else "u32"
    part = {8: "u8", 16: "u16", 32: "u32"}[w // n]
    T = x.d.T
    if sub == 1:                               # pack {a, b, ...} into d
        terms = [f"(({T[U]}){x.src(i, 1 + e, part)} << {(w // n) * e})" for e in range(n)]
        return x.dst(i, 0, U, "(" + " | ".join(terms) + ")")
    whole = x.src(i, 4, U)                     # unpack d into {a, b, ...}
    out, names = [], []
    for e in range(n):
        name, s = x.temp(i, e, part, f"(({T[part]})({whole} >> {(w // n) * e}))")
        out.append(s)
        names.append(name)
    for e, name in enumerate(names):
        out += x.dst(i, e, part, name)
    return out


def compare(x, i, ct):
    """setp's and set's comparison of operands 2 and 3 (type ct), combined with predicate c."""
    p = x.p
    cmp = int(p.sub[i])
    if is_float(ct):
        ftz = ct == "f32" and int(p.flags[i]) & C.F_FTZ
        a, b = x.src(i, 2, ct), x.src(i, 3, ct)
        if ftz:
            a, b = f"{x.use('sg_ftz_f32')}({a})", f"sg_ftz_f32({b})"
        nan = x.use(f"sg_isnan_f{WIDTH[ct]}")
        unordered = f"({nan}({a}) || {nan}({b}))"
        if cmp == C.CMP_NUM:
            e = f"(!{unordered})"
        elif cmp == C.CMP_NAN:
            e = unordered
        elif cmp >= C.CMP_EQU:
            e = f"({unordered} || ({a} {CMP_C[cmp - C.CMP_EQU]} {b}))"
        else:
            e = f"(!{unordered} && ({a} {CMP_C[cmp]} {b}))"
    else:
        S = ct if WIDTH[ct] >= 32 else ("i32" if is_signed(ct) else "u32")
        e = f"({x.src_as(i, 2, ct, S)} {CMP_C[cmp]} {x.src_as(i, 3, ct, S)})"
    bop = int(p.sub2[i])
    c = x.src(i, 4, "bool") if bop != C.BOOL_NONE else None

    def comb(v):
        return {C.BOOL_NONE: v, C.BOOL_AND: f"({v} && {c})", C.BOOL_OR: f"({v} || {c})",
                C.BOOL_XOR: f"({v} != {c})"}[bop]
    return e, comb


def set_op(x, i):
    """set.CMP.dtype.stype: all ones (1.0f for .f32) or 0."""
    p = x.p
    td = CTYPE[int(p.ty[i])]
    e, comb = compare(x, i, CTYPE[int(p.ty2[i])])
    one = "1.0f" if td == "f32" else f"(({x.d.T[td]})0xFFFFFFFFu)"
    zero = "0.0f" if td == "f32" else f"(({x.d.T[td]})0u)"
    return x.dst(i, 0, td, f"({comb(e)} ? {one} : {zero})")


def setp(x, i, ct):
    p = x.p
    e, comb = compare(x, i, ct)
    if int(p.okind[i, 1]) == C.K_NONE:
        return x.dst(i, 0, "bool", comb(e))
    t, ts = x.temp(i, 0, "bool", e)          # p and q both from one comparison
    return [ts] + x.dst(i, 0, "bool", comb(t)) + x.dst(i, 1, "bool", comb(f"(!{t})"))


def int_op(x, i, op, ct):
    p, T = x.p, x.d.T
    w = WIDTH[ct]
    W = "u64" if w == 64 else "u32"
    sgn = is_signed(ct)
    S = ("i64" if w == 64 else "i32") if sgn else W          # ct widened with its signedness
    sub = int(p.sub[i])
    flags = int(p.flags[i])

    def a(k, t=ct):                      # operand k, read at the instruction's type, as C type t
        return x.src_as(i, k, ct, t)

    def uw(k):
        return a(k, W)

    def shift(sh_k, e_of):                 # a constant amount is folded; PTX: >= width gives 0 (or the sign)
        v = x.imm(i, sh_k)
        sh = x.src(i, sh_k, "u32")
        return e_of(sh, v)

    if op in (C.OP_ADD, C.OP_SUB):
        o = "+" if op == C.OP_ADD else "-"
        if flags & C.F_SAT:
            if ct != "i32":
                x.fail(i, ".sat on a type other than .s32")
            return x.dst(i, 0, "i32", f"{x.use('sg_sat_s32')}({a(1, 'i64')} {o} {a(2, 'i64')})")
        return x.dst(i, 0, W, f"({uw(1)} {o} {uw(2)})")
    if op in (C.OP_MUL, C.OP_MAD):
        return mul(x, i, op, ct, w, W, sgn, sub, flags)
    if op in (C.OP_MUL24, C.OP_MAD24):
        if flags & C.F_SAT:
            x.fail(i, "mad24.sat")
        e = f"{x.use('sg_mul24')}({a(1, 'u32')}, {a(2, 'u32')}, {str(sgn).lower()}, {str(sub == C.MUL_HI).lower()})"
        if op == C.OP_MAD24:
            e = f"({e} + {a(3, 'u32')})"
        return x.dst(i, 0, "u32", e)
    if op == C.OP_SAD:                     # c + |a - b|, in the type's width
        d = f"({a(1, S)} >= {a(2, S)} ? ({T[W]})({uw(1)} - {uw(2)}) : ({T[W]})({uw(2)} - {uw(1)}))"
        return x.dst(i, 0, W, f"({d} + {uw(3)})")
    if op in (C.OP_DIV, C.OP_REM):
        ww = "64" if w == 64 else "32"
        kind = "s" if sgn else "u"
        x.use(f"sg_divrem_{kind}{ww}")
        fn = f"sg_{'div' if op == C.OP_DIV else 'rem'}_{kind}{ww}"
        return x.dst(i, 0, S, f"{fn}({a(1, S)}, {a(2, S)})")
    if op in (C.OP_MIN, C.OP_MAX):
        o = "<" if op == C.OP_MIN else ">"
        u, v = a(1, S), a(2, S)
        return x.dst(i, 0, S, f"({u} {o} {v} ? {u} : {v})")
    if op == C.OP_ABS:
        v = a(1, S)
        return x.dst(i, 0, W, f"({v} < 0 ? ({T[W]})0 - ({T[W]}){v} : ({T[W]}){v})")
    if op == C.OP_NEG:
        return x.dst(i, 0, W, f"(({T[W]})0 - {uw(1)})")
    if op in (C.OP_AND, C.OP_OR, C.OP_XOR):
        o = {C.OP_AND: "&", C.OP_OR: "|", C.OP_XOR: "^"}[op]
        return x.dst(i, 0, W, f"({uw(1)} {o} {uw(2)})")
    if op == C.OP_NOT:
        return x.dst(i, 0, W, f"(~{uw(1)})")
    if op == C.OP_CNOT:
        return x.dst(i, 0, W, f"({uw(1)} == 0 ? ({T[W]})1 : ({T[W]})0)")
    if op == C.OP_SHL:
        return x.dst(i, 0, W, shift(2, lambda sh, v: f"({uw(1)} << {sh})" if v is not None and v < w else (
            f"({T[W]})0" if v is not None else f"({sh} >= {w}u ? ({T[W]})0 : ({uw(1)} << {sh}))")))
    if op == C.OP_SHR:
        if sgn:
            return x.dst(i, 0, S, shift(2, lambda sh, v: f"({a(1, S)} >> {min(v, w - 1)}u)" if v is not None else
                                        f"({a(1, S)} >> ({sh} < {w - 1}u ? {sh} : {w - 1}u))"))
        return x.dst(i, 0, W, shift(2, lambda sh, v: f"({uw(1)} >> {sh})" if v is not None and v < w else (
            f"({T[W]})0" if v is not None else f"({sh} >= {w}u ? ({T[W]})0 : ({uw(1)} >> {sh}))")))
    if op == C.OP_SHF:
        e = (f"{x.use('sg_shf')}({a(1, 'u32')}, {a(2, 'u32')}, {a(3, 'u32')}, {str(sub == 1).lower()}, "
             f"{str(int(p.sub2[i]) == 1).lower()})")
        return x.dst(i, 0, "u32", e)
    if op == C.OP_LOP3:
        lut = int(p.obits[i, 4]) & 0xFF
        va, vb, vc = uw(1), uw(2), uw(3)
        terms = []
        for m in range(8):
            if (lut >> m) & 1:
                terms.append("(" + " & ".join([va if m & 4 else f"~{va}", vb if m & 2 else f"~{vb}",
                                               vc if m & 1 else f"~{vc}"]) + ")")
        e = f"({T[W]})0" if not terms else ("(" + " | ".join(terms) + ")")
        return x.dst(i, 0, W, e)
    if op == C.OP_BFE:
        e = f"{x.use(f'sg_bfe_{w}')}({uw(1)}, {a(2, 'u32')}, {a(3, 'u32')}, {str(sgn).lower()})"
        return x.dst(i, 0, W, e)
    if op == C.OP_BFI:
        e = f"{x.use(f'sg_bfi_{w}')}({uw(1)}, {uw(2)}, {a(3, 'u32')}, {a(4, 'u32')})"
        return x.dst(i, 0, W, e)
    if op in (C.OP_POPC, C.OP_CLZ):
        return x.dst(i, 0, "u32", x.d.bitcount(x, "popc" if op == C.OP_POPC else "clz", W, uw(1)))
    if op == C.OP_BREV:
        return x.dst(i, 0, W, x.d.bitcount(x, "brev", W, uw(1)))
    if op == C.OP_PRMT:
        if sub != 0:
            x.fail(i, "prmt with a mode (.f4e .b4e .rc8 .ecl .ecr .rc16)")
        return x.dst(i, 0, "u32", f"{x.use('sg_prmt')}({a(1, 'u32')}, {a(2, 'u32')}, {a(3, 'u32')})")
    x.fail(i, "this instruction")


def mul(x, i, op, ct, w, W, sgn, sub, flags):
    def a(k, t=ct):
        return x.src_as(i, k, ct, t)
    if sub == C.MUL_WIDE:
        wide = {16: "i32" if sgn else "u32", 32: "i64" if sgn else "u64"}[w]
        UW = "u64" if w == 32 else "u32"
        e = f"({x.conv(a(1, wide), wide, UW)} * {x.conv(a(2, wide), wide, UW)})"
        if op == C.OP_MAD:
            e = f"({e} + {x.src_as(i, 3, wide, UW)})"
        return x.dst(i, 0, UW, e)
    if sub == C.MUL_HI:
        if (flags & C.F_SAT) and op == C.OP_MAD:
            if ct != "i32":
                x.fail(i, "mad.hi.sat on a type other than .s32")
            return x.dst(i, 0, "i32", f"{x.use('sg_sat_s32')}((({a(1, 'i64')} * {a(2, 'i64')}) >> 32) + {a(3, 'i64')})")
        if w == 64:
            e = x.d.mulhi64(x, sgn, a(1), a(2))
            rt = ct
        else:
            S2 = {16: "i32" if sgn else "u32", 32: "i64" if sgn else "u64"}[w]
            e = f"(({a(1, S2)} * {a(2, S2)}) >> {w})"
            rt = S2
        e = x.conv(e, rt, W)
    else:
        e = f"({a(1, W)} * {a(2, W)})"
    if op == C.OP_MAD:
        e = f"({e} + {a(3, W)})"
    return x.dst(i, 0, W, e)


def float_op(x, i, op, ct):
    p = x.p
    flags = int(p.flags[i])
    ftz = ct == "f32" and bool(flags & C.F_FTZ)
    name = FLOAT_NAMES.get(op)
    if name is None:
        x.fail(i, "this float instruction")
    nsrc = {"fma": 3, "abs": 1, "neg": 1, "rcp": 1, "sqrt": 1, "rsqrt": 1, "ex2": 1, "lg2": 1, "sin": 1,
            "cos": 1, "tanh": 1}.get(name, 2)
    args = [x.src(i, k, ct) for k in range(1, nsrc + 1)]
    if ftz:
        x.use("sg_ftz_f32")
        args = [f"sg_ftz_f32({e})" for e in args]
    rnd = RND[int(p.rnd[i])] if flags & C.F_HAS_RND else None
    suffixes = x.v.instrs[i].suffixes
    approx = "full" if "full" in suffixes else ("approx" if flags & C.F_APPROX else None)
    if name in ("min", "max") and "NaN" in suffixes:
        e = f"{x.use(f'sg_minmax_nan_f{WIDTH[ct]}')}({args[0]}, {args[1]}, {str(name == 'max').lower()})"
    elif name == "neg":
        e = f"(-{args[0]})"
    else:
        e = x.d.fmath(x, i, name, ct, args, rnd, approx)
    if ftz:
        e = f"sg_ftz_f32({e})"
    if flags & C.F_SAT:
        e = f"{x.use(f'sg_sat_f{WIDTH[ct]}')}({e})"
    return x.dst(i, 0, ct, e)


def cvt(x, i):
    p, T = x.p, x.d.T
    tdc, tsc = int(p.ty[i]), int(p.ty2[i])
    td, ts = CTYPE[tdc], CTYPE[tsc]
    flags = int(p.flags[i])
    rnd_code = int(p.rnd[i])
    rnd = RND[rnd_code] if flags & C.F_HAS_RND else None
    integral = flags & C.F_HAS_RND and rnd_code >= C.RND_RNI
    sat, ftz = bool(flags & C.F_SAT), bool(flags & C.F_FTZ)
    half = {C.T_F16: "f16", C.T_BF16: "bf16"}
    src_float = is_float(ts) or tsc in half
    dst_float = is_float(td) or tdc in half
    a = x.src(i, 1, ts)
    if not src_float and not dst_float:
        return x.dst(i, 0, td, int_saturate(x, a, ts, td) if sat else x.conv(a, ts, td))
    if src_float:
        if tsc in half:
            x.use("sg_" + half[tsc])
            v, vt = f"sg_{half[tsc]}_to_f32({a})", "f32"
        else:
            v, vt = a, ts
        if ftz and vt == "f32":
            v = f"{x.use('sg_ftz_f32')}({v})"
        if not dst_float:                       # float -> integer: round, then saturate (NaN -> 0)
            r, rs = x.temp(i, 0, vt, x.d.round_integral(x, rnd or "rn", vt, v))
            return [rs] + x.dst(i, 0, td, float_to_int(x, r, vt, td))
        if integral:
            v = x.d.round_integral(x, rnd, vt, v)
            rnd = None
        if tdc in half:
            if vt != "f32" or rnd not in (None, "rn"):
                x.fail(i, "a conversion to f16/bf16 other than .rn from f32")
            x.use("sg_" + half[tdc])
            return x.dst(i, 0, "u16", f"sg_f32_to_{half[tdc]}({v})")
        if vt == td:
            e = v
        elif vt == "f32":
            e = f"(({T['f64']}){v})"
        else:
            e = x.d.f64_to_f32(x, i, rnd, v)
    else:                                       # integer -> float
        if tdc in half:
            x.fail(i, "a conversion from an integer to f16/bf16")
        e = x.d.int_to_float(x, i, rnd, ts, td, a)
    if ftz and td == "f32":
        e = f"{x.use('sg_ftz_f32')}({e})"
    if sat:
        e = f"{x.use(f'sg_sat_f{WIDTH[td]}')}({e})"
    if flags & C.F_RELU:
        r, rs = x.temp(i, 1, td, e)
        return [rs] + x.dst(i, 0, td, f"({r} < ({T[td]})0 ? ({T[td]})0 : {r})")
    return x.dst(i, 0, td, e)


def int_saturate(x, a, ts, td):
    """cvt.sat between integer types: clamp the source value to the destination's range."""
    wd = WIDTH[td]
    if is_signed(ts):
        v = x.conv(a, ts, "i64")
        lo, hi = (-(1 << (wd - 1)), (1 << (wd - 1)) - 1) if is_signed(td) else (0, (1 << wd) - 1)
        if wd == 64 and is_signed(td):
            return x.conv(v, "i64", td)
        L = x.lit(lo & (2 ** 64 - 1), "i64")
        if wd == 64:
            return x.conv(f"({v} < {L} ? {L} : {v})", "i64", td)
        H = x.lit(hi, "i64")
        return x.conv(f"({v} < {L} ? {L} : ({v} > {H} ? {H} : {v}))", "i64", td)
    v = x.conv(a, ts, "u64")
    hi = (1 << (wd - 1)) - 1 if is_signed(td) else (1 << wd) - 1
    if hi >= 2 ** 64 - 1:
        return x.conv(v, "u64", td)
    H = x.lit(hi, "u64")
    return x.conv(f"({v} > {H} ? {H} : {v})", "u64", td)


def float_to_int(x, r, vt, td):
    """An integral float r as integer type td: saturated to td's range, NaN -> 0 (PTX cvt)."""
    import struct
    w = WIDTH[td]
    nan = x.use(f"sg_isnan_f{WIDTH[vt]}")

    def flit(v):
        bits = struct.unpack("<I", struct.pack("<f", v))[0] if vt == "f32" else \
            struct.unpack("<Q", struct.pack("<d", v))[0]
        return x.lit(bits, vt)
    if is_signed(td):
        lo, top = -(2.0 ** (w - 1)), 2.0 ** (w - 1)
        MIN, MAX = x.lit(1 << (w - 1), td), x.lit((1 << (w - 1)) - 1, td)
    else:
        lo, top = 0.0, 2.0 ** w
        MIN, MAX = x.lit(0, td), x.lit((1 << w) - 1, td)
    return (f"({nan}({r}) ? ({x.d.T[td]})0 : ({r} >= {flit(top)} ? {MAX} : "
            f"({r} <= {flit(lo)} ? {MIN} : ({x.d.T[td]}){r})))")
