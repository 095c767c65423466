"""What ptxas folds into the float instruction that reads a value (part of
the `ptxas` lowering, lower.py): a product contracted into the add that
uses it, `abs`/`neg` as operand modifiers, and a select of two values
computed for it as two writes of one register (fold_selects).

- **Contraction.** PTX's `mul` and `add`/`sub` without a rounding modifier
  "may be optimized aggressively by the code generator ... mul/add
  sequences with no rounding modifiers may be optimized to use
  fused-multiply-add instructions" (PTX ISA, Floating-Point Instructions:
  add, mul). ptxas does: newton_sqrt's `mul.f32 t, x, x; sub.f32 e, t, v`
  is `FFMA R2, R3, R3, -R0` (traces/ptxas/sm90_holdout7.sass). A product
  with one reader, an add or sub of the same type and flags, becomes
  `fma.rn` there: t + c and c + t are fma(a, b, c), t - c is fma(a, b, -c),
  c - t is fma(-a, b, c). The result is rounded once, as the H200 rounds
  it, so the lowered run differs from the unlowered one in the last bit
  where the two roundings differ (tests/test_lower.py compares such
  kernels to a tolerance).
- **Modifiers.** SASS's float instructions read |x| and -x of a register
  in place (FADD R0, -R1, |R2|; FMUL R0, |R7|, c; FSETP.GE P1, |R7|, c;
  MUFU.EX2 R0, -R2): an `abs` or `neg` whose every reader takes the
  modifier is no instruction (newton_sqrt's `abs.f32` before its `setp`;
  gelu_tanh's tanh's `abs.f32`, read by an FMUL and two FSETP). FFMA takes
  -x but not |x| (no FFMA in the committed SASS has one); neither modifier
  is folded into the IEEE sequences (ieee.py), whose operands are read by
  several instructions.

The modifier rides on the operand (Operand.fmod, the assembler's oreg2 of
the slot: codes.FMOD_NEG / FMOD_ABS) and exec/lanes.fetch_float applies it,
|x| first. abs/neg of a register are exact and fetch_float's are the same
bits (an f32 NaN comes out of every reader as the canonical NaN either
way), so folding them keeps results bit-identical; contraction changes them
as the hardware's FFMA does.
"""
from dataclasses import replace

from .codes import FMOD_ABS, FMOD_NEG
from .parser import Instr
from .unroll import _key

# float instructions whose register sources SASS reads with |x| and -x (FADD, FMUL, FSETP, FMNMX,
# MUFU; DADD, DMUL, DSETP, DMNMX); fma/mad (FFMA, DFMA) take -x only
_READS_ABS = ("add", "sub", "mul", "min", "max", "setp", "ex2", "lg2", "rsqrt", "sqrt", "rcp", "sin", "cos",
              "tanh")
_READS_NEG = _READS_ABS + ("fma", "mad")
_APPROX_ONLY = ("ex2", "lg2", "rsqrt", "sqrt", "rcp", "sin", "cos", "tanh")   # their MUFU forms
_FLOAT = ("f32", "f64")


def _float_type(ins):
    ty = ins.suffixes[-1] if ins.suffixes else None
    return ty if ty in _FLOAT else None


def _reads_modifier(ins, mod):
    """`ins` can read a float register with modifier `mod` in place (see _READS_ABS)."""
    if ins.fused is not None or _float_type(ins) is None:
        return False
    if ins.opcode in _APPROX_ONLY and "approx" not in ins.suffixes:
        return False
    return ins.opcode in (_READS_ABS if mod & FMOD_ABS else _READS_NEG)


def _unchanged(info, reg, k, u, labels):
    """reg holds at u the value it held at k."""
    return info.invariant(reg) or info.same_between(reg, k, u) or info.fixed_before(reg, k, labels)


def _single_def_readers(info, reg, k):
    """The instructions reading `reg`, when instruction k is its only writer and they all follow it."""
    if info.defs.get(_key(reg), []) != [k]:
        return None
    readers = sorted(set(info.uses.get(_key(reg), [])))
    return readers if readers and all(u > k for u in readers) else None


def _flip(o):
    """-o: an immediate's value negated, a register's modifier flipped (None where it holds |x|)."""
    if o.kind == "imm":
        return replace(o, value=-o.value)
    if o.fmod & FMOD_ABS:
        return None
    return replace(o, fmod=o.fmod ^ FMOD_NEG)


def _compose(op, inner, outer):
    """The modifier that reads outer(op(inner(x))) from x, op FMOD_ABS (abs) or FMOD_NEG (neg): an |x|
    anywhere after the inner one leaves |x| and the signs applied after it."""
    if op == FMOD_ABS or outer & FMOD_ABS:
        return FMOD_ABS | (outer & FMOD_NEG)
    return (inner & FMOD_ABS) | ((inner ^ outer ^ FMOD_NEG) & FMOD_NEG)


def contract_multiply_add(fn, table):
    """`mul.f32 t, a, b` read only by `add`/`sub` of the same suffixes (no
    rounding modifier on either) -> one `fma.rn` (see the module doc).
    Returns the number of products removed."""
    from .lower import Defs, _replace
    instrs = fn.instrs
    info = Defs(instrs, fn.labels, table)
    dead, new = set(), {}
    for k, mul in enumerate(instrs):
        ty = _float_type(mul)
        if mul.opcode != "mul" or ty is None or mul.guard is not None or mul.fused is not None \
                or any(s not in ("ftz", ty) for s in mul.suffixes) or mul.operands[0].kind != "reg" \
                or any(o.kind not in ("reg", "imm") or o.fmod & FMOD_ABS for o in mul.operands[1:3]):
            continue
        t = mul.operands[0].reg
        readers = _single_def_readers(info, t, k)
        if readers is None or len(readers) != 1 or readers[0] in new:
            continue
        u = readers[0]
        add = instrs[u]
        if add.opcode not in ("add", "sub") or add.suffixes != mul.suffixes or add.fused is not None:
            continue
        srcs = add.operands[1:3]
        at = [j for j, o in enumerate(srcs) if o.kind == "reg" and o.reg is not None and _key(o.reg) == _key(t)]
        other = srcs[1 - at[0]] if len(at) == 1 else None
        if other is None or other.kind not in ("reg", "imm") or srcs[at[0]].fmod \
                or not all(o.kind == "imm" or _unchanged(info, o.reg, k, u, fn.labels) for o in mul.operands[1:3]):
            continue
        a, b = mul.operands[1:3]
        if add.opcode == "sub" and at[0] == 0:          # t - c
            other = _flip(other)
        elif add.opcode == "sub":                       # c - t
            a = _flip(a)
        if other is None or a is None:
            continue
        suffixes = ["rn"] + [s for s in mul.suffixes if s == "ftz"] + [ty]
        new[u] = Instr("fma", suffixes, [add.operands[0], a, b, other], guard=add.guard, guard_neg=add.guard_neg,
                       line=add.line, col=add.col, text=add.text)
        dead.add(k)
    if dead:
        _replace(fn, dead, new, lambda ins: ins)
    return len(dead)


def fold_modifiers(fn, table):
    """`abs`/`neg` (.f32, .f64) of a register whose every reader takes the
    modifier in place (_READS_ABS, _READS_NEG), and whose source holds its
    value at each reader: the readers read the source with the modifier,
    and the instruction goes. Returns the number folded."""
    from .lower import Defs, _replace
    done = 0
    while True:                                   # again: two folded into one reader go one a pass
        instrs = fn.instrs
        info = Defs(instrs, fn.labels, table)
        dead, new = set(), {}
        for k, ins in enumerate(instrs):
            ty = _float_type(ins)
            if ins.opcode not in ("abs", "neg") or ty is None or ins.guard is not None \
                    or ins.operands[1].kind != "reg" or ins.operands[1].reg is None or ins.operands[0].kind != "reg":
                continue
            mod = FMOD_ABS if ins.opcode == "abs" else FMOD_NEG
            t, x = ins.operands[0].reg, ins.operands[1]
            readers = _single_def_readers(info, t, k)
            if readers is None or any(u in new or u in dead for u in readers):
                continue
            ok = all(_reads_modifier(instrs[u], mod) and _float_type(instrs[u]) == ty
                     and ("ftz" not in ins.suffixes or "ftz" in instrs[u].suffixes)
                     and _unchanged(info, x.reg, k, u, fn.labels) for u in readers)
            if not ok:
                continue

            def folded(o):
                if o.kind != "reg" or o.reg is None or _key(o.reg) != _key(t):
                    return o
                return replace(x, fmod=_compose(mod, x.fmod, o.fmod), line=o.line, col=o.col)
            for u in readers:
                r = instrs[u]
                new[u] = replace(r, operands=[r.operands[0]] + [folded(o) for o in r.operands[1:]])
            dead.add(k)
        if not dead:
            return done
        _replace(fn, dead, new, lambda ins: ins)
        done += len(dead)


# what ptxas writes straight into a select's destination, one of the two predicated (FFMA, FADD,
# FMUL, LOP3 for copysign ...; no MUFU, load or conversion among the selects seen)
_SELECT_SIDES = ("add", "sub", "mul", "fma", "min", "max", "copysign")


def _select_side(info, reg, k):
    """The instruction that computes `reg` for the select at k: the last writer of reg before k
    in k's basic block, unguarded, a float ALU instruction (_SELECT_SIDES) on f32, with reg read
    by nothing else in between and by nothing after k (dead there on every path). None if not."""
    instrs = info.instrs
    for i in range(k - 1, -1, -1):
        if info.block[i] != info.block[k]:
            return None
        d, u = info.du[i]
        if any(_key(r) == _key(reg) for r in d):
            ins = instrs[i]
            ok = ins.guard is None and ins.opcode in _SELECT_SIDES and ins.fused is None \
                and _float_type(ins) == "f32" and len(d) == 1 and not info.live_after(reg, k)
            return i if ok else None
        if any(_key(r) == _key(reg) for r in u):
            return None
    return None


def _touches(info, reg, lo, hi):
    """Whether an instruction in [lo, hi) reads or writes reg."""
    return any(_key(r) == _key(reg) for j in range(lo, hi) for r in info.du[j][0] + info.du[j][1])


def _renamed_reads(info, reg, to, k):
    """{j: instruction j with its reads of `reg` renamed `to`} for the readers of reg after k up
    to its next (unguarded) writer in k's block, which reads the old value too; None where
    reg's value from k may be read elsewhere (past the block, or kept by a guarded write)."""
    from .unroll import _dest_positions, _rename
    instrs, out = info.instrs, {}
    for j in range(k + 1, len(instrs)):
        if info.block[j] != info.block[k]:
            return None if _key(reg) in info._live_out()[info.block[k]] else out
        d, u = info.du[j]
        writes = any(_key(r) == _key(reg) for r in d)
        if writes and instrs[j].guard is not None:
            return None
        if any(_key(r) == _key(reg) for r in u):
            ins = instrs[j]
            dpos = set(_dest_positions(info.table[ins.opcode], ins))
            renamed = _rename(ins, {_key(reg): to})
            out[j] = replace(ins, operands=[o if p in dpos else renamed.operands[p] for p, o in enumerate(ins.operands)])
        if writes:
            return out
    return None if _key(reg) in info._live_out()[info.block[k]] else out


def fold_selects(fn, table):
    """`selp.f32 d, a, b, p` of two values computed for it alone is no instruction: ptxas
    writes the earlier of the two into d's register and the later one into the same
    register under the predicate (attention_naive's online softmax, `s = grew ? s * corr + e :
    s + e`: `FFMA R19, R23, R10, 1` then `@!P4 FADD R19, R23, R10`; gelu_tanh's last select:
    `LOP3.LUT R8, ...` for its copysign, then `@!P1 FFMA R8, R7, R0, R7`; traces/ptxas/
    sm90_programs.sass, sm90_holdout5.sass). Both sides in the select's basic block,
    unguarded, f32 ALU instructions (_SELECT_SIDES) whose results nothing else reads; the
    later one moves, predicated, to the select's place (after the compare, as gelu_tanh's
    FFMA follows its FSETP), so its sources may not change in between. They
    write d itself where nothing from the first of them to the select reads or writes d;
    otherwise a new register, and d's readers up to its next writer in the block read that
    (the loop's copies chain so: the first reads s and writes t, the next reads t and writes
    s). Not where a select with an immediate or a register computed elsewhere (FSEL stays:
    gelu_tanh's first select) or where d's value leaves the block (the SASS then has a MOV,
    as the loop's peeled pass does: no instruction saved). Returns the selects removed."""
    from .lower import Defs, _new_reg, _replace
    done = 0
    while True:
        info = Defs(fn.instrs, fn.labels, table)
        for k, sel in enumerate(fn.instrs):
            if sel.opcode != "selp" or sel.suffixes != ["f32"] or sel.guard is not None \
                    or any(o.kind != "reg" or o.reg is None for o in sel.operands):
                continue
            d, a, b, p = (o.reg for o in sel.operands)
            if _key(a) == _key(b):
                continue
            i, j = _select_side(info, a, k), _select_side(info, b, k)
            if i is None or j is None:
                continue
            first, second = min(i, j), max(i, j)
            if not all(info.same_between(r, second, k) for r in info.du[second][1]):
                continue                              # the second moves to the select's place
            renames = {}
            if _touches(info, d, first, k):
                to = _new_reg(fn, f"%__sel{fn.nregs[d.kind]}", d.kind, d.type)
                renames = _renamed_reads(info, d, to, k)
                if renames is None:
                    continue
                d = to
            dest = replace(sel.operands[0], reg=d)
            new = dict(renames)
            new[first] = replace(fn.instrs[first], operands=[dest] + fn.instrs[first].operands[1:])
            new[k] = replace(fn.instrs[second], operands=[dest] + fn.instrs[second].operands[1:],
                             guard=p, guard_neg=(second == j) != sel.operands[3].neg)
            _replace(fn, {second}, new, lambda ins: ins)
            done += 1
            break
        else:
            return done
