"""Per-instruction timing facts, computed once per launch from the program
and the config: which pipe an instruction issues to, how long its result
takes, which scoreboard tracks that result, which registers it reads and
writes.

Pipes (per sub-partition): fp32, int, fp64, sfu, lsu (global/local memory),
mio (shared memory, shuffles, block barriers: the scheduler's MIO queue,
memory/hierarchy.py mio_issue), branch, sync (fences). An instruction holds
its pipe `interval_<pipe>_cycles`; on configs with `uniform_datapath`, an
integer instruction on values every lane shares (timing/uniform.py says
which) runs on the uniform datapath, which takes the int pipe's time too:
`interval_uniform_cycles` of it, `latency_uniform_cycles` to its result. Results are tracked as the
hardware's dependency mechanisms are: fixed-latency ALU results by the
compiler's wait counts (a stall there is `wait`), variable-latency results
by scoreboards -- the long one for global/local memory (`long_scoreboard`),
the short one for MIO results such as shared memory and the SFU
(`short_scoreboard`).

What a kernel reads at its start is variable-latency too (ptxas 13.0's
SASS of every program here, `cuobjdump -sass`): a special register is an
`S2R` (%ctaid sometimes `S2UR`), `latency_s2r_cycles` on the short
scoreboard; %ntid and %nctaid are `LDC R, c[0x0][0x0..]`, and a 64-bit
parameter (a pointer) an `LDC.64`: `latency_ldc_cycles` on the short
scoreboard, after the constant line's arrival (constants.py: a cold line
delays the LDC's result, not its issue). Other parameters are constant
operands of the instruction that reads them (`ULDC`, `c[0x0][..]`):
`latency_param_cycles`, fixed. ldc_kind() says which is which.
Measured: tools/sreg_figures.py, traces/h200/micro/micro_sreg_ldc.json.
"""
from collections import namedtuple

import numpy as np

from ..ptx import codes as C
from ..ptx.assemble import UNIT, UNIT_NAMES
from ..ptx.registers import reads_writes
from .uniform import uniform_instructions

PIPES = ("fp32", "int", "fp64", "sfu", "lsu", "mio", "branch", "sync", "tensor")
PIPE = {n: i for i, n in enumerate(PIPES)}
N_PIPES = len(PIPES)
SB_FIXED, SB_SHORT, SB_LONG, SB_MEMBAR = 0, 1, 2, 3
MAX_DEPS = 12           # a row's entries at least (wider where an instruction names more: mma)
MAX_DEFS = 4

Tables = namedtuple("Tables", ["pipe", "pipe_alt", "lat", "sb", "dep", "defs", "is_branch", "occupancy",
                               "branch_latency", "mio_slot", "mio_gap", "dep_row", "reply_slot", "reply_gap", "reply_l1_gap",
                               "is_async", "async_keep", "async_slot"])
# dep_row: where the executor keeps each register of `dep` (exec/compact.py: its
# row, numbered as reg_slot numbers them), for the host's prefetch only


def scoreboard_slots(prog):
    """How many entries a warp's scoreboard row has: every 32-bit, 64-bit and
    predicate register, numbered in that order (reg_slot), then ASYNC_SLOTS for
    its cp.async copies (async_slot), one for when a GPU-scope fence lets the
    warp go on (fence_slot), REPLY_SLOTS for when its latest load answers from
    past the L1 reached it (reply_slot), and the last for when the warp may
    issue its next MIO instruction (mio_slot)."""
    return prog.nregs32 + prog.nregs64 + prog.npreds + ASYNC_SLOTS + 2 + REPLY_SLOTS


ASYNC_GROUPS = 8                 # the closed cp.async groups a warp keeps (timing/async_copy.py)
ASYNC_SLOTS = 3 + 3 * ASYNC_GROUPS
ASYNC_COPY, ASYNC_COMMIT, ASYNC_WAIT = 1, 2, 3     # is_async: a copy, commit_group, wait_group / wait_all


def async_slot(prog):
    """The first of ASYNC_SLOTS entries: the warp's cp.async groups, kept by
    timing/async_copy.py, which cp.async.wait_group and wait_all read (no
    instruction reads them as registers)."""
    return prog.nregs32 + prog.nregs64 + prog.npreds


def fence_slot(prog):
    """The scoreboard entry a GPU- or system-scope fence (membar.gl,
    fence.sc.gpu, ...) sets and the instruction after it reads: ptxas makes
    membar.gl `MEMBAR.SC.GPU; ERRBAR; CGAERRBAR; CCTL.IVALL` (its SASS in
    traces/h200/micro/micro_rmw_scale.sass), and the warp waits there, in
    Nsight's `membar`, until its stores are acknowledged (timing/core.py)."""
    return scoreboard_slots(prog) - 2


REPLY_SLOTS = 8     # the answers a warp's reply path remembers (more than a warp has in flight at once here)


def reply_slot(prog):
    """The first of REPLY_SLOTS scoreboard entries that hold when a warp's
    latest global load answers from the L2 or DRAM reached its registers
    (timing/core.py settle; no instruction reads them): the warp takes those
    answers one at a time, `load_reply_cycles` apart (an answer all from the
    L1 `load_reply_l1_cycles`: inflight_clock.s's L1 hits cost a warp 8.3-11.4
    cycles a load on the H200), each at the first free time from its arrival on. Measured on the H200 here
    (programs/micro/l2_inflight.s, traces/h200/micro/micro_l2_inflight.json.gz
    and _r2, `tools/l2_inflight_figures.py`): each plain load of an L2-resident
    line a warp adds to those in flight costs it 15-18 cycles a pass (322 to
    490 cycles for 1 to 12 loads), the same on 4 warps of one SM, 19 on 16;
    .cg loads 15 (inflight_clock.s too)."""
    return scoreboard_slots(prog) - 2 - REPLY_SLOTS


def mio_slot(prog):
    """The scoreboard entry every MIO instruction reads and sets: ptxas's stall
    counts keep a warp's MIO instructions `mio_issue_gap_cycles` apart (the
    timing core writes it at issue), and the wait is `wait` on the H200."""
    return scoreboard_slots(prog) - 1


def reg_slot(prog, kind, r):
    """A register's scoreboard slot: one row per warp holds them all."""
    if kind == C.K_R32:
        return r
    if kind == C.K_R64:
        return prog.nregs32 + r
    return prog.nregs32 + prog.nregs64 + r


def mma_cost(prog, i, cfg):
    """(latency, cycles it holds the tensor pipe, scoreboard) of mma i. Measured on the H200
    (tools/tensor_latency.cu, traces/h200/tensor/latency.json): each PTX mma is one SASS
    instruction, and the forms fall in three classes --
    - HMMA.16816 / HMMA.1688.TF32 / IMMA.16832 (A 4 registers a lane): its reader 24 cycles
      later (ptxas's fixed stall counts, no scoreboard), one every 6 cycles a sub-partition;
    - HMMA.1688 / HMMA.1684.TF32 / IMMA.16816 (A 2 registers; m8n8k16 by extension): 16 and 4
      (half the work in two thirds of the time);
    - DMMA.884 (f64 m8n8k4): 26 cycles to a scoreboarded reader, one every 16 cycles a
      sub-partition. The other f64 shapes (sm_90's m16n8k4/k8/k16) are not measured: simgpu
      holds the pipe in proportion to their multiply-adds (m16n8k16: 8 DMMA.884's worth)."""
    shape = int(prog.sub[i])
    if int(prog.ty[i]) == C.T_F64:
        macs = C.MMA_M[shape] * C.MMA_N[shape] * C.MMA_K[shape]
        return cfg["latency_dmma_cycles"], cfg["interval_dmma_cycles"] * macs // 256, SB_SHORT
    a_bits = C.MMA_M[shape] * C.MMA_K[shape] * C.TYPE_BITS[int(prog.ty2[i])]
    if a_bits >= 16 * 16 * 16:                     # A is 512 bytes a warp: 4 registers a lane
        return cfg["latency_tensor_cycles"], cfg["interval_tensor_cycles"], SB_FIXED
    return cfg["latency_tensor_small_cycles"], cfg["interval_tensor_small_cycles"], SB_FIXED


def _next_read_is_a_guard(prog, i):
    """Whether the predicate setp i writes is next read (in program order) as
    the guard of an instruction other than a branch. ptxas's stall counts for
    sm_90 put 13 cycles between a SETP and an instruction guarded by its
    predicate (every ex2's FSETP.GEU -> @!P FMUL range fix), but 4 or fewer
    when a SEL or another SETP reads it as a source (latency_guard_cycles in
    the configs). A branch keeps the ALU latency: ptxas computes a loop's
    closing compare at the top of the body (latency_fp32.s's SASS: ISETP 30
    instructions before its BRA), where PTX, and simgpu, has it just before
    the branch; an if's compare right before its branch (ISETP S13 -> @P0
    EXIT) is the case this leaves out."""
    p = int(prog.oreg[i, 0])
    for j in range(i + 1, prog.n):
        if prog.guard[j] == p:
            return int(prog.op[j]) != C.OP_BRA
        for k in range(prog.okind.shape[1]):
            if prog.okind[j, k] == C.K_PRED and prog.oreg[j, k] == p:
                return False                       # read as a source, or written again
    return False


# special registers an S2R (or S2UR) reads; %clock64 is CS2R (fixed latency)
S2R_SREGS = frozenset((C.SR_TID_X, C.SR_TID_Y, C.SR_TID_Z, C.SR_CTAID_X, C.SR_CTAID_Y, C.SR_CTAID_Z,
                       C.SR_LANEID, C.SR_WARPID, C.SR_SMID, C.SR_NWARPID, C.SR_NSMID, C.SR_CLOCK,
                       C.SR_LANEMASK_EQ, C.SR_LANEMASK_LT, C.SR_LANEMASK_LE, C.SR_LANEMASK_GT,
                       C.SR_LANEMASK_GE, C.SR_GRIDID))
# special registers ptxas reads from constant bank 0 with LDC, at these byte offsets (%ntid:
# c[0x0][RZ] and c[0x0][0x4] in the SASS of matmul_naive, matmul_tiled, vector_add, ...; %nctaid
# after it, as the CUDA driver lays out the launch's dimensions)
LDC_SREGS = {C.SR_NTID_X: 0x0, C.SR_NTID_Y: 0x4, C.SR_NTID_Z: 0x8,
             C.SR_NCTAID_X: 0xc, C.SR_NCTAID_Y: 0x10, C.SR_NCTAID_Z: 0x14}
NOT_VARIABLE, S2R, LDC = 0, 1, 2


def ldc_kind(prog, i):
    """Whether instruction i is, in ptxas's SASS, an S2R (a `mov` from a
    special register S2R_SREGS lists), an LDC (a `mov` from %ntid/%nctaid;
    an `ld.param` of 8 bytes: a pointer, which ptxas loads with LDC.64 into
    the register pair its IMAD.WIDE or address reads) or neither (other
    `ld.param`s are constant operands). Checked against ptxas's SASS of
    programs/*.s (traces/ptxas/sm90_sreg_ldc.txt): every %ntid read is an
    LDC (11); 39 of the 53 64-bit parameter loads are LDC.64, the other 14
    ULDC.64, where a 64-bit add takes the pointer from a uniform register
    (softmax_*, matmul_batched, matmul_cublas's A and B, 3 of
    attention_naive's): here all are LDCs. Of the 30 32-bit parameters, 15
    are LDCs in some kernel (transpose_*'s n, matmul_*'s 0x228, ...): here
    all are operands."""
    op = int(prog.op[i])
    if op == C.OP_MOV and int(prog.okind[i, 1]) == C.K_SREG:
        sr = int(prog.oreg[i, 1])
        return S2R if sr in S2R_SREGS else (LDC if sr in LDC_SREGS else NOT_VARIABLE)
    if op in (C.OP_LD, C.OP_LDU) and int(prog.space[i]) == C.SPACE_PARAM \
            and C.TYPE_BITS[int(prog.ty[i])] * max(1, int(prog.vec[i])) == 64:
        return LDC
    if op in (C.OP_LD, C.OP_LDU) and int(prog.space[i]) == C.SPACE_CONST and const_register_address(prog, i):
        return LDC
    return NOT_VARIABLE


def const_register_address(prog, i):
    """Whether ld.const i reads an address in a register: an LDC in SASS, where
    ld.const [name+offset] is a constant-bank operand of the instruction that
    uses it (c[0x3][offset], the user constant bank: ptxas's SASS of
    tests/cuda/const_mem.cu). Not modeled: an LDC whose lanes read different
    addresses takes a pass per address."""
    for k in range(prog.okind.shape[1]):
        if prog.okind[i, k] == C.K_ADDR:
            return int(prog.oreg2[i, k]) != C.ABASE_NONE
    return False


# What ptxas runs on the FMA pipe's heavy half (`smsp__inst_executed_pipe_fmaheavy` on the H200): integer
# multiplies and multiply-adds always (IMAD, IMAD.WIDE, IMAD.HI), integer adds, moves and shifts by a
# constant as it balances the pipes (VIADD, IMAD.IADD, IMAD.MOV.U32, IMAD.SHL) where others are IADD3,
# MOV, SHF and LEA on the ALU (traces/ptxas/sm90_programs.sass; programs/micro/uniform_pipe.s's thr_vector:
# 12 of its 16 adds a pass VIADD); here they take whichever pipe is free.
# A float compare, minimum, maximum or select is the ALU's on the H200 (FSETP, FMNMX, FSEL: Nsight's `alu`
# pipe; softmax's share of ALU instructions, traces/h200/pipes.json).
FMA_PIPE_OPS = frozenset((C.OP_MUL, C.OP_MAD, C.OP_MUL24, C.OP_MAD24))
EITHER_PIPE_OPS = frozenset((C.OP_ADD, C.OP_SUB, C.OP_MOV, C.OP_SHL))
ALU_FLOAT_OPS = frozenset((C.OP_SETP, C.OP_MIN, C.OP_MAX, C.OP_SELP))


def _lea(prog, i):
    """Whether instruction i is a 32-bit multiply-add by a power of 2, a shift and add: ptxas's LEA, on
    the ALU (`LEA R7, R3, R6, 0x5` in transpose_nvcc's SASS), where other multiplies are IMADs."""
    if int(prog.op[i]) != C.OP_MAD or int(prog.okind[i, 0]) != C.K_R32 or int(prog.okind[i, 2]) != C.K_IMM:
        return False
    m = int(prog.obits[i, 2]) & 0xFFFFFFFF
    return m > 0 and m & (m - 1) == 0


def _integer_op(prog, i):
    """Whether instruction i works on integers (an add's type; a move of 32 bits of any type, MOV or
    IMAD.MOV.U32; not a predicate), a shift by a constant (IMAD.SHL multiplies by its power of 2; a shift
    by a register is SHF)."""
    op, ty = int(prog.op[i]), int(prog.ty[i])
    if op == C.OP_SHL and int(prog.okind[i, 2]) != C.K_IMM:
        return False
    if any(int(prog.okind[i, k]) == C.K_SREG for k in range(prog.okind.shape[1])) or ty == C.T_PRED:
        return False
    if op == C.OP_MOV:
        return C.TYPE_BITS[ty] <= 32 and int(prog.vec[i]) <= 1
    return C.TYPE_KIND[ty] != C.KIND_FLOAT


def _cvt_f64_int64(prog, i):
    """Whether instruction i converts between a double and a 64-bit integer (either way): SASS's
    I2F.F64.S64 / F2I.S64.F64, variable-latency instructions whose readers wait on a scoreboard
    (`short_scoreboard`), not a DFMA's fixed latency. Measured on the H100 here
    (programs/micro/latency_cvt64.s): 19.0 cycles a link of either chain."""
    if int(prog.op[i]) != C.OP_CVT:
        return False
    types = {int(prog.ty[i]), int(prog.ty2[i])}
    return C.T_F64 in types and bool(types & {C.T_S64, C.T_U64})


def build_tables(prog, cfg):
    n = prog.n
    pipe = np.zeros(n, np.int8)
    lat = np.zeros(n, np.int32)
    sb = np.zeros(n, np.int8)
    dep = np.full((n, MAX_DEPS), -1, np.int32)    # scoreboard slots read (and written), -1 ends the row
    defs = np.full((n, MAX_DEFS), -1, np.int32)   # scoreboard slots written
    is_branch = np.zeros(n, np.int8)
    on_uniform = uniform_instructions(prog) if cfg["uniform_datapath"] else np.zeros(n, bool)
    pipe_alt = np.full(n, -1, np.int8)             # the other pipe it may issue to (-1: none)
    fma_int = np.zeros(n, bool)                    # an integer multiply on the FMA pipe's half that has them
    is_async = np.zeros(n, np.int8)                # cp.async: ASYNC_COPY, _COMMIT, _WAIT
    async_keep = np.full(n, -1, np.int64)          # wait_group N: N; wait_all: -1
    mma_interval = np.zeros(n, np.int64)           # cycles an mma holds the tensor pipe (mma_cost)
    alu_lat = {"fp32": cfg["latency_fp32_cycles"], "int": cfg["latency_int_cycles"],
               "fp64": cfg["latency_fp64_cycles"], "sfu": cfg["latency_sfu_cycles"],
               "branch": cfg["latency_branch_cycles"], "sync": cfg["latency_int_cycles"]}
    for i in range(n):
        op = int(prog.op[i])
        unit = UNIT_NAMES[int(prog.unit[i])]
        space = int(prog.space[i])
        variable = ldc_kind(prog, i)
        # S2R, LDC and constant operands are no ALU instructions (Nsight counts LDC on the ADU, with the
        # branches): here they issue to the branch pipe
        if variable == S2R:
            unit, latency, board = "branch", cfg["latency_s2r_cycles"], SB_SHORT
        elif variable == LDC:
            unit, latency, board = "branch", cfg["latency_ldc_cycles"], SB_SHORT
        elif op in (C.OP_LD, C.OP_LDU, C.OP_ST, C.OP_ATOM, C.OP_RED, C.OP_PREFETCH):
            if space == C.SPACE_PARAM or space == C.SPACE_CONST:    # a constant-bank operand in SASS
                unit, latency, board = "branch", cfg["latency_param_cycles"], SB_FIXED
            elif space == C.SPACE_SHARED:
                unit, latency, board = "mio", cfg["latency_shared_cycles"], SB_SHORT
            else:                                  # global, local (or generic): the memory hierarchy decides
                # (timing/requests.py); this latency is a load's with no lane active, which sends no request
                unit, latency, board = "lsu", cfg["latency_global_off_cycles"], SB_LONG
        elif op == C.OP_CP and int(prog.sub[i]) == C.CP_ASYNC:     # a global read into shared memory (LDGSTS)
            unit, latency, board = "lsu", cfg["latency_global_off_cycles"], SB_LONG
            is_async[i] = ASYNC_COPY
        elif op == C.OP_CP:                        # LDGDEPBAR, DEPBAR.LE SB0, N: the CBU's, waits at issue
            unit, latency, board = "branch", cfg["latency_branch_cycles"], SB_FIXED
            sub = int(prog.sub[i])
            is_async[i] = ASYNC_COMMIT if sub == C.CP_COMMIT else ASYNC_WAIT
            async_keep[i] = int(prog.obits[i, 1]) if sub == C.CP_WAIT_GROUP else -1
        elif op in (C.OP_MEMBAR, C.OP_FENCE) and int(prog.sub[i]) == C.FENCE_GPU:
            unit, latency, board = "sync", cfg["latency_membar_gpu_cycles"], SB_MEMBAR
        elif op in (C.OP_BAR, C.OP_BARRIER):      # a block barrier's arrival travels the MIO (mio_issue)
            unit, latency, board = "mio", cfg["latency_int_cycles"], SB_FIXED
            if int(prog.sub2[i]) != C.BARRED_NONE:  # bar.red: its warps go on when the reduction is there
                latency = cfg["latency_bar_red_cycles"]
        elif op in (C.OP_SHFL, C.OP_REDUX, C.OP_MOVMATRIX):   # MOVM: the LSU pipe's (wmma.sass, pipes.csv); a link 24.0 cycles as SHFL's (traces/h200/wmma/movmatrix.json)
            unit, latency, board = "mio", cfg["latency_shared_cycles"], SB_SHORT
        elif op in (C.OP_LDMATRIX, C.OP_STMATRIX):  # LDSM / STSM: shared-memory accesses of 16 bytes a row
            unit, latency, board = "mio", cfg["latency_shared_cycles"], SB_SHORT
        elif op == C.OP_MMA:                       # HMMA / IMMA / DMMA on the sub-partition's tensor core
            latency, interval, board = mma_cost(prog, i, cfg)
            unit = "tensor"
            mma_interval[i] = interval
        elif op == C.OP_MATCH:                     # through the MIO as REDUX (its pipe not measured)
            unit, latency, board = "mio", cfg["latency_match_cycles"], SB_SHORT
        elif op == C.OP_CALL:                      # printf's call: the warp's next instruction waits it out
            unit, board = "branch", SB_FIXED
            latency = cfg["latency_vprintf_cycles"] if int(prog.sub[i]) == C.SYS_VPRINTF else cfg["latency_branch_cycles"]
        elif op == C.OP_NANOSLEEP:                 # the CBU's; the warp's next instruction waits it out
            ns = int(prog.obits[i, 0]) if int(prog.okind[i, 0]) == C.K_IMM else 0
            unit, board = "branch", SB_FIXED
            latency = max(cfg["latency_nanosleep_cycles"], round(ns * cfg["clock_mhz"] / 1000))
        elif _cvt_f64_int64(prog, i):              # I2F.F64.S64, F2I.S64.F64: variable latency
            unit, latency, board = "fp64", cfg["latency_cvt64_cycles"], SB_SHORT
        elif unit == "sfu" or (op == C.OP_DIV and C.TYPE_KIND[int(prog.ty[i])] != C.KIND_FLOAT):
            unit, latency, board = "sfu", cfg["latency_sfu_cycles"], SB_SHORT
        elif on_uniform[i]:
            unit, latency, board = "int", cfg["latency_uniform_cycles"], SB_FIXED
        elif unit == "int" and cfg["integer_fma_pipe"] and op in FMA_PIPE_OPS and _integer_op(prog, i) \
                and not _lea(prog, i):
            unit, latency, board = "fp32", cfg["latency_fp32_cycles"], SB_FIXED
            fma_int[i] = True
        else:
            latency, board = alu_lat.get(unit, cfg["latency_int_cycles"]), SB_FIXED
            if cfg["integer_fma_pipe"] and unit == "fp32" and op in ALU_FLOAT_OPS:
                unit = "int"                       # FSETP, FMNMX, FSEL: the ALU's (at the FP32 latency)
            elif cfg["integer_fma_pipe"] and unit in ("int", "fp32") and op in EITHER_PIPE_OPS \
                    and _integer_op(prog, i):
                unit = "int"
                pipe_alt[i] = PIPE["fp32"]
        if op == C.OP_SETP and (_next_read_is_a_guard(prog, i) or int(prog.flags[i]) & C.F_GUARD):
            latency = cfg["latency_guard_cycles"]
        pipe[i], lat[i], sb[i] = PIPE[unit], latency, board
        is_branch[i] = op == C.OP_BRA
        written, deps = reads_writes(prog, i)
        deps += written                            # write-after-write: wait for pending writes too
        slots = [reg_slot(prog, f, r) for f, r in deps]
        if unit == "mio":
            slots.insert(0, mio_slot(prog))
        if i > 0 and (sb[i - 1] == SB_MEMBAR or int(prog.op[i - 1]) in (C.OP_NANOSLEEP, C.OP_CALL)):
            slots.insert(0, fence_slot(prog))      # the fence or pause before it: in order, the next one waits
        if len(slots) > dep.shape[1]:              # (mma's fragments: a row as wide as the widest)
            dep = np.pad(dep, ((0, 0), (0, len(slots) - dep.shape[1])), constant_values=-1)
        if len(written) > defs.shape[1]:
            defs = np.pad(defs, ((0, 0), (0, len(written) - defs.shape[1])), constant_values=-1)
        for k, slot in enumerate(slots):
            dep[i, k] = slot
        for k, (f, r) in enumerate(written):
            defs[i, k] = reg_slot(prog, f, r)
        if board == SB_MEMBAR:                     # a fence writes no register: its own slot
            defs[i, 0] = fence_slot(prog)
        if op in (C.OP_NANOSLEEP, C.OP_CALL):
            defs[i, 0] = fence_slot(prog)
    # the cycles each instruction holds its pipe, in half cycles
    occupancy = np.array([2 * cfg[f"interval_{p}_cycles"] for p in PIPES], np.int64)[pipe]
    occupancy[on_uniform] = int(2 * cfg["interval_uniform_cycles"])
    # IMAD and VIADD run on the FMA pipe's heavy half, 16 lanes: the INT pipe's time, on either pipe
    occupancy[fma_int | (pipe_alt >= 0)] = 2 * cfg["interval_int_cycles"]
    occupancy[mma_interval > 0] = 2 * mma_interval[mma_interval > 0]
    from ..exec.compact import compact
    rows = compact(prog).flat              # (the MIO queue's slot, mio_slot, is no register: no row)
    reg = (dep >= 0) & (dep < rows.size)
    dep_row = np.where(reg, rows[np.where(reg, dep, 0)], -1).astype(np.int32)
    return Tables(pipe, pipe_alt, lat, sb, dep, defs, is_branch, occupancy,
                  np.int64(cfg["latency_branch_cycles"]), np.int64(mio_slot(prog)), np.int64(cfg["mio_issue_gap_cycles"]),
                  dep_row, np.int64(reply_slot(prog)), np.int64(cfg["load_reply_cycles"]),
                  np.int64(cfg["load_reply_l1_cycles"]), is_async, async_keep, np.int64(async_slot(prog)))


assert UNIT["fp32"] == 0 and UNIT["sync"] == 7 and UNIT["tensor"] == PIPE["tensor"]
