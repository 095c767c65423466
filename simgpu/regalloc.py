"""Registers per thread, estimated from the program the way a register
allocator sees it: the largest number of 32-bit registers live at once.

Liveness is the classic backward data-flow over the control-flow graph
(a register is live at an instruction if some path from there reads it
before writing it); a 64-bit register counts as two 32-bit ones, predicates
live in their own file and do not count. ptxas's real allocation differs
(it renames, rematerializes and reserves a few registers), so this is an
estimate: pass regs_per_thread= to launch() to use the number ptxas reports
(`ptxas -v`, or `launch__registers_per_thread` in Nsight Compute).
"""
from .ptx import codes as C
from .ptx.cfg import live_in as liveness, successors
from .ptx.registers import register_slots


def max_live_registers(prog):
    n = prog.n
    if n == 0:
        return 1
    uses, defs = [], []
    for i in range(n):
        u, d = 0, 0
        for k, kind, r, written in register_slots(prog, i):
            if kind == C.K_PRED:
                continue
            bit = 1 << (2 * r + int(kind == C.K_R64))
            if written:
                d |= bit
            else:
                u |= bit
        uses.append(u)
        defs.append(d if prog.guard[i] < 0 else 0)      # a guarded write may not happen
    target = [int(prog.obits[i, 0]) if prog.op[i] == C.OP_BRA else -1 for i in range(n)]
    succ = successors(prog.op, prog.guard >= 0, target, n)
    live_in = liveness(succ, uses, defs)
    # bit 2r is 32-bit register r, bit 2r+1 is 64-bit register r (two 32-bit slots)
    even = int("01" * (max(prog.nregs32, prog.nregs64) + 1), 2)
    best = 0
    for i in range(n):
        v = live_in[i] | defs[i]
        best = max(best, bin(v & even).count("1") + 2 * bin(v & (even << 1)).count("1"))
    return max(best, 1)
