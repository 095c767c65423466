"""The CUDA C dialect: compiles with nvcc or NVRTC (CuPy RawModule) for sm_80+.

Choices, each the closest CUDA spelling of the PTX instruction:
  * addresses are the real ones: a global or generic address is a 64-bit
    integer cast to a pointer; shared and local addresses are byte offsets
    into `sg_smem` / `sg_lmem`, and cvta adds or removes their generic base,
    as on the hardware. Pointer parameters are taken as 64-bit integers.
  * shared memory is one byte array laid out as simgpu lays it out; with
    dynamic shared memory it is the `extern __shared__` array, and a launch
    must ask for dynamic_base + the PTX launch's dynamic bytes.
  * rounding written in the PTX picks the intrinsic of that rounding
    (__fadd_rz, __fmul_rd, __fmaf_ru, __fdiv_rn, __frcp_rn, __fsqrt_rn,
    __double2float_rz, __int2float_rd ...); without one, C's operators.
  * approximations: ex2.approx -> exp2f (compiles to ex2.approx.f32),
    lg2.approx -> __log2f (lg2.approx.f32), sin/cos.approx -> __sinf/__cosf,
    rsqrt.approx -> rsqrtf / rsqrt (rsqrt.approx.f32/.f64), tanh.approx ->
    __tanhf (tanh.approx.f32), div.approx -> __fdividef (div.approx.f32);
    .ftz forms flush the input and the result around them. No intrinsic
    gives these, so they are more exact than asked: div.full -> __fdiv_rn,
    rcp.approx.f32 -> __fdividef(1, x) (div.approx), rcp.approx.f64 -> 1.0 / x,
    sqrt.approx -> sqrtf (IEEE unless built with -prec-sqrt=false).
  * warps: __reduce_min_sync (min-PC scheduling), __ballot_sync,
    __shfl_sync with the lanes of the block being run (sg_lanes), and
    __reduce_{add,min,max,and,or,xor}_sync for redux.
  * atomics: atomicAdd/Min/Max/Exch/CAS/And/Or/Xor/Inc/Dec on the address
    (shared or global, through a generic pointer); float min/max by a CAS loop.
  * %smid %nsmid %nwarpid %gridid %clock %clock64 read the hardware's.
"""
from .dialect import Dialect, comment_block
from .kernel import WIDTH, EmitError

_R = {"rn": "rn", "rz": "rz", "rm": "rd", "rp": "ru"}


class Cuda(Dialect):
    name, title, ext = "cuda", "CUDA C", ".cu"
    T = {"bool": "bool", "u8": "unsigned char", "i8": "signed char", "u16": "unsigned short", "i16": "short",
         "u32": "unsigned", "i32": "int", "u64": "unsigned long long", "i64": "long long",
         "f32": "float", "f64": "double"}
    FN = "static __device__ __forceinline__"
    U64, I64 = "ull", "ll"

    def header(self, origin, views, helpers, xs):
        from . import prelude
        out = comment_block([f"CUDA C emitted by `simgpu emit` from {origin}.",
                             "Each kernel keeps the PTX's semantics (simgpu/emit/: core.py says how);",
                             "compile for sm_80 or later (__reduce_*_sync)."])
        out += ("#pragma nv_diag_suppress 177\n#pragma nv_diag_suppress 550\n"   # unused and set-only registers
                "#define SG_F2U(x) __float_as_uint(x)\n#define SG_U2F(x) __uint_as_float(x)\n"
                "#define SG_D2U(x) ((unsigned long long)__double_as_longlong(x))\n"
                "#define SG_U2D(x) __longlong_as_double((long long)(x))\n"
                "#define SG_WAIT 0x80000000u\n#define SG_DONE 0xffffffffu\n")
        out += prelude.render(helpers, self.spell())
        if "sg_atom_fminmax" in helpers:
            out += _FMINMAX
        for name in sorted({n for x in xs for n in x.sregs} & set(_SREG_ASM)):
            reg, ct = _SREG_ASM[name]
            t, c = self.T[ct], "l" if ct == "u64" else "r"
            out += (f"{self.FN} {t} sg_{name[1:]}() {{ {t} r; asm volatile(\"mov.{ct} %0, %%{name[1:]};\" "
                    f": \"={c}\"(r)); return r; }}\n")
        if any(x.v.global_vars for x in xs) and xs[0].v.global_bytes:
            data = xs[0].v.global_bytes
            out += (f"__device__ __align__(16) unsigned char sg_globals[{len(data)}] = {{"
                    + ", ".join(str(b) for b in data) + "};\n")
        return out

    def kernel(self, x, body):
        p = x.p
        params = ", ".join(f"{self.T[q.ct]} {q.cname}" for q in x.v.params)
        bounds = f"__launch_bounds__({self.max_threads(x)}) "
        setup = ["const unsigned sg_ltid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);",
                 "const unsigned sg_lane = sg_ltid & 31u;  // warps are formed from consecutive linear indices",
                 "const unsigned sg_left = blockDim.x * blockDim.y * blockDim.z - (sg_ltid & ~31u);",
                 "const unsigned sg_full = sg_left >= 32u ? 0xffffffffu : ((1u << sg_left) - 1u);  "
                 "// this warp's lanes"]
        if x.smem:
            if p.has_dynamic_shared:
                setup.append(f"extern __shared__ __align__(16) unsigned char sg_smem[];  // launch with "
                             f"{x.dynamic_base} + the PTX launch's dynamic bytes")
            else:
                setup.append(f"__shared__ __align__(16) unsigned char sg_smem[{x.smem_static}];")
        if x.has_barrier:
            setup.append("__shared__ unsigned sg_alive[3];  // is any thread still running? (3 in rotation)")
        if x.lmem_bytes:
            setup.append(f"__align__(16) unsigned char sg_lmem[{x.lmem_bytes}];  // .local")
        lines = setup + body
        return (f"\nextern \"C\" __global__ void {bounds}{p.name}({params})\n{{\n"
                + "".join(f"    {ln}\n" for ln in lines) + "}\n")

    def sreg_native(self, x, name):
        base, _, comp = name.partition(".")
        builtin = {"%tid": "threadIdx", "%ntid": "blockDim", "%ctaid": "blockIdx", "%nctaid": "gridDim"}
        if base in builtin:
            return f"{builtin[base]}.{comp}", "u32"
        if name in _SREG_ASM:
            return f"sg_{name[1:]}()", _SREG_ASM[name][1]
        if name == "%clock":
            return "((unsigned)clock())", "u32"
        if name == "%clock64":
            return "((unsigned long long)clock64())", "u64"
        raise EmitError(f"special register {name} is not supported")

    # ---- warps ----
    def warp_min(self, x, e):
        return f"__reduce_min_sync(sg_full, {e})"

    def ballot(self, x, e, lanes):
        """A ballot among `lanes` (None: every lane of the warp)."""
        return f"__ballot_sync({lanes or 'sg_full'}, {e})"

    def shfl(self, x, v, lane):
        return f"__shfl_sync(sg_lanes, {v}, {lane})"

    def redux(self, x, aop, ct, v):
        return f"(({self.T[ct]})__reduce_{aop}_sync(sg_lanes, {v}))"

    def barrier(self, x):
        return "__syncthreads();"

    def warp_sync(self, x, i):
        return f"__syncwarp({x.src(i, 1, 'u32')});"

    def sleep(self, x, i):
        return f"__nanosleep({x.src(i, 0, 'u32')});"

    def fence(self, x, i):
        sfx = x.v.instrs[i].suffixes
        if "cta" in sfx:
            return ["__threadfence_block();"]
        return ["__threadfence_system();"] if "sys" in sfx else ["__threadfence();"]

    # ---- memory ----
    def _ptr(self, space, a):
        if space == "shared":
            return f"(sg_smem + {a})"
        if space == "local":
            return f"(sg_lmem + {a})"
        return f"({a})"

    def load(self, x, space, ct, a, vol):
        return f"(*({'volatile ' if vol else ''}{self.T[ct]}*){self._ptr(space, a)})"

    def store(self, x, space, ct, a, v, vol):
        return f"*({'volatile ' if vol else ''}{self.T[ct]}*){self._ptr(space, a)} = {v};"

    def atomic(self, x, space, aop, ct, a, b, c):
        P = self._ptr(space, a)
        T = self.T
        w = WIDTH[ct]
        u = T["u64"] if w == 64 else T["u32"]
        if ct in ("f32", "f64") and aop in ("min", "max"):
            if ct == "f64":
                x.fail(x.cur, "atom.min/max.f64")
            x.use("sg_atom_fminmax")
            return f"sg_atom_fminmax((float*){P}, {b}, {'true' if aop == 'max' else 'false'})"
        if ct in ("f32", "f64") and aop == "add":
            return f"atomicAdd(({T[ct]}*){P}, {b})"
        if ct in ("f32", "f64"):              # exch/cas on float bits
            bb = x.conv(b, ct, "u64" if w == 64 else "u32")
            cc = x.conv(c, ct, "u64" if w == 64 else "u32") if c is not None else None
            e = self.atomic(x, space, aop, "u64" if w == 64 else "u32", a, bb, cc)
            return x.conv(e, "u64" if w == 64 else "u32", ct)
        if aop in ("add", "min", "max"):
            t = T[ct] if aop != "add" else u
            fn = {"add": "atomicAdd", "min": "atomicMin", "max": "atomicMax"}[aop]
            return x.conv(f"{fn}(({t}*){P}, ({t}){b})", ct if aop != "add" else ("u64" if w == 64 else "u32"), ct)
        fn = {"exch": "atomicExch", "cas": "atomicCAS", "and": "atomicAnd", "or": "atomicOr", "xor": "atomicXor",
              "inc": "atomicInc", "dec": "atomicDec"}[aop]
        if aop in ("inc", "dec") and w != 32:
            x.fail(x.cur, f"atom.{aop} on 64 bits")
        args = f"({u}){b}" + (f", ({u}){c}" if aop == "cas" else "")
        return x.conv(f"{fn}(({u}*){P}, {args})", "u64" if w == 64 else "u32", ct)

    def to_generic(self, x, space, off):
        arr = "sg_smem" if space == "shared" else "sg_lmem"
        return f"((unsigned long long)({arr} + {off}))"

    def from_generic(self, x, space, a):
        arr = "sg_smem" if space == "shared" else "sg_lmem"
        return f"({a} - (unsigned long long){arr})"

    def global_addr(self, x, off):
        return f"((unsigned long long)(sg_globals + {off}))"

    def param_value(self, x, prm):
        return prm.cname

    # ---- float math ----
    def fmath(self, x, i, name, ct, args, rnd, approx):
        f = ct == "f32"
        a = args
        if name in ("add", "sub", "mul"):
            if rnd is None:
                return f"({a[0]} {'+-*'['add sub mul'.split().index(name)]} {a[1]})"
            return f"__{'f' if f else 'd'}{name}_{_R[rnd]}({a[0]}, {a[1]})"
        if name == "fma":
            if rnd in (None, "rn"):
                return f"{'fmaf' if f else 'fma'}({a[0]}, {a[1]}, {a[2]})"
            return f"__{'fmaf' if f else 'fma'}_{_R[rnd]}({a[0]}, {a[1]}, {a[2]})"
        if name == "div":
            if f and approx == "approx":
                return f"__fdividef({a[0]}, {a[1]})"
            if f:
                return f"__fdiv_{_R[rnd or 'rn']}({a[0]}, {a[1]})"
            return f"({a[0]} / {a[1]})" if rnd in (None, "rn") else f"__ddiv_{_R[rnd]}({a[0]}, {a[1]})"
        if name in ("min", "max"):
            return f"{'f' + name}{'f' if f else ''}({a[0]}, {a[1]})"
        if name == "abs":
            return f"{'fabsf' if f else 'fabs'}({a[0]})"
        if name == "copysign":
            return f"{'copysignf' if f else 'copysign'}({a[1]}, {a[0]})"
        if name == "rcp":
            if approx:
                return f"__fdividef(1.0f, {a[0]})" if f else f"(1.0 / {a[0]})"
            return f"__{'f' if f else 'd'}rcp_{_R[rnd or 'rn']}({a[0]})"
        if name == "sqrt":
            if approx:
                return f"{'sqrtf' if f else 'sqrt'}({a[0]})"
            return f"__{'f' if f else 'd'}sqrt_{_R[rnd or 'rn']}({a[0]})"
        if name == "rsqrt":
            return f"{'rsqrtf' if f else 'rsqrt'}({a[0]})"
        fn = {"ex2": "exp2f", "lg2": "__log2f", "sin": "__sinf", "cos": "__cosf", "tanh": "__tanhf"}[name]
        return f"{fn}({a[0]})"

    def round_integral(self, x, rnd, ct, v):
        fn = {"rn": "rint", "rz": "trunc", "rm": "floor", "rp": "ceil"}[rnd]
        return f"{fn}{'f' if ct == 'f32' else ''}({v})"

    def f64_to_f32(self, x, i, rnd, v):
        return f"((float){v})" if rnd in (None, "rn") else f"__double2float_{_R[rnd]}({v})"

    def int_to_float(self, x, i, rnd, ts, td, a):
        if rnd in (None, "rn") or (td == "f64" and WIDTH[ts] <= 32):
            return f"(({self.T[td]}){a})"
        if WIDTH[ts] < 32:
            ts, a = ("i32" if ts.startswith("i") else "u32"), f"(({'int' if ts.startswith('i') else 'unsigned'}){a})"
        src = {"i32": "int", "u32": "uint", "i64": "ll", "u64": "ull"}[ts]
        return f"__{src}2{'float' if td == 'f32' else 'double'}_{_R[rnd]}({a})"

    def mulhi64(self, x, sgn, a, b):
        return f"__mul64hi({a}, {b})" if sgn else f"__umul64hi({a}, {b})"

    def bitcount(self, x, which, W, e):
        ll = "ll" if W == "u64" else ""
        if which == "popc":
            return f"((unsigned)__popc{ll}({e}))"
        if which == "clz":
            return f"((unsigned)__clz{ll}(({'long long' if ll else 'int'}){e}))"
        return f"__brev{ll}({e})"


# special registers read from the hardware with one mov, as the PTX does
_SREG_ASM = {"%smid": ("smid", "u32"), "%nsmid": ("nsmid", "u32"), "%nwarpid": ("nwarpid", "u32"),
             "%gridid": ("gridid", "u64")}
_FMINMAX = """static __device__ __forceinline__ float sg_atom_fminmax(float* p, float v, bool is_max) {
    unsigned* q = (unsigned*)p;
    unsigned old = *q, seen;
    do {
        seen = old;
        float cur = __uint_as_float(seen);
        old = atomicCAS(q, seen, __float_as_uint(is_max ? fmaxf(cur, v) : fminf(cur, v)));
    } while (old != seen);
    return __uint_as_float(old);
}
"""
