"""Warp scheduling policies: which eligible warp a scheduler issues.

- LRR (loose round-robin): the first eligible warp after the one issued last,
  in slot order (GPGPU-Sim's `lrr`).
- GTO (greedy-then-oldest): keep issuing the warp issued last while it is
  eligible, else the oldest eligible warp, by launch time then slot (Rogers et
  al., "Cache-Conscious Wavefront Scheduling", MICRO 2012; GPGPU-Sim's `gto`).
- AGE (oldest block first): the eligible warp of the block handed out first
  (the smallest linear block index: the work distributor hands blocks out in
  that order), the warps of one block in turn as LRR's. The H200 ends the
  blocks of programs/micro/issue_age.s (warps always ready) in the order of
  their indices, where round-robin ends them together, and the warps of one
  block take turns (traces/h200/mio_queue.json's STS bursts). But AGE also
  starves new warps where the H200 starts them (block_clock.s's spinning
  blocks, whose warps wait for a pipe): not the H200's rule either
  (DEVIATIONS.md's warp issue order row).
A warp is eligible when it is resident, not at a barrier, its dependencies
have resolved and its pipe can accept an instruction.
"""
import numpy as np

from ..exec.jit import njit, trailing_zeros

LRR, GTO, AGE = 0, 1, 2
POLICIES = {"lrr": LRR, "gto": GTO, "age": AGE}


@njit(inline="always")
def first_slot(policy, last, first, sp, n_sp, n):
    """LRR and AGE: the position (0..n-1, in slot order among the scheduler's
    n warps) the round starts from: the one after the warp issued last."""
    if policy != GTO and last >= 0:
        return ((last - first - sp) // n_sp + 1) % n
    return 0


@njit(inline="always")
def priority(policy, w, k, n, last, start, warp_start, block):
    """The policy's order among eligible warps as a key (the smallest issues):
    w is the k-th of the scheduler's n warps in slot order, of the block of
    linear index `block`. GTO: the warp issued last, then the oldest by
    launch time, then by slot. AGE: the block first, then as LRR. LRR: slot
    order starting at position `start`."""
    if policy == GTO:
        return -1 if w == last else warp_start * n + k
    if policy == AGE:
        return block * n + (k - start + n) % n
    return (k - start + n) % n


@njit(inline="always")
def pick(policy, eligible, start, last, warps, slot_bid, wpb, first, n_sp, n):
    """The eligible warp the policy issues, as its position k: bit k of
    `eligible` is the k-th of the scheduler's n warps in slot order, warp
    first + k * n_sp (records `warps`; its block in slot w // wpb, of linear
    index slot_bid[w // wpb]). The one of smallest priority(); for
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
        key = priority(policy, w, k, n, last, start, warps[w].warp_start, slot_bid[w // wpb])
        if key < best_key:
            best_key = key
            best = k
    return best
