"""Warp scheduling policies: which eligible warp a scheduler issues.

- LRR (loose round-robin): the first eligible warp after the one issued last,
  in slot order (GPGPU-Sim's `lrr`).
- GTO (greedy-then-oldest): keep issuing the warp issued last while it is
  eligible, else the oldest eligible warp, by launch time then slot (Rogers et
  al., "Cache-Conscious Wavefront Scheduling", MICRO 2012; GPGPU-Sim's `gto`).
A warp is eligible when it is resident, not at a barrier, its dependencies
have resolved and its pipe can accept an instruction.
"""
from ..exec.jit import njit
from ..exec.state import W_READY

LRR, GTO = 0, 1
POLICIES = {"lrr": LRR, "gto": GTO}


@njit(inline="always")
def eligible(P, W, T, TS, g, w, now):
    if TS.warp[w].resident == 0 or W.warp[w].wstate != W_READY or TS.warp[w].dep_ready > now:
        return False
    pc = W.stk[w, W.warp[w].sp].pc
    return TS.pipe_free[g, T.pipe[pc]] <= now


@njit(inline="always")
def pick_warp(P, W, T, TS, g, first, wps, sp, n_sp, now, policy):
    """Warp slot to issue on scheduler g at `now`, or -1."""
    last = TS.last_warp[g]
    if policy == GTO:
        if last >= 0 and eligible(P, W, T, TS, g, last, now):
            return last
        best = -1
        for j in range(sp, wps, n_sp):
            w = first + j
            if eligible(P, W, T, TS, g, w, now):
                if best < 0 or TS.warp[w].warp_start < TS.warp[best].warp_start:
                    best = w
        return best
    # LRR: start after the last issued warp
    n = (wps - sp + n_sp - 1) // n_sp
    start = 0
    if last >= 0:
        start = ((last - first - sp) // n_sp + 1) % n
    for m in range(n):
        j = sp + ((start + m) % n) * n_sp
        w = first + j
        if eligible(P, W, T, TS, g, w, now):
            return w
    return -1
