"""Which loops ptxas unrolls, by shape: thresholds of its unroller, one factor at a time.

    python3 tools/probe_ptxas_unroll_shapes.py [--out traces/ptxas/unroll_shapes.json]

tools/probe_ptxas_unroll.py probes loops of N FFMAs on 8 independent
accumulators; dgemm_tiled.ptx's tile loop (programs/holdout), one dependent
chain of 16 DFMAs each reading two shared loads, is unrolled at 59 PTX
instructions although that record's rule caps a loop with a global load at
49, and its variants stop at about 65 while the 8-accumulator probes with
12-16 shared loads unroll up to 84. This probe builds loops of m "units",
each unit being r shared loads and `nops` arithmetic ops (fma, or add) onto
C accumulator chains (round-robin), optionally with G global loads (each
stored to shared memory, as a tile loop does, or read by the arithmetic),
optionally with a bar.sync after the stores and one at the end, with f32 or
f64 data, the shared loads at immediate offsets of one base, adjacent
(vectorizable to LDS.128 or not) or at a base register each, a 64-bit
pointer step per global pointer and a run-time trip count; and the loops of
tools/probe_ptxas_unroll.py (family "tool", G = 0-2, S = 0-16). For each
shape it finds the largest m that ptxas (`ptxas -arch=sm_90 -O3`) still
unrolls, by bisection. Unrolled or not is read from the cubin's .text.k
section (parsed here; readelf -S gives its size too): the count of the
loop's arithmetic opcode (FFMA, FADD, DFMA, DADD) is 7-8 times the loop's
when unrolled (the 4x body, the 2x stage, the remainder), once when kept.
The record lists every probe compiled (shape, units, loop PTX instructions
label to branch, SASS instructions of the kernel, the arithmetic's count,
unrolled) and each shape's threshold with the loop sizes either side.

What they show (ptxas 13.0.88): every threshold is one weighted size against
one budget -- a load or store with an immediate address offset counts 2, any
other instruction 1; budget 21 + 5 per shared load, at least 49 with a global
load, at most 99 -- whatever the chains, fma or add, f32 or f64, bar.sync or
vectorization (the rule proposed for simgpu/ptx/unroll.py's within_budget).
"""
import argparse
import datetime
import json
import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))


def kernel(m, chains=8, r=0, g=0, bar=False, op="fma", dtype="f32", g_use="shared", pair=False,
           step="u32", extra=0, addr_mode="stride", goff=False, nops=1, soff=False, family=None, s=0):
    """PTX of one kernel whose loop has m units (see the module doc).
    r: shared loads per unit (0, 1, 2); g: global loads per iteration; g_use: 'shared' (each
    global load stored to shared memory, as a tile loop does) or 'arith' (the loads are operands
    of the arithmetic, as tools/probe_ptxas_unroll.py's); pair: the second shared load of a unit
    at [A + size*k] (contiguous, vectorizable as dgemm_tiled's As row) instead of stride 128;
    extra: independent integer adds (xor of a counter) added to the body; addr_mode: the shared
    loads at [A + 128 i] ('stride': an immediate offset, no two adjacent), [A + size i] ('vec':
    adjacent: vectorizable if ptxas knew A's alignment, which it does not), [B + size i] ('vec16': B
    a multiple of 4096 from the array's start, so runs of 16 bytes become LDS.128) or each at its
    own base register, no offset ('bases'); goff: the k-th
    global load at [p + size k] of one pointer (an immediate offset) instead of its own pointer;
    soff: the k-th store to shared memory at [S + 1024 k] (an immediate offset) instead of its own base;
    family="tool": tools/probe_ptxas_unroll.py's kernel of m FFMAs, g global and s shared loads instead;
    nops: fmas per unit (each onto the next chain), reading the unit's loads."""
    if family == "tool":                    # tools/probe_ptxas_unroll.py's loop: m FFMAs on 8 accumulators
        import probe_ptxas_unroll               # round-robin over g global and s shared loads
        return probe_ptxas_unroll.kernel(m, g, s)
    f = dtype
    sz = 8 if f == "f64" else 4
    zero = "0d0000000000000000" if f == "f64" else "0f00000000"
    R = "%fd" if f == "f64" else "%f"
    lines = []
    gl_regs = []
    for k in range(g):
        gaddr = f"[%rd20+{sz * k}]" if goff and k else ("[%rd20]" if goff else f"[%rd{20 + k}]")
        lines.append(f"\tld.global.nc.{f} {R}{200 + k}, {gaddr};")
        gl_regs.append(f"{R}{200 + k}")
        if g_use == "shared":
            saddr = f"[%r40+{1024 * k}]" if soff and k else f"[%r{40 + k}]"
            lines.append(f"\tst.shared.{f} {saddr}, {R}{200 + k};")
    if bar:
        lines.append("\tbar.sync 0;")
    tmp = 300
    srcs_arith = gl_regs if g_use == "arith" and gl_regs else []
    for k in range(m):
        c = k % chains
        acc = f"{R}{1 + c}"
        ops = []
        for j in range(r):
            if j == 1 and pair:
                addr = f"[%r8+{sz * k}]"
            elif addr_mode == "bases":
                addr = f"[%r{100 + r * k + j}]"
            elif addr_mode == "vec":
                addr = f"[%r7+{sz * (r * k + j)}]"
            elif addr_mode == "vec16":
                addr = f"[%r10+{sz * (r * k + j)}]"
            else:
                addr = f"[%r7+{128 * (r * k + j)}]"
            lines.append(f"\tld.shared.{f} {R}{tmp}, {addr};")
            ops.append(f"{R}{tmp}")
            tmp += 1
        if r == 0:
            a = srcs_arith[k % len(srcs_arith)] if srcs_arith else f"{R}100"
            b = f"{R}101"
        elif r == 1:
            a, b = ops[0], (srcs_arith[k % len(srcs_arith)] if srcs_arith else f"{R}101")
        else:
            a, b = ops[0], ops[1]
        if op == "fma":
            for q in range(nops):
                acc = f"{R}{1 + (k * nops + q) % chains}"
                lines.append(f"\tfma.rn.{f} {acc}, {a}, {b}, {acc};")
        elif op == "add":
            if r == 2:
                lines.append(f"\tadd.{f} {R}{tmp}, {a}, {b};")
                a = f"{R}{tmp}"
                tmp += 1
            lines.append(f"\tadd.{f} {acc}, {acc}, {a};")
        elif op == "mul":
            lines.append(f"\tmul.{f} {acc}, {acc}, {a};")
    for k in range(extra):
        lines.append(f"\txor.b32 %r{60 + k}, %r{60 + k}, %r3;")
    if bar:
        lines.append("\tbar.sync 0;")
    for k in range(1 if goff and g else g):
        lines.append(f"\tadd.s64 %rd{20 + k}, %rd{20 + k}, %rd2;")
    lines.append("\tadd.s32 %r3, %r3, 1;")
    lines.append(f"\tsetp.lt.{step} %p1, %r3, %r1;")
    lines.append("\t@%p1 bra $L;")
    body = "\n".join(lines) + "\n"
    init = "".join(f"\tmov.{f} {R}{1 + c}, {zero};\n" for c in range(chains))
    init += "".join(f"\tadd.s64 %rd{20 + k}, %rd1, {4096 * k};\n" for k in range(g))
    init += "".join(f"\tadd.s32 %r{40 + k}, %r4, {1024 * k};\n" for k in range(g))
    init += "".join(f"\tmov.u32 %r{60 + k}, {k};\n" for k in range(extra))
    if addr_mode == "bases":
        init += "".join(f"\tadd.s32 %r{100 + i}, %r7, {128 * i};\n" for i in range(r * m))
    fold = "".join(f"\tadd.{f} {R}1, {R}1, {R}{1 + c};\n" for c in range(1, chains))
    fold += "".join(f"\tcvt.rn.{f}.u32 {R}99, %r{60 + k};\n\tadd.{f} {R}1, {R}1, {R}99;\n" for k in range(extra))
    return f""".version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p0, .param .u32 p1, .param .{f} p2, .param .{f} p3)
{{
	.reg .pred %p<2>; .reg .{f} {R}<2048>; .reg .b32 %r<1200>; .reg .b64 %rd<40>;
	.shared .align 16 .b8 sm[49152];
	ld.param.u64 %rd1, [p0]; ld.param.u32 %r1, [p1]; ld.param.{f} {R}100, [p2]; ld.param.{f} {R}101, [p3];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r2, %tid.x; mul.wide.u32 %rd2, %r2, {sz}; add.s64 %rd1, %rd1, %rd2;
	mul.wide.u32 %rd2, %r1, {sz * 16};
	mov.u32 %r4, sm; shl.b32 %r5, %r2, {3 if sz == 8 else 2}; add.s32 %r4, %r4, %r5;
	add.s32 %r7, %r4, 4096; shl.b32 %r6, %r2, 7; add.s32 %r8, %r6, 8192; mov.u32 %r9, sm; add.s32 %r8, %r8, %r9;
	shl.b32 %r10, %r2, 12; add.s32 %r10, %r10, %r9;
{init}	mov.u32 %r3, 0;
$L:
{body}{fold}	st.global.{f} [%rd1], {R}1;
	ret;
}}
"""


def loop_size(ptx):
    """PTX instructions of the loop, label to branch."""
    body = ptx.split("$L:\n", 1)[1].split("@%p1 bra $L;", 1)[0]
    return sum(1 for ln in body.splitlines() if ln.strip()) + 1


def _text_section(cubin, name=b".text.k"):
    """The bytes of the cubin's section `name` (ELF64 section headers, read directly)."""
    b = cubin.read_bytes()
    shoff = struct.unpack_from("<Q", b, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", b, 0x3A)
    secs = [struct.unpack_from("<IIQQQQIIQQ", b, shoff + i * shentsize) for i in range(shnum)]
    names = secs[shstrndx][4]
    for sec in secs:
        if b[names + sec[0]:b.index(b"\0", names + sec[0])] == name:
            return b[sec[4]:sec[4] + sec[5]]
    raise KeyError(name)


# sm_90 opcodes (the low 9 bits of an instruction's first word; bits 9-11 pick the operand form:
# register, immediate, constant bank): FFMA 0x023, FADD 0x021, FMUL 0x020, DFMA 0x02b, DADD 0x029, DMUL 0x028
ARITH_OPCODES = {("fma", "f32"): 0x023, ("add", "f32"): 0x021, ("mul", "f32"): 0x020,
                 ("fma", "f64"): 0x02B, ("add", "f64"): 0x029, ("mul", "f64"): 0x028}


def compile_ptx(ptx, work, op="fma", dtype="f32"):
    """(SASS instructions of the kernel, of them the arithmetic op's) after ptxas -O3, from readelf -S's
    .text.k size and the section's opcodes."""
    src, cubin = work / "k.ptx", work / "k.cubin"
    src.write_text(ptx)
    subprocess.run(["ptxas", "-arch=sm_90", "-O3", str(src), "-o", str(cubin)], check=True)
    out = subprocess.run(["readelf", "-S", "-W", str(cubin)], capture_output=True, text=True, check=True).stdout
    size = int(re.search(r"\.text\.k\s+PROGBITS\s+\S+\s+\S+\s+(\S+)", out).group(1), 16) // 16
    text = _text_section(cubin)
    want = ARITH_OPCODES[(op, dtype)]
    arith = sum(1 for i in range(0, len(text), 16) if struct.unpack_from("<Q", text, i)[0] & 0x1FF == want)
    return size, arith


def loop_arith(ptx, op, dtype):
    body = ptx.split("$L:\n", 1)[1].split("@%p1 bra $L;", 1)[0]
    return sum(1 for ln in body.splitlines() if ln.strip().startswith(f"{op}.") and f".{dtype} " in ln
               or ln.strip().startswith(f"{op}.rn.{dtype} "))


def probe(shape, m, work, rows):
    ptx = kernel(m, **shape)
    loop = loop_size(ptx)
    op, dtype = shape.get("op", "fma"), shape.get("dtype", "f32")
    sass, arith = compile_ptx(ptx, work, op, dtype)
    in_loop = loop_arith(ptx, op, dtype)
    # unrolled: the loop's arithmetic appears 7 times (4 + 2 + the remainder's 1), kept: once
    # (plus the epilogue's folding adds of the chains, for add)
    unrolled = arith >= 3 * in_loop
    rows.append({"shape": dict(shape), "units": m, "loop_ptx_instructions": loop, "sass_instructions": sass,
                 "sass_arith": arith, "loop_arith": in_loop, "unrolled": unrolled})
    return unrolled


def threshold(shape, work, rows, lo=None, hi=None):
    """Largest m unrolled (assuming monotone), by bisection. It starts at m = G when the global
    loads feed the arithmetic (fewer units leave loads unread, which ptxas deletes)."""
    lo = lo or (shape.get("g", 0) if shape.get("g_use") == "arith" else 0) or 1
    hi = hi or (128 if shape.get("r", 0) == 2 else 256)
    if not probe(shape, lo, work, rows):
        return None
    if probe(shape, hi, work, rows):
        return hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if probe(shape, mid, work, rows):
            lo = mid
        else:
            hi = mid
    return lo


# one factor at a time from a base of one fma per unit, f32, shared loads at [A + 128 i]
SHAPES = [dict(chains=c, r=r) for r in (0, 1, 2) for c in (1, 2, 4, 8)] + \
         [dict(chains=8, r=0, op="add")] + [dict(chains=c, r=r, op="add") for r in (1, 2) for c in (1, 8)] + \
         [dict(chains=1, r=r, dtype="f64") for r in (0, 1, 2)] + \
         [dict(chains=1, r=r, op="add", dtype="f64") for r in (1, 2)] + \
         [dict(chains=8, r=r, addr_mode=a) for a in ("bases", "vec", "vec16") for r in (1, 2)] + \
         [dict(chains=8, r=1, nops=q, addr_mode="vec16") for q in (4, 8)] + \
         [dict(chains=1, r=2, pair=True), dict(chains=1, r=2, pair=True, dtype="f64")] + \
         [dict(chains=8, r=1, nops=q, addr_mode=a) for a in ("stride", "bases") for q in (2, 3, 4, 5, 6, 8, 12)] + \
         [dict(chains=8, g=g, g_use="arith") for g in (1, 2, 4, 8, 16)] + \
         [dict(chains=8, g=g, g_use="arith", goff=True) for g in (2, 4, 8, 16)] + \
         [dict(chains=8, g=g, g_use="shared", bar=b) for g in (1, 2, 4) for b in (False, True)] + \
         [dict(chains=8, g=g, g_use="shared", bar=True, goff=True, soff=True) for g in (2, 4, 8)] + \
         [dict(chains=1, bar=True, r=r) for r in (0, 1, 2)] + \
         [dict(chains=1, g=g, g_use="shared", r=2, pair=True, bar=b, dtype=f)        # dgemm_tiled's tile loop
          for g in (0, 2) for b in (False, True) for f in ("f32", "f64")] + \
         [dict(chains=8, g=g, g_use="arith", r=1, nops=q, addr_mode=a)             # a global load and shared ones
          for g in (1, 2) for q in (2, 4, 8) for a in ("stride", "bases")] + \
         [dict(chains=8, r=r, extra=x) for r in (0, 1) for x in (4, 8)] + \
         [dict(chains=1, r=1, step="s32"), dict(chains=8, r=0, step="s32")] + \
         [dict(family="tool", g=g, s=s) for g in (0, 1, 2) for s in (0, 1, 2, 4, 8, 12, 16)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "traces" / "ptxas" / "unroll_shapes.json"))
    ns = ap.parse_args()
    version = subprocess.run(["ptxas", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    rows, thresholds = [], []
    with tempfile.TemporaryDirectory() as d:
        for shape in SHAPES:
            start = len(rows)
            m = threshold(shape, Path(d), rows)
            at = next((r["loop_ptx_instructions"] for r in rows[start:] if r["units"] == m), None)
            above = next((r["loop_ptx_instructions"] for r in rows[start:] if m and r["units"] == m + 1), None)
            thresholds.append({"shape": shape, "max_units_unrolled": m, "loop_ptx_instructions": at,
                               "next_loop_ptx_instructions": above})
            print(shape, "max unrolled units", m, "loop", at, "next", above, flush=True)
    record = {"what": "ptxas's loop unroller: largest run-time-trip loop it unrolls, per loop shape",
              "ptxas": version.splitlines()[-2:], "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
              "command": "tools/probe_ptxas_unroll_shapes.py (ptxas -arch=sm_90 -O3, readelf -S of .text.k)",
              "finding": "every threshold is one weighted size against one budget: the loop's PTX instructions "
                         "(label to branch), a load or store with an immediate address offset counting 2; budget "
                         "21 + 5 per shared load, at least 49 with a global load, at most 99",
              "thresholds": thresholds, "probes": rows}
    Path(ns.out).write_text(json.dumps(record, indent=1) + "\n")
    print("wrote", ns.out)


if __name__ == "__main__":
    main()
