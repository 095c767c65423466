"""Instruction fetch: each SM's instruction cache, cold at kernel start.

Hardware. Since Volta a SASS instruction is 16 bytes (its control bits
included; CUDA Binary Utilities), so a 128-byte cache line holds 8. Each SM
sub-partition has an L0 instruction cache, the SM (or its TPC) an L1 behind
them, and misses go to the GPC's constant/instruction cache and the L2
(Nsight Compute Profiling Guide, memory tables; Volta/Ada whitepapers). A
warp whose next instruction is not in the cache waits in Nsight's warp state
`no_instruction`. Nsight Compute flushes the caches before each measured
launch, so every kernel starts with a cold instruction cache.

Model. Per SM, per 128-byte line of the kernel's code (line = pc //
`fetch_line_instrs`; the lowered PTX maps one-to-one onto SASS, so an
instruction's byte address is 16 x pc): the first warp that needs a line
asks the SM's fetcher for it; the fetcher serves one line at a time, each
`fetch_line_cycles` after the later of the request and the previous line it
served; every warp of the SM that needs the line waits for that arrival (the
line is in flight or present: no second request), after which it hits for
the rest of the kernel (these kernels' code, at most 81 lines, fits any
instruction cache of the family). The next instruction is asked for when
the warp issues the one before, or when a branch has resolved
(`latency_branch_cycles` later) for the instruction after a branch.

Source of the figure. `fetch_line_cycles` is measured on the H200
(traces/h200/micro/micro_fetch.json, programs/micro/fetch_cold.s; derived by
tools/fetch_figures.py): one warp streaming through 512 more cold FFMAs
waits 1.45 more warp-cycles per instruction in `no_instruction`, 11.6 per
128-byte line after the cycle in which it asked for the line (13 in all,
rounded), and a warm second pass adds none; four warps on the four
sub-partitions of one SM wait as long as one warp alone (they wait for the
same lines: a fetch per SM, not per sub-partition), and one warp on each of
the 132 SMs waits 13% longer than one SM alone.

Not modeled: that 13% (the SMs share the GPC caches and the L2, and the
engine keeps fetch state per SM so that SMs can advance independently); the
cost of a miss on a branch target far from the lines fetched so far (a
sequential stream prefetcher would not have it; not measured); cache
capacity (no program here exceeds it); the immediate-constant cache
(`imc_miss`, the c[bank][offset] operands, a separate Nsight state).
"""
import numpy as np

from ..exec.jit import njit

# TimingState.fetch_cfg columns
FC_LINE_INSTRS, FC_LINE_CYCLES = range(2)


def make_fetch_state(n_sm, n_instr, line_instrs, line_cycles):
    """(fetch_line, fetch_free, fetch_cfg): per SM, when each line of the code
    arrives (-1: never asked for; indexed by line, sized for the worst case of
    one instruction per line), when the SM's fetcher is next free, and the
    two config figures."""
    return (np.full((n_sm, max(1, n_instr)), -1, np.int64), np.zeros(n_sm, np.int64),
            np.array([max(1, line_instrs), line_cycles], np.int64))


@njit(inline="always")
def fetch_ready(TS, sm, pc, now):
    """The cycle at which SM sm has the instruction at pc, asked for at `now`
    (the line's arrival, requesting it if no warp of the SM has)."""
    if TS.fetch_cfg[FC_LINE_CYCLES] == 0:
        return now                             # fetch not modeled (a config without the figure)
    line = pc // TS.fetch_cfg[FC_LINE_INSTRS]
    t = TS.fetch_line[sm, line]
    if t >= 0:
        return t
    start = now if now > TS.fetch_free[sm] else TS.fetch_free[sm]
    t = start + TS.fetch_cfg[FC_LINE_CYCLES]
    TS.fetch_free[sm] = t
    TS.fetch_line[sm, line] = t
    return t
