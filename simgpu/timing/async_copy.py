"""cp.async's groups, in time: when a warp's cp.async.wait_group N may go on.

The rule (PTX ISA 9.7.9.25, cp.async.commit_group / wait_group): a warp's copies
since its last commit_group form its open group; commit_group closes it;
wait_group N waits until every closed group but the newest N has its data,
wait_all until every copy has (the open group's too). ptxas makes them LDGSTS,
LDGDEPBAR and DEPBAR.LE SB0, N (traces/h200/half_warp/async_copy.sass).

A copy's answer comes from the memory hierarchy, often later, from the L2 stage
(PENDING until then, timing/requests.py), and a copy issued later may be
answered first; so each group keeps the latest answer known and how many of its
copies are unanswered, and an answer finds its group by when the copy was
issued (the first group closed after it, else the open one). A warp keeps its
last GROUPS closed groups: a wait for a group older than those takes it as done.

Per warp, in its scoreboard row from tables.async_slot on (TS.ready[w, a + k]):
k = 0, 1: the open group's latest answer and unanswered copies; 2: the groups
closed so far; then GROUPS entries of 3: when the group was closed, its latest
answer, its unanswered copies.
"""
import numpy as np

from ..exec.jit import njit
from .requests import PENDING
from .tables import ASYNC_GROUPS as GROUPS


@njit(inline="always")
def _answer(TS, w, j, ready, answered):
    """Group entry j (its latest answer at j, unanswered count at j + 1) takes a copy's
    answer `ready` (or PENDING); answered: the copy was counted unanswered before."""
    if ready == PENDING:
        TS.ready[w, j + 1] += 1
        return
    if answered:
        TS.ready[w, j + 1] -= 1
    if ready > TS.ready[w, j]:
        TS.ready[w, j] = ready


@njit(inline="always")
def copy_issued(T, TS, w, ready):
    """A copy of warp w issued: its answer's time, or PENDING (answered later, copy_answered)."""
    _answer(TS, w, T.async_slot, ready, False)


@njit(inline="always")
def copy_answered(T, TS, w, ready, issued_at):
    """The L2 stage answered a copy warp w issued at cycle issued_at, at `ready`."""
    a = T.async_slot
    closed = TS.ready[w, a + 2]
    for c in range(max(0, closed - GROUPS), closed):
        j = a + 3 + 3 * (c % GROUPS)
        if TS.ready[w, j] > issued_at:              # the first group closed after the copy
            _answer(TS, w, j + 1, ready, True)
            return
    _answer(TS, w, a, ready, True)


@njit(inline="always")
def group_committed(T, TS, w, now):
    """cp.async.commit_group at cycle now: the open group becomes the newest closed one."""
    a = T.async_slot
    j = a + 3 + 3 * (TS.ready[w, a + 2] % GROUPS)
    TS.ready[w, j] = now
    TS.ready[w, j + 1] = TS.ready[w, a]
    TS.ready[w, j + 2] = TS.ready[w, a + 1]
    TS.ready[w, a] = 0
    TS.ready[w, a + 1] = 0
    TS.ready[w, a + 2] += 1


@njit(inline="always")
def wait_ready(T, TS, w, keep):
    """When cp.async.wait_group `keep` (keep < 0: wait_all) lets warp w go on: the latest answer
    of the groups it waits for, or PENDING while one of their copies is unanswered."""
    a = T.async_slot
    ready = np.int64(0)
    closed = TS.ready[w, a + 2]
    last = closed - keep if keep >= 0 else closed
    for c in range(max(0, closed - GROUPS), last):
        j = a + 3 + 3 * (c % GROUPS)
        if TS.ready[w, j + 2] > 0:
            return PENDING
        ready = max(ready, TS.ready[w, j + 1])
    if keep < 0:
        if TS.ready[w, a + 1] > 0:
            return PENDING
        ready = max(ready, TS.ready[w, a])
    return ready
