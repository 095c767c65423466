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
             limit = floor(shared_memory_per_sm / per_block) (the SM's largest
             carve-out: the driver picks a carve-out that holds the resident blocks,
             carveout_kb, which the L1 has the rest of, l1_data_bytes)
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


def carveout_kb(cfg, occ):
    """The shared-memory carve-out (KB) the driver picks for a launch (an
    Occupancy, `occ`), which the L1 has the rest of: the smallest allowed
    carve-out that holds the resident blocks' shared memory, the reserved
    1 KB a block included, also for a kernel with none of its own, and no
    smaller than the reserved shared memory of `carveout_block_factor` times
    as many blocks as the SM's warps allow (at most `max_blocks_per_sm`).

    Measured on the H200 here. The floor: Nsight Compute's
    `launch__occupancy_limit_shared_mem` (the carve-out over a block's
    shared memory) of every recorded launch of a kernel without shared
    memory is 8 blocks for blocks of 1,024 threads, 16 for 512, 32 for 256
    and fewer (traces/h200/programs.json and micro/: 600-odd launches), where
    the resident blocks need 2, 4 and 8 KB: an 8, 16 and 32 KB carve-out, 4
    times the blocks the warps allow. The capacity: a warp reading k lines
    in a row, 4 times over, keeps them all up to 1,664 lines (208 KB) in
    blocks of 32, 128 and 256 threads (a 32 KB carve-out, 224 KB of L1), up
    to 1,792 in blocks of 512 and 1,024 (16 and 8 KB, 240 and 248 KB), and
    loses some at 1,792 and 1,856 lines respectively, more at 1,920 with
    blocks of 512 than of 1,024 (programs/micro/l1_store_alloc.s and
    l1_carve.s, l1_cap, traces/h200/micro/micro_l1_store_alloc.json and
    micro_l1_carve.json.gz). Not modeled: with shared memory of its own
    the driver picks a larger carve-out than the blocks need (matmul_tiled's
    24 KB: 64 KB, transpose_smem's 40 KB: 100 KB; DEVIATIONS.md). `cfg`: the
    config's values (a mapping, as the engine holds them)."""
    floor_blocks = min(cfg["max_blocks_per_sm"],
                       cfg["carveout_block_factor"] * (cfg["max_warps_per_sm"] // occ.warps_per_block))
    need_kb = max(occ.blocks_per_sm * occ.shared_per_block,
                  floor_blocks * cfg["reserved_shared_memory_per_block"]) / 1024
    carve = next((kb for kb in sorted(cfg["shared_carveouts_kb"]) if kb >= need_kb),
                 max(cfg["shared_carveouts_kb"]))
    return carve


def l1_data_bytes(cfg, occ):
    """L1 data capacity a launch runs with: the SM's L1 + shared memory less
    its carve-out (carveout_kb)."""
    return cfg["l1_shared_combined_bytes"] - carveout_kb(cfg, occ) * 1024
