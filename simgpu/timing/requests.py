"""Global-memory requests in time quanta: what lets the SMs run on several
host threads and still give the serial run's answer, cycle for cycle.

The engine (core.py) advances each SM alone through a time quantum of
`quantum` cycles. Everything an SM does inside a quantum is its own (its
warps, scheduler, pipes, shared memory, L1 and port to the L2) except what
reaches the shared L2 and DRAM. So a global request is served in two stages
(memory/hierarchy.py):

- at issue, the SM's stage: the L1 lookups and the SM's port, in the SM's
  own order (`issue`); the sectors that go on to the L2 are appended to the
  SM's list with the cycle they cross the port;
- at the end of the quantum, the L2 stage (`serve_quantum`): the requests of
  all SMs in the order the serial engine made them — by cycle, then SM, then
  issue order — through the L2 slices, the fabric between partitions, the
  atomic units and the DRAM channels.

This is exact because nothing an SM does inside the quantum can depend on
the L2 stage's answer: every load, atomic or reduction through the L2 is
ready, or acknowledged, at least an L2 latency after it issued
(hierarchy.py), a store's warp waits only for the store to leave the SM
(`issue`), and the quantum is no longer than an L2 latency (timing/run.py
picks it). Until its answer is known, a result's scoreboard entry holds PENDING and a warp waiting on it
holds the placeholder state S_PENDING; `serve_quantum` computes the
answers, and core.settle then writes them, SM by SM, and settles those warps
as the serial engine would have at the time they issued (what an answer
changes at an SM -- its L1, its warps' scoreboards -- belongs to that SM
alone, so the SMs may do this on different threads). An L1 sector whose fill is still to be computed holds a negative
mark, -(entry + 1), in the L1's ready time: a later hit on it waits for the
same answer (a hit under a miss).

The order of everything shared is the serial one, so the result is identical
whatever the number of host threads: the L2 and DRAM states, every counter,
every warp's stall cycles.
"""
from collections import namedtuple

import numpy as np

from ..exec.jit import njit, records
from ..memory import SCR_WAVEFRONTS
from ..memory.caches import ready_at, set_ready
from ..memory.coalescer import WHOLE_MASK
from ..memory.hierarchy import (P_L1_LAT, P_L1_LOCAL_LAT, P_ST_ACK, atomic_drops_l1_line, l1_sector, l1_span,
                                l1_start, l2_sector, l2_work, store_acked, store_left)
from .twins import TW_ON, serve_twins

PENDING = np.int64(1) << 60      # a scoreboard time the L2 stage has not answered yet

# request kinds
RQ_LOAD, RQ_STORE, RQ_ATOM, RQ_RED = range(4)

# a request: when it issued, when its L1 part is ready (local), its warp, instruction and entries,
# and the L2 stage's answer (ready: the cycle it is ready or acknowledged)
REQ_DTYPE = np.dtype([("now", np.int64), ("local", np.float64), ("ready", np.int64), ("w", np.int32),
                      ("pc", np.int32), ("e0", np.int32), ("e1", np.int32), ("kind", np.int32)], align=True)
# an entry: a sector for the L2 (dep = -1: crossing the port at tn, its fill going to L1
# slot `l1slot`; `ops`: an atomic's operations, a store's beats), or an L1 hit waiting for entry
# `dep`'s fill
ENT_DTYPE = np.dtype([("tn", np.float64), ("r", np.float64), ("sec", np.int64), ("l1slot", np.int32),
                      ("dep", np.int32), ("ops", np.int32), ("pad", np.int32)], align=True)

# n[sm]: the SM's requests and entries this quantum; head[sm]: the L2 stage's next request
# of the SM and its cycle (core.serve_quantum); twins, twin_shift: a sampled run's twins
# (timing/twins.py); slot_block: the block each block slot held when the quantum began
# (request_block); gpu_sm[sm]: the GPU's SM that simulated SM sm is (a sampled run's
# sampled_sms; sm itself in a full run), whose L2 partition its requests look in first
Requests = namedtuple("Requests", ["req", "ent", "n", "head", "twins", "twin_shift", "slot_block", "gpu_sm"])


def make_requests(n_sm, max_requests, twins, n_slots, gpu_sm=None):
    """Room for the most requests an SM can issue in one quantum (each up to
    32 sectors: a warp's 32 naturally aligned accesses of at most 16 bytes);
    `twins` (twins.find_twins, or twins.no_twins); `gpu_sm`: the GPU's SM
    each simulated SM is (a sampled run's run.sampled_sms; default: SM k is
    SM k), which decides its L2 partition (memory/hierarchy.py l2_sector)."""
    gpu_sm = np.arange(n_sm, dtype=np.int64) if gpu_sm is None else np.asarray(gpu_sm, np.int64)
    return Requests(records(np.zeros((n_sm, max_requests), REQ_DTYPE)),
                    records(np.zeros((n_sm, max_requests * 32), ENT_DTYPE)),
                    np.zeros((n_sm, 2), np.int64), np.zeros((n_sm, 2), np.int64),
                    twins.params, twins.shift, np.full(n_slots, -1, np.int64), gpu_sm)


@njit(inline="always")
def issue(MS, RQ, sm, now, w, pc, sectors, n, kind, l2_only, local):
    """The SM's stage of a global (local: a local) request issued by warp w
    at cycle `now`.
    Returns when its result is ready, or PENDING when that waits for the L2
    stage at the end of the quantum. A store is done, for its warp, when its
    last sector has left the SM's store path and `store_ack_cycles` more
    (Nsight's `drain` ends then: traces/h200/micro/micro_fetch_start.json,
    tools/drain_figures.py), known here: its sectors still go to the L2
    stage, which nothing of the warp waits for."""
    skip_l1 = kind != RQ_LOAD or l2_only
    store = kind == RQ_STORE
    atomic = 1 if kind == RQ_ATOM else (2 if kind == RQ_RED else 0)
    k0 = RQ.n[sm, 0]
    e = RQ.n[sm, 1]
    e0 = e
    span = l1_span(MS, sectors, n, sectors[SCR_WAVEFRONTS] if kind == RQ_LOAD else 0)
    t0 = l1_start(MS, sm, now, span)
    ready = float(now)
    left = float(now)                                       # a store: its last sector's port crossing
    lat = MS.params[P_L1_LOCAL_LAT] if local else MS.params[P_L1_LAT]
    for k in range(n):
        t = t0 + k * span / n
        where, r, l1_slot = l1_sector(MS, sm, t, sectors[k], skip_l1, store, sectors[32 + k] if store else 1,
                                      store and sectors[64 + k] == WHOLE_MASK, lat)
        if atomic > 0:
            atomic_drops_l1_line(MS, sm, sectors[k])
        if where == 0:
            if r >= 0.0:
                if r > ready:
                    ready = r
                continue
            RQ.ent[sm, e].dep = np.int32(-r - 1.0)          # a hit under a fill not yet computed
            RQ.ent[sm, e].tn = t + lat
            RQ.ent[sm, e].l1slot = -1
            e += 1
            continue
        RQ.ent[sm, e].tn = r
        if r > left:
            left = r
        RQ.ent[sm, e].sec = sectors[k]
        RQ.ent[sm, e].dep = -1
        RQ.ent[sm, e].ops = l2_work(sectors, n, k, atomic, store, MS.params)
        RQ.ent[sm, e].l1slot = l1_slot if atomic == 0 else -1
        if l1_slot >= 0 and atomic == 0:
            set_ready(MS.l1, sm, l1_slot, sectors[k] & 3, -1.0 - e)
        e += 1
    if e == e0:
        return np.int64(np.ceil(ready))                     # all from the L1
    RQ.req[sm, k0].now = now
    RQ.req[sm, k0].local = ready
    RQ.req[sm, k0].w = w
    RQ.req[sm, k0].pc = pc
    RQ.req[sm, k0].e0 = e0
    RQ.req[sm, k0].e1 = e
    RQ.req[sm, k0].kind = kind
    RQ.n[sm, 0] = k0 + 1
    RQ.n[sm, 1] = e
    if store:
        store_left(MS, sm, left)
        return np.int64(np.ceil(left + MS.params[P_ST_ACK]))
    return PENDING


@njit(inline="always")
def request_block(RQ, TS, W, sm, k):
    """The block (linear index) that made SM sm's request k, for its twins;
    -1 in a run without twins. A warp slot that a new block took since the
    request was made held the block noted at the quantum's start (note_blocks)."""
    if RQ.twins[TW_ON] == 0:
        return np.int64(-1)
    w = RQ.req[sm, k].w
    slot = W.warp[w].wblock
    if TS.warp[w].warp_start > RQ.req[sm, k].now:
        return RQ.slot_block[slot]
    return W.bctaid[slot, 0] + W.dims[3] * (W.bctaid[slot, 1] + W.dims[4] * np.int64(W.bctaid[slot, 2]))


@njit
def note_blocks(RQ, W):
    """Note each block slot's block, for request_block in the next quantum."""
    if RQ.twins[TW_ON] == 0:
        return
    for slot in range(RQ.slot_block.shape[0]):
        RQ.slot_block[slot] = W.bctaid[slot, 0] + W.dims[3] * (W.bctaid[slot, 1] + W.dims[4] *
                                                               np.int64(W.bctaid[slot, 2]))


@njit(inline="always")
def serve(MS, RQ, sm, k, b):
    """The L2 stage of SM sm's request k: the cycle it is ready (or
    acknowledged), also kept in its `ready`; each entry's in its `r`, for
    fill_l1 to give the L1. b >= 0: the block that made it, whose twins'
    requests follow it to the L2 (twins.py)."""
    atomic = 1 if RQ.req[sm, k].kind == RQ_ATOM else (2 if RQ.req[sm, k].kind == RQ_RED else 0)
    store = RQ.req[sm, k].kind == RQ_STORE
    ready = RQ.req[sm, k].local
    for e in range(RQ.req[sm, k].e0, RQ.req[sm, k].e1):
        d = RQ.ent[sm, e].dep
        if d >= 0:
            r = max(RQ.ent[sm, e].tn, RQ.ent[sm, d].r)
        else:
            sec = RQ.ent[sm, e].sec
            r = l2_sector(MS, RQ.gpu_sm[sm], RQ.ent[sm, e].tn, sec, store, atomic, RQ.ent[sm, e].ops)
        RQ.ent[sm, e].r = r
        if r > ready:
            ready = r
    if b >= 0:
        serve_twins(MS, RQ.twins, RQ.twin_shift, b, RQ.req[sm, k].pc, RQ.ent[sm], RQ.req[sm, k].e0,
                    RQ.req[sm, k].e1, store, atomic)
    if store:
        store_acked(MS, sm, ready)
    RQ.req[sm, k].ready = np.int64(np.ceil(ready))
    return RQ.req[sm, k].ready


@njit(inline="always")
def fill_l1(L1, RQ, sm):
    """After the L2 stage: SM sm's L1 sectors whose fills it answered get
    their ready times, in the SM's issue order, where the L1 still holds
    the entry's mark (a later miss on the slot marks it anew). Only the SM's
    own L1 is touched, so SMs may do this on different host threads."""
    for e in range(RQ.n[sm, 1]):
        slot = RQ.ent[sm, e].l1slot
        if RQ.ent[sm, e].dep < 0 and slot >= 0:
            sbit = RQ.ent[sm, e].sec & 3
            if ready_at(L1, sm, slot, sbit) == -1.0 - e:
                set_ready(L1, sm, slot, sbit, RQ.ent[sm, e].r)
