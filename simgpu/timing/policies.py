"""Warp scheduling policies: which eligible warp a scheduler issues.

- LRR (loose round-robin): the first eligible warp after the one issued last,
  in slot order (GPGPU-Sim's `lrr`).
- GTO (greedy-then-oldest): keep issuing the warp issued last while it is
  eligible, else the oldest eligible warp, by launch time then slot (Rogers et
  al., "Cache-Conscious Wavefront Scheduling", MICRO 2012; GPGPU-Sim's `gto`).
A warp is eligible when it is resident, not at a barrier, its dependencies
have resolved and its pipe can accept an instruction.
"""
import numpy as np

from ..exec.jit import njit, trailing_zeros

LRR, GTO = 0, 1
POLICIES = {"lrr": LRR, "gto": GTO}


@njit(inline="always")
def first_slot(policy, last, first, sp, n_sp, n):
    """LRR: the position (0..n-1, in slot order among the scheduler's n warps)
    the round starts from: the one after the warp issued last."""
    if policy == LRR and last >= 0:
        return ((last - first - sp) // n_sp + 1) % n
    return 0


@njit(inline="always")
def priority(policy, w, k, n, last, start, warp_start):
    """The policy's order among eligible warps as a key (the smallest issues):
    w is the k-th of the scheduler's n warps in slot order. GTO: the warp
    issued last, then the oldest by launch time, then by slot. LRR: slot
    order starting at position `start`."""
    if policy == GTO:
        return -1 if w == last else warp_start * n + k
    return (k - start + n) % n


@njit(inline="always")
def pick(policy, eligible, start, last, warps, first, n_sp, n):
    """The eligible warp the policy issues, as its position k: bit k of
    `eligible` is the k-th of the scheduler's n warps in slot order, warp
    first + k * n_sp (records `warps`). The one of smallest priority(); for
    LRR, the first set bit at or after `start`, else the first."""
    if policy == LRR:
        later = eligible & (np.int64(-1) << start)
        return trailing_zeros(later if later != 0 else eligible)
    best = -1
    best_key = np.int64(1) << 62
    m = eligible
    while m != 0:
        k = trailing_zeros(m)
        m &= m - 1
        w = first + k * n_sp
        key = priority(policy, w, k, n, last, start, warps[w].warp_start)
        if key < best_key:
            best_key = key
            best = k
    return best
