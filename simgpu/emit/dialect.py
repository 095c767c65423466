"""What the two dialects share: literal spelling, bit casts, the special
registers that are the same formula in both, the kernel's launch facts.
cuda.py and metal.py subclass Dialect and fill in the rest (types,
intrinsics, memory spaces, barriers, SIMD-group operations)."""
import struct

from .kernel import WIDTH, is_signed


class Dialect:
    name = title = ext = ""
    T = {}
    FN = ""                 # helper function qualifier
    U64 = I64 = ""          # 64-bit literal suffixes
    writable_globals = True  # module .global data can be stored to

    def spell(self):
        return {**{k: v for k, v in self.T.items()}, "FN": self.FN, "L": self.U64}

    def lit_int(self, bits, ct):
        w = WIDTH[ct]
        v = int(bits) & ((1 << w) - 1)
        if is_signed(ct) and v >= 1 << (w - 1):
            v -= 1 << w
        t = self.T[ct]
        if ct == "u32":
            return f"{v}u" if v < 65536 else f"0x{v:x}u"
        if ct == "u64":
            return f"{v}{self.U64}" if v < 65536 else f"0x{v:x}{self.U64}"
        if ct == "i32":
            return f"({t})0x80000000u" if v == -(1 << 31) else (f"({v})" if v < 0 else f"{v}")
        if ct == "i64":
            if v == -(1 << 63):
                return f"({t})0x8000000000000000{self.U64}"
            return f"({v}{self.I64})" if v < 0 else f"{v}{self.I64}"
        return f"(({t}){v})"

    def lit_float(self, bits, ct):
        from .core import float_bits_repr
        s = float_bits_repr(bits, ct)
        if ct == "f32":
            return f"{s}f" if s is not None else f"SG_U2F(0x{bits & 0xFFFFFFFF:08x}u)"
        return s if s is not None else f"SG_U2D(0x{bits:016x}{self.U64})"

    def f2u(self, e, fct):
        return f"SG_F2U({e})" if fct == "f32" else f"SG_D2U({e})"

    def u2f(self, e, fct):
        return f"SG_U2F({e})" if fct == "f32" else f"SG_U2D({e})"

    def float_lit(self, v, ct):
        bits = struct.unpack("<I", struct.pack("<f", v))[0] if ct == "f32" else \
            struct.unpack("<Q", struct.pack("<d", v))[0]
        return self.lit_float(bits, ct)

    def sreg(self, x, name):
        """Special registers both dialects compute the same way from the lane and the
        thread's linear index; the rest is the dialect's own (sreg_native)."""
        if name == "%laneid":
            return "sg_lane", "u32"
        if name == "%warpid":      # simgpu's definition: the warp's index in its block
            return "(sg_ltid >> 5)", "u32"
        if name.startswith("%lanemask_"):
            kind = name[len("%lanemask_"):]
            e = {"eq": "(1u << sg_lane)", "lt": "((1u << sg_lane) - 1u)", "le": "((2u << sg_lane) - 1u)",
                 "gt": "(~((2u << sg_lane) - 1u))", "ge": "(~((1u << sg_lane) - 1u))"}[kind]
            return e, "u32"
        return self.sreg_native(x, name)

    def check_kernel(self, x):
        pass

    @staticmethod
    def max_threads(x):
        """The most threads a block of the kernel may have: .reqntid/.maxntid's product, else
        1,024. The emitted kernel declares it (CUDA __launch_bounds__, Metal
        max_total_threads_per_threadgroup) so that the compiler fits the dispatch loop's
        registers to it: without, nvcc gave attention_flash more registers than 1,024 threads
        can have and its launch failed on the H200 (traces/h200/emit_cuda.json)."""
        n = 1
        for d in (x.p.reqntid or x.p.maxntid or (1024,)):
            n *= int(d)
        return n

    def launch_facts(self, x):
        """What a launcher must know: parameters (and which are buffers), shared memory."""
        p = x.p
        return {"kernel": p.name,
                "params": [{"name": q.name, "type": q.ct, "pointer": q.pointer} for q in x.v.params],
                "shared_static": int(p.shared_static), "dynamic_shared": bool(p.has_dynamic_shared),
                "dynamic_base": x.dynamic_base, "local_bytes": int(p.local_bytes)}


def comment_block(lines):
    return "".join(f"// {ln}\n" if ln else "//\n" for ln in lines)
