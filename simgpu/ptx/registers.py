"""Which registers an instruction of a Program reads and writes: the one reading of the
operand slots that the register packing (exec/compact.py), the register estimate
(regalloc.py), the timing tables' scoreboard (timing/tables.py) and the uniform-datapath
rule (timing/uniform.py) all share.
"""
from . import codes as C

_NO_DEST = (C.OP_ST, C.OP_RED, C.OP_BRA, C.OP_RET, C.OP_EXIT, C.OP_MEMBAR, C.OP_FENCE, C.OP_PREFETCH,
            C.OP_NOP, C.OP_NANOSLEEP, C.OP_CALL, C.OP_STMATRIX)
REG_KINDS = (C.K_R32, C.K_R64, C.K_PRED)


def dest_slots(op, sub, vec):
    """The operand slots instruction (op, sub, vec) writes (assemble.py's slot conventions)."""
    if op in _NO_DEST:
        return ()
    if op in (C.OP_SETP, C.OP_SHFL, C.OP_MATCH):
        return (0, 1)
    if op in (C.OP_LD, C.OP_LDU) or (op == C.OP_MOV and sub == 2):
        return tuple(range(vec))
    return (0,)


def register_slots(prog, i):
    """(slot, kind, register, written) for every register instruction i names, in slot
    order: an address's base register is read, a brace list (K_RGRP) gives each of its
    registers, and the guard predicate comes last with slot -1."""
    dests = dest_slots(int(prog.op[i]), int(prog.sub[i]), int(prog.vec[i]))
    out = []
    for k in range(prog.okind.shape[1]):
        kind = int(prog.okind[i, k])
        if kind in REG_KINDS:
            out.append((k, kind, int(prog.oreg[i, k]), k in dests))
        elif kind == C.K_ADDR and int(prog.oreg2[i, k]) in (C.ABASE_R32, C.ABASE_R64):
            base = C.K_R32 if int(prog.oreg2[i, k]) == C.ABASE_R32 else C.K_R64
            out.append((k, base, int(prog.oreg[i, k]), False))
        elif kind == C.K_RGRP:
            g, n, file = int(prog.oreg[i, k]), int(prog.obits[i, k]), int(prog.oreg2[i, k])
            out.extend((k, file, int(r), k in dests) for r in prog.groups[g, :n])
    if prog.guard[i] >= 0:
        out.append((-1, C.K_PRED, int(prog.guard[i]), False))
    return out


def reads_writes(prog, i):
    """(registers written, registers read) of instruction i as (kind, register) pairs, in slot order."""
    written, read = [], []
    for _, kind, r, w in register_slots(prog, i):
        (written if w else read).append((kind, r))
    return written, read
