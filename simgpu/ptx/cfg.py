"""Control-flow graph of a kernel and the immediate post-dominator of each
branch, where a divergent warp reconverges.

The rule (Fung et al., "Dynamic Warp Formation", MICRO 2007; GPGPU-Sim's
SIMT stack): when a branch splits a warp, both sides run masked, one after
the other, and the warp's lanes join again at the branch's immediate
post-dominator -- the first instruction every path from the branch must
reach. Computed here with Cooper, Harvey and Kennedy's iterative dominator
algorithm ("A Simple, Fast Dominance Algorithm", 2001) on the reversed graph,
at instruction granularity, with one virtual exit node after the last
instruction that every ret/exit (and falling off the end) leads to.
"""
from dataclasses import replace

import numpy as np

from . import codes as C

# instructions no code is moved past: control flow, barriers, fences
FLOW = frozenset({"bra", "brx", "call", "ret", "exit", "trap", "bar", "barrier", "membar", "fence"})


def branches_to_exit(instrs, labels):
    """A branch to an unguarded `ret`/`exit` is that exit, guarded as the branch was: ptxas
    makes `if (i >= n) return;` one `@P0 EXIT`. The lanes that leave then exit at once, rather
    than wait at the branch's reconvergence point for the warp's other lanes: so a block barrier
    that the remaining lanes reach completes, as on the H200, whose threads are scheduled
    independently (sm_70 and later), where a SIMT stack would hold the leaving lanes and the
    barrier would wait for them forever. Results are the same either way."""
    out = []
    for ins in instrs:
        if ins.opcode == "bra" and ins.operands and ins.operands[0].kind == "sym":
            k = labels.get(ins.operands[0].value)
            if k is not None and k < len(instrs) and instrs[k].opcode in ("ret", "exit") and instrs[k].guard is None:
                ins = replace(ins, opcode="exit", suffixes=[], operands=[])
        out.append(ins)
    return out


def successors(op, guarded, target, n):
    """Successor lists for n instructions; node n is the virtual exit."""
    succ = []
    for i in range(n):
        o = op[i]
        if o == C.OP_BRA:
            s = [int(target[i])]
            if guarded[i]:
                s.append(i + 1)
        elif o in (C.OP_RET, C.OP_EXIT):
            s = [n] if not guarded[i] else [i + 1, n]
        else:
            s = [i + 1]
        succ.append(sorted(set(min(x, n) for x in s)))
    return succ


def live_in(succ, uses, kills):
    """Liveness, the classic backward data flow to a fixed point: bit set s
    of instruction i's live-in is the registers some path from i reads before
    writing (uses[i] | (live-out & ~kills[i]), live-out the union over the
    successors); uses and kills are bit sets per instruction, index n (the
    exit) has nothing live."""
    n = len(uses)
    live = [0] * (n + 1)
    changed = True
    while changed:
        changed = False
        for i in range(n - 1, -1, -1):
            out = 0
            for s in succ[i]:
                out |= live[s]
            new = uses[i] | (out & ~kills[i])
            if new != live[i]:
                live[i] = new
                changed = True
    return live


def immediate_postdominators(succ):
    """ipdom[i] for every node; n (the virtual exit) where a node cannot reach the exit."""
    n = len(succ)
    exit_node = n
    pred = [[] for _ in range(n + 1)]            # predecessors in the original graph
    for i, ss in enumerate(succ):
        for s in ss:
            pred[s].append(i)
    # post-order of the reversed graph from the exit (iterative DFS over predecessors)
    order, seen = [], np.zeros(n + 1, dtype=bool)
    stack = [(exit_node, iter(pred[exit_node]))]
    seen[exit_node] = True
    while stack:
        node, it = stack[-1]
        for p in it:
            if not seen[p]:
                seen[p] = True
                stack.append((p, iter(pred[p])))
                break
        else:
            order.append(node)
            stack.pop()
    po_num = np.full(n + 1, -1, dtype=np.int64)
    for k, node in enumerate(order):
        po_num[node] = k
    rpo = order[::-1]
    idom = np.full(n + 1, -1, dtype=np.int64)
    idom[exit_node] = exit_node

    def intersect(a, b):
        while a != b:
            while po_num[a] < po_num[b]:
                a = idom[a]
            while po_num[b] < po_num[a]:
                b = idom[b]
        return a

    changed = True
    while changed:
        changed = False
        for node in rpo:
            if node == exit_node:
                continue
            new = -1
            for s in succ[node]:           # successors are the reversed graph's predecessors
                if idom[s] != -1:
                    new = s if new == -1 else intersect(s, new)
            if new != -1 and idom[node] != new:
                idom[node] = new
                changed = True
    idom[idom == -1] = exit_node                 # nodes that never reach an exit
    return idom[:n]
