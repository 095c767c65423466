"""Occupancy: how many blocks of a kernel fit on one SM at once.

The rule is the CUDA occupancy calculator's (cuda_occupancy.h, CUDA 12.x,
`cudaOccupancyMaxActiveBlocksPerMultiprocessor`), for the config's limits:

- warps:     floor(max_warps_per_sm / warps_per_block), warps_per_block = ceil(block / 32)
- blocks:    max_blocks_per_sm
- registers: each warp allocates roundup(regs * 32, register_alloc_unit); warps are
             placed on the SM's sub-partitions, each holding registers_per_sm /
             sub_partitions, so limit = floor(floor(per_sp / per_warp) * sub_partitions
             / warps_per_block); a block that does not fit at all (or regs > the
             per-thread maximum) cannot launch
- shared:    each block allocates roundup(static + dynamic + reserved, shared_alloc_unit);
             limit = floor(shared_memory_per_sm / per_block) (the SM's carve-out:
             by default the largest, as the driver picks for a kernel that uses shared
             memory)
- barriers:  on CC 9.x a block using named barriers also limits
             floor(2 * max_blocks_per_sm / barriers_per_block)
The result is the smallest limit; `limit` names the one that binds (ties go to
the first in the order above, as the calculator reports them).
"""
from dataclasses import dataclass

from .config import load_config
from .errors import LaunchError


@dataclass(frozen=True)
class Occupancy:
    blocks_per_sm: int
    active_warps: int          # per SM
    occupancy: float           # active_warps / max_warps_per_sm
    limit: str                 # warps, blocks, registers, shared_memory or barriers
    limits: dict               # every limit's blocks per SM
    warps_per_block: int
    regs_per_thread: int
    shared_per_block: int      # bytes allocated per block, reserved bytes included


def _roundup(x, unit):
    return -(-x // unit) * unit


def occupancy(config, regs_per_thread, block_size, shared_bytes=0, barriers_per_block=1):
    """Blocks per SM for a kernel with `regs_per_thread` registers, `block_size`
    threads and `shared_bytes` of shared memory per block (static + dynamic)."""
    cfg = load_config(config)
    if not 1 <= block_size <= cfg["max_threads_per_block"]:
        raise LaunchError(f"block of {block_size} threads: {cfg['name']} allows 1 to "
                          f"{cfg['max_threads_per_block']}")
    if regs_per_thread > cfg["max_registers_per_thread"]:
        raise LaunchError(f"{regs_per_thread} registers per thread: {cfg['name']} allows at most "
                          f"{cfg['max_registers_per_thread']}")
    wpb = -(-block_size // 32)
    limits = {}
    limits["warps"] = cfg["max_warps_per_sm"] // wpb
    limits["blocks"] = cfg["max_blocks_per_sm"]
    sp = cfg["sub_partitions"]
    per_warp = _roundup(max(1, regs_per_thread) * 32, cfg["register_alloc_unit"])
    per_sp = cfg["registers_per_sm"] // sp
    warps_fit = (per_sp // per_warp) * sp
    if per_warp * wpb > cfg["registers_per_sm"] or warps_fit < wpb:
        raise LaunchError(f"a block of {block_size} threads at {regs_per_thread} registers per thread "
                          f"needs more registers than an SM of {cfg['name']} has")
    limits["registers"] = warps_fit // wpb
    per_block = _roundup(shared_bytes + cfg["reserved_shared_memory_per_block"], cfg["shared_alloc_unit"])
    if shared_bytes > cfg["max_shared_memory_per_block"]:
        raise LaunchError(f"{shared_bytes} bytes of shared memory per block: {cfg['name']} allows "
                          f"{cfg['max_shared_memory_per_block']}")
    limits["shared_memory"] = cfg["shared_memory_per_sm"] // per_block if per_block > 0 else cfg["max_blocks_per_sm"]
    if cfg["compute_capability"].startswith("9") and barriers_per_block > 0:
        limits["barriers"] = 2 * cfg["max_blocks_per_sm"] // barriers_per_block
    blocks = min(limits.values())
    limit = next(k for k, v in limits.items() if v == blocks)
    warps = blocks * wpb
    return Occupancy(blocks, warps, warps / cfg["max_warps_per_sm"], limit, limits, wpb,
                     regs_per_thread, per_block)
