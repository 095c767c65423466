"""Symbolic PTX (from parser.py) -> a Program of flat integer arrays that the
compiled executor runs, checked against the ISA table (isa/instructions.toml).

Each instruction i becomes one row: opcode, types, sub-operation, rounding,
flags, state space, vector width, guard predicate, and up to MAXOP operand
slots (kind, register, immediate bits, immediate as float). Slot conventions:
arithmetic d=0, sources 1..; setp p=0 q=1 a=2 b=3 c=4; shfl d=0 p=1 a=2 b=3
c=4 mask=5; ld/st data 0..3 and address 4; atom d=0 b=1 c=2 address 4; red
b=1 address 4; bar id=1 count=2; vote d=0 pred=1 mask=2; mov {a,b} packing
d=0 sources 1..; unpacking destinations 0.. source 4.
"""
import struct
from dataclasses import dataclass, field

import numpy as np

from ..errors import AssemblyError
from . import codes as C
from .cfg import immediate_postdominators, successors
from .parser import Operand

MAXOP = 6
GROUP_MAX = 8              # registers in one K_RGRP operand (mma's largest fragment: 8)
UNIT_NAMES = ("fp32", "int", "fp64", "sfu", "lsu", "mio", "branch", "sync", "tensor")
UNIT = {n: i for i, n in enumerate(UNIT_NAMES)}


@dataclass
class Program:
    """A kernel ready to run: flat arrays (one row per instruction) plus layout."""
    name: str
    file: str
    n: int
    op: np.ndarray
    ty: np.ndarray
    ty2: np.ndarray
    sub: np.ndarray
    sub2: np.ndarray
    rnd: np.ndarray
    flags: np.ndarray
    space: np.ndarray
    vec: np.ndarray
    guard: np.ndarray          # predicate register index, -1 if none
    guard_neg: np.ndarray
    okind: np.ndarray          # [n, MAXOP]
    oreg: np.ndarray
    oreg2: np.ndarray          # address base file (ABASE_*) / pred negation
    obits: np.ndarray          # uint64 immediate bits, address offset, label pc
    ofloat: np.ndarray         # immediate as float64
    ipdom: np.ndarray          # reconvergence pc of each branch (-1: none)
    unit: np.ndarray           # functional-unit class (UNIT_NAMES)
    variable_latency: np.ndarray
    lines: np.ndarray
    cols: np.ndarray
    texts: list
    params: list               # parser Var with .offset
    param_bytes: int
    shared_static: int         # bytes of static shared memory
    shared_vars: list
    has_dynamic_shared: bool
    local_bytes: int
    global_init: bytes         # module-level .global and .const variables, placed first in global memory
    nregs32: int
    nregs64: int
    npreds: int
    reqntid: tuple = None
    maxntid: tuple = None
    maxnreg: int = None
    opcode_names: list = field(default_factory=list)
    groups: np.ndarray = None  # [groups, GROUP_MAX] register numbers of K_RGRP operands (-1 pads)
    module_vars: dict = field(default_factory=dict)   # .global/.const name -> Var (.offset into global_init)

    def arrays(self):
        """The tuple the compiled executor takes (order matters: see exec.state.ProgArrays)."""
        from ..exec.compact import compact
        from ..exec.jit import records
        from ..exec.state import INS_FIELDS, ProgArrays
        rows = compact(self)              # the executor's register numbers (exec/compact.py)
        cols = [rows.guard if f == "guard" else getattr(self, "flags" if f == "iflags" else f) for f in INS_FIELDS]
        ins = np.zeros(self.n, np.dtype([(f, c.dtype) for f, c in zip(INS_FIELDS, cols)], align=True))
        for f, c in zip(INS_FIELDS, cols):
            ins[f] = c
        return ProgArrays(records(ins), self.okind, rows.oreg, self.oreg2, self.obits, self.ofloat, rows.groups)

    def where(self, pc):
        """'file:line' of instruction pc and its source text."""
        if 0 <= pc < self.n:
            return f"{self.file}:{self.lines[pc]}", self.texts[pc]
        return f"{self.file}:?", ""


def _on_xu(types, mods):
    """A `cvt` the SM runs on its XU, with MUFU: F2I (f32 to an integer, any rounding) and I2F
    (an integer to f32 rounded other than to nearest). Read from Nsight's pipe counters: a
    `div.u32`'s I2F.U32.RP, MUFU.RCP and F2I.FTZ.U32.TRUNC.NTZ are 3 XU instructions in
    strided_copy's and divergence's launches (traces/h200/pipes.json: xu 6,144 and 1,536, 3 a
    division), where wave.s's `cvt.rn.f32.u32`, I2FP.F32.U32 in its SASS, is none."""
    if len(types) != 2:
        return False
    ints = ("u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64")
    if types[0] in ints and types[1] == "f32":
        return True
    return types[0] == "f32" and types[1] in ints and any(m in ("rp", "rm", "rz") for m in mods)


def _align(x, a):
    return (x + a - 1) // a * a


def _bits_of(value, type_code, is_float):
    """Immediate -> (uint64 bits for the type, float64 value). An integer in a
    packed-half slot (.f16x2, .bf16x2) is the register's 32 bits: PTX has no
    packed-half literal; lower.fold_half_constants writes ptxas's HFMA2
    immediates so."""
    bits_n = C.TYPE_BITS[type_code]
    kind = C.TYPE_KIND[type_code]
    if type_code in (C.T_F16X2, C.T_BF16X2) and not (isinstance(value, float) or is_float):
        return int(value) & 0xFFFFFFFF, float(int(value) & 0xFFFFFFFF)
    if isinstance(value, float) or is_float:
        fv = float(value)
        if bits_n == 64:
            return struct.unpack("<Q", struct.pack("<d", fv))[0], fv
        if bits_n == 32 or bits_n <= 16:
            f32 = struct.unpack("<f", struct.pack("<f", fv))[0]
            return struct.unpack("<I", struct.pack("<f", fv))[0], f32
    iv = int(value)
    if kind == C.KIND_FLOAT:
        return _bits_of(float(iv), type_code, True)
    width = bits_n if bits_n > 1 else 32
    return iv & ((1 << width) - 1), float(iv)


class Assembler:
    def __init__(self, module, fn, lower=None):
        self.m, self.fn, self.file = module, fn, module.file
        self.table = _table()
        self.lower = lower

    def error(self, msg, line, col):
        raise AssemblyError(msg, self.file, line, col)

    # ---- layout ----
    def layout(self):
        fn = self.fn
        from .cfg import branches_to_exit
        from .inline import inline_calls
        instrs, labels, extra_local = inline_calls(self.m, fn)
        fn.instrs, fn.labels = branches_to_exit(instrs, labels), labels
        from .wmma import expand_wmma
        expand_wmma(fn, self.table, self.error)
        for ins in fn.instrs:                   # before the lowering, which reads the table
            if ins.opcode not in self.table:
                self.error(f"unknown instruction {ins.opcode!r}", ins.line, ins.col)
        if self.lower == "ptxas":
            from .lower import lower_ptxas
            lower_ptxas(fn, self.table, self.m)
        elif self.lower == "metal":
            from .lower import lower_metal
            lower_metal(fn, self.table, self.m)
        fn.local = fn.local + extra_local
        # module-level .global variables: the first bytes of global memory; then the .const
        # ones, laid out as in the constant bank (const_bank_offsets) from a 16-byte boundary
        off = 0
        names = {}
        self.global_init = bytearray()
        gvars = [v for v in self.m.globals if v.space != C.SPACE_CONST]
        for v in gvars:
            off = _align(off, v.align)
            v.offset = off
            off += v.size
        bank = const_bank_offsets(self.m)
        base = _align(off, 16)
        for v in self.m.globals:
            if v.space == C.SPACE_CONST:
                v.offset = base + bank[v.name]
        for v in sorted(self.m.globals, key=lambda v: v.offset):
            names[v.name] = v
            self.global_init += bytes(v.offset - len(self.global_init)) + (v.init or bytes(v.size))
        off = 0
        for p in fn.params:
            off = _align(off, p.align)
            p.offset = off
            off += p.size
        self.param_bytes = off
        # shared: the kernel's own variables plus the module-level ones it names
        used = set()
        for ins in fn.instrs:
            for o in ins.operands:
                for x in ([o] + (o.elems or [])):
                    if x.kind == "sym":
                        used.add(x.value)
                    if x.kind == "addr" and isinstance(x.base, str):
                        used.add(x.base)
        svars = [v for v in self.m.shared if v.name in used] + fn.shared
        off = 0
        dynamic = []
        for v in svars:
            if v.name in names:
                self.error(f"duplicate variable {v.name!r}", v.line, v.col)
            names[v.name] = v
            if v.extern:
                dynamic.append(v)
                continue
            off = _align(off, v.align)
            v.offset = off
            off += v.size
        self.shared_static = off
        dyn_off = _align(off, max([16] + [v.align for v in dynamic]))
        for v in dynamic:
            v.offset = dyn_off          # every extern array starts where the static ones end
        self.shared_vars = svars
        self.has_dynamic = bool(dynamic)
        off = 0
        for v in fn.local:
            if v.name in names:
                self.error(f"duplicate variable {v.name!r}", v.line, v.col)
            names[v.name] = v
            off = _align(off, v.align)
            v.offset = off
            off += v.size
        self.local_bytes = _align(off, 8)
        for p in fn.params:
            if p.name in names:
                self.error(f"duplicate variable {p.name!r}", p.line, p.col)
            names[p.name] = p
        self.symbols = names

    # ---- instructions ----
    def run(self):
        fn = self.fn
        self.layout()
        n = len(fn.instrs)              # falling off the end exits, as after a final ret
        z = lambda dt=np.int32: np.zeros(n, dtype=dt)
        self.a = dict(op=z(np.int16), ty=z(np.int8), ty2=z(np.int8), sub=z(np.int8), sub2=z(np.int8),
                      rnd=z(np.int8), flags=z(np.int16), space=z(np.int8), vec=np.ones(n, np.int8),
                      guard=np.full(n, -1, np.int32), guard_neg=z(np.int8),
                      okind=np.zeros((n, MAXOP), np.int8), oreg=np.zeros((n, MAXOP), np.int32),
                      oreg2=np.zeros((n, MAXOP), np.int8), obits=np.zeros((n, MAXOP), np.uint64),
                      ofloat=np.zeros((n, MAXOP), np.float64), unit=z(np.int8),
                      variable_latency=z(np.int8), lines=z(), cols=z())
        self.groups = []
        from .convergence import BSYNC_NAME
        for i, ins in enumerate(fn.instrs):
            self.encode(i, ins)
            if ins.opcode == "mov" and ins.operands[0].kind == "reg" and ins.operands[0].reg is not None \
                    and ins.operands[0].reg.name.startswith(BSYNC_NAME):
                self.a["flags"][i] |= C.F_BSYNC
            if ins.fused == "test":
                self.a["flags"][i] |= C.F_TEST
            elif ins.fused == "high":
                self.a["flags"][i] |= C.F_HIGH_HALF
            elif ins.fused == "spin":
                self.a["flags"][i] |= C.F_SPIN
            elif ins.fused == "guard":
                self.a["flags"][i] |= C.F_GUARD
        a = self.a
        groups = np.full((max(1, len(self.groups)), GROUP_MAX), -1, np.int32)
        for g, regs in enumerate(self.groups):
            groups[g, :len(regs)] = regs
        target = np.where(a["op"] == C.OP_BRA, a["obits"][:, 0].astype(np.int64), -1)
        succ = successors(a["op"], a["guard"] >= 0, target, n)
        ip = immediate_postdominators(succ) if n else np.zeros(0, np.int64)
        ipdom = np.where(ip >= n, -1, ip).astype(np.int32)
        return Program(
            name=fn.name, file=self.file, n=n, ipdom=ipdom,
            texts=[ins.text for ins in fn.instrs], params=fn.params, param_bytes=self.param_bytes,
            shared_static=self.shared_static, shared_vars=self.shared_vars,
            global_init=bytes(self.global_init),
            has_dynamic_shared=self.has_dynamic, local_bytes=self.local_bytes,
            nregs32=fn.nregs[C.K_R32], nregs64=fn.nregs[C.K_R64], npreds=fn.nregs[C.K_PRED],
            reqntid=fn.reqntid, maxntid=fn.maxntid, maxnreg=fn.maxnreg,
            opcode_names=[ins.opcode for ins in fn.instrs], groups=groups,
            module_vars={v.name: v for v in self.m.globals}, **a)

    def encode(self, i, ins):
        a = self.a
        a["lines"][i], a["cols"][i] = ins.line, ins.col
        spec = self.table.get(ins.opcode)
        if spec is None:
            self.error(f"unknown instruction {ins.opcode!r}", ins.line, ins.col)
        a["op"][i] = C.OP[ins.opcode]
        if ins.guard is not None:
            a["guard"][i] = ins.guard.index
            a["guard_neg"][i] = ins.guard_neg
        if ins.opcode in ("mma", "ldmatrix", "stmatrix", "movmatrix"):
            encode_tensor(self, i, ins, spec)
            return
        # --- suffixes: types and modifiers ---
        types, mods = [], []
        col = ins.col + len(ins.opcode)
        for s in ins.suffixes:
            scol = col + 1
            col += len(s) + 1
            if s in C.TYPE and s != "none":
                if s not in spec.types and ins.opcode not in ("cvt", "set"):
                    self.error(f"{ins.opcode} does not take type .{s}", ins.line, scol)
                types.append(s)
            elif s in spec.modifiers:
                mods.append(s)
            elif s.startswith(("L1::", "L2::")) or s in ("L2", "L1"):
                continue             # cache-eviction hints: accepted, no effect on results
            else:
                self.error(f"unknown modifier .{s} for {ins.opcode}", ins.line, scol)
        self.mods = mods
        self.ins = ins
        if ins.opcode in ("dp4a", "dp2a"):
            if len(types) != 2:
                self.error(f"{ins.opcode} needs two types: {ins.opcode}{'.lo' if ins.opcode == 'dp2a' else ''}"
                           f".atype.btype (.u32 or .s32 each)", ins.line, ins.col)
            if ins.opcode == "dp2a" and not any(m in ("lo", "hi") for m in mods):
                self.error("dp2a needs a mode: .lo or .hi", ins.line, ins.col)
        elif ins.opcode in ("cvt", "set"):
            if len(types) != 2:
                self.error(f"{ins.opcode} needs two types: {ins.opcode}{'.CMP' if ins.opcode == 'set' else ''}"
                           f".dtype.atype", ins.line, ins.col)
            for t in types:
                if t not in spec.types:
                    self.error(f"{ins.opcode} does not take type .{t}", ins.line, ins.col)
            self.check_two_types(ins, types, mods)
        elif ins.opcode in ("bar", "barrier"):
            want = ("u32" if "popc" in mods else "pred") if "red" in mods else None
            if want is None and types:
                self.error(f"{ins.opcode} takes no type (bar.red.popc takes .u32, bar.red.and/.or .pred)",
                           ins.line, ins.col)
            if want is not None and types != [want]:
                self.error(f"{ins.opcode}.red.{'popc' if want == 'u32' else 'and/.or'} takes type .{want}",
                           ins.line, ins.col)
        elif spec.types:
            if len(types) != 1:
                self.error(f"{ins.opcode} needs exactly one type suffix ({'/'.join('.' + t for t in spec.types[:6])}...)"
                           if not types else f"{ins.opcode} takes one type, found {len(types)}",
                           ins.line, ins.col)
        elif types:
            self.error(f"{ins.opcode} takes no type", ins.line, ins.col)
        t1 = C.TYPE[types[0]] if types else C.T_NONE
        t2 = C.TYPE[types[1]] if len(types) > 1 else C.T_NONE
        a["ty"][i], a["ty2"][i] = t1, t2
        self.encode_modifiers(i, ins, spec, mods, t1)
        unit = spec.unit_for(types[-1] if ins.opcode == "set" else (types[0] if types else ""))
        if ins.opcode in ("ld", "st", "atom", "red") and a["space"][i] == C.SPACE_SHARED:
            unit = "mio"
        if ins.opcode == "cvt" and _on_xu(types, mods) or ins.fused == "xu":
            unit = "sfu"                      # (FCHK: 2 XU instructions a div.rn.f32, traces/h100/micro/micro_ieee_pipes.json)
        a["unit"][i] = UNIT[unit]
        a["variable_latency"][i] = spec.latency == "variable"
        if ins.opcode == "cp":
            self.encode_cp(i, ins, mods)
            return
        if ins.opcode == "call":
            self.encode_syscall(i, ins)
            return
        if ins.opcode in ("bar", "barrier") and "red" in mods:
            self.encode_bar_red(i, ins, mods, t1)
            return
        self.encode_operands(i, ins, spec, t1, t2)
        if ins.opcode in ("bar", "barrier") and "warp" in mods:
            self.encode_warp_sync(i, ins, mods)

    def encode_cp(self, i, ins, mods):
        """cp.async (PTX ISA 9.7.9.25): the copy [dst], [src], cp-size{, src-size} (dst in slot 5 as a
        .shared address, src in slot 4 as a .global one, the sizes in 1 and 2), commit_group,
        wait_group N (N in slot 1), wait_all."""
        a = self.a
        form = [m for m in mods if m in ("commit_group", "wait_group", "wait_all")]
        ops = list(ins.operands)
        if "async" not in mods:
            self.error("only cp.async is supported (cp.async.bulk and cp.reduce.async are not)", ins.line, ins.col)
        a["unit"][i] = UNIT["branch"]
        a["variable_latency"][i] = False
        if form:
            want = 1 if form[0] == "wait_group" else 0
            if len(ops) != want:
                self.error(f"cp.async.{form[0]} takes {want} operand{'s' if want != 1 else ''}", ins.line, ins.col)
            a["sub"][i] = {"commit_group": C.CP_COMMIT, "wait_group": C.CP_WAIT_GROUP, "wait_all": C.CP_WAIT_ALL}[form[0]]
            if want:
                if ops[0].kind != "imm":
                    self.error("cp.async.wait_group takes a constant group count", ops[0].line, ops[0].col)
                self.encode_src(i, 1, ops[0], C.T_U32)
            return
        if not ("shared" in mods or "shared::cta" in mods) or "global" not in mods:
            self.error("cp.async copies .shared.global: cp.async.ca.shared.global [dst], [src], size",
                       ins.line, ins.col)
        if len(ops) not in (3, 4):
            self.error(f"cp.async takes 3 or 4 operands ([dst], [src], size{{, src-size}}), found {len(ops)}",
                       ins.line, ins.col)
        if ops[2].kind != "imm" or int(ops[2].value) not in (4, 8, 16):
            self.error("cp.async's size is 4, 8 or 16 (bytes)", ops[2].line, ops[2].col)
        if "cg" in mods and int(ops[2].value) != 16:
            self.error("cp.async.cg copies 16 bytes", ops[2].line, ops[2].col)
        a["op"][i] = C.OP_CP
        a["sub"][i] = C.CP_ASYNC
        a["unit"][i] = UNIT["lsu"]
        a["variable_latency"][i] = True
        a["vec"][i] = 1
        a["ty"][i] = C.T_B32
        if "cg" in mods:
            a["flags"][i] |= C.F_L2_ONLY
        a["space"][i] = C.SPACE_SHARED
        self.encode_addr(i, 5, ops[0])
        a["space"][i] = C.SPACE_GLOBAL
        self.encode_addr(i, 4, ops[1])
        self.encode_src(i, 1, ops[2], C.T_U32)
        if len(ops) == 4:
            self.encode_src(i, 2, ops[3], C.T_U32)
        else:
            self.encode_src(i, 2, ops[2], C.T_U32)

    def encode_syscall(self, i, ins):
        """call (r), vprintf, (fmt, args) / call __assertfail, (msg, file, line, func, size): the
        calls ptx/inline.py keeps (exec/syscall.py). Operand 0 is the result's .param variable,
        1... the arguments', each an address in the thread's local memory."""
        a = self.a
        a["sub"][i] = C.SYSCALLS[ins.callee]
        a["variable_latency"][i] = False
        saved = a["space"][i]
        a["space"][i] = C.SPACE_LOCAL
        for slot, name in [(0, r) for r in ins.call_rets] + list(enumerate(ins.call_args, 1)):
            self.encode_addr(i, slot, Operand("addr", ins.line, ins.col, base=name, offset=0))
        a["space"][i] = saved

    def encode_bar_red(self, i, ins, mods, t1):
        """bar.red.popc.u32 d, a{, b}, {!}c / bar.red.and.pred p, ... / bar.red.or.pred p, ...
        (PTX ISA 9.7.13.1, __syncthreads_count/and/or): a bar.sync whose threads also reduce
        predicate c; operands 0 the result, 1 the barrier, 2 the thread count, 3 c."""
        a = self.a
        ops = list(ins.operands)
        red = [m for m in mods if m in ("popc", "and", "or")]
        if len(red) != 1 or "arrive" in mods or "warp" in mods:
            self.error(f"{ins.opcode}.red takes one of .popc .and .or", ins.line, ins.col)
        if len(ops) not in (3, 4):
            self.error(f"{ins.opcode}.red takes 3 or 4 operands (d, a{{, b}}, {{!}}c), found {len(ops)}",
                       ins.line, ins.col)
        a["sub"][i] = C.BAR_SYNC
        a["sub2"][i] = {"popc": C.BARRED_POPC, "and": C.BARRED_AND, "or": C.BARRED_OR}[red[0]]
        self.encode_reg(i, 0, ops[0], t1, dst=True)
        self.encode_src(i, 1, ops[1], C.T_U32)
        if len(ops) == 4:
            self.encode_src(i, 2, ops[2], C.T_U32)
        self.encode_reg(i, 3, ops[-1], C.T_PRED, dst=False)

    def encode_warp_sync(self, i, ins, mods):
        """bar.warp.sync mask (__syncwarp): in simgpu a warp's lanes part only at a branch and meet
        again at its join, in program order, so there is nothing to wait for; it stays one
        instruction (a NOP of its own kind, on the branch unit: the CBU's WARPSYNC), its mask kept
        in operand 1 for the emitter."""
        a = self.a
        if "sync" not in mods or "arrive" in mods:
            self.error("bar.warp takes .sync only (bar.warp.sync mask)", ins.line, ins.col)
        if a["okind"][i, 2] != C.K_NONE:
            self.error("bar.warp.sync takes one operand, the lane mask", ins.line, ins.col)
        a["op"][i] = C.OP_NOP
        a["sub"][i] = C.NOP_WARPSYNC
        a["unit"][i] = UNIT["branch"]

    def encode_modifiers(self, i, ins, spec, mods, t1):
        a = self.a
        flags = 0
        op = ins.opcode
        for m in mods:
            if m in C.RND and m != "":
                a["rnd"][i] = C.RND[m]
                flags |= C.F_HAS_RND
            elif m == "ftz":
                flags |= C.F_FTZ
            elif m == "sat":
                flags |= C.F_SAT
            elif m in ("approx", "full"):
                flags |= C.F_APPROX
            elif op == "vote" and m in C.VOTE:
                a["sub"][i] = C.VOTE[m]
            elif m == "uni":
                flags |= C.F_UNI
            elif m == "volatile":
                flags |= C.F_VOLATILE | C.F_L2_ONLY
            elif m in ("cg", "cv") and op in ("ld", "ldu"):
                flags |= C.F_L2_ONLY
            elif m == "relu":
                flags |= C.F_RELU
            elif m == "NaN":
                if t1 != C.T_F32 and t1 not in C.HALF_TYPES:     # PTX ISA 9.7.3.11-12, 9.7.4.9-10
                    self.error(f"{op}.NaN takes type .f32 or a half type only", ins.line, ins.col)
                flags |= C.F_NAN
            elif m in ("global", "shared", "local", "param", "const") and op != "cvta":
                a["space"][i] = C.SPACE_NAMES.index(m)
            elif m in ("v2", "v4"):
                a["vec"][i] = int(m[1])
            elif op == "dp2a" and m in ("lo", "hi"):
                a["sub"][i] = 1 if m == "hi" else 0
            elif op == "bfind" and m == "shiftamt":
                a["sub"][i] = 1
            elif m in ("lo", "hi", "wide") and op in ("mul", "mad", "mul24", "mad24"):
                a["sub"][i] = {"lo": C.MUL_LO, "hi": C.MUL_HI, "wide": C.MUL_WIDE}[m]
            elif m == "satfinite":
                flags |= C.F_SAT
            elif op in ("setp", "set") and m in C.CMP:
                a["sub"][i] = C.CMP[m]
            elif op in ("setp", "set") and m in ("and", "or", "xor"):
                a["sub2"][i] = {"and": C.BOOL_AND, "or": C.BOOL_OR, "xor": C.BOOL_XOR}[m]
            elif op in ("atom", "red", "redux") and m in C.ATOM:
                a["sub"][i] = C.ATOM[m]
            elif op == "shfl" and m in C.SHFL:
                a["sub"][i] = C.SHFL[m]
            elif op == "vote" and m in C.VOTE:
                a["sub"][i] = C.VOTE[m]
            elif op == "match" and m in C.MATCH:
                a["sub"][i] = C.MATCH[m]
            elif op in ("membar", "fence") and m in ("gl", "gpu", "sys", "cluster"):
                a["sub"][i] = C.FENCE_GPU
            elif op in ("bar", "barrier") and m in ("sync", "arrive"):
                a["sub"][i] = C.BAR_ARRIVE if m == "arrive" else C.BAR_SYNC
            elif op == "shf":
                if m in ("l", "r"):
                    a["sub2"][i] = 0 if m == "l" else 1
                else:
                    a["sub"][i] = 1 if m == "clamp" else 0
            elif op == "testp":
                a["sub"][i] = C.TESTP[m]
            elif op == "prmt":
                a["sub"][i] = C.PRMT[m]
            elif op == "cvta":
                if m == "to":
                    a["sub"][i] = C.CVTA_FROM_GENERIC
                else:
                    a["space"][i] = C.SPACE_NAMES.index(m)
        a["flags"][i] = flags
        need = {"setp": ("comparison", C.CMP), "set": ("comparison", C.CMP), "atom": ("operation", C.ATOM), "red": ("operation", C.ATOM),
                "shfl": ("mode", C.SHFL), "vote": ("mode", C.VOTE), "redux": ("operation", C.ATOM),
                "match": ("mode", C.MATCH)}
        if op in need:
            what, names = need[op]
            if not any(m in names for m in mods):
                self.error(f"{op} needs a {what} (.{' .'.join(list(names)[:6])} ...)", ins.line, ins.col)
        if op == "match" and a["sub"][i] == C.MATCH_ANY and ins.operands and ins.operands[0].pair is not None:
            self.error("match.any writes no predicate (only match.all takes d|p)", ins.line, ins.col)
        if op in ("shfl", "vote", "match") and "sync" not in mods:
            self.error(f"only {op}.sync is supported (the non-.sync form was removed in sm_70)",
                       ins.line, ins.col)
        if op == "cvta" and a["space"][i] == C.SPACE_GENERIC:
            self.error("cvta needs a state space (.global .shared .local)", ins.line, ins.col)
        if op in ("atom", "red") and a["space"][i] not in (C.SPACE_GENERIC, C.SPACE_GLOBAL, C.SPACE_SHARED):
            self.error(f"{op} works on .global or .shared memory only", ins.line, ins.col)
        if t1 in C.HALF_TYPES and op not in ("setp", "set"):
            self.check_half(ins, op, t1, mods)
        if op in ("mul", "mad") and C.TYPE_KIND[t1] != C.KIND_FLOAT and not any(
                m in ("lo", "hi", "wide") for m in mods):
            self.error(f"integer {op} needs .lo, .hi or .wide", ins.line, ins.col)
        if op in ("mul", "mad") and a["sub"][i] == C.MUL_WIDE and C.TYPE_BITS[t1] == 64:
            self.error(f"{op}.wide takes 16- or 32-bit types", ins.line, ins.col)
        if op == "div" and C.TYPE_KIND[t1] == C.KIND_FLOAT and t1 == C.T_F32 and not (
                flags & (C.F_HAS_RND | C.F_APPROX)):
            self.error("div.f32 needs a rounding mode (.rn .rz .rm .rp) or .approx/.full",
                       ins.line, ins.col)

    def check_two_types(self, ins, types, mods):
        """The pairs cvt and set take: a packed half pair (.f16x2 .bf16x2) is made by cvt from
        two .f32 values, and compared by set into a pair or a .u32/.s32 (PTX ISA 9.7.9.21, 9.7.4.3)."""
        d, s = types
        pairs = ("f16x2", "bf16x2")
        op = ins.opcode
        if op == "cvt":
            if (d == "tf32") != ("rna" in mods) and not (d == "tf32" and ("rn" in mods or "rz" in mods)):
                self.error("cvt.tf32 takes .f32 with .rna, .rn or .rz (and .rna is for .tf32 only)",
                           ins.line, ins.col)
            if "tf32" in (d, s) and (d, s) != ("tf32", "f32"):
                self.error("cvt makes .tf32 from .f32 only (cvt.rna.tf32.f32 d, a)", ins.line, ins.col)
            if s in pairs or (d in pairs and s != "f32"):
                self.error("cvt makes .f16x2/.bf16x2 from two .f32 values only (cvt.rn.f16x2.f32 d, a, b)",
                           ins.line, ins.col)
            if (d in pairs) != (len(ins.operands) == 3):
                self.error("cvt takes 3 operands (d, a, b) for .f16x2/.bf16x2, else 2", ins.line, ins.col)
            if "satfinite" in mods and d not in pairs:
                self.error("cvt.satfinite is supported for .f16x2/.bf16x2 only", ins.line, ins.col)
        else:
            ok = ("u32", "s32", "f32") + ((s,) if s in ("f16", "bf16") else ()) + ((s, "u32", "s32") if s in pairs else ())
            if s in pairs and d not in (s, "u32", "s32"):
                ok = (s, "u32", "s32")
            if d not in ok:
                self.error(f"set.{d}.{s}: the result type is one of .{' .'.join(dict.fromkeys(ok))}",
                           ins.line, ins.col)

    def check_half(self, ins, op, t1, mods):
        """f16/bf16 (and the packed x2) arithmetic: round to nearest only (PTX ISA 9.7.4); cvt to
        a half type also rounds to an integer (.rni .rzi .rmi .rpi, exact there)."""
        for m in mods:
            if m in C.RND and m not in ("", "rn") and not (op == "cvt" and m in ("rni", "rzi", "rmi", "rpi")):
                self.error(f"{op}.{C.TYPES[t1][0]} rounds to nearest only (.rn)", ins.line, ins.col)
            if m == "sat" and t1 in (C.T_BF16, C.T_BF16X2):
                self.error(f"{op}.{C.TYPES[t1][0]} takes no .sat", ins.line, ins.col)

    # ---- operands ----
    def operand_type(self, kind_type, t1, t2, i):
        if kind_type == "T":
            return t1
        if kind_type == "T2":
            return t2
        if kind_type == "W":
            return t1
        return C.TYPE[kind_type]

    def encode_operands(self, i, ins, spec, t1, t2):
        a = self.a
        op = ins.opcode
        specs = list(spec.operands)
        given = list(ins.operands)
        waits = []
        if ins.fused == "waits":      # registers it waits for and does not read (ieee.py's sequences' results)
            given, waits = given[:len(specs)], given[len(specs):]
        required = [s for s in specs if not s.endswith("?")]
        if not (len(required) <= len(given) <= len(specs)):
            want = f"{len(required)}" if len(required) == len(specs) else f"{len(required)} to {len(specs)}"
            self.error(f"{op} takes {want} operands, found {len(given)}", ins.line, ins.col)
        wide = a["sub"][i] == C.MUL_WIDE and op in ("mul", "mad")
        vec = int(a["vec"][i])
        slots = self.slot_map(op, len(given))
        for k, (s, o) in enumerate(zip(specs, given)):
            s = s.rstrip("?")
            kind, _, ty = s.partition(":")
            slot = slots[k]
            if op == "mov" and o.kind == "vec":
                self.encode_mov_vector(i, k, o, t1)
                continue
            if op == "mov" and k == 1 and a["sub"][i] == 2:
                slot = 4                     # an unpack's source (its destinations fill slots 0..)
            if kind in ("d", "D"):
                tcode = self.operand_type(ty, t1, t2, i)
                if wide and k == 0:
                    tcode = _double(tcode)
                if op in ("ld", "ldu") and vec > 1:
                    self.encode_vector(i, slot, o, tcode, vec, dst=True)
                else:
                    self.encode_reg(i, slot, o, tcode, dst=True, widen=op in ("ld", "ldu", "cvt", "atom"))
                if kind == "D" and o.pair is not None:
                    self.encode_reg(i, 1, o.pair, C.T_PRED, dst=True)
                elif o.pair is not None:
                    self.error("unexpected '|'", o.line, o.col)
            elif kind == "P":
                self.encode_reg(i, 0, o, C.T_PRED, dst=True)
                if o.pair is not None:
                    self.encode_reg(i, 1, o.pair, C.T_PRED, dst=True)
            elif kind == "q":
                self.encode_reg(i, slot, o, C.T_PRED, dst=False)
            elif kind == "s":
                tcode = self.operand_type(ty, t1, t2, i)
                if wide and k == 3:
                    tcode = _double(tcode)
                if op == "st" and vec > 1:
                    self.encode_vector(i, slot, o, tcode, vec, dst=False)
                else:
                    self.encode_src(i, slot, o, tcode, widen=op in ("st", "cvt"))
            elif kind == "m":
                self.encode_addr(i, slot, o)
            elif kind == "l":
                if o.kind != "sym" or o.value not in self.fn.labels:
                    self.error(f"undefined label {o.value if o.kind == 'sym' else '?'}"
                               if o.kind == "sym" else "expected a label", o.line, o.col)
                a["okind"][i, slot] = C.K_LABEL
                a["obits"][i, slot] = self.fn.labels[o.value]
        for k, o in enumerate(waits):
            self.encode_reg(i, len(specs) + k, o, o.reg.type, dst=False)
        if waits:                     # the sequence's last FFMA/DFMA, whatever the instruction's own unit
            a["unit"][i] = UNIT["fp64" if t1 == C.T_F64 else "fp32"]
            a["variable_latency"][i] = False

    def slot_map(self, op, n):
        if op in ("setp", "set"):
            return [0, 2, 3, 4]
        if op == "shfl":
            return [0, 2, 3, 4, 5]
        if op == "match":
            return [0, 2, 3]
        if op in ("ld", "ldu"):
            return [0, 4]
        if op == "st":
            return [4, 0]
        if op == "atom":
            return [0, 4, 1, 2]
        if op == "red":
            return [4, 1]
        if op in ("bar", "barrier"):
            return [1, 2]
        if op == "prefetch":
            return [4]
        return list(range(n))

    def check_reg_type(self, o, tcode, widen, dst):
        reg = o.reg
        if tcode == C.T_PRED:
            if reg.kind != C.K_PRED:
                self.error(f"{reg.name} must be a .pred register", o.line, o.col)
            return
        if reg.kind == C.K_PRED:
            self.error(f"{reg.name} is a predicate; expected a {C.TYPES[tcode][0]} value", o.line, o.col)
        want = C.TYPE_BITS[tcode]
        have = C.TYPE_BITS[reg.type]
        if want == have or (want < 32 and have <= 32):
            return
        if widen and have > want:
            return
        self.error(f"{reg.name} is .{C.TYPES[reg.type][0]} ({have}-bit); this operand is "
                   f".{C.TYPES[tcode][0]} ({want}-bit)", o.line, o.col)

    def encode_reg(self, i, slot, o, tcode, dst, widen=False):
        a = self.a
        if o.kind == "sink" and dst:
            a["okind"][i, slot] = C.K_NONE
            return
        if o.kind != "reg":
            self.error(f"expected a register, found {_describe(o)}", o.line, o.col)
        if o.neg and dst:
            self.error("'!' is not allowed on a destination", o.line, o.col)
        self.check_reg_type(o, tcode, widen, dst)
        a["okind"][i, slot] = o.reg.kind
        a["oreg"][i, slot] = o.reg.index
        a["oreg2"][i, slot] = 1 if o.neg else 0

    def encode_src(self, i, slot, o, tcode, widen=False):
        a = self.a
        if o.kind == "reg":
            if o.neg and o.reg.kind != C.K_PRED:
                self.error("'!' applies only to a predicate", o.line, o.col)
            self.encode_reg(i, slot, o, tcode, dst=False, widen=widen)
            a["oreg2"][i, slot] = 1 if o.neg else o.fmod
        elif o.kind == "imm":
            if tcode == C.T_PRED:               # `mov.pred %p, 0` (nvcc's short-circuit `&&`): true or false
                if o.is_float_lit or o.value not in (0, 1):
                    self.error("a predicate immediate is 0 or 1", o.line, o.col)
                bits, fv = int(o.value), float(o.value)
            else:
                bits, fv = _bits_of(o.value, tcode, o.is_float_lit)
            a["okind"][i, slot] = C.K_IMM
            a["obits"][i, slot] = np.uint64(bits)
            a["ofloat"][i, slot] = fv
        elif o.kind == "sreg":
            sbits = 64 if o.value in ("%clock64", "%gridid") else 32
            if C.TYPE_BITS[tcode] != sbits and not (sbits == 32 and C.TYPE_BITS[tcode] == 64 and widen):
                self.error(f"{o.value} is {sbits}-bit; this operand is .{C.TYPES[tcode][0]}", o.line, o.col)
            a["okind"][i, slot] = C.K_SREG
            a["oreg"][i, slot] = C.SREG[o.value]
        elif o.kind == "sym":
            var = self.symbols.get(o.value)
            if var is None:
                if o.value in self.fn.labels:
                    self.error(f"label {o.value} used as a value", o.line, o.col)
                self.error(f"undefined symbol {o.value!r}", o.line, o.col)
            if var.space == C.SPACE_PARAM:
                self.error("taking the address of a kernel parameter is not supported", o.line, o.col)
            a["okind"][i, slot] = C.K_IMM
            addr = var.offset + o.offset
            if var.space == C.SPACE_SHARED:
                a["flags"][i] |= C.F_SHARED_SYM
            if var.space in (C.SPACE_GLOBAL, C.SPACE_CONST):     # a .const variable's address is its generic one
                addr += GLOBAL_BASE
            a["obits"][i, slot] = np.uint64(addr)
            a["ofloat"][i, slot] = float(addr)
        elif o.kind == "sink":
            self.error("'_' is only allowed as a destination", o.line, o.col)
        else:
            self.error(f"expected a value, found {_describe(o)}", o.line, o.col)

    def encode_vector(self, i, slot, o, tcode, vec, dst):
        if o.kind != "vec":
            self.error(f"a .v{vec} access needs a vector operand {{a, b{', c, d' if vec == 4 else ''}}}",
                       o.line, o.col)
        if len(o.elems) != vec:
            self.error(f".v{vec} needs {vec} elements, found {len(o.elems)}", o.line, o.col)
        for k, e in enumerate(o.elems):
            if dst:
                self.encode_reg(i, k, e, tcode, dst=True, widen=True)
            else:
                self.encode_src(i, k, e, tcode, widen=True)

    def encode_mov_vector(self, i, k, o, t1):
        """mov.b64 %rd, {%r1, %r2} (pack) or mov.b64 {%r1, %r2}, %rd (unpack)."""
        a = self.a
        nel = len(o.elems)
        total = C.TYPE_BITS[t1]
        if nel not in (2, 4) or total % nel:
            self.error("a packed mov needs 2 or 4 elements", o.line, o.col)
        part = {8: C.T_B8, 16: C.T_B16, 32: C.T_B32}[total // nel]
        a["vec"][i] = nel
        if k == 0:          # unpack: destinations in slots 0.., source moved to slot 4
            a["sub"][i] = 2
            for j, e in enumerate(o.elems):
                self.encode_reg(i, j, e, part, dst=True)
        else:               # pack
            a["sub"][i] = 1
            src0 = (a["okind"][i, 0], a["oreg"][i, 0])
            for j, e in enumerate(o.elems):
                self.encode_src(i, 1 + j, e, part)
            a["okind"][i, 0], a["oreg"][i, 0] = src0

    def encode_addr(self, i, slot, o):
        a = self.a
        if o.kind == "sym":       # prefetch / atom written without brackets are not PTX
            self.error("expected an address [..]", o.line, o.col)
        if o.kind != "addr":
            self.error(f"expected an address [..], found {_describe(o)}", o.line, o.col)
        a["okind"][i, slot] = C.K_ADDR
        offset = o.offset
        space = a["space"][i]
        if isinstance(o.base, str):
            var = self.symbols.get(o.base)
            if var is None:
                self.error(f"undefined symbol {o.base!r}", o.line, o.col)
            if space == C.SPACE_PARAM and var.space == C.SPACE_LOCAL:
                space = C.SPACE_LOCAL           # a call argument: lives in local memory
                a["space"][i] = space
            if (var.space == C.SPACE_GLOBAL and space in (C.SPACE_GENERIC, C.SPACE_GLOBAL)) or \
                    (var.space == C.SPACE_CONST and space in (C.SPACE_GENERIC, C.SPACE_CONST)):
                offset += GLOBAL_BASE
            elif space == C.SPACE_GENERIC:
                if var.space == C.SPACE_PARAM:
                    self.error("generic access to a kernel parameter is not supported; use ld.param",
                               o.line, o.col)
                base = {C.SPACE_SHARED: SHARED_WINDOW, C.SPACE_LOCAL: LOCAL_WINDOW}[var.space]
                offset += base
            elif var.space != space:
                self.error(f"{o.base} is a .{C.SPACE_NAMES[var.space]} variable, accessed as "
                           f".{C.SPACE_NAMES[space]}", o.line, o.col)
            offset += var.offset
            a["oreg2"][i, slot] = C.ABASE_NONE
        elif o.base is not None:
            reg = o.base
            a["oreg"][i, slot] = reg.index
            a["oreg2"][i, slot] = C.ABASE_R64 if reg.kind == C.K_R64 else C.ABASE_R32
            if reg.kind == C.K_R32 and space in (C.SPACE_GENERIC, C.SPACE_GLOBAL, C.SPACE_CONST):
                self.error(f"a {C.SPACE_NAMES[space]} address must be a 64-bit register, "
                           f"{reg.name} is 32-bit", o.line, o.col)
        else:
            a["oreg2"][i, slot] = C.ABASE_NONE
        if space == C.SPACE_PARAM and not isinstance(o.base, str):
            self.error("ld.param needs a parameter name: [name] or [name+offset]", o.line, o.col)
        if space == C.SPACE_PARAM and self.ins.opcode == "st":
            self.error("kernel parameters are read-only", o.line, o.col)
        a["obits"][i, slot] = np.uint64(offset & 0xFFFFFFFFFFFFFFFF)


def const_bank_offsets(module):
    """{name: byte offset} of the module's .const variables in the constant bank that ptxas
    gives them (c[0x3]): in declaration order, each at its alignment (const_mem.cu's filt at
    0x0, lut at 0x24, poly at 0x124: traces/h200/const_bits/bits_const.sass)."""
    out, off = {}, 0
    for v in module.globals:
        if v.space == C.SPACE_CONST:
            off = _align(off, v.align)
            out[v.name] = off
            off += v.size
    return out


# Generic-address windows of the state spaces (see exec/memory.py)
GLOBAL_BASE = 0x0000_0010_0000_0000
SHARED_WINDOW = 0x0000_7000_0000_0000
LOCAL_WINDOW = 0x0000_7100_0000_0000
WINDOW_SIZE = 1 << 32


def encode_group(asm, i, slot, o, bits, dst, what):
    """A brace list of registers (K_RGRP) into operand slot `slot`: its registers become a row of
    the program's `groups`; all of one file, `bits` wide (32 or 64)."""
    a = asm.a
    elems = o.elems if o.kind == "vec" else [o]
    if o.kind not in ("vec", "reg") or not elems or len(elems) > GROUP_MAX:
        asm.error(f"{what} is a brace list of registers {{r0, r1, ...}}", o.line, o.col)
    regs = []
    for e in elems:
        if e.kind != "reg" or e.neg:
            asm.error(f"{what}: expected a register, found {_describe(e)}", e.line, e.col)
        if e.reg.kind == C.K_PRED or C.TYPE_BITS[e.reg.type] != bits:
            asm.error(f"{what}: {e.reg.name} is .{C.TYPES[e.reg.type][0]}; this fragment takes "
                      f"{bits}-bit registers", e.line, e.col)
        regs.append(e.reg.index)
    a["okind"][i, slot] = C.K_RGRP
    a["oreg"][i, slot] = len(asm.groups)
    a["oreg2"][i, slot] = C.K_R64 if bits == 64 else C.K_R32
    a["obits"][i, slot] = len(regs)
    asm.groups.append(regs)
    return len(regs)


def _double(t):
    return {C.T_U16: C.T_U32, C.T_S16: C.T_S32, C.T_U32: C.T_U64, C.T_S32: C.T_S64,
            C.T_B32: C.T_B64, C.T_B16: C.T_B32}.get(t, t)


def _describe(o):
    return {"imm": "an immediate", "sreg": f"special register {o.value}", "addr": "an address",
            "vec": "a vector", "sym": f"symbol {o.value}", "sink": "'_'",
            "reg": f"register {o.reg.name if o.reg else ''}"}.get(o.kind, o.kind)


_TABLE = None


def _table():
    global _TABLE
    if _TABLE is None:
        try:
            from simgpu.isa import load_table
        except ImportError:      # running from a source tree without installation
            import importlib.util
            import pathlib
            p = pathlib.Path(__file__).resolve().parents[2] / "isa" / "__init__.py"
            spec = importlib.util.spec_from_file_location("simgpu.isa", p)
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            load_table = mod.load_table
        _TABLE = load_table()
    return _TABLE


LOWERINGS = (None, "ptxas", "metal")


def assemble(module, kernel=None, lower=None):
    """Pick one entry of a parsed module and assemble it into a Program.
    lower="ptxas" first rewrites the function as ptxas compiles it, "metal"
    as Apple's Metal compiler is assumed to (lower.py)."""
    if lower not in LOWERINGS:
        raise AssemblyError(f"unknown lowering {lower!r} (known: ptxas, metal)", module.file, 1, 1)
    entries = [f for f in module.functions.values() if f.is_entry]
    if not entries:
        raise AssemblyError("no kernel (.entry) in this file", module.file, 1, 1)
    if kernel is None:
        if len(entries) > 1:
            names = ", ".join(f.name for f in entries)
            raise AssemblyError(f"several kernels ({names}); pick one with kernel=NAME / --kernel",
                                module.file, entries[1].line, 1)
        fn = entries[0]
    else:
        match = [f for f in entries if f.name == kernel]
        if not match:
            names = ", ".join(f.name for f in entries)
            raise AssemblyError(f"no kernel named {kernel!r} (kernels: {names})", module.file, 1, 1)
        fn = match[0]
    return Assembler(module, fn, lower).run()


from .assemble_tensor import encode_tensor     # noqa: E402  (it reads this module's helpers)
