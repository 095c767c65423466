"""ptxas's convergence barriers: BSSY before a branch that may split a warp,
BSYNC where its two paths meet (part of the `ptxas` lowering, lower.py).

Since Volta, a warp's threads are scheduled independently, and the compiler
marks where they must reconverge: `BSSY Bn, join` before a branch that may
diverge records the join, and `BSYNC Bn` at the join waits for every thread
that passed the BSSY. Both are SASS instructions that smsp__inst_executed
counts. What is modeled, as read from the SASS (`ptxas -arch=sm_90 -O3`,
`cuobjdump -sass`, CUDA 13.0) of divergence, softmax_naive, softmax_online
and attention_naive's attn_softmax:

- a conditional branch may diverge when its predicate is varying: computed
  from %tid, %laneid, a load that is not from .param/.const, a shuffle or an
  atomic, or a value written inside a region where the warp may be split
  (ptxas treats divergence's odd-side loop counter, a copy of a kernel
  parameter decremented inside the `if`, as varying: its loops there carry
  BSSY/BSYNC). matmul_naive's loops, counted on a parameter outside any
  such region, have none;
- one BSSY/BSYNC pair per join (the branches' immediate post-dominator):
  softmax_naive's row loops share one pair (B0) between the `lane < C` skip
  and the loop's exit, the unrolled loop and the 2-iteration stage have one
  each (B1); the BSSY goes before the first branch (or the header of the
  first loop) with that join, the BSYNC at the join;
- a branch whose join is the kernel's exit has none: ptxas makes it a
  predicated EXIT (`@P0 EXIT` in every kernel's bounds check). A join at a
  predicated exit is not the kernel's exit: row_softmax's rcp.rn.f32, whose
  join is the `@P0 EXIT` of the store loop's skip, has its pair (ieee.py).

- a warp split by a branch issues the BSYNC at its join once per path, as
  each path's threads arrive at it (divergence#0: 134 instructions a warp
  on the H200, 133 in its SASS listing; hist_aggregated's `BSYNC B0`, where
  the lanes that skip the `if`, the leaders and the other lanes of it
  arrive apart): the assembler marks the BSYNC (C.F_BSYNC) and the SIMT
  stack (exec/warp.py step) lets each path issue it before they meet.

Not modeled: ptxas if-converts short regions (divergence's 2-iteration
stage is predicated, without a branch or BSSY); where ptxas places the BSSY
inside a region (after the skip of an unrolled loop).
Each BSSY and BSYNC is an issue slot with no result: a `mov` of 0 to a
register nothing reads, as add_prologue's LDC and ULDC.
"""
from .codes import K_R32, T_B32
from .cfg import immediate_postdominators
from .parser import Instr, Operand, Reg
from .splice import Splice
from .unroll import _key, defs_uses

# the registers the BSSY/BSYNC stand-ins write: their names (the assembler marks a BSYNC C.F_BSYNC)
BSSY_NAME, BSYNC_NAME = "%__bssy", "%__bsync"
VARYING_SREGS = ("%tid", "%laneid", "%warpid", "%lanemask", "%clock", "%smid", "%globaltimer")
VARYING_OPS = {"atom", "shfl", "red", "activemask", "match"}
EXITS = {"ret", "exit", "trap"}


def _successors(instrs, labels):
    n = len(instrs)
    succ = []
    for i, ins in enumerate(instrs):
        if ins.opcode == "bra":
            s = [labels.get(ins.operands[0].value, n)]
            if ins.guard is not None:
                s.append(i + 1)
        elif ins.opcode in EXITS:
            s = [n] if ins.guard is None else [i + 1, n]
        else:
            s = [i + 1]
        succ.append(sorted(set(min(x, n) for x in s)))
    return succ


def _reads_varying_source(ins):
    if ins.opcode in VARYING_OPS:
        return True
    if ins.opcode in ("ld", "ldu") and not any(s in ins.suffixes for s in ("param", "const")):
        return True
    return any(o.kind == "sreg" and str(o.value).startswith(VARYING_SREGS) for o in ins.operands)


def divergent_branches(instrs, labels, table):
    """{branch index: join index} of the conditional branches whose predicate
    may differ between a warp's threads (the module doc), with their join
    (immediate post-dominator); branches whose join is the exit are left out."""
    n = len(instrs)
    ipdom = immediate_postdominators(_successors(instrs, labels)) if n else []
    du = [defs_uses(ins, table) for ins in instrs]
    varying, in_region = set(), [False] * n
    branches = {}
    changed = True
    while changed:
        changed = False
        for k, ins in enumerate(instrs):
            d, u = du[k]
            if in_region[k] or _reads_varying_source(ins) or any(_key(r) in varying for r in u):
                for r in d:
                    if _key(r) not in varying:
                        varying.add(_key(r))
                        changed = True
            if ins.opcode == "bra" and ins.guard is not None and _key(ins.guard) in varying and k not in branches:
                join = int(ipdom[k])
                if join >= n or instrs[join].opcode in EXITS and instrs[join].guard is None:
                    continue
                branches[k] = join
                target = labels.get(ins.operands[0].value, n)
                lo, hi = (k + 1, join) if target > k else (target, k + 1)
                for j in range(lo, hi):
                    if not in_region[j]:
                        in_region[j] = True
                        changed = True
    return branches


def add_convergence_barriers(fn, table):
    """Insert ptxas's BSSY/BSYNC pairs (the module doc). Returns the number of pairs."""
    instrs, labels = fn.instrs, fn.labels
    branches = divergent_branches(instrs, labels, table)
    first = {}
    for k, join in branches.items():
        target = labels.get(instrs[k].operands[0].value, len(instrs))
        first[join] = min(first.get(join, k), k, target)
    if not first:
        return 0
    backward = {instrs[k].operands[0].value for k in range(len(instrs))
                if instrs[k].opcode == "bra" and labels.get(instrs[k].operands[0].value, len(instrs)) <= k}
    bssy = {p: sum(1 for q in first.values() if q == p) for p in set(first.values())}
    bsync = set(first)
    s, count = Splice(fn), 0
    out = s.out

    def nop(proto, name):
        nonlocal count
        count += 1
        r = Reg(f"{name}{count}", K_R32, fn.nregs[K_R32], T_B32)
        fn.nregs[K_R32] += 1
        return Instr("mov", ["b32"], [Operand("reg", proto.line, proto.col, reg=r),
                                      Operand("imm", proto.line, proto.col, value=0)],
                     line=proto.line, col=proto.col, text=proto.text)
    moved = {}
    for k, ins in s:
        if k in bsync:
            moved[k] = len(out)                  # branches to the join pass its BSYNC
            out.append(nop(ins, BSYNC_NAME))
        for _ in range(bssy.get(k, 0)):
            out.append(nop(ins, BSSY_NAME))
        s.mark(k)
        out.append(ins)
    s.close(place=lambda name, k: moved.get(k) if name not in backward else None)
    return len(first)
