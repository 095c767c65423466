"""The constant cache: kernel parameters read as constant-bank operands,
cold at kernel start.

Hardware. sm_90 passes a kernel's parameters in constant bank 0 from byte
0x210 on (ptxas's SASS of every program here: the first parameter is
`c[0x0][0x210]`), and ptxas turns each `ld.param` into a constant operand
(`ULDC`, or `c[0x0][...]` in the instruction that uses it) or an `LDC`.
Each SM caches the banks; a warp whose instruction's constant line is not
there waits at issue in Nsight Compute's warp state `imc_miss` (the
immediate-constant cache). Nsight Compute flushes the caches before each
measured launch, so every kernel starts with a cold constant cache.

Model. Per SM, per `const_line_bytes` line of bank 0: the first `ld.param`
of a line on an SM asks for it when the instruction is known (fetched), and
the line arrives `const_miss_cycles` later; the SM's first line of the
kernel `const_cold_cycles` later still. Every warp of the SM that needs the
line waits for that one arrival (in `imc_miss`) and hits afterwards. The
`ld.param` itself then takes `latency_param_cycles` (tables.py), as before.

Source of the figures. tools/const_figures.py fits them to
programs/micro/const_miss.s on the H200 (traces/h200/micro/
micro_const_miss.json): one warp reading 1 to 8 distinct lines of
parameters in a dependent chain waits 42 to 207 warp-cycles in imc_miss,
about 24 cycles a line plus 24 for the first; 64-byte lines fit (8
parameters 32 bytes apart wait as 4 lines, 136 cycles, not as 8 or 2); 8
warps on one SM wait as long as one (they wait for the same lines).

An `LDC` (a pointer parameter's LDC.64, %ntid's `LDC R, c[0x0][0x0]`:
tables.ldc_kind) does not wait at issue: it asks for its line when it
issues and its result comes `latency_ldc_cycles` after the line's arrival,
on the short scoreboard, so its reader waits in `short_scoreboard`, as on
the H200 (traces/h200/micro/micro_sreg_ldc.json: a lone warp's `LDC R0,
c[0x0][RZ]` -> STS waits 69 cycles in short_scoreboard and none in
imc_miss). LDCs have a cache of their own, beside the operands' (per SM,
each with its own cold first line): on the H200 a constant operand waits
for a line an LDC has asked for as if no one had: const_miss.s's c_n1
waits 42 cycles in imc_miss, what a first line costs, for p0,
c[0x0][0x218], though its pointer's LDC.64 of the same line comes long
before (inferred: its SASS is not recorded, but in the same shapes, fill
and ptr_tid, traces/h200/micro/micro_sreg_ldc.sass, the LDC.64 is among
the first instructions, and c_n1's FADD waits for %ntid's LDC, about 70
cycles, before it). Huerta et al. found as much on
Ampere (fixed-latency instructions read an L0 "FL" constant cache, LDC an
L0 "VL" one: "Analyzing Modern NVIDIA GPU cores", 2025, section 5.4).
%ntid's line is the first of bank 0 (byte 0), not the parameters'.

Not modeled: the prologue's `ULDC.64 c[0x0][0x208]`
(its line is the first parameter's); that one warp on each of 132 SMs waits
14% longer than one SM alone, and 8 warps on each of them 2.5 times as long
(497 cycles a warp: the SMs share the GPC's constant cache and the L2); other
banks (`.const` variables are not supported).
"""
import numpy as np

from ..exec.jit import njit
from ..ptx import codes as C

PARAM_BANK_OFFSET = 0x210      # spec: sm_90's parameters start at c[0x0][0x210] (ptxas 13.0 SASS of programs/*.s)
# const_cfg columns
CC_MISS, CC_COLD = range(2)


def constant_lines(prog, line_bytes):
    """Per instruction, the line of constant bank 0 it reads (-1: none):
    `ld.param`'s (PARAM_BANK_OFFSET + its parameter's byte offset) //
    line_bytes; a `mov` from %ntid or %nctaid, its byte offset's
    (tables.LDC_SREGS) // line_bytes."""
    from .tables import LDC_SREGS
    lines = np.full(max(1, prog.n), -1, np.int64)
    for i in range(prog.n):
        if prog.op[i] == C.OP_MOV and prog.okind[i, 1] == C.K_SREG and int(prog.oreg[i, 1]) in LDC_SREGS:
            lines[i] = LDC_SREGS[int(prog.oreg[i, 1])] // line_bytes
            continue
        if prog.op[i] not in (C.OP_LD, C.OP_LDU) or prog.space[i] != C.SPACE_PARAM:
            continue
        for k in range(prog.okind.shape[1]):
            if prog.okind[i, k] == C.K_ADDR:
                lines[i] = (PARAM_BANK_OFFSET + int(prog.obits[i, k])) // line_bytes
                break
    return lines


def make_const_state(n_sm, prog, line_bytes, miss_cycles, cold_cycles):
    """(const_of, const_line, const_cfg): per instruction its line
    (constant_lines), per SM and cache (rows 0 .. n_sm - 1: the operands';
    n_sm .. 2 n_sm - 1: the LDCs') when each line arrives (-1: never asked
    for) with, in the last column, how many lines that cache has asked for,
    and the figures (CC_*). miss_cycles = cold_cycles = 0: not modeled."""
    of = constant_lines(prog, max(1, line_bytes))
    n_lines = int(of.max()) + 1 if of.max() >= 0 else 0
    state = np.full((2 * n_sm, n_lines + 1), -1, np.int64)
    state[:, n_lines] = 0
    return of, state, np.array([miss_cycles, cold_cycles], np.int64)


@njit(inline="always")
def const_issue_ready(T, TS, sm, pc, t):
    """When the instruction at pc may issue as far as its constant goes: an
    LDC (a constant read whose result is on the short scoreboard) at t, its
    line asked for at issue (const_ldc_ready, from the core); an operand
    read once its line is there."""
    if T.sb[pc] == 1 and TS.const_of[pc] >= 0:     # tables.SB_SHORT: an LDC
        return t
    return const_ready(TS, sm, pc, t)


@njit(inline="always")
def _line_ready(TS, row, line, t):
    if line < 0 or (TS.const_cfg[CC_MISS] == 0 and TS.const_cfg[CC_COLD] == 0):
        return t
    a = TS.const_line[row, line]
    if a < 0:
        last = TS.const_line.shape[1] - 1
        a = t + TS.const_cfg[CC_MISS]
        if TS.const_line[row, last] == 0:
            a += TS.const_cfg[CC_COLD]
        TS.const_line[row, line] = a
        TS.const_line[row, last] += 1
    return a


@njit(inline="always")
def const_ready(TS, sm, pc, t):
    """The cycle from which SM sm's operand cache has the constant line the
    instruction at pc reads, asked for at t (t itself if it reads none or
    hits), asking for it if no warp of the SM has."""
    return _line_ready(TS, sm, TS.const_of[pc], t)


@njit(inline="always")
def const_ldc_ready(TS, sm, pc, t):
    """The same for the LDC at pc, from SM sm's LDC cache."""
    return _line_ready(TS, TS.const_line.shape[0] // 2 + sm, TS.const_of[pc], t)
