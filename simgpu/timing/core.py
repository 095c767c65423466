"""The cycle-level core: SMs of sub-partitions, one warp scheduler each.

Each cycle, every sub-partition's scheduler may issue one instruction from
one of its resident warps (warp slot mod `sub_partitions`, as the hardware
assigns warps). A warp can issue when the registers its next instruction
reads (and writes) have no pending writes -- its scoreboard -- and the pipe
the instruction needs can accept it (each pipe takes a new instruction every
`interval` cycles). Among eligible warps the policy picks one (policies.py).
The instruction executes functionally at issue (exec.warp.step) and its
results become ready `latency` cycles later.

Time is event-driven: a sub-partition is evaluated only when something can
change for it (a dependency resolves, a pipe frees, a barrier releases, a
block arrives); when no warp anywhere can issue, time jumps to the next such
event. Every cycle of every resident warp is attributed to one Nsight
Compute warp state (stalls.py); states only change at evaluations, so the
attribution is exact without stepping idle cycles.

Blocks are dispatched to SMs in waves: the first up to `blocks_per_sm` per
SM, round-robin over SMs, then each finished block's slot takes the next:
the slots freed during a cycle take the next blocks in the order they were
freed, SM by SM, and the new blocks' warps start on the next cycle.

A run can be done in pieces (`until`: return at that cycle, resume with the
same state; the pieces give the same result as one call, since a pause falls
between two evaluation instants), which is how a progress bar is drawn.
Over time, cumulative counters (instructions issued, L2 hits and misses,
DRAM bytes, resident warps) are sampled at bin boundaries into `series`;
when the bins run out, every other sample is dropped and the bin width
doubles, so the series stays bounded (SERIES_BINS) whatever the length.
"""
from collections import namedtuple

import numpy as np

from ..exec.functional import init_block
from ..exec.jit import njit, records
from ..exec.state import W_BARRIER, W_DONE
from ..exec.warp import step
from ..memory import SCR_ATOMIC, SCR_NSECTORS, SCR_SPACE, SCR_VALID, SCR_WAVEFRONTS
from ..memory.hierarchy import C_DRAM_RD, C_DRAM_WR, C_L2_HIT, C_L2_MISS, atomic_request, global_request, shared_request
from ..ptx import codes as C
from . import stalls as S
from .policies import pick_warp
from .tables import scoreboard_slots

INF = np.int64(1) << 62
# a warp's timing scalars in one record (as exec.state's WARP_DTYPE, for locality):
# when its next instruction's operands are ready and why not before, the warp state
# it is in since when at which pc, when it was launched, when its last global store
# or reduction is acknowledged, whether it is resident
TWARP_DTYPE = np.dtype([("dep_ready", np.int64), ("st_since", np.int64), ("warp_start", np.int64),
                        ("drain_until", np.int64),
                        ("st_pc", np.int32), ("dep_reason", np.int8), ("st_state", np.int8),
                        ("resident", np.int8)], align=True)

TimingState = namedtuple("TimingState", [
    "ready",
    "warp",
    "pipe_free", "sp_next", "last_warp", "stall", "stall_pc",
    "sm_warps", "sm_busy_since", "sm_active", "slot_warps_left", "stats",
    "trace", "trace_n", "slot_start", "slot_bid", "freed", "series", "series_n"])

# trace record columns: warp slot (or block slot for block lifetimes), state, start, end, pc (or block id)
TRACE_BLOCK = 100            # state code of a block-lifetime record

# stats indices
ST_CYCLES, ST_WARP_CYCLES, ST_MAX_PENDING, ST_LAST_EXIT, ST_BLOCKS_DONE, ST_NOW, ST_NEXT_BLOCK, ST_STARTED = range(8)

# series: cumulative samples at multiples of the bin width (series_n: [samples, width])
SERIES_BINS = 512
(SE_INSTR, SE_L2_HIT, SE_L2_MISS, SE_DRAM_RD, SE_DRAM_WR, SE_WARPS) = range(6)
SERIES_FIELDS = ("warp_instructions", "l2_hits", "l2_misses", "dram_read_bytes", "dram_write_bytes", "resident_warps")


def _timing_warps(n_warps):
    tw = np.zeros(n_warps, TWARP_DTYPE)
    tw["st_state"] = -1
    return records(tw)


def make_timing_state(n_warps, n_slots, n_sp, n_sm, prog, trace_capacity=0):
    return TimingState(
        ready=np.zeros((n_warps, scoreboard_slots(prog)), np.int64),
        warp=_timing_warps(n_warps),
        pipe_free=np.zeros((n_sp, 8), np.int64), sp_next=np.full(n_sp, INF, np.int64),
        last_warp=np.full(n_sp, -1, np.int32),
        stall=np.zeros(S.N_STATES, np.int64), stall_pc=np.zeros((max(1, prog.n), S.N_STATES), np.int64),
        sm_warps=np.zeros(n_sm, np.int32), sm_busy_since=np.zeros(n_sm, np.int64),
        sm_active=np.zeros(n_sm, np.int64), slot_warps_left=np.zeros(n_slots, np.int32),
        stats=np.zeros(8, np.int64),
        trace=np.zeros((max(1, trace_capacity), 5), np.int64),
        trace_n=np.array([0, trace_capacity, 0], np.int64),      # count, capacity, dropped
        slot_start=np.zeros(n_slots, np.int64), slot_bid=np.zeros(n_slots, np.int64),
        freed=np.zeros(n_slots, np.int64),
        series=np.zeros((SERIES_BINS + 1, len(SERIES_FIELDS)), np.int64),
        series_n=np.array([0, 64], np.int64))


@njit
def sample_series(TS, MS, counts, now):
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
        TS.series[k, SE_INSTR] = counts[0]
        TS.series[k, SE_L2_HIT] = MS.counters[C_L2_HIT]
        TS.series[k, SE_L2_MISS] = MS.counters[C_L2_MISS]
        TS.series[k, SE_DRAM_RD] = MS.counters[C_DRAM_RD]
        TS.series[k, SE_DRAM_WR] = MS.counters[C_DRAM_WR]
        warps = 0
        for sm in range(TS.sm_warps.shape[0]):
            warps += TS.sm_warps[sm]
        TS.series[k, SE_WARPS] = warps
        TS.series_n[0] = k + 1


@njit(inline="always")
def record(TS, who, state, start, end, tag):
    """Append one interval to the trace buffer (when tracing is on)."""
    if TS.trace_n[1] == 0 or end <= start:
        return
    k = TS.trace_n[0]
    if k >= TS.trace_n[1]:
        TS.trace_n[2] += 1
        return
    TS.trace[k, 0] = who
    TS.trace[k, 1] = state
    TS.trace[k, 2] = start
    TS.trace[k, 3] = end
    TS.trace[k, 4] = tag
    TS.trace_n[0] = k + 1


@njit(inline="always")
def set_state(TS, w, state, now, pc):
    """Close warp w's current state interval at `now` and open `state`."""
    old = TS.warp[w].st_state
    if old == state and state != S.SELECTED:
        return
    if old >= 0:
        dt = now - TS.warp[w].st_since
        TS.stall[old] += dt
        TS.stall_pc[TS.warp[w].st_pc, old] += dt
        record(TS, w, old, TS.warp[w].st_since, now, TS.warp[w].st_pc)
    TS.warp[w].st_state = state
    TS.warp[w].st_since = now
    TS.warp[w].st_pc = pc


@njit(inline="always")
def compute_dependencies(T, TS, W, w, after_branch, now):
    """When warp w's next instruction may issue as far as registers allow, and why not before."""
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
        kind = TS.ready[w, slot] & 3
        if t > ready:
            ready = t
            reason = S.WAIT if kind == 0 else (S.SHORT_SB if kind == 1 else S.LONG_SB)
    if after_branch and now + T.branch_latency > ready:
        ready = now + T.branch_latency
        reason = S.BRANCH_RESOLVING
    TS.warp[w].dep_ready = ready
    TS.warp[w].dep_reason = reason


@njit(inline="always")
def throttle_reason(pipe):
    if pipe <= 2:
        return S.MATH_THROTTLE
    if pipe == 4:
        return S.LG_THROTTLE
    if pipe == 3 or pipe == 5:
        return S.MIO_THROTTLE
    return S.MISC


@njit
def launch_block(W, M, TS, sm, k, bid, bps, wpb, now):
    slot = sm * bps + k
    w0 = slot * wpb
    init_block(W, M, slot, bid, w0, wpb)
    nthreads = W.dims[0] * W.dims[1] * W.dims[2]
    nw = (nthreads + 31) // 32
    for j in range(wpb):
        w = w0 + j
        if j >= nw:
            W.warp[w].wstate = W_DONE
            continue
        TS.ready[w, :] = 0
        TS.warp[w].dep_ready = now
        TS.warp[w].dep_reason = S.WAIT
        TS.warp[w].st_state = -1
        TS.warp[w].warp_start = now
        TS.warp[w].drain_until = now
        TS.warp[w].resident = 1
    TS.slot_warps_left[slot] = nw
    TS.slot_start[slot] = now
    TS.slot_bid[slot] = bid
    if TS.sm_warps[sm] == 0:
        TS.sm_busy_since[sm] = now
    TS.sm_warps[sm] += nw


@njit
def retire_warp(TS, w, sm, now):
    set_state(TS, w, -1, now + 1, 0)                 # closes the final `selected` cycle
    TS.warp[w].st_state = -1
    TS.warp[w].resident = 0
    TS.stats[ST_WARP_CYCLES] += now + 1 - TS.warp[w].warp_start
    TS.sm_warps[sm] -= 1
    if TS.sm_warps[sm] == 0:
        TS.sm_active[sm] += now + 1 - TS.sm_busy_since[sm]


@njit(inline="always")
def finish_warp(W, TS, sm, w, end):
    """Warp w leaves its SM at cycle `end` (its exit issued at end - 1, or its
    stores drained by `end`). Returns the block slot the warp's block frees
    when it was the block's last warp, else -1."""
    retire_warp(TS, w, sm, end - 1)
    TS.stats[ST_LAST_EXIT] = end - 1
    slot = W.warp[w].wblock
    TS.slot_warps_left[slot] -= 1
    if TS.slot_warps_left[slot] != 0:
        return -1
    TS.stats[ST_BLOCKS_DONE] += 1
    record(TS, slot, TRACE_BLOCK, TS.slot_start[slot], end, TS.slot_bid[slot])
    return slot


@njit(inline="always")
def push_freed(TS, n, slot):
    TS.freed[n] = slot
    return n + 1


@njit
def run_timed(P, W, M, T, TS, MS, n_sm, bps, wpb, n_sp, policy, block_ids, max_instr,
              U, I, F, err, counts, pc_counts, mstat, scratch, until):
    """Simulate the blocks `block_ids` (in dispatch order: the whole grid, or
    a sampled run's share) up to cycle `until` (INF: to the end). Returns 0
    when they are done, 1 when paused at `until` (call again to go on), or -1
    with err filled on a fault."""
    wps = bps * wpb                     # warp slots per SM
    nblocks = block_ids.shape[0]
    if TS.stats[ST_STARTED] == 0:
        TS.stats[ST_STARTED] = 1
        next_block = 0
        # first wave: one block per SM in turn, up to blocks_per_sm each
        for k in range(bps):
            for sm in range(n_sm):
                if next_block < nblocks:
                    launch_block(W, M, TS, sm, k, block_ids[next_block], bps, wpb, 0)
                    next_block += 1
        for g in range(n_sm * n_sp):
            TS.sp_next[g] = 0
        now = np.int64(0)
    else:
        next_block = TS.stats[ST_NEXT_BLOCK]
        now = TS.stats[ST_NOW]
    while True:
        if TS.series_n[0] * TS.series_n[1] <= now:
            sample_series(TS, MS, counts, now)
        if now >= until:
            TS.stats[ST_NOW] = now
            TS.stats[ST_NEXT_BLOCK] = next_block
            return 1
        t_next = INF
        n_freed = 0
        for sm in range(n_sm):
            if TS.sm_warps[sm] == 0:
                continue
            for sp in range(n_sp):
                g = sm * n_sp + sp
                if TS.sp_next[g] > now:
                    if TS.sp_next[g] < t_next:
                        t_next = TS.sp_next[g]
                    continue
                # ---- evaluate this scheduler's warps at `now` ----
                earliest = INF
                best = pick_warp(P, W, T, TS, g, sm * wps, wps, sp, n_sp, now, policy)
                for j in range(sp, wps, n_sp):
                    w = sm * wps + j
                    if TS.warp[w].resident == 0 or w == best:
                        continue
                    if W.warp[w].wstate == W_DONE:         # exited; its stores draining
                        if TS.warp[w].dep_ready <= now:
                            freed = finish_warp(W, TS, sm, w, now)
                            if freed >= 0:
                                n_freed = push_freed(TS, n_freed, freed)
                            for q in range(n_sp):          # a new block's warps may be on any scheduler
                                if TS.sp_next[sm * n_sp + q] > now + 1:
                                    TS.sp_next[sm * n_sp + q] = now + 1
                            earliest = now + 1             # (this one's sp_next is set from earliest)
                        elif TS.warp[w].dep_ready < earliest:
                            earliest = TS.warp[w].dep_ready
                        continue
                    pc = W.stk[w, W.warp[w].sp].pc
                    if W.warp[w].wstate == W_BARRIER:
                        set_state(TS, w, S.BARRIER, now, pc)
                    elif TS.warp[w].dep_ready > now:
                        set_state(TS, w, TS.warp[w].dep_reason, now, pc)
                        if TS.warp[w].dep_ready < earliest:
                            earliest = TS.warp[w].dep_ready
                    else:
                        u = T.pipe[pc]
                        if TS.pipe_free[g, u] > now:
                            set_state(TS, w, throttle_reason(u), now, pc)
                            if TS.pipe_free[g, u] < earliest:
                                earliest = TS.pipe_free[g, u]
                        else:
                            set_state(TS, w, S.NOT_SELECTED, now, pc)
                            earliest = now + 1
                if best >= 0:
                    w = best
                    pc = W.stk[w, W.warp[w].sp].pc
                    set_state(TS, w, S.SELECTED, now, pc)
                    W.clock[0] = now
                    scratch[SCR_VALID] = 0
                    st = step(P, W, M, w, U, I, F, err, counts, pc_counts, mstat, scratch)
                    if st == C.ST_FAULT:
                        err[1] = W.bctaid[W.warp[w].wblock, 0] + W.dims[3] * (W.bctaid[W.warp[w].wblock, 1] + W.dims[4] * W.bctaid[W.warp[w].wblock, 2])
                        err[2] = W.warp[w].wid
                        err[4] = pc
                        return -1
                    ready = now + T.lat[pc]
                    if scratch[SCR_VALID] == 1:
                        space = scratch[SCR_SPACE]
                        if space == C.SPACE_GLOBAL and scratch[SCR_ATOMIC] > 0:
                            ready = atomic_request(MS, sm, now, scratch, scratch[SCR_NSECTORS],
                                                   scratch[SCR_ATOMIC])
                        elif space == C.SPACE_GLOBAL:
                            ready = global_request(MS, sm, now, scratch, scratch[SCR_NSECTORS],
                                                   P.ins[pc].op == C.OP_ST, (P.ins[pc].iflags & C.F_L2_ONLY) != 0)
                        if space == C.SPACE_GLOBAL and (P.ins[pc].op == C.OP_ST or scratch[SCR_ATOMIC] == 2):
                            # a store or reduction: the warp may not leave before it is acknowledged
                            if ready > TS.warp[w].drain_until:
                                TS.warp[w].drain_until = ready
                        elif space == C.SPACE_SHARED:
                            ready = shared_request(MS, sm, now, scratch[SCR_WAVEFRONTS], T.lat[pc])
                    board = T.sb[pc]
                    for k in range(T.defs.shape[1]):
                        slot = T.defs[pc, k]
                        if slot < 0:
                            break
                        TS.ready[w, slot] = (ready << 2) | board    # when, and which scoreboard
                    u = T.pipe[pc]
                    TS.pipe_free[g, u] = now + T.pipe_interval[u]
                    if ready > TS.stats[ST_MAX_PENDING]:
                        TS.stats[ST_MAX_PENDING] = ready
                    TS.last_warp[g] = w
                    op = P.ins[pc].op
                    if st == C.ST_EXITED or (op == C.OP_RET or op == C.OP_EXIT) and W.warp[w].wstate == W_DONE:
                        if TS.warp[w].drain_until > now + 1:
                            # exited with stores not yet acknowledged: resident, draining (Nsight's
                            # `drain`), until the scheduler finds it done (finish_warp above)
                            set_state(TS, w, S.DRAIN, now + 1, pc)
                            TS.warp[w].dep_ready = TS.warp[w].drain_until
                        else:
                            freed = finish_warp(W, TS, sm, w, now + 1)
                            if freed >= 0:
                                n_freed = push_freed(TS, n_freed, freed)
                    else:
                        compute_dependencies(T, TS, W, w, T.is_branch[pc] != 0, now)
                    if op == C.OP_BAR or op == C.OP_BARRIER or op == C.OP_RET or op == C.OP_EXIT \
                            or st == C.ST_EXITED:
                        # a barrier may have released warps on this SM's other schedulers,
                        # and a retired block may have brought new warps
                        for q in range(n_sp):
                            if TS.sp_next[sm * n_sp + q] > now + 1:
                                TS.sp_next[sm * n_sp + q] = now + 1
                    earliest = now + 1
                    if counts[0] > max_instr:
                        err[0] = C.E_RUNAWAY
                        err[1] = W.warp[w].wblock
                        err[2] = W.warp[w].wid
                        err[4] = W.stk[w, W.warp[w].sp].pc if W.warp[w].sp >= 0 else -1
                        return -1
                TS.sp_next[g] = earliest
                if earliest < t_next:
                    t_next = earliest
        # slots freed during this cycle take the next blocks, in the order they were
        # freed (SM by SM), from the next cycle on
        for f in range(n_freed):
            slot = TS.freed[f]
            if next_block < nblocks:
                sm = slot // bps
                launch_block(W, M, TS, sm, slot - sm * bps, block_ids[next_block], bps, wpb, now + 1)
                next_block += 1
                for q in range(n_sp):
                    if TS.sp_next[sm * n_sp + q] > now + 1:
                        TS.sp_next[sm * n_sp + q] = now + 1
                t_next = min(t_next, now + 1)
        n_freed = 0
        if TS.stats[ST_BLOCKS_DONE] == nblocks:
            break
        if t_next >= INF:
            err[0] = C.E_DEADLOCK
            for w in range(W.warp.shape[0]):
                if TS.warp[w].resident == 1:
                    b = W.warp[w].wblock
                    err[1] = W.bctaid[b, 0] + W.dims[3] * (W.bctaid[b, 1] + W.dims[4] * W.bctaid[b, 2])
                    err[7] = b
                    break
            return -1
        now = t_next
    end = TS.stats[ST_LAST_EXIT] + 1
    if TS.stats[ST_MAX_PENDING] > end:
        end = TS.stats[ST_MAX_PENDING]
    TS.stats[ST_CYCLES] = end
    sample_series(TS, MS, counts, end)
    return 0
