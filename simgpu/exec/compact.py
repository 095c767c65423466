"""Where the executor keeps each register: the program's registers packed into
as few rows as their lifetimes allow. A host-speed matter only, not a model
of ptxas's allocation (regalloc.py estimates that) and not part of the
timing model: the values every thread computes are the same, and so are
every cycle and counter.

Why: a warp's registers are rows of 32 lanes (exec/state.py: 128 bytes a
32-bit row), one per register the PTX names. PTX names a fresh register for
nearly every value (matmul_tiled names 58 32-bit ones, of which 28 are live
at once), so a warp's rows spread over twice the host cache lines its live
values need, and thousands of resident warps leave the host's caches.

What changes: the executor's operand numbers (Program.arrays(): the `oreg`
column and the guard) and the row counts it sizes its register files with
(exec/state.make_warps). What does not: the Program itself, which every
other reader sees (the timing tables and their scoreboard slots, regalloc,
the emitters, traces and error messages show the program's own names).

The rule is the register allocator's interference graph (Chaitin et al.,
"Register allocation via coloring", 1981) on the per-thread control-flow
graph (ptx/cfg.py): two registers of one file share a row unless one is
written while the other is live. Per thread is right under divergence: a
lane runs a path of that graph, and a write to a row changes only the lanes
that run it (masked and guarded writes leave the others alone). More
conservative than an allocator, so that nothing observable can change:
- a guarded write does not end a value's life (the guard may be false);
- an instruction's written registers share no row with each other or with
  anything it reads (its reads and writes happen in no promised order);
- registers read before any write on some path (their rows start as zeros,
  or as a previous block's values in a reused warp slot), the source of a
  shfl (it reads other lanes, active or not) and a bar's operands (read from
  lane 0) keep a row of their own.
"""
from collections import namedtuple

import numpy as np

from ..ptx import codes as C
from ..ptx.cfg import live_in as liveness, successors
from ..ptx.registers import register_slots

Storage = namedtuple("Storage", ["oreg", "guard", "nregs32", "nregs64", "npreds", "row", "flat", "groups"])
# oreg, guard, groups: the program's columns (and brace lists) with rows for register numbers; nregs*: rows per file;
# row[slot]: the row of each register in its file, by the register's scoreboard slot
# (timing/tables.reg_slot: 32-bit, then 64-bit, then predicates); flat[slot]: the
# same row numbered across the files the way reg_slot numbers registers (the 32-bit
# rows, then the 64-bit ones, then the predicates)


def _operands(prog, i):
    """(registers read, registers written, registers that need a row of their
    own) of instruction i, as slot numbers."""
    n32, n64 = prog.nregs32, prog.nregs64
    base = {C.K_R32: 0, C.K_R64: n32, C.K_PRED: n32 + n64}
    op = int(prog.op[i])
    uses, defs, own = set(), set(), set()
    for k, kind, r, written in register_slots(prog, i):
        s = base[kind] + r
        if written:
            defs.add(s)
        else:
            uses.add(s)
            if (op == C.OP_SHFL and k == 2) or (op in (C.OP_BAR, C.OP_BARRIER) and k >= 0):
                own.add(s)
    return uses, defs, own


def compact(prog):
    """The Storage of a Program (computed once, kept on it)."""
    got = getattr(prog, "_storage", None)
    if got is None:
        got = _compact(prog)
        prog._storage = got
    return got


def _compact(prog):
    n = prog.n
    n32, n64, npr = prog.nregs32, prog.nregs64, prog.npreds
    nslots = n32 + n64 + npr
    ops = [_operands(prog, i) for i in range(n)]
    uses = [sum(1 << s for s in u) for u, _, _ in ops]
    defs = [sum(1 << s for s in d) for _, d, _ in ops]
    kills = [d if prog.guard[i] < 0 else 0 for i, d in enumerate(defs)]
    target = [int(prog.obits[i, 0]) if prog.op[i] == C.OP_BRA else -1 for i in range(n)]
    succ = successors(prog.op, prog.guard >= 0, target, n)
    live_in = liveness(succ, uses, kills)       # node n, the exit, has nothing live
    own = live_in[0] if n else 0
    for _, _, o in ops:
        for s in o:
            own |= 1 << s
    # interference: what an instruction writes, against what is live after it,
    # what it reads and what else it writes
    conflict = [0] * nslots
    for i in range(n):
        if not defs[i]:
            continue
        out = 0
        for s in succ[i]:
            out |= live_in[s]
        around = out | uses[i] | defs[i]
        for s in _bits(defs[i]):
            conflict[s] |= around
        for s in _bits(around):
            conflict[s] |= defs[i]
    # colour each file greedily, registers in order of first mention
    order = []
    seen = set()
    for u, d, _ in ops:
        for s in sorted(d) + sorted(u):
            if s not in seen:
                seen.add(s)
                order.append(s)
    row = np.full(max(1, nslots), -1, np.int32)     # -1: a register the program never names
    counts = []
    for lo, hi in ((0, n32), (n32, n32 + n64), (n32 + n64, nslots)):
        taken = {}                        # slot -> row, this file
        private = set()                   # rows held by a register that shares with none
        nrows = 0
        for s in order:
            if not lo <= s < hi:
                continue
            if (own >> s) & 1:
                r = nrows
                private.add(r)
            else:
                busy = private | {taken[t] for t in _bits(conflict[s]) if t in taken and t != s}
                r = 0
                while r in busy:
                    r += 1
            taken[s] = r
            nrows = max(nrows, r + 1)
        for s, r in taken.items():
            row[s] = r
        counts.append(nrows)
    oreg = prog.oreg.copy()
    for i in range(n):
        for k in range(prog.okind.shape[1]):
            kind = int(prog.okind[i, k])
            if kind == C.K_R32:
                oreg[i, k] = row[prog.oreg[i, k]]
            elif kind == C.K_R64:
                oreg[i, k] = row[n32 + prog.oreg[i, k]]
            elif kind == C.K_PRED:
                oreg[i, k] = row[n32 + n64 + prog.oreg[i, k]]
            elif kind == C.K_ADDR and prog.oreg2[i, k] in (C.ABASE_R32, C.ABASE_R64):
                oreg[i, k] = row[(n32 if prog.oreg2[i, k] == C.ABASE_R64 else 0) + prog.oreg[i, k]]
    groups = prog.groups.copy()
    for i, k in zip(*(prog.okind == C.K_RGRP).nonzero()):     # each brace list is one operand's
        g, m = int(prog.oreg[i, k]), int(prog.obits[i, k])
        groups[g, :m] = row[prog.groups[g, :m] + (n32 if int(prog.oreg2[i, k]) == C.K_R64 else 0)]
    guard = prog.guard.copy()
    g = guard >= 0
    guard[g] = row[guard[g] + n32 + n64]
    flat = row.copy()
    flat[n32:n32 + n64] += counts[0]
    flat[n32 + n64:nslots] += counts[0] + counts[1]
    flat[row < 0] = -1
    return Storage(oreg, guard, counts[0], counts[1], counts[2], row, flat, groups)


def _bits(x):
    """The set bits of a non-negative int, as indices."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low
