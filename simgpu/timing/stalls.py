"""Warp states, named as Nsight Compute names them (Warp State Statistics,
`smsp__pcsamp_warps_issue_stalled_<reason>`). Every cycle of every resident
warp is attributed to exactly one of them.

selected            the warp issued this cycle
not_selected        eligible, but the scheduler issued another warp
wait                waiting on a fixed-latency dependency (ALU, FMA results)
long_scoreboard     waiting on a variable-latency L1TEX result (global, local memory)
short_scoreboard    waiting on a variable-latency MIO result (shared memory, SFU, shuffles)
barrier             waiting at a block barrier
mio_throttle        the scheduler's MIO queue is full (shared memory, shuffles, barrier
                    arrivals; memory/hierarchy.py mio_issue), or the SFU cannot accept
                    the instruction
lg_throttle         the LSU pipe for global/local memory cannot accept the instruction
math_pipe_throttle  the FP32/INT/FP64 pipe for the instruction is busy
branch_resolving    waiting for a branch target to be computed
drain               exited, waiting for its global stores and reductions to be
                    acknowledged before the warp's resources are freed
no_instruction      its next instruction's line is not in the SM's instruction
                    cache yet (fetch.py: cold at kernel start)
imc_miss            its next instruction's constant-bank line (a kernel parameter)
                    is not in the SM's constant cache yet (constants.py: cold at
                    kernel start)
dispatch_stall, membar, sleeping, misc
                    named for completeness; simgpu does not model their causes yet
"""
NAMES = ("selected", "not_selected", "wait", "long_scoreboard", "short_scoreboard", "barrier",
         "mio_throttle", "lg_throttle", "math_pipe_throttle", "branch_resolving", "no_instruction",
         "dispatch_stall", "drain", "membar", "sleeping", "misc", "imc_miss")
(SELECTED, NOT_SELECTED, WAIT, LONG_SB, SHORT_SB, BARRIER, MIO_THROTTLE, LG_THROTTLE,
 MATH_THROTTLE, BRANCH_RESOLVING, NO_INSTRUCTION, DISPATCH_STALL, DRAIN, MEMBAR, SLEEPING,
 MISC, IMC_MISS) = range(len(NAMES))
N_STATES = len(NAMES)
