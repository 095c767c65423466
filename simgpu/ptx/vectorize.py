"""Shared-memory loads merged into vector loads: part of the `ptxas` lowering.

ptxas merges 4-byte shared loads of consecutive words from one base register
into one LDS.128 (or LDS.64) when it can prove the address 16- (8-) byte
aligned: matmul_tiled's `ld.shared.f32 [%r14]`, `[%r14+4]`, `[%r14+8]`,
`[%r14+12]` (As[ty][0..3], %r14 = As + ty*64) are one `LDS.128 R12, [R6]`
in `ptxas -arch=sm_90 -O3` + `cuobjdump -sass` (CUDA 13.0), 4 per 16-float
tile row. ptxas places the shared arrays itself (As at 0, Bs at 0x400); the
same is modeled by raising the alignment of an array a merged load reads
through to 16 bytes, so simgpu's layout puts it where the proof needs it.

A run of loads is merged when they are under one guard or none (blelloch_scan's
`@!P1 LDS.64 R10, [R3]`, traces/ptxas/sm90_holdout8.sass), plain (`ld.shared` of one
32-bit type), in one basic block with no barrier, shared store, atomic or
branch between them, read base+o, +4, +8, +12 (or +o, +4) in any order (the
merged load takes the place of the first in program order: bitonic_smem's
`ld [r+4]; ld [r]` is `LDS.64 R8, [R2]`) with o a multiple
of 16 (8) and the base register's value a proven multiple of 16 (8) (also
a pointer stepped through a loop by a multiple of 16: compact_block's); two
64-bit loads of base+o, +8 likewise make one LDS.128 (dgemm_tiled's
As[ty][k], As[ty][k+1], traces/ptxas/sm90_holdout5.sass). Two shared word
stores to base+o, +4 under the same guard are one STS.64 (_store_pairs). A
register is proven aligned when it is written
once, by `mov r, ARRAY`, `shl`/`mul.lo`/`mad.lo` by a constant and adds of
such values. The merged load takes the first load's place, so none of the
later loads' destinations may be read or written in between. What is left
out: merging across unrolled iterations of a fully unrolled loop (ptxas does
it for matmul_registers' k loop, unrolled 16 times).
"""
from dataclasses import replace

from . import codes as C
from .cfg import FLOW
from .parser import Operand, Reg
from .unroll import _key, defs_uses

# what a run of loads is not merged across: control flow, barriers, fences, and memory operations
# whose order with the loads matters
STOPS = FLOW | {"atom", "red", "cp"}
WORD_TYPES = ("f32", "b32", "u32", "s32")
DOUBLE_TYPES = ("f64", "b64", "u64", "s64")


def _low_bit(v):
    v = int(v) & 0xFFFFFFFF
    return (v & -v) if v else 1 << 32


class Alignment:
    """Proven alignment (a power of two) of 32-bit registers holding shared
    addresses, at a given instruction; the arrays the proof relies on are
    added to `arrays`. The value a register holds at position k comes from
    its last write before k in k's basic block, or, when it is written only in
    the entry block (and k lies outside it), from its last write there."""

    def __init__(self, fn, shared_names, table, block):
        self.instrs, self.shared, self.block = fn.instrs, shared_names, block
        self.defs = {}
        for k, ins in enumerate(fn.instrs):
            for r in defs_uses(ins, table)[0]:
                self.defs.setdefault(_key(r), []).append(k)

    def of_operand(self, o, at, arrays, depth):
        if o.kind == "imm":
            return _low_bit(o.value)
        if o.kind == "sym" and o.value in self.shared:
            arrays.add(o.value)
            return 16
        if o.kind == "reg" and o.reg is not None:
            return self.of_reg(o.reg, at, arrays, depth + 1)
        return 1

    def reaching(self, r, at):
        ds = self.defs.get(_key(r), [])
        here = [k for k in ds if k < at and self.block[k] == self.block[at]]
        if here:
            return max(here)
        if ds and self.block[at] != 0 and all(self.block[k] == 0 for k in ds):
            return max(ds)
        return ds[0] if len(ds) == 1 and ds[0] < at else None

    def of_reg(self, r, at, arrays, depth=0):
        k = self.reaching(r, at)
        if depth > 20:
            return 1
        if k is None:
            return self.of_induction(r, arrays, depth)
        return self.of_def(k, arrays, depth)

    def of_induction(self, r, arrays, depth):
        """A register written more than once, each time unguarded, either
        stepped by a constant (`add r, r, c`) or set to a proven multiple:
        the least of those alignments (compact_block's loop pointer, nvcc's
        `mov %r68, warp_count` and `add %r68, %r68, 16`)."""
        ds = self.defs.get(_key(r), [])
        best = 1 << 32
        for k in ds:
            ins, ops = self.instrs[k], self.instrs[k].operands
            if ins.opcode == "add" and len(ops) == 3 and ops[1].kind == "reg" and ops[1].reg is not None \
                    and _key(ops[1].reg) == _key(r) and ops[2].kind == "imm" and ins.guard is None:
                best = min(best, _low_bit(ops[2].value))
            else:
                best = min(best, self.of_def(k, arrays, depth + 1))
        return best if ds else 1

    def of_def(self, k, arrays, depth):
        """The proven alignment of the value instruction k writes."""
        if self.instrs[k].guard is not None:
            return 1
        ins = self.instrs[k]
        ops, op = ins.operands, ins.opcode
        ty = ins.suffixes[-1] if ins.suffixes else ""
        if ty not in ("b32", "u32", "s32"):
            return 1
        if op == "mov":
            return self.of_operand(ops[1], k, arrays, depth)
        if op == "add" and len(ins.suffixes) == 1:
            return min(self.of_operand(ops[1], k, arrays, depth), self.of_operand(ops[2], k, arrays, depth))
        if op == "shl" and ops[2].kind == "imm":
            return min(self.of_operand(ops[1], k, arrays, depth) << int(ops[2].value), 1 << 32)
        if op in ("mul", "mad") and "lo" in ins.suffixes:
            prod = min(self.of_operand(ops[1], k, arrays, depth) * self.of_operand(ops[2], k, arrays, depth), 1 << 32)
            return prod if op == "mul" else min(prod, self.of_operand(ops[3], k, arrays, depth))
        return 1


def split_load_destinations(fn, table, block):
    """Give a shared load's destination a register of its own when the same
    register is written again, unguarded, later in the block (ptxas works on
    SSA values, so reusing a PTX register does not stop it merging loads):
    the reads up to and including that next write are renamed."""
    from .parser import Reg
    from .unroll import _rename
    instrs = fn.instrs
    du = [defs_uses(ins, table) for ins in instrs]
    out = list(instrs)
    for k, ins in enumerate(instrs):
        if not _elem_load(ins):
            continue
        r = ins.operands[0].reg
        key = _key(r)
        if key == _key(ins.operands[1].base):
            continue
        nxt = None
        for j in range(k + 1, len(instrs)):
            if block[j] != block[k]:
                break
            if key in {_key(x) for x in du[j][0]}:
                nxt = j
                break
        if nxt is None or instrs[nxt].guard is not None:
            continue
        n = Reg(f"{r.name}__v{fn.nregs[r.kind]}", r.kind, fn.nregs[r.kind], r.type)
        fn.nregs[r.kind] += 1
        names = {key: n}
        out[k] = _rename(out[k], names)
        for j in range(k + 1, nxt + 1):
            if key in {_key(x) for x in du[j][1]}:
                old_defs = du[j][0]
                renamed = _rename(out[j], names)
                if j == nxt:         # the next write keeps its own destination
                    renamed.operands[0] = out[j].operands[0] if any(_key(x) == key for x in old_defs) \
                        else renamed.operands[0]
                out[j] = renamed
    fn.instrs = out


def _word_load(ins, space, types=WORD_TYPES, guarded=False):
    """A scalar ld.<space> of a 32-bit word (or of one of `types`), unguarded unless `guarded`: at
    [register+offset] for shared memory, at [name+offset] for the constant bank."""
    if not (ins.opcode == "ld" and (guarded or ins.guard is None) and len(ins.suffixes) == 2 and ins.suffixes[0] == space
            and ins.suffixes[1] in types and ins.operands[0].kind == "reg" and ins.operands[1].kind == "addr"
            and ins.operands[1].base is not None):
        return False
    return isinstance(ins.operands[1].base, str) == (space == "const")


def _elem_load(ins, guarded=False):
    """The element size (4 or 8 bytes) of a shared load vectorize_shared_loads may merge, else 0."""
    if _word_load(ins, "shared", guarded=guarded):
        return 4
    return 8 if _word_load(ins, "shared", DOUBLE_TYPES, guarded) else 0


def _guard(ins):
    """An instruction's guard as (register, negated), or None."""
    return (_key(ins.guard), ins.guard_neg) if ins.guard is not None else None


def _word_store(ins):
    """A scalar st.shared of a 32-bit register at [register+offset] (guarded or not)."""
    return (ins.opcode == "st" and len(ins.suffixes) == 2 and ins.suffixes[0] == "shared"
            and ins.suffixes[1] in WORD_TYPES and ins.operands[0].kind == "addr"
            and isinstance(ins.operands[0].base, Reg) and ins.operands[1].kind == "reg")


def vectorize_shared_loads(fn, module, table):
    """Merge runs of shared loads (see the module doc). Returns the number of loads removed."""
    from .lower import _block_ids
    shared = {v.name: v for v in list(module.shared) + list(fn.shared)}
    split_load_destinations(fn, table, _block_ids(fn.instrs, fn.labels))
    block = _block_ids(fn.instrs, fn.labels)
    align = Alignment(fn, set(shared), table, block)
    starts = set(fn.labels.values())
    instrs = fn.instrs
    du = [defs_uses(ins, table) for ins in instrs]
    dead, new, raise_to = set(), {}, set()
    for i, first in enumerate(instrs):
        size = _elem_load(first, guarded=True)
        if i in dead or not size:
            continue
        base, off, ty = first.operands[1].base, first.operands[1].offset, first.suffixes[1]
        for width in ((4, 2) if size == 4 else (2,)):
            start = off - off % (size * width)          # the vector's first element; `first` is any of them
            arrays = set()
            if align.of_reg(base, i, arrays) < size * width:
                continue
            others = [start + size * j for j in range(width) if start + size * j != off]
            found = _run(instrs, du, starts, dead, i, base, ty, others)
            if found is None:
                continue
            at = dict(zip(others, found))
            at[off] = i
            elems = [Operand("reg", instrs[at[o]].operands[0].line, instrs[at[o]].operands[0].col,
                             reg=instrs[at[o]].operands[0].reg) for o in sorted(at)]
            vec = Operand("vec", first.line, first.col, elems=elems)
            new[i] = replace(first, suffixes=["shared", f"v{width}", ty],
                             operands=[vec, replace(first.operands[1], offset=start)])
            dead.update(found)
            raise_to |= arrays
            break
    for k, st in _store_pairs(instrs, du, starts, dead, align, raise_to):
        first, second = instrs[k], instrs[st]
        lo, hi = sorted((first, second), key=lambda x: x.operands[0].offset)
        elems = [Operand("reg", x.operands[1].line, x.operands[1].col, reg=x.operands[1].reg) for x in (lo, hi)]
        new[st] = replace(second, suffixes=["shared", "v2", second.suffixes[1]],
                          operands=[lo.operands[0], Operand("vec", second.line, second.col, elems=elems)])
        dead.add(k)
    for name in raise_to:
        v = shared[name]
        if not v.extern:
            v.align = max(v.align, 16)
    if dead:
        from .lower import _replace
        _replace(fn, dead, new, lambda ins: ins)
    return len(dead)


def _store_pairs(instrs, du, starts, dead, align, arrays):
    """Pairs (i, k) of shared stores of the words base+8m and base+8m+4, in either
    order, under the same guard, that ptxas makes one STS.64 (bitonic_smem's
    compare-and-swap, `@!P0 STS.64 [R2], R12`: traces/ptxas/sm90_holdout5.sass):
    nothing between them touches shared memory or is control flow, and neither
    the address, the guard nor the first store's value is written in between.
    The pair is stored where the second store was. Arrays the alignment proof
    relies on are added to `arrays`."""
    pairs, used = [], set()
    for i, a in enumerate(instrs):
        if i in dead or i in used or not _word_store(a):
            continue
        base, off = a.operands[0].base, a.operands[0].offset
        partner = off + 4 if off % 8 == 0 else off - 4
        keep = {_key(base), _key(a.operands[1].reg)} | ({_key(a.guard)} if a.guard is not None else set())
        for k in range(i + 1, len(instrs)):
            b = instrs[k]
            if k in starts or k in dead:
                break
            if _word_store(b) and b.operands[0].base == base and b.operands[0].offset == partner \
                    and b.suffixes == a.suffixes and b.guard == a.guard and b.guard_neg == a.guard_neg:
                proof = set()
                if align.of_reg(base, i, proof) >= 8:
                    pairs.append((i, k))
                    used.update((i, k))
                    arrays |= proof
                break
            if b.opcode in STOPS or b.opcode in ("ld", "st") and ("shared" in b.suffixes or len(b.suffixes) == 1) \
                    or keep & {_key(r) for r in du[k][0]}:
                break
    return pairs


def _run(instrs, du, starts, dead, i, base, ty, offsets):
    """Positions of the loads of base+o for each o of `offsets` (in their order)
    that can join the load at i, or None. A joining load's destination is
    written at i after the merge, so no instruction between i and it may read
    or write it."""
    want = {o: None for o in offsets}
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
        if _elem_load(ins, guarded=True) and k not in dead and ins.suffixes[1] == ty and ins.operands[1].base == base \
                and ins.operands[1].offset in want and want[ins.operands[1].offset] is None \
                and _guard(ins) == _guard(instrs[i]):
            dk = _key(ins.operands[0].reg)
            if dk in dests or dk == _key(base) or dk in touched:
                return None
            want[ins.operands[1].offset] = k
            dests.add(dk)
            if all(v is not None for v in want.values()):
                return [want[o] for o in offsets]
            continue
        if ins.opcode in STOPS or ins.opcode == "st" and ("shared" in ins.suffixes or len(ins.suffixes) == 1) \
                or _key(base) in {_key(r) for r in d} \
                or instrs[i].guard is not None and _key(instrs[i].guard) in {_key(r) for r in d}:
            return None
        touched |= {_key(r) for r in d} | {_key(r) for r in u}
    return None


def pair_const_loads(fn, module, table):
    """Two ld.const of the constant bank's words 8k and 8k+4, in either order, in one basic
    block, as one ld.const.v2: ptxas reads constant words in such pairs, ULDC.64 or LDC.64
    (traces/h200/const_bits/bits_const.sass: conv3x3_const's 9 weights at c[0x3][0x0..0x20]
    are 5 reads; lut_poly's 4 coefficients at 0x124..0x130 are 3: 0x124, 0x128-0x12c, 0x130).
    The bank's layout is assemble.const_bank_offsets', which simgpu's global memory keeps
    (modulo 16). The pair is loaded where the first of the two was, so the other's
    destination may not be read or written in between. Returns the number of loads removed."""
    from .assemble import const_bank_offsets
    from .lower import _block_ids, _replace
    bank = const_bank_offsets(module)
    block = _block_ids(fn.instrs, fn.labels)
    starts = set(fn.labels.values())
    instrs = fn.instrs
    du = [defs_uses(ins, table) for ins in instrs]

    def word(ins):           # the bank offset a plain ld.const reads, or None
        if not _word_load(ins, "const") or ins.operands[1].base not in bank:
            return None
        return bank[ins.operands[1].base] + ins.operands[1].offset

    dead, new = set(), {}
    for i, first in enumerate(instrs):
        w = word(first)
        if i in dead or w is None:
            continue
        partner = w + 4 if w % 8 == 0 else w - 4
        d0 = _key(first.operands[0].reg)
        touched = set()
        for k in range(i + 1, len(instrs)):
            ins = instrs[k]
            if k in starts or block[k] != block[i] or ins.opcode in STOPS:
                break
            if k not in dead and word(ins) == partner and ins.suffixes[1] == first.suffixes[1]:
                dk = _key(ins.operands[0].reg)
                if dk != d0 and dk not in touched:
                    lo, hi = (first, ins) if w < partner else (ins, first)
                    elems = [Operand("reg", x.operands[0].line, x.operands[0].col, reg=x.operands[0].reg)
                             for x in (lo, hi)]
                    new[i] = replace(first, suffixes=["const", "v2", first.suffixes[1]],
                                     operands=[Operand("vec", first.line, first.col, elems=elems), lo.operands[1]])
                    dead.add(k)
                break
            d, u = du[k]
            touched |= {_key(r) for r in d} | {_key(r) for r in u}
            if d0 in {_key(r) for r in d}:
                break
    if dead:
        _replace(fn, dead, new, lambda ins: ins)
    return len(dead)
