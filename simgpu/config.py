"""Machine configs: frozen, named, every value with its source in the TOML.

`load_config("h100")` reads simgpu/configs/h100.toml; a path to a user's
.toml works too, and a file may start from a built-in one with
`base = "h100"` and override any subset. Unknown keys, missing keys and
impossible values are ConfigErrors that name the key.
"""
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from .errors import ConfigError

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

CONFIG_DIR = Path(__file__).with_name("configs")

# key -> (type, check, description)
SCHEMA = {
    "name": (str, None, "human-readable GPU name"),
    "compute_capability": (str, None, "e.g. '9.0'"),
    "sm_count": (int, lambda v: v >= 1, "streaming multiprocessors"),
    "clock_mhz": ((int, float), lambda v: v > 0, "SM clock in MHz"),
    "warp_size": (int, lambda v: v == 32, "threads per warp (simgpu models 32)"),
    "max_threads_per_block": (int, lambda v: 32 <= v <= 1024, "threads per block"),
    "max_block_dim": (list, lambda v: len(v) == 3 and all(x >= 1 for x in v), "[x, y, z]"),
    "max_grid_dim": (list, lambda v: len(v) == 3 and all(x >= 1 for x in v), "[x, y, z]"),
    "max_warps_per_sm": (int, lambda v: v >= 1, "resident warps per SM"),
    "max_blocks_per_sm": (int, lambda v: v >= 1, "resident blocks per SM"),
    "registers_per_sm": (int, lambda v: v >= 1024, "32-bit registers per SM"),
    "max_registers_per_thread": (int, lambda v: 16 <= v <= 255, "registers per thread"),
    "register_alloc_unit": (int, lambda v: v >= 1, "registers per warp allocation granule"),
    "shared_memory_per_sm": (int, lambda v: v >= 0, "bytes"),
    "max_shared_memory_per_block": (int, lambda v: v >= 0, "bytes, with opt-in"),
    "reserved_shared_memory_per_block": (int, lambda v: v >= 0, "bytes the system reserves per block"),
    "sub_partitions": (int, lambda v: v >= 1, "SM sub-partitions (SMSPs), one warp scheduler each"),
    "shared_alloc_unit": (int, lambda v: v >= 1, "shared memory allocation granularity, bytes"),
    "scheduler_policy": (str, lambda v: v in ("gto", "lrr", "age"), "warp scheduler policy: age, lrr or gto"),
    "launch_latency_cycles": (int, lambda v: 0 <= v <= 10**7, "front-end cycles every kernel pays before its blocks run"),
    "block_dispatch_cycles": (float, lambda v: 0 <= v <= 10**6,
                              "cycles between two blocks the grid's work distributor hands out (the whole GPU)"),
    "block_dispatch_head_start_cycles": (int, lambda v: 0 <= v <= 10**6,
                                         "cycles of hand-out the work distributor does before the first block "
                                         "runs (during the launch latency)"),
    "first_wave_warps": (int, lambda v: 0 <= v <= 4096,
                         "warps an SM starts at once at a kernel's start (0: every warp of its first blocks)"),
    "first_wave_late_cycles": (int, lambda v: 0 <= v <= 10**6,
                               "cycles after the first ones that an SM's first-wave warps past first_wave_warps start"),
    "block_turnover_cycles": (int, lambda v: 0 <= v <= 10**6,
                              "cycles from the work distributor handing a block to an SM whose block ended "
                              "to the block's start there (not the first wave's)"),
    "instruction_bytes": (int, lambda v: v >= 1, "bytes of one machine instruction (SASS: 16 since Volta)"),
    "icache_line_bytes": (int, lambda v: v >= 1, "instruction cache line, bytes"),
    "latency_cvt64_cycles": (int, lambda v: 1 <= v <= 100000,
                             "cycles from a conversion between a double and a 64-bit integer (I2F.F64.S64, "
                             "F2I.S64.F64: variable latency, short scoreboard) to its result"),
    "latency_match_cycles": (int, lambda v: 0 <= v <= 100000,
                             "cycles from a match.sync (MATCH.ANY/ALL) to its result"),
    "latency_nanosleep_cycles": (int, lambda v: 0 <= v <= 100000,
                                 "the least cycles a nanosleep holds its warp (nanosleep 0)"),
    "latency_bar_red_cycles": (int, lambda v: 0 <= v <= 100000,
                               "cycles after a bar.red's barrier completes until its reduction (B2R.RESULT) is there"),
    "latency_vprintf_cycles": (int, lambda v: 0 <= v <= 10**7,
                               "cycles a device printf (the vprintf call) holds its warp"),
    "latency_membar_gpu_cycles": (int, lambda v: 0 <= v <= 100000,
                                  "cycles a GPU-scope fence holds its warp after the warp's last store left the SM"),
    "store_ack_cycles": (int, lambda v: 0 <= v <= 100000,
                         "cycles after a store's last beat leaves the SM until the warp may leave (drain)"),
    "fetch_miss_cycles": (int, lambda v: 0 <= v <= 100000,
                          "cycles from the SM's fetcher asking for a cold instruction-cache line to its arrival "
                          "(0: fetch not modeled)"),
    "fetch_lookahead_lines": (int, lambda v: 0 <= v <= 1024,
                              "lines past the one a warp needs that the SM's instruction fetcher asks for"),
    "launch_dram_read_bytes": (int, lambda v: v >= 0, "DRAM bytes a launch reads besides its data and code "
                               "(constant bank, launch descriptor, page tables)"),
    "const_line_bytes": (int, lambda v: v >= 1, "constant cache line, bytes (timing/constants.py)"),
    "const_miss_cycles": (int, lambda v: 0 <= v <= 100000,
                          "cycles from an instruction asking for a constant-bank line its SM has not got to its "
                          "arrival (0 with const_cold_cycles 0: not modeled)"),
    "const_cold_cycles": (int, lambda v: 0 <= v <= 100000, "cycles more for an SM's first constant line of a kernel"),
}
for _k in ("host_launch_overhead_us", "sync_roundtrip_us", "copy_latency_us"):
    SCHEMA[_k] = ((int, float), lambda v: 0 <= v <= 1e6, "microseconds")
for _k in ("h2d_bandwidth_gbs", "d2h_bandwidth_gbs"):
    SCHEMA[_k] = ((int, float), lambda v: v > 0, "host link bandwidth, GB/s")
SCHEMA.update({
    "l1_shared_combined_bytes": (int, lambda v: v > 0, "L1 data + shared memory per SM, bytes"),
    "shared_carveouts_kb": (list, lambda v: len(v) > 0 and all(isinstance(x, int) and x >= 0 for x in v),
                            "shared-memory carve-outs the SM allows, KB"),
    "carveout_block_factor": (int, lambda v: v >= 0,
                              "the driver's carve-out holds at least the reserved shared memory of this many times "
                              "the blocks the SM's warps allow (at most max_blocks_per_sm)"),
    "l1_ways": (int, lambda v: v >= 1, "L1 associativity"),
    "l1_sectors_per_cycle": ((int, float), lambda v: v > 0,
                             "32-byte sectors the L1's tag stage resolves per cycle (memory/hierarchy.py l1_span)"),
    "l1_tags_per_cycle": ((int, float), lambda v: v > 0,
                          "128-byte lines (tags) the L1's tag stage looks up per cycle, each with all its sectors"),
    "l1_caches_global_loads": (bool, None, "whether global loads allocate in L1"),
    "l1_store_allocates": (bool, None, "whether a store's whole sectors allocate in the L1 (write-through either way)"),
    "uniform_datapath": (bool, None, "whether integer instructions on warp-uniform values run on a uniform "
                                     "datapath (timing/uniform.py)"),
    "integer_fma_pipe": (bool, None, "whether integer multiplies run on the FP32 (FMA) pipe and integer adds and "
                                     "moves on the INT pipe or it, whichever is free (timing/tables.py)"),
    "interval_uniform_cycles": ((int, float), lambda v: 0.5 <= v <= 1024 and (2 * v) % 1 == 0,
                                "cycles of the int pipe's time an instruction on the uniform datapath takes "
                                "(a multiple of 0.5)"),
    "l2_bytes": (int, lambda v: v >= 128, "L2 capacity, bytes"),
    "l2_slices": (int, lambda v: v >= 1, "L2 slices (each with its own bandwidth)"),
    "l2_ways": (int, lambda v: v >= 1, "L2 associativity"),
    "l2_dirty_ways": (int, lambda v: v >= 1, "dirty lines an L2 set keeps: a write past them writes back the set's "
                      "least recently used dirty line (l2_ways: no limit)"),
    "l2_slice_sectors_per_cycle": ((int, float), lambda v: v > 0, "L2 bandwidth per slice, sectors per cycle"),
    "l2_slice_write_sectors_per_cycle": ((int, float), lambda v: v > 0,
                                         "stored 32-byte beats an L2 slice takes per cycle, in the time its reads use (a "
                                         "beat a sector, one more per line with a partly written sector)"),
    "l2_partitions": (int, lambda v: v >= 1, "L2 partitions: an SM looks in its own first, lines are held in both"),
    "l2_partition_sms": (int, lambda v: v >= 1,
                         "SMs in a row that share an L2 partition: SM k's is (k // this) mod l2_partitions"),
    "l2_atomic_units": (int, lambda v: v >= 1, "the L2's atomic units (each owns chunks of l2_atomic_unit_bytes)"),
    "l2_atomic_unit_bytes": (int, lambda v: v >= 128 and v & (v - 1) == 0,
                             "bytes of consecutive addresses one L2 atomic unit owns (a power of 2, at least a line)"),
    "l2_atomic_op_cycles": ((int, float), lambda v: v > 0,
                            "cycles between an L2 atomic unit's integer operations on part of a sector, "
                            "on different lines"),
    "l2_atomic_whole_op_cycles": ((int, float), lambda v: v > 0,
                                  "the same for an integer operation on a whole sector"),
    "l2_atomic_float_op_cycles": ((int, float), lambda v: v > 0, "the same for a float add"),
    "l2_atomic_line_cycles": ((int, float), lambda v: v > 0,
                              "cycles between an L2 atomic unit's integer operations on part of a sector "
                              "of one line (one after another)"),
    "l2_atomic_whole_line_cycles": ((int, float), lambda v: v > 0,
                                    "the same for an integer operation on a whole sector"),
    "l2_atomic_float_line_cycles": ((int, float), lambda v: v > 0, "the same for a float add"),
    "noc_sectors_per_cycle_per_sm": ((int, float), lambda v: v > 0,
                                     "interconnect bandwidth of one SM's port to the L2, sectors per cycle"),
    "store_beats_per_cycle_per_sm": ((int, float), lambda v: v > 0,
                                     "32-byte beats of store data one SM sends to the L2 per cycle"),
    "store_ahead_cycles": ((int, float), lambda v: v >= 0,
                           "an SM's store path sends nothing until this many cycles before the L2 acknowledged "
                           "its last store (the L2's back-pressure)"),
    "l1_store_slack_cycles": ((int, float), lambda v: v >= 0,
                              "the L1 takes the SM's next request no sooner than this many cycles before a "
                              "store's last sector leaves the store path"),
    "l1_queue_requests": (int, lambda v: 1 <= v <= 4096,
                          "global and local requests of the SM that wait for the L1's tag stage at most; the LSU "
                          "pipe takes no memory instruction while they are as many"),
    "ldgsts_shared_cycles": ((int, float), lambda v: v >= 0,
                             "cycles a cp.async's shared write holds the SM's data stage after its global read"),
    "barrier_arrival_cycles": ((int, float), lambda v: v >= 0,
                               "cycles the SM's barrier unit takes per warp arriving at a block barrier"),
    "barrier_release_cycles": (int, lambda v: 0 <= v <= 100000,
                               "cycles from a barrier's last arrival taken to its warps going on"),
    "mio_queue_depth": (int, lambda v: 1 <= v <= 1024,
                        "MIO instructions a scheduler's queue holds before its warps stall in mio_throttle"),
    "l1tex_queue_entries": (int, lambda v: 0 <= v <= 4096,
                          "entries of the L1TEX's queue of shared accesses per SM ahead of its data stage: one per 128 bytes a store writes, per 256 bytes a load returns (0: no limit)"),
    "load_reply_cycles": (int, lambda v: 0 <= v <= 1000,
                          "cycles between a warp's global load answers from the L2 or DRAM (0: no limit)"),
    "load_reply_l1_cycles": (int, lambda v: 0 <= v <= 1000,
                             "cycles between a warp's global load answers from the L1 (0: no limit)"),
    "mio_issue_gap_cycles": (int, lambda v: 1 <= v <= 64,
                             "cycles between a warp's MIO instructions (the compiler's stall counts)"),
    "dram_bandwidth_gbs": ((int, float), lambda v: v > 0, "DRAM peak bandwidth, GB/s"),
    "dram_channels": (int, lambda v: v >= 1, "independent DRAM channels"),
    "dram_late_min_cycles": ((int, float), lambda v: 0 <= v <= 100000,
                             "the least a late DRAM read is late by (its window's rest added to it)"),
    "dram_late_seed": (int, lambda v: 0 <= v < 2 ** 31,
                       "which draw of blocked windows the late DRAM reads meet (0: the configs' own)"),
    "dram_inflight_cycles_per_kline": ((int, float), lambda v: 0 <= v <= 1000,
                                         "cycles a DRAM read waits at least, its channel's queue included, "
                                         "per 1,000 line reads in flight (0: none)"),
    "dram_sector_cycles": ((int, float), lambda v: 0 <= v <= 1000,
                           "cycles between the answers of a line's sectors read from DRAM one after another"),
    "dram_interleave_bytes": (int, lambda v: v >= 128 and v & (v - 1) == 0,
                              "bytes of consecutive addresses one DRAM channel holds before the next (a power "
                              "of 2, a line or more)"),
    "dram_fetch_bytes": (int, lambda v: v in (32, 64, 128), "bytes a DRAM read moves: 32 (a sector), 64 (a sector pair) or 128 (a line)"),
    "latency_l1_local_cycles": (int, lambda v: 1 <= v <= 100000,
                                "L1 load-to-use latency of a local load that hits (a global one's: latency_l1_cycles)"),
    "latency_global_off_cycles": (int, lambda v: 1 <= v <= 100000,
                                  "cycles a global load's register stays pending when no lane of it is active "
                                  "(predicated off: no request is sent)"),
    "dram_late_permil": (int, lambda v: 0 <= v <= 1000,
                         "per mille of a DRAM chunk's windows in which its reads wait for the window's end (0: none)"),
    "dram_late_cycles": (int, lambda v: 0 <= v <= 100000,
                         "cycles of those windows: the most a late DRAM read waits"),
    "dram_late_chunk_bytes": (int, lambda v: v >= 128 and v & (v - 1) == 0,
                              "bytes of consecutive addresses whose DRAM reads are late together (a power of 2)"),
    "l2_path_gap_cycles": (int, lambda v: 0 <= v <= 1000,
                           "an SM's answers from about half the L2 slices come half this later than "
                           "latency_l2_cycles says, from the other half as much earlier (a fixed draw per "
                           "SM and slice; 0: none)"),
    "l2_fabric_cycles": (int, lambda v: 0 <= v <= 10000,
                         "cycles data from the other L2 partition (its copy, or a DRAM read of a line homed "
                         "there) adds on its way to the SM"),
})
for _p in ("fp32", "int", "uniform", "fp64", "sfu", "branch", "guard", "shared", "param", "s2r", "ldc", "l1", "l2", "dram",
           "tensor", "tensor_small", "dmma"):
    SCHEMA[f"latency_{_p}_cycles"] = (int, lambda v: 1 <= v <= 100000, f"{_p} result latency in cycles")
for _p in ("fp32", "int", "fp64", "sfu", "lsu", "mio", "branch", "sync", "tensor", "tensor_small", "dmma"):
    SCHEMA[f"interval_{_p}_cycles"] = (int, lambda v: 1 <= v <= 1024,
                                       f"cycles between instructions the {_p} pipe of a sub-partition accepts")
# (tensor: an m16n8k16-class mma; tensor_small: the half-size forms; dmma: f64 m8n8k4 -- timing/tables.py mma_cost)


def config_names():
    return sorted(p.stem for p in CONFIG_DIR.glob("*.toml"))


def _read(source, seen):
    path = Path(source)
    if path.suffix != ".toml":
        path = CONFIG_DIR / f"{source}.toml"
        if not path.exists():
            raise ConfigError(f"unknown config {source!r} (built-in: {', '.join(config_names())}; "
                              "or give a path to a .toml file)")
    elif not path.exists():
        raise ConfigError(f"config file {source} not found")
    if path.resolve() in seen:
        raise ConfigError(f"{path}: 'base' chain loops back to itself")
    seen.add(path.resolve())
    try:
        data = tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path}: {e}") from None
    base = data.pop("base", None)
    merged = dict(_read(base, seen)) if base else {}
    for key, value in data.items():
        if key not in SCHEMA:
            raise ConfigError(f"{path}: unknown key {key!r}")
        merged[key] = value
    return merged


def load_config(source="h100"):
    """A frozen mapping of the config's values (validated)."""
    if isinstance(source, MappingProxyType):
        return source
    path = Path(str(source)) if str(source).endswith(".toml") else CONFIG_DIR / f"{source}.toml"
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = None
    return _load(str(source), stamp)


@lru_cache(maxsize=64)
def _load(source, stamp):
    values = _read(source, set())
    for key, (typ, check, desc) in SCHEMA.items():
        if key not in values:
            raise ConfigError(f"config {source!r}: missing key {key!r} ({desc})")
        v = values[key]
        if not isinstance(v, typ) or (isinstance(v, bool) and typ is not bool):
            raise ConfigError(f"config {source!r}: key {key!r} has the wrong type ({desc})")
        if check is not None and not check(v):
            raise ConfigError(f"config {source!r}: impossible value {key} = {v!r} ({desc})")
    if values["max_threads_per_block"] > values["max_warps_per_sm"] * 32:
        raise ConfigError(f"config {source!r}: max_threads_per_block exceeds max_warps_per_sm * 32")
    if values["dram_late_permil"] and not values["dram_late_cycles"]:
        raise ConfigError(f"config {source!r}: dram_late_permil needs dram_late_cycles, the length of a late window")
    if -(-values["max_warps_per_sm"] // values["sub_partitions"]) > 64:
        raise ConfigError(f"config {source!r}: more than 64 warps per scheduler (max_warps_per_sm / sub_partitions): "
                          "the engine's schedulers keep their warps in a 64-bit mask")
    return MappingProxyType(values)
