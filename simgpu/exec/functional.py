"""The functional engine: runs every block of a grid, one block at a time,
its warps interleaved round-robin (a quantum of instructions each) so that
barriers, shared memory and warp-level operations behave as on hardware.
Block order is the hardware's dispatch order (linear block index), so runs
are deterministic. The timing core replaces this loop, calling the same step.
"""
import numpy as np

from ..memory import SCR_NSECTORS, SCR_SPACE, SCR_VALID
from ..ptx import codes as C
from .jit import njit
from .state import W_BARRIER, W_DONE, W_READY
from .warp import step, try_release


@njit
def init_block(W, M, slot, bid, first_warp, nwarps):
    bx, by, bz = W.dims[0], W.dims[1], W.dims[2]
    gx, gy = W.dims[3], W.dims[4]
    nthreads = bx * by * bz
    W.bctaid[slot, 0] = bid % gx
    W.bctaid[slot, 1] = (bid // gx) % gy
    W.bctaid[slot, 2] = bid // (gx * gy)
    W.blive[slot] = nthreads
    W.bar_arrived[slot, :] = 0
    W.bar_count[slot, :] = 0
    W.bar_true[slot, :] = 0
    for k in range(nwarps):
        w = first_warp + k
        n = min(32, nthreads - k * 32)
        valid = (np.int64(1) << n) - 1 if n < 64 else np.int64(-1)
        W.warp[w].sp = 0
        W.stk[w, 0].pc = 0
        W.stk[w, 0].rpc = -1
        W.stk[w, 0].mask = valid
        W.warp[w].valid = valid
        W.warp[w].exited = 0
        W.warp[w].wstate = W_READY
        W.warp[w].wblock = slot
        W.warp[w].wid = k
        W.bred[w, 0] = -1
        for l in range(32):
            t = k * 32 + l
            W.tid[w, l, 0] = t % bx
            W.tid[w, l, 1] = (t // bx) % by
            W.tid[w, l, 2] = t // (bx * by)


def run_grid(P, W, M, first_block, n_blocks, quantum, max_instr, U, I, F, err, counts, pc_counts, mstat, scratch):
    """Run blocks [first_block, first_block + n_blocks). Returns 0, or -1 on a fault
    (err: code, block, warp, lane, pc, address, space)."""
    # (compiled code does not allocate, exec/jit.py: no record of the accesses)
    return _run_grid(P, W, M, first_block, n_blocks, quantum, max_instr, U, I, F, err, counts, pc_counts, mstat,
                     scratch, np.zeros((0, REC_COLS), np.int64), np.zeros(1, np.int64))


@njit
def _run_grid(P, W, M, first_block, n_blocks, quantum, max_instr, U, I, F, err, counts, pc_counts, mstat, scratch,
              rec, rec_n):
    for bid in range(first_block, first_block + n_blocks):
        if run_block(P, W, M, bid, quantum, max_instr, U, I, F, err, counts, pc_counts, mstat, scratch,
                     rec, rec_n) != 0:
            return -1
    return 0


# a recorded global access (run_block's `rec`): warp, pc, sectors n, then the n sectors
REC_W, REC_PC, REC_N, REC_SEC = 0, 1, 2, 3
REC_COLS = REC_SEC + 32


@njit
def run_block(P, W, M, bid, quantum, max_instr, U, I, F, err, counts, pc_counts, mstat, scratch, rec, rec_n):
    """Run block `bid` in block slot 0. Returns 0, or -1 on a fault. Each
    global access (load, store, atomic) is appended to `rec` at row rec_n[0]
    while there is room (rec_n counts them all): its warp, pc and sectors,
    as the coalescer listed them for the timing core (timing/shadow.py)."""
    nthreads = W.dims[0] * W.dims[1] * W.dims[2]
    nwarps = (nthreads + 31) // 32
    init_block(W, M, 0, bid, 0, nwarps)
    while True:
        any_ran = False
        all_done = True
        for w in range(nwarps):
            if W.warp[w].wstate == W_DONE:
                continue
            all_done = False
            if W.warp[w].wstate == W_BARRIER:
                continue
            any_ran = True
            for q in range(quantum):
                pc = W.stk[w, W.warp[w].sp].pc
                W.clock[w] = counts[0] + 1  # %clock: warp instructions executed so far
                if rec.shape[0] > 0:
                    scratch[SCR_VALID] = 0
                st = step(P, W, M, w, U, I, F, err, counts, pc_counts, mstat, scratch)
                if st == C.ST_FAULT:
                    err[1] = bid
                    err[2] = w
                    err[4] = pc
                    return -1
                if rec.shape[0] > 0 and scratch[SCR_VALID] == 1 and scratch[SCR_SPACE] == C.SPACE_GLOBAL:
                    r = rec_n[0]
                    if r < rec.shape[0]:
                        n = scratch[SCR_NSECTORS]
                        rec[r, REC_W] = w
                        rec[r, REC_PC] = pc
                        rec[r, REC_N] = n
                        for k in range(n):
                            rec[r, REC_SEC + k] = scratch[k]
                    rec_n[0] = r + 1
                if st != C.ST_OK:
                    break
            if counts[0] > max_instr:
                err[0] = C.E_RUNAWAY
                err[1] = bid
                err[2] = w
                err[4] = W.stk[w, W.warp[w].sp].pc if W.warp[w].sp >= 0 else -1
                return -1
        if all_done:
            return 0
        if not any_ran:
            try_release(P, W, 0, U[0])
            ready = False
            for w in range(nwarps):
                if W.warp[w].wstate == W_READY:
                    ready = True
            if not ready:
                err[0] = C.E_DEADLOCK
                err[1] = bid
                return -1
