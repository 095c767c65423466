"""The cycle-level timing model: when each warp instruction issues and completes.

The functional step (simgpu.exec.warp.step) decides what an instruction
computes; this package decides when: per-SM sub-partitions with a warp
scheduler each, per-warp scoreboards, functional-unit pipes, barriers, block
dispatch in waves, and the attribution of every resident warp-cycle to one
of Nsight Compute's warp states.
"""
