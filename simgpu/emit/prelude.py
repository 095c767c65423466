"""Helper functions the emitted code calls, written once for both dialects.

Each helper is C that CUDA C and the Metal Shading Language both accept,
with `$u32`-style placeholders for the dialect's type names, `$FN` for its
function qualifier, `$L` for its 64-bit literal suffix and the dialect's
SG_F2U / SG_U2F / SG_D2U / SG_U2D bit-cast macros. Only the helpers a kernel
uses are written out (with those they call). Every helper follows the PTX
ISA 8.x semantics simgpu's functional engine implements (simgpu/exec/alu.py,
warp.py, fp.py): division by zero, out-of-range shifts and bit fields, the
shuffle's lane and clamp rules, f16/bf16 rounding to nearest even, are all
defined here and none rely on undefined C behaviour.
"""
from string import Template

_H = {}


def helper(name, deps=()):
    def wrap(text):
        _H[name] = (text, tuple(deps))
        return text
    return wrap


helper("sg_ftz_f32")("""
// .ftz: an f32 subnormal becomes a zero of the same sign
$FN $f32 sg_ftz_f32($f32 x) { $u32 b = SG_F2U(x); return (b & 0x7f800000u) == 0u ? SG_U2F(b & 0x80000000u) : x; }
""")
helper("sg_isnan_f32")("""
$FN bool sg_isnan_f32($f32 x) { return (SG_F2U(x) & 0x7fffffffu) > 0x7f800000u; }
""")
helper("sg_isnan_f64")("""
$FN bool sg_isnan_f64($f64 x) { return (SG_D2U(x) & 0x7fffffffffffffff$L) > 0x7ff0000000000000$L; }
""")
for _w in ("32", "64"):
    _u, _i, _f = f"$u{_w}", f"$i{_w}", f"$f{_w}"
    _bits, _val = ("SG_F2U", "SG_U2F") if _w == "32" else ("SG_D2U", "SG_U2D")
    _abs, _inf, _minnorm, _qnan = (("0x7fffffffu", "0x7f800000u", "0x00800000u", "0x7fffffffu") if _w == "32" else
                                   ("0x7fffffffffffffff$L", "0x7ff0000000000000$L", "0x0010000000000000$L",
                                    "0x7fffffffffffffff$L"))
    helper(f"sg_sat_f{_w}", [f"sg_isnan_f{_w}"])(f"""
// .sat: clamp to [0, 1]; NaN becomes +0
$FN {_f} sg_sat_f{_w}({_f} x) {{
    return sg_isnan_f{_w}(x) ? ({_f})0 : (x < ({_f})0 ? ({_f})0 : (x > ({_f})1 ? ({_f})1 : x));
}}
""")
    helper(f"sg_testp_f{_w}")(f"""
// testp classes on the bits: 0 finite, 1 infinite, 2 number, 3 notanumber, 4 normal, 5 subnormal
$FN bool sg_testp_f{_w}({_f} x, $u32 cls) {{
    {_u} b = {_bits}(x) & {_abs};
    if (cls == 0u) return b < {_inf};
    if (cls == 1u) return b == {_inf};
    if (cls == 2u) return b <= {_inf};
    if (cls == 3u) return b > {_inf};
    if (cls == 4u) return b >= {_minnorm} && b < {_inf};
    return b != 0 && b < {_minnorm};
}}
""")
    helper(f"sg_minmax_f{_w}", [f"sg_isnan_f{_w}"])(f"""
// min/max as PTX defines them: a NaN operand gives the other; -0 is below +0
$FN {_f} sg_minmax_f{_w}({_f} a, {_f} b, bool is_max) {{
    if (sg_isnan_f{_w}(a)) return b;
    if (sg_isnan_f{_w}(b)) return a;
    if (a == b) {{ {_u} x = {_bits}(a), y = {_bits}(b); return {_val}(is_max ? (x & y) : (x | y)); }}
    return is_max ? (a > b ? a : b) : (a < b ? a : b);
}}
""")
    helper(f"sg_minmax_nan_f{_w}", [f"sg_isnan_f{_w}", f"sg_minmax_f{_w}"])(f"""
// min.NaN / max.NaN: a NaN operand gives the canonical NaN; else as min/max (-0 is below +0)
$FN {_f} sg_minmax_nan_f{_w}({_f} a, {_f} b, bool is_max) {{
    if (sg_isnan_f{_w}(a) || sg_isnan_f{_w}(b)) return {_val}({_qnan});
    return sg_minmax_f{_w}(a, b, is_max);
}}
""")
    helper(f"sg_divrem_u{_w}")(f"""
// unsigned div/rem: x / 0 is all ones, x % 0 is x (as the hardware does)
$FN {_u} sg_div_u{_w}({_u} a, {_u} b) {{ return b == 0 ? ({_u})~({_u})0 : a / b; }}
$FN {_u} sg_rem_u{_w}({_u} a, {_u} b) {{ return b == 0 ? a : a % b; }}
""")
    helper(f"sg_divrem_s{_w}")(f"""
// signed div/rem truncate toward zero; x / 0 is -1, x % 0 is x; MIN / -1 wraps to MIN
$FN {_i} sg_div_s{_w}({_i} a, {_i} b) {{ return b == 0 ? ({_i})-1 : (b == -1 ? ({_i})(({_u})0 - ({_u})a) : a / b); }}
$FN {_i} sg_rem_s{_w}({_i} a, {_i} b) {{ return b == 0 ? a : (b == -1 ? ({_i})0 : a % b); }}
""")
    helper(f"sg_bfe_{_w}")(f"""
// bfe: bits [pos, pos+len) of a (pos, len: the low 8 bits of b, c), zero- or sign-extended
$FN {_u} sg_bfe_{_w}({_u} a, $u32 b, $u32 c, bool sgn) {{
    $u32 pos = b & 255u, len = c & 255u;
    if (len == 0u) return 0;
    if (pos >= {_w}u) return (sgn && ((a >> {int(_w) - 1}u) & 1u)) ? ~({_u})0 : ({_u})0;
    $u32 n = len < {_w}u - pos ? len : {_w}u - pos;
    {_u} mask = n >= {_w}u ? ~({_u})0 : ((({_u})1 << n) - 1);
    {_u} r = (a >> pos) & mask;
    if (sgn && n < {_w}u && ((r >> (n - 1u)) & 1u)) r |= ~mask;
    return r;
}}
""")
    helper(f"sg_bfi_{_w}")(f"""
// bfi: b with bits [pos, pos+len) replaced by the low bits of a (pos, len: the low 8 bits of c, d)
$FN {_u} sg_bfi_{_w}({_u} a, {_u} b, $u32 c, $u32 d) {{
    $u32 pos = c & 255u, len = d & 255u;
    if (len == 0u || pos >= {_w}u) return b;
    $u32 n = len < {_w}u - pos ? len : {_w}u - pos;
    {_u} mask = (n >= {_w}u ? ~({_u})0 : ((({_u})1 << n) - 1)) << pos;
    return (b & ~mask) | ((a << pos) & mask);
}}
""")

helper("sg_shfl_src")("""
// shfl.sync: the source lane of this lane (bits 0-4) and whether it is in range (bit 5), by
// the PTX pseudo-code: b's low 5 bits, c's clamp (bits 0-4) and segment mask (bits 8-12);
// mode 0 up, 1 down, 2 bfly, 3 idx. Out of range: the lane reads its own value.
$FN $u32 sg_shfl_src($u32 mode, $u32 lane, $u32 b, $u32 c) {
    $i32 l = ($i32)lane, bval = ($i32)(b & 31u), clamp = ($i32)(c & 31u), seg = ($i32)((c >> 8) & 31u);
    $i32 maxl = (l & seg) | (clamp & ~seg), minl = l & seg, j;
    bool ok;
    if (mode == 0u) { j = l - bval; ok = j >= maxl; }
    else if (mode == 1u) { j = l + bval; ok = j <= maxl; }
    else if (mode == 2u) { j = l ^ bval; ok = j <= maxl; }
    else { j = minl | (bval & ~seg); ok = j <= maxl; }
    if (!ok) j = l;
    return ($u32)j | (ok ? 32u : 0u);
}
""")
helper("sg_prmt")("""
// prmt (default mode): byte n of d is byte c[4n+2:4n] of {b, a}, or its sign if c[4n+3]
$FN $u32 sg_prmt($u32 a, $u32 b, $u32 c) {
    $u64 src = ($u64)a | (($u64)b << 32);
    $u32 d = 0u;
    for ($u32 n = 0u; n < 4u; n++) {
        $u32 sel = (c >> (4u * n)) & 15u;
        $u32 bv = ($u32)(src >> (8u * (sel & 7u))) & 255u;
        if (sel & 8u) bv = (bv & 128u) ? 255u : 0u;
        d |= bv << (8u * n);
    }
    return d;
}
""")
helper("sg_shf")("""
// shf: funnel shift of the pair {b, a}; .l keeps the high word, .r the low word;
// .wrap takes the amount mod 32, .clamp caps it at 32
$FN $u32 sg_shf($u32 a, $u32 b, $u32 c, bool clamp, bool right) {
    $u32 sh = clamp ? (c < 32u ? c : 32u) : (c & 31u);
    $u64 pair = ($u64)a | (($u64)b << 32);
    return right ? ($u32)(pair >> sh) : ($u32)((pair << sh) >> 32);
}
""")
helper("sg_mul24")("""
// mul24: the 48-bit product of the low 24 bits of a and b (sign-extended for .s32);
// .lo its low 32 bits, .hi bits 16-47
$FN $u32 sg_mul24($u32 a, $u32 b, bool sgn, bool hi) {
    $i64 p = sgn ? ($i64)((($i32)(a << 8)) >> 8) * ($i64)((($i32)(b << 8)) >> 8)
                 : ($i64)(($u64)(a & 0xffffffu) * ($u64)(b & 0xffffffu));
    return hi ? ($u32)(($u64)p >> 16) : ($u32)($u64)p;
}
""")
helper("sg_sat_s32")("""
// add.sat.s32 / sub.sat.s32 / mad.hi.sat.s32: the exact sum clamped to the s32 range
$FN $i32 sg_sat_s32($i64 s) { return s > 2147483647 ? 2147483647 : (s < -2147483647 - 1 ? -2147483647 - 1 : ($i32)s); }
""")
helper("sg_f16")("""
// IEEE half <-> f32, round to nearest even (cvt.rn.f16.f32, cvt.f32.f16); NaN -> 0x7e00
$FN $f32 sg_f16_to_f32($u16 h) {
    $u32 s = (($u32)h & 0x8000u) << 16, e = ((($u32)h) >> 10) & 31u, m = ($u32)h & 0x3ffu;
    if (e == 0u) { $f32 v = ($f32)m * 5.9604644775390625e-8f; return s ? -v : v; }
    if (e == 31u) return SG_U2F(s | 0x7f800000u | (m << 13));
    return SG_U2F(s | ((e + 112u) << 23) | (m << 13));
}
$FN $u16 sg_f32_to_f16($f32 f) {
    $u32 x = SG_F2U(f), sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
    if (ax > 0x7f800000u) return ($u16)0x7e00u;
    if (ax >= 0x477ff000u) return ($u16)(sign | 0x7c00u);
    $u32 e = ax >> 23;
    if (e < 113u) {
        if (e < 102u) return ($u16)sign;
        $u32 m = (ax & 0x7fffffu) | 0x800000u, shift = 126u - e;
        $u32 r = m >> shift, rem = m & ((1u << shift) - 1u), half = 1u << (shift - 1u);
        if (rem > half || (rem == half && (r & 1u))) r += 1u;
        return ($u16)(sign | r);
    }
    $u32 r = ((e - 112u) << 10) | ((ax >> 13) & 0x3ffu), rem = ax & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (r & 1u))) r += 1u;
    return ($u16)(sign | r);
}
""")
helper("sg_bf16", ["sg_isnan_f32"])("""
// bfloat16 <-> f32, round to nearest even; NaN -> 0x7fc0
$FN $f32 sg_bf16_to_f32($u16 h) { return SG_U2F((($u32)h) << 16); }
$FN $u16 sg_f32_to_bf16($f32 f) {
    if (sg_isnan_f32(f)) return ($u16)0x7fc0u;
    $u32 b = SG_F2U(f);
    b += 0x7fffu + ((b >> 16) & 1u);
    return ($u16)(b >> 16);
}
""")


def render(names, spell):
    """The text of the helpers in `names` and those they call, in a fixed order.
    spell: the dialect's substitutions ($u32 ... $FN $L)."""
    want, stack = set(), [n for n in names if n in _H]      # (dialects add helpers of their own)
    while stack:
        n = stack.pop()
        if n not in want:
            want.add(n)
            stack.extend(_H[n][1])
    return "".join(Template(_H[n][0]).substitute(spell) for n in _H if n in want)


def known():
    return set(_H)
