"""What ptxas makes of PTX's correctly rounded float division, reciprocal and
square root, and where it drops an approximate function's range fix-up (part
of the `ptxas` lowering, lower.py).

None of div.rn, rcp.rn, sqrt.rn or div.full is one machine instruction: ptxas
emits a MUFU estimate refined by FFMAs (DFMAs for .f64), a check of the
operands, and a call to a slow-path subroutine the check rarely takes, all
inside a BSSY/BSYNC pair. Read from traces/ptxas/special.json
(tools/probe_ptxas_special.py: `ptxas -arch=sm_90 -O3`, `cuobjdump -sass`,
CUDA 13.0), the main path of each (the instructions issued when the check
passes, BSSY and BSYNC included):

| PTX | SASS main path | instructions |
|---|---|---|
| div.rn.f32 a, b | MUFU.RCP, FCHK, 5 FFMA, @!P0 BRA | 10 |
| div.rn.f32 a, K | 2 IMAD.MOV (1/K, K), FFMA, FFMA, FCHK, 3 FFMA, BRA | 11 |
| div.rn.f32 K, b | UMOV, IMAD.U32, then as a, b | 12 |
| rcp.rn.f32 x | VIADD, LOP3, ISETP.GT.U32, @P0 BRA, MUFU.RCP, FFMA, FADD.FTZ, FFMA | 10 |
| sqrt.rn.f32 x | IADD3, MUFU.RSQ, ISETP.GT.U32, @!P0 BRA, 2 FMUL.FTZ, 2 FFMA | 10 |
| div.full.f32 | 2 FSETP, 4 guarded FMUL (scaling), MUFU.RCP, FMUL | 8 (.ftz: 5) |
| div.approx.f32 | FSETP, 2 guarded FMUL, MUFU.RCP, FMUL | 5 (.ftz: 2) |
| div.rn.f64 | MUFU.RCP64H, FSETP, 5 DFMA, DMUL, 2 DFMA, FFMA, FSETP, @P0 BRA | 15 |
| rcp.rn.f64 | MUFU.RCP64H, VIADD, FSETP, 5 DFMA, @P0 BRA | 11 |
| sqrt.rn.f64 | MUFU.RSQ64H, VIADD, ISETP, 3 DMUL and 3 DFMA, VIADD, IMAD.MOV, 2 DFMA, @!P0 BRA | 16 |

(the .ftz forms of div.rn and rcp.rn have the same main paths. div.rn.f64 of a
constant, `4.0 / x`, was not probed: it is given the same 15, the constant
an operand of the DMUL and DFMA.)

expand_ieee gives each as many instructions, on the same pipes, with the same
dependences: the estimate waits for the operand, each refinement step for the
one before, the result for the last step. Values stay simgpu's own, exact:
the refinement steps write registers of their own that nothing else reads,
and the result is the original instruction, computed exactly (fp.py), with
the last step's register as an extra source it waits for and does not read
(the assembler's `waits` operands). The checks are the SASS's where they are
integer tests (rcp.rn, sqrt.rn: exponents out of range go the slow way, as
on the hardware); FCHK and the f64 checks are modeled as "an operand is NaN",
FCHK on the XU beside MUFU as Nsight counts it (2 XU instructions a div.rn.f32,
1 a rcp.rn or sqrt.rn: traces/h100/micro/micro_ieee_pipes.json; loaded, a
div.rn takes a scheduler 17.5 cycles, rcp.rn 10.4: micro_ieee_div.json).
The slow path is the original instruction again (the hardware calls a
subroutine of some 40 instructions), so either way the value is exact.

The range fix-up of ex2/lg2/rsqrt/sqrt.approx.f32 (FSETP, a guarded FMUL on
each side of the MUFU: lower.py expand_special_functions) is left out when
ptxas can bound the input: `bounded_below` follows the input back through
sin/cos/tanh.approx ([-1, 1]), ex2.approx and abs (>= 0), and multiplication
or addition by a constant (special.json: ex2 of cos(x) * -log2(e), of
sin(x) * 100, of cos(x) - 10, of abs(x) and of ex2(x) have none; ex2 of
sin(x) * 200, of max(x, -100), of cos(x) * b keep it; lg2(|x| + 1) and
rsqrt(|x| + 1e-5) have none, lg2(ex2(x)) keeps it).
"""
from .codes import K_PRED, K_R32, K_R64, T_B32, T_B64, T_F32, T_F64, T_PRED
from .parser import Instr, Operand
from .splice import Splice
from .unroll import _key

# the input an approximate function needs for its MUFU alone (the SASS's FSETP.GEU bound)
FIXUP_BOUND = {"ex2": -126.0, "lg2": 2.0 ** -126, "rsqrt": 2.0 ** -126, "sqrt": 2.0 ** -126}
_UNIT_RANGE = ("sin", "cos", "tanh")
_NONNEGATIVE = ("ex2", "abs")


def _interval(instrs, starts, k, reg, depth=6):
    """(lo, hi) bounds of register `reg` as instruction k reads it, as far as ptxas can tell:
    followed back through its closest write before k in k's basic block (`starts`: the
    instructions a label names), which must be unguarded."""
    inf = float("inf")
    if depth == 0 or reg is None:
        return -inf, inf
    for j in range(k - 1, -1, -1):
        ins = instrs[j]
        if j + 1 in starts or ins.opcode in ("bra", "ret", "exit"):
            return -inf, inf
        if not ins.operands or ins.operands[0].kind != "reg" or _key(ins.operands[0].reg) != _key(reg):
            continue
        if ins.guard is not None:
            return -inf, inf
        op, ops = ins.opcode, ins.operands
        if op in _UNIT_RANGE and "approx" in ins.suffixes:
            return -1.0, 1.0
        if op in _NONNEGATIVE and "f32" in ins.suffixes:
            return 0.0, inf
        if op in ("mul", "add", "sub") and "f32" in ins.suffixes and len(ops) == 3:
            regs = [o for o in ops[1:] if o.kind == "reg"]
            imms = [o for o in ops[1:] if o.kind == "imm"]
            if len(regs) != 1 or len(imms) != 1 or (op == "sub" and ops[1].kind != "reg"):
                return -inf, inf
            lo, hi = _interval(instrs, starts, j, regs[0].reg, depth - 1)
            c = float(imms[0].value)
            if op == "mul":
                ends = [v * c if v not in (-inf, inf) or c != 0 else 0.0 for v in (lo, hi)]
                return min(ends), max(ends)
            c = -c if op == "sub" else c
            return lo + c, hi + c
        return -inf, inf
    return -inf, inf


def bounded_below(fn, k):
    """Instruction k is an approximate ex2/lg2/rsqrt/sqrt whose input ptxas knows to be at least
    FIXUP_BOUND (then its SASS is the MUFU alone)."""
    ins = fn.instrs[k]
    x = ins.operands[1]
    if ins.opcode not in FIXUP_BOUND or x.kind != "reg":
        return False
    lo, _ = _interval(fn.instrs, set(fn.labels.values()), k, x.reg)
    return lo >= FIXUP_BOUND[ins.opcode]


# the forms whose main path ends in a branch over the slow-path call (the table above): ptxas's
# basic block ends there, so its scheduler moves nothing across the sequence (unroll.py
# _between_barriers); div.full and div.approx are straight code
SLOW_PATH_FORMS = frozenset({"div_rn", "rcp_rn", "sqrt_rn", "div_rn_f64", "rcp_rn_f64", "sqrt_rn_f64"})


def ends_block(ins):
    """Whether ptxas makes `ins` a sequence that ends its basic block: a branch over a slow-path call."""
    return ieee_form(ins) in SLOW_PATH_FORMS


def ieee_form(ins):
    """The key of `ins`'s sequence (EXPAND below), or None."""
    sx, op, ops = ins.suffixes, ins.opcode, ins.operands
    if op not in ("div", "rcp", "sqrt") or ins.guard is not None or any(o.kind not in ("reg", "imm") for o in ops[1:]):
        return None
    if ops[0].kind != "reg" or ops[-1].kind != "reg" and not (op == "div" and "f32" in sx and "rn" in sx):
        return None
    if "f32" in sx:
        if op == "div":
            return "div_full" if "full" in sx else "div_approx" if "approx" in sx else "div_rn" if "rn" in sx else None
        return f"{op}_rn" if "rn" in sx and ops[1].kind == "reg" else None
    if "f64" in sx and "rn" in sx and ops[-1].kind == "reg":
        return f"{op}_rn_f64"           # (a constant numerator: the same steps, the constant an operand)
    return None


class _Seq:
    """Emits one expansion into `out`: new registers, immediates, instructions and labels."""

    def __init__(self, fn, out, ins, tag, labels):
        self.fn, self.out, self.ins, self.tag, self.labels = fn, out, ins, tag, labels
        self.L, self.C = ins.line, ins.col

    def reg(self, kind=K_R32, ty=T_F32):
        from .lower import _new_reg
        return Operand("reg", self.L, self.C, reg=_new_reg(self.fn, f"%__ieee{self.tag}_{self.fn.nregs[kind]}", kind, ty))

    def f64(self):
        return self.reg(K_R64, T_F64)

    def pred(self):
        return self.reg(K_PRED, T_PRED)

    def imm(self, v, is_float=True):
        return Operand("imm", self.L, self.C, value=v, is_float_lit=is_float)

    def __call__(self, opcode, suffixes, *ops, guard=None, neg=False, waits=(), fused=None):
        self.out.append(Instr(opcode, list(suffixes), list(ops) + list(waits), guard=guard.reg if guard else None,
                              guard_neg=neg, line=self.L, col=self.C, text=self.ins.text,
                              fused="waits" if waits else fused))

    def label(self):
        name = f"$__ieee{self.tag}_{len(self.labels)}"
        self.labels[name] = None
        return name

    def place(self, name):
        self.labels[name] = len(self.out)

    def bra(self, name, guard=None, neg=False):
        self("bra", ["uni"] if guard is None else [], Operand("sym", self.L, self.C, value=name), guard=guard, neg=neg)

    def result(self, *waits):
        """The original instruction: the exact value, waiting for the sequence's last steps."""
        self.out.append(Instr(self.ins.opcode, list(self.ins.suffixes), list(self.ins.operands) + list(waits),
                              line=self.L, col=self.C, text=self.ins.text, fused="waits"))

    def slow_path_after(self, p, taken_when_slow):
        """The check's branch past the slow path (the original instruction, as the subroutine's
        exact value), as the SASS's `@!P0 BRA` over its CALL."""
        done = self.label()
        self.bra(done, guard=p, neg=taken_when_slow)
        self.out.append(self.ins)
        self.place(done)


def _div_rn(s, d, a, b):
    f32 = "f32"
    if a.kind == "imm":                                  # UMOV, IMAD.U32: the numerator to a register
        t, a2 = s.reg(), s.reg()
        s("mov", [f32], t, a)
        s("mov", [f32], a2, t)
        a = a2
    p = s.pred()
    if b.kind == "imm":                                  # 1/K and K as constants, the estimate's FFMAs first
        r, bk, e, f = s.reg(), s.reg(), s.reg(), s.reg()
        s("mov", [f32], r, s.imm(1.0 / float(b.value) if float(b.value) else 0.0))
        s("mov", [f32], bk, b)
        s("fma", ["rn", f32], e, r, bk, s.imm(1.0))
        s("fma", ["rn", f32], f, e, r, r)
        s("setp", ["nan", f32], p, a, bk, fused="xu")    # FCHK, on the XU
    else:
        r, e, f = s.reg(), s.reg(), s.reg()
        s("rcp", ["approx", "ftz", f32], r, b)          # MUFU.RCP
        s("setp", ["nan", f32], p, a, b, fused="xu")     # FCHK, on the XU
        s("fma", ["rn", f32], e, b, r, s.imm(1.0))
        s("fma", ["rn", f32], f, r, e, r)
    q, g = s.reg(), s.reg()
    s("fma", ["rn", f32], q, a, f, s.imm(0.0))
    s("fma", ["rn", f32], g, b if b.kind == "reg" else bk, q, a)
    s.result(g)
    s.slow_path_after(p, taken_when_slow=True)


def _rcp_rn(s, d, x):
    t, p = s.reg(K_R32, T_B32), s.pred()
    s("add", ["u32"], t, x, s.imm(0x1800000, False))      # VIADD: the exponent plus 3
    s("and", ["b32"], t, t, s.imm(0x7F800000, False))     # LOP3
    s("setp", ["gt", "u32"], p, t, s.imm(0x1FFFFFF, False))   # ISETP: exponent 1..252 goes the fast way
    fast, done = s.label(), s.label()
    s.bra(fast, guard=p)
    s.out.append(s.ins)                                   # the slow path: MOV, CALL, BRA
    s.bra(done)
    s.place(fast)
    r, e, e2 = s.reg(), s.reg(), s.reg()
    s("rcp", ["approx", "ftz", "f32"], r, x)              # MUFU.RCP
    s("fma", ["rn", "f32"], e, x, r, s.imm(-1.0))
    s("add", ["ftz", "f32"], e2, e, s.imm(-0.0))          # FADD.FTZ -e, -RZ
    s.result(e2, r)
    s.place(done)


def _sqrt_rn(s, d, x):
    t, p, r = s.reg(K_R32, T_B32), s.pred(), s.reg()
    s("add", ["u32"], t, x, s.imm(0xF3000000, False))     # IADD3 x - 0xd000000
    s("rsqrt", ["approx", "ftz", "f32"], r, x)            # MUFU.RSQ
    s("setp", ["gt", "u32"], p, t, s.imm(0x727FFFFF, False))  # ISETP: zero, subnormal, negative, inf, NaN
    fast, done = s.label(), s.label()
    s.bra(fast, guard=p, neg=True)
    s.out.append(s.ins)
    s.bra(done)
    s.place(fast)
    y, h, e = s.reg(), s.reg(), s.reg()
    s("mul", ["ftz", "f32"], y, x, r)                     # FMUL.FTZ x * rsqrt
    s("mul", ["ftz", "f32"], h, r, s.imm(0.5))
    s("fma", ["rn", "f32"], e, y, y, x)
    s.result(e, h)
    s.place(done)


def _div_scaled(s, d, a, b, full):
    """div.full / div.approx: scale both operands (in place, by 1.0 here: the scaled quotient is
    the same) when the divisor is out of MUFU.RCP's range, then MUFU.RCP and FMUL."""
    ftz = "ftz" in s.ins.suffixes
    checks = ([("gt", 2.0 ** 126, False)] if full else []) + ([] if ftz else [("geu", 2.0 ** -126, True)])
    for cmp, bound, neg in checks:
        p = s.pred()
        s("setp", [cmp, "f32"], p, b, s.imm(bound))
        for o in (b, a):
            if o.kind == "reg":
                s("mul", ["f32"], o, o, s.imm(1.0), guard=p, neg=neg)
    r = s.reg()
    s("rcp", ["approx", "ftz", "f32"], r, b)
    s.result(r)


def _div_rn_f64(s, d, a, b):
    r, p = s.f64(), s.pred()
    s("rcp", ["approx", "ftz", "f64"], r, b)              # MUFU.RCP64H
    s("setp", ["num", "f64"], p, a, b)                    # FSETP on the numerator's high word
    e1, e2, r2, e3, r3, q, g = (s.f64() for _ in range(7))
    one = s.imm(1.0)
    s("fma", ["rn", "f64"], e1, b, r, one)
    s("fma", ["rn", "f64"], e2, e1, e1, e1)
    s("fma", ["rn", "f64"], r2, r, e2, r)
    s("fma", ["rn", "f64"], e3, b, r2, one)
    s("fma", ["rn", "f64"], r3, r2, e3, r2)
    s("mul", ["rn", "f64"], q, a, r3)                     # DMUL
    s("fma", ["rn", "f64"], g, b, q, a)
    s.result(g, r3)
    # the exponent check, FFMA RZ, hi(b), hi(q) after the quotient, FSETP.GT on it, the branch on
    # that (pi_f64's SASS: the last DFMA S10, the FFMA S05, the FSETP S13 before its @P0 BRA, so
    # the branch waits latency_guard_cycles: C.F_GUARD): t waits for the quotient and is 0, so
    # pc = p (the operands are numbers), read after t
    t, pc = s.reg(), s.pred()
    s("fma", ["rn", "f32"], t, s.imm(0.0), s.imm(0.0), s.imm(0.0), waits=(d,))
    s("setp", ["le", "and", "f32"], pc, t, s.imm(2.0 ** -126), p, fused="guard")
    s.slow_path_after(pc, taken_when_slow=False)


def _rcp_rn_f64(s, d, x):
    r, t, p = s.f64(), s.reg(K_R64, T_B64), s.pred()
    s("rcp", ["approx", "ftz", "f64"], r, x)              # MUFU.RCP64H
    s("add", ["u64"], t, r, s.imm(0x0030040200000000, False))   # VIADD on the estimate's high word
    s("setp", ["num", "f64"], p, x, x)                    # FSETP.GEU
    e1, e2, r2, e3 = (s.f64() for _ in range(4))
    one = s.imm(1.0)
    s("fma", ["rn", "f64"], e1, x, r, one)
    s("fma", ["rn", "f64"], e2, e1, e1, e1)
    s("fma", ["rn", "f64"], r2, r, e2, r)
    s("fma", ["rn", "f64"], e3, x, r2, one)
    s.result(e3, r2)
    s.slow_path_after(p, taken_when_slow=False)


def _sqrt_rn_f64(s, d, x):
    r, t, p = s.f64(), s.reg(K_R64, T_B64), s.pred()
    s("rsqrt", ["approx", "ftz", "f64"], r, x)            # MUFU.RSQ64H
    s("add", ["u64"], t, x, s.imm(0xFCB0000000000000, False))   # VIADD on the high word
    s("setp", ["ge", "u64"], p, t, s.imm(0x7CA0000000000000, False))   # ISETP.GE.U32: out of range
    m1, f1, f2, m2, f3, m3, u, c, f4 = (s.f64() for _ in range(9))
    s("mul", ["rn", "f64"], m1, r, r)
    s("fma", ["rn", "f64"], f1, x, m1, s.imm(1.0))
    s("fma", ["rn", "f64"], f2, f1, f1, s.imm(0.5))
    s("mul", ["rn", "f64"], m2, r, f1)
    s("fma", ["rn", "f64"], f3, f2, m2, r)
    s("mul", ["rn", "f64"], m3, x, f3)
    s("add", ["u64"], u, f3, s.imm(0xFFF0000000000000, False))   # VIADD: half the estimate
    s("mov", ["b64"], c, f3)                              # IMAD.MOV
    s("fma", ["rn", "f64"], f4, m3, m3, x)
    s.result(f4, u, c)
    s.slow_path_after(p, taken_when_slow=True)


EXPAND = {
    "div_rn": lambda s, o: _div_rn(s, *o),
    "rcp_rn": lambda s, o: _rcp_rn(s, *o),
    "sqrt_rn": lambda s, o: _sqrt_rn(s, *o),
    "div_full": lambda s, o: _div_scaled(s, *o, full=True),
    "div_approx": lambda s, o: _div_scaled(s, *o, full=False),
    "div_rn_f64": lambda s, o: _div_rn_f64(s, *o),
    "rcp_rn_f64": lambda s, o: _rcp_rn_f64(s, *o),
    "sqrt_rn_f64": lambda s, o: _sqrt_rn_f64(s, *o),
}


def expand_ieee(fn, table):
    """Each div/rcp/sqrt of the table above as its SASS main path (the module's docstring).
    Returns the number expanded."""
    s, labels, done = Splice(fn), {}, 0
    for k, ins in s:
        form = ieee_form(ins)
        if form is None:
            s.out.append(ins)
            continue
        done += 1
        EXPAND[form](_Seq(fn, s.out, ins, done, labels), ins.operands)
    s.close()
    fn.labels.update(labels)
    return done
