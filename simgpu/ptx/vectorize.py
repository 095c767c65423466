"""Shared-memory loads merged into vector loads: part of the `ptxas` lowering.

ptxas merges 4-byte shared loads of consecutive words from one base register
into one LDS.128 (or LDS.64) when it can prove the address 16- (8-) byte
aligned: matmul_tiled's `ld.shared.f32 [%r14]`, `[%r14+4]`, `[%r14+8]`,
`[%r14+12]` (As[ty][0..3], %r14 = As + ty*64) are one `LDS.128 R12, [R6]`
in `ptxas -arch=sm_90 -O3` + `cuobjdump -sass` (CUDA 13.0), 4 per 16-float
tile row. ptxas places the shared arrays itself (As at 0, Bs at 0x400); the
same is modeled by raising the alignment of an array a merged load reads
through to 16 bytes, so simgpu's layout puts it where the proof needs it.

A run of loads is merged when they are unguarded, plain (`ld.shared` of one
32-bit type), in one basic block with no barrier, shared store, atomic or
branch between them, read base+o, +4, +8, +12 (or +o, +4) with o a multiple
of 16 (8) and the base register's value a proven multiple of 16 (8): written
once, by `mov r, ARRAY`, `shl`/`mul.lo`/`mad.lo` by a constant and adds of
such values. The merged load takes the first load's place, so none of the
later loads' destinations may be read or written in between. What is left
out: merging across unrolled iterations of a fully unrolled loop (ptxas does
it for matmul_registers' k loop, unrolled 16 times).
"""
from dataclasses import replace

from .parser import Operand
from .unroll import _key, defs_uses

STOPS = {"bar", "barrier", "bra", "ret", "exit", "atom", "red", "membar", "fence", "call", "trap"}
WORD_TYPES = ("f32", "b32", "u32", "s32")


def _low_bit(v):
    v = int(v) & 0xFFFFFFFF
    return (v & -v) if v else 1 << 32


class Alignment:
    """Proven alignment (a power of two) of single-definition 32-bit registers
    holding shared addresses; arrays it relies on are listed in `raise_to`."""

    def __init__(self, fn, shared_names, table):
        self.fn, self.table, self.shared = fn, table, shared_names
        self.defs = {}
        for ins in fn.instrs:
            for r in defs_uses(ins, table)[0]:
                self.defs.setdefault(_key(r), []).append(ins)
        self.memo = {}

    def of_operand(self, o, arrays):
        if o.kind == "imm":
            return _low_bit(o.value)
        if o.kind == "sym" and o.value in self.shared:
            arrays.add(o.value)
            return 16
        if o.kind == "reg" and o.reg is not None:
            return self.of_reg(o.reg, arrays)
        return 1

    def of_reg(self, r, arrays, depth=0):
        ds = self.defs.get(_key(r), [])
        if len(ds) != 1 or ds[0].guard is not None or depth > 20:
            return 1
        ins = ds[0]
        ops, op = ins.operands, ins.opcode
        ty = ins.suffixes[-1] if ins.suffixes else ""
        if ty not in ("b32", "u32", "s32"):
            return 1
        if op == "mov":
            return self.of_operand(ops[1], arrays)
        if op in ("add",) and len(ins.suffixes) == 1:
            return min(self.of_operand(ops[1], arrays), self.of_operand(ops[2], arrays))
        if op == "shl" and ops[2].kind == "imm":
            return min(self.of_operand(ops[1], arrays) << int(ops[2].value), 1 << 32)
        if op in ("mul", "mad") and "lo" in ins.suffixes:
            prod = min(self.of_operand(ops[1], arrays) * self.of_operand(ops[2], arrays), 1 << 32)
            return prod if op == "mul" else min(prod, self.of_operand(ops[3], arrays))
        return 1


def _plain_word_load(ins):
    return ins.opcode == "ld" and ins.guard is None and len(ins.suffixes) == 2 and ins.suffixes[0] == "shared" \
        and ins.suffixes[1] in WORD_TYPES and ins.operands[0].kind == "reg" and ins.operands[1].kind == "addr" \
        and ins.operands[1].base is not None and not isinstance(ins.operands[1].base, str)


def vectorize_shared_loads(fn, module, table):
    """Merge runs of shared loads (see the module doc). Returns the number of loads removed."""
    shared = {v.name: v for v in list(module.shared) + list(fn.shared)}
    align = Alignment(fn, set(shared), table)
    starts = set(fn.labels.values())
    instrs = fn.instrs
    du = [defs_uses(ins, table) for ins in instrs]
    dead, new, raise_to = set(), {}, set()
    for i, first in enumerate(instrs):
        if i in dead or not _plain_word_load(first):
            continue
        base, off, ty = first.operands[1].base, first.operands[1].offset, first.suffixes[1]
        for width in (4, 2):
            if off % (4 * width):
                continue
            arrays = set()
            if align.of_reg(base, arrays) < 4 * width:
                continue
            found = _run(instrs, du, starts, dead, i, base, off, ty, width)
            if found is None:
                continue
            elems = [Operand("reg", ins.operands[0].line, ins.operands[0].col, reg=ins.operands[0].reg)
                     for ins in [first] + [instrs[k] for k in found]]
            vec = Operand("vec", first.line, first.col, elems=elems)
            new[i] = replace(first, suffixes=["shared", f"v{width}", ty], operands=[vec, first.operands[1]])
            dead.update(found)
            raise_to |= arrays
            break
    for name in raise_to:
        v = shared[name]
        if not v.extern:
            v.align = max(v.align, 16)
    if dead:
        from .lower import _replace
        _replace(fn, dead, new, lambda ins: ins)
    return len(dead)


def _run(instrs, du, starts, dead, i, base, off, ty, width):
    """Positions of the loads of base+off+4, ... (width-1 of them) that can join
    the load at i, or None. A joining load's destination is written at i after
    the merge, so no instruction between i and it may read or write it."""
    want = {off + 4 * j: None for j in range(1, width)}
    first = _key(instrs[i].operands[0].reg)
    if first == _key(base):
        return None
    dests = {first}
    touched = set()                       # registers read or written by the instructions in between
    for k in range(i + 1, len(instrs)):
        if k in starts:
            return None
        ins = instrs[k]
        d, u = du[k]
        if _plain_word_load(ins) and k not in dead and ins.suffixes[1] == ty and ins.operands[1].base == base \
                and ins.operands[1].offset in want and want[ins.operands[1].offset] is None:
            dk = _key(ins.operands[0].reg)
            if dk in dests or dk == _key(base) or dk in touched:
                return None
            want[ins.operands[1].offset] = k
            dests.add(dk)
            if all(v is not None for v in want.values()):
                return [want[o] for o in sorted(want)]
            continue
        if ins.opcode in STOPS or ins.opcode == "st" and ("shared" in ins.suffixes or len(ins.suffixes) == 1) \
                or _key(base) in {_key(r) for r in d}:
            return None
        touched |= {_key(r) for r in d} | {_key(r) for r in u}
    return None
