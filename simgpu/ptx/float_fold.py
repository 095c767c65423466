"""What ptxas folds into the float instruction that reads a value (part of
the `ptxas` lowering, lower.py): a product contracted into the add that
uses it, and `abs`/`neg` as operand modifiers.

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
