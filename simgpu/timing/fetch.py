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
instruction's byte address is 16 x pc), a demand-driven prefetcher: when a
warp needs line k, the SM's fetcher makes sure lines k to k +
`fetch_lookahead_lines` have been requested, sending the missing ones one a
cycle (FETCH_REQUEST_CYCLES), and each arrives `fetch_miss_cycles` after its
request. Every warp of the SM that needs a line waits for that one arrival
(a line in flight or present is never asked for twice), after which it hits
for the rest of the kernel (these kernels' code, at most 81 lines, fits any
instruction cache of the family). A warp asks for its next instruction when
it issues the one before, or when a branch has resolved
(`latency_branch_cycles` later) for the instruction after a branch. So a
kernel's first line costs a whole miss, the next lines of a short kernel come
with it, and a long straight stream runs at the prefetcher's rate, the
lookahead's lines per miss: a cold line costs a streaming warp more the
longer its code (6 cycles a line between 2 and 20 lines, 12 from 68 on).

Source of the figures. `fetch_miss_cycles` and `fetch_lookahead_lines` are
fitted by tools/fetch_figures.py to four H200 records of one warp on one SM
from a cold cache: programs/micro/fetch_start.s's 2-line kernel and 20-line
loop (traces/h200/micro/micro_fetch_start.json: 160 and 267 warp-cycles of
`no_instruction`) and fetch_cold.s's 68- and 132-line streams
(micro_fetch.json: 738 and 1,482), each within 10%. A warm second pass adds
none; four warps on the four sub-partitions of one SM wait as long as one
warp alone (they wait for the same lines: a fetch per SM, not per
sub-partition), and one warp on each of the 132 SMs waits 13% longer than
one SM alone.

DRAM. Nsight Compute flushes the L2 too, so a launch reads its code from
DRAM: every line of it once, whatever its warps run (code_dram_bytes; the
H200 reads all 29 lines of programs/micro/fetch_jump.s's jump_24 when its
warp jumps over 24 of them: traces/h200/micro/micro_fetch_jump.json,
tools/front_dram_figures.py). The time of those reads is in the fitted
miss, not in the memory system's traffic.

Not modeled: that 13% (the SMs share the GPC caches and the L2, and the
engine keeps fetch state per SM so that SMs can advance independently); a
miss on a branch target beyond the lookahead costs a whole miss here (on
the H200 one warp jumping over 2 to 24 cold lines, fetch_jump.s, waits
147-370 cycles with no order in the distance: one sample a launch does not
resolve it); cache capacity (no program here exceeds it). Kernel
parameters' constant cache (`imc_miss`) is constants.py.
"""
import numpy as np

from ..exec.jit import njit

# TimingState.fetch_cfg columns
FC_LINE_INSTRS, FC_MISS_CYCLES, FC_LOOKAHEAD, FC_LAST_LINE = range(4)
# fetch_free columns: when the fetcher can send its next request; the highest line requested so far
FF_FREE, FF_UPTO = range(2)
FETCH_REQUEST_CYCLES = 1        # der: the fetcher sends one line request a cycle (the fit does not depend on it: 1-13 alike)


def make_fetch_state(n_sm, n_instr, line_instrs, miss_cycles, lookahead):
    """(fetch_line, fetch_free, fetch_cfg): per SM, when each line of the code
    arrives (-1: never asked for; indexed by line, sized for the worst case of
    one instruction per line), the fetcher's next free cycle and highest line
    requested (FF_*), and the config figures (FC_*)."""
    line_instrs = max(1, line_instrs)
    free = np.zeros((n_sm, 2), np.int64)
    free[:, FF_UPTO] = -1
    return (np.full((n_sm, max(1, n_instr)), -1, np.int64), free,
            np.array([line_instrs, miss_cycles, lookahead, max(0, n_instr - 1) // line_instrs], np.int64))


def code_dram_bytes(n_instr, line_instrs, instruction_bytes, miss_cycles):
    """DRAM bytes a launch reads for its code: every line of it, once (the
    first SM's miss of a line reaches DRAM, Nsight having flushed the L2;
    the other SMs' hit in the L2), whatever its warps run (measured:
    tools/front_dram_figures.py). 0 where fetch is not modeled."""
    if miss_cycles == 0:
        return 0
    line_instrs = max(1, line_instrs)
    return -(-n_instr // line_instrs) * line_instrs * instruction_bytes


@njit(inline="always")
def _request(TS, sm, line, now):
    t = now if now > TS.fetch_free[sm, FF_FREE] else TS.fetch_free[sm, FF_FREE]
    TS.fetch_free[sm, FF_FREE] = t + FETCH_REQUEST_CYCLES
    TS.fetch_line[sm, line] = t + TS.fetch_cfg[FC_MISS_CYCLES]


@njit(inline="always")
def fetch_ready(TS, sm, pc, now):
    """The cycle at which SM sm has the instruction at pc, asked for at `now`
    (the line's arrival), requesting it and the lookahead's lines that no
    warp of the SM has asked for."""
    if TS.fetch_cfg[FC_MISS_CYCLES] == 0:
        return now                             # fetch not modeled (a config without the figure)
    line = pc // TS.fetch_cfg[FC_LINE_INSTRS]
    hi = line + TS.fetch_cfg[FC_LOOKAHEAD]
    if hi > TS.fetch_cfg[FC_LAST_LINE]:
        hi = TS.fetch_cfg[FC_LAST_LINE]
    if TS.fetch_line[sm, line] < 0 or TS.fetch_free[sm, FF_UPTO] < hi:
        for k in range(line, hi + 1):          # the line and its lookahead, those not yet asked for
            if TS.fetch_line[sm, k] < 0:
                _request(TS, sm, k, now)
        if TS.fetch_free[sm, FF_UPTO] < hi:
            TS.fetch_free[sm, FF_UPTO] = hi
    return TS.fetch_line[sm, line]
