"""Instruction-by-instruction differential checks of the emitter: every case is
one PTX instruction form, run on 256 threads' inputs (integer extremes, float
specials, random bits) by simgpu and by the emitted code on the host stand-in
(emit_host.py); the results must agree bit for bit (approximate instructions
within a relative 2e-6). Registers are declared with other types than the
instruction's where PTX allows it (.b32 registers read as .s32 ...), so the
emitter's conversions are exercised, not only its arithmetic.

Each group becomes one kernel: `ops(in, out)`, thread t reading four 64-bit
words in[4t .. 4t+3] into %A %B %C %D and writing case k's result to
out[t * ncases + k] (zero-extended to 64 bits; a second destination, q or p,
to the word after)."""
import struct

import numpy as np

N = 256


def _f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def _f64(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


F32 = [0.0, -0.0, 1.0, -1.0, 1.5, -2.5, 0.5, 2.5, 3.5, 1e-40, -1e-40, 1.17549435e-38, 3.4e38, -3.4e38, 1e10, -7.25,
       65504.0, 65520.0, 1e-8, 2147483648.0, -2147483904.0, 4294967296.0, 1e20, 0.333333]
F32_BITS = [_f32(x) for x in F32] + [0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0xFFC00001]
F64 = [0.0, -0.0, 1.0, -1.0, 1.5, -2.5, 1e-310, 2.2250738585072014e-308, 1.7e308, 9.2e18, -9.3e18, 1e300,
       0.1, 4294967296.5, -0.5, 1e-30, 3.0e38, 3.5e38]
F64_BITS = [_f64(x) for x in F64] + [0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0x7FF0000000000001]
INTS = [0, 1, 2, 3, 7, 31, 32, 33, 63, 64, 65, 255, 256, 0x7FFF, 0x8000, 0xFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF,
        0x100000000, 0x7FFFFFFFFFFFFFFF, 0x8000000000000000, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFF80000000,
        0xFFFFFFFFFFFF8000, 0x12345678, 0xDEADBEEF, 0x00FF00FF, 1000000]


def inputs(seed=7):
    """4 words a thread: each word, by thread, an integer extreme, an f32 special in both
    halves, an f64 special, or random bits."""
    rng = np.random.default_rng(seed)
    out = np.zeros((N, 4), np.uint64)
    for t in range(N):
        for w in range(4):
            kind = (t + 3 * w + t // 7) % 5
            if kind == 0:
                v = INTS[rng.integers(len(INTS))]
            elif kind == 1:
                v = F32_BITS[rng.integers(len(F32_BITS))] | (F32_BITS[rng.integers(len(F32_BITS))] << 32)
            elif kind == 2:
                v = F64_BITS[rng.integers(len(F64_BITS))]
            elif kind == 3:
                v = int(rng.integers(0, 70)) | (int(rng.integers(0, 1 << 20)) << 40) * int(rng.integers(0, 2))
            else:
                v = int(rng.integers(0, 2 ** 63)) * 2 + int(rng.integers(0, 2))
            if kind == 1 and t % 3 == 0:      # small floats that round interestingly, also as f32
                x = float(rng.normal() * 10.0 ** int(rng.integers(-3, 8)))
                v = _f32(x) | (_f32(-x / 3) << 32)
            out[t, w] = v
    return out.reshape(-1)


WIDTH = {"pred": 1, "b16": 16, "u16": 16, "s16": 16, "f16": 16, "bf16": 16, "b32": 32, "u32": 32, "s32": 32,
         "f32": 32, "b64": 64, "u64": 64, "s64": 64, "f64": 64, "u8": 16, "s8": 16, "b8": 16}


def _load(reg, ty, src):
    """PTX lines putting the low bits of 64-bit register src into %reg of type ty."""
    w = WIDTH[ty]
    if ty == "pred":
        return [f"and.b64 %tmp64, {src}, 1;", f"setp.ne.u64 %{reg}, %tmp64, 0;"]
    if w == 64:
        return [f"mov.b64 %{reg}, {src};"]
    if w == 32:
        return [f"cvt.u32.u64 %tmp32, {src};", f"mov.b32 %{reg}, %tmp32;"]
    return [f"cvt.u16.u64 %tmp16, {src};", f"mov.b16 %{reg}, %tmp16;"]


def _store(reg, ty, slot):
    w = WIDTH[ty]
    if ty == "pred":
        lines = [f"selp.u64 %tmp64, 1, 0, %{reg};"]
    elif w == 64:
        lines = [f"mov.b64 %tmp64, %{reg};"]
    elif w == 32:
        lines = [f"mov.b32 %tmp32, %{reg};", "cvt.u64.u32 %tmp64, %tmp32;"]
    else:
        lines = [f"mov.b16 %tmp16, %{reg};", "cvt.u64.u16 %tmp64, %tmp16;"]
    return lines + [f"st.global.u64 [%out+{8 * slot}], %tmp64;"]


def kernel(cases):
    """PTX text of one kernel running `cases`: (instruction, {register: type}, outputs)."""
    slots = sum(len(outs) for _, _, outs in cases)
    body = []
    slot = 0
    for text, regs, outs in cases:
        body.append("{")
        body += [f"\t.reg .{t} %{r};" for r, t in regs.items()]
        for r, src in zip("abce", ("%A", "%B", "%C", "%D")):
            if r in regs and r not in outs:
                body += ["\t" + ln for ln in _load(r, regs[r], src)]
        body.append("\t" + text)
        for r in outs:
            body += ["\t" + ln for ln in _store(r, regs[r], slot)]
            slot += 1
        body.append("}")
    head = f"""
.version 8.0
.target sm_90
.address_size 64
.visible .entry ops(.param .u64 pin, .param .u64 pout)
{{
\t.reg .b64 %A, %B, %C, %D, %in, %out, %tmp64, %off;
\t.reg .b32 %t, %tmp32;
\t.reg .b16 %tmp16;
\tld.param.u64 %in, [pin];
\tld.param.u64 %out, [pout];
\tmov.u32 %t, %tid.x;
\tmul.wide.u32 %off, %t, 32;
\tadd.s64 %in, %in, %off;
\tld.global.u64 %A, [%in];
\tld.global.u64 %B, [%in+8];
\tld.global.u64 %C, [%in+16];
\tld.global.u64 %D, [%in+24];
\tmul.wide.u32 %off, %t, {8 * slots};
\tadd.s64 %out, %out, %off;
"""
    return head + "\n".join(body) + "\n\tret;\n}\n", slots


def _bin(op, ta, tb=None, td=None, **more):
    return (f"{op} %d, %a, %b;", {"a": ta, "b": tb or ta, "d": td or ta, **more}, ["d"])


def _un(op, ta, td=None):
    return (f"{op} %d, %a;", {"a": ta, "d": td or ta}, ["d"])


def groups():
    """{name: (cases, runs on Metal, approximate)}"""
    g = {}
    ints = []
    for t, reg in (("s16", "b16"), ("u16", "u16"), ("s32", "b32"), ("u32", "s32"), ("s64", "b64"), ("u64", "u64")):
        for op in ("add", "sub", "mul.lo", "mul.hi", "div", "rem", "min", "max"):
            ints.append(_bin(f"{op}.{t}", reg))
        ints.append((f"mad.lo.{t} %d, %a, %b, %c;", {"a": reg, "b": reg, "c": t, "d": reg}, ["d"]))
        ints.append((f"mad.hi.{t} %d, %a, %b, %c;", {"a": t, "b": reg, "c": reg, "d": t}, ["d"]))
        if t[0] == "s":                          # abs and neg are signed-only (PTX ISA 9.7.1)
            ints.append(_un(f"abs.{t}", reg))
            ints.append(_un(f"neg.{t}", reg))
        ints.append((f"shl.b{t[1:]} %d, %a, %b;", {"a": reg, "b": "u32", "d": reg}, ["d"]))
        ints.append((f"shr.{t} %d, %a, %b;", {"a": reg, "b": "b32", "d": reg}, ["d"]))
        if t[1:] != "64":
            wide = {"16": "32", "32": "64"}[t[1:]]
            ints.append(_bin(f"mul.wide.{t}", reg, td=f"b{wide}"))
            ints.append((f"mad.wide.{t} %d, %a, %b, %c;", {"a": reg, "b": t, "c": f"{t[0]}{wide}", "d": f"b{wide}"},
                         ["d"]))
    for w in ("16", "32", "64"):
        for op in ("and", "or", "xor"):
            ints.append(_bin(f"{op}.b{w}", f"b{w}"))
        ints.append(_un(f"not.b{w}", f"b{w}"))
        ints.append(_un(f"cnot.b{w}", f"b{w}"))
    for w in ("32", "64"):
        ints += [_un(f"popc.b{w}", f"b{w}", "u32"), _un(f"clz.b{w}", f"b{w}", "u32"), _un(f"brev.b{w}", f"b{w}")]
        for s in ("u", "s"):
            ints.append((f"bfe.{s}{w} %d, %a, %b, %c;", {"a": f"b{w}", "b": "u32", "c": "u32", "d": f"{s}{w}"}, ["d"]))
        ints.append((f"bfi.b{w} %d, %a, %b, %c, %e;", {"a": f"b{w}", "b": f"b{w}", "c": "u32", "e": "u32",
                                                         "d": f"b{w}"}, ["d"]))
    ints += [
        ("prmt.b32 %d, %a, %b, %c;", {"a": "b32", "b": "b32", "c": "b32", "d": "b32"}, ["d"]),
        ("lop3.b32 %d, %a, %b, %c, 0x96;", {"a": "b32", "b": "b32", "c": "b32", "d": "b32"}, ["d"]),
        ("lop3.b32 %d, %a, %b, %c, 0xE8;", {"a": "b32", "b": "b32", "c": "b32", "d": "b32"}, ["d"]),
        ("lop3.b32 %d, %a, %b, %c, 0x01;", {"a": "b32", "b": "b32", "c": "b32", "d": "b32"}, ["d"]),
        ("shf.l.wrap.b32 %d, %a, %b, %c;", {"a": "b32", "b": "b32", "c": "u32", "d": "b32"}, ["d"]),
        ("shf.r.clamp.b32 %d, %a, %b, %c;", {"a": "b32", "b": "b32", "c": "u32", "d": "b32"}, ["d"]),
        ("shf.l.clamp.b32 %d, %a, %b, %c;", {"a": "b32", "b": "b32", "c": "u32", "d": "b32"}, ["d"]),
        ("shf.r.wrap.b32 %d, %a, %b, %c;", {"a": "b32", "b": "b32", "c": "u32", "d": "b32"}, ["d"]),
        _bin("mul24.lo.s32", "b32"), _bin("mul24.hi.s32", "s32"), _bin("mul24.lo.u32", "u32"),
        _bin("mul24.hi.u32", "b32"),
        ("mad24.lo.s32 %d, %a, %b, %c;", {"a": "b32", "b": "b32", "c": "s32", "d": "b32"}, ["d"]),
        ("mad24.hi.u32 %d, %a, %b, %c;", {"a": "b32", "b": "b32", "c": "u32", "d": "b32"}, ["d"]),
        _bin("add.sat.s32", "b32"), _bin("sub.sat.s32", "s32"),
        ("mad.hi.sat.s32 %d, %a, %b, %c;", {"a": "b32", "b": "b32", "c": "s32", "d": "b32"}, ["d"]),
    ]
    g["integer"] = (ints, True, False)
    cmp = []
    for t, reg in (("s16", "b16"), ("u16", "b16"), ("s32", "b32"), ("u32", "b32"), ("s64", "b64"), ("u64", "b64"),
                   ("b32", "u32")):
        ops = ("eq", "ne") if t[0] == "b" else ("eq", "ne", "lt", "le", "gt", "ge") + (
            ("lo", "ls", "hi", "hs") if t[0] == "u" else ())
        for c in ops:
            cmp.append((f"setp.{c}.{t} %p, %a, %b;", {"a": reg, "b": t, "p": "pred"}, ["p"]))
    for t in ("f32", "f64"):
        for c in ("eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"):
            cmp.append((f"setp.{c}.{t} %p|%q, %a, %b;", {"a": t, "b": f"b{t[1:]}", "p": "pred", "q": "pred"},
                        ["p", "q"]))
    cmp += [("setp.lt.and.s32 %p|%q, %a, %b, %c;", {"a": "s32", "b": "s32", "c": "pred", "p": "pred", "q": "pred"},
             ["p", "q"]),
            ("setp.ge.or.u32 %p, %a, %b, !%c;", {"a": "u32", "b": "u32", "c": "pred", "p": "pred"}, ["p"]),
            ("setp.ne.xor.f32 %p|%q, %a, %b, %c;", {"a": "f32", "b": "f32", "c": "pred", "p": "pred", "q": "pred"},
             ["p", "q"]),
            ("setp.lt.ftz.f32 %p, %a, %b;", {"a": "f32", "b": "f32", "p": "pred"}, ["p"]),
            ("selp.b32 %d, %a, %b, %c;", {"a": "b32", "b": "b32", "c": "pred", "d": "b32"}, ["d"]),
            ("selp.f64 %d, %a, %b, %c;", {"a": "f64", "b": "f64", "c": "pred", "d": "f64"}, ["d"]),
            ("and.pred %p, %a, %b;", {"a": "pred", "b": "pred", "p": "pred"}, ["p"]),
            ("xor.pred %p, %a, !%b;", {"a": "pred", "b": "pred", "p": "pred"}, ["p"]),
            ("not.pred %p, %a;", {"a": "pred", "p": "pred"}, ["p"])]
    g["compare"] = ([c for c in cmp if "f64" not in c[0]], True, False)
    g["compare64"] = ([c for c in cmp if "f64" in c[0]], False, False)
    cv = []
    itypes = ("u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64")
    regs = {"u8": "b16", "s8": "b16", "u16": "u16", "s16": "b16", "u32": "b32", "s32": "u32", "u64": "b64",
            "s64": "u64"}
    for d in itypes:
        for s in itypes:
            for sat in ("", ".sat"):
                cv.append((f"cvt{sat}.{d}.{s} %d, %a;", {"a": regs[s], "d": regs[d]}, ["d"]))
    for f in ("f32", "f64"):
        for d in itypes:
            for r in ("rni", "rzi", "rmi", "rpi"):
                cv.append((f"cvt.{r}.{d}.{f} %d, %a;", {"a": f, "d": regs[d]}, ["d"]))
        for s in itypes:
            cv.append((f"cvt.rn.{f}.{s} %d, %a;", {"a": regs[s], "d": f}, ["d"]))
        for r in ("rni", "rzi", "rmi", "rpi"):
            cv.append((f"cvt.{r}.{f}.{f} %d, %a;", {"a": f, "d": f}, ["d"]))
    cv += [("cvt.sat.f32.f32 %d, %a;", {"a": "f32", "d": "f32"}, ["d"]),
           ("cvt.ftz.f32.f32 %d, %a;", {"a": "f32", "d": "f32"}, ["d"]),
           ("cvt.rzi.ftz.s32.f32 %d, %a;", {"a": "f32", "d": "s32"}, ["d"]),
           ("cvt.rn.f16.f32 %d, %a;", {"a": "f32", "d": "b16"}, ["d"]),
           ("cvt.f32.f16 %d, %a;", {"a": "b16", "d": "f32"}, ["d"]),
           ("cvt.rn.bf16.f32 %d, %a;", {"a": "f32", "d": "b16"}, ["d"]),
           ("cvt.f32.bf16 %d, %a;", {"a": "b16", "d": "f32"}, ["d"]),
           ("cvt.f64.f32 %d, %a;", {"a": "f32", "d": "f64"}, ["d"]),
           ("cvt.rn.f32.f64 %d, %a;", {"a": "f64", "d": "f32"}, ["d"])]
    g["convert"] = ([c for c in cv if "f64" not in c[0]], True, False)
    g["convert64"] = ([c for c in cv if "f64" in c[0]], False, False)
    fl, directed, fl64, approx = [], [], [], []
    for t in ("f32", "f64"):
        dst = fl if t == "f32" else fl64
        for op in ("add", "sub", "mul"):
            dst.append(_bin(f"{op}.{t}", t, f"b{t[1:]}"))
            dst.append(_bin(f"{op}.rn.{t}", t))
            for r in ("rz", "rm", "rp"):
                (directed if t == "f32" else fl64).append(_bin(f"{op}.{r}.{t}", t))
        dst.append((f"fma.rn.{t} %d, %a, %b, %c;", {"a": t, "b": t, "c": t, "d": t}, ["d"]))
        for r in ("rz", "rm", "rp"):
            (directed if t == "f32" else fl64).append(
                (f"fma.{r}.{t} %d, %a, %b, %c;", {"a": t, "b": t, "c": t, "d": t}, ["d"]))
            (directed if t == "f32" else fl64).append(_bin(f"div.{r}.{t}", t))
            (directed if t == "f32" else fl64).append(_un(f"sqrt.{r}.{t}", t))
            (directed if t == "f32" else fl64).append(_un(f"rcp.{r}.{t}", t))
        dst += [_bin(f"div.rn.{t}", t), _un(f"sqrt.rn.{t}", t), _un(f"rcp.rn.{t}", t), _bin(f"min.{t}", t),
                _bin(f"max.{t}", t), _un(f"abs.{t}", t), _un(f"neg.{t}", t), _bin(f"copysign.{t}", t)]
        for cls in ("finite", "infinite", "number", "notanumber", "normal", "subnormal"):
            dst.append((f"testp.{cls}.{t} %p, %a;", {"a": t, "p": "pred"}, ["p"]))
    fl += [_bin("add.ftz.f32", "f32"), _bin("mul.rn.ftz.sat.f32", "f32"), _un("abs.ftz.f32", "f32"),
           _un("neg.ftz.f32", "f32"), _bin("min.ftz.f32", "f32"), _bin("add.sat.f32", "f32"),
           _bin("min.NaN.f32", "f32"), _bin("max.NaN.f32", "f32"),
           ("fma.rn.ftz.sat.f32 %d, %a, %b, %c;", {"a": "f32", "b": "f32", "c": "f32", "d": "f32"}, ["d"]),
           _bin("div.full.f32", "f32")]
    for op in ("ex2.approx", "ex2.approx.ftz", "lg2.approx", "lg2.approx.ftz", "sin.approx", "cos.approx.ftz",
               "rsqrt.approx", "rcp.approx", "sqrt.approx", "tanh.approx"):
        approx.append(_un(f"{op}.f32", "f32"))
    approx.append(_bin("div.approx.f32", "f32"))
    g["float"] = (fl, True, False)
    g["float_directed"] = (directed, False, False)
    g["float64"] = (fl64, False, False)
    g["approx"] = (approx, True, True)
    warp = []
    for mode in ("up", "down", "bfly", "idx"):
        warp.append((f"shfl.sync.{mode}.b32 %d|%p, %a, %b, %c, 0xffffffff;",
                     {"a": "b32", "b": "u32", "c": "u32", "d": "b32", "p": "pred"}, ["d", "p"]))
        warp.append((f"shfl.sync.{mode}.b32 %d, %a, 3, 0x1f, 0xffffffff;", {"a": "f32", "d": "f32"}, ["d"]))
        warp.append((f"shfl.sync.{mode}.b32 %d, %a, 5, 0x0c1f, 0xffffffff;", {"a": "b32", "d": "b32"}, ["d"]))
    for mode, ty in (("all", "pred"), ("any", "pred"), ("uni", "pred"), ("ballot", "b32")):
        warp.append((f"vote.sync.{mode}.{ty} %d, %a, 0xffffffff;", {"a": "pred", "d": ty}, ["d"]))
        warp.append((f"vote.sync.{mode}.{ty} %d, !%a, 0x0000ffff;", {"a": "pred", "d": ty}, ["d"]))
    for op in ("add", "min", "max", "and", "or", "xor"):
        for ty in (("s32", "u32") if op in ("add", "min", "max") else ("b32",)):
            warp.append((f"redux.sync.{op}.{ty} %d, %a, 0xffffffff;", {"a": ty, "d": ty}, ["d"]))
    warp.append(("activemask.b32 %d;", {"d": "b32"}, ["d"]))
    for sreg in ("%laneid", "%lanemask_eq", "%lanemask_lt", "%lanemask_le", "%lanemask_gt", "%lanemask_ge",
                 "%tid.x", "%ntid.x", "%ctaid.x", "%nctaid.x", "%warpid"):
        warp.append((f"mov.u32 %d, {sreg};", {"d": "u32"}, ["d"]))
    g["warp"] = (warp, True, False)
    return g


def compare(ref, got, cases, approx):
    """[(case text, thread, ref word, got word)] where the two runs disagree."""
    ncols = sum(len(o) for _, _, o in cases)
    ref, got = ref.reshape(N, ncols), got.reshape(N, ncols)
    cols = [(text, r, regs[r]) for text, regs, outs in cases for r in outs]
    bad = []
    for k, (text, r, ty) in enumerate(cols):
        for t in range(N):
            a, b = int(ref[t, k]), int(got[t, k])
            if a == b:
                continue
            if ty in ("f32", "f64"):          # NaN is NaN: payloads and signs are not compared
                fmt, m = ("<f", 0xFFFFFFFF) if ty == "f32" else ("<d", 2 ** 64 - 1)
                x = struct.unpack(fmt, (a & m).to_bytes(4 if ty == "f32" else 8, "little"))[0]
                y = struct.unpack(fmt, (b & m).to_bytes(4 if ty == "f32" else 8, "little"))[0]
                if x != x and y != y:
                    continue
                if approx and (x == y or abs(x - y) <= 2e-6 * max(abs(x), abs(y))):
                    continue
            bad.append((text, t, hex(a), hex(b)))
    return bad


# Memory: shared, local and module-global data reached through their own state spaces and
# through generic addresses (cvta both ways), vector and narrow accesses, sign extension on
# loads, and atomics whose final values do not depend on the order the lanes ran in.
MEMORY_THREADS = 64
MEMORY_PTX = """
.version 8.0
.target sm_90
.address_size 64
.global .align 4 .b8 table[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 250, 11, 12, 13, 14, 15, 16};

.visible .entry memory(.param .u64 pin, .param .u64 pout)
{
	.reg .b32 %t, %r<41>;
	.reg .b64 %rd<40>;
	.reg .pred %p<4>;
	.shared .align 16 .b8 sm[1024];
	.shared .align 4 .b32 cnt[4];
	.local .align 16 .b8 lm[32];

	ld.param.u64 %rd1, [pin];
	ld.param.u64 %rd2, [pout];
	cvta.to.global.u64 %rd1, %rd1;
	cvta.to.global.u64 %rd2, %rd2;
	mov.u32 %t, %tid.x;
	mul.wide.u32 %rd3, %t, 16;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd4];
	mul.wide.u32 %rd5, %t, 128;
	add.s64 %rd6, %rd2, %rd5;
	setp.eq.u32 %p1, %t, 0;
	@%p1 st.shared.v4.u32 [cnt], {%r40, %r40, %r40, %r40};
	mov.u32 %r5, sm;
	shl.b32 %r6, %t, 4;
	add.s32 %r7, %r5, %r6;
	cvt.u64.u32 %rd7, %r7;
	cvta.shared.u64 %rd8, %rd7;
	st.v2.u32 [%rd8], {%r1, %r2};
	st.shared.u32 [%r7+8], %r3;
	st.shared.u32 [%r7+12], %r4;
	st.u16 [%rd8+12], %r3;
	bar.sync 0;
	xor.b32 %r8, %t, 1;
	shl.b32 %r9, %r8, 4;
	add.s32 %r10, %r5, %r9;
	ld.shared.v4.u32 {%r11, %r12, %r13, %r14}, [%r10];
	cvta.to.shared.u64 %rd9, %rd8;
	cvt.u32.u64 %r15, %rd9;
	ld.s8 %r16, [%rd8+1];
	ld.u16 %r17, [%rd8+2];
	mov.u64 %rd10, lm;
	cvta.local.u64 %rd11, %rd10;
	st.local.u32 [lm], %r1;
	st.u32 [%rd11+4], %r2;
	st.local.v2.u32 [lm+8], {%r3, %r4};
	ld.u64 %rd12, [%rd11];
	ld.local.u64 %rd13, [lm+8];
	cvta.to.local.u64 %rd14, %rd11;
	ld.global.u32 %r18, [table+4];
	mov.u64 %rd15, table;
	ld.u8 %r19, [%rd15+9];
	and.b32 %r20, %t, 15;
	cvt.u64.u32 %rd16, %r20;
	add.s64 %rd17, %rd15, %rd16;
	ld.s8 %r21, [%rd17];
	mov.u32 %r22, cnt;
	cvt.u64.u32 %rd18, %r22;
	cvta.shared.u64 %rd19, %rd18;
	atom.add.u32 %r23, [%rd19], %r1;
	atom.shared.max.s32 %r24, [cnt+4], %r2;
	atom.shared.xor.b32 %r25, [%r22+8], %r3;
	atom.inc.u32 %r26, [%rd19+12], 1000;
	add.s64 %rd20, %rd2, 8192;
	atom.global.add.u32 %r27, [%rd20], %r1;
	atom.global.min.u32 %r28, [%rd20+4], %r2;
	atom.global.or.b32 %r29, [%rd20+8], %r3;
	red.global.and.b32 [%rd20+12], %r4;
	atom.global.max.s32 %r30, [%rd20+16], %r4;
	red.add.u32 [%rd20+20], 1;
	ld.volatile.global.u32 %r31, [%rd4+4];
	bar.sync 0;
	ld.shared.v2.u32 {%r32, %r33}, [cnt];
	ld.shared.v2.u32 {%r34, %r35}, [cnt+8];
	mov.b64 %rd21, {%r11, %r12};
	st.global.v2.u64 [%rd6], {%rd21, %rd21};
	mov.b64 %rd22, {%r13, %r14};
	st.global.u64 [%rd6+8], %rd22;
	mov.b64 %rd23, {%r15, %r16};
	st.global.u64 [%rd6+16], %rd23;
	mov.b64 %rd24, {%r17, %r18};
	st.global.u64 [%rd6+24], %rd24;
	st.global.u64 [%rd6+32], %rd12;
	st.global.u64 [%rd6+40], %rd13;
	st.global.u64 [%rd6+48], %rd14;
	mov.b64 %rd25, {%r19, %r21};
	st.global.u64 [%rd6+56], %rd25;
	mov.b64 %rd26, {%r32, %r33};
	st.global.u64 [%rd6+64], %rd26;
	mov.b64 %rd27, {%r34, %r35};
	st.global.u64 [%rd6+72], %rd27;
	st.global.u32 [%rd6+80], %r31;
	st.global.u8 [%rd6+84], %r21;
	st.global.u16 [%rd6+86], %r16;
	ret;
}
"""


def memory_buffers(seed=11):
    """(in, out) for MEMORY_PTX: 4 words a thread in; 16 u64 a thread out, then 8 words the
    global atomics work on (initially: 0, all ones, 0, all ones, INT_MIN, 0)."""
    rng = np.random.default_rng(seed)
    inp = rng.integers(0, 2 ** 32, 4 * MEMORY_THREADS, dtype=np.uint64).astype(np.uint32)
    inp[:8] = [0x80, 0xFFFFFF7F, 5, 0x8000, 0xFFFFFFFF, 1, 0x7FFFFFFF, 0]
    out = np.zeros(16 * MEMORY_THREADS + 4, np.uint64)
    words = out[16 * MEMORY_THREADS:].view(np.uint32)
    words[:6] = [0, 0xFFFFFFFF, 0, 0xFFFFFFFF, 0x80000000, 0]
    return inp, out


# Control flow: threads that exit before a barrier (the others still meet there), a branch
# that splits warps and joins before a shuffle, loops whose trip count differs lane by lane
# before a vote, and a loop with a barrier inside that every thread runs.
CONTROL_THREADS = 96
CONTROL_PTX = """
.version 8.0
.target sm_90
.address_size 64

.visible .entry control(.param .u64 pin, .param .u64 pout)
{
	.reg .b32 %t, %r<40>;
	.reg .b64 %rd<20>;
	.reg .pred %p<8>;
	.shared .align 4 .b32 sm[128];

	ld.param.u64 %rd1, [pin];
	ld.param.u64 %rd2, [pout];
	mov.u32 %t, %tid.x;
	mul.wide.u32 %rd3, %t, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.u32 %r1, [%rd4];
	mul.wide.u32 %rd5, %t, 32;
	add.s64 %rd6, %rd2, %rd5;
	// a branch that splits every warp, then a shuffle after the join
	and.b32 %r2, %r1, 1;
	setp.eq.u32 %p1, %r2, 0;
	@%p1 bra EVEN;
	mul.lo.u32 %r3, %r1, 3;
	add.u32 %r3, %r3, 1;
	bra JOIN;
EVEN:
	shr.u32 %r3, %r1, 1;
JOIN:
	shfl.sync.bfly.b32 %r4, %r3, 1, 0x1f, 0xffffffff;
	st.global.u32 [%rd6], %r4;
	// a loop with a trip count per lane (r1 % 7), then a ballot over the warp
	rem.u32 %r5, %r1, 7;
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
LOOP:
	setp.ge.u32 %p2, %r6, %r5;
	@%p2 bra DONE;
	add.u32 %r7, %r7, %r6;
	add.u32 %r6, %r6, 1;
	bra LOOP;
DONE:
	setp.gt.u32 %p3, %r7, 5;
	vote.sync.ballot.b32 %r8, %p3, 0xffffffff;
	st.global.u32 [%rd6+4], %r8;
	st.global.u32 [%rd6+8], %r7;
	// a loop of 3 rounds with a barrier inside: every thread passes each barrier
	mov.u32 %r9, 0;
	shl.b32 %r10, %t, 2;
	mov.u32 %r11, sm;
	add.u32 %r12, %r11, %r10;
	mov.u32 %r13, %r1;
ROUND:
	st.shared.u32 [%r12], %r13;
	bar.sync 0;
	add.u32 %r14, %t, 1;
	rem.u32 %r14, %r14, 96;
	shl.b32 %r15, %r14, 2;
	add.u32 %r16, %r11, %r15;
	ld.shared.u32 %r17, [%r16];
	add.u32 %r13, %r13, %r17;
	bar.sync 0;
	add.u32 %r9, %r9, 1;
	setp.lt.u32 %p4, %r9, 3;
	@%p4 bra ROUND;
	st.global.u32 [%rd6+12], %r13;
	// the third warp exits; the others still meet at a barrier
	setp.ge.u32 %p5, %t, 64;
	@%p5 bra OUT;
	st.shared.u32 [%r12], %t;
	bar.sync 0;
	add.u32 %r18, %t, 7;
	rem.u32 %r18, %r18, 64;
	shl.b32 %r19, %r18, 2;
	add.u32 %r20, %r11, %r19;
	ld.shared.u32 %r21, [%r20];
	st.global.u32 [%rd6+16], %r21;
	activemask.b32 %r22;
	st.global.u32 [%rd6+20], %r22;
OUT:
	ret;
}
"""
