"""Loop unrolling with load hoisting, as ptxas does it: the `ptxas` lowering.

The driver compiles PTX with ptxas, which unrolls counted loops and
schedules each unrolled body so that its loads issue before the arithmetic
that waits for them. For matmul_naive's k loop (`ptxas -arch=sm_90` and
`cuobjdump -sass`) the SASS body is 4 iterations with 8 LDGs ahead of the
first FFMA; the PTX, run as written, waits for each pair of loads before its
FMA, so every iteration pays a memory round trip. simgpu runs PTX as
written by default; `lower="ptxas"` (load(), launch via the recipe,
`simgpu run --lower ptxas`, and `simgpu compare`) applies this pass first.

What is transformed: an innermost loop whose body is one basic block
(a label, straight-line code with no atomic, warp-level or fence
instruction -- `bar.sync` is allowed: ptxas unrolls matmul_tiled's tile
loop, two barriers an iteration, 4 times -- then `setp` + `@p bra label`
closing it) and whose trip is governed by one induction register `i`
updated once by `add i, i, S`:
- `setp.lt i, B` with S > 0 (signed or unsigned; B an immediate or a
  register the body does not write), or
- `setp.ne i, 0` with S < 0 (a count-down).
It becomes ptxas's skeleton, as read from the SASS of matmul_naive,
matmul_tiled, matmul_batched, wave, attention_flash and divergence (count-
down loops), of softmax_naive, softmax_online and attention_naive's
attn_softmax (unsigned `lt` loops) and of the held-out gemv_warp and
row_softmax (signed `lt` loops):

    first:  unsigned lt: the body once, every instruction predicated on
                !(i < B) (the do-while's forced iteration; `@P3 LDG ...`), _peeled;
            signed lt: nothing (the `done` flag below forces the iteration);
            ne: the zero-trip test `ISETP.GT i, 0; @!P BRA REM`
            q = U more iterations are certain (no wrap: unsigned lt: i < B
                and B - i > (U-1) S, 3 instructions;  signed 32-bit lt:
                B - i > (U-1) S, 2 (_more_signed; a signed 64-bit loop, which
                peels nothing either in ptxas's SASS of a probe, keeps the 3:
                PTX has no saturating 64-bit subtraction);  ne 0: i > (U-1)|S|)
            done = true (`PLOP3 P0`; unsigned lt: done = the peel did not run);  @!q bra STAGE2
            done = false;  lt: B' = B - (U-1) S (VIADD)
    BODY:   U copies of the body (their compares and branches dropped), the
            copies' temporaries renamed apart, their constant steps folded
            (fold_steps), list-scheduled between barriers, after a `mov` of
            each constant an FMA must read from a register (its multiplier
            and addend both constants: wave.s's HFMA2.MMA, once a pass;
            once in STAGE2, once before REM's loop);
            q = (lt: i < B';  ne: i > (U-1)|S|);  @q bra BODY
    STAGE2: q = 2 more are certain;  @!q bra FINAL;  2 copies;  done = false
    FINAL:  done = (the loop's test) or done  (`ISETP.NE.OR P0, i, RZ, P0`);  @!done bra EXIT
    REM:    the loop as written, one iteration at a time
    EXIT:

The remainder path is the original loop, so every trip count, wraps
included, gives the original's results; the unrolled paths run only
iterations that were going to run. What ptxas does and this does not: it
if-converts a short 2-iteration stage (divergence's), ends `lt` loops with
one unlooped iteration where REM loops (the same count for the last one, 2
more instructions), and copies register pairs in some unrolled passes
(matmul_naive's `MOV R6, R10; IMAD.MOV.U32 R7, RZ, RZ, R11` per 4
iterations; lower.py copy_stepped_pointers copies them in the loops that
run a pass at a time, REM among them).
A loop whose trip count is fixed (`mov i, imm` just before it, a constant
bound) and at most FULL_UNROLL becomes that many copies with no test at all
(matmul_registers' 16-trip k loop in its SASS). Results are bit-identical
(tested over every program). Scheduling is by the longest latency-weighted
path to the block's end (global loads weigh an L2 hit, shared loads a
shared-memory access), keeping register and memory
order: loads may pass loads, nothing passes a store of the same state space
(PTX's spaces are disjoint: an LDG may pass an STS) or a barrier -- but a
read-only global load (`ld.global.nc`), with the arithmetic its address
comes from, moves up one barrier, as ptxas pipelines dgemm_tiled's next tile.
At most SHARED_REGS_AHEAD registers of shared loads are issued and unread.
A block of more than ALL_LOADS_AHEAD (20) global loads has at most
MAX_LOADS_AHEAD (16) issued and not yet read: past that, a load waits for
an instruction that reads an earlier one, as ptxas issues gemv_warp's
unrolled body of 32 LDGs (16, then the rest among the FFMAs that read
them); a block of 20 or fewer has them all issued first.
"""
import copy
import math
from dataclasses import replace

from ..ptx import codes as C
from .parser import Instr, Operand, Reg
from .splice import Splice


def is_jump(ins):
    """Whether `ins` is a branch to a label (`bra L`, guarded or not)."""
    return ins.opcode == "bra" and bool(ins.operands) and ins.operands[0].kind == "sym"


UNROLL = 4
FULL_UNROLL = 16            # trips: matmul_registers' 16-trip k loop is unrolled whole in its SASS
# ptxas's unroll budget, in the loop's PTX instructions (label to branch, after the lowering's expansions)
# weighted as ptxas counts them: a load or store (global or shared) with an immediate address offset
# counts 2 (`[r+4]` being an add and an access to ptxas here: a loop of shared loads at [r+128k] stops at
# 32 loads + 32 FFMAs, one with each load at its own base register at 48; a run [B+4k] that ptxas does
# make LDS.128s of stops where the strided one does, so no merging happens before the decision -- the
# old rule's "four merged loads count once" goes), an `ex2.approx.f32` (non-.ftz), 4 instructions
# after lower.expand_special_functions, counts 6 (rsqrt, sqrt and lg2, the same 4 instructions, are
# not probed and count 4). Fitted to ptxas 13.0.88 -O3's choices on the 62 probes of
# tools/probe_ptxas_unroll.py (traces/ptxas/unroll_budget.json: N FFMAs on 8 accumulators with G global
# and S shared loads, T stores, E ex2s) and the 1100 of tools/probe_ptxas_unroll_shapes.py
# (traces/ptxas/unroll_shapes.json, 114 shapes bisected: 1-8 accumulator chains, 0-2 shared loads per
# FMA or 2-12 FMAs per shared load, offsets or none, 1-16 global loads feeding the arithmetic or stored
# to shared memory, with offsets or none, bar.sync, fma/add, f32/f64, dgemm_tiled's tile loop, the
# first tool's family G = 0-2 x S = 0-16), every one reproduced (the old rule: 61 and 777):
# - BUDGET_PLAIN + BUDGET_PER_SHARED per shared load (21 + 5 S): a loop with no load stops at 21
#   (18 FFMAs and 3 of loop control; the same with 1 to 8 chains, add or fma, f32 or f64); each shared
#   load raises it by 5 -- its own 2 (load and offset) and 3 more FFMAs: the shapes of 2 to 12 FFMAs per
#   shared load, at base+offset or their own bases, all stop exactly there.
# - BUDGET_GLOBAL (49): a loop with a global load (ld.global or .nc, read by the arithmetic or stored to
#   shared memory) may be that large even with few shared loads (G = 1 to 16, one pointer or one each);
#   the shared budget still applies when larger (G = 1, 2 with 8 to 16 shared loads: 61, 81, 99).
# - BUDGET_CAP (99): no loop larger is unrolled, however many shared loads it has: 1 or 2 shared loads
#   per FMA (48 or 32 units at own bases, 99; 32 or 19 at offsets, 98 / 97), 2-5 FFMAs per load (99),
#   the 8-accumulator probe's S=16 (64 FFMAs, 99; 65 not), dgemm_tiled's tile loop with 18 DFMAs
#   (99; the real one, 16, is 89: unrolled, as its SASS has it, traces/ptxas/sm90_holdout5.sass).
# Chains (1 to 8), bar.sync (counts 1), fma vs add, f32 vs f64, signed vs unsigned compare: no effect
# beyond their instruction count. Not probed: local, const and param accesses (counted 1, no budget),
# vector (.v2/.v4) loads (counted as one load). On the programs it changes two decisions, both to what
# the SASS has: dgemm_tiled's tile loop (89 of 99) unrolled, bank_conflicts.s's lds_conf loop (119
# instructions, 32 shared loads: past the cap) kept (traces/h200/micro/micro_bank_conflicts.sass:
# 40 LDS, 32 + the remainder's 8).
BUDGET_PLAIN = 21
BUDGET_PER_SHARED = 5
BUDGET_GLOBAL = 49
BUDGET_CAP = 99
EX2_EXTRA = 2               # an ex2.approx.f32's weight beyond its 4 instructions (probes E=1, 2, 4)
LOAD_WEIGHT = 300           # cycles: an L2 hit's latency, the scheduler's weight for a global load
SHARED_LOAD_WEIGHT = 23     # cycles: a shared load's latency (h200.toml latency_shared_cycles, micro_shared.json)
# global loads ptxas issues ahead of the first instruction that reads one of them. A block of at most
# ALL_LOADS_AHEAD loads has them all issued first: tools/probe_ptxas_loads_ahead.py's loops of 8 to 20 loads
# (traces/ptxas/loads_ahead.json, every shape), conv2d_3x3's 18 (traces/ptxas/sm90_holdout2.sass), cg16's 16.
# A block of more has MAX_LOADS_AHEAD issued, then each further load waits for an instruction that reads an
# earlier one: gemv_warp's unrolled body of 32 LDGs (16, then one or two between its FFMAs;
# traces/ptxas/sm90_programs.sass), matmul_cublas_128x128's 32 (16), gather_clock.s's gather32 (16;
# traces/h200/micro/micro_gather_clock.sass). Not modeled: the probes of 24 and 32 loads issue 20-21 first
# (few registers live: ptxas stops sooner in kernels at 32 registers), spmv_ell's 24 stop at 14, and ld16,
# row_softmax and layernorm_warp, at 32 registers, stop at 14-15 of their 16
ALL_LOADS_AHEAD = 20
MAX_LOADS_AHEAD = 16
# registers of shared loads ptxas keeps issued and not yet read: the loops of tools/measure_mio.py's
# independent loads (their SASS in traces/h200/mio_queue.json) keep 4 LDS.128 (16 registers), 6-7 LDS.64
# (12-14) and 8-12 LDS.32 in flight; dgemm_tiled's tile (traces/ptxas/sm90_holdout5.sass) 3-4 of LDS.64
# and LDS.128, at most 18 registers; matmul_tiled's and matmul_tiled32's 15 and 16. Past this many, a
# shared load waits for an instruction that reads an earlier one (as MAX_LOADS_AHEAD). Not followed:
# kernels of many registers keep more (matmul_cublas' 20-28, matmul_registers' 24)
SHARED_REGS_AHEAD = 16
FENCES = {"bar", "barrier", "atom", "red", "shfl", "vote", "activemask", "redux", "match", "membar", "fence", "call",
          "ret", "exit", "bra", "trap", "brkpt", "nanosleep", "cp"}


def _dest_positions(spec, ins):
    """Which of ins's operands it writes (bar.red's result is its first operand, where the
    table's `bar` row lists bar.sync's; mma's and ldmatrix's first brace list, movmatrix's destination)."""
    if (ins.opcode in ("bar", "barrier") and "red" in ins.suffixes) or ins.opcode in ("mma", "ldmatrix", "movmatrix"):
        return [0]
    return [k for k, tok in enumerate(spec.operands) if tok[0] in "dDP"]


def _regs_of(o, out):
    """Registers an operand reads (an address's base too)."""
    if o is None:
        return out
    if o.kind == "reg" and o.reg is not None:
        out.append(o.reg)
    if o.kind == "addr" and isinstance(o.base, Reg):
        out.append(o.base)
    for e in o.elems or ():
        _regs_of(e, out)
    return out


def defs_uses(ins, table):
    """(registers written, registers read) by one instruction."""
    spec = table[ins.opcode]
    dpos = set(_dest_positions(spec, ins))
    defs, uses = [], []
    for k, o in enumerate(ins.operands):
        if k in dpos:
            if o.kind == "reg" and o.reg is not None:
                defs.append(o.reg)
            for e in o.elems or ():
                if e.kind == "reg" and e.reg is not None:
                    defs.append(e.reg)
            if o.pair is not None and o.pair.reg is not None:
                defs.append(o.pair.reg)
        else:
            _regs_of(o, uses)
    if ins.guard is not None:
        uses.append(ins.guard)
    if ins.guard is not None:                 # a predicated write keeps the old value where off
        uses.extend(defs)
    return defs, uses


def _is_barrier(ins):
    """bar.sync / barrier.sync: a loop may hold it (ptxas unrolls matmul_tiled's
    tile loop, two barriers per iteration, 4 times); scheduling stops at it."""
    return ins.opcode in ("bar", "barrier") and "sync" in ins.suffixes and "warp" not in ins.suffixes \
        and ins.guard is None


def _space(ins):
    for s in ins.suffixes:
        if s in ("global", "shared", "local", "param", "const"):
            return s
    return "generic"


def _may_alias(a, b):
    """Whether accesses in state spaces a and b may touch the same memory.
    PTX's state spaces are disjoint (a .shared address never names a .global
    word), so ptxas reorders across them: softmax_online's SASS issues its
    unrolled loop's 4 LDGs ahead of the 4 STS of the row copy, and the write
    loop's 4 LDS ahead of the 4 STG (`ptxas -arch=sm_90 -O3`, `cuobjdump
    -sass`). A generic address may name any of them."""
    return a == b or "generic" in (a, b)


def unroll_loops(fn, table, unroll=UNROLL, runtime=True):
    """Rewrite fn.instrs/fn.labels (after inlining) with every eligible loop
    unrolled and scheduled. Returns the number of loops transformed.
    runtime=False unrolls only the loops of a fixed trip count (at most
    FULL_UNROLL, whole) and leaves a loop whose trip count is known only at
    run time as written (the `metal` lowering, lower.py)."""
    instrs, labels = fn.instrs, fn.labels
    at = {}
    for name, k in labels.items():
        at.setdefault(k, []).append(name)
    done = 0
    out, new_labels = [], {}
    i = 0
    n = len(instrs)
    while i < n:
        for name in at.get(i, ()):
            new_labels[name] = len(out)
        loop = _match_loop(fn, instrs, labels, at, i, table)
        if loop is None:
            end = _plain_loop(instrs, labels, at, i) if runtime else None
            if end is None:
                out.append(instrs[i])
                i += 1
                continue
            # a loop of one block the unroller does not take: ptxas still schedules its body
            out.extend(_between_barriers(instrs[i:end], table) + [instrs[end]])
            i = end + 1
            continue
        end, block = loop
        trip = _constant_trip(instrs, at, i, end, block, table)
        if fn.nounroll.intersection(at[i]):
            if not runtime:
                out.append(instrs[i])
                i += 1
                continue
            # `.pragma "nounroll"`: kept, but its body scheduled as any block's (row_stream.s's SASS)
            out.extend(schedule_kept_loop(hoist_loop_test(instrs[i:end + 1], block[0], table), instrs[end - 1], table))
        elif trip is not None and trip <= FULL_UNROLL:
            _emit_full(fn, table, instrs, i, end, trip, out)
        elif not runtime:
            out.append(instrs[i])
            i += 1
            continue
        elif not within_budget(instrs[i:end + 1]):
            out.extend(schedule_kept_loop(hoist_loop_test(instrs[i:end + 1], block[0], table), instrs[end - 1], table))
        else:
            _emit_unrolled(fn, table, instrs, at, i, end, block, unroll, out, new_labels, done)
        done += 1
        i = end + 1
    for name, k in labels.items():
        if k >= n:
            new_labels[name] = len(out)
    fn.instrs, fn.labels = out, new_labels
    return done


def schedule_loop_blocks(fn, table):
    """The basic blocks of a loop of several blocks (an if or if/else left as
    branches inside it), each list-scheduled between its barriers as any
    block ptxas compiles: mio_mix.json's `lds32|sts32` loop, `if (warp & 1)
    { 8 x (LDS; FADD) } else { 8 x STS }`, issues its 8 LDS, then its 8 FADDs
    in its SASS, where the PTX has each FADD after its load. A block that is a
    loop of its own (the unroller's) and one that reads the clock are left as
    they are. Returns the number of blocks reordered."""
    from .lower import _block_ids
    instrs, labels = fn.instrs, fn.labels
    ids = _block_ids(instrs, labels)
    inside = set()
    for b, ins in enumerate(instrs):
        if is_jump(ins):
            t = labels.get(ins.operands[0].value, -1)
            if 0 <= t <= b and ids[t] != ids[b]:
                inside.update(ids[t:b + 1])
    done, out, k = 0, [], 0
    while k < len(instrs):
        e = k
        while e < len(instrs) and ids[e] == ids[k]:
            e += 1
        block = instrs[k:e]
        body = block[:-1] if block[-1].opcode in FENCES else block
        last = block[-1]
        own_loop = last.opcode == "bra" and last.operands and labels.get(last.operands[0].value, -1) == k
        if ids[k] in inside and not own_loop and len(body) > 1 and not any(map(_reads_clock, body)):
            new = _between_barriers(body, table)
            done += any(a is not b for a, b in zip(new, body))
            block = new + block[len(body):]
        out.extend(block)
        k = e
    fn.instrs = out
    return done


def hoist_global_loads(fn, table):
    """Issue the global loads of the straight-line code outside loops as early
    as their operands allow, as ptxas does: each segment between labels,
    branches and the other FENCES is list-scheduled (`_schedule`: register
    and memory order kept, so a load passes shared accesses and arithmetic
    that does not feed it, not a global or generic store or a clock read)
    with its global loads and the arithmetic their addresses come from taken
    first whenever they are ready (an IEEE division's branch over its slow
    path ends a segment too: ieee.ends_block), everything else in its own order. A loop
    (from a label to the branch back to it) is left to the unroller.
    transpose_nvcc's SASS (traces/ptxas/sm90_programs.sass) issues its 4
    LDGs, with their address arithmetic, ahead of the 4 STS that nvcc's PTX
    puts between them, so each warp waits for DRAM once, not four times;
    stencil1d's both halo LDGs ahead of their STS. Returns the number of
    segments whose order changed."""
    from .ieee import ends_block
    instrs, labels = fn.instrs, fn.labels
    n = len(instrs)
    starts = set(labels.values())
    in_loop = [False] * n
    for b, ins in enumerate(instrs):
        if is_jump(ins):
            t = labels.get(ins.operands[0].value)
            if t is not None and t <= b:
                for k in range(t, b + 1):
                    in_loop[k] = True
    out, seg, changed = [], [], 0

    def flush():
        nonlocal changed
        first = _loads_first(seg, table)
        if first is not None:
            order = _schedule(seg, table, priority=first)
            changed += any(a is not b for a, b in zip(order, seg))
            seg[:] = order
        out.extend(seg)
        seg.clear()
    for k, ins in enumerate(instrs):
        if k in starts:
            flush()                              # a labelled instruction begins a block (its label stays on it)
        if in_loop[k] or ins.opcode in FENCES or _is_barrier(ins) or ends_block(ins):
            flush()
            out.append(ins)
        else:
            seg.append(ins)
    flush()
    assert len(out) == n
    fn.instrs = out
    return changed


def _loads_first(seg, table):
    """The priority that takes a segment's global loads and the arithmetic their
    operands come from first (then the original order), or None: no global load."""
    loads = [k for k, ins in enumerate(seg) if ins.opcode in ("ld", "ldu") and _space(ins) == "global"]
    if not loads:
        return None
    du = [defs_uses(ins, table) for ins in seg]
    writes = [{_key(r) for r in d} for d, _ in du]
    reads = [{_key(r) for r in u} for _, u in du]
    first = set(loads)
    todo = list(loads)
    while todo:                                  # the backward slice through register producers
        k = todo.pop()
        for j in range(k):
            if j not in first and writes[j] & reads[k] and seg[j].opcode not in ("ld", "ldu", "st", "atom", "red") \
                    and not _reads_clock(seg[j]):
                first.add(j)
                todo.append(j)
    return [(1 if k in first else 0, -k) for k in range(len(seg))]


def hoist_loop_test(loop, ind, table):
    """A loop ptxas keeps as written, with its counter's step and its exit
    compare moved to the top of the body, as ptxas schedules them (the SASS of
    programs/micro/latency_fp32.s has the ISETP 30 instructions before its
    BRA), when nothing else in the body reads or writes the counter or the
    compare's predicate: the compare then no longer delays the branch. `loop`
    runs from its first instruction (the label's) to its branch."""
    setp, bra = loop[-2], loop[-1]
    body = loop[:-2]
    k = _key(ind)
    steps = [j for j, ins in enumerate(body) if k in {_key(r) for r in defs_uses(ins, table)[0]}]
    if len(steps) != 1:
        return list(loop)
    pred = _key(setp.operands[0].reg)
    for j, ins in enumerate(body):
        if j == steps[0]:
            continue
        d, u = defs_uses(ins, table)
        if k in {_key(r) for r in d + u} or pred in {_key(r) for r in d + u} \
                or (ins.guard is not None and _key(ins.guard) in (k, pred)):
            return list(loop)
    return [body[steps[0]], setp] + [ins for j, ins in enumerate(body) if j != steps[0]] + [bra]


def schedule_kept_loop(loop, setp, table):
    """A loop ptxas keeps as written still has its body list-scheduled between
    barriers, as any basic block: loads move up ahead of the arithmetic that
    waits for them (matmul_tiled32's tile loop, `ptxas -arch=sm_90` and
    `cuobjdump -sass`: after the barrier its warps issue 10 LDS/LDS.128, 4
    cycles apart, before the first FFMA, then keep about that many ahead; the
    list scheduling here puts 8 first, then interleaves). The counter's step
    and compare stay where hoist_loop_test put them (at the top) or at the
    end, the branch last."""
    if loop[1] is setp:                       # hoisted: step, compare, body, branch
        return loop[:2] + _between_barriers(loop[2:-1], table) + loop[-1:]
    return _between_barriers(loop[:-2], table) + loop[-2:]


def _between_barriers(block, table):
    """`block` list-scheduled segment by segment between its barriers, cp.async waits, clock reads and
    IEEE divisions, reciprocals and square roots (nothing moves across a clock read: ptxas keeps every
    CS2R of a clock micro where its PTX has it, after the adds that wait for its loads,
    traces/h200/micro/micro_gather_clock.sass; nothing across a barrier but the `ld.global.nc` loads of
    the segment after it and the arithmetic they read, _read_only_loads_ahead; an IEEE sequence ends
    its basic block with its branch over the slow-path call, ieee.ends_block, and ptxas schedules a
    block at a time: pi_f64's loop, unrolled 4 times, keeps each copy's I2F.F64, DADD, DMUL, DFMA and
    division before the next copy's, traces/ptxas/sm90_holdout8.sass)."""
    from .ieee import ends_block
    segs, bounds, seg = [], [], []
    for ins in block:
        if _is_barrier(ins) or _reads_clock(ins) or _is_async_wait(ins) or ends_block(ins):
            segs.append(seg)
            bounds.append(ins)
            seg = []
        else:
            seg.append(ins)
    segs.append(seg)
    out = []
    for k, seg in enumerate(segs):
        if k + 1 < len(segs) and _is_barrier(bounds[k]):
            early = _read_only_loads_ahead(segs[k + 1], table)
            seg = seg + early
            segs[k + 1] = [ins for ins in segs[k + 1] if not any(ins is e for e in early)]
        out.extend(_schedule(seg, table))
        if k < len(bounds):
            out.append(bounds[k])
    return out


def _read_only_loads_ahead(seg, table):
    """The `ld.global.nc` loads of `seg` (the segment after a barrier) that may
    issue before that barrier, with the register arithmetic their operands
    come from: data read-only for the kernel's lifetime cannot change across
    a barrier, so ptxas moves such loads up one barrier (dgemm_tiled's SASS,
    traces/ptxas/sm90_holdout5.sass: the next tile's two LDG.E.64.CONSTANT
    and the IMAD.WIDE stepping B's pointer among the current tile's LDS and
    DFMAs, before the barrier that ends it). An instruction moves only if no
    earlier instruction that stays writes what it reads or touches what it
    writes."""
    nc = [ins for ins in seg if ins.opcode in ("ld", "ldu") and _space(ins) == "global" and "nc" in ins.suffixes]
    if not nc:
        return []
    du = [defs_uses(ins, table) for ins in seg]
    uses = [{_key(r) for r in u} | ({_key(ins.guard)} if ins.guard is not None else set())
             for ins, (_, u) in zip(seg, du)]
    defs = [{_key(r) for r in d} for d, _ in du]
    want = set()                         # the loads and, backwards, the arithmetic they read
    need = set()
    for k in range(len(seg) - 1, -1, -1):
        ins = seg[k]
        if any(ins is x for x in nc):
            want.add(k)
            need |= uses[k]
        elif defs[k] & need and ins.opcode not in FENCES and ins.opcode not in ("ld", "ldu", "st", "prefetch") \
                and not _reads_clock(ins):
            want.add(k)
            need |= uses[k]
    moved, written, touched = [], set(), set()
    for k, ins in enumerate(seg):
        if k in want and not uses[k] & written and not defs[k] & touched:
            moved.append(ins)
            continue
        written |= defs[k]
        touched |= defs[k] | uses[k]
    return moved


def _weigh(loop):
    """(the loop's weighted size, its budget): the rule above."""
    size, shared, has_global = len(loop), 0, False
    for ins in loop:
        if ins.opcode == "ex2" and "approx" in ins.suffixes and "ftz" not in ins.suffixes:
            size += EX2_EXTRA
        if ins.opcode not in ("ld", "st"):
            continue
        space = _space(ins)
        addr = next((o for o in ins.operands if o.kind == "addr"), None)
        if space in ("global", "shared") and addr is not None and addr.offset:
            size += 1
        if ins.opcode == "ld":
            has_global |= space == "global"
            shared += space == "shared"
    budget = BUDGET_PLAIN + BUDGET_PER_SHARED * shared
    if has_global:
        budget = max(budget, BUDGET_GLOBAL)
    return size, min(budget, BUDGET_CAP)


def within_budget(loop):
    """Whether ptxas unrolls a loop of a run-time trip count, by its weighted
    size against a budget that grows with its shared loads (the rule above).
    Larger loops stay as written (programs/micro/fetch_start.s's 128-FFMA
    loop runs 155 SASS instructions on the H200, not an unrolled skeleton)."""
    size, budget = _weigh(loop)
    return size <= budget


def _plain_loop(instrs, labels, at, top):
    """The index of the branch closing a loop of one basic block that starts
    at `top` (a label the branch names, no fence before it but cp.async's
    copies, commits and waits -- matmul_cp_async's tile loop is scheduled in
    its SASS, its shared loads ahead of the FFMAs, traces/ptxas/sm90_holdout6.sass
    -- and no label inside that a branch names: one whose branch if_convert
    removed does not split the block), or None. The unroller does not take such a loop when
    a label is left inside (ptxas unrolls a loop before it if-converts:
    sector_clock.s's, four loads and four predicated stores once their
    branches are gone, stays one body in its SASS), but ptxas schedules it."""
    names = at.get(top)
    if not names:
        return None
    named = {ins.operands[0].value for ins in instrs if ins.opcode == "bra" and ins.operands}
    for k in range(top, len(instrs)):
        if k > top and named.intersection(at.get(k, ())):
            return None
        ins = instrs[k]
        if ins.opcode in FENCES and not _is_barrier(ins) and ins.opcode != "cp":
            ok = is_jump(ins) and ins.operands[0].value in names and k - top >= 2
            return k if ok else None
    return None


def _match_loop(fn, instrs, labels, at, top, table):
    names = at.get(top)
    if not names:
        return None                              # not a loop head
    # the closing branch: the first branch after `top`, back to one of its labels
    end = None
    for k in range(top, len(instrs)):
        if k > top and at.get(k):
            return None                          # another label inside: not one basic block
        ins = instrs[k]
        if ins.opcode in FENCES and not _is_barrier(ins):
            if is_jump(ins) and ins.operands[0].value in names \
                    and ins.guard is not None and not ins.guard_neg:
                end = k
                break
            return None
    if end is None or end - top < 3:
        return None
    body = instrs[top:end]
    setp = body[-1]
    if setp.opcode != "setp" or setp.guard is not None or len(setp.operands) != 3 \
            or setp.operands[0].pair is not None or setp.operands[0].reg is None \
            or _key(setp.operands[0].reg) != _key(instrs[end].guard):
        return None
    cmp = setp.suffixes[0]
    ty = setp.suffixes[-1]
    if ty not in ("s32", "u32", "s64", "u64") or setp.operands[1].kind != "reg":
        return None
    ind = setp.operands[1].reg
    bound = setp.operands[2]
    written = {}
    for k, ins in enumerate(body[:-1]):
        if ins.opcode in FENCES and not _is_barrier(ins) or ins.opcode == "setp" and ins.operands[0].reg is not None \
                and _key(ins.operands[0].reg) == _key(setp.operands[0].reg):
            return None
        if ins.opcode in ("ld", "st") and _space(ins) == "generic":
            return None                          # generic addresses: memory order unknowable here
        for r in defs_uses(ins, table)[0]:
            written.setdefault(_key(r), []).append(k)
    steps = written.get(_key(ind), [])
    if len(steps) != 1:
        return None
    inc = body[steps[0]]
    # the step's add may be typed .s or .u: two's-complement addition is the same at one width
    if inc.opcode != "add" or inc.guard is not None or inc.suffixes[-1] not in ("s" + ty[1:], "u" + ty[1:]) \
            or inc.operands[1].kind != "reg" or _key(inc.operands[1].reg) != _key(ind) \
            or inc.operands[2].kind != "imm" or _key(inc.operands[0].reg) != _key(ind):
        return None
    step = int(inc.operands[2].value)
    if bound.kind == "reg" and _key(bound.reg) in written:
        return None
    if cmp == "lt" and step > 0 and bound.kind in ("reg", "imm"):
        return end, (ind, bound, step, cmp, ty)
    if cmp == "ne" and step < 0 and bound.kind == "imm" and int(bound.value) == 0:
        return end, (ind, bound, step, cmp, ty)
    return None


def _new_reg(fn, like, tag):
    r = Reg(f"{like.name}{tag}", like.kind, fn.nregs[like.kind], like.type)
    fn.nregs[like.kind] += 1
    return r


def _ins(proto, opcode, suffixes, operands, guard=None, guard_neg=False):
    return Instr(opcode, list(suffixes), operands, guard=guard, guard_neg=guard_neg, line=proto.line,
                 col=proto.col, text=proto.text)


def _reg_op(proto, r):
    return Operand("reg", proto.line, proto.col, reg=r)


def _imm(proto, v):
    return Operand("imm", proto.line, proto.col, value=v)


def _label(proto, name):
    return Operand("sym", proto.line, proto.col, value=name)


def _constant_trip(instrs, at, top, end, loop, table):
    """The loop's trip count when it is fixed: the induction register set by
    `mov i, imm` just before the loop (no label between), a constant bound,
    and no branch into the loop but its own back edge. None otherwise."""
    ind, bound, step, cmp, ty = loop
    names = set(at.get(top, ()))
    for k, ins in enumerate(instrs):
        if ins.opcode == "bra" and k != end and ins.operands and ins.operands[0].value in names:
            return None
    for k in range(top - 1, -1, -1):
        if k + 1 != top and at.get(k + 1):
            return None                          # another way in between the mov and the loop
        ins = instrs[k]
        if ins.opcode in FENCES:
            return None
        if any(_key(r) == _key(ind) for r in defs_uses(ins, table)[0]):
            if ins.opcode != "mov" or ins.guard is not None or ins.operands[1].kind != "imm":
                return None
            init = int(ins.operands[1].value)
            bits = int(ty[1:])
            if ty[0] == "s" and init >= 1 << (bits - 1):
                init -= 1 << bits
            if cmp == "ne" and init > 0 and init % -step == 0:
                return init // -step
            if cmp == "lt" and bound.kind == "imm" and step > 0 and init < int(bound.value) < 1 << (bits - 1):
                return -(-(int(bound.value) - init) // step)
            return None
    return None


def _emit_full(fn, table, instrs, top, end, trip, out):
    """A loop of a fixed, small trip count becomes `trip` copies of its body,
    steps folded, no test and no branch (its labels name the first copy)."""
    body = instrs[top:end - 1]
    setp = instrs[end - 1]
    out.extend(_schedule_copies(_copies(fn, table, instrs, top, end, body, trip, f"__f{top}"), table))
    # the exit predicate, if read after the loop
    p = _key(setp.operands[0].reg)
    for k, ins in enumerate(instrs):
        if not top <= k <= end and p in {_key(r) for r in defs_uses(ins, table)[1]}:
            out.append(copy.deepcopy(setp))
            break


def _emit_unrolled(fn, table, instrs, at, top, end, loop, unroll, out, new_labels, serial):
    """The loop in ptxas's skeleton (the module doc): a predicated first
    iteration (unsigned `lt` loops whose body allows it), nothing (signed
    `lt` loops) or a zero-trip test, the U-iteration loop, the 2-iteration
    stage, the `done` flag's test, and the loop as written for what is left."""
    ind, bound, step, cmp, ty = loop
    signed = cmp == "lt" and ty[0] == "s"
    body = instrs[top:end - 1]                    # without the setp
    setp, bra = instrs[end - 1], instrs[end]
    names = {k: f"__unroll{serial}_{k}" for k in ("body", "stage2", "final", "rem", "remloop", "exit")}
    bits = ty[1:]
    uty, sty = "u" + bits, "s" + bits
    assert (unroll - 1) * abs(step) < 1 << int(bits)
    P = setp

    def pred(tag):
        return _new_reg(fn, Reg("%__" + tag, C.K_PRED, 0, C.T_PRED), f"{serial}")

    def reg(r):
        return _reg_op(P, r)

    def more(q, k):
        """q = k more iterations are certain (no wrap)."""
        span = (k - 1) * abs(step)
        if signed and ty == "s32":
            return _more_signed(P, reg(q), reg(t), bound, ind, span)
        if cmp == "lt":
            # i < B (in the loop's own signedness), then B - i > (k-1) S as unsigned
            return [_ins(P, "setp", ["lt", ty], [reg(q), reg(ind), copy.copy(bound)]),
                    _ins(P, "sub", [uty], [reg(t), copy.copy(bound), reg(ind)]),
                    _ins(P, "setp", ["gt", "and", uty], [reg(q), reg(t), _imm(P, span), reg(q)])]
        return [_ins(P, "setp", ["gt", uty], [reg(q), reg(ind), _imm(P, span)])]

    def flag(value):
        """PLOP3 P0 = value: the `nothing done yet` flag."""
        if isinstance(value, Operand):
            return _ins(P, "mov", ["pred"], [reg(done), value])
        return _set_pred(P, done, value)

    q, done = pred("q"), pred("first")
    t = _new_reg(fn, ind, f"__d{serial}")
    peel = _peeled(fn, table, instrs, top, end, body, cmp, serial) if cmp == "lt" and not signed else None
    if signed:
        # ptxas peels no iteration of a signed `lt` loop and tests no zero trip: `done` starts
        # true, so FINAL runs the do-while's forced iteration when nothing else ran (REM, the
        # loop as written, keeps every wrap exact)
        first = 1
    elif peel is None:
        # the zero-trip test: `ISETP.GT i, 0` (signed) for a count-down, the loop's own for `lt`
        z = pred("z")
        if cmp == "ne":
            out.append(_ins(P, "setp", ["gt", sty], [reg(z), reg(ind), _imm(P, 0)]))
        else:
            out.append(_ins(P, "setp", ["lt", ty], [reg(z), reg(ind), copy.copy(bound)]))
        out.append(_ins(bra, "bra", [], [_label(bra, names["rem"])], guard=z, guard_neg=True))
        first = 1
    else:
        pin, copy_ = peel
        out.append(_ins(P, "setp", ["lt", ty], [reg(pin), reg(ind), copy.copy(bound)]))
        out.extend(copy_)
        first = reg(pin)
    out.extend(more(q, unroll))
    out.append(flag(first))
    out.append(_ins(bra, "bra", [], [_label(bra, names["stage2"])], guard=q, guard_neg=True))
    out.append(flag(0))
    # the U-iteration loop, tested on one compare: `i > (U-1)|S|` for a count-down,
    # `i < B - (U-1) S` for `lt` (B' > i implies B - i > (U-1) S; it cannot wrap, as
    # the loop is entered only when B - i > (U-1) S)
    span = (unroll - 1) * abs(step)
    if cmp == "lt":
        if bound.kind == "imm":
            limit = _imm(P, int(bound.value) - span)
        else:
            lim = _new_reg(fn, ind, f"__b{serial}")
            out.append(_ins(P, "sub", [ty], [reg(lim), copy.copy(bound), _imm(P, span)]))
            limit = reg(lim)
        test = [_ins(P, "setp", ["lt", ty], [reg(q), reg(ind), limit])]
    else:
        test = more(q, unroll)
    new_labels[names["body"]] = len(out)
    out.extend(_unrolled_pass(fn, table, instrs, top, end, body, unroll, "u", serial))
    out.extend(test)
    out.append(_ins(bra, "bra", [], [_label(bra, names["body"])], guard=q))
    # the 2-iteration stage
    new_labels[names["stage2"]] = len(out)
    out.extend(more(q, 2))
    out.append(_ins(bra, "bra", [], [_label(bra, names["final"])], guard=q, guard_neg=True))
    out.extend(_unrolled_pass(fn, table, instrs, top, end, body, 2, "s", serial))
    out.append(flag(0))
    # what is left runs the loop as written, if its test says so or nothing ran yet
    new_labels[names["final"]] = len(out)
    cmp_final = ["ne", "or", sty] if cmp == "ne" else ["lt", "or", ty]
    out.append(_ins(P, "setp", cmp_final, [reg(done), reg(ind), copy.copy(bound), reg(done)]))
    out.append(_ins(bra, "bra", [], [_label(bra, names["exit"])], guard=done, guard_neg=True))
    new_labels[names["rem"]] = len(out)
    movs, block = _constants_in_registers(fn, [copy.deepcopy(ins) for ins in instrs[top:end]], f"r{serial}")
    out.extend(movs)
    new_labels[names["remloop"]] = len(out)
    out.extend(block)
    out.append(_ins(bra, "bra", [], [_label(bra, names["remloop"])], guard=bra.guard, guard_neg=False))
    new_labels[names["exit"]] = len(out)


def _unrolled_pass(fn, table, instrs, top, end, body, n, tag, serial):
    """n copies of the body as one scheduled pass, after the `mov`s of the
    constants its FMAs read from registers (_constants_in_registers)."""
    movs, block = _constants_in_registers(fn, _copies(fn, table, instrs, top, end, body, n, f"__{tag}{serial}"),
                                          f"{tag}{serial}")
    return movs + _schedule_copies(block, table)


def _second_constant(ins):
    """The operand index of the constant an `fma`/`mad` must take from a
    register, or None: SASS names at most one immediate an instruction (zero
    is RZ, no immediate), so an FFMA whose multiplier and addend are both
    constants reads one of them from a register that ptxas sets with a MOV
    or HFMA2.MMA (wave.s: `FFMA R5, R5, R2, 1` after `HFMA2.MMA R2, -RZ, RZ,
    1.875, 0`, which sets R2 to 1.0). The first non-zero constant source
    goes to the register; none where every source is a constant."""
    if ins.opcode not in ("fma", "mad") or len(ins.operands) != 4:
        return None
    srcs = ins.operands[1:]
    consts = [k + 1 for k, o in enumerate(srcs) if o.kind == "imm" and
              not (o.value == 0 and math.copysign(1.0, float(o.value)) > 0)]
    if len(consts) < 2 or len(consts) == len(srcs) or any(o.kind not in ("imm", "reg") for o in srcs):
        return None
    return consts[0]


def _constants_in_registers(fn, block, tag):
    """A block with each constant of _second_constant read from a register,
    and the `mov`s that set those registers (one per distinct constant and
    type). ptxas sets them at the top of each pass of its unrolled loop
    (wave.s's and rmw_variants.s's rsp_clock's SASS: the HFMA2.MMA is the
    4-copy loop's first instruction), once in its 2-iteration stage, and
    once before its remainder loop (hoisted there in both). Returns (movs,
    block)."""
    regs, movs, out = {}, [], []
    for ins in block:
        k = _second_constant(ins)
        if k is None:
            out.append(ins)
            continue
        ty, o = ins.suffixes[-1], ins.operands[k]
        key = (ty, repr(o.value), o.is_float_lit)
        if key not in regs:
            code = C.TYPE[ty]
            r = _new_reg(fn, Reg("%__k", C.K_R64 if C.TYPE_BITS[code] == 64 else C.K_R32, 0, code), f"{tag}.{len(regs)}")
            regs[key] = r
            movs.append(_ins(ins, "mov", [ty], [_reg_op(ins, r), copy.copy(o)]))
        ops = list(ins.operands)
        ops[k] = replace(o, kind="reg", reg=regs[key], value=None, is_float_lit=False)
        out.append(replace(ins, operands=ops))
    return movs, out


def constants_to_registers(fn, table):
    """The float FMAs left reading two constants once the loops are unrolled
    (in straight code, in loops run as written) read one from a register
    (_second_constant), set where ptxas sets it: before the outermost loop
    holding the FMA (trip_divergent's one-at-a-time loop has its `MOV R4,
    0x3f7d70a4` ahead of it, traces/ptxas/sm90_holdout6.sass; rsp_clock's two
    loops an HFMA2.MMA each, traces/h200/micro/micro_rmw_variants.sass),
    else at the top of its basic block (gelu_tanh's `MOV R10, 0x3c80f082`
    and `HFMA2.MMA R11, -RZ, RZ, 1.875, 0` for its two such FFMAs,
    sm90_holdout5.sass). A loop entered other than from the instruction
    above it keeps the `mov` inside, at its block's top, where every path
    to the FMA passes. Returns the number of `mov`s."""
    from .lower import BRANCHES, _block_ids, backward_branches
    instrs = fn.instrs
    ids = _block_ids(instrs, fn.labels)
    loops = backward_branches(instrs, fn.labels)
    first = {}
    for k, b in enumerate(ids):
        first.setdefault(b, k)

    def fallen_into(top, end):
        """Only the instruction above the loop leads into it, besides its own branches back."""
        above = instrs[top - 1] if top > 0 else None
        if above is None or above.opcode in BRANCHES and above.guard is None:
            return False
        names = {name for name, k in fn.labels.items() if k == top}
        return not any(ins.opcode == "bra" and ins.operands and ins.operands[0].value in names
                       and not top <= j <= end for j, ins in enumerate(instrs))

    regs, movs, out = {}, {}, []
    for k, ins in enumerate(instrs):
        j = _second_constant(ins)
        if j is None or ins.suffixes[-1] not in ("f32", "f64"):
            out.append(ins)
            continue
        tops = [top for top, end in loops if top <= k <= end and fallen_into(top, end)]
        at = (min(tops), True) if tops else (first[ids[k]], False)      # (index, before its labels)
        ty, o = ins.suffixes[-1], ins.operands[j]
        key = (at, ty, repr(o.value))
        if key not in regs:
            code = C.TYPE[ty]
            r = _new_reg(fn, Reg("%__k", C.K_R64 if ty == "f64" else C.K_R32, 0, code), f"c{len(regs)}")
            regs[key] = r
            movs.setdefault(at[0], []).append((at[1], _ins(ins, "mov", [ty], [_reg_op(ins, r), copy.copy(o)])))
        ops = list(ins.operands)
        ops[j] = replace(o, kind="reg", reg=regs[key], value=None, is_float_lit=False)
        out.append(replace(ins, operands=ops))
    if not regs:
        return 0
    fn.instrs = out                        # one for one: the labels still hold
    s = Splice(fn)
    for k, ins in s:                       # a loop's movs above its labels, a block's below them
        here = movs.get(k, [])
        s.out.extend(m for above, m in here if above)
        s.mark(k)
        s.out.extend(m for above, m in here if not above)
        s.out.append(ins)
    s.close()
    return len(regs)


def _more_signed(proto, q, t, bound, ind, span):
    """q = at least span / S + 1 more iterations of a signed 32-bit `i < B`
    loop are certain: ptxas's 2 instructions, `IADD3 R, -i, B; ISETP.GT R,
    span` (gemv_warp's and row_softmax's SASS; softmax_naive's unsigned loops
    recompiled with `setp.lt.s32` get the same pair, with `setp.lt.u32` the
    unsigned test's 3). ptxas's subtraction wraps, as if a signed counter
    never overflowed; `sub.sat.s32` clamps instead, so that q is exactly
    B - i > span (no more iterations run than the loop's own test allows,
    whatever the values), in the same 2 instructions."""
    return [_ins(proto, "sub", ["sat", "s32"], [t, copy.copy(bound), _reg_op(proto, ind)]),
            _ins(proto, "setp", ["gt", "s32"], [q, copy.copy(t), _imm(proto, span)])]


def _set_pred(proto, r, value):
    """A predicate set to a constant, as ptxas's `PLOP3.LUT P, PT, PT, PT, PT, 0x80|0x8`
    (one instruction): `setp.eq|ne.u32 r, 0, 0`."""
    return _ins(proto, "setp", ["eq" if value else "ne", "u32"], [_reg_op(proto, r), _imm(proto, 0), _imm(proto, 0)])


def _peeled(fn, table, instrs, top, end, body, cmp, serial):
    """ptxas's first-iteration peeling of a do-while `lt` loop (softmax_naive's,
    softmax_online's and attention_naive's row loops in their SASS): the body
    once, every instruction predicated on `!(i < B)`, ahead of the unrolled
    loop, which then runs as a while loop (`do body while (i < B)` is
    `if (!(i < B)) body; while (i < B) body`). Predicates the body writes
    before reading them (ex2's range test) become fresh ones that start at
    their `off` value (ptxas's PLOP3 of P0 to true), so the instructions they
    guard stay off too. Returns (pin, the copy) or None where a copy cannot be
    predicated: a barrier in the body, a guard that is not such a predicate."""
    pin = _new_reg(fn, Reg("%__pin", C.K_PRED, 0, C.T_PRED), f"{serial}")
    temps = {_key(r): r for r in _temporaries(instrs, top, end, table)}
    outside = set()
    for k, ins in enumerate(instrs):
        if not top <= k <= end:
            outside.update(_key(r) for r in sum(defs_uses(ins, table), []))
    polarity, rename = {}, {}
    for ins in body:
        if _is_barrier(ins):
            return None
        if ins.guard is None:
            continue
        key = _key(ins.guard)
        if key not in temps or temps[key].kind != C.K_PRED or key in outside \
                or polarity.setdefault(key, ins.guard_neg) != ins.guard_neg:
            return None
        rename[key] = _new_reg(fn, ins.guard, f"__p{serial}")
    out = []
    for key, r in rename.items():
        # off: false for `@h`, true for `@!h`
        out.append(_set_pred(body[0], r, polarity[key]))
    for ins in body:
        ins = _rename(ins, rename)
        if ins.guard is None:
            ins = replace(ins, guard=pin, guard_neg=True)
        out.append(ins)
    return pin, out


def _copies(fn, table, instrs, top, end, body, n, tag):
    """n copies of the loop body, each copy's temporaries (registers the body
    writes before reading) renamed apart. The last copy keeps the original
    names, so a temporary read after the loop (softmax_online's %v, %t, %e
    are reused by the code after its loops) still holds the last iteration's
    value; no value flows from one iteration to the next through a
    temporary, so the earlier copies' renamed ones are dead at the loop's
    end. This is the renaming ptxas does: softmax_online's SASS loads its 4
    unrolled x values into 4 registers (R15, R18, R16, R14)."""
    temps = _temporaries(instrs, top, end, table)
    block = []
    for c in range(n):
        names = {} if c == n - 1 else {_key(r): _new_reg(fn, r, f"{tag}.{c}") for r in temps}
        block.extend(_rename(ins, names) for ins in body)
    return block


def _schedule_copies(block, table):
    """The unrolled copies with their steps folded, list-scheduled between
    barriers (nothing moves across one but read-only global loads:
    _read_only_loads_ahead)."""
    return _between_barriers(fold_steps(block, table), table)


def _temporaries(instrs, top, end, table):
    body = instrs[top:end]
    seen_use, first_def = set(), {}
    for ins in body:
        d, u = defs_uses(ins, table)
        for r in u:
            if _key(r) not in first_def:
                seen_use.add(_key(r))
        for r in d:
            first_def.setdefault(_key(r), r)
    return [r for key, r in first_def.items() if key not in seen_use]


def _key(r):
    """A register's identity: its file and number (copies of Reg objects compare equal)."""
    return (r.kind, r.index)


def _rename(ins, names):
    def reg(r):
        return names.get(_key(r), r) if r is not None else None

    def opnd(o):
        o = replace(o, reg=reg(o.reg), pair=opnd(o.pair) if o.pair is not None else None,
                    elems=[opnd(e) for e in o.elems] if o.elems else o.elems)
        if o.kind == "addr" and isinstance(o.base, Reg):
            o.base = reg(o.base)
        return o
    return replace(ins, operands=[opnd(o) for o in ins.operands], guard=reg(ins.guard))


def _schedule(block, table, priority=None):
    """List scheduling of a straight-line block: register dependences (read
    after write, write after read, write after write) and memory order (a
    store after every earlier access that may alias it and before every
    later one: the same state space, or a generic address; _may_alias),
    priority the longest latency-weighted path to the end, or the given one
    (a key per instruction, the highest ready one first); in a block of more
    than ALL_LOADS_AHEAD global loads, no global load while MAX_LOADS_AHEAD
    are unread and something else is ready; no shared load while shared
    loads of SHARED_REGS_AHEAD registers are unread and something else is
    ready."""
    n = len(block)
    du = [defs_uses(ins, table) for ins in block]
    preds = [set() for _ in range(n)]
    reads = [set() for _ in range(n)]          # the instructions whose results each one reads
    last_def, reads_since = {}, {}
    mem = []                                   # (index, state space, is a store) of earlier accesses
    for k, ins in enumerate(block):
        d, u = du[k]
        for r in u:
            if _key(r) in last_def:
                reads[k].add(last_def[_key(r)])
        preds[k] |= reads[k]
        for r in d:
            if _key(r) in last_def:
                preds[k].add(last_def[_key(r)])
            preds[k].update(reads_since.get(_key(r), ()))
        for r in u:
            reads_since.setdefault(_key(r), []).append(k)
        for r in d:
            last_def[_key(r)] = k
            reads_since[_key(r)] = []
        if ins.opcode in ("ld", "st", "ldu", "prefetch"):
            sp, store = _space(ins), ins.opcode == "st"
            preds[k].update(j for j, sp_j, store_j in mem
                            if sp_j is None or (store or store_j) and _may_alias(sp, sp_j))
            mem.append((k, sp, store))
        elif ins.opcode == "cp":
            # a copy reads global memory and writes shared memory; its group's commit stays
            # after it (and a wait is a segment's end: _between_barriers)
            preds[k].update(j for j, sp_j, store_j in mem if sp_j is None or _may_alias("shared", sp_j)
                            or store_j and _may_alias("global", sp_j))
            mem.append((k, None if "commit_group" in ins.suffixes else "shared", True))
            if "commit_group" not in ins.suffixes:
                mem.append((k, "global", False))
        elif _reads_clock(ins):
            # a clock read stays where it is among the memory accesses (and other clock
            # reads): it times them, and ptxas keeps it there (the SASS of
            # programs/micro/latency_dist.s: each CS2R right after its load)
            preds[k].update(j for j, _, _ in mem)
            mem.append((k, None, False))
        preds[k].discard(k)
    succs = [[] for _ in range(n)]
    for k in range(n):
        for p in preds[k]:
            succs[p].append(k)
    height = [0] * n
    for k in range(n - 1, -1, -1):
        w = 4
        if block[k].opcode in ("ld", "ldu"):
            w = SHARED_LOAD_WEIGHT if _space(block[k]) == "shared" else LOAD_WEIGHT
        height[k] = w + max((height[s] for s in succs[k]), default=0)
    left = [len(p) for p in preds]
    ready = [k for k in range(n) if left[k] == 0]
    order = []
    pick = (lambda j: (height[j], -j)) if priority is None else priority.__getitem__
    shared_ahead = set()                       # shared loads scheduled that nothing scheduled has read
    sregs = [sum(2 if r.kind == C.K_R64 else 1 for r in du[k][0]) for k in range(n)]
    ahead = set()                              # global loads scheduled whose results nothing scheduled has read
    cap = MAX_LOADS_AHEAD if sum(map(_global_load, block)) > ALL_LOADS_AHEAD else n
    while ready:
        # past the cap of loads unread, a load waits for something else that is ready
        held = len(ahead) >= cap and [j for j in ready if not _global_load(block[j])]
        if sum(sregs[j] for j in shared_ahead) >= SHARED_REGS_AHEAD:
            held = [j for j in (held or ready) if not _shared_load(block[j])] or held
        k = max(held or ready, key=pick)
        ready.remove(k)
        order.append(block[k])
        ahead -= reads[k]
        shared_ahead -= reads[k]
        if _global_load(block[k]):
            ahead.add(k)
        if _shared_load(block[k]):
            shared_ahead.add(k)
        for s in succs[k]:
            left[s] -= 1
            if left[s] == 0:
                ready.append(s)
    assert len(order) == n
    return order


def _is_async_wait(ins):
    """cp.async.wait_group / wait_all: nothing moves across it (the copies it waits for, the shared
    loads that read what they wrote)."""
    return ins.opcode == "cp" and ("wait_group" in ins.suffixes or "wait_all" in ins.suffixes)


def _shared_load(ins):
    """A load from shared memory."""
    return ins.opcode in ("ld", "ldu") and _space(ins) == "shared"


def _global_load(ins):
    """A load that goes to the L1/L2 (global or generic state space)."""
    return ins.opcode in ("ld", "ldu") and _space(ins) in ("global", "generic")


def _reads_clock(ins):
    """The instruction reads %clock or %clock64."""
    return any(o.kind == "sreg" and str(o.value) in ("%clock", "%clock64") for o in ins.operands)


def _is_step(ins):
    """`add r, r, imm` on an integer register, unguarded."""
    return ins.opcode == "add" and ins.guard is None and ins.suffixes[-1][0] in "sub" \
        and ins.suffixes[-1][1:] in ("32", "64") and len(ins.operands) == 3 \
        and ins.operands[0].kind == "reg" and ins.operands[1].kind == "reg" and ins.operands[2].kind == "imm" \
        and _key(ins.operands[0].reg) == _key(ins.operands[1].reg)


def _only_address_base(ins, key, table):
    """The instruction is a ld/st that reads register `key` only as its address base."""
    if ins.opcode not in ("ld", "st") or ins.guard is not None and _key(ins.guard) == key:
        return False
    if key in {_key(r) for r in defs_uses(ins, table)[0]}:
        return False
    seen = 0
    for o in ins.operands:
        if o.kind == "addr" and isinstance(o.base, Reg) and _key(o.base) == key:
            seen += 1
        elif key in {_key(r) for r in _regs_of(o, [])}:
            return False
    return seen == 1


def fold_steps(block, table):
    """Fold the unrolled copies' constant steps, as ptxas does: `add r, r, c`
    repeated U times becomes one `add r, r, U*c` at the block's end, and a
    load or store between them that takes r as its address reads
    [r + (the steps so far)] instead (matmul_naive's SASS: `LDG [R6.64+0x4]`,
    `+0x8`, `+0xc` and one 64-bit add of 16 per 4 iterations). Any other read
    or write of r first receives the steps so far."""
    pending = {}                   # key -> [step instruction, total so far]
    out = []

    def flush(key):
        proto, total = pending.pop(key)
        if total:
            out.append(replace(proto, operands=[proto.operands[0], proto.operands[1],
                                                replace(proto.operands[2], value=total)]))
    for ins in block:
        if _is_step(ins):
            key = _key(ins.operands[0].reg)
            step = int(ins.operands[2].value)
            if key in pending:
                pending[key][1] += step
            else:
                pending[key] = [ins, step]
            continue
        d, u = defs_uses(ins, table)
        touched = {_key(r) for r in d + u} & set(pending)
        for key in sorted(touched):
            if _only_address_base(ins, key, table):
                ops = [replace(o, offset=o.offset + pending[key][1])
                       if o.kind == "addr" and isinstance(o.base, Reg) and _key(o.base) == key else o
                       for o in ins.operands]
                ins = replace(ins, operands=ops)
            else:
                flush(key)
        out.append(ins)
    for key in list(pending):
        flush(key)
    return out
