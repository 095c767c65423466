"""The Metal Shading Language dialect (MSL 2.4+, Apple GPUs; compiled by
torch.mps.compile_shader or xcrun metal). Not compiled on this project's
machines (no Apple GPU): its tests check the text, and the CUDA C dialect,
which shares everything but the spellings below, is what runs on hardware.

Where Metal differs from CUDA, and what the emitter does about it:
  * No generic address space and no integer-to-pointer casts. A generic or
    global address is a 64-bit integer whose top 16 bits say where it points
    (pointer parameter k: k + 1; SG_TAG_SHARED, SG_TAG_LOCAL, SG_TAG_GLOBALS)
    and whose low 48 bits are the byte offset; every access decodes it
    (SG_DEV picks the buffer). Pointer arithmetic, comparisons and cvta work
    on the integer as in PTX. An address stored to memory stays valid for
    another launch only if that launch passes the buffer in the same
    parameter position.
  * Kernel arguments are buffers: pointer parameters `device uchar*`, every
    scalar a one-element `device const T*` (the launcher binds each as a
    small tensor, so no scalar packing rule of the host API matters).
  * Module .global data is `constant` (read-only): a store naming it is
    refused; one through a computed address would reach no buffer.
  * SIMD groups are warps: 32 lanes on Apple GPUs (the emitter assumes 32,
    threads_per_simdgroup). simd_shuffle/simd_ballot/simd_min/simd_sum... see
    the lanes active at the call, which are exactly the lanes the min-PC
    dispatch runs together; the PTX member mask is not needed (and not used).
    %laneid is thread_index_in_simdgroup.
  * One barrier: threadgroup_barrier, in uniform control flow (core.py).
  * No directed rounding (.rz .rm .rp), no float64, no 64-bit atomics, no
    clock or SM id (%clock, %smid ... read 0), no fence instruction (membar
    and fence emit nothing): kernels that need the first three are refused.
  * Floats: `#pragma METAL fp math_mode(safe)` (MSL 3.2+) keeps IEEE
    semantics; rounded division and square root are precise::divide and
    precise::sqrt, the .approx instructions fast::exp2 / log2 / sin / cos /
    rsqrt / tanh / divide / sqrt.
  * Atomics: atomic_fetch_add/min/max/and/or/xor and atomic_exchange on
    atomic_uint; cas, inc, dec, float add/min/max and signed min/max by a
    compare-exchange loop.
  * Dynamic shared memory: a threadgroup array of static + the
    SIMGPU_DYNAMIC_SHARED_BYTES macro (define it before the source).
  * [[max_total_threads_per_threadgroup(N)]] (N as CUDA's __launch_bounds__,
    dialect.max_threads) keeps the pipeline's thread limit at what the PTX
    may be launched with, whatever registers the dispatch loop takes.
Timings of emitted kernels include what the translation costs: the dispatch
loop (a SIMD-group minimum and a switch per block run) and the address
decoding; a kernel written for Metal by hand (seed 000's kernels.metal) has
neither.
"""
from string import Template

from .dialect import Dialect, comment_block
from .kernel import WIDTH

TAGS = {"shared": 0xFFF0, "local": 0xFFF1, "globals": 0xFFF2}
MASK48 = 0xFFFFFFFFFFFF


class Metal(Dialect):
    name, title, ext = "metal", "Metal", ".metal"
    T = {"bool": "bool", "u8": "uchar", "i8": "char", "u16": "ushort", "i16": "short", "u32": "uint",
         "i32": "int", "u64": "ulong", "i64": "long", "f32": "float", "f64": "double"}
    FN = "static inline"
    U64, I64 = "ul", "l"
    writable_globals = False     # module .global data is `constant`

    def check_kernel(self, x):
        from .kernel import EmitError
        bad = [q.name for q in x.v.params if q.ct == "f64"]
        bad += [name for name, ct in x.v.regs.values() if ct == "f64"]
        if bad:
            raise EmitError(f"{x.p.file}: kernel {x.p.name} uses 64-bit floating point ({bad[0]}), "
                            "which Metal does not have")

    def header(self, origin, views, helpers, xs):
        from . import prelude
        out = comment_block([f"Metal Shading Language emitted by `simgpu emit` from {origin}.",
                             "Each kernel keeps the PTX's semantics (simgpu/emit/: core.py and metal.py say how).",
                             "Define SIMGPU_DYNAMIC_SHARED_BYTES before this text for kernels with dynamic "
                             "shared memory."])
        out += ("#include <metal_stdlib>\nusing namespace metal;\n"
                "#if __METAL_VERSION__ >= 320\n#pragma METAL fp math_mode(safe)\n#endif\n"
                "#ifndef SIMGPU_DYNAMIC_SHARED_BYTES\n#define SIMGPU_DYNAMIC_SHARED_BYTES 0\n#endif\n"
                "#define SG_F2U(x) as_type<uint>(x)\n#define SG_U2F(x) as_type<float>(x)\n"
                "#define SG_D2U(x) as_type<ulong>(x)\n#define SG_U2D(x) as_type<double>(x)\n"
                "#define SG_WAIT 0x80000000u\n#define SG_DONE 0xffffffffu\n"
                "// SIMD-group operations among `lanes`: the lanes that run the call (SG_ALL: the whole group)\n"
                "#ifndef SG_MIN\n#define SG_ALL 0xffffffffu\n#define SG_MIN(lanes, v) simd_min(v)\n"
                "#define SG_BALLOT(lanes, p) ((uint)(ulong)simd_ballot(p))\n"
                "#define SG_SHUFFLE(lanes, v, l) simd_shuffle(v, (ushort)(l))\n"
                "#define SG_REDUX(fn, lanes, v) fn(v)\n#endif\n"
                + "".join(f"#define SG_TAG_{k.upper()} 0x{v:x}ul\n" for k, v in TAGS.items())
                + f"#define SG_OFF(a) ((a) & 0x{MASK48:x}ul)\n")
        out += prelude.render(helpers, self.spell())
        for space in ("device", "threadgroup"):
            if f"sg_atom32_{space}" in helpers:
                out += Template(_ATOM).substitute(AS=space)
        if any(x.v.global_vars for x in xs) and xs[0].v.global_bytes:
            data = xs[0].v.global_bytes
            out += (f"constant uchar sg_globals[{len(data)}] = {{" + ", ".join(str(b) for b in data) + "};\n")
        return out

    def kernel(self, x, body):
        p = x.p
        args = []
        for k, q in enumerate(x.v.params):
            t = "device uchar*" if q.pointer else f"device const {self.T[q.ct]}*"
            args.append(f"{t} {q.cname} [[buffer({k})]]")
        args += ["uint3 sg_tid3 [[thread_position_in_threadgroup]]", "uint3 sg_ntid3 [[threads_per_threadgroup]]",
                 "uint3 sg_ctaid3 [[threadgroup_position_in_grid]]", "uint3 sg_nctaid3 [[threadgroups_per_grid]]",
                 "uint sg_lane [[thread_index_in_simdgroup]]", "uint sg_ltid [[thread_index_in_threadgroup]]"]
        ptrs = [(k, q) for k, q in enumerate(x.v.params) if q.pointer]
        base = " : ".join(f"(t) == {k + 1}ul ? {q.cname}" for k, q in ptrs) + (" : " if ptrs else "") + \
            "(device uchar*)0"
        setup = [f"#define SG_DEV(a) (({base.replace('(t)', '((a) >> 48)')}) + SG_OFF(a))"]
        if x.smem:
            size = f"{x.dynamic_base} + SIMGPU_DYNAMIC_SHARED_BYTES" if p.has_dynamic_shared else str(x.smem_static)
            setup += [f"threadgroup uint4 sg_smem_w[({size} + 15) / 16 > 0 ? ({size} + 15) / 16 : 1];",
                      "threadgroup uchar* sg_smem = (threadgroup uchar*)sg_smem_w;"]
        if x.has_barrier:
            setup.append("threadgroup uint sg_alive[3];  // is any thread still running? (3 in rotation)")
        if x.lmem_bytes:
            setup += [f"uint4 sg_lmem_w[{(x.lmem_bytes + 15) // 16}];  // .local",
                      "thread uchar* sg_lmem = (thread uchar*)sg_lmem_w;"]
        lines = setup + body + ["#undef SG_DEV"]
        sig = (",\n" + " " * (len(p.name) + 13)).join(args)
        head = f"\n[[max_total_threads_per_threadgroup({self.max_threads(x)})]]\nkernel void {p.name}({sig})\n{{\n"
        return head + "".join(
            (f"{ln}\n" if ln.startswith("#") else f"    {ln}\n") for ln in lines) + "}\n"

    def sreg_native(self, x, name):
        base, _, comp = name.partition(".")
        builtin = {"%tid": "sg_tid3", "%ntid": "sg_ntid3", "%ctaid": "sg_ctaid3", "%nctaid": "sg_nctaid3"}
        if base in builtin:
            return f"{builtin[base]}.{comp}", "u32"
        return ("0ul", "u64") if name in ("%clock64", "%gridid") else ("0u", "u32")

    # ---- SIMD groups ----
    # The SG_* macros (header) name the lanes that take part, for the reader and for
    # tests/emit_host; Metal itself needs no mask: they are the lanes running the call.
    def warp_min(self, x, e):
        return f"SG_MIN(SG_ALL, {e})"

    def ballot(self, x, e, lanes):
        return f"SG_BALLOT({lanes or 'SG_ALL'}, {e})"

    def shfl(self, x, v, lane):
        return f"SG_SHUFFLE(sg_lanes, {v}, {lane})"

    def redux(self, x, aop, ct, v):
        return f"SG_REDUX(simd_{'sum' if aop == 'add' else aop}, sg_lanes, {v})"

    def warp_sync(self, x, i):
        return "simdgroup_barrier(mem_flags::mem_threadgroup);"

    def sleep(self, x, i):
        return f"(void)({x.src(i, 0, 'u32')});      // nanosleep: Metal has no pause; no effect on results"

    def barrier(self, x):
        return "threadgroup_barrier(mem_flags::mem_device | mem_flags::mem_threadgroup);"

    def fence(self, x, i):
        return [f"// {x.p.texts[i]}: Metal has no fence instruction; accesses in one thread stay in order"]

    # ---- memory ----
    def _tag(self, a):
        return f"(({a}) >> 48)"

    def _generic(self, x, a, shared, local, glob, dev):
        """A chain over the spaces a generic address may point to (only those the kernel has)."""
        alts = []
        if x.smem:
            alts.append((f"{self._tag(a)} == SG_TAG_SHARED", shared(f"(uint)SG_OFF({a})")))
        if x.lmem_bytes:
            alts.append((f"{self._tag(a)} == SG_TAG_LOCAL", local(f"(uint)SG_OFF({a})")))
        if x.v.global_vars and glob is not None:
            alts.append((f"{self._tag(a)} == SG_TAG_GLOBALS", glob(f"SG_OFF({a})")))
        return alts, dev(a)

    def load(self, x, space, ct, a, vol):
        t = f"{'volatile ' if vol else ''}{self.T[ct]}"
        if space == "shared":
            return f"(*(threadgroup {t}*)(sg_smem + {a}))"
        if space == "local":
            return f"(*(thread {t}*)(sg_lmem + {a}))"
        alts, last = self._generic(
            x, a, lambda o: f"(*(threadgroup {t}*)(sg_smem + {o}))", lambda o: f"(*(thread {t}*)(sg_lmem + {o}))",
            lambda o: f"(*(constant {self.T[ct]}*)(sg_globals + {o}))", lambda g: f"(*(device {t}*)SG_DEV({g}))")
        if space == "global":
            alts = [(c, e) for c, e in alts if "GLOBALS" in c]
        e = last
        for cond, val in reversed(alts):
            e = f"({cond} ? {val} : {e})"
        return e

    def store(self, x, space, ct, a, v, vol):
        t = f"{'volatile ' if vol else ''}{self.T[ct]}"
        if space == "shared":
            return f"*(threadgroup {t}*)(sg_smem + {a}) = {v};"
        if space == "local":
            return f"*(thread {t}*)(sg_lmem + {a}) = {v};"
        alts, last = self._generic(x, a, lambda o: f"*(threadgroup {t}*)(sg_smem + {o}) = {v};",
                                   lambda o: f"*(thread {t}*)(sg_lmem + {o}) = {v};", None,
                                   lambda g: f"*(device {t}*)SG_DEV({g}) = {v};")
        if space == "global":
            alts = []
        s = ""
        for cond, st in alts:
            s += f"if ({cond}) {st} else "
        return s + last

    def atomic(self, x, space, aop, ct, a, b, c):
        if WIDTH[ct] != 32:
            x.fail(x.cur, "a 64-bit atomic (Metal has 32-bit atomics only)")
        code = _ATOM_CODE.get((aop, "f" if ct == "f32" else ("s" if ct == "i32" else "u")),
                              _ATOM_CODE.get((aop, "u")))
        if code is None:
            x.fail(x.cur, f"atom.{aop}.{ct}")
        bb = x.conv(b, ct, "u32")
        cc = x.conv(c, ct, "u32") if c is not None else "0u"
        x.use("sg_atom32_threadgroup" if space != "global" else "sg_atom32_device")

        def tg(o):
            return f"sg_atom32_threadgroup((threadgroup atomic_uint*)(sg_smem + {o}), {code}u, {bb}, {cc})"

        def dev(g):
            x.use("sg_atom32_device")
            return f"sg_atom32_device((device atomic_uint*)SG_DEV({g}), {code}u, {bb}, {cc})"
        if space == "shared":
            e = tg(a)
        elif space == "global":
            e = dev(a)
        else:
            e = dev(a)
            if x.smem:
                e = f"({self._tag(a)} == SG_TAG_SHARED ? {tg(f'(uint)SG_OFF({a})')} : {e})"
        return x.conv(e, "u32", ct)

    def to_generic(self, x, space, off):
        return f"((SG_TAG_{space.upper()} << 48) | (ulong)({off}))"

    def from_generic(self, x, space, a):
        return f"SG_OFF({a})"

    def global_addr(self, x, off):
        return f"((SG_TAG_GLOBALS << 48) | {off}ul)"

    def param_value(self, x, prm):
        if prm.pointer:
            k = [q.name for q in x.v.params].index(prm.name)
            return f"0x{(k + 1) << 48:x}ul"
        return f"{prm.cname}[0]"

    # ---- float math ----
    def fmath(self, x, i, name, ct, args, rnd, approx):
        a = args
        if rnd not in (None, "rn"):
            x.fail(i, f"rounding .{rnd} (Metal rounds to nearest only)")
        if name in ("add", "sub", "mul"):
            return f"({a[0]} {dict(add='+', sub='-', mul='*')[name]} {a[1]})"
        if name == "fma":
            return f"fma({a[0]}, {a[1]}, {a[2]})"
        if name == "div":
            return f"{'fast' if approx else 'precise'}::divide({a[0]}, {a[1]})"
        if name in ("min", "max"):          # Metal's fmin leaves -0/+0 and signaling NaNs open
            return f"{x.use('sg_minmax_f32')}({a[0]}, {a[1]}, {str(name == 'max').lower()})"
        if name == "abs":
            return f"fabs({a[0]})"
        if name == "copysign":
            return f"copysign({a[1]}, {a[0]})"
        if name == "rcp":
            return f"{'fast' if approx else 'precise'}::divide(1.0f, {a[0]})"
        if name == "sqrt":
            return f"{'fast' if approx else 'precise'}::sqrt({a[0]})"
        fn = {"rsqrt": "rsqrt", "ex2": "exp2", "lg2": "log2", "sin": "sin", "cos": "cos", "tanh": "tanh"}[name]
        return f"fast::{fn}({a[0]})"

    def round_integral(self, x, rnd, ct, v):
        return {"rn": "rint", "rz": "trunc", "rm": "floor", "rp": "ceil"}[rnd] + f"({v})"

    def f64_to_f32(self, x, i, rnd, v):
        x.fail(i, "float64")

    def int_to_float(self, x, i, rnd, ts, td, a):
        if rnd not in (None, "rn"):
            x.fail(i, f"rounding .{rnd} (Metal rounds to nearest only)")
        return f"(({self.T[td]}){a})"

    def mulhi64(self, x, sgn, a, b):
        return f"mulhi({a}, {b})"

    def bitcount(self, x, which, W, e):
        if which == "popc":
            return f"((uint)popcount({e}))"
        if which == "clz":
            return f"((uint)clz({e}))"
        return f"reverse_bits({e})"


# (operation, u/s/f) -> the op code sg_atom32_* switches on
_ATOM_CODE = {("add", "u"): 0, ("add", "s"): 0, ("min", "u"): 1, ("max", "u"): 2, ("exch", "u"): 3,
              ("exch", "s"): 3, ("exch", "f"): 3, ("and", "u"): 4, ("or", "u"): 5, ("xor", "u"): 6,
              ("cas", "u"): 7, ("cas", "s"): 7, ("cas", "f"): 7, ("inc", "u"): 8, ("dec", "u"): 9,
              ("add", "f"): 10, ("min", "s"): 11, ("max", "s"): 12, ("min", "f"): 13, ("max", "f"): 14}
_ATOM = """static inline uint sg_atom32_$AS($AS atomic_uint* o, uint op, uint b, uint c) {
    switch (op) {
    case 0u: return atomic_fetch_add_explicit(o, b, memory_order_relaxed);
    case 1u: return atomic_fetch_min_explicit(o, b, memory_order_relaxed);
    case 2u: return atomic_fetch_max_explicit(o, b, memory_order_relaxed);
    case 3u: return atomic_exchange_explicit(o, b, memory_order_relaxed);
    case 4u: return atomic_fetch_and_explicit(o, b, memory_order_relaxed);
    case 5u: return atomic_fetch_or_explicit(o, b, memory_order_relaxed);
    case 6u: return atomic_fetch_xor_explicit(o, b, memory_order_relaxed);
    default: break;
    }
    uint old = atomic_load_explicit(o, memory_order_relaxed);
    for (;;) {
        uint nv;
        if (op == 7u) { if (old != b) return old; nv = c; }
        else if (op == 8u) nv = old >= b ? 0u : old + 1u;
        else if (op == 9u) nv = (old == 0u || old > b) ? b : old - 1u;
        else if (op == 10u) nv = as_type<uint>(as_type<float>(old) + as_type<float>(b));
        else if (op == 11u) nv = as_type<int>(old) < as_type<int>(b) ? old : b;
        else if (op == 12u) nv = as_type<int>(old) > as_type<int>(b) ? old : b;
        else if (op == 13u) nv = as_type<uint>(fmin(as_type<float>(old), as_type<float>(b)));
        else nv = as_type<uint>(fmax(as_type<float>(old), as_type<float>(b)));
        if (atomic_compare_exchange_weak_explicit(o, &old, nv, memory_order_relaxed, memory_order_relaxed))
            return old;
    }
}
"""
