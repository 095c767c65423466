"""Which instructions run on the uniform datapath.

Since Turing each SM sub-partition has, beside its 32-lane pipes, a
*uniform datapath*: integer instructions on uniform registers (UR0-UR63),
values every lane of the warp shares, executed once for the warp (ULEA,
UIADD3, USHF, ULOP3, UISETP, UIMAD, USEL). ptxas puts there the integer
arithmetic of values that depend only on constants, the block's index and
other such values -- loop counters, shared-memory bases, tile offsets --
when no lane can hold another value: never under a branch that splits the
warp. Each takes 1.5 cycles of the integer (ALU) pipe's time where a
32-lane instruction takes 2 (measured: programs/micro/uniform_pipe.s,
`interval_uniform_cycles`), so a kernel whose loops keep their bookkeeping
there (scan_block's ping-pong buffer index and stride: 4 of its loop's 16
instructions, ptxas 13.0's SASS in traces/ptxas/sm90_programs.sass) is
throttled by its ALU less than its PTX suggests. Nsight Compute counts them in `smsp__inst_executed_pipe_uniform`
(traces/h200/pipes.json: scan_block 37.0 a warp, its loop's 4 times 9
passes and the prologue's ULEA; UMOV, ULDC and S2UR are not counted there).

The rule here, read off that SASS: a register is uniform when every
instruction that writes it is an integer ALU instruction (not a move: UMOV
is no uniform-pipe instruction) or a move whose sources are all immediates,
%ctaid (S2UR), 32-bit parameters (constant operands: ULDC) or uniform
registers, and none of them lies where the warp may be split (between a
branch on a non-uniform predicate and its reconvergence point, or in a loop
left by one). %tid, %laneid and the like are per lane; %ntid, %nctaid and
64-bit parameters are LDCs into vector registers (timing/tables.py ldc_kind,
as in scan_block's `ISETP.LE.U32 P0, PT, R4, UR6`, the loop test against
%ntid); loaded values are per lane. An instruction runs on the uniform
datapath when it is such an integer ALU instruction writing a uniform
register, and a shared variable's address (ptxas's ULEA of the block's
shared window); a counter that only its loop's test reads stays in a
vector register (_loop_counting). What ptxas also weighs (register
pressure; moving some of many uniform chains to vector registers, as in
uniform_pipe.s's thr_mixed) is not modeled.
"""
import numpy as np

from ..ptx import codes as C
from ..ptx.registers import reads_writes

# integer operations the uniform datapath has (ULEA/UIADD3/UIMAD/USHF/ULOP3/UISETP/USEL/UPRMT/...)
UNIFORM_OPS = frozenset((C.OP_ADD, C.OP_SUB, C.OP_MUL, C.OP_MAD, C.OP_MUL24, C.OP_MAD24, C.OP_MIN, C.OP_MAX,
                         C.OP_AND, C.OP_OR, C.OP_XOR, C.OP_NOT, C.OP_CNOT, C.OP_LOP3, C.OP_SHL, C.OP_SHR,
                         C.OP_SHF, C.OP_SETP, C.OP_SELP, C.OP_CVT, C.OP_PRMT, C.OP_BFE, C.OP_BFI,
                         C.OP_POPC, C.OP_CLZ, C.OP_BREV))
# what every lane of a warp reads alike: the block's index and shape, the grid's
WARP_UNIFORM_SREGS = frozenset((C.SR_CTAID_X, C.SR_CTAID_Y, C.SR_CTAID_Z, C.SR_NTID_X, C.SR_NTID_Y, C.SR_NTID_Z,
                                C.SR_NCTAID_X, C.SR_NCTAID_Y, C.SR_NCTAID_Z, C.SR_GRIDID))
# of those, what ptxas reads into a uniform register (S2UR); %ntid and %nctaid are LDCs into vector registers
UR_SREGS = frozenset((C.SR_CTAID_X, C.SR_CTAID_Y, C.SR_CTAID_Z))
# instructions whose result may differ between lanes whatever their sources
PER_LANE_OPS = frozenset((C.OP_ATOM, C.OP_SHFL, C.OP_VOTE, C.OP_ACTIVEMASK, C.OP_REDUX, C.OP_MATCH,
                          C.OP_MOVMATRIX))


def _operands(prog, i):
    """(registers written, registers read, special registers read, whether it reads memory) of instruction i."""
    written, read = reads_writes(prog, i)
    sregs = [int(prog.oreg[i, k]) for k in range(prog.okind.shape[1]) if prog.okind[i, k] == C.K_SREG]
    memory = bool((prog.okind[i] == C.K_ADDR).any())
    return written, read, sregs, memory


def _integer(prog, i):
    types = [int(prog.ty[i])] + ([int(prog.ty2[i])] if int(prog.op[i]) == C.OP_CVT else [])
    return all(C.TYPE_KIND[t] != C.KIND_FLOAT for t in types)


def _param(prog, i):
    """The bytes instruction i loads from the parameter space (0: not a parameter load)."""
    if int(prog.op[i]) in (C.OP_LD, C.OP_LDU) and int(prog.space[i]) == C.SPACE_PARAM:
        return C.TYPE_BITS[int(prog.ty[i])] * max(1, int(prog.vec[i])) // 8
    return 0


def _split_ranges(prog, split_branches):
    """pcs where the warp may run split: after each branch on a non-uniform
    predicate up to its reconvergence point, and the whole of a loop such a
    branch closes."""
    inside = np.zeros(prog.n, bool)
    for b in split_branches:
        target = int(prog.obits[b, 0])
        reconv = int(prog.ipdom[b]) if prog.ipdom[b] >= 0 else prog.n
        if target > b:
            inside[b + 1:max(reconv, b + 1)] = True
        else:
            inside[target:max(reconv, b + 1)] = True
    return inside


def _fixpoint(prog, rows, candidate, split_from=None):
    """(bool per instruction: writes a uniform value, the registers that are
    not uniform). candidate[i]: instruction i writes a uniform value if its
    registers read are uniform and it does not run split; where the warp runs
    split comes from split_from's registers (a (uniform, per_lane) pair), or
    from this analysis itself."""
    n = prog.n
    per_lane = set()
    while True:
        lanes = split_from if split_from is not None else per_lane
        split = [i for i in range(n) if prog.op[i] == C.OP_BRA and prog.guard[i] >= 0
                 and (C.K_PRED, int(prog.guard[i])) in lanes]
        uniform = candidate & ~_split_ranges(prog, split)
        for i in np.flatnonzero(uniform):
            if any(r in per_lane for r in rows[i][1]):
                uniform[i] = False
        grown = set(per_lane)
        for i in np.flatnonzero(~uniform):
            grown.update(rows[i][0])
        if grown == per_lane:
            return uniform, per_lane
        per_lane = grown


def uniform_instructions(prog):
    """A bool per instruction: does it run on the uniform datapath (the module's rule)."""
    n = prog.n
    ops = [int(o) for o in prog.op]
    rows = [_operands(prog, i) for i in range(n)]
    # the same in every lane (where the warp may run split)
    same = np.array([bool(_param(prog, i)) or (not rows[i][3] and ops[i] not in PER_LANE_OPS
                     and all(s in WARP_UNIFORM_SREGS for s in rows[i][2])) for i in range(n)], bool)
    _, per_lane = _fixpoint(prog, rows, same)
    # held in a uniform register
    ur = np.array([(0 < _param(prog, i) <= 4) or ((ops[i] == C.OP_MOV or ops[i] in UNIFORM_OPS)
                   and _integer(prog, i) and not rows[i][3] and all(s in UR_SREGS for s in rows[i][2]))
                   for i in range(n)], bool)
    ur &= ~_loop_counting(prog, rows)
    in_ur, _ = _fixpoint(prog, rows, ur, per_lane)
    # (an instruction of constants only is ptxas's to fold, or a PLOP3 setting a predicate: not here)
    alu = np.array([len(rows[i][0]) > 0 and ((op in UNIFORM_OPS and bool(rows[i][1] or rows[i][2]))
                                             or (op == C.OP_MOV and bool(prog.flags[i] & C.F_SHARED_SYM)))
                    for i, op in enumerate(ops)], bool)
    return in_ur & alu


def _loop_counting(prog, rows):
    """The instructions that only count a loop's passes: those writing a
    register read by nothing but itself and compares whose predicates only
    guard branches, and those compares. ptxas keeps such counters in vector
    registers (IADD3 R3, R3, -0x4 and ISETP.GT.AND P1, PT, R3, 0x3 in wave's
    and matmul_tiled's unrolled loops: traces/ptxas/sm90_programs.sass),
    where the same count read by other instructions, as scan_block's stride,
    is a uniform register (USHF.L.U32 UR6)."""
    n = prog.n
    readers = {}
    for i in range(n):
        for r in rows[i][1]:
            readers.setdefault(r, set()).add(i)

    def only_guards_branches(i, seen=()):
        """Whether the predicates compare i writes reach only branches (through other compares)."""
        return all(prog.op[j] == C.OP_BRA or (prog.op[j] == C.OP_SETP and (j == i or j in seen
                                                                            or only_guards_branches(j, seen + (i,))))
                   for p in rows[i][0] for j in readers.get(p, ()))

    out = np.zeros(n, bool)
    for i in range(n):
        for r in rows[i][0]:
            if r[0] == C.K_PRED:
                continue
            users = readers.get(r, set())
            if any(prog.op[j] == C.OP_SETP for j in users) and \
                    all(prog.op[j] == C.OP_SETP and only_guards_branches(j) or r in rows[j][0] for j in users):
                out[i] = True
                out[[j for j in users if prog.op[j] == C.OP_SETP]] = True
    return out
