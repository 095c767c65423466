"""The assembler's part for the warp-wide matrix instructions (PTX ISA 9.7.14): mma.sync,
ldmatrix and stmatrix. Their suffixes (a shape, layouts, four element types, a matrix
count) and their operands (brace lists of registers: a warp's matrix fragments) follow
rules of their own, checked here; what they compute is exec/tensor.py's.

mma's row of the program: ty the type of D, ty2 of A, rnd of B, sub2 of C; sub the shape
(codes.MMA_SHAPES); operands 0 D, 1 A, 2 B, 3 C, each a K_RGRP group. ldmatrix and
stmatrix: sub the matrix count (1, 2, 4), sub2 1 for .trans, the registers in slot 0 and
the address in slot 4.
"""
from . import codes as C

# the element types mma multiplies, the C/D types each takes, and its shapes (PTX ISA 9.7.14.5.14)
_HALF_SHAPES = ("m16n8k8", "m16n8k16")
MMA_FORMS = {
    "f16": (("f16", "f32"), _HALF_SHAPES),
    "bf16": (("f32",), _HALF_SHAPES),
    "tf32": (("f32",), ("m16n8k4", "m16n8k8")),
    "f64": (("f64",), ("m8n8k4", "m16n8k4", "m16n8k8", "m16n8k16")),
    "s8": (("s32",), ("m8n8k16", "m16n8k16", "m16n8k32")),
    "u8": (("s32",), ("m8n8k16", "m16n8k16", "m16n8k32")),
}


def elements_per_register(type_name):
    """How many of a fragment's elements one register holds: 2 halves, 4 bytes, else 1 (a
    .tf32 or .f32 in a 32-bit register, an .f64 in a 64-bit one)."""
    bits = C.TYPE_BITS[C.TYPE[type_name]]
    return 32 // bits if bits < 32 else 1


def fragment_registers(rows, cols, type_name):
    """Registers per lane of a rows x cols fragment of `type_name` (spread over 32 lanes)."""
    return rows * cols // 32 // elements_per_register(type_name)


def encode_tensor(asm, i, ins, spec):
    from .assemble import UNIT
    a = asm.a
    asm.ins = ins
    types, mods = [], []
    col = ins.col + len(ins.opcode)
    for s in ins.suffixes:
        scol = col + 1
        col += len(s) + 1
        if s in C.TYPE and s != "none" and s in spec.types:
            types.append(s)
        elif s in spec.modifiers:
            mods.append(s)
        else:
            asm.error(f"unknown modifier .{s} for {ins.opcode}", ins.line, scol)
    for need in ("sync", "aligned"):
        if need not in mods:
            asm.error(f"{ins.opcode} needs .sync.aligned (every lane of the warp executes it together)",
                      ins.line, ins.col)
    a["unit"][i] = UNIT[spec.unit]
    a["variable_latency"][i] = spec.latency == "variable"
    if ins.opcode == "mma":
        _encode_mma(asm, i, ins, types, mods)
    elif ins.opcode == "movmatrix":
        _encode_movmatrix(asm, i, ins, types, mods)
    else:
        _encode_matrix_move(asm, i, ins, types, mods)


def _encode_mma(asm, i, ins, types, mods):
    from .assemble import encode_group
    a = asm.a
    where = ins.line, ins.col
    shapes = [m for m in mods if m in C.MMA_SHAPES]
    if len(shapes) != 1:
        asm.error("mma needs one shape (.m16n8k16, .m16n8k8, .m16n8k4, .m8n8k4, .m16n8k32, .m8n8k16)", *where)
    shape = shapes[0]
    if "row" not in mods or "col" not in mods or mods.index("row") > mods.index("col"):
        asm.error("mma takes A by rows and B by columns only: .row.col", *where)
    if len(types) != 4:
        asm.error("mma needs four types: .dtype.atype.btype.ctype (as .f32.f16.f16.f32)", *where)
    dt, at, bt, ct = types
    if at not in MMA_FORMS:
        asm.error(f"mma does not multiply .{at} (it takes {', '.join('.' + t for t in MMA_FORMS)})", *where)
    acc, shapes_ok = MMA_FORMS[at]
    same = bt in ("s8", "u8") if at in ("s8", "u8") else bt == at
    if not same:
        asm.error(f"mma.{at}: B's type must be .{at}" + (" (or the other of .s8/.u8)" if at in ("s8", "u8") else ""),
                  *where)
    if dt not in acc or ct not in acc:
        asm.error(f"mma with .{at} inputs accumulates in {' or '.join('.' + t for t in acc)}", *where)
    if shape not in shapes_ok:
        asm.error(f"mma.{at} comes in shapes {', '.join('.' + s for s in shapes_ok)}", *where)
    if "satfinite" in mods and at not in ("s8", "u8"):
        asm.error("mma's .satfinite is for integer inputs (.s8/.u8)", *where)
    k = C.MMA_SHAPES.index(shape)
    m_, n_, k_ = C.MMA_M[k], C.MMA_N[k], C.MMA_K[k]
    a["sub"][i] = k
    a["ty"][i], a["ty2"][i], a["rnd"][i], a["sub2"][i] = C.TYPE[dt], C.TYPE[at], C.TYPE[bt], C.TYPE[ct]
    if "satfinite" in mods:
        a["flags"][i] |= C.F_SAT
    if len(ins.operands) != 4:
        asm.error(f"mma takes 4 operands (D, A, B, C), found {len(ins.operands)}", *where)
    frags = ((dt, m_, n_, "D"), (at, m_, k_, "A"), (bt, k_, n_, "B"), (ct, m_, n_, "C"))
    for slot, ((t, rows, cols, name), o) in enumerate(zip(frags, ins.operands)):
        want = fragment_registers(rows, cols, t)
        bits = 64 if t == "f64" else 32
        got = encode_group(asm, i, slot, o, bits, dst=slot == 0, what=f"mma's {name}")
        if got != want:
            asm.error(f"mma.{shape} .{t}: {name} is {want} register{'s' if want > 1 else ''} a lane, found {got}",
                      o.line, o.col)


def _encode_movmatrix(asm, i, ins, types, mods):
    """movmatrix.sync.aligned.m8n8.trans.b16 d, a: d and a one 32-bit register each (slots 0, 1)."""
    from .assemble import encode_group
    where = ins.line, ins.col
    if types != ["b16"] or "m8n8" not in mods or "trans" not in mods:
        asm.error("movmatrix takes .m8n8.trans.b16", *where)
    if len(ins.operands) != 2:
        asm.error(f"movmatrix takes 2 operands (d, a), found {len(ins.operands)}", *where)
    asm.a["ty"][i] = C.T_B16
    for slot, (o, name) in enumerate(zip(ins.operands, ("destination", "source"))):
        if o.kind != "reg":
            asm.error(f"movmatrix's {name} is one 32-bit register", o.line, o.col)
        encode_group(asm, i, slot, o, 32, dst=slot == 0, what=f"movmatrix's {name}")


def _encode_matrix_move(asm, i, ins, types, mods):
    from .assemble import encode_group
    a = asm.a
    where = ins.line, ins.col
    op = ins.opcode
    if types != ["b16"]:
        asm.error(f"{op} takes type .b16", *where)
    if "m8n8" not in mods:
        asm.error(f"{op} needs the shape .m8n8", *where)
    counts = [m for m in mods if m in ("x1", "x2", "x4")]
    if len(counts) != 1:
        asm.error(f"{op} needs one matrix count: .x1, .x2 or .x4", *where)
    n = int(counts[0][1])
    a["sub"][i] = n
    a["sub2"][i] = 1 if "trans" in mods else 0
    a["ty"][i] = C.T_B16
    a["space"][i] = C.SPACE_SHARED if ("shared" in mods or "shared::cta" in mods) else C.SPACE_GENERIC
    if len(ins.operands) != 2:
        asm.error(f"{op} takes 2 operands, found {len(ins.operands)}", *where)
    regs, addr = (ins.operands if op == "ldmatrix" else ins.operands[::-1])
    got = encode_group(asm, i, 0, regs, 32, dst=op == "ldmatrix", what=f"{op}'s registers")
    if got != n:
        asm.error(f"{op}.x{n} takes {n} register{'s' if n > 1 else ''}, found {got}", regs.line, regs.col)
    asm.encode_addr(i, 4, addr)
