"""The shared core of the C-family emitter: one kernel's PTX, as simgpu
assembled it, becomes a C function body that CUDA C and the Metal Shading
Language both accept, through a small dialect object (cuda.py, metal.py) that
spells types, intrinsics, memory, barriers and SIMD-group operations.

Control flow: a dispatch loop. Each basic block is one `case` of
`switch (block)`; a thread's next block lives in `sg_pc`. Every iteration the
warp (Metal: SIMD group) runs only the lanes whose `sg_pc` is the warp's
smallest ("min-PC" scheduling, Diamos et al., "SIMD re-convergence at thread
frontiers", MICRO 2011): blocks are numbered in PTX order, so lanes that split
at a branch wait at the join for the others, and warp shuffles and votes see
the same lanes together that simgpu's SIMT stack (reconvergence at the
immediate post-dominator) puts together, for code laid out as compilers and
people write it (join points after both sides, loop exits after the loop).
It works for any CFG, reducible or not.

Barriers: Metal requires threadgroup_barrier() in uniform control flow, so a
`bar.sync` never runs inside the switch. A thread that reaches one sets
`sg_pc = SG_WAIT + next block` and stops; when every lane of its warp waits
or has exited, the warp leaves the inner loop, and the whole block meets at
one barrier at the top level of an outer loop (uniform by construction).
Threads that exited keep taking part in that barrier until all have, so a
block never waits on threads that returned. Whether anyone is still running
is voted through a flag in shared memory, three flags in rotation so that no
flag is reset while another thread may still read it. This treats every
barrier id alike (all threads of the block sync), which is what simgpu
models for programs whose barriers are block-wide; `bar.arrive` and barriers
with a thread count are refused.

Registers become local variables of their declared type (8/16-bit types
keep their width); a read at another type of the same width is a bit cast
(SG_F2U / SG_U2F), a narrower or wider integer read a C conversion, as PTX's
relaxed type rules say.
"""
import struct

from ..ptx import codes as C
from ..ptx.assemble import GLOBAL_BASE
from . import ops
from .kernel import CTYPE, WIDTH, EmitError, is_float, is_signed

SG_WAIT, SG_DONE = 0x80000000, 0xFFFFFFFF
WARP_OPS = (C.OP_SHFL, C.OP_VOTE, C.OP_ACTIVEMASK, C.OP_REDUX, C.OP_MATCH)
SPACE = {C.SPACE_GENERIC: "generic", C.SPACE_GLOBAL: "global", C.SPACE_SHARED: "shared",
         C.SPACE_LOCAL: "local", C.SPACE_PARAM: "param"}


def uint_of(ct):
    return "u64" if WIDTH[ct] == 64 else "u32"


def work_type(ct):
    """The unsigned type integer arithmetic of type ct is done in (no C promotions to int,
    no signed overflow): u32 for 8-32-bit types, u64 for 64-bit ones."""
    return "u64" if WIDTH[ct] == 64 else "u32"


class KernelEmitter:
    def __init__(self, view, dialect):
        self.v, self.p, self.d = view, view.prog, dialect
        self.helpers = set()
        p = self.p
        self.has_barrier = any(int(p.op[i]) in (C.OP_BAR, C.OP_BARRIER) for i in range(p.n))
        self.has_warp_ops = any(int(p.op[i]) in WARP_OPS for i in range(p.n))
        self.gsym = [self._names_global(ins) for ins in view.instrs]
        self.sregs = sorted({C.SREG_NAMES[int(p.oreg[i, k])] for i in range(p.n) for k in range(6)
                             if int(p.okind[i, k]) == C.K_SREG})
        spaces = {int(p.space[i]) for i in range(p.n)
                  if int(p.op[i]) in (C.OP_LD, C.OP_LDU, C.OP_ST, C.OP_ATOM, C.OP_RED, C.OP_CVTA)}
        # shared memory: the static variables, then (dynamic) the .extern arrays at dynamic_base
        dyn = [v.offset for v in p.shared_vars if v.extern]
        self.dynamic_base = int(min(dyn)) if dyn else int(p.shared_static)
        self.smem = bool(p.shared_static or p.has_dynamic_shared or C.SPACE_SHARED in spaces)
        self.smem_static = max(int(p.shared_static), 16)
        self.lmem_bytes = max(int(p.local_bytes), 16) if (p.local_bytes or C.SPACE_LOCAL in spaces) else 0
        dialect.check_kernel(self)

    # ---- values ----
    def _names_global(self, ins):
        for o in ins.operands:
            for x in [o] + list(o.elems or []):
                name = x.value if x.kind == "sym" else (x.base if x.kind == "addr" else None)
                if isinstance(name, str) and name in self.v.global_vars:
                    return True
        return False

    def fail(self, i, what):
        raise EmitError(f"{self.v.where(i)}: {what} ({self.p.texts[i]}) cannot be emitted for {self.d.title}")

    def use(self, name):
        self.helpers.add(name)
        return name

    def conv(self, e, frm, to):
        """e (of C type frm) as C type to: integers by C conversion (truncate or extend by
        frm's signedness), between integers and floats of one width by bit cast."""
        if frm == to:
            return e
        T = self.d.T
        if to == "bool":
            return f"({atom(e)} != 0)"
        if frm == "bool":
            return f"({atom(e)} ? ({T[to]})1 : ({T[to]})0)"
        if not is_float(frm) and not is_float(to):
            return f"(({T[to]}){atom(e)})"
        if is_float(frm) and is_float(to):
            raise EmitError(f"internal: no bit cast from {frm} to {to}")
        if is_float(frm):
            return self.conv(self.d.f2u(e, frm), uint_of(frm), to)
        return self.d.u2f(self.conv(e, frm, uint_of(to)), to)

    def lit(self, bits, ct):
        if is_float(ct):
            return self.d.lit_float(bits, ct)
        return self.d.lit_int(bits, ct)

    def src_as(self, i, k, ct, to):
        """Operand k read at PTX type ct, as C type `to` (one conversion where the bits allow)."""
        p = self.p
        kind = int(p.okind[i, k])
        if not (is_float(ct) or is_float(to) or ct == "bool" or to == "bool"):
            if kind in (C.K_R32, C.K_R64):
                name, rct = self.reg(i, k)
                # the register's bits are the operand's; widening extends by the operand's signedness
                if WIDTH[rct] == WIDTH[ct] and not is_float(rct) and rct != "bool" and (
                        WIDTH[to] <= WIDTH[ct] or is_signed(rct) == is_signed(ct)):
                    return self.conv(name, rct, to)
            elif kind == C.K_IMM and not self.gsym[i]:
                w = WIDTH[ct]
                v = int(p.obits[i, k]) & ((1 << w) - 1)
                if is_signed(ct) and v >> (w - 1):
                    v -= 1 << w
                return self.lit(v & ((1 << WIDTH[to]) - 1), to)
        return self.conv(self.src(i, k, ct), ct, to)

    def imm(self, i, k):
        """The value of an immediate operand (None if the operand is not one)."""
        return int(self.p.obits[i, k]) if int(self.p.okind[i, k]) == C.K_IMM and not self.gsym[i] else None

    def reg(self, i, k):
        return self.v.regs[(int(self.p.okind[i, k]), int(self.p.oreg[i, k]))]

    def src(self, i, k, ct):
        p = self.p
        kind = int(p.okind[i, k])
        if kind in (C.K_R32, C.K_R64):
            name, rct = self.reg(i, k)
            return self.conv(name, rct, ct)
        if kind == C.K_PRED:
            name, _ = self.reg(i, k)
            return self.conv(f"(!{name})" if int(p.oreg2[i, k]) else name, "bool", ct)
        if kind == C.K_IMM:
            bits = int(p.obits[i, k])
            if self.gsym[i] and GLOBAL_BASE <= bits <= GLOBAL_BASE + len(self.v.global_bytes):
                return self.conv(self.d.global_addr(self, bits - GLOBAL_BASE), "u64", ct)
            return self.lit(bits, ct)
        if kind == C.K_SREG:
            e, sct = self.d.sreg(self, C.SREG_NAMES[int(p.oreg[i, k])])
            return self.conv(e, sct, ct)
        self.fail(i, f"operand {k} of kind {kind}")

    def dst(self, i, k, ct, e):
        """Statements that write e (of C type ct) to destination slot k ([] for `_`)."""
        kind = int(self.p.okind[i, k])
        if kind == C.K_NONE:
            return []
        name, rct = self.reg(i, k)
        return [f"{name} = {self.conv(e, ct, rct)};"]

    def temp(self, i, k, ct, e):
        name = f"t{i}_{k}"
        return name, f"const {self.d.T[ct]} {name} = {e};"

    def guard(self, i, stmts):
        g = int(self.p.guard[i])
        if g < 0 or not stmts:
            return stmts
        name = self.v.regs[(C.K_PRED, g)][0]
        cond = f"!{name}" if int(self.p.guard_neg[i]) else name
        return [f"if ({cond}) {{"] + ["    " + s for s in stmts] + ["}"]

    def guard_value(self, i):
        g = int(self.p.guard[i])
        if g < 0:
            return "true"
        name = self.v.regs[(C.K_PRED, g)][0]
        return f"(!{name})" if int(self.p.guard_neg[i]) else name

    # ---- memory ----
    def address(self, i, slot=4, space_code=None):
        """(space, expression): the access's address as a 32-bit offset in shared or
        local memory, a 64-bit global or generic address, or (param index, offset).
        slot and space_code: cp.async's second address (its shared destination, slot 5)."""
        p, d = self.p, self.d
        space = SPACE.get(int(p.space[i]) if space_code is None else space_code)
        if space is None:
            self.fail(i, "this state space")
        base = int(p.oreg2[i, slot])
        off = int(p.obits[i, slot])
        if base == C.ABASE_NONE:
            addrs = [o for o in self.v.instrs[i].operands if o.kind == "addr"]
            op = (addrs[0] if slot == 5 else addrs[-1]) if addrs else None
            var = self.v.symbols.get(op.base) if op is not None and isinstance(op.base, str) else None
            if var is not None:
                total = var.offset + op.offset
                if var.space == C.SPACE_PARAM:
                    return "param", ([q.name for q in self.v.params].index(var.name), op.offset)
                if var.space == C.SPACE_GLOBAL:
                    if int(p.op[i]) in (C.OP_ST, C.OP_ATOM, C.OP_RED) and not d.writable_globals:
                        self.fail(i, f"a store to module .global data ({d.title} keeps it read-only)")
                    return ("generic" if space == "generic" else "global"), d.global_addr(self, total)
                vs = "shared" if var.space == C.SPACE_SHARED else "local"
                return vs, self.lit(total, "u32")
            if space in ("shared", "local"):
                return space, self.lit(off, "u32")
            return space, self.lit(off, "u64")
        name, rct = self.v.regs[(C.K_R64 if base == C.ABASE_R64 else C.K_R32, int(p.oreg[i, slot]))]
        if space in ("shared", "local"):
            e = self.conv(name, rct, "u32")
            return space, e if off == 0 else f"({e} + {self.lit(off, 'u32')})"
        e = self.conv(name, rct, "u64")
        return space, e if off == 0 else f"({e} + {self.lit(off, 'u64')})"

    def step(self, space, a, nbytes):
        if not nbytes:
            return a
        return f"({a} + {self.lit(nbytes, 'u32' if space in ('shared', 'local') else 'u64')})"

    def load_store(self, i):
        p, d = self.p, self.d
        op = int(p.op[i])
        if op == C.OP_PREFETCH:
            return []
        ct = CTYPE[int(p.ty[i])]
        nbytes = max(1, WIDTH[ct] // 8)
        vec = int(p.vec[i])
        vol = bool(int(p.flags[i]) & C.F_VOLATILE)
        space, a = self.address(i)
        if space == "param":
            if op != C.OP_LD:
                self.fail(i, "a store to a kernel parameter")
            k, off = a
            prm = self.v.params[k]
            vals = []
            for e in range(vec):
                pv = d.param_value(self, prm)
                o = off + e * nbytes
                if o == 0 and (WIDTH[ct] == WIDTH[prm.ct] or not (is_float(ct) or is_float(prm.ct))):
                    vals.append(self.conv(pv, prm.ct, ct))
                else:
                    bits = self.conv(pv, prm.ct, "u64")
                    vals.append(self.conv(f"({bits} >> {8 * o})", "u64", ct))
        elif op in (C.OP_LD, C.OP_LDU):
            vals = [d.load(self, space, ct, self.step(space, a, e * nbytes), vol) for e in range(vec)]
        else:
            return [d.store(self, space, ct, self.step(space, a, e * nbytes), self.src(i, e, ct), vol)
                    for e in range(vec)]
        if vec == 1:
            return self.dst(i, 0, ct, vals[0])
        out, names = [], []
        for e, v in enumerate(vals):        # read every element before writing any register
            n, s = self.temp(i, e, ct, v)
            out.append(s)
            names.append(n)
        for e, n in enumerate(names):
            out += self.dst(i, e, ct, n)
        return out

    def cp_async(self, i):
        """cp.async as a copy done at once, byte by byte (the bytes past src-size zero): what a thread
        may read after its wait is the same; commit_group and wait_group have nothing left to do."""
        p, d = self.p, self.d
        if int(p.sub[i]) != C.CP_ASYNC:
            return ["(void)0;      // the copies were made at once"]
        _, src = self.address(i)
        _, dst = self.address(i, 5, C.SPACE_SHARED)
        n = self.src(i, 2, "u32")
        out = []
        for k in range(int(p.obits[i, 1])):
            v = d.load(self, "global", "u8", self.step("global", src, k), False)
            out.append(d.store(self, "shared", "u8", self.step("shared", dst, k),
                               f"({self.lit(k, 'u32')} < {n} ? {v} : {self.lit(0, 'u8')})", False))
        return out

    def atomic(self, i):
        p = self.p
        ct = CTYPE[int(p.ty[i])]
        aop = C.ATOM_NAMES[int(p.sub[i])]
        space, a = self.address(i)
        if space not in ("global", "shared", "generic"):
            self.fail(i, "an atomic outside global and shared memory")
        b = self.src(i, 1, ct)
        c = self.src(i, 2, ct) if aop == "cas" else None
        e = self.d.atomic(self, space, aop, ct, a, b, c)
        if int(p.op[i]) == C.OP_RED:
            return [f"(void){e};"]
        return self.dst(i, 0, ct, e)

    def cvta(self, i):
        p = self.p
        ct = CTYPE[int(p.ty[i])]
        space = SPACE[int(p.space[i])]
        a = self.src(i, 1, "u64")
        if space == "global":
            e = a
        elif int(p.sub[i]) == C.CVTA_FROM_GENERIC:
            e = self.d.from_generic(self, space, a)
        else:
            e = self.d.to_generic(self, space, a)
        return self.dst(i, 0, "u64", e) if ct == "u64" else self.dst(i, 0, "u32", self.conv(e, "u64", "u32"))

    # ---- warp (SIMD-group) operations: every lane at this block runs them ----
    def warp_op(self, i):
        p, d = self.p, self.d
        op = int(p.op[i])
        g = self.guard_value(i)
        if op == C.OP_ACTIVEMASK:
            return self.guard(i, self.dst(i, 0, "u32", "sg_lanes"))
        if op == C.OP_SHFL:
            self.use("sg_shfl_src")
            t, ts = self.temp(i, 0, "u32", f"sg_shfl_src({int(p.sub[i])}u, sg_lane, "
                                          f"{self.src(i, 3, 'u32')}, {self.src(i, 4, 'u32')})")
            v, vs = self.temp(i, 1, "u32", d.shfl(self, self.src(i, 2, "u32"), f"({t} & 31u)"))
            body = self.dst(i, 0, "u32", v)
            if int(p.okind[i, 1]) != C.K_NONE:
                body += self.dst(i, 1, "bool", f"((({t}) >> 5) & 1u) != 0u")
            return [ts, vs] + self.guard(i, body)
        if op == C.OP_MATCH:
            return self.match(i, g)
        if op == C.OP_VOTE:
            mode = int(p.sub[i])
            mm = self.src(i, 2, "u32")
            pred = self.src(i, 1, "bool")
            m, ms = self.temp(i, 0, "u32", f"({d.ballot(self, g, 'sg_lanes')} & {mm})")
            b, bs = self.temp(i, 1, "u32", f"({d.ballot(self, f'{g} && {pred}', 'sg_lanes')} & {m})")
            if mode == C.VOTE_BALLOT:
                body = self.dst(i, 0, "u32", b)
            else:
                r = {C.VOTE_ALL: f"{b} == {m}", C.VOTE_ANY: f"{b} != 0u",
                     C.VOTE_UNI: f"{b} == 0u || {b} == {m}"}[mode]
                body = self.dst(i, 0, "bool", f"({r})")
            return [ms, bs] + self.guard(i, body)
        # redux: the lanes whose guard is false contribute the operation's identity
        aop = C.ATOM_NAMES[int(p.sub[i])]
        ct = "i32" if is_signed(CTYPE[int(p.ty[i])]) else "u32"
        ident = {"add": 0, "or": 0, "xor": 0, "and": 0xFFFFFFFF,
                 "min": 0x7FFFFFFF if ct == "i32" else 0xFFFFFFFF,
                 "max": 0x80000000 if ct == "i32" else 0}[aop]
        a = f"({g} ? {self.src(i, 1, ct)} : {self.lit(ident, ct)})"
        r, rs = self.temp(i, 0, ct, d.redux(self, aop, ct, a))
        return [rs] + self.guard(i, self.dst(i, 0, ct, r))

    def match(self, i, g):
        """match.any/all.sync from shuffles: lane j of the members (the lanes of the mask whose
        guard holds) is a peer when its value, shuffled over, equals this lane's."""
        p, d = self.p, self.d
        u = d.T["u32"]
        m, ms = self.temp(i, 0, "u32", f"({d.ballot(self, g, 'sg_lanes')} & {self.src(i, 3, 'u32')})")
        wide = int(p.ty[i]) == C.T_B64
        v = self.src(i, 2, "u64" if wide else "u32")
        lo, los = self.temp(i, 2, "u32", f"(({u})({v}))")
        hi, his = self.temp(i, 3, "u32", f"(({u})({v} >> 32))" if wide else "0u")
        peers, j = f"t{i}_p", f"t{i}_j"
        same = f"{d.shfl(self, lo, j)} == {lo}" + (f" && {d.shfl(self, hi, j)} == {hi}" if wide else "")
        loop = [f"{u} {peers} = 0u;",
                f"for ({u} {j} = 0u; {j} < 32u; {j}++) {{",
                f"    const bool t{i}_s = {same};",
                f"    if (t{i}_s && (({m} >> {j}) & 1u) != 0u) {peers} |= 1u << {j};",
                "}"]
        if int(p.sub[i]) == C.MATCH_ANY:
            body = self.dst(i, 0, "u32", peers)
        else:
            body = self.dst(i, 0, "u32", f"({peers} == {m} ? {m} : 0u)") + self.dst(i, 1, "bool", f"({peers} == {m})")
        return [ms, los, his] + loop + self.guard(i, body)

    # ---- one block ----
    def block(self, k):
        p = self.p
        first, end = self.v.blocks[k]
        out = []
        ends = False
        for i in range(first, end):
            out.append(f"// {self.v.where(i).split(':')[-1]}: {' '.join(p.texts[i].split())}")
            op = int(p.op[i])
            if op == C.OP_BRA:
                tgt = self.v.block_of_pc(int(p.obits[i, 0]))
                out += self.guard(i, [f"sg_pc = {self.pc_value(tgt)}; break;"])
                ends = int(p.guard[i]) < 0
            elif op in (C.OP_RET, C.OP_EXIT):
                out += self.guard(i, ["sg_pc = SG_DONE; break;"])
                ends = int(p.guard[i]) < 0
            elif op in (C.OP_BAR, C.OP_BARRIER):
                if int(p.sub[i]) == C.BAR_ARRIVE:
                    self.fail(i, "bar.arrive (a barrier some threads pass without waiting)")
                if int(p.okind[i, 2]) != C.K_NONE:
                    self.fail(i, "a barrier with a thread count")
                if int(p.sub2[i]) != C.BARRED_NONE:
                    self.fail(i, "bar.red (__syncthreads_count/and/or)")
                nxt = self.pc_value(self.v.block_of_pc(i + 1))
                g = self.guard_value(i)
                out.append(f"sg_pc = {nxt}" + (" + SG_WAIT;" if g == "true" else f" + ({g} ? SG_WAIT : 0u);")
                           + " break;")
                ends = True
            else:
                out += self.instruction(i)
        if not ends:
            out.append(f"sg_pc = {self.pc_value(self.v.block_of_pc(end))}; break;")
        return out

    def pc_value(self, blk):
        return "SG_DONE" if blk >= len(self.v.blocks) else f"{blk}u"

    def instruction(self, i):
        self.cur = i
        op = int(self.p.op[i])
        if op in (C.OP_LD, C.OP_LDU, C.OP_ST, C.OP_PREFETCH):
            return self.guard(i, self.load_store(i))
        if op in (C.OP_ATOM, C.OP_RED):
            return self.guard(i, self.atomic(i))
        if op == C.OP_CVTA:
            return self.guard(i, self.cvta(i))
        if op in WARP_OPS:
            return self.warp_op(i)
        if op in (C.OP_MEMBAR, C.OP_FENCE):
            return self.guard(i, self.d.fence(self, i))
        if op == C.OP_NOP:
            return [self.d.warp_sync(self, i)] if int(self.p.sub[i]) == C.NOP_WARPSYNC else []
        if op == C.OP_NANOSLEEP:
            return self.guard(i, [self.d.sleep(self, i)])
        if op == C.OP_CP:
            return self.guard(i, self.cp_async(i))
        if op == C.OP_CALL:
            self.fail(i, "device printf and assert (vprintf, __assertfail)")
        if op in (C.OP_MMA, C.OP_LDMATRIX, C.OP_STMATRIX, C.OP_MOVMATRIX) or C.T_TF32 in (int(self.p.ty[i]), int(self.p.ty2[i])):
            self.fail(i, "tensor-core instructions (mma, wmma, ldmatrix, stmatrix, movmatrix, cvt.tf32)")
        if (int(self.p.ty[i]) in C.HALF_TYPES and op not in (C.OP_MOV, C.OP_SELP, C.OP_CVT)) \
                or (op in (C.OP_SET, C.OP_CVT) and max(int(self.p.ty[i]), int(self.p.ty2[i])) >= C.T_F16X2) \
                or (op == C.OP_SET and int(self.p.ty2[i]) in C.HALF_TYPES):
            self.fail(i, "half-precision arithmetic")
        return self.guard(i, ops.translate(self, i))

    # ---- the kernel ----
    def body(self):
        d = self.d
        cases = []
        for k in range(len(self.v.blocks)):
            first, end = self.v.blocks[k]
            lines = self.block(k)
            cases.append(f"case {k}u: {{  // {self.p.file}:{self.p.lines[first]}-{self.p.lines[end - 1]}")
            cases += ["    " + s for s in lines]
            cases.append("}")
        decls, by_type = [], {}
        for (kind, idx), (name, ct) in sorted(self.v.regs.items()):
            by_type.setdefault(ct, []).append(name)
        for ct, names in by_type.items():        # registers start at zero, as in simgpu
            init = "false" if ct == "bool" else self.lit(0, ct)
            for k in range(0, len(names), 8):
                decls.append(f"{d.T[ct]} " + ", ".join(f"{n} = {init}" for n in names[k:k + 8]) + ";")
        inner = [f"const {d.T['u32']} sg_cur = {d.warp_min(self, 'sg_pc')};",
                 "if (sg_cur >= SG_WAIT) break;"]
        if self.has_warp_ops:
            inner.append(f"const {d.T['u32']} sg_lanes = {d.ballot(self, 'sg_pc == sg_cur', None)};")
        inner += ["if (sg_pc == sg_cur) {", "    switch (sg_cur) {"]
        inner += ["    " + s for s in cases]
        inner += ["    default: sg_pc = SG_DONE; break;", "    }", "}"]
        loop = ["for (;;) {  // blocks, min-PC first"] + ["    " + s for s in inner] + ["}"]
        u32 = d.T["u32"]
        if self.has_barrier:
            vote = ["if (sg_pc != SG_DONE) sg_alive[sg_round % 3u] = 1u;",
                    "if (sg_ltid == 0u) sg_alive[(sg_round + 1u) % 3u] = 0u;",
                    d.barrier(self),
                    "if (sg_alive[sg_round % 3u] == 0u) break;   // every thread has exited",
                    "sg_round += 1u;",
                    "if (sg_pc != SG_DONE) sg_pc -= SG_WAIT;   // past the barrier"]
            loop = (["if (sg_ltid == 0u) { sg_alive[0] = 0u; sg_alive[1] = 0u; sg_alive[2] = 0u; }",
                     d.barrier(self), f"{u32} sg_round = 0u;",
                     "for (;;) {  // one round per barrier: every thread runs until it waits or exits"]
                    + ["    " + s for s in loop + vote] + ["}"])
        return decls + [f"{u32} sg_pc = 0u;  // next block; SG_WAIT + block at a barrier; SG_DONE after exit"] + loop


def atom(e):
    """e, parenthesized unless it is a name, a literal or already in one pair of parentheses."""
    if e.replace("_", "a").replace(".", "a").isalnum():
        return e
    if e.startswith("(") and e.endswith(")"):
        depth = 0
        for k, ch in enumerate(e):
            depth += (ch == "(") - (ch == ")")
            if depth == 0 and k < len(e) - 1:
                break
        else:
            return e
    return f"({e})"


def emit_kernels(views, dialect, origin):
    """(source text, per-kernel launch facts) for kernels of one file in one dialect."""
    emitters = [KernelEmitter(v, dialect) for v in views]
    parts = [emitter_kernel(e) for e in emitters]      # collects the helpers each uses
    helpers = set().union(*(e.helpers for e in emitters)) if emitters else set()
    text = dialect.header(origin, views, helpers, emitters) + "".join(parts)
    return text, [dialect.launch_facts(e) for e in emitters]


def emitter_kernel(e):
    body = e.body()
    return e.d.kernel(e, body)


def float_bits_repr(bits, ct):
    """Shortest decimal that reads back as exactly this float, or None (inf, NaN)."""
    if ct == "f32":
        x = struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]
        if x != x or x in (float("inf"), float("-inf")):
            return None
        import numpy as np
        s = str(np.float32(x))
        assert struct.pack("<f", float(np.float32(s))) == struct.pack("<I", bits & 0xFFFFFFFF)
    else:
        x = struct.unpack("<d", struct.pack("<Q", bits & 0xFFFFFFFFFFFFFFFF))[0]
        if x != x or x in (float("inf"), float("-inf")):
            return None
        s = repr(x)
    if "e" not in s and "." not in s:
        s += ".0"
    return s
