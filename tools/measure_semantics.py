"""Record the exact result bits of single PTX instructions on the GPU, for the
cases where the PTX ISA leaves the bits open or only names them: which NaN an
f32 operation writes (PTX ISA 9.7.3: "Single-precision instructions return an
unspecified NaN"; the CUDA C Programming Guide, "Floating-Point Standard":
0x7fffffff when an input is a NaN), the canonical NaN of min.NaN / max.NaN
(PTX ISA 9.7.3.11-12), f64 NaN payloads (PTX ISA 9.7.3: supported), and what
a narrowing integer cvt leaves in a wider register (PTX ISA 6.5.1, Table 15,
note 1: chopped to the destination type, then extended by its signedness).

Each case is one kernel: lane l loads operand k from input array k, runs the
instruction, and stores the whole destination register (st.global.bN, N its
width). The PTX goes to the driver's JIT (cupy.RawModule); a case the JIT
rejects is recorded with its error. tests/test_semantics_h200.py runs the same
PTX (kernel_ptx below) on simgpu and compares every lane bit for bit.

    python3 tools/measure_semantics.py OUT.json
"""
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

F32_QNAN_PAYLOAD = 0x7FC00123      # quiet NaN with a payload
F32_SNAN = 0x7F800001              # signalling NaN
F32_NEG_QNAN = 0xFFC00005
F64_QNAN_PAYLOAD = 0x7FF8000000000123
ONE, TWO, INF, NINF, ZERO, NZERO, NEG1 = 0x3F800000, 0x40000000, 0x7F800000, 0xFF800000, 0, 0x80000000, 0xBF800000
D_ONE, D_INF, D_NINF, D_ZERO = 0x3FF0000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0

BITS = {"u8": 8, "s8": 8, "b8": 8, "u16": 16, "s16": 16, "b16": 16, "u32": 32, "s32": 32, "b32": 32,
        "f32": 32, "u64": 64, "s64": 64, "b64": 64, "f64": 64}
REG = {"u8": "b16", "s8": "b16", "b8": "b16"}       # 8-bit values live in 16-bit registers

# (instruction, source types, destination register type, operand tuples)
_NAN_IN = [(F32_QNAN_PAYLOAD, ONE), (ONE, F32_QNAN_PAYLOAD), (F32_SNAN, ONE), (F32_NEG_QNAN, TWO),
           (F32_QNAN_PAYLOAD, F32_NEG_QNAN)]
CASES = [
    ("add.rn.f32", ["f32", "f32"], "f32", [(INF, NINF), (NINF, INF)] + _NAN_IN),
    ("sub.rn.f32", ["f32", "f32"], "f32", [(INF, INF), (NINF, NINF)] + _NAN_IN),
    ("mul.rn.f32", ["f32", "f32"], "f32", [(ZERO, INF), (NINF, NZERO)] + _NAN_IN),
    ("div.rn.f32", ["f32", "f32"], "f32", [(ZERO, ZERO), (INF, NINF), (NZERO, ZERO)] + _NAN_IN),
    ("fma.rn.f32", ["f32", "f32", "f32"], "f32",
     [(ZERO, INF, ONE), (INF, ONE, NINF), (ONE, ONE, F32_QNAN_PAYLOAD), (F32_SNAN, ONE, ONE)]),
    ("sqrt.rn.f32", ["f32"], "f32", [(NEG1,), (NINF,), (F32_QNAN_PAYLOAD,), (F32_SNAN,), (F32_NEG_QNAN,)]),
    ("rcp.rn.f32", ["f32"], "f32", [(F32_QNAN_PAYLOAD,), (F32_NEG_QNAN,)]),
    ("min.f32", ["f32", "f32"], "f32", _NAN_IN + [(ONE, TWO), (NZERO, ZERO)]),
    ("max.f32", ["f32", "f32"], "f32", _NAN_IN + [(ONE, TWO), (NZERO, ZERO)]),
    ("min.NaN.f32", ["f32", "f32"], "f32", _NAN_IN + [(ONE, TWO), (NZERO, ZERO)]),
    ("max.NaN.f32", ["f32", "f32"], "f32", _NAN_IN + [(ONE, TWO), (NZERO, ZERO)]),
    ("abs.f32", ["f32"], "f32", [(F32_QNAN_PAYLOAD,), (F32_NEG_QNAN,), (F32_SNAN,)]),
    ("neg.f32", ["f32"], "f32", [(F32_QNAN_PAYLOAD,), (F32_NEG_QNAN,), (F32_SNAN,)]),
    ("cvt.rn.f32.f64", ["f64"], "f32", [(F64_QNAN_PAYLOAD,), (0x7FF0000000000001,)]),
    ("cvt.f64.f32", ["f32"], "f64", [(F32_QNAN_PAYLOAD,), (F32_SNAN,)]),
    ("add.rn.f64", ["f64", "f64"], "f64", [(D_INF, D_NINF), (F64_QNAN_PAYLOAD, D_ONE), (D_ONE, F64_QNAN_PAYLOAD)]),
    ("mul.rn.f64", ["f64", "f64"], "f64", [(D_ZERO, D_INF), (F64_QNAN_PAYLOAD, D_ONE)]),
    ("cvt.u8.u32", ["u32"], "b32", [(0x1234,), (0xFF,), (0x100,), (0xFFFFFFFF,)]),
    ("cvt.s8.u32", ["u32"], "b32", [(0x1280,), (0x7F,), (0xFFFFFFFF,)]),
    ("cvt.u8.s32", ["s32"], "b32", [(0xFFFFFFFF,), (0x1234,), (0x80,)]),
    ("cvt.u16.u32", ["u32"], "b32", [(0x12345678,), (0xFFFF8000,)]),
    ("cvt.s16.u32", ["u32"], "b32", [(0x12348000,), (0x7FFF,)]),
    ("cvt.u8.u16", ["u16"], "b16", [(0x1234,), (0xFF80,)]),
    ("cvt.u8.u64", ["u64"], "b32", [(0x1234567890ABCDEF,), (0xFFFFFFFFFFFFFF80,)]),
    ("cvt.s8.s64", ["s64"], "b32", [(0x1234567890ABCD80,), (0x7F,)]),
    ("cvt.u32.u64", ["u64"], "b64", [(0x1234567890ABCDEF,)]),
]


def kernel_ptx(instr, srcs, reg):
    """One kernel `k(out, in0, in1, ...)`: lane l computes `instr` on element l of
    each input and stores the whole destination register (width of `reg`)."""
    wd = BITS[reg]
    lines = [".version 8.0", ".target sm_90", ".address_size 64",
             ".visible .entry k(" + ", ".join([".param .u64 po"] + [f".param .u64 pa{k}" for k in range(len(srcs))])
             + ")", "{", "\t.reg .u32 %idx;", "\t.reg .u64 %ptr, %base, %off;", f"\t.reg .{reg} %d;"]
    lines += [f"\t.reg .{REG.get(t, t)} %a{k};" for k, t in enumerate(srcs)]
    lines.append("\tmov.u32 %idx, %tid.x;")
    for k, t in enumerate(srcs):
        lines += [f"\tld.param.u64 %base, [pa{k}];", f"\tmul.wide.u32 %off, %idx, {max(1, BITS[t] // 8)};",
                  "\tadd.u64 %ptr, %base, %off;", f"\tld.global.{t} %a{k}, [%ptr];"]
    lines.append(f"\t{instr} %d, " + ", ".join(f"%a{k}" for k in range(len(srcs))) + ";")
    lines += ["\tld.param.u64 %base, [po];", f"\tmul.wide.u32 %off, %idx, {wd // 8};",
              "\tadd.u64 %ptr, %base, %off;", f"\tst.global.b{wd} [%ptr], %d;", "\tret;", "}", ""]
    return "\n".join(lines)


UNS = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def arrays(srcs, reg, operands):
    """The input arrays (raw bits) and a zeroed output array for one launch of len(operands) lanes."""
    ins = [np.array([op[k] for op in operands], UNS[BITS[t]]) for k, t in enumerate(srcs)]
    return ins, np.zeros(len(operands), UNS[BITS[reg]])


def main(out):
    import cupy
    from simgpu.crosscheck import provenance
    cases, keep = [], []

    for instr, srcs, reg, operands in CASES:
        row = {"instr": instr, "srcs": srcs, "reg": reg,
               "operands": [[f"{v:#x}" for v in op] for op in operands]}
        try:
            tmp = Path("/tmp") / f"measure_semantics_{len(cases)}.ptx"      # a file per module
            tmp.write_text(kernel_ptx(instr, srcs, reg))
            keep.append(cupy.RawModule(path=str(tmp)))                       # kept alive to the end
            fn = keep[-1].get_function("k")
            ins, res = arrays(srcs, reg, operands)
            d_out = cupy.asarray(res)
            fn((1,), (len(operands),), (d_out, *[cupy.asarray(a) for a in ins]))
            cupy.cuda.Device().synchronize()
            row["results"] = [f"{int(v):#x}" for v in cupy.asnumpy(d_out)]
        except Exception as e:          # the JIT rejected the PTX: record why
            row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
        cases.append(row)
    record = {"what": "result bits of single PTX instructions (NaN results, min/max .NaN, narrowing integer cvt "
                      "into a wider register), one kernel per instruction, PTX JIT-compiled by the driver",
              **provenance(), "cases": cases}
    Path(out).write_text(json.dumps(record, indent=1) + "\n")
    print(f"{out}: {len(cases)} cases, {sum('error' in c for c in cases)} rejected")


if __name__ == "__main__":
    main(sys.argv[1])
