"""The cycle-level core: SMs of sub-partitions, one warp scheduler each.

Each cycle, every sub-partition's scheduler may issue one instruction from
one of its resident warps (warp slot mod `sub_partitions`, as the hardware
assigns warps). A warp can issue when the registers its next instruction
reads (and writes) have no pending writes -- its scoreboard -- and the pipe
the instruction needs can accept it (each pipe takes a new instruction every
`interval` cycles; an MIO instruction -- shared access, shuffle, barrier
arrival -- needs a free entry in its scheduler's MIO queue instead,
memory/hierarchy.py mio_issue). Among eligible warps the policy picks one (policies.py).
The instruction executes functionally at issue (exec.warp.step) and its
results become ready `latency` cycles later.

Time is event-driven: a sub-partition is evaluated only when something can
change for it (a dependency resolves, a pipe frees, a barrier releases, a
block arrives); when no warp anywhere can issue, time jumps to the next such
event. Every cycle of every resident warp is attributed to one Nsight
Compute warp state (stalls.py); states only change at evaluations, so the
attribution is exact without stepping idle cycles. Within a scheduler,
each warp keeps the earliest cycle its state can change (TS.wake: its
operands ready, its pipe free, a barrier or exit in its block, the L2
stage's answer, a new block), and a look at the scheduler visits only the
warps due then: a visit of a warp whose state has not changed would change
nothing. A warp ready but for its pipe is one of its scheduler's pipe waiters
(TS.pipe_wait) until picked, with no look meanwhile: whether it is in the
pipe's throttle state or `not_selected` in a cycle depends on the pipe alone,
so the wait is attributed when it ends (wait_pipe; with a trace, whose records
are intervals, each cycle's state is decided as it comes).

Host speed (no effect on any result): the simulated GPU's warp state is far
larger than the host's caches, so it starts on host cache lines
(exec.state.zeros_lines), a warp's timing record mirrors what a scheduler's
look reads (pc, stack top, exec state), and the operands of the warps that
may issue in a quantum are prefetched (exec/prefetch.py).

Time quanta. The SMs are advanced one at a time through a quantum of
`quantum` cycles (each SM's warps stay in the host's caches while it runs),
on one host thread or several (`threads`: each takes the next run of
SMS_PER_RUN SMs as it comes free, an atomic counter sharing them out, so a
thread that the host slows, or whose SMs have less to do, takes fewer runs).
What SMs share is settled between quanta, in the order a cycle-by-cycle
engine would have it -- by cycle, then SM: the L2 and DRAM
stage of global requests (requests.py), and block dispatch. That stage is
the one part of a quantum on a single thread; what its answers change at
each SM (L1 fills, scoreboards, the warps that waited) is then done SM by
SM on the threads again (`settle`). So the result is
the same whatever the number of threads, cycle for cycle and counter for
counter. One exception is functional, not timed: plain global loads and
stores of different SMs to the same word within one quantum are a data race
in the program, and which value wins may then depend on the threads; global
atomics would make the order of their results depend on them too, so a
program with global atomics runs its SMs on one thread (timing/run.py).

Blocks are dispatched to SMs in waves: the first up to `blocks_per_sm` per
SM, round-robin over SMs, then each finished block's slot takes the next:
the slots freed during a cycle take the next blocks in the order they were
freed, SM by SM, and the new blocks' warps start on the next cycle. An SM
that frees a slot while blocks remain pauses at the end of that cycle until
the SMs that freed slots earlier have taken theirs.

A run can be done in pieces (`until`: return at the first quantum boundary
at or after that cycle, resume with the same state), which is how a
progress bar is drawn. Over time, cumulative counters (instructions issued,
L2 hits and misses, DRAM bytes, resident warps) are sampled at bin
boundaries into `series` (bins are multiples of the quantum); when the bins
run out, every other sample is dropped and the bin width doubles, so the
series stays bounded (SERIES_BINS) whatever the length.
"""
import types
from collections import namedtuple

import numpy as np
from numba import prange

from ..exec.functional import init_block
from ..exec.jit import fetch_add, njit, records, trailing_zeros
from ..exec.state import W_BARRIER, W_DONE, W_READY, zeros_lines
from ..exec.prefetch import HINTS, prefetch
from ..exec.warp import step
from ..memory import SCR_ATOMIC, SCR_DATA, SCR_NSECTORS, SCR_SPACE, SCR_VALID, SCR_WAVEFRONTS
from ..memory.caches import Cache, invalidate
from ..memory.hierarchy import (C_DRAM_RD, C_DRAM_WR, C_L2_HIT, C_L2_MISS, MIO_BARRIER, MIO_OTHER, MIO_SHARED, MemSys,
                                P_LDGSTS, P_ST_ACK, data_stage_hold, l1_queue_full, mio_issue)
from ..ptx import codes as C
from . import stalls as S
from .async_copy import copy_answered, copy_issued, group_committed, wait_ready
from .constants import const_issue_ready, const_ldc_ready, const_ready, make_const_state
from .fetch import fetch_ready, make_fetch_state
from .policies import first_slot, pick
from .requests import (PENDING, RQ_ATOM, RQ_LOAD, RQ_RED, RQ_STORE, fill_l1, issue, note_blocks, request_block,
                       serve)
from .tables import (ASYNC_COMMIT, ASYNC_COPY, ASYNC_WAIT, N_PIPES, PIPE, REPLY_SLOTS, SB_LONG, SB_MEMBAR,
                     scoreboard_slots)

INF = np.int64(1) << 62
PIPE_MIO = PIPE["mio"]
PIPE_TENSOR = PIPE["tensor"]       # HMMA/IMMA/DMMA: a busy tensor pipe is math_pipe_throttle, as for the FMA/ALU/FP64
MASK32 = np.int64(0xFFFFFFFF)
S_PENDING = S.N_STATES       # a warp's state while the reason it waits is not known (requests.py)
N_COLS = S.N_STATES + 1      # stall columns: the states, and S_PENDING's (always 0 after a quantum)
S_PIPE = N_COLS              # a warp's state while it waits for its pipe, not yet attributed (wait_pipe)
ROW = 8                      # int64s in a cache line: a thread's counters start on a line of their own


def _padded(n):
    """n rounded up to whole cache lines of int64 (no two threads write one line)."""
    return -(-n // ROW) * ROW
# a warp's timing scalars in one record (as exec.state's WARP_DTYPE, for locality):
# when its next instruction's operands are ready and why not before (and, while an
# operand waits for the L2 stage, when and after what that was asked), the warp state
# it is in since when at which pc, when it was launched, when its last global store
# or reduction is acknowledged and how many of them the L2 stage has still to answer,
# whether it is resident
TWARP_DTYPE = np.dtype([("dep_ready", np.int64), ("st_since", np.int64), ("warp_start", np.int64),
                        ("drain_until", np.int64), ("dep_now", np.int64),
                        ("st_pc", np.int32), ("pend_st", np.int32), ("dep_reason", np.int8), ("st_state", np.int8),
                        ("resident", np.int8), ("dep_branch", np.int8), ("pc", np.int32), ("wst", np.int8),
                        ("sp", np.int32)], align=True)
# (64 bytes, from a cache line on: a record is one host cache line). pc, sp and wst mirror
# the warp's next pc, stack top and exec state (W.stk, W.warp) as of its last issue, so that a
# scheduler's look at a warp reads this line only; a barrier released since is read
# from W (a barrier instruction wakes every warp of its block)

TimingState = namedtuple("TimingState", [
    # per warp, per scheduler, per SM, per block slot (shared by the threads, each SM's own)
    "ready", "warp", "wake",
    "pipe_free", "pipe_half", "pipe_busy", "pipe_wait", "sp_next", "last_warp",
    "sm_warps", "sm_busy_since", "sm_active", "sm_now", "sm_freed", "sm_nfreed", "sm_status", "sm_err",
    "slot_warps_left", "slot_start", "slot_bid",
    "fetch_line", "fetch_free", "fetch_cfg",          # per SM: the instruction cache (fetch.py)
    "const_of", "const_line", "const_cfg",            # per SM: the constant cache (constants.py)
    # the run's (between quanta); the next run of SMs a host thread takes (one host cache line)
    "glob", "series", "series_n", "next_run",
    # per host thread [thread, ...]
    "stall", "stall_pc", "stats", "trace", "trace_n"])

# trace record columns: warp slot (or block slot for block lifetimes), state, start, end, pc (or block id)
TRACE_BLOCK = 100            # state code of a block-lifetime record

# SMs a host thread advances in a row (a run): 8 int64s of the per-SM arrays fill one host
# cache line, so two threads' runs never write one line
SMS_PER_RUN = 8
# per-thread stats indices
ST_WARP_CYCLES, ST_MAX_PENDING, ST_LAST_EXIT, ST_BLOCKS_DONE = range(4)
ST_PIPES = 4                 # then the warp instructions issued to each pipe
# glob indices
(G_NOW, G_NEXT_BLOCK, G_STARTED, G_CYCLES, G_BLOCKS_DONE, G_DISPATCH_EVERY, G_DISPATCH_FREE, G_TURNOVER,
 G_FIRST_WARPS, G_FIRST_LATE) = range(10)
# SM status
SM_RUN, SM_PAUSED, SM_FAULT = range(3)

# series: cumulative samples at multiples of the bin width (series_n: [samples, width]);
# the first width is the quantum (samples are taken between quanta)
SERIES_BINS = 512
(SE_INSTR, SE_L2_HIT, SE_L2_MISS, SE_DRAM_RD, SE_DRAM_WR, SE_WARPS) = range(6)
SERIES_FIELDS = ("warp_instructions", "l2_hits", "l2_misses", "dram_read_bytes", "dram_write_bytes", "resident_warps")

Work = namedtuple("Work", ["U", "I", "F", "err", "counts", "pc_counts", "mstat", "scratch"])


def make_thread_work(prog, n_opcodes, scratch_size, threads):
    """exec.state.make_work's arrays, one set per host thread."""
    n = max(1, prog.n)
    t = threads
    return Work(np.zeros((t, 6, 32), np.uint64), np.zeros((t, 6, 32), np.int64), np.zeros((t, 6, 32), np.float64),
                np.zeros((t, 8), np.int64), np.zeros((t, _padded(2 + n_opcodes)), np.int64),
                np.zeros((t, _padded(n)), np.int64), np.zeros((t, n, 6), np.int64),
                np.zeros((t, _padded(scratch_size)), np.int64))


def _timing_warps(n_warps):
    tw = zeros_lines(n_warps, TWARP_DTYPE)
    tw["st_state"] = -1
    return records(tw)


def make_timing_state(n_warps, n_slots, n_sp, n_sm, bps, prog, threads=1, trace_capacity=0,
                      fetch=(8, 0, 0), const=(64, 0, 0), quantum=64):
    """quantum: the time quantum (the series' first bin width); fetch: (instructions per line, fetch_miss_cycles, fetch_lookahead_lines), fetch.py;
    const: (const_line_bytes, const_miss_cycles, const_cold_cycles), constants.py."""
    fetch_line, fetch_free, fetch_cfg = make_fetch_state(n_sm, prog.n, *fetch)
    const_of, const_line, const_cfg = make_const_state(n_sm, prog, *const)
    return TimingState(
        ready=zeros_lines((n_warps, scoreboard_slots(prog)), np.int64),
        warp=_timing_warps(n_warps), wake=np.full(n_sp * -(-(n_warps // n_sm) // (n_sp // n_sm)), INF, np.int64),
        pipe_free=np.zeros((n_sp, N_PIPES), np.int64), pipe_half=np.zeros((n_sp, N_PIPES), np.int64),
        pipe_busy=np.zeros((n_sp, N_PIPES), np.int64),
        pipe_wait=np.zeros((n_sp, N_PIPES), np.int64), sp_next=np.full(n_sp, INF, np.int64),
        last_warp=np.full(n_sp, -1, np.int32),
        sm_warps=np.zeros(n_sm, np.int32), sm_busy_since=np.zeros(n_sm, np.int64),
        sm_active=np.zeros(n_sm, np.int64), sm_now=np.full(n_sm, INF, np.int64),
        sm_freed=np.zeros((n_sm, bps), np.int64), sm_nfreed=np.zeros(n_sm, np.int64),
        sm_status=np.zeros(n_sm, np.int64), sm_err=np.zeros((n_sm, 9), np.int64),
        slot_warps_left=np.zeros(n_slots, np.int32),
        slot_start=np.zeros(n_slots, np.int64), slot_bid=np.zeros(n_slots, np.int64),
        fetch_line=fetch_line, fetch_free=fetch_free, fetch_cfg=fetch_cfg,
        const_of=const_of, const_line=const_line, const_cfg=const_cfg,
        glob=np.zeros(10, np.int64),
        series=np.zeros((SERIES_BINS + 1, len(SERIES_FIELDS)), np.int64),
        series_n=np.array([0, quantum], np.int64), next_run=np.zeros(ROW, np.int64),
        stall=np.zeros((threads, _padded(N_COLS)), np.int64),
        stall_pc=np.zeros((threads, max(1, prog.n), N_COLS), np.int64),
        stats=np.zeros((threads, _padded(ST_PIPES + N_PIPES)), np.int64),
        trace=np.zeros((threads, max(1, trace_capacity), 5), np.int64),
        trace_n=np.array([[0, trace_capacity, 0]] * threads, np.int64).reshape(threads, 3))


@njit
def sample_series(TS, MS, WK, now):
    """Take the samples due at bin boundaries up to `now` (cumulative values:
    nothing happens between the previous event and `now`)."""
    while TS.series_n[0] * TS.series_n[1] <= now:
        k = TS.series_n[0]
        if k > SERIES_BINS:                   # full: keep every other sample, double the width
            for j in range(SERIES_BINS // 2 + 1):
                for f in range(TS.series.shape[1]):
                    TS.series[j, f] = TS.series[2 * j, f]
            TS.series_n[0] = SERIES_BINS // 2 + 1
            TS.series_n[1] *= 2
            continue
        instr = 0
        for c in range(WK.counts.shape[0]):
            instr += WK.counts[c, 0]
        TS.series[k, SE_INSTR] = instr
        TS.series[k, SE_L2_HIT] = MS.counters[C_L2_HIT]
        TS.series[k, SE_L2_MISS] = MS.counters[C_L2_MISS]
        TS.series[k, SE_DRAM_RD] = MS.counters[C_DRAM_RD]
        TS.series[k, SE_DRAM_WR] = MS.counters[C_DRAM_WR]
        warps = 0
        for sm in range(TS.sm_warps.shape[0]):
            warps += TS.sm_warps[sm]
        for w in range(TS.warp.shape[0]):
            # drained by the bin's first cycle: gone at it (its scheduler retires it when it looks, then)
            if TS.warp[w].resident == 1 and TS.warp[w].st_state == S.DRAIN and \
                    TS.warp[w].dep_ready <= k * TS.series_n[1]:
                warps -= 1
        TS.series[k, SE_WARPS] = warps
        TS.series_n[0] = k + 1


@njit(inline="always")
def is_memory_op(op):
    """ld, ldu, st, atom, red: an access of memory (its space decides where it goes)."""
    return op == C.OP_LD or op == C.OP_LDU or op == C.OP_ST or op == C.OP_ATOM or op == C.OP_RED


@njit(inline="always")
def record(TS, c, who, state, start, end, tag):
    """Append one interval to thread c's trace buffer (when tracing is on)."""
    if TS.trace_n[c, 1] == 0 or end <= start:
        return
    k = TS.trace_n[c, 0]
    if k >= TS.trace_n[c, 1]:
        TS.trace_n[c, 2] += 1
        return
    TS.trace[c, k, 0] = who
    TS.trace[c, k, 1] = state
    TS.trace[c, k, 2] = start
    TS.trace[c, k, 3] = end
    TS.trace[c, k, 4] = tag
    TS.trace_n[c, 0] = k + 1


@njit(inline="always")
def set_state(TS, c, w, state, now, pc):
    """Close warp w's current state interval at `now` and open `state`."""
    old = TS.warp[w].st_state
    if old == state and state != S.SELECTED:
        return
    if old >= 0:
        dt = now - TS.warp[w].st_since
        TS.stall[c, old] += dt
        TS.stall_pc[c, TS.warp[w].st_pc, old] += dt
        record(TS, c, w, old, TS.warp[w].st_since, now, TS.warp[w].st_pc)
    TS.warp[w].st_state = state
    TS.warp[w].st_since = now
    TS.warp[w].st_pc = pc


@njit(inline="always")
def hold_pending(TS, w, now, after_branch):
    """Warp w waits on an answer the L2 stage has not given yet: S_PENDING until settle()."""
    TS.warp[w].dep_ready = PENDING
    TS.warp[w].dep_reason = S_PENDING
    TS.warp[w].dep_now = now
    TS.warp[w].dep_branch = after_branch


@njit(inline="always")
def compute_dependencies(T, TS, W, w, after_branch, now):
    """When warp w's next instruction may issue as far as registers allow, and
    why not before; PENDING (and S_PENDING) while an operand waits for the L2
    stage (requests.py), settled at the quantum's end with the same `now`.
    after_branch: 0, or the instruction before was a branch, 1 not taken, 2
    taken: the next one waits `latency_branch_cycles` either way, in `wait`
    after a branch not taken and `branch_resolving` after one taken, as the
    H200's warps do (traces/h200/micro/micro_fetch_branch.json)."""
    if W.warp[w].sp < 0:
        return
    pc = W.stk[w, W.warp[w].sp].pc
    ready = np.int64(0)
    reason = S.WAIT
    for k in range(T.dep.shape[1]):
        slot = T.dep[pc, k]
        if slot < 0:
            break
        t = TS.ready[w, slot] >> 2
        if t >= PENDING:
            hold_pending(TS, w, now, after_branch)
            return
        kind = TS.ready[w, slot] & 3
        if t > ready:
            ready = t
            reason = S.WAIT if kind == 0 else (S.SHORT_SB if kind == 1 else (S.LONG_SB if kind == 2 else S.MEMBAR))
    if T.is_async[pc] == ASYNC_WAIT:                    # cp.async.wait_group: its groups' copies (async_copy.py)
        t = wait_ready(T, TS, w, T.async_keep[pc])
        if t >= PENDING:
            hold_pending(TS, w, now, after_branch)
            return
        if t > ready:
            ready = t
            reason = S.LONG_SB
    asked = now
    if after_branch:
        asked = now + T.branch_latency                  # the target is known once the branch resolves
        if asked > ready:
            ready = asked
            reason = S.BRANCH_RESOLVING if after_branch == 2 else S.WAIT
    sm = w // (TS.warp.shape[0] // TS.fetch_free.shape[0])
    fetched = fetch_ready(TS, sm, pc, asked)
    if fetched > ready:
        ready = fetched
        reason = S.NO_INSTRUCTION
    constant = const_issue_ready(T, TS, sm, pc, fetched if fetched > asked else asked)   # asked for once fetched
    if constant > ready:
        ready = constant
        reason = S.IMC_MISS
    TS.warp[w].dep_ready = ready
    TS.warp[w].dep_reason = reason


@njit(inline="always")
def prefetch_operands(T, TS, W, w, pc):
    """Ask the host for the lines warp w's instruction at pc reads and writes:
    its registers and their scoreboard entries (exec/prefetch.py)."""
    if not HINTS:
        return
    nr32 = W.r32.shape[1]
    nr64 = W.r64.shape[1]
    npr = W.pr.shape[1]
    for k in range(T.dep.shape[1]):
        slot = T.dep[pc, k]
        if slot < 0:
            break
        prefetch(TS.ready.ctypes.data + (w * TS.ready.shape[1] + slot) * 8)
        slot = T.dep_row[pc, k]                       # where the executor keeps it (exec/compact.py)
        if slot < 0:                                  # not a register (the MIO queue's slot)
            continue
        if slot < nr32:
            a = W.r32.ctypes.data + (w * nr32 + slot) * 128
            prefetch(a)
            prefetch(a + 64)
        elif slot < nr32 + nr64:
            a = W.r64.ctypes.data + (w * nr64 + slot - nr32) * 256
            prefetch(a)
            prefetch(a + 64)
            prefetch(a + 128)
            prefetch(a + 192)
        else:
            prefetch(W.pr.ctypes.data + (w * npr + slot - nr32 - nr64) * 32)


@njit(inline="always")
def fence_ready(MS, TS, w, sm, now, latency):
    """When warp w may go on past a GPU- or system-scope fence issued at `now`
    on SM sm: `latency_membar_gpu_cycles` after its last store left the SM
    (or after `now`), the round trip of that store's acknowledgment from the
    L2 and the fence's own time. The fence's CCTL.IVALL empties the SM's L1.
    Measured on the H200 here (programs/micro/rmw_scale.s, b_rfn, traces/h200/
    micro/micro_rmw_scale.json.gz): one warp storing a line then fencing, 32
    times, 13,416 cycles, 419 an iteration. Not modeled: the wait growing
    with the SM's and the GPU's other stores (845-886 cycles an iteration with
    32 warps an SM)."""
    left = TS.warp[w].drain_until - np.int64(MS.params[P_ST_ACK])
    invalidate(MS.l1, sm)
    return max(now, left) + latency


@njit(inline="always")
def write_scoreboard(T, TS, w, pc, ready):
    """The registers the instruction at pc writes are ready for warp w at
    cycle `ready` (or PENDING), on the instruction's scoreboard (tables.py)."""
    board = T.sb[pc]
    for k in range(T.defs.shape[1]):
        slot = T.defs[pc, k]
        if slot < 0:
            break
        TS.ready[w, slot] = (ready << 2) | board    # when, and which scoreboard


@njit(inline="always")
def reply_time(TS, w, first, gap, arrival):
    """When a global load answer from the L2 or DRAM that reaches warp w at
    `arrival` is in its registers: the warp takes such answers one at a time,
    `gap` cycles each (config `load_reply_cycles`, tables.reply_slot), so it
    waits for the first free time from its arrival on among the last
    REPLY_SLOTS answers' times; it then replaces the earliest of them."""
    t = arrival
    moved = True
    while moved:
        moved = False
        for j in range(first, first + REPLY_SLOTS):
            s = TS.ready[w, j]
            if s > 0 and s - gap < t < s + gap:
                t = s + gap
                moved = True
    low = first
    for j in range(first + 1, first + REPLY_SLOTS):
        if TS.ready[w, j] < TS.ready[w, low]:
            low = j
    TS.ready[w, low] = t
    return t


@njit(inline="always")
def wake_slot(sm, j, n_sp, n_per):
    """Where TS.wake holds the wake time of SM sm's warp slot j: the warps of
    one scheduler side by side (n_per entries, INF past its last warp)."""
    return (sm * n_sp + j % n_sp) * n_per + j // n_sp


@njit(inline="always")
def prefetch_sm(T, TS, W, sm, wps, n_sp, qend, second):
    """Ask the host for what the warps of SM sm that may act before qend will
    read first -- those due to be looked at and those waiting for a pipe
    (TS.pipe_wait): their records (second = False), or their SIMT stack tops
    and next instructions' operands, which the records locate (second =
    True, once the first pass's lines are there: run_timed asks for an SM's
    records two SMs ahead of running it, for the rest one ahead)."""
    if not HINTS or TS.sm_status[sm] != SM_RUN or TS.sm_now[sm] >= qend:
        return
    n_per = TS.wake.shape[0] // TS.sp_next.shape[0]
    for g in range(sm * n_sp, (sm + 1) * n_sp):
        waiting = np.int64(0)
        for u in range(TS.pipe_wait.shape[1]):
            waiting |= TS.pipe_wait[g, u]
        for k in range(n_per):
            if TS.wake[g * n_per + k] >= qend and (waiting >> k) & 1 == 0:
                continue
            w = sm * wps + g - sm * n_sp + k * n_sp
            if not second:
                prefetch(TS.warp.ctypes.data + w * TS.warp.strides[0])
            elif TS.warp[w].resident == 1 and TS.warp[w].wst == W_READY:
                prefetch(W.warp.ctypes.data + w * W.warp.strides[0])
                prefetch(W.stk.ctypes.data + w * W.stk.strides[0] + TS.warp[w].sp * W.stk.strides[1])
                prefetch_operands(T, TS, W, w, TS.warp[w].pc)


@njit(inline="always")
def throttle_reason(pipe):
    if pipe <= 2 or pipe == PIPE_TENSOR:
        return S.MATH_THROTTLE
    if pipe == 4:
        return S.LG_THROTTLE
    if pipe == 3 or pipe == 5:
        return S.MIO_THROTTLE
    return S.MISC


@njit(inline="always")
def busy_before(TS, g, u, t):
    """How many cycles before t scheduler g's pipe u could not accept an
    instruction (TS.pipe_free > the cycle), as seen before anything issues
    to it at t: TS.pipe_busy counts them up to TS.pipe_free."""
    return TS.pipe_busy[g, u] - max(np.int64(0), TS.pipe_free[g, u] - t)


@njit(inline="always")
def wait_pipe(TS, c, w, g, u, a, now, pc):
    """Warp w of scheduler g, its instruction at pc ready to issue at `now`
    but for its pipe u, waits for the scheduler to pick it. Each cycle of the
    wait it is in the pipe's throttle state (throttle_reason) when the pipe
    cannot accept an instruction, else `not_selected`; which of the two is
    decided by the pipe alone, so the wait is attributed in one go when it
    ends (end_pipe_wait), and the warp needs no look until then. (With a
    trace, whose records are intervals of one state, the scheduler looks at
    the warp every cycle its state changes instead: advance_sm.) An
    instruction that either of two pipes takes (a >= 0) keeps both pipes'
    busy counts, each modulo 2^32, in dep_now."""
    set_state(TS, c, w, S_PIPE, now, pc)
    b = busy_before(TS, g, u, now)              # (dep_now: only used while PENDING)
    TS.warp[w].dep_now = b if a < 0 else (b & MASK32) | ((busy_before(TS, g, a, now) & MASK32) << 32)


@njit(inline="always")
def end_pipe_wait(TS, c, w, g, u, a, now):
    """Warp w's wait for its pipe (wait_pipe) ends at `now`, when it is
    picked: its busy cycles go to the throttle state, the others to
    `not_selected`, which the warp is in at `now` until set_state. With
    two pipes, the cycles both were busy are taken as the fewer of the
    two pipes' busy cycles (where one pipe is saturated, the other's)."""
    s = TS.warp[w].st_since
    pc = TS.warp[w].st_pc
    if a < 0:
        busy = busy_before(TS, g, u, now) - TS.warp[w].dep_now
    else:
        was = TS.warp[w].dep_now
        busy = min((busy_before(TS, g, u, now) - was) & MASK32,
                   (busy_before(TS, g, a, now) - (was >> 32)) & MASK32)
    r = throttle_reason(u)
    TS.stall[c, r] += busy
    TS.stall_pc[c, pc, r] += busy
    TS.stall[c, S.NOT_SELECTED] += now - s - busy
    TS.stall_pc[c, pc, S.NOT_SELECTED] += now - s - busy
    TS.warp[w].st_state = S.NOT_SELECTED
    TS.warp[w].st_since = now


@njit(inline="always")
def look(T, TS, c, g, w, k, t, lazy):
    """Scheduler g's look at its warp w (bit k of its warps), resident, not
    exited and its barrier state current (TS.warp[w].wst), at cycle t: the
    warp's state from t on, and the cycle from which it may change (the warp's
    next look; 0: the next cycle). lazy: a warp ready but for its pipe waits
    unattributed until picked (wait_pipe), else its state is decided each cycle."""
    pc = TS.warp[w].pc
    if TS.warp[w].wst == W_BARRIER:
        set_state(TS, c, w, S.BARRIER, t, pc)
        return INF                              # until a barrier instruction wakes it (advance_sm)
    if TS.warp[w].dep_ready > t:
        set_state(TS, c, w, TS.warp[w].dep_reason, t, pc)
        return TS.warp[w].dep_ready
    # ready but for its pipe (or either of its two): one of the warps waiting for it (TS.pipe_wait)
    u = T.pipe[pc]
    a = T.pipe_alt[pc]
    TS.pipe_wait[g, u] |= np.int64(1) << k
    if a >= 0:
        TS.pipe_wait[g, a] |= np.int64(1) << k
    if lazy:
        if TS.warp[w].st_state != S_PIPE:       # (else a look after a wake-up: nothing new)
            wait_pipe(TS, c, w, g, u, a, t, pc)
        return INF                              # until picked
    if TS.pipe_free[g, u] > t and (a < 0 or TS.pipe_free[g, a] > t):
        set_state(TS, c, w, throttle_reason(u), t, pc)
        return TS.pipe_free[g, u] if a < 0 else min(TS.pipe_free[g, u], TS.pipe_free[g, a])
    # eligible: not selected, unless the policy picks it (a zero-length
    # interval, so the accounting is the same)
    set_state(TS, c, w, S.NOT_SELECTED, t, pc)
    return 0


@njit(inline="always")
def wake(TS, sm, n_sp, t):
    """The SM's schedulers are evaluated again no later than cycle t."""
    for q in range(n_sp):
        if TS.sp_next[sm * n_sp + q] > t:
            TS.sp_next[sm * n_sp + q] = t
    if TS.sm_now[sm] > t:
        TS.sm_now[sm] = t


@njit(inline="always")
def dispatch_cycle(TS, t):
    """The cycle a block the SM can take from cycle t starts: the grid's
    work distributor hands out one block every `block_dispatch_cycles`
    (G_DISPATCH_EVERY, in thousandths of a cycle) to the whole GPU, in
    dispatch order (programs/micro/block_launch.s on the H200: blocks of one
    warp that all fit at once take 1.2 cycles each, their SMs idle between).
    The first wave's hand-out starts `block_dispatch_head_start_cycles`
    before cycle 0, during the launch latency (G_DISPATCH_FREE starts there,
    negative; the first wave asks from then): no block runs before 0."""
    s = max(t * 1000, TS.glob[G_DISPATCH_FREE])
    TS.glob[G_DISPATCH_FREE] = s + TS.glob[G_DISPATCH_EVERY]
    return max(np.int64(0), (s + 999) // 1000)


@njit
def launch_block(W, M, TS, sm, k, bid, bps, wpb, n_sp, now, late_from=1 << 30, late=0):
    """Block bid starts in slot k of SM sm at cycle `now`; its warps from
    index late_from on start `late` cycles later (the first wave's warps
    past first_wave_warps an SM)."""
    slot = sm * bps + k
    w0 = slot * wpb
    init_block(W, M, slot, bid, w0, wpb)
    W.bctaid[slot, 3] = sm                                                   # its %smid
    nthreads = W.dims[0] * W.dims[1] * W.dims[2]
    nw = (nthreads + 31) // 32
    for j in range(wpb):
        w = w0 + j
        if j >= nw:
            W.warp[w].wstate = W_DONE
            TS.warp[w].wst = W_DONE
            continue
        TS.ready[w, :] = 0
        t0 = now + late if j >= late_from else now
        pc0 = W.stk[w, W.warp[w].sp].pc
        fetched = fetch_ready(TS, sm, pc0, t0)                               # its first instruction
        constant = const_ready(TS, sm, pc0, fetched)                         # and its constant, if it reads one
        TS.warp[w].dep_ready = constant if constant > fetched else fetched
        TS.warp[w].dep_reason = (S.WAIT if TS.warp[w].dep_ready == t0 else
                                 S.IMC_MISS if constant > fetched else S.NO_INSTRUCTION)
        TS.warp[w].st_state = -1
        TS.warp[w].warp_start = t0
        TS.warp[w].drain_until = t0
        TS.warp[w].pend_st = 0
        TS.warp[w].resident = 1
        TS.warp[w].pc = W.stk[w, W.warp[w].sp].pc
        TS.warp[w].sp = W.warp[w].sp
        TS.warp[w].wst = W.warp[w].wstate
        TS.wake[wake_slot(sm, w - sm * bps * wpb, n_sp, TS.wake.shape[0] // TS.sp_next.shape[0])] = t0
    TS.slot_warps_left[slot] = nw
    TS.slot_start[slot] = now
    TS.slot_bid[slot] = bid
    if TS.sm_warps[sm] == 0:
        TS.sm_busy_since[sm] = now
    TS.sm_warps[sm] += nw
    wake(TS, sm, n_sp, now)


@njit(inline="always")
def retire_warp(TS, c, w, sm, now):
    set_state(TS, c, w, -1, now + 1, 0)                 # closes the final `selected` cycle
    TS.warp[w].st_state = -1
    TS.warp[w].resident = 0
    TS.stats[c, ST_WARP_CYCLES] += now + 1 - TS.warp[w].warp_start
    TS.sm_warps[sm] -= 1
    if TS.sm_warps[sm] == 0:
        TS.sm_active[sm] += now + 1 - TS.sm_busy_since[sm]


@njit(inline="always")
def finish_warp(W, TS, c, sm, w, end):
    """Warp w leaves its SM at cycle `end` (its exit issued at end - 1, or its
    stores drained by `end`). Returns the block slot the warp's block frees
    when it was the block's last warp, else -1."""
    retire_warp(TS, c, w, sm, end - 1)
    if end - 1 > TS.stats[c, ST_LAST_EXIT]:
        TS.stats[c, ST_LAST_EXIT] = end - 1
    slot = W.warp[w].wblock
    TS.slot_warps_left[slot] -= 1
    if TS.slot_warps_left[slot] != 0:
        return -1
    TS.stats[c, ST_BLOCKS_DONE] += 1
    record(TS, c, slot, TRACE_BLOCK, TS.slot_start[slot], end, TS.slot_bid[slot])
    return slot


@njit(inline="always")
def freed_slot(TS, sm, slot):
    TS.sm_freed[sm, TS.sm_nfreed[sm]] = slot
    TS.sm_nfreed[sm] += 1


@njit(inline="always")
def barrier_waiters(W, w, wpb):
    """Bit j set: warp j of warp w's block waits at a barrier now."""
    w0 = W.warp[w].wblock * wpb
    m = np.int64(0)
    for j in range(wpb):
        if W.warp[w0 + j].wstate == W_BARRIER:
            m |= np.int64(1) << j
    return m


@njit
def barrier_timing(W, TS, w, wpb, done, waiting, sync):
    """Warp w's barrier arrival went through its scheduler's MIO queue to the
    SM's barrier unit (memory/hierarchy.py mio_issue, barrier_arrival); if it
    completed the barrier, the warps it released (`waiting`, from
    barrier_waiters before the arrival) and w itself (bar.sync) go on at
    `done`, in the `barrier` state until then. A warp whose next operand
    waits for the L2 stage (PENDING) is left to it."""
    w0 = W.warp[w].wblock * wpb
    released = False
    for j in range(wpb):
        v = w0 + j
        if (waiting >> j) & 1 and W.warp[v].wstate != W_BARRIER:
            released = True
            if TS.warp[v].dep_ready != PENDING and TS.warp[v].dep_ready < done:
                TS.warp[v].dep_ready = done
                TS.warp[v].dep_reason = S.BARRIER
    if sync and W.warp[w].wstate != W_BARRIER and W.warp[w].wstate != W_DONE:
        released = True
    if released and sync and W.warp[w].wstate != W_DONE and TS.warp[w].dep_ready != PENDING \
            and TS.warp[w].dep_ready < done:
        TS.warp[w].dep_ready = done
        TS.warp[w].dep_reason = S.BARRIER


@njit
def advance_sm(P, W, M, T, TS, MS, RQ, WK, c, sm, qend, n_sp, bps, wpb, policy, blocks_left):
    """Run SM sm on host thread c from its next event up to cycle qend (the
    quantum's end), or to the end of a cycle in which it freed a block slot
    while blocks remain (SM_PAUSED: block dispatch is shared), or to a fault
    (SM_FAULT, TS.sm_err[sm])."""
    wps = bps * wpb
    n_per = TS.wake.shape[0] // TS.sp_next.shape[0]      # (TS.wake: wake_slot)
    U, I, F, err, counts = WK.U[c], WK.I[c], WK.F[c], WK.err[c], WK.counts[c]
    pc_counts, mstat, scratch = WK.pc_counts[c], WK.mstat[c], WK.scratch[c]
    now = TS.sm_now[sm]
    lazy = TS.trace_n[c, 1] == 0        # pipe waits attributed when they end (wait_pipe): no trace
    while now < qend:
        if TS.sm_warps[sm] == 0:
            now = INF
            break
        for sp in range(n_sp):
            g = sm * n_sp + sp
            if TS.sp_next[g] > now:
                continue
            # ---- evaluate this scheduler's warps at `now`, and pick one ----
            earliest = INF
            last = TS.last_warp[g]
            n = (wps - sp + n_sp - 1) // n_sp
            start = first_slot(policy, last, sm * wps, sp, n_sp, n)
            # a warp whose state cannot change before its wake time keeps it: skip it
            wk = g * n_per
            due = np.int64(0)
            wakes = TS.wake[wk:wk + n]          # (a view: one vector load, where wk + k was a gather)
            for k in range(n):
                t = wakes[k]
                due |= np.int64(t <= now) << k
                earliest = min(earliest, t if t > now else INF)
            while due != 0:
                k = trailing_zeros(due)
                due &= due - 1
                w = sm * wps + sp + k * n_sp
                if TS.warp[w].resident == 0:
                    TS.wake[wk + k] = INF               # (launch_block wakes the slot's next warp)
                    continue
                wst = TS.warp[w].wst
                if wst == W_BARRIER:
                    wst = W.warp[w].wstate             # released since it arrived?
                    TS.warp[w].wst = wst
                if wst == W_DONE:                      # exited; its stores draining
                    if TS.warp[w].dep_ready <= now:
                        freed = finish_warp(W, TS, c, sm, w, now)
                        TS.wake[wk + k] = INF
                        if freed >= 0:
                            freed_slot(TS, sm, freed)
                        for q in range(n_sp):          # a new block's warps may be on any scheduler
                            if TS.sp_next[sm * n_sp + q] > now + 1:
                                TS.sp_next[sm * n_sp + q] = now + 1
                        earliest = now + 1             # (this one's sp_next is set from earliest)
                    else:
                        TS.wake[wk + k] = TS.warp[w].dep_ready
                        if TS.warp[w].dep_ready < earliest:
                            earliest = TS.warp[w].dep_ready
                    continue
                t = look(T, TS, c, g, w, k, now, lazy)
                TS.wake[wk + k] = t
                earliest = min(earliest, max(t, now + 1))
            # eligible: the warps waiting for a pipe that can accept an instruction now
            eligible = np.int64(0)
            for u in range(N_PIPES):
                if TS.pipe_wait[g, u] != 0 and TS.pipe_free[g, u] <= now:
                    eligible |= TS.pipe_wait[g, u]
            if eligible != 0:
                kw = pick(policy, eligible, start, last, TS.warp, TS.slot_bid, wpb, sm * wps + sp, n_sp, n)
                w = sm * wps + sp + kw * n_sp
                pc = TS.warp[w].pc
                TS.pipe_wait[g, T.pipe[pc]] &= ~(np.int64(1) << kw)
                if T.pipe_alt[pc] >= 0:
                    TS.pipe_wait[g, T.pipe_alt[pc]] &= ~(np.int64(1) << kw)
                if TS.warp[w].st_state == S_PIPE:
                    end_pipe_wait(TS, c, w, g, T.pipe[pc], T.pipe_alt[pc], now)
                set_state(TS, c, w, S.SELECTED, now, pc)
                TS.wake[wk + kw] = 0                    # its next state is decided next cycle (below)
                W.clock[w] = now
                if pc + 1 < T.dep.shape[0]:
                    prefetch_operands(T, TS, W, w, pc + 1)     # its next instruction's, usually
                scratch[SCR_VALID] = 0
                waiting = barrier_waiters(W, w, wpb) if P.ins[pc].op == C.OP_BAR or P.ins[pc].op == C.OP_BARRIER else -1
                exited_before = W.warp[w].exited
                st = step(P, W, M, w, U, I, F, err, counts, pc_counts, mstat, scratch)
                TS.warp[w].wst = W.warp[w].wstate
                TS.warp[w].sp = W.warp[w].sp
                if W.warp[w].sp >= 0:
                    TS.warp[w].pc = W.stk[w, W.warp[w].sp].pc
                if st == C.ST_FAULT:
                    for k in range(8):
                        TS.sm_err[sm, k] = err[k]
                        err[k] = 0          # (the host thread's record: its next SMs run on, clean)
                    b = W.warp[w].wblock
                    TS.sm_err[sm, 1] = W.bctaid[b, 0] + W.dims[3] * (W.bctaid[b, 1] + W.dims[4] * W.bctaid[b, 2])
                    TS.sm_err[sm, 2] = W.warp[w].wid
                    TS.sm_err[sm, 4] = pc
                    TS.sm_err[sm, 8] = now
                    TS.sm_status[sm] = SM_FAULT
                    TS.sm_now[sm] = INF
                    return
                ready = now + T.lat[pc]
                if T.sb[pc] == 1 and TS.const_of[pc] >= 0:     # an LDC: its result once its line is there
                    ready = const_ldc_ready(TS, sm, pc, now) + T.lat[pc]
                elif T.sb[pc] == SB_MEMBAR:                     # a GPU-scope fence (tables.fence_slot)
                    ready = fence_ready(MS, TS, w, sm, now, T.lat[pc])
                op = P.ins[pc].op
                u = T.pipe[pc]
                if T.pipe_alt[pc] >= 0 and TS.pipe_free[g, u] > now:     # the other of its two pipes
                    u = T.pipe_alt[pc]
                room = np.int64(-1)
                done = np.int64(0)
                lsu_hold = np.int64(0)
                if u == PIPE_MIO:
                    # through the scheduler's MIO queue (memory/hierarchy.py mio_issue); the warp's
                    # next MIO instruction waits mio_issue_gap_cycles (`wait`, ptxas's stall counts)
                    TS.ready[w, T.mio_slot] = (now + T.mio_gap) << 2
                    if waiting >= 0:
                        done, room = mio_issue(MS, g, sm, now, MIO_BARRIER, 0, 0)
                    elif scratch[SCR_VALID] == 1 and scratch[SCR_SPACE] == C.SPACE_SHARED:
                        ready, room = mio_issue(MS, g, sm, now, MIO_SHARED, scratch[SCR_WAVEFRONTS], T.lat[pc],
                                                scratch[SCR_DATA])
                    elif is_memory_op(op) and P.ins[pc].space == C.SPACE_SHARED:
                        # no lane took it (predicated off): a request and a wavefront all the same
                        ready, room = mio_issue(MS, g, sm, now, MIO_SHARED, 1, T.lat[pc], 1)
                    else:
                        ready, room = mio_issue(MS, g, sm, now, MIO_OTHER, 0, T.lat[pc])
                if scratch[SCR_VALID] == 1:
                    space = scratch[SCR_SPACE]
                    if space == C.SPACE_GLOBAL or space == C.SPACE_LOCAL:
                        atomic = scratch[SCR_ATOMIC]
                        kind = RQ_ATOM if atomic == 1 else (RQ_RED if atomic == 2 else
                                                          (RQ_STORE if op == C.OP_ST else RQ_LOAD))
                        ready = issue(MS, RQ, sm, now, w, pc, scratch, scratch[SCR_NSECTORS], kind,
                                      (P.ins[pc].iflags & C.F_L2_ONLY) != 0, space == C.SPACE_LOCAL)
                        # the LSU pipe takes nothing more while the L1's queue is full (Nsight's `lg_throttle`)
                        lsu_hold = np.int64(np.ceil(l1_queue_full(MS, sm)))
                        if T.is_async[pc] == ASYNC_COPY:
                            copy_issued(T, TS, w, ready)
                            # its shared write, after the global read (memory/hierarchy.py data_stage_hold)
                            data_stage_hold(MS, sm, now, MS.params[P_LDGSTS])
                        elif kind == RQ_LOAD and ready != PENDING and T.reply_l1_gap > 0:
                            # all from the L1: through the same answers path (tables.reply_slot)
                            ready = reply_time(TS, w, T.reply_slot, T.reply_l1_gap, ready)
                        if kind == RQ_STORE or kind == RQ_RED:
                            # a store or reduction: the warp may not leave before it is acknowledged
                            if ready == PENDING:
                                TS.warp[w].pend_st += 1
                            elif ready > TS.warp[w].drain_until:
                                TS.warp[w].drain_until = ready
                elif T.is_async[pc] == ASYNC_COMMIT:
                    group_committed(T, TS, w, now)
                elif u != PIPE_MIO and (is_memory_op(op) or T.is_async[pc] == ASYNC_COPY) \
                        and T.sb[pc] == SB_LONG:
                    data_stage_hold(MS, sm, now, 1.0)     # a global access no lane took (predicated off)
                write_scoreboard(T, TS, w, pc, ready)
                if u == PIPE_MIO:
                    free = max(room, now + 1)
                else:       # held T.occupancy half cycles after what it owed before (pipe_half)
                    TS.pipe_half[g, u] = max(TS.pipe_half[g, u], 2 * now) + T.occupancy[pc]
                    if 2 * lsu_hold > TS.pipe_half[g, u]:
                        TS.pipe_half[g, u] = 2 * lsu_hold
                    free = TS.pipe_half[g, u] >> 1
                TS.pipe_busy[g, u] += free - (now + 1)
                TS.pipe_free[g, u] = free
                TS.stats[c, ST_PIPES + u] += 1
                if ready != PENDING and ready > TS.stats[c, ST_MAX_PENDING]:
                    TS.stats[c, ST_MAX_PENDING] = ready
                TS.last_warp[g] = w
                if st == C.ST_EXITED or (op == C.OP_RET or op == C.OP_EXIT) and W.warp[w].wstate == W_DONE:
                    if TS.warp[w].pend_st > 0 or TS.warp[w].drain_until > now + 1:
                        # exited with stores not yet acknowledged: resident, draining (Nsight's
                        # `drain`), until the scheduler finds it done (above)
                        set_state(TS, c, w, S.DRAIN, now + 1, pc)
                        TS.warp[w].dep_ready = PENDING if TS.warp[w].pend_st > 0 else TS.warp[w].drain_until
                    else:
                        freed = finish_warp(W, TS, c, sm, w, now + 1)
                        if freed >= 0:
                            freed_slot(TS, sm, freed)
                else:
                    nb = 0
                    if T.is_branch[pc] != 0:           # taken (2) when the warp's next pc is not the next one
                        nb = 2 if TS.warp[w].sp >= 0 and TS.warp[w].pc != pc + 1 else 1   # (the mirror, set above)
                    compute_dependencies(T, TS, W, w, nb, now)
                    if TS.warp[w].dep_ready < qend:
                        prefetch_operands(T, TS, W, w, TS.warp[w].pc)
                if waiting >= 0:                       # (bar.red: its warps wait for the reduction too)
                    barrier_timing(W, TS, w, wpb, done + (T.lat[pc] if P.ins[pc].sub2 != C.BARRED_NONE else 0),
                                   waiting, P.ins[pc].sub == C.BAR_SYNC)
                if op == C.OP_BAR or op == C.OP_BARRIER or st == C.ST_EXITED \
                        or W.warp[w].exited != exited_before:     # (a guarded exit that took no lane: nothing)
                    # a barrier may have released warps on this SM's other schedulers
                    # (visible to those evaluated later in this cycle), and a retired
                    # block may bring new warps
                    for q in range(n_sp):
                        if TS.sp_next[sm * n_sp + q] > now + 1:
                            TS.sp_next[sm * n_sp + q] = now + 1
                    for v in range(W.warp[w].wblock * wpb, (W.warp[w].wblock + 1) * wpb):
                        TS.wake[wake_slot(sm, v - sm * wps, n_sp, n_per)] = 0                # (its block's: warp.release_barrier)
                    earliest = now + 1
                elif lazy and TS.warp[w].wst != W_DONE:
                    # nothing else changes the warp before its scheduler's look at now + 1
                    # (a barrier released meanwhile leaves it in `barrier`, and wakes it):
                    # that look, now
                    t = look(T, TS, c, g, w, kw, now + 1, lazy)
                    TS.wake[wk + kw] = t
                    earliest = min(earliest, max(t, now + 1))
                else:
                    earliest = now + 1
            for u in range(N_PIPES):            # the next cycle a waiting warp may issue
                if TS.pipe_wait[g, u] != 0 and max(now + 1, TS.pipe_free[g, u]) < earliest:
                    earliest = max(now + 1, TS.pipe_free[g, u])
            TS.sp_next[g] = earliest
        t_next = INF
        for sp in range(n_sp):
            if TS.sp_next[sm * n_sp + sp] < t_next:
                t_next = TS.sp_next[sm * n_sp + sp]
        if TS.sm_nfreed[sm] > 0:
            if blocks_left:
                TS.sm_now[sm] = now          # paused after cycle `now`: its slots take blocks first
                TS.sm_status[sm] = SM_PAUSED
                return
            TS.sm_nfreed[sm] = 0
        now = t_next
    TS.sm_now[sm] = now


@njit
def settle(T, TS, W, L1, RQ, sm, wps, n_sp):
    """After the L2 stage, SM sm's side of its answers: its L1 fills
    (requests.fill_l1), the scoreboard entries its requests write, and its
    warps that waited on them get their dependencies, states and drain
    times, and their schedulers wake for them. Touches SM sm's state only."""
    fill_l1(L1, RQ, sm)
    for k in range(RQ.n[sm, 0]):
        w = RQ.req[sm, k].w
        if TS.warp[w].warp_start > RQ.req[sm, k].now:
            continue                   # a load of a warp that has left: nothing waits for it
        ready = RQ.req[sm, k].ready
        pc = RQ.req[sm, k].pc
        if T.is_async[pc] == ASYNC_COPY:
            copy_answered(T, TS, w, ready, RQ.req[sm, k].now)
        elif RQ.req[sm, k].kind == RQ_LOAD and T.reply_gap > 0:
            ready = reply_time(TS, w, T.reply_slot, T.reply_gap, ready)
        if RQ.req[sm, k].kind == RQ_RED:    # (a store's warp waits for its port, not the L2: requests.issue)
            if ready > TS.warp[w].drain_until:
                TS.warp[w].drain_until = ready
        write_scoreboard(T, TS, w, pc, ready)
    for k in range(RQ.n[sm, 0]):
        w = RQ.req[sm, k].w
        if TS.warp[w].warp_start > RQ.req[sm, k].now:
            continue                       # its warp has left; the slot holds a new block's warp
        if W.warp[w].wstate == W_DONE:
            if TS.warp[w].resident == 0 or TS.warp[w].pend_st == 0:
                continue
            TS.warp[w].dep_ready = TS.warp[w].drain_until
        elif TS.warp[w].dep_reason == S_PENDING:
            compute_dependencies(T, TS, W, w, TS.warp[w].dep_branch, TS.warp[w].dep_now)
            if TS.warp[w].st_state == S_PENDING:
                TS.warp[w].st_state = TS.warp[w].dep_reason     # the state it has been in since
        else:
            TS.warp[w].pend_st = 0
            continue
        TS.warp[w].pend_st = 0
        TS.wake[wake_slot(sm, w - sm * wps, n_sp, TS.wake.shape[0] // TS.sp_next.shape[0])] = 0
        t = TS.warp[w].dep_ready
        g = sm * n_sp + (w - sm * wps) % n_sp
        if TS.sp_next[g] > t:
            TS.sp_next[g] = t
        if TS.sm_now[sm] > t:
            TS.sm_now[sm] = t
    RQ.n[sm, 0] = 0
    RQ.n[sm, 1] = 0


@njit
def serve_quantum(T, TS, W, MS, RQ, n_sm):
    """The L2 stage of every request of the quantum just run, by cycle,
    then SM, then issue order (requests.py): the part of a quantum no two
    host threads can share. What the answers change at the SMs is left to
    `settle`, SM by SM."""
    # RQ.head[sm]: the SM's next request and its cycle (INF: none left). The cycles that
    # have requests are visited in order, and at each the SMs in order.
    cyc = RQ.head[:, 1]
    t = INF
    for sm in range(n_sm):
        RQ.head[sm, 0] = 0
        cyc[sm] = RQ.req[sm, 0].now if RQ.n[sm, 0] > 0 else INF
        t = min(t, cyc[sm])
    top = np.int64(0)
    while t < INF:
        t_next = INF
        for sm in range(n_sm):
            if cyc[sm] != t:
                t_next = min(t_next, cyc[sm])
                continue
            k = RQ.head[sm, 0]
            while k < RQ.n[sm, 0] and RQ.req[sm, k].now == t:
                ready = serve(MS, RQ, sm, k, request_block(RQ, TS, W, sm, k))
                if ready > top:
                    top = ready
                k += 1
            RQ.head[sm, 0] = k
            cyc[sm] = RQ.req[sm, k].now if k < RQ.n[sm, 0] else INF
            t_next = min(t_next, cyc[sm])
        t = t_next
    if top > TS.stats[0, ST_MAX_PENDING]:
        TS.stats[0, ST_MAX_PENDING] = top
    note_blocks(RQ, W)


@njit
def dispatch(W, M, TS, n_sm, bps, wpb, n_sp, block_ids):
    """The paused SMs that freed slots earliest (by cycle, then SM) take the
    next blocks, one per slot in the order freed; they run on from the next
    cycle. Returns whether any SM was paused."""
    t = INF
    for sm in range(n_sm):
        if TS.sm_status[sm] == SM_PAUSED and TS.sm_now[sm] < t:
            t = TS.sm_now[sm]
    if t == INF:
        return False
    for sm in range(n_sm):
        if TS.sm_status[sm] != SM_PAUSED or TS.sm_now[sm] != t:
            continue
        TS.sm_status[sm] = SM_RUN
        TS.sm_now[sm] = INF
        for f in range(TS.sm_nfreed[sm]):
            slot = TS.sm_freed[sm, f]
            nb = TS.glob[G_NEXT_BLOCK]
            if nb < block_ids.shape[0]:
                # a slot its block freed: the hand-out, then `block_turnover_cycles` (G_TURNOVER)
                # before the block starts there (programs/micro/block_clock.s on the H200)
                launch_block(W, M, TS, sm, slot - sm * bps, block_ids[nb], bps, wpb, n_sp,
                             dispatch_cycle(TS, t + 1) + TS.glob[G_TURNOVER])
                TS.glob[G_NEXT_BLOCK] = nb + 1
        TS.sm_nfreed[sm] = 0
        for q in range(n_sp):
            if TS.sp_next[sm * n_sp + q] < TS.sm_now[sm]:
                TS.sm_now[sm] = TS.sp_next[sm * n_sp + q]
    return True


def _run_timed(P, W, M, T, TS, MS, RQ, WK, n_sm, bps, wpb, n_sp, policy, block_ids, max_instr, quantum,
               threads, err, until):
    """Simulate the blocks `block_ids` (in dispatch order: the whole grid, or
    a sampled run's share) up to cycle `until` (INF: to the end). Returns 0
    when they are done, 1 when paused at `until` (call again to go on), or -1
    with err filled on a fault."""
    nblocks = block_ids.shape[0]
    if TS.glob[G_STARTED] == 0:
        TS.glob[G_STARTED] = 1
        nb = 0
        head = min(np.int64(0), TS.glob[G_DISPATCH_FREE] // 1000)     # the hand-out's head start
        # first wave: one block per SM in turn, up to blocks_per_sm each; an SM's warps past
        # first_wave_warps (G_FIRST_WARPS, 0: none) start first_wave_late_cycles later
        nthreads = W.dims[0] * W.dims[1] * W.dims[2]
        nw = (nthreads + 31) // 32
        for k in range(bps):
            for sm in range(n_sm):
                if nb < nblocks:
                    late_from = 1 << 30
                    if TS.glob[G_FIRST_WARPS] > 0:
                        late_from = max(0, TS.glob[G_FIRST_WARPS] - k * nw)
                    launch_block(W, M, TS, sm, k, block_ids[nb], bps, wpb, n_sp, dispatch_cycle(TS, head),
                                 late_from, TS.glob[G_FIRST_LATE])
                    nb += 1
        TS.glob[G_NEXT_BLOCK] = nb
    now = TS.glob[G_NOW]
    l1a, l1b, l1c, l1d, l1e, l1f, l1g = MS.l1
    l2a, l2b, l2c, l2d, l2e, l2f, l2g = MS.l2
    ms2, ms3, ms4, ms5, ms6, ms7, ms8, ms9, ms10, ms11, ms12, ms13, ms14, ms15 = MS[2:]
    runs = (n_sm + SMS_PER_RUN - 1) // SMS_PER_RUN
    # the threads take runs of SMs as they come free, unless the warp-state trace is on: its
    # buffers are per thread, and which records a full one drops must not depend on timing
    dynamic = threads > 1 and TS.trace_n[0, 1] == 0
    while True:
        if TS.series_n[0] * TS.series_n[1] <= now:
            sample_series(TS, MS, WK, now)
        if now >= until:
            TS.glob[G_NOW] = now
            return 1
        qend = now + quantum
        while True:
            left = TS.glob[G_NEXT_BLOCK] < nblocks
            TS.next_run[0] = 0
            for c in prange(threads):
                # (numba's parallel loops take flat tuples only: the memory system is rebuilt here)
                MSc = MemSys(Cache(l1a, l1b, l1c, l1d, l1e, l1f, l1g), Cache(l2a, l2b, l2c, l2d, l2e, l2f, l2g),
                             ms2, ms3, ms4, ms5, ms6, ms7, ms8, ms9, ms10, ms11, ms12, ms13, ms14, ms15)
                k = np.int64(c)
                while True:
                    r = fetch_add(TS.next_run, 0, 1) if dynamic else k
                    k += threads
                    if r >= runs:
                        break
                    lo, hi = r * SMS_PER_RUN, min((r + 1) * SMS_PER_RUN, n_sm)
                    # (the host's prefetch: records two SMs ahead, what they locate one ahead)
                    prefetch_sm(T, TS, W, lo, bps * wpb, n_sp, qend, False)
                    if lo + 1 < hi:
                        prefetch_sm(T, TS, W, lo + 1, bps * wpb, n_sp, qend, False)
                    prefetch_sm(T, TS, W, lo, bps * wpb, n_sp, qend, True)
                    for sm in range(lo, hi):
                        if sm + 2 < hi:
                            prefetch_sm(T, TS, W, sm + 2, bps * wpb, n_sp, qend, False)
                        if sm + 1 < hi:
                            prefetch_sm(T, TS, W, sm + 1, bps * wpb, n_sp, qend, True)
                        if TS.sm_status[sm] == SM_RUN and TS.sm_now[sm] < qend:
                            advance_sm(P, W, M, T, TS, MSc, RQ, WK, c, sm, qend, n_sp, bps, wpb, policy, left)
            if not dispatch(W, M, TS, n_sm, bps, wpb, n_sp, block_ids):
                break
        serve_quantum(T, TS, W, MS, RQ, n_sm)
        TS.next_run[0] = 0
        for c in prange(threads):
            L1 = Cache(l1a, l1b, l1c, l1d, l1e, l1f, l1g)
            while True:
                r = fetch_add(TS.next_run, 0, 1)
                if r >= runs:
                    break
                for sm in range(r * SMS_PER_RUN, min((r + 1) * SMS_PER_RUN, n_sm)):
                    settle(T, TS, W, L1, RQ, sm, bps * wpb, n_sp)
        # faults: the first by cycle, then SM, as a cycle-by-cycle run would meet it
        first = -1
        for sm in range(n_sm):
            if TS.sm_status[sm] == SM_FAULT and (first < 0 or TS.sm_err[sm, 8] < TS.sm_err[first, 8]):
                first = sm
        if first >= 0:
            for k in range(8):
                err[k] = TS.sm_err[first, k]
            return -1
        done = 0
        instr = 0
        for c in range(threads):
            done += TS.stats[c, ST_BLOCKS_DONE]
            instr += WK.counts[c, 0]
        if instr > max_instr:
            err[0] = C.E_RUNAWAY
            for w in range(W.warp.shape[0]):
                if TS.warp[w].resident == 1:
                    err[1] = W.warp[w].wblock
                    err[2] = W.warp[w].wid
                    err[4] = W.stk[w, W.warp[w].sp].pc if W.warp[w].sp >= 0 else -1
                    break
            return -1
        if done == nblocks:
            break
        t_next = INF
        for sm in range(n_sm):
            if TS.sm_now[sm] < t_next:
                t_next = TS.sm_now[sm]
        if t_next >= INF:
            err[0] = C.E_DEADLOCK
            for w in range(W.warp.shape[0]):
                if TS.warp[w].resident == 1:
                    b = W.warp[w].wblock
                    err[1] = W.bctaid[b, 0] + W.dims[3] * (W.bctaid[b, 1] + W.dims[4] * W.bctaid[b, 2])
                    err[7] = b
                    break
            return -1
        now = qend
        if t_next > now:                       # nothing happens before t_next: skip whole quanta
            now += (t_next - now) // quantum * quantum
    # the kernel ends when its last warp has exited, its last load, store or atomic is answered
    # or acknowledged, and the L2's atomic units have performed every reduction they were sent
    # (a red is acknowledged on arrival, but on the H200 same-word reds from many blocks
    # lengthen the kernel by their serialised operations: programs/micro/atomic_tail.s)
    end = np.int64(0)
    for u in range(MS.atom_free.shape[0]):
        end = max(end, np.int64(np.ceil(MS.atom_free[u, 1])))
    for c in range(threads):
        end = max(end, TS.stats[c, ST_LAST_EXIT] + 1, TS.stats[c, ST_MAX_PENDING])
    TS.glob[G_CYCLES] = end
    TS.glob[G_NOW] = now
    sample_series(TS, MS, WK, end)
    return 0


def _named(fn, name):
    """fn under another name: numba's disk cache keys a function on its name
    and line, so the two compilations below need two names."""
    f = types.FunctionType(fn.__code__, fn.__globals__, name, fn.__defaults__, fn.__closure__)
    f.__qualname__ = name
    f.__doc__ = fn.__doc__
    return f


# the same loop compiled twice: on one thread (no thread pool) and with the SMs on several
run_timed = njit(_named(_run_timed, "run_timed"))
run_timed_parallel = njit(parallel=True)(_named(_run_timed, "run_timed_parallel"))
