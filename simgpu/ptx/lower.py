"""The `ptxas` lowering: the PTX rewritten as ptxas compiles it.

The hardware runs the SASS ptxas makes from the PTX, and Nsight Compute's
`smsp__inst_executed` counts SASS instructions. What each pass models was
read from `ptxas -arch=sm_90 -O3 programs/X.s` + `cuobjdump -sass` (ptxas
13.0.88, CUDA 13.0; the H200 records were compiled by the 580 driver's
CUDA 13.0 JIT; traces/ptxas/sm90_programs.sass holds the SASS of every
program and held-out kernel). lower_ptxas() runs, in order:

- drop_full_warp_syncs: `bar.warp.sync -1` has no SASS instruction;
- narrow_local_addresses: 64-bit registers that only hold local-memory
  addresses become 32-bit ones (SASS addresses local memory from R1 in 32
  bits): the widening `cvt` goes, the adds stay one instruction;
- propagate_moves: `mov` between registers and of immediates has no SASS
  instruction (the reader takes the register or the immediate): nvcc's
  shuffles are full of them;
- expand_division: `div.u32`/`rem.u32` by a register are ptxas's 18/17
  instruction reciprocal sequence (strided_copy, divergence);
- expand_special_functions: `ex2`, `rsqrt`, `sqrt`, `lg2.approx.f32` are 4
  instructions (range reduction; the MUFU alone where ptxas can bound the
  input: ieee.bounded_below), `rcp.approx.f32` 8, `sin`/`cos` 2;
- expand_tf32: `cvt.rna.tf32.f32` is 2 instructions where only mma reads
  it, 4 elsewhere;
- fold_predicate_copies: `selp r, 1, 0, p` read only by `setp.ne/eq r, 0`
  is p or !p (nvcc's round trip around an inline-asm predicate:
  __syncthreads_count/and/or);
- drop_cvta: `cvta.to.global.u64 d, s` has no SASS instruction (global
  addresses are generic ones; simgpu's global window base is 0, exec/warp.py
  `cvta`): d is renamed to s where s is written once, in the entry block
  (a parameter's `ld.param`), and d only by the cvta; `cvta` of a register
  onto itself is dropped;
- fuse_high_word_shifts: a division by a constant's `mul.wide.u32` +
  `shr.u64` by 32 or more + `cvt.u32.u64` is two instructions;
- fuse_multiply_add: a `mul.wide` (IMAD.WIDE), `mul.lo` (IMAD) or
  `shl.b32` by a constant (LEA) whose every reader is an integer add is
  folded into each add as a `mad` (vector_add: one `mul.wide` and 3 adds are
  3 IMAD.WIDE.U32), when the factors hold at the add what they held at the
  product: also a product before a loop whose add is in it, its factors
  written once outside every loop (ptxas recomputes it each iteration as the
  IMAD.WIDE that does the 64-bit add: programs/micro/ragged_rows.s's
  rows_pick, `IMAD.WIDE R6, R11, UR7, R2` for `(long)pick[i] * d + k`);
- fuse_bit_tests: `and` + `setp.eq/ne 0` is one predicate-writing LOP3;
- fuse_predicate_logic: a `setp` read only by an `and/or/xor.pred` is one
  `setp.CMP.BOOL` (FSETP.GT.XOR, ISETP.GE.OR);
- if_convert: a forward branch over a region within ptxas's limits (up to
  20 instructions, fewer stores, short dependence chains, less where the
  condition was loaded) becomes those instructions predicated (no BRA, no
  BSSY/BSYNC); an if/else within them, both sides (in either of nvcc's
  layouts);
- fold_half_unpacks: a packed pair's halves read in place by cvt.f32.f16;
- unroll.unroll_loops: loops unrolled (4 times, or whole for a fixed trip
  count up to 16, within ptxas's size budget) in ptxas's loop skeleton
  (zero-trip test, or a peeled first iteration for an unsigned `lt` loop,
  `done` flag moves, a 2-iteration stage), constant steps folded into
  address offsets, copies scheduled; unroll.schedule_loop_blocks: each
  block of a loop of several blocks list-scheduled too;
- vectorize.vectorize_shared_loads: aligned runs of shared loads merged
  into `ld.shared.v4`/`.v2` (LDS.128/LDS.64; two doubles: LDS.128), in any
  order, and pairs of shared word stores under one guard into
  `st.shared.v2` (STS.64); vectorize.pair_const_loads:
  `ld.const` of a variable's words 8k and 8k+4 as one `.v2` (ULDC.64);
- atom_to_red: a global `atom` whose old value nothing reads is `red` (RED,
  which the SM does not wait for: reduce_sum's `atomicAdd(out, v)`);
- reload_parameters: a loop holding another loop loads the parameters it
  reads (outside the inner loops) again each pass (LDC/ULDC in its SASS);
- split_wide_integer_ops: 64-bit integer adds, compares and shifts as two
  instructions, one per 32-bit half (IADD3 + IADD3.X), LEA pairs kept two;
  a 32-to-64-bit `cvt` of a register written more than once as two (the
  high word, `SHF.R.S32.HI`, and a copy of the low one into the pair, as
  rows_pick's loop index);
- ieee.expand_ieee: `div.rn`, `rcp.rn`, `sqrt.rn` (.f32 and .f64),
  `div.full` and `div.approx.f32` as the main paths of ptxas's sequences
  (MUFU estimate, FFMA/DFMA refinement, the operand check and its branch
  over the slow-path call: div.rn.f32 10 instructions, rcp.rn.f32 10,
  sqrt.rn.f32 10, div.rn.f64 15), values exact;
- float_fold.contract_multiply_add: a float `mul` read only by an `add` or
  `sub` (neither with a rounding modifier) is one `fma.rn`, rounded once as
  the H200's FFMA rounds it (newton_sqrt's `FFMA R2, R3, R3, -R0`);
- float_fold.fold_modifiers: `abs`/`neg` whose readers take |x| and -x as
  SASS operand modifiers (FADD, FMUL, FSETP, MUFU; FFMA -x only) are no
  instruction (newton_sqrt's `FSETP.GT |R2|`), values the same bits;
- float_fold.fold_selects: a `selp.f32` of two values computed for it alone
  is no instruction: the first writes the select's register, the second
  writes it too under the predicate (gelu_tanh's `@!P1 FFMA R8, R7, R0, R7`,
  the online softmax's `@!P4 FADD R19, R23, R10`), values the same bits;
- unroll.constants_to_registers: an FMA left with two constant operands
  reads one from a register set by a `mov` before its loop or at its
  block's top (SASS has one immediate an instruction: gelu_tanh's MOV and
  HFMA2.MMA);
- pad_async_copies: the 3 never-executed `@!PT LDS` ptxas puts before a
  basic block's first LDGSTS (cp.async);
- convergence.add_convergence_barriers: BSSY/BSYNC around the branches that
  may split a warp;
- add_prologue: the stack-pointer LDC and memory-descriptor ULDC.64 every
  kernel starts with.

`ld.param` stays one instruction: the SASS loads a parameter with LDC/ULDC
where it needs it in a register, about once per parameter. Which reads are
variable-latency (S2R for a special register, LDC for %ntid and a pointer
parameter) is timing's: simgpu/timing/tables.py ldc_kind, checked against
traces/ptxas/sm90_sreg_ldc.txt. Not modeled:
register-pair copies (bitonic_smem's two IMAD.MOVs before its swapped
STS.64), the slow-path subroutines of the IEEE sequences, the MOV ptxas
adds where a folded select's register is carried out of its block. (A branch to the kernel's end
is `@P EXIT` in every run, lowered or not: cfg.branches_to_exit.) Every rewrite
but the float contraction keeps results bit-identical (tests/test_unroll.py
runs every program with and without the lowering; tests/test_lower.py checks
the expansions' values); the contraction gives the H200's FFMA values
(tests/test_float_fold.py).
"""
from dataclasses import replace

from .codes import K_R32, T_B32, TYPES
from .parser import Instr, Operand, Reg
from .splice import Splice
from .unroll import _dest_positions, _key, _reads_clock, _rename, defs_uses, is_jump

BRANCHES = {"bra", "ret", "exit", "trap", "brkpt"}
MEMORY_OPS = {"ld", "st", "atom", "red"}


def _block_ids(instrs, labels):
    """Basic-block number of every instruction: a label some branch names
    starts a block (one nothing branches to does not), a branch, return or
    exit ends one."""
    targets = {ins.operands[0].value for ins in instrs if ins.opcode == "bra" and ins.operands}
    starts = {k for name, k in labels.items() if name in targets}
    ids, b = [], 0
    for k, ins in enumerate(instrs):
        if k in starts and k > 0 and not (instrs[k - 1].opcode in BRANCHES):
            b += 1
        ids.append(b)
        if ins.opcode in BRANCHES:
            b += 1
    return ids


def backward_branches(instrs, labels):
    """(target, branch) of every branch back to or above itself: the loops."""
    return [(labels[ins.operands[0].value], b) for b, ins in enumerate(instrs)
            if ins.opcode == "bra" and ins.operands and labels.get(ins.operands[0].value, b + 1) <= b]


class Defs:
    """Where each register is written and read (over the whole function)."""

    def __init__(self, instrs, labels, table):
        self.instrs, self.table, self.labels = instrs, table, labels
        self.block = _block_ids(instrs, labels)
        self._live = None
        self.du = [defs_uses(ins, table) for ins in instrs]
        self.defs, self.uses = {}, {}
        self.loops = None
        for k, (d, u) in enumerate(self.du):
            for r in d:
                self.defs.setdefault(_key(r), []).append(k)
            for r in u:
                self.uses.setdefault(_key(r), []).append(k)

    def invariant(self, reg):
        """Written once, unguarded, in the entry block: fixed for the rest of the run."""
        ks = self.defs.get(_key(reg), [])
        return len(ks) == 1 and self.block[ks[0]] == 0 and self.instrs[ks[0]].guard is None

    def fixed_before(self, reg, k, labels):
        """Written once, unguarded, before index k and in no loop (no branch
        back over it): the value every later instruction reads."""
        ks = self.defs.get(_key(reg), [])
        if len(ks) != 1 or ks[0] >= k or self.instrs[ks[0]].guard is not None:
            return False
        if self.loops is None:          # found once
            self.loops = backward_branches(self.instrs, labels)
        return not any(top <= ks[0] <= b for top, b in self.loops)

    def live_after(self, reg, k):
        """reg may be read after instruction k before it is written again, on some path."""
        key, b = _key(reg), self.block[k]
        for j in range(k + 1, len(self.instrs)):
            if self.block[j] != b:
                break
            d, u = self.du[j]                   # (a guarded write reads what it may keep)
            if any(_key(r) == key for r in u):
                return True
            if any(_key(r) == key for r in d):
                return False
        return key in self._live_out()[b]

    def _live_out(self):
        """The registers live at each basic block's end (backward dataflow over the blocks;
        a branch to no known label, `brx`, may go anywhere)."""
        if self._live is not None:
            return self._live
        n = len(self.instrs)
        nb = self.block[-1] + 1 if n else 0
        last, gen, kill = {}, [set() for _ in range(nb)], [set() for _ in range(nb)]
        for k, (d, u) in enumerate(self.du):
            b = self.block[k]
            last[b] = k
            gen[b].update(_key(r) for r in u if _key(r) not in kill[b])
            if self.instrs[k].guard is None:
                kill[b].update(_key(r) for r in d)
        anywhere = any(ins.opcode == "brx" for ins in self.instrs)
        succ = []
        for b in range(nb):
            ins, nxt = self.instrs[last[b]], {b + 1} if b + 1 < nb else set()
            if anywhere:
                succ.append(set(range(nb)))
            elif ins.opcode == "bra":
                at = self.labels.get(ins.operands[0].value) if is_jump(ins) else None
                to = {self.block[at]} if at is not None and at < n else set(range(nb))
                succ.append(to | (nxt if ins.guard is not None else set()))
            elif ins.opcode in BRANCHES and ins.guard is None:
                succ.append(set())
            else:
                succ.append(nxt)
        live_in, out = [set() for _ in range(nb)], [set() for _ in range(nb)]
        changed = True
        while changed:
            changed = False
            for b in reversed(range(nb)):
                o = set().union(*(live_in[s] for s in succ[b]))
                i = gen[b] | (o - kill[b])
                if o != out[b] or i != live_in[b]:
                    out[b], live_in[b], changed = o, i, True
        self._live = out
        return out

    def same_between(self, reg, lo, hi):
        """reg is not written in (lo, hi) and lo, hi lie in one basic block."""
        if self.block[lo] != self.block[hi]:
            return False
        return not any(lo < k < hi for k in self.defs.get(_key(reg), []))


def _new_reg(fn, name, kind, ty):
    """A register the lowering adds: the function's next one of its file."""
    r = Reg(name, kind, fn.nregs[kind], ty)
    fn.nregs[kind] += 1
    return r


def _issue_slot(fn, at, name, kind=K_R32, ty=T_B32, suffix="b32"):
    """An instruction that takes an issue slot and does nothing else, for a
    SASS instruction with no effect simgpu models (the prologue's LDC and
    ULDC.64): a `mov` of a constant to a
    register nothing reads, at instruction `at`'s place in the source."""
    r = _new_reg(fn, name, kind, ty)
    return Instr("mov", [suffix], [Operand("reg", at.line, at.col, reg=r), Operand("imm", at.line, at.col, value=0)],
                 line=at.line, col=at.col, text=at.text)


def drop_full_warp_syncs(fn, table):
    """`bar.warp.sync -1` (`__syncwarp()` with every lane) has no SASS
    instruction where the warp is converged: the SASS of tests/cuda/warp_sync.cu
    (traces/h200/half_warp/warp_sync.sass, three per kernel) and of
    programs/micro/ldgsts_flight.s's copy loop (traces/h200/micro/
    micro_ldgsts_flight.sass) has no WARPSYNC; the WARPSYNC.ALL of other
    kernels' SASS is ptxas's own, before a shuffle after divergent code.
    simgpu's warps run their lanes together and meet at every branch's join,
    so nothing waits on it (assemble.py). Removed when unguarded with an
    immediate mask of all 32 lanes; the loop it sat in is then one block the
    unroller and the scheduler take. Returns the number removed."""
    dead = {k for k, ins in enumerate(fn.instrs)
            if ins.opcode == "bar" and "warp" in ins.suffixes and ins.guard is None and ins.operands
            and ins.operands[0].kind == "imm" and int(ins.operands[0].value) & 0xFFFFFFFF == 0xFFFFFFFF}
    if dead:
        _replace(fn, dead, {}, lambda ins: ins)
    return len(dead)


def drop_cvta(fn, table):
    """Remove `cvta.to.global.u64 d, s` (see the module doc). Returns the count."""
    instrs = fn.instrs
    info = Defs(instrs, fn.labels, table)
    rename, dead = {}, set()
    for k, ins in enumerate(instrs):
        if ins.opcode != "cvta" or ins.suffixes != ["to", "global", "u64"] \
                or ins.guard is not None or ins.operands[1].kind != "reg":
            continue
        d, s = ins.operands[0].reg, ins.operands[1].reg
        if _key(d) == _key(s):                   # `cvta.to.global %x, %x`: the identity
            dead.add(k)
        elif len(info.defs.get(_key(d), [])) == 1 and info.invariant(s) and info.defs[_key(s)][0] < k:
            rename[_key(d)] = s
            dead.add(k)
    if dead:
        _replace(fn, dead, {}, lambda ins: _rename(ins, rename))
    return len(dead)


_TYPE_BITS = {name: bits for name, bits, _ in TYPES}
# instructions whose source operands SASS cannot take as immediates (a store's value, an
# atomic's operand, a shuffle's value: they need a register) or that are not arithmetic
_NO_IMMEDIATE = {"st", "atom", "red", "ld", "ldu", "bar", "barrier", "vote", "match", "prefetch", "call",
                 "ret", "bra", "exit", "trap", "brkpt", "cp", "membar", "fence", "activemask"}


def _slot_type(ins, k, table):
    """The PTX type operand k of `ins` has (its ISA spec's `s:T`, `s:u32`): None if unknown."""
    spec = table[ins.opcode].operands
    if k >= len(spec):
        return None
    kind, _, ty = spec[k].rstrip("?").partition(":")
    tys = [x for x in ins.suffixes if x in _TYPE_BITS]
    if ty == "T":
        return tys[0] if tys else None
    if ty == "T2":
        return tys[1] if len(tys) > 1 else None
    return ty or None


def _same_class(a, b):
    """Two PTX types whose bits an immediate means alike: the same width, both floating or both not."""
    return a is not None and b is not None and _TYPE_BITS[a] == _TYPE_BITS[b] and (a[0] == "f") == (b[0] == "f")


LOCAL_ARITH = {"add", "sub", "and", "shl", "mov", "cvt", "mul"}


def _local_address_def(ins, local_names):
    """ins writes a 64-bit value of the kinds a local address is made of: the
    address of a .local variable, a sum, difference, mask or shift of such
    values and immediates, or a widened 32-bit register (cvt, mul.wide)."""
    if ins.opcode not in LOCAL_ARITH or ins.guard is not None or not ins.operands \
            or ins.operands[0].kind != "reg" or ins.operands[0].reg is None:
        return False
    sfx = ins.suffixes
    if ins.opcode == "cvt":
        return sfx in (["u64", "u32"], ["s64", "s32"]) and ins.operands[1].kind in ("reg", "imm")
    if ins.opcode == "mul":
        return sfx in (["wide", "s32"], ["wide", "u32"])
    if ins.opcode == "mov":
        o = ins.operands[1]
        return sfx in (["u64"], ["b64"], ["s64"]) and (o.kind == "imm" or o.kind == "reg"
                                                      or o.kind == "sym" and o.value in local_names)
    return len(sfx) == 1 and sfx[0] in ("s64", "u64", "b64") and (ins.opcode != "shl" or ins.operands[2].kind == "imm")


def narrow_local_addresses(fn, table):
    """64-bit registers that only ever hold local-memory addresses (a .local
    array's address plus a widened index: nvcc's `cvt.u64.u32`, `and.b64`,
    `add.s64` into `ld.local [%rd]`) become 32-bit ones: local addresses are
    32-bit in SASS (the stack pointer R1 plus an offset: local_hist's
    `LOP3.LUT R0, R0, 0x3c` + `IMAD.IADD R9, R1, 0x1, R0` + `LDL R0, [R9]`,
    traces/ptxas/sm90_holdout5.sass), so the widening `cvt` has no
    instruction (it becomes a `mov` that propagate_moves removes) and the adds
    are not split into two halves. A register qualifies when every write to it
    is such a value (of qualifying registers) and every read is a local load
    or store's address or the making of another qualifying register. Returns
    the number of registers narrowed."""
    from .codes import K_R32, K_R64, T_U32
    local_names = {v.name for v in fn.local}
    if not local_names:
        return 0
    info = Defs(fn.instrs, fn.labels, table)
    instrs = fn.instrs
    regs = {}
    for k, ins in enumerate(instrs):
        for r in info.du[k][0]:
            regs.setdefault(_key(r), r)
    cand = {key for key, r in regs.items() if r.kind == K_R64
            and all(_local_address_def(instrs[k], local_names) for k in info.defs[key])}

    def reads_ok(key):
        for k in info.uses.get(key, []):
            ins = instrs[k]
            if ins.opcode in ("ld", "st") and "local" in ins.suffixes:
                addr = ins.operands[1] if ins.opcode == "ld" else ins.operands[0]
                others = [o for o in ins.operands if o is not addr]
                if not (isinstance(addr.base, Reg) and _key(addr.base) == key) or \
                        any(_key(r) == key for o in others for r in _operand_regs(o)):
                    return False
            elif not (_local_address_def(ins, local_names) and _key(ins.operands[0].reg) in cand):
                return False
        return True

    def writes_ok(key):
        for k in info.defs[key]:
            ins = instrs[k]
            if ins.opcode in ("cvt", "mul"):
                continue
            if any(o.kind == "reg" and o.reg is not None and o.reg.kind == K_R64 and _key(o.reg) not in cand
                   for o in ins.operands[1:]):
                return False
        return True

    changed = True
    while changed:
        changed = False
        for key in list(cand):
            if not reads_ok(key) or not writes_ok(key):
                cand.discard(key)
                changed = True
    if not cand:
        return 0
    names = {}
    for key in sorted(cand, key=str):
        r = regs[key]
        names[key] = _new_reg(fn, f"{r.name}__l32", K_R32, T_U32)
    out = list(instrs)
    for key in cand:
        for k in info.defs[key]:
            ins = instrs[k]
            if ins.opcode == "cvt":
                out[k] = replace(ins, opcode="mov", suffixes=["b32"])
            elif ins.opcode == "mul":
                out[k] = replace(ins, suffixes=["lo", ins.suffixes[1]])
            else:
                out[k] = replace(ins, suffixes=[{"s64": "s32", "u64": "u32", "b64": "b32"}[ins.suffixes[0]]])
    touched = {k for key in cand for k in info.defs[key] + info.uses.get(key, [])}
    for k in touched:
        out[k] = _rename(out[k], names)
    fn.instrs = out
    return len(cand)


def _operand_regs(o):
    """The registers an operand names (a vector's elements, an address's base)."""
    if o.kind == "vec":
        return [e.reg for e in o.elems if e.reg is not None]
    if o.kind == "addr":
        return [o.base] if isinstance(o.base, Reg) else []
    return [o.reg] if o.reg is not None else []


def propagate_moves(fn, table):
    """`mov` between registers and `mov` of an immediate have no SASS
    instruction of their own: ptxas gives the reader the source register, or
    the immediate as its operand. nvcc's PTX is full of them:
    `mov.b32 %r12, %f32` before every `shfl.sync` of a float and `mov.b32
    %f11, %r17` after it, `mov.u32 %r14, 31` for its clamp (warp_reduce.cu's
    SASS: `SHFL.DOWN PT, R3, R2, 0x10, 0x1f`, no MOV). Removed here:

    - `mov d, s` between registers of one width, unguarded, d written only
      there, each reader of d in the same basic block with s unchanged in
      between, or s written once before the move and in no loop (fixed from
      there on: atomic_max_cas's `mov.b32 %r4, %f3` of the maximum its CAS
      loop swaps in, none in its SASS): the readers read s;
    - `mov d, imm`, unguarded, d written only there, every reader taking an
      immediate there (an arithmetic source of the same width and kind,
      integer or float; not a store's value, an atomic's operand, a
      shuffle's value): the readers get the immediate.

    Kept: moves from special registers (S2R, LDC), of a symbol's address
    (sm_90 makes a shared variable's address with uniform instructions),
    into a register written elsewhere too (a loop's accumulator starts with
    a real MOV). Runs until nothing more goes (a copy of a copy). Returns
    the number removed."""
    removed = 0
    for _ in range(8):
        instrs = fn.instrs
        info = Defs(instrs, fn.labels, table)
        dead, rename, subst, sources = set(), {}, {}, set()
        for k, ins in enumerate(instrs):
            if ins.opcode != "mov" or ins.guard is not None or len(ins.operands) != 2:
                continue
            d, s = ins.operands
            if d.kind != "reg" or d.reg is None or len(info.defs.get(_key(d.reg), [])) != 1:
                continue
            if _key(d.reg) in sources:
                continue                          # its value is moved on in this round: next round
            uses = info.uses.get(_key(d.reg), [])
            if s.kind == "reg" and s.reg is not None and s.reg.kind == d.reg.kind and not s.neg \
                    and _key(s.reg) not in rename and k not in subst:
                if all(u > k and (info.fixed_before(s.reg, k, fn.labels) or info.same_between(s.reg, k, u))
                       for u in uses):
                    rename[_key(d.reg)] = s.reg
                    sources.add(_key(s.reg))
                    dead.add(k)
            elif s.kind == "imm":
                mty = _slot_type(ins, 1, table)
                plan = {}
                for u in uses:
                    r = instrs[u]
                    if u <= k or r.opcode in _NO_IMMEDIATE or u in dead or u in subst or _key(d.reg) in (
                            _key(x) for x in ([r.guard] if r.guard is not None else [])):
                        break
                    slots = [j for j, o in enumerate(r.operands) if o.kind == "reg" and o.reg is not None
                             and _key(o.reg) == _key(d.reg)]
                    dpos = set(_dest_positions(table[r.opcode], r))
                    if not slots or any(j in dpos or (r.opcode == "shfl" and j == 1)
                                        or not _same_class(mty, _slot_type(r, j, table)) for j in slots) \
                            or any(o.kind == "addr" and isinstance(o.base, type(d.reg)) and _key(o.base) == _key(d.reg)
                                   for o in r.operands):
                        break
                    plan[u] = slots
                else:
                    if plan or not uses:
                        for u, slots in plan.items():
                            ops = list(instrs[u].operands)
                            for j in slots:
                                ops[j] = replace(s, line=ops[j].line, col=ops[j].col)
                            subst[u] = replace(instrs[u], operands=ops)
                        dead.add(k)
        if not dead:
            break
        removed += len(dead)
        _replace(fn, dead, subst, lambda ins: _rename(ins, rename))
    return removed


HALF_ARITH = {"add", "sub", "mul", "fma", "min", "max"}


def _half_bits(value, ty):
    """The 16 bits of float `value` rounded to nearest even as .f16 or .bf16."""
    import numpy as np
    if ty == "f16":
        return int(np.float16(np.float32(value)).view(np.uint16))
    b = int(np.float32(value).view(np.uint32))
    if (b & 0x7FFFFFFF) > 0x7F800000:
        return (b >> 16) | 0x40                     # NaN stays a quiet NaN
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) & 0xFFFF


def fold_half_unpacks(fn, table):
    """A half of a packed pair is read in place in SASS: cuda_fp16.h's
    `__half22float2(v)` / `__low2float` / `__high2float` are, in nvcc's PTX,
    `mov.b32 {lo, hi}, r` and `cvt.f32.f16 f, lo` (or `hi`); ptxas makes each
    cvt one `HADD2.F32 f, -RZ, r.H0_H0` (`.H1_H1` for the high half) and no
    instruction of the unpacking mov (poly_half2's SASS, traces/ptxas/
    sm90_holdout6.sass: two HADD2.F32 for two movs and two cvts). Here: an
    unguarded `mov.b32 {a, b}, r` whose halves are read, before they are
    written again and in its basic block, only by `cvt.f32.f16` goes; each
    such cvt reads r itself, the low 16 bits, or marked `fused="high"` (the
    assembler's C.F_HIGH_HALF) its high 16 bits. r may not be written in
    between. Values are unchanged. Returns the instructions removed."""
    instrs = fn.instrs
    info = Defs(instrs, fn.labels, table)
    dead, new = set(), {}
    for m, ins in enumerate(instrs):
        ops = ins.operands
        if ins.opcode != "mov" or ins.suffixes != ["b32"] or ins.guard is not None or len(ops) != 2 \
                or ops[0].kind != "vec" or len(ops[0].elems) != 2 or ops[1].kind != "reg" or ops[1].reg is None \
                or ops[1].reg.kind != K_R32:
            continue
        src, folds = ops[1].reg, {}
        for half, e in enumerate(ops[0].elems):
            if e.kind != "reg" or e.reg is None:
                continue
            key = _key(e.reg)
            # every read of the half in a block that wrote it before (none reached from elsewhere)
            if any(not any(d < j and info.block[d] == info.block[j] for d in info.defs[key])
                   for j in info.uses.get(key, [])):
                folds = None
                break
            stop = min((d for d in info.defs[key] if d > m), default=len(instrs))
            for j in info.uses.get(key, []):
                if not m < j <= stop:
                    continue
                c = instrs[j]
                if c.opcode != "cvt" or c.suffixes != ["f32", "f16"] or len(c.operands) != 2 \
                        or c.operands[1].kind != "reg" or _key(c.operands[1].reg) != key \
                        or (c.guard is not None and _key(c.guard) == key) or j in new \
                        or not info.same_between(src, m, j):
                    folds = None
                    break
                folds[j] = half
            if folds is None:
                break
        if not folds:
            continue
        for j, half in folds.items():
            c = instrs[j]
            new[j] = replace(c, operands=[c.operands[0], replace(c.operands[1], reg=src)],
                             fused="high" if half else None)
        dead.add(m)
    if dead:
        _replace(fn, dead, new, lambda ins: ins)
    return len(dead)


def fold_half_constants(fn, table):
    """A packed-half constant is an immediate operand in SASS. cuda_fp16.h's
    `__float2half2_rn(c)` is, in nvcc's PTX, `cvt.rn.f16.f32 h, c` and
    `mov.b32 r, {h, h}` (after propagate_moves put the float into the cvt);
    ptxas folds both into the HFMA2/HADD2/HMUL2 that reads r (poly_half2's
    SASS: `HFMA2 R0, R0, R3, 0.25, 0.25`), or makes r with one instruction
    where the reader already has its one immediate (`HFMA2.MMA R0, -RZ, RZ, 0,
    0.111`, the first step's second constant). Here: a `mov.b32 r, {h1, h2}`
    (r written once) of halves made only by `cvt.rn.{f16,bf16}.f32` of
    immediates is an immediate holding the packed bits in each `.f16x2` /
    `.bf16x2` arithmetic reader that has no immediate yet (the last such slot
    of each reader), and a `mov.b32 r, bits` where any reader remains; the
    cvts go when nothing else reads their halves. Values are unchanged (the
    immediate is the bits the registers held). Returns the instructions
    removed."""
    instrs = fn.instrs
    info = Defs(instrs, fn.labels, table)
    halves, packed = {}, {}
    for k, ins in enumerate(instrs):
        ops = ins.operands
        if ins.guard is not None or len(ops) != 2 or ops[0].kind != "reg" or ops[0].reg is None \
                or len(info.defs.get(_key(ops[0].reg), [])) != 1:
            continue
        if ins.opcode == "cvt" and ins.suffixes in (["rn", "f16", "f32"], ["rn", "bf16", "f32"]) \
                and ops[1].kind == "imm":
            halves[_key(ops[0].reg)] = (k, _half_bits(ops[1].value, ins.suffixes[1]))
        elif ins.opcode == "mov" and ins.suffixes == ["b32"] and ops[1].kind == "vec" and len(ops[1].elems) == 2 \
                and all(e.kind == "reg" and e.reg is not None and _key(e.reg) in halves for e in ops[1].elems):
            lo, hi = (halves[_key(e.reg)][1] for e in ops[1].elems)
            packed[_key(ops[0].reg)] = (k, lo | hi << 16)
    if not packed:
        return 0
    subst, taken = {}, {key: [] for key in packed}
    for u, r in enumerate(instrs):
        if r.opcode not in HALF_ARITH or not any(t in r.suffixes for t in ("f16x2", "bf16x2")) \
                or any(o.kind == "imm" for o in r.operands):
            continue
        dpos = set(_dest_positions(table[r.opcode], r))
        slots = [j for j, o in enumerate(r.operands) if j not in dpos and o.kind == "reg" and o.reg is not None
                 and _key(o.reg) in packed and packed[_key(o.reg)][0] < u]
        if slots:
            j = slots[-1]
            key = _key(r.operands[j].reg)
            ops = list(r.operands)
            ops[j] = Operand("imm", ops[j].line, ops[j].col, value=packed[key][1])
            subst[u] = replace(r, operands=ops)
            taken[key].append(u)
    dead = set()
    for key, (k, bits) in packed.items():
        if sorted(taken[key]) == sorted(info.uses.get(_key(instrs[k].operands[0].reg), [])):
            dead.add(k)
        else:
            mov = instrs[k]
            subst[k] = replace(mov, operands=[mov.operands[0], Operand("imm", mov.line, mov.col, value=bits)])
    packing = {k for k, _ in packed.values()}
    for key, (k, _) in halves.items():
        if all(u in packing for u in info.uses.get(key, [])):
            dead.add(k)
    _replace(fn, dead, subst, lambda ins: ins)
    return len(dead)


def _pred_reader_ok(ins, q, negate, table):
    """ins reads predicate q only where it may read it negated (a guard, a `q` source)."""
    if not negate:
        return True
    spec = table[ins.opcode].operands
    for j, o in enumerate(ins.operands):
        if o.kind == "reg" and o.reg is not None and _key(o.reg) == _key(q):
            kind = spec[j].rstrip("?") if j < len(spec) else ""
            if kind != "q" and not (ins.opcode in ("bar", "barrier") and j == len(ins.operands) - 1):
                return False
    return True


def _pred_renamed(ins, q, p, negate):
    """ins with predicate q read as p (negated where `negate`)."""
    ops = [replace(o, reg=p, neg=o.neg != negate) if o.kind == "reg" and o.reg is not None
           and _key(o.reg) == _key(q) else o for o in ins.operands]
    if ins.guard is not None and _key(ins.guard) == _key(q):
        return replace(ins, operands=ops, guard=p, guard_neg=ins.guard_neg != negate)
    return replace(ins, operands=ops)


def fold_address_offsets(fn, table):
    """`add r, b, c` (c an immediate, 32 or 64 bits) whose every reader is a
    load or store taking r as its address base is no instruction: ptxas puts c
    into the readers' address offsets (blelloch_scan's `add.s32 %r46, %r20, -4;
    ld.shared.f32 %f6, [%r46]` ... `[%r47+8]` is `LDS R6, [R5+-0x4]; LDS R7,
    [R5+0x4]`, traces/ptxas/sm90_holdout8.sass). Only where r is written once,
    unguarded, and b holds its value at every reader. Returns the adds
    removed."""
    from .unroll import _only_address_base
    instrs = fn.instrs
    info = Defs(instrs, fn.labels, table)
    dead, new = set(), {}
    for k, ins in enumerate(instrs):
        if ins.opcode != "add" or ins.guard is not None or len(ins.suffixes) != 1 \
                or ins.suffixes[0] not in ("s32", "u32", "b32", "s64", "u64", "b64") \
                or ins.operands[0].kind != "reg" or ins.operands[0].reg is None:
            continue
        srcs = ins.operands[1:3]
        if srcs[1].kind == "reg" and srcs[0].kind == "imm":
            srcs = srcs[::-1]
        base, c = srcs
        if base.kind != "reg" or base.reg is None or c.kind != "imm" or not isinstance(c.value, int) \
                or not -(1 << 23) <= int(c.value) < (1 << 23):
            continue
        r = _key(ins.operands[0].reg)
        readers = sorted(set(info.uses.get(r, [])))
        if info.defs.get(r) != [k] or not readers or readers[0] <= k or any(u in new or u in dead for u in readers) \
                or not all(_only_address_base(instrs[u], r, table)
                           and (info.invariant(base.reg) or info.same_between(base.reg, k, u)
                                or info.fixed_before(base.reg, k, fn.labels)) for u in readers):
            continue
        for u in readers:
            at = instrs[u]
            new[u] = replace(at, operands=[replace(o, base=base.reg, offset=o.offset + int(c.value))
                                           if o.kind == "addr" and isinstance(o.base, Reg) and _key(o.base) == r
                                           else o for o in at.operands])
        dead.add(k)
    if dead:
        _replace(fn, dead, new, lambda ins: ins)
    return len(dead)


def fold_predicate_copies(fn, table):
    """`selp r, 1, 0, p` (or -1) read only by `setp.ne r, 0` / `setp.eq r, 0` is p / !p:
    ptxas reads p (or !p) where the setp's predicate is read, and neither instruction has
    SASS of its own. nvcc writes this round trip around every inline-asm predicate:
    __syncthreads_count/and/or's `selp.u32 %r11, 1, 0, %p1; { setp.ne.u32 %p1, %r11, 0;
    bar.red.or.pred %p2, 0, %p1; selp.u32 %r12, 1, 0, %p2; } setp.eq.s32 %p3, %r12, 0;
    @%p3 bra` is `BAR.RED.OR 0x0, P0; B2R.RESULT RZ, P1; @!P1 BRA` in
    traces/h200/sync_print/block_sync.sass. Folded where each setp, and each reader of
    its predicate, is in the selp's basic block with p unchanged since the selp, and (for
    setp.eq) each reader may take the predicate negated. Returns the number removed."""
    removed = 0
    for _ in range(4):
        instrs = fn.instrs
        info = Defs(instrs, fn.labels, table)
        dead, subst = set(), {}
        for k1, ins in enumerate(instrs):
            if ins.opcode != "selp" or ins.guard is not None or len(ins.operands) != 4 or k1 in subst:
                continue
            d, a, b, c = ins.operands
            if d.kind != "reg" or d.reg is None or c.kind != "reg" or c.reg is None or c.neg \
                    or a.kind != "imm" or b.kind != "imm" or a.value not in (1, -1) or b.value != 0 \
                    or len(info.defs.get(_key(d.reg), [])) != 1:
                continue
            p = c.reg
            uses = info.uses.get(_key(d.reg), [])
            plan = {}
            for u in uses:
                s = instrs[u]
                cmp = [m for m in s.suffixes if m in ("ne", "eq")]
                if u <= k1 or u in dead or u in subst or s.opcode != "setp" or s.guard is not None \
                        or len(s.operands) != 3 or len(cmp) != 1 or any(m in ("and", "or", "xor") for m in s.suffixes):
                    break
                q, x, zero = s.operands
                if q.kind != "reg" or q.pair is not None or x.kind != "reg" or x.reg is None \
                        or _key(x.reg) != _key(d.reg) or zero.kind != "imm" or zero.value != 0 \
                        or len(info.defs.get(_key(q.reg), [])) != 1 or not info.same_between(p, k1, u):
                    break
                negate = cmp[0] == "eq"
                readers = info.uses.get(_key(q.reg), [])
                if not all(v > u and v not in dead and info.same_between(p, k1, v)
                           and _pred_reader_ok(subst.get(v, instrs[v]), q.reg, negate, table) for v in readers):
                    break
                plan[u] = (q.reg, negate, readers)
            else:
                if not plan:
                    continue
                for u, (q, negate, readers) in plan.items():
                    dead.add(u)
                    for v in readers:
                        subst[v] = _pred_renamed(subst.get(v, instrs[v]), q, p, negate)
                dead.add(k1)
        if not dead:
            break
        removed += len(dead)
        _replace(fn, dead, subst, lambda ins: ins)
    return removed


# which forward branches ptxas predicates, read from ptxas 13.0.88 -O3's choices on the 91 probes of
# tools/probe_ptxas_if_convert.py (traces/ptxas/if_convert.json: each probe's guards read from its cubin;
# tests/test_lower.py checks the rule on every one: 86 the same) and the BSSYs of every SASS here. Where
# the branch's predicate comes from the thread index or parameters, `if (c) { N IMADs }` is predicated up
# to N = 20 (21: a branch), up to 7 global stores (8 not), 19 global loads (20 not), and a region whose
# longest dependence chain is at most 6 instructions (a running sum of 5 IMADs: 6; of 6: a branch);
# matmul_cp_async's copy of its next tiles, 14 instructions, predicated (traces/ptxas/sm90_holdout6.sass),
# stencil2d_smem's four halo loads too. Where it comes from a loaded value, up to 6 arithmetic
# instructions (7 IMADs: a branch), 6 stores and a chain of 5, any 12 loads (compact_block's
# `if (keep) out[..] = i`, a chain of 6, stays a branch, its SASS's BSSY). A branch to the kernel's
# end is `@P EXIT` instead (cfg.branches_to_exit: vector_add's bounds test, 7 after it).
IF_CONVERT_MAX = 20
IF_CONVERT_STORES = 7
IF_CONVERT_LOADS = 19
IF_CONVERT_CHAIN = 6
IF_CONVERT_STORES_LOADED = 6
IF_CONVERT_ARITH_LOADED = 6
IF_CONVERT_CHAIN_LOADED = 5
# an if/else, `@p bra E; THEN; bra D; E: ELSE; D:`, is both sides predicated (`@!p THEN; @p ELSE`, no BRA) on
# ptxas's choices over 106 probe diamonds (tools/probe_ptxas_if_convert.py --if-else, traces/ptxas/if_else.json;
# tests/test_lower.py checks the rule on every one): with the condition from the thread index, THEN and its
# closing `bra` within one region's limits (7 stores, 19 loads), ELSE one more (8 and 20: 1 / 8 stores and
# 1 / 20 loads predicated, 8 / 1 not), and at most IF_CONVERT_MAX instructions other than loads in all, the
# `bra` counted (9 + 10 + 1 IMADs predicated, 10 + 10 + 1 not); from a loaded value, each side at most
# IF_CONVERT_ARITH_LOADED instructions other than loads, THEN's `bra` counted (5 + 1 / 6 predicated, 6 + 1 / 1
# and 1 / 7 not, stores or IMADs alike; IMADs on one side and stores on the other too). Not where loads share
# the sides with other work, or a side copies (cp.async): mio_mix.json's `lds32|ldg32` and `lds32^ldg32`
# (`if (warp & 1) 8 LDS else 8 LDG` in a loop) are predicated in their SASS, its cases of loads and their adds
# beside stores (`lds32|sts32`, `ldg32|sts32`), of copies (`cpa4|lds32`) and of LDS.128 beside LDS are
# branches (tools/mio_mix_figures.py); probes of such mixes here found no simple rule (4 shared loads beside 4
# shared stores predicated, 8 and 8 not), and the rule leaves them branches; nor where a side reads the clock
# (the same kernels' `if (threadIdx.x == 0) { %smid, %clock64, two stores }` is a branch in their SASS).
IF_ELSE_SECOND_EXTRA = 1
# A region outside loops whose only memory accesses are global loads (`if (i < n) v = a[i]`) stays a
# branch, BSSY and BSYNC around it, unless another load (global, shared or local; not a parameter) or a
# shared store is in the branch's own block before it or in the join's block after it: ptxas 13.0
# -arch=sm_90 -O3 on the 27 probes of traces/ptxas/lone_loads.json (tools/probe_ptxas_if_convert.py
# --lone-loads: a load of a[tid] or a[2] under `tid < n`, read after the join; tests/test_lower.py checks
# the rule on every one: 25 the same) keeps a branch alone, with a shuffle or a global store after the
# join or a global store before it, with a parameter load or a load in an earlier block before it, with
# two such loads in the region; predicates with a global (plain or .nc) or shared load or a shared store
# before it in its block or after the join (after 8 adds or a shuffle too), or with a shared load or
# store in the region. The probes' loads of
# traces/ptxas/if_convert.json all have a global load before them in their block; stencil1d's three
# bounds-checked loads, each before a shared store, are predicated in its SASS (sm90_programs.sass); the
# held-out atomic_max_cas's `if (t < n) v = in[t]`, before its shuffles, is a branch in its SASS
# (sm90_holdout8.sass: BSSY B0 ... @P0 BRA ... LDG.E.CONSTANT, BSYNC B0), as tests/cuda/bits.cu's
# count_positive's before its ballot (traces/h200/const_bits/bits_const.sass). In a loop such a load is
# predicated here: so it is in the probes whose condition is the same every iteration, in sector_clock.s's
# SASS, and with nvcc's `if (i < n) v = x[i]` (v reset each iteration) before an add, a shuffle or a
# ballot; a branch in the two probes whose condition varies and whose register is carried around the loop,
# and in the held-out hist_aggregated's grid-stride loop (sm90_holdout4.sass): not modeled.


def _predicable(region, table, loaded):
    """Whether ptxas predicates `region` (see IF_CONVERT_MAX; `loaded`: its branch's predicate comes
    from a value loaded from memory)."""
    stores = sum(r.opcode == "st" for r in region)
    if sum(r.opcode in ("ld", "ldu") for r in region) > IF_CONVERT_LOADS:
        return False
    if loaded:
        arith = sum(r.opcode not in ("ld", "st", "ldu") for r in region)
        return stores <= IF_CONVERT_STORES_LOADED and arith <= IF_CONVERT_ARITH_LOADED \
            and _longest_chain(region, table) <= IF_CONVERT_CHAIN_LOADED
    return stores <= IF_CONVERT_STORES and _longest_chain(region, table) <= IF_CONVERT_CHAIN


def _lone_global_loads(instrs, labels, k, j):
    """Whether the region after the branch at k, up to j, outside any loop, reads memory with global
    loads only and no other load, and no shared-memory access, is in the branch's block before it or
    in the join's block from j on (ptxas keeps such a region a branch: the comment after
    IF_ELSE_SECOND_EXTRA)."""
    def load(r):
        return r.opcode in ("ld", "ldu") and not {"param", "const"}.intersection(r.suffixes)
    mem = [r for r in instrs[k + 1:j] if r.opcode in MEMORY_OPS or r.opcode in ("ldu", "cp", "prefetch")]
    if not mem or not all(load(r) and not {"shared", "local"}.intersection(r.suffixes) for r in mem):
        return False
    if any(top <= k and j <= b for top, b in backward_branches(instrs, labels)):
        return False                                  # in a loop: predicated
    blocks = _block_ids(instrs, labels)
    near = [i for i in range(k) if blocks[i] == blocks[k]]
    if j < len(instrs):
        near += [i for i in range(j, len(instrs)) if blocks[i] == blocks[j]]
    return not any(load(instrs[i]) or instrs[i].opcode in MEMORY_OPS and "shared" in instrs[i].suffixes
                   for i in near)


def _loaded(instrs, k, pred, table):
    """Whether register `pred`, as read at instruction k, derives from a value loaded from memory
    (global, shared or local; parameters and constants are not), following its writers back."""
    seen, todo = set(), [(pred, k)]
    while todo:
        reg, at = todo.pop()
        for j in range(at - 1, -1, -1):
            d, u = defs_uses(instrs[j], table)
            if _key(reg) not in {_key(r) for r in d}:
                continue
            if j in seen:
                break
            seen.add(j)
            if instrs[j].opcode in ("ld", "ldu", "atom") and _space_of(instrs[j]) not in ("param", "const"):
                return True
            todo.extend((r, j) for r in u)
            if instrs[j].guard is None:
                break
    return False


def _space_of(ins):
    return next((s for s in ins.suffixes if s in ("global", "shared", "local", "param", "const")), "generic")


def _longest_chain(region, table):
    """The most instructions of `region` on one path of register dependences."""
    depth, best = {}, 0
    for ins in region:
        d, u = defs_uses(ins, table)
        k = 1 + max((depth.get(_key(r), 0) for r in u), default=0)
        for r in d:
            depth[_key(r)] = k
        best = max(best, k)
    return best
# what a predicated region may not hold: control flow, barriers, what SASS cannot predicate, and
# atomics, which ptxas keeps behind their branch (programs/holdout/hist_aggregated's leader's
# `if (lane == leader) atomicAdd(...)`: `@P1 BRA` over POPC, IMAD.WIDE, REDG, in
# traces/ptxas/sm90_holdout4.sass; no predicated RED or ATOM in any SASS recorded here)
_NOT_PREDICABLE = {"bra", "ret", "exit", "trap", "brkpt", "call", "bar", "barrier", "membar", "fence", "vote",
                   "match", "activemask", "shfl", "atom", "red"}


PRED_LOGIC = {"and": "and", "or": "or", "xor": "xor"}


def _single_reader(info, reg, k):
    """reg is written once and read only at k."""
    return len(info.defs.get(_key(reg), [])) == 1 and info.uses.get(_key(reg), []) == [k]


def fuse_predicate_logic(fn, table):
    """`setp.CMP.T p, a, b` whose only reader is `and/or/xor.pred d, p, c` (in
    either operand order) is one instruction, `setp.CMP.BOOL.T d, a, b, c`: the
    SASS compares take a predicate to combine with (bitonic_smem's
    `FSETP.GT.XOR P0, PT, R8, R7, !P0` for `(a > b) == up`; `ISETP.GE.OR`;
    traces/ptxas/sm90_holdout5.sass). The compare moves to the logic
    instruction's place, so a and b may not be written in between (one basic
    block). Of two such compares, the later one is fused. Returns the number
    of instructions removed."""
    info = Defs(fn.instrs, fn.labels, table)
    instrs, dead, new = fn.instrs, set(), {}
    for k, ins in enumerate(instrs):
        if ins.opcode not in PRED_LOGIC or ins.suffixes != ["pred"] or len(ins.operands) != 3 \
                or any(o.kind != "reg" or o.reg is None for o in ins.operands):
            continue
        best = None
        for side in (1, 2):
            o = ins.operands[side]
            ks = info.defs.get(_key(o.reg), [])
            if o.neg or not _single_reader(info, o.reg, k) or ks[0] >= k or ks[0] in dead \
                    or info.block[ks[0]] != info.block[k]:
                continue
            s = instrs[ks[0]]
            if s.opcode != "setp" or s.guard is not None or len(s.operands) != 3 or s.operands[0].pair is not None \
                    or s.suffixes[-1] in WIDE_INT or s.suffixes[-1] in ("f16x2", "bf16x2") \
                    or any(m in PRED_LOGIC for m in s.suffixes) \
                    or not all(x.kind != "reg" or info.same_between(x.reg, ks[0], k) for x in s.operands[1:]):
                continue
            if best is None or ks[0] > best[0]:
                best = (ks[0], side)
        if best is None:
            continue
        j, side = best
        s, other = instrs[j], ins.operands[3 - side]
        sfx = s.suffixes[:-1] + [PRED_LOGIC[ins.opcode], s.suffixes[-1]]
        new[k] = replace(s, suffixes=sfx, operands=[ins.operands[0]] + s.operands[1:] + [other],
                         guard=ins.guard, guard_neg=ins.guard_neg, line=ins.line, col=ins.col)
        dead.add(j)
    if dead:
        _replace(fn, dead, new, lambda ins: ins)
    return len(dead)


def fuse_bit_tests(fn, table):
    """`and.b32 r, a, m` whose only reader is `setp.eq/ne.T p, r, 0` is one
    instruction, the predicate-writing `LOP3.LUT P0, RZ, a, m, RZ, 0xc0, !PT`
    (bitonic_smem's `(i & k) == 0`, traces/ptxas/sm90_holdout5.sass): the setp
    becomes `setp.eq/ne.b32 p, a, m` marked `fused="test"` (the assembler's
    C.F_TEST: p = (a & m) CMP 0), in the setp's place, so a and m may not be
    written in between (one basic block). Returns the number removed."""
    info = Defs(fn.instrs, fn.labels, table)
    instrs, dead, new = fn.instrs, set(), {}
    for k, ins in enumerate(instrs):
        if ins.opcode != "setp" or len(ins.suffixes) != 2 or ins.suffixes[0] not in ("eq", "ne") \
                or ins.suffixes[1] not in ("b32", "s32", "u32") or len(ins.operands) != 3 \
                or ins.operands[0].pair is not None or ins.operands[1].kind != "reg" \
                or ins.operands[2].kind != "imm" or ins.operands[2].value != 0:
            continue
        r = ins.operands[1].reg
        ks = info.defs.get(_key(r), [])
        if not _single_reader(info, r, k) or ks[0] >= k or ks[0] in dead or info.block[ks[0]] != info.block[k]:
            continue
        a = instrs[ks[0]]
        if a.opcode != "and" or a.suffixes[-1] not in ("b32", "s32", "u32") or a.guard != ins.guard \
                or a.guard_neg != ins.guard_neg \
                or not all(x.kind != "reg" or info.same_between(x.reg, ks[0], k) for x in a.operands[1:]):
            continue
        new[k] = replace(ins, suffixes=[ins.suffixes[0], "b32"], operands=[ins.operands[0]] + a.operands[1:],
                         fused="test")
        dead.add(ks[0])
    if dead:
        _replace(fn, dead, new, lambda ins: ins)
    return len(dead)


def if_convert(fn, table, max_len=IF_CONVERT_MAX):
    """A forward branch over a short straight-line region, `@p bra L; I1..In;
    L:`, becomes the region predicated on the branch not being taken,
    `@!p I1 .. @!p In` (ptxas's if-conversion: reduce_sum's `if (tid < s)
    sdata[tid] += sdata[tid + s]` is `@!P1 LDS; @!P1 FADD; @!P1 STS`, a
    stencil's bounds-checked load `@!P0 LDG`, a scan's `if (i >= o)` four
    predicated instructions, with no BRA and no BSSY/BSYNC around them).
    Every warp then issues the region whatever its lanes decide. Converted
    when the region has at most `max_len` instructions and is within ptxas's
    limits on stores and dependence chains (IF_CONVERT_MAX and after; lower
    where p comes from a loaded value: _predicable), none guarded, none
    writing p, none a branch, barrier, shuffle or atomic, nothing else
    branches into it, and it does not end at the kernel's `ret` (that branch
    is `@P EXIT`); innermost regions first, so an enclosing one counts what
    is left of them. Returns the number of branches removed."""
    done = 0
    while True:
        instrs, labels = fn.instrs, fn.labels
        targets = {}
        for k, ins in enumerate(instrs):
            if is_jump(ins):
                targets.setdefault(labels.get(ins.operands[0].value, -1), []).append(k)
        change = None
        for k, ins in enumerate(instrs):
            if ins.opcode != "bra" or ins.guard is None or not ins.operands or ins.operands[0].kind != "sym":
                continue
            j = labels.get(ins.operands[0].value, -1)
            e = _if_else_end(instrs, labels, targets, k, j, table, ins.guard, {k})
            if e is not None:
                change = (k, j, e, False)
                break
            # nvcc's other layout, `@p bra T; bra E; T: THEN; bra D; E: ELSE; D:` (THEN on p), is the same
            # if/else (tools/measure_mio_mix.py's `a|b` kernels; predicated in their SASS, mio_mix.json)
            if j == k + 2 and is_jump(instrs[k + 1]) and instrs[k + 1].guard is None:
                j = labels.get(instrs[k + 1].operands[0].value, -1)
                e = _if_else_end(instrs, labels, targets, k + 1, j, table, ins.guard, {k})
                if e is not None:
                    change = (k, j, e, True)
                    break
                continue
            if not k + 1 < j <= k + 1 + max_len:
                continue
            region = instrs[k + 1:j]
            if j < len(instrs) and instrs[j].opcode in ("ret", "exit") and instrs[j].guard is None:
                continue                               # `@P EXIT` (cfg.branches_to_exit)
            if any(r.guard is not None or r.opcode in _NOT_PREDICABLE for r in region) \
                    or not _predicable(region, table, _loaded(instrs, k, ins.guard, table)) \
                    or any(t in targets for t in range(k + 1, j)) \
                    or any(_key(d) == _key(ins.guard) for r in region for d in defs_uses(r, table)[0]) \
                    or _lone_global_loads(instrs, labels, k, j):
                continue
            change = (k, j, None, False)
            break
        if change is None:
            return done
        k, j, e, flipped = change
        bra = instrs[k]
        first = k + 2 if flipped else k + 1      # THEN: on the branch's condition negated, or (flipped) its own
        new = {i: replace(instrs[i], guard=bra.guard, guard_neg=bra.guard_neg != (not flipped)) for i in range(first, j)}
        dead = {k, k + 1} if flipped else {k}
        if e is not None:                        # an if/else: ELSE on the other, `bra D` gone
            dead.add(j - 1)
            new.update({i: replace(instrs[i], guard=bra.guard, guard_neg=bra.guard_neg == (not flipped))
                        for i in range(j, e)})
        _replace(fn, dead, new, lambda ins: ins)
        done += 1


def _if_else_end(instrs, labels, targets, k, j, table, p, opener):
    """D when instrs[k] (a branch to E, at j; p the if's predicate, `opener` the branch
    that may also name the THEN side's first instruction) opens an if/else ptxas
    predicates whole: `bra E; THEN; bra D; E: ELSE; D:` with THEN and ELSE straight code
    of predicable instructions, nothing else branching to E or into either side, neither
    writing p, D not the kernel's end, both sides within the limits IF_ELSE_SECOND_EXTRA's
    comment gives."""
    if not k + 1 < j < len(instrs):
        return None
    close = instrs[j - 1]
    if not is_jump(close) or close.guard is not None:
        return None
    e = labels.get(close.operands[0].value, -1)
    if not j <= e <= len(instrs) or set(targets.get(j, ())) - {k, j - 1} \
            or (e < len(instrs) and instrs[e].opcode in ("ret", "exit")):
        return None
    then, other = instrs[k + 1:j - 1], instrs[j:e]
    if any(set(targets.get(t, ())) - opener for t in list(range(k + 1, j)) + list(range(j + 1, e))) \
            or any(r.guard is not None or r.opcode in _NOT_PREDICABLE for r in then + other) \
            or any(_key(d) == _key(p) for r in then + other for d in defs_uses(r, table)[0]):
        return None
    kinds = {_if_else_kind(r) for r in then + other}
    if "copy" in kinds or "load" in kinds and len(kinds) > 1 or any(map(_reads_clock, then + other)):
        return None                              # loads beside other work, a clock read: a branch (mio_mix.json)
    loaded = _loaded(instrs, k, p, table)
    stores = [sum(r.opcode == "st" for r in side) for side in (then, other)]
    loads = [sum(r.opcode in ("ld", "ldu") for r in side) for side in (then, other)]
    rest = [len(then) + 1 - loads[0], len(other) - loads[1]]        # THEN's closing `bra` counted
    if loaded:
        return e if max(rest) <= IF_CONVERT_ARITH_LOADED and loads[0] <= IF_CONVERT_LOADS \
            and loads[1] <= IF_CONVERT_LOADS + IF_ELSE_SECOND_EXTRA \
            and max(_longest_chain(side, table) for side in (then, other)) <= IF_CONVERT_CHAIN_LOADED else None
    return e if stores[0] <= IF_CONVERT_STORES and stores[1] <= IF_CONVERT_STORES + IF_ELSE_SECOND_EXTRA \
        and loads[0] <= IF_CONVERT_LOADS and loads[1] <= IF_CONVERT_LOADS + IF_ELSE_SECOND_EXTRA \
        and sum(rest) <= IF_CONVERT_MAX \
        and max(_longest_chain(side, table) for side in (then, other)) <= IF_CONVERT_CHAIN else None


def _if_else_kind(ins):
    """What an if/else's side holds, for its one-kind rule: loads, stores, or other work."""
    if ins.opcode in ("ld", "ldu"):
        return "load"
    return "store" if ins.opcode == "st" else ("copy" if ins.opcode == "cp" else "other")


def _producer(ins):
    """(suffixes of the fused mad, multiplier operands, add widths) when `ins`
    is a product an add can absorb: mul.wide.{u,s}32 (-> IMAD.WIDE), mul.lo
    on 32 bits (-> IMAD) or shl.b32 by an immediate (-> LEA; here a
    mad.lo.u32 by 2^k, the same bits)."""
    if ins.opcode not in ("mul", "shl") or len(ins.operands) != 3 or ins.guard is not None \
            or ins.operands[0].kind != "reg" or ins.operands[0].reg is None \
            or any(o.kind not in ("reg", "imm") for o in ins.operands[1:3]):
        return None
    ty = ins.suffixes[-1]
    if ins.opcode == "mul" and "wide" in ins.suffixes and ty in ("u32", "s32"):
        return ["wide", ty], ins.operands[1:3], ("s64", "u64")
    if ins.opcode == "mul" and "lo" in ins.suffixes and ty in ("u32", "s32"):
        return ["lo", ty], ins.operands[1:3], ("s32", "u32")
    if ins.opcode == "shl" and ty == "b32" and ins.operands[2].kind == "imm" and 0 <= int(ins.operands[2].value) < 32:
        return ["lo", "u32"], [ins.operands[1], replace(ins.operands[2], value=1 << int(ins.operands[2].value))], \
            ("s32", "u32")
    return None


def fuse_high_word_shifts(fn, table):
    """A division by a constant, as nvcc writes it: `mul.wide.u32 x, a, M;
    shr.u64 y, x, c; cvt.u32.u64 q, y` with 32 <= c < 64 is two SASS
    instructions, IMAD.WIDE.U32 and a shift of the high word
    (`SHF.R.U32.HI R14, RZ, 0x7, R15` for c = 39: ldgsts_flight.s's `% 192`,
    traces/h200/micro/micro_ldgsts_flight.sass); the 64-bit shift is not two
    halves and the cvt is no instruction. Rewritten, when x and y have no
    other reader, as `mul.hi.u32 h, a, M; shr.u32 q, h, c - 32` (the same
    bits: the product's high word shifted). Returns the instructions removed."""
    from .codes import K_R32, T_U32
    instrs = fn.instrs
    info = Defs(instrs, fn.labels, table)

    def only_reader(reg, k):
        uses = info.uses.get(_key(reg), [])
        return uses[0] if len(uses) == 1 and uses[0] > k and len(info.defs.get(_key(reg), [])) == 1 else None
    dead, new = set(), {}
    for k, mul in enumerate(instrs):
        if mul.opcode != "mul" or mul.suffixes != ["wide", "u32"] or mul.guard is not None \
                or mul.operands[0].kind != "reg" or any(o.kind not in ("reg", "imm") for o in mul.operands[1:]):
            continue
        s = only_reader(mul.operands[0].reg, k)
        if s is None or s in new:
            continue
        shr = instrs[s]
        if shr.opcode != "shr" or shr.suffixes not in (["u64"], ["b64"]) or shr.guard is not None \
                or shr.operands[2].kind != "imm" or not 32 <= int(shr.operands[2].value) < 64 \
                or shr.operands[1].kind != "reg" or _key(shr.operands[1].reg) != _key(mul.operands[0].reg):
            continue
        c = only_reader(shr.operands[0].reg, s)
        if c is None or c in new:
            continue
        cvt = instrs[c]
        if cvt.opcode != "cvt" or cvt.suffixes not in (["u32", "u64"], ["s32", "u64"]) or cvt.guard is not None:
            continue
        ho = Operand("reg", mul.line, mul.col, reg=_new_reg(fn, f"%__hi{fn.nregs[K_R32]}", K_R32, T_U32))
        new[k] = Instr("mul", ["hi", "u32"], [ho, mul.operands[1], mul.operands[2]], line=mul.line, col=mul.col,
                       text=mul.text)
        new[c] = Instr("shr", ["u32"], [cvt.operands[0], ho, replace(shr.operands[2], value=int(shr.operands[2].value) - 32)],
                       line=cvt.line, col=cvt.col, text=cvt.text)
        dead.add(s)
    if dead:
        _replace(fn, dead, new, lambda ins: ins)
    return len(dead)


def fuse_multiply_add(fn, table):
    """A product whose every reader is an integer add becomes part of each add
    (see the module doc): `mul.wide.u32 t, a, b` + `add.s64 d, x, t` ->
    `mad.wide.u32 d, a, b, x`; `mul.lo.s32`/`shl.b32` + `add.s32` ->
    `mad.lo`; `mul.lo` by a constant + `sub d, x, t` -> `mad.lo d, a, -C, x`.
    Returns the number of products removed."""
    instrs = fn.instrs
    info = Defs(instrs, fn.labels, table)
    dead, new = set(), {}
    for k, ins in enumerate(instrs):
        prod = _producer(ins)
        if prod is None:
            continue
        suffixes, factors, widths = prod
        t = ins.operands[0].reg
        if len(info.defs.get(_key(t), [])) != 1:
            continue
        fused = {}
        for u in info.uses.get(_key(t), []):
            add = instrs[u]
            if add.opcode not in ("add", "sub") or add.suffixes != [add.suffixes[-1]] \
                    or add.suffixes[-1] not in widths or add.guard is not None or u <= k or u in new or u in fused:
                break
            srcs = add.operands[1:]
            tk = [j for j, o in enumerate(srcs) if o.kind == "reg" and o.reg is not None and _key(o.reg) == _key(t)]
            if len(tk) != 1 or srcs[1 - tk[0]].kind not in ("reg", "imm"):
                break
            if not all(o.kind == "imm" or info.invariant(o.reg) or info.same_between(o.reg, k, u)
                       or info.fixed_before(o.reg, k, fn.labels) for o in ins.operands[1:3]):
                break
            a, b = factors
            if add.opcode == "sub":
                # x - a*C is x + a*(-C): IMAD with the constant negated (the remainder after a
                # division by a constant, `IMAD R14, R14, -0x1800, R7`); only for the subtrahend
                # of a 32-bit product with an immediate factor
                if tk[0] != 1 or suffixes[0] != "lo" or not (a.kind == "imm" or b.kind == "imm"):
                    break
                a, b = (a, replace(b, value=-int(b.value))) if b.kind == "imm" else (replace(a, value=-int(a.value)), b)
            fused[u] = Instr("mad", list(suffixes), [add.operands[0], a, b, srcs[1 - tk[0]]],
                             line=add.line, col=add.col, text=add.text)
        else:
            if fused:
                dead.add(k)
                new.update(fused)
    if dead:
        _replace(fn, dead, new, lambda ins: ins)
    return len(dead)


def _replace(fn, dead, new, each):
    """Drop the instructions at `dead`, substitute `new[k]`, map the rest
    through `each`; labels follow their instruction (or the next one kept)."""
    s = Splice(fn)
    for k, ins in s:
        if k not in dead:
            s.out.append(each(new.get(k, ins)))
    s.close()


def expand_division(fn, table):
    """`div.u32`/`rem.u32` by a register: the SASS sequence ptxas emits (read
    from strided_copy's and divergence's SASS, CUDA 13.0 sm_90), 18 and 17
    instructions: a float reciprocal of the divisor rounded up (I2F.U32.RP,
    MUFU.RCP), scaled by 2^32 less 2 ulps (IADD3 0xffffffe) and truncated
    (F2I), one Newton step (IMAD, IMAD.HI), the quotient estimate
    (IMAD.HI.U32), the remainder and two corrections, and a select for a zero
    divisor. The estimate is never above the true quotient and at most 2 below
    it, so the result is the exact quotient/remainder (tests/test_lower.py
    checks it against numpy). For a zero divisor the select gives simgpu's own
    value (all ones for div, the dividend for rem; the H200's SASS gives all
    ones for both). A division by an immediate (ptxas: a multiply-high by a
    magic constant) is left as one instruction.

    `div.s32`/`rem.s32` are the same on the operands' magnitudes (IABS) with
    the sign put back at the end: 25 instructions, as the SASS of tests/cuda/
    tensor.cu's `warp / tiles_n` (traces/h200/tensor/tensor.sass: IABS x3,
    I2F.RP, MUFU.RCP, ..., LOP3 0x3c of the signs, ISETP.GE, @!P IMAD.MOV -q,
    @!P LOP3 for a zero divisor)."""
    from .codes import K_PRED, K_R32, T_B32, T_PRED
    s, done = Splice(fn), 0
    out = s.out
    for k, ins in s:
        if ins.opcode not in ("div", "rem") or ins.suffixes not in (["u32"], ["s32"]) or ins.guard is not None \
                or ins.operands[2].kind != "reg" or ins.operands[1].kind not in ("reg", "imm"):
            out.append(ins)
            continue
        done += 1
        L, Cc = ins.line, ins.col
        signed = ins.suffixes == ["s32"]

        def reg(kind=K_R32, ty=T_B32, tag="t"):
            return Operand("reg", L, Cc, reg=_new_reg(fn, f"%__div{done}{tag}{fn.nregs[kind]}", kind, ty))

        def imm(v):
            return Operand("imm", L, Cc, value=v)

        def I(op, sfx, *ops, guard=None, neg=False):
            out.append(Instr(op, list(sfx), list(ops), guard=guard.reg if guard else None, guard_neg=neg,
                             line=L, col=Cc, text=ins.text))
        dst, x0, d0 = ins.operands
        f, g, q0, z, t, q1, q, nq, r = (reg() for _ in range(9))
        nz, p, p2 = (reg(K_PRED, T_PRED, "p") for _ in range(3))
        x, d = x0, d0
        if signed:                                    # |x|, |d| (IABS, twice for the divisor as ptxas)
            x, d, d2 = reg(), reg(), reg()
            I("abs", ["s32"], d, d0)
            I("abs", ["s32"], d2, d0)
            I("abs", ["s32"], x, x0)
        I("cvt", ["rp", "f32", "u32"], f, d)
        I("setp", ["ne", "u32"], nz, d, imm(0))
        I("rcp", ["approx", "ftz", "f32"], f, f)
        I("add", ["u32"], g, f, imm(0x0FFFFFFE))
        I("cvt", ["rzi", "ftz", "u32", "f32"], q0, g)
        I("mov", ["b32"], z, imm(0))                  # IMAD.HI's zero low addend word
        I("neg", ["s32"], t, q0)
        I("mul", ["lo", "u32"], t, t, d)
        I("mad", ["hi", "u32"], q1, q0, t, q0)
        I("mul", ["hi", "u32"], q, q1, x)
        I("neg", ["s32"], nq, q)
        I("mad", ["lo", "u32"], r, nq, d, x)
        I("setp", ["ge", "u32"], p, r, d)
        I("sub", ["u32"], r, r, d, guard=p)
        if ins.opcode == "div":
            I("add", ["u32"], q, q, imm(1), guard=p)
        I("setp", ["ge", "u32"], p2, r, d)
        res, zero = (q, imm(0xFFFFFFFF)) if ins.opcode == "div" else (r, x0)
        if ins.opcode == "div":
            I("add", ["u32"], q, q, imm(1), guard=p2)
        else:
            I("sub", ["u32"], r, r, d, guard=p2)
        if signed:                                    # the sign: the operands' (div) or the dividend's (rem)
            pos, sgn = reg(K_PRED, T_PRED, "p"), x0
            if ins.opcode == "div":
                sgn = reg()
                I("xor", ["b32"], sgn, x0, d0)
            I("setp", ["ge", "s32"], pos, sgn, imm(0))
            I("neg", ["s32"], res, res, guard=pos, neg=True)
        I("selp", ["b32"], dst, res, zero, Operand("reg", L, Cc, reg=nz.reg))
    s.close()
    return done


# What ptxas makes of each special function without `.ftz` (traces/ptxas/mufu_forms.sass: one
# kernel per form, ptxas 13.0.88 sm_90; the same sequences in softmax_naive's, layernorm_warp's and
# nbody_smem's SASS): the range reduction MUFU needs for inputs or results below 2^-126.
#   ex2, rsqrt, sqrt, lg2 (4): FSETP.GEU p, |x|, limit; @!p FMUL x, x, 2^k; MUFU r, x; @!p FMUL/FADD r, r, c
#   rcp (8): HFMA2.MMA c, 2^-2 as halves; FSETP.GEU p, |x|, 2^-126; FSETP.GT q, |x|, 2^126;
#            FSEL s, c, 1, !p; FSEL s, s, 0.25, !q; FMUL x, x, s; MUFU.RCP r, x; FMUL r, s, r
#   sin, cos, with or without .ftz (2): FMUL.RZ x, x, 1/(2 pi); MUFU.SIN/COS r, x
# With .ftz the others are the MUFU alone (tanh always).
RANGE_REDUCED = ("ex2", "rsqrt", "sqrt", "lg2")
SPECIAL_SASS = {**{op: 4 for op in RANGE_REDUCED}, "rcp": 8, "sin": 2, "cos": 2}


def expand_shared_float_atomics(fn, table):
    """A float add on shared memory (`atom.shared.add.f32`, or `red`) is a
    compare-and-swap loop in ptxas's SASS for sm_90, which has no ATOMS for
    floats: `LDS R2, [R8]; FADD R3, R5, R2; ATOMS.CAST.SPIN R3, [R8], R2, R3;
    ISETP.EQ.U32 P1, R3, 0x1; @!P1 BRA` back to the LDS (weighted_hist,
    traces/ptxas/sm90_holdout8.sass). A lane goes round again while another
    lane or warp wrote the word between its load and its swap, so lanes of a
    warp on one word take a pass each (Nsight's shared loads on the H100:
    317,497 wavefronts where one a warp would be 10,296; traces/h100/
    holdout8.json). Here: `ld.shared` into the atom's destination (the old
    value, where it has one), `add.f32`, `atom.shared.cas.b32` marked as the
    SASS's CAST.SPIN (fused "spin": it writes 1 where it stored, 0 where it
    did not, and of the lanes on one bank only one tries, the others failing
    at once, exec/warp.py atomic_op), `setp.ne` of that against 1, and the
    branch back, five instructions a pass as in the SASS; the loop's label is
    `$__casN`. Other float atomics on shared memory (f64, min/max) are not in
    any SASS here and stay one instruction. Returns the atomics expanded."""
    from .codes import K_PRED, T_F32, T_PRED, T_U32
    s, done, loops = Splice(fn), 0, {}
    out = s.out
    for k, ins in s:
        red = ins.opcode == "red"
        if ins.opcode not in ("atom", "red") or "shared" not in ins.suffixes or "add" not in ins.suffixes \
                or ins.suffixes[-1] != "f32" or ins.guard is not None:
            out.append(ins)
            continue
        done += 1
        L, Cc = ins.line, ins.col

        def reg(kind=K_R32, ty=T_F32):
            return Operand("reg", L, Cc, reg=_new_reg(fn, f"%__cas{done}_{fn.nregs[kind]}", kind, ty))

        def I(op, sfx, *ops, guard=None):
            out.append(Instr(op, list(sfx), list(ops), guard=guard.reg if guard else None, line=L, col=Cc,
                             text=ins.text))
        addr, value = (ins.operands[0], ins.operands[1]) if red else (ins.operands[1], ins.operands[2])
        old = reg() if red else ins.operands[0]
        new, stored, retry = reg(), reg(ty=T_U32), reg(K_PRED, T_PRED)
        loops[f"$__cas{done}"] = len(out)
        I("ld", ["shared", "f32"], old, addr)
        I("add", ["f32"], new, old, value)
        I("atom", ["shared", "cas", "b32"], stored, addr, old, new)
        out[-1].fused = "spin"
        I("setp", ["ne", "u32"], retry, stored, Operand("imm", L, Cc, value=1))
        I("bra", [], Operand("sym", L, Cc, value=f"$__cas{done}"), guard=retry)
    s.close()
    fn.labels.update(loops)
    return done


def extract_vector_bytes(fn, table):
    """A vector load of bytes (`ld.v2/.v4` of .u8/.s8/.b8) is one 32-bit load
    in SASS, and each byte read from it a PRMT of that word: rgba_to_gray's
    `ld.global.nc.v4.u8 {%rs1, %rs2, %rs3, %rs4}` is `LDG.E.CONSTANT R2` and
    `PRMT R6, R2, 0x7771, RZ` ... for the three channels it converts, none for
    the fourth (traces/ptxas/sm90_holdout8.sass). Here: the load writes new
    registers and a `mov.b16` after it gives each element that is read its
    register, one ALU instruction a byte as the PRMT. Returns the moves added."""
    instrs = fn.instrs
    info = Defs(instrs, fn.labels, table)
    s, done = Splice(fn), 0
    out = s.out
    for k, ins in s:
        vec = ins.operands[0] if ins.operands else None
        if ins.opcode != "ld" or not any(v in ins.suffixes for v in ("v2", "v4")) \
                or ins.suffixes[-1] not in ("u8", "s8", "b8") or vec is None or vec.kind != "vec":
            out.append(ins)
            continue
        elems, moves = [], []
        for e in vec.elems:
            if e.kind == "reg" and e.reg is not None and info.uses.get(_key(e.reg)):
                t = _new_reg(fn, f"%__prmt{fn.nregs[e.reg.kind]}", e.reg.kind, e.reg.type)
                elems.append(replace(e, reg=t))
                moves.append(Instr("mov", ["b16"], [e, replace(e, reg=t)], guard=ins.guard, guard_neg=ins.guard_neg,
                                   line=ins.line, col=ins.col, text=ins.text))
            else:
                elems.append(e)
        out.append(replace(ins, operands=[replace(vec, elems=elems)] + ins.operands[1:]))
        out.extend(moves)
        done += len(moves)
    s.close()
    return done


def special_form(ins):
    """The SPECIAL_SASS entry `ins` is (its opcode), or None: an `.approx.f32` special function
    without .ftz (sin and cos with it too), unguarded, of a register."""
    sx = ins.suffixes
    if ins.opcode not in SPECIAL_SASS or "approx" not in sx or "f32" not in sx or ins.guard is not None \
            or len(ins.operands) != 2 or ins.operands[1].kind != "reg" or ins.operands[1].reg is None:
        return None
    if "ftz" in sx and ins.opcode not in ("sin", "cos"):
        return None
    return ins.opcode


def expand_special_functions(fn, table):
    """Each special function is as many instructions as ptxas's SASS has (SPECIAL_SASS), with the
    same dependences: the guarded multiplications wait for the compares, MUFU for the scaled input,
    the result for MUFU. The range-reduced four scale x in place under the guard, as the SASS does
    (a register of its own would be unwritten where the guard is off); rcp, sin and cos scale into
    a new register. Every inserted multiplication is by exactly 1.0 (the selects pick 1.0 on
    both sides), so values stay simgpu's function of x bit for bit: a multiplication by 1 is the
    identity on every non-NaN value, and the compares' results only choose between 1.0 and 1.0.
    Returns the number expanded."""
    from .codes import K_PRED, K_R32, T_F32, T_PRED
    from .ieee import FIXUP_BOUND, bounded_below
    s, done = Splice(fn), 0
    out = s.out

    def new(kind, ty):
        return _new_reg(fn, f"%__sfu{kind}_{fn.nregs[kind]}", kind, ty)

    for k, ins in s:
        op = special_form(ins)
        if op is None or op in FIXUP_BOUND and bounded_below(fn, k):
            out.append(ins)
            continue
        done += 1
        L, Cc, T = ins.line, ins.col, ins.text
        d, x = ins.operands
        one = Operand("imm", L, Cc, value=1.0, is_float_lit=True)

        def emit(opcode, suffixes, operands, guard=None, guard_neg=False):
            out.append(Instr(opcode, suffixes, operands, guard=guard, guard_neg=guard_neg, line=L, col=Cc, text=T))
        if op in ("sin", "cos"):                # the scaled input in a register of its own
            t = Operand("reg", L, Cc, reg=new(K_R32, T_F32))
            emit("mul", ["f32"], [t, x, one])
            out.append(replace(ins, operands=[d, t]))
            continue
        if op == "rcp":
            c, sel, t = (Operand("reg", L, Cc, reg=new(K_R32, T_F32)) for _ in range(3))
            p, q = (Operand("reg", L, Cc, reg=new(K_PRED, T_PRED)) for _ in range(2))
            emit("mov", ["f32"], [c, one])
            emit("setp", ["geu", "f32"], [p, x, Operand("imm", L, Cc, value=2.0 ** -126, is_float_lit=True)])
            emit("setp", ["gt", "f32"], [q, x, Operand("imm", L, Cc, value=2.0 ** 126, is_float_lit=True)])
            emit("selp", ["f32"], [sel, c, one, p])
            emit("selp", ["f32"], [sel, sel, one, q])
            emit("mul", ["f32"], [t, x, sel])
            out.append(replace(ins, operands=[d, t]))
            emit("mul", ["f32"], [d, sel, d])
            continue
        p = new(K_PRED, T_PRED)
        po = Operand("reg", L, Cc, reg=p)
        limit = -126.0 if op == "ex2" else 2.0 ** -126
        emit("setp", ["geu", "f32"], [po, x, Operand("imm", L, Cc, value=limit, is_float_lit=True)])
        emit("mul", ["f32"], [x, x, one], guard=p, guard_neg=True)
        out.append(ins)
        emit("mul", ["f32"], [d, d, one], guard=p, guard_neg=True)
    s.close()
    return done


def expand_tf32(fn, table):
    """`cvt.rna.tf32.f32 d, x` as ptxas compiles it (traces/h200/tensor/tensor.sass): where
    only mma reads d, `FSETP.GEU p, |x|, +INF; @!p IADD d, x, 0x1000` -- the 13 low bits
    stay as they come, mma ignores them -- issued here as `testp.finite` and the cvt itself
    (the same bits where they count); where anything else reads d, the four instructions of
    tf32_round: `VIADD t, x, 0x1000; FSETP; SEL t, t, x, p; LOP3 d, t, 0xffffe000`, issued
    as they are (add, testp, selp, and: the H200's bits, exec/alu.py tf32_bits). .rn and .rz
    are one F2FP.TF32 each, as the cvt is. Returns the count."""
    from .codes import K_PRED, K_R32, T_B32, T_PRED
    readers = {}                     # register -> what reads it: "A/B" (an mma's multiplicand) or other
    for ins in fn.instrs:
        ab = {_key(e.reg) for o in ins.operands[1:3] for e in (o.elems or [o]) if e.kind == "reg"} \
            if ins.opcode == "mma" else set()
        for r in defs_uses(ins, table)[1]:
            readers.setdefault(_key(r), set()).add("A/B" if _key(r) in ab else "other")
    s, done = Splice(fn), 0
    out = s.out
    for k, ins in s:
        if ins.opcode != "cvt" or ins.suffixes != ["rna", "tf32", "f32"] or ins.guard is not None \
                or ins.operands[1].kind != "reg":
            out.append(ins)
            continue
        done += 1
        L, Cc = ins.line, ins.col
        p = Operand("reg", L, Cc, reg=_new_reg(fn, f"%__tf32p{done}", K_PRED, T_PRED))
        d, x = ins.operands
        if readers.get(_key(d.reg), set()) <= {"A/B"}:
            out.append(Instr("testp", ["finite", "f32"], [p, x], line=L, col=Cc, text=ins.text))
            out.append(ins)
            continue
        t = Operand("reg", L, Cc, reg=_new_reg(fn, f"%__tf32t{done}", K_R32, T_B32))
        for op, sfx, ops, in (("add", ["u32"], [t, x, Operand("imm", L, Cc, value=0x1000)]),
                              ("testp", ["finite", "f32"], [p, x]),
                              ("selp", ["b32"], [t, t, x, p]),
                              ("and", ["b32"], [d, t, Operand("imm", L, Cc, value=0xFFFFE000)])):
            out.append(Instr(op, sfx, ops, line=L, col=Cc, text=ins.text))
    s.close()
    return done


WIDE_INT = ("s64", "u64", "b64")


RED_OPS = {"add", "min", "max", "and", "or", "xor", "inc", "dec"}


def atom_to_red(fn, table):
    """`atom.global.OP.T d, [a], b` whose result d nothing reads becomes
    `red.global.OP.T [a], b`: ptxas compiles an atomic whose old value is
    unused to RED, the reduction that returns nothing (reduce_sum's
    `atomicAdd(out, v)`: RED.E.ADD.F32.FTZ.RN.STRONG.GPU in its SASS), so the
    warp neither waits for the old value nor holds a register for it. Only
    the operations `red` has (no `exch`, `cas`), in global or generic
    space (shared atomics stay ATOMS). Returns the count."""
    info = Defs(fn.instrs, fn.labels, table)
    new = {}
    for k, ins in enumerate(fn.instrs):
        if ins.opcode != "atom" or len(ins.operands) != 3 or ins.operands[0].kind != "reg" \
                or any(sp in ins.suffixes for sp in ("shared", "local", "param", "const")) \
                or not RED_OPS.intersection(ins.suffixes) \
                or [u for u in info.uses.get(_key(ins.operands[0].reg), []) if u != k]:   # (a guard reads it too)
            continue
        new[k] = replace(ins, opcode="red", operands=ins.operands[1:])
    if new:
        _replace(fn, set(), new, lambda ins: ins)
    return len(new)


COPY_MAX_ACCESSES = 16      # a loop with this many memory instructions copies no pointer pair (read, not fitted:
                            # tools/pointer_copy_figures.py splits ptxas's loops there, at its 16-copy passes)


def copy_stepped_pointers(fn, table):
    """A loop that steps a pointer it addresses memory with by a constant
    (`add.s64 p, p, 16`: IADD3 + IADD3.X) copies the pointer's register pair
    each pass in ptxas's SASS, where the loop has fewer than 16 memory
    instructions: the step writes a new pair and two MOVs put it back where
    the next pass's accesses read it (`IADD3 R12, P1, R2, 0x10; IADD3.X R13,
    RZ, R3, RZ, P1; MOV R2, R12; MOV R3, R13`). `tools/pointer_copy_figures.py`
    reads every such loop of programs/ and the micros
    (traces/ptxas/sm90_programs.sass, traces/h200/micro/*.sass): of 67 with one
    pointer stepped, 56 copy the pair, 8 one half, 3 nothing (ragged_rows.s's
    rows_gather's 4-copy loop, attn_softmax's and softmax_online's first
    loops); of 17 with two, 14 copy both pairs. ptxas's 16-copy passes mostly
    copy nothing (34 of 44 with one pointer), so loops with 16 memory
    instructions or more, and the passes of an unrolled loop, are left
    alone. Modeled as `mov.b64 p, p` after the step (the next pass's
    addresses wait for it) and a `mov.b64` into a register nothing reads.
    Only innermost loops. Returns the number of instructions added."""
    instrs, labels = fn.instrs, fn.labels
    unrolled = {k for name, k in labels.items() if name.startswith("__unroll") and name.endswith("_body")}
    loops = backward_branches(instrs, labels)
    after = {}
    for top, b in loops:
        if top in unrolled or any(top <= t <= b2 <= b and (t, b2) != (top, b) for t, b2 in loops):
            continue
        if sum(1 for k in range(top, b + 1) if instrs[k].opcode in ("ld", "st")
               and not {"param", "const"}.intersection(instrs[k].suffixes)) >= COPY_MAX_ACCESSES:
            continue
        defs, bases = {}, set()
        for k in range(top, b + 1):
            ins = instrs[k]
            for r in defs_uses(ins, table)[0]:
                defs.setdefault(_key(r), []).append(k)
            if ins.opcode in MEMORY_OPS:
                for o in ins.operands:
                    if o.kind == "addr" and o.base is not None and not isinstance(o.base, str):
                        bases.add(_key(o.base))
        for key in bases:
            ks = defs.get(key, [])
            if len(ks) != 1:
                continue
            ins = instrs[ks[0]]
            if ins.opcode in ("add", "sub") and ins.suffixes in (["s64"], ["u64"]) and \
                    _key(ins.operands[1].reg) == key and ins.operands[2].kind == "imm":
                after.setdefault(ks[0], []).append(ins)
    if not after:
        return 0
    from .codes import K_R64, T_B64
    s, added = Splice(fn), 0
    out = s.out
    for k, ins in s:
        out.append(ins)
        for step in after.get(k, ()):
            d = step.operands[0]
            sink = _new_reg(fn, f"%__pair{added}", K_R64, T_B64)
            for dst in (d, Operand("reg", d.line, d.col, reg=sink)):
                out.append(replace(step, opcode="mov", suffixes=["b64"], operands=[dst, replace(d)]))
                added += 1
    s.close()
    return added


def reload_parameters(fn, table):
    """A loop that holds another loop reads the kernel parameters it uses
    (outside its inner loops) from the constant bank again each pass in
    ptxas's SASS, instead of keeping them in registers across the inner
    loop: `LDC.64 R2, c[0x0][0x210]` before the IMAD.WIDE of an address,
    `ULDC UR8, c[0x0][0x228]` before the ISETP of the loop's bound. All six
    such loops in the committed SASS do, each parameter once a pass before
    its first reader (weighted_hist's grid-stride loop round its
    compare-and-swap loop: bin, w and n; nbody_smem's tile loop: pos and n;
    attention_flash's tile loop: its two scalars; matmul_cublas's k loop:
    K; wmma_smem's; traces/ptxas/sm90_*.sass), where no loop without an
    inner one reloads a parameter unless its registers run short (wmma_gemm,
    spmv_ell). Here: the parameter's `ld.param` again, into its register,
    before the first instruction of the loop (outside inner loops) that reads
    it. Returns the loads added."""
    instrs, labels = fn.instrs, fn.labels
    loops = backward_branches(instrs, labels)
    loaded, writes = {}, {}
    for k, ins in enumerate(instrs):
        for r in defs_uses(ins, table)[0]:
            writes[_key(r)] = writes.get(_key(r), 0) + 1
        if ins.opcode == "ld" and "param" in ins.suffixes and ins.guard is None and ins.operands[0].kind == "reg":
            loaded[_key(ins.operands[0].reg)] = k
    before = {}
    for top, b in loops:
        inner = [(t, b2) for t, b2 in loops if top <= t and b2 <= b and (t, b2) != (top, b)]
        if not inner:
            continue
        seen = set()
        for k in range(top, b + 1):
            if any(t <= k <= b2 for t, b2 in inner):
                continue
            for r in defs_uses(instrs[k], table)[1]:
                key = _key(r)
                at = loaded.get(key)
                if at is None or writes.get(key) != 1 or top <= at <= b or key in seen:
                    continue
                seen.add(key)
                before.setdefault(k, []).append(instrs[at])
    if not before:
        return 0
    s, added = Splice(fn), 0
    for k, ins in s:
        for load in before.get(k, ()):
            s.out.append(replace(load))
            added += 1
        s.out.append(ins)
    s.close()
    return added


def split_wide_integer_ops(fn, table):
    """64-bit integer adds, subtracts and compares are two SASS instructions,
    one per 32-bit half, the second taking the first's carry: `add.s64` is
    `IADD3 lo, P, ...; IADD3.X hi, ..., P` (or IMAD.X), `setp.*.u64` is
    `ISETP lo; ISETP.EX hi` (matmul_naive's and softmax_naive's pointer
    steps, attention_naive's, matmul_tiled's; sm_90 has no 64-bit integer
    adder). A `cvt.s64.s32` (or `.u64.u32`) of a register written more than
    once is `SHF.R.S32.HI hi, RZ, 0x1f, r` + `MOV lo, r` (the register goes on
    changing, the pair keeps its own copy: ragged_rows.s's rows_pick; one
    written once is the SHF alone, rows_sum's row). `shl.b64` by a constant is `SHF.L.U32` + `SHF.L.U64.HI`
    (softmax_naive's `off`), except one whose only reader is a 64-bit add:
    ptxas makes the pair `LEA lo, P; LEA.HI.X hi, P` (attention_naive's
    attn_pv), two instructions for the two, so neither is split. An add fused
    into a `mad.wide` (IMAD.WIDE) or folded into an address offset
    (fold_steps) has no instruction of its own and is not here.

    The second half is issued as an instruction that keeps the value and
    depends on the first: `add d, d, 0` after the add, `and.pred p, p, p`
    after the compare, `or.b64 d, d, 0` after the shift or the `cvt`, under the same
    guard. Returns the number of instructions added."""
    instrs = fn.instrs
    info = Defs(instrs, fn.labels, table)
    lea = set()
    for k, ins in enumerate(instrs):
        if ins.opcode == "shl" and ins.suffixes == ["b64"] and ins.operands[2].kind == "imm":
            t = _key(ins.operands[0].reg)
            readers = info.uses.get(t, [])
            if len(readers) == 1 and len(info.defs.get(t, [])) == 1 and instrs[readers[0]].opcode == "add" \
                    and instrs[readers[0]].suffixes[-1] in WIDE_INT:
                lea.update((k, readers[0]))
    s, added = Splice(fn), 0
    out = s.out
    for k, ins in s:
        out.append(ins)
        widen = ins.opcode == "cvt" and ins.suffixes[:1] in (["s64"], ["u64"]) and ins.suffixes[-1] in ("s32", "u32") \
            and ins.operands[1].kind == "reg" and len(info.defs.get(_key(ins.operands[1].reg), [])) > 1
        if k in lea or len(ins.operands) < (2 if widen else 3) or ins.operands[0].kind != "reg" \
                or ins.operands[0].reg is None:
            continue
        d, L, Cc, ty = ins.operands[0], ins.line, ins.col, ins.suffixes[-1] if ins.suffixes else None
        zero = Operand("imm", L, Cc, value=0)
        if ins.opcode in ("add", "sub") and ins.suffixes in (["s64"], ["u64"]):
            second = Instr("add", [ty], [d, d, zero])
        elif ins.opcode == "setp" and ty in WIDE_INT and d.pair is None:
            second = Instr("and", ["pred"], [d, d, d])
        elif ins.opcode == "shl" and ins.suffixes == ["b64"] and ins.operands[2].kind == "imm":
            second = Instr("or", ["b64"], [d, d, zero])
        elif widen:
            second = Instr("or", ["b64"], [d, d, zero])
        else:
            continue
        out.append(replace(second, guard=ins.guard, guard_neg=ins.guard_neg, line=L, col=Cc, text=ins.text))
        added += 1
    s.close()
    return added


def add_prologue(fn, table):
    """The instructions every sm_90 kernel starts with in SASS, which the PTX
    does not name: `LDC R1, c[0x0][0x28]` (the stack pointer, first in every
    kernel of programs/) and, in a kernel that reads or writes global memory,
    `ULDC.64 UR4, c[0x0][0x208]` (the memory descriptor its LDG/STG name).
    Each is modeled as a `mov` of a constant to a register nothing reads: an
    issue slot per warp, no result. Returns how many were added."""
    from .codes import K_R64, T_B64
    first = fn.instrs[0] if fn.instrs else Instr("ret", [], [])
    globals_ = any(ins.opcode in MEMORY_OPS and
                   not any(sp in ins.suffixes for sp in ("shared", "local", "param", "const"))
                   for ins in fn.instrs)
    pro = [_issue_slot(fn, first, "%__sp")] + ([_issue_slot(fn, first, "%__desc", K_R64, T_B64, "b64")]
                                               if globals_ else [])
    fn.instrs = pro + fn.instrs
    fn.labels = {name: k + len(pro) for name, k in fn.labels.items()}
    return len(pro)


ASYNC_PAD = 3


def _is_copy(ins):
    return ins.opcode == "cp" and "async" in ins.suffixes and not any(
        x in ins.suffixes for x in ("commit_group", "wait_group", "wait_all"))


def _orders_shared(ins):
    """An instruction after which ptxas pads the next LDGSTS: a shared access, a generic one
    (it may be shared), a block barrier."""
    if ins.opcode in MEMORY_OPS:
        return not any(sp in ins.suffixes for sp in ("global", "local", "param", "const"))
    return ins.opcode in ("bar", "barrier")


def pad_async_copies(fn, table):
    """ptxas puts ASYNC_PAD never-executed shared loads (`@!PT LDS RZ, [RZ]`)
    before an LDGSTS unless the latest shared access before it in its basic
    block is an LDGSTS: a shared load or store, a generic access or a block
    barrier between two copies brings them back, a global access, a
    commit_group or a wait_group does not (tools/probe_ptxas_async_pad.py,
    traces/ptxas/async_pad.json, 26 kernels compiled here; the SASS of
    traces/h200/half_warp/async_copy.sass, traces/h200/mio_mix.json and the
    held-out matmul_cp_async, traces/ptxas/sm90_holdout6.sass). Predicated
    off, each still takes the MIO and a cycle of the SM's data stage as a
    load does (traces/h200/mio_mix.json: a warp alternating cp.async and
    LDS passes 5.3 requests into the L1TEX a pair, 1 + 1 + 3 of them these
    loads): a shared load guarded by a predicate nothing sets. Returns how
    many were added."""
    from .codes import K_PRED, T_PRED
    blocks = _block_ids(fn.instrs, fn.labels)
    never = None
    s, added, block, last = Splice(fn), 0, None, None
    out = s.out
    for k, ins in s:
        if blocks[k] != block:
            block, last = blocks[k], None
        if _is_copy(ins):
            if last != "copy":
                if never is None:
                    never = _new_reg(fn, "%__never", K_PRED, T_PRED)
                for _ in range(ASYNC_PAD):
                    pad = _new_reg(fn, f"%__pad{fn.nregs[K_R32]}", K_R32, T_B32)
                    out.append(Instr("ld", ["shared", "b32"],
                                     [Operand("reg", ins.line, ins.col, reg=pad), Operand("addr", ins.line, ins.col)],
                                     guard=never, line=ins.line, col=ins.col, text=ins.text))
                    added += 1
            last = "copy"
        elif _orders_shared(ins):
            last = "other"
        out.append(ins)
    s.close()
    return added


def lower_ptxas(fn, table, module=None):
    """The whole `ptxas` lowering of one function (after inlining): removals,
    the straight code's global loads moved up, then loop unrolling
    (unroll.py).
    Returns {pass: count}."""
    from .unroll import hoist_global_loads, schedule_loop_blocks, unroll_loops
    done = {"warp syncs": drop_full_warp_syncs(fn, table), "local addresses": narrow_local_addresses(fn, table),
            "moves": propagate_moves(fn, table), "address offsets": fold_address_offsets(fn, table),
            "half constants": fold_half_constants(fn, table),
            "half unpacks": fold_half_unpacks(fn, table),
            "predicate copies": fold_predicate_copies(fn, table), "division": expand_division(fn, table),
            "shared float atomics": expand_shared_float_atomics(fn, table),
            "vector bytes": extract_vector_bytes(fn, table),
            "high-word shifts": fuse_high_word_shifts(fn, table), "special functions": expand_special_functions(fn, table),
            "tf32": expand_tf32(fn, table), "cvta": drop_cvta(fn, table), "multiply-add": fuse_multiply_add(fn, table),
            "bit tests": fuse_bit_tests(fn, table), "predicate logic": fuse_predicate_logic(fn, table),
            "if-conversion": if_convert(fn, table)}
    done["hoisted loads"] = hoist_global_loads(fn, table)
    done["loops"] = unroll_loops(fn, table)
    done["loop blocks"] = schedule_loop_blocks(fn, table)
    if module is not None:
        from .vectorize import pair_const_loads, vectorize_shared_loads
        done["vector loads"] = vectorize_shared_loads(fn, module, table)
        done["constant pairs"] = pair_const_loads(fn, module, table)
    done["red"] = atom_to_red(fn, table)
    done["pointer copies"] = copy_stepped_pointers(fn, table)
    done["parameter reloads"] = reload_parameters(fn, table)
    done["64-bit halves"] = split_wide_integer_ops(fn, table)
    from .ieee import expand_ieee
    done["IEEE sequences"] = expand_ieee(fn, table)
    from .float_fold import contract_multiply_add, fold_modifiers, fold_selects
    done["float multiply-add"] = contract_multiply_add(fn, table)
    done["float modifiers"] = fold_modifiers(fn, table)
    done["selects"] = fold_selects(fn, table)
    from .unroll import constants_to_registers
    done["FMA constants"] = constants_to_registers(fn, table)
    done["async copy padding"] = pad_async_copies(fn, table)
    from .convergence import add_convergence_barriers
    done["BSSY/BSYNC"] = add_convergence_barriers(fn, table)
    done["prologue"] = add_prologue(fn, table)
    return done


def lower_metal(fn, table, module=None):
    """The `metal` lowering: what Apple's Metal compiler is assumed to do to
    the same kernels, for the apple-m4 config (simgpu compare --config
    apple-m4). Assumed, not read from machine code: no Apple GPU or compiler
    is available here, and Apple publishes neither. The Metal compiler is
    built on LLVM (its GPUCompiler reports LLVM optimization remarks), whose
    standard pipeline fully unrolls a loop of a small constant trip count and
    merges loads of adjacent words into one vector load (the
    LoadStoreVectorizer); Apple's GPUs load up to four 32-bit components of
    threadgroup memory in one instruction. So: loops of a fixed trip count
    (at most unroll.FULL_UNROLL) become copies of their body, and aligned
    runs of shared loads are merged (vectorize.py), as for ptxas; a loop whose
    trip count is known only at run time runs as written -- LLVM unrolls
    those only where the target asks for it, and seed 000's matmul_naive on
    the M4 (237 GFLOP/s at n = 512) is slower than simgpu's apple-m4 run of
    the loop as written, not faster as loads hoisted 4 iterations ahead would
    make it. None of ptxas's removals, expansions or prologue apply. Results
    stay bit-identical (tests/test_unroll.py). Returns {pass: count}."""
    from .unroll import unroll_loops
    done = {"loops": unroll_loops(fn, table, runtime=False)}
    if module is not None:
        from .vectorize import vectorize_shared_loads
        done["vector loads"] = vectorize_shared_loads(fn, module, table)
    return done
