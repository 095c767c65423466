"""Running a launch through the cycle core and turning its counters into
stats (names as the issue fixes them, meanings as Nsight Compute's)."""
import time

import numpy as np

import os

from ..errors import LaunchError
from ..exec.state import make_mem, make_warps
from ..memory import SCRATCH_SIZE
from ..memory.hierarchy import C_DRAM_RD, C_DRAM_WR, C_L2_COALESCED, C_L2_HIT, C_L2_MISS, make_memsys
from ..occupancy import l1_data_bytes, occupancy
from ..ptx import codes as C
from ..regalloc import max_live_registers
from . import stalls as S
from .fetch import code_dram_bytes
from .core import (G_CYCLES, G_DISPATCH_EVERY, G_DISPATCH_FREE, G_NOW, G_TURNOVER, G_FIRST_WARPS, G_FIRST_LATE, INF, SE_DRAM_RD, SE_DRAM_WR, SE_INSTR, SE_L2_HIT, SE_L2_MISS, SE_WARPS,
                   ST_BLOCKS_DONE, ST_PIPES, ST_WARP_CYCLES, S_PENDING, make_thread_work,
                   make_timing_state, run_timed, run_timed_parallel)
from .requests import make_requests
from .policies import POLICIES
from .tables import PIPES, build_tables
from .twins import find_twins, no_twins

# the largest cycle error of a sampled run with twins against the full run over
# tests/test_sampling.py's grids (what stats["sampled"]["error"] reports)
SAMPLED_ERROR = 0.03


def memory_stats(prog, mstat):
    """Totals and per-instruction memory counters under Nsight-like names."""
    ld = np.isin(prog.op, (C.OP_LD, C.OP_LDU, C.OP_LDMATRIX))     # (LDSM and STSM are shared loads and stores)
    st = np.isin(prog.op, (C.OP_ST, C.OP_STMATRIX))
    atom = np.isin(prog.op, (C.OP_ATOM, C.OP_RED))
    cp = (prog.op == C.OP_CP) & (prog.sub == C.CP_ASYNC)
    glob = mstat[:, 3] == C.SPACE_GLOBAL
    shared = mstat[:, 3] == C.SPACE_SHARED
    # Nsight's global-load requests and sectors (l1tex__t_*_pipe_lsu_mem_global_op_ld) count
    # cp.async's LDGSTS too: the held-out matmul_cp_async, which has no other global load, makes
    # its 2 LDGSTS a warp and tile 524,288 of them on the H200 (traces/h200/holdout6.json)
    gread = (ld | cp) & glob
    out = {
        "gld_requests": int(mstat[gread, 0].sum()), "gld_sectors": int(mstat[gread, 1].sum()),
        "gst_requests": int(mstat[st & glob, 0].sum()), "gst_sectors": int(mstat[st & glob, 1].sum()),
        # the L1 data stage's wavefronts of global and local loads (l1tex__data_pipe_lsu_wavefronts_mem_lgds_cmd_read)
        "gld_wavefronts": int(mstat[ld & (glob | (mstat[:, 3] == C.SPACE_LOCAL)), 2].sum()),
        "shared_ld_requests": int(mstat[ld & shared, 0].sum()),
        "shared_st_requests": int(mstat[st & shared, 0].sum()),
        "shared_ld_wavefronts": int(mstat[ld & shared, 1].sum()),
        "shared_st_wavefronts": int(mstat[st & shared, 1].sum()),
        "shared_ld_bank_conflicts": int((mstat[ld & shared, 1] - mstat[ld & shared, 2]).sum()),
        "shared_st_bank_conflicts": int((mstat[st & shared, 1] - mstat[st & shared, 2]).sum()),
        # atomics: l1tex__t_requests/sectors_pipe_lsu_mem_global_op_{atom,red}, and
        # l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom
        "atom_requests": int(mstat[atom & glob, 0].sum()),
        "atom_sectors": int(mstat[atom & glob, 1].sum()),
        "shared_atom_requests": int(mstat[atom & shared, 0].sum()),
        "shared_atom_wavefronts": int(mstat[atom & shared, 1].sum()),
        # cp.async's global reads (l1tex__t_requests/sectors_pipe_lsu_mem_global_op_ldgsts)
        "ldgsts_requests": int(mstat[cp & glob, 0].sum()), "ldgsts_sectors": int(mstat[cp & glob, 1].sum()),
        "gld_bytes_requested": int(mstat[gread, 4].sum()),
        "gst_bytes_requested": int(mstat[st & glob, 4].sum()),
        "memory_by_pc": mstat,
        "flops": count_flops(prog, mstat[:, 5]),
    }
    req = out["gld_requests"] + out["gst_requests"]
    out["sectors_per_request"] = (out["gld_sectors"] + out["gst_sectors"]) / req if req else 0.0
    out["gld_sectors_per_request"] = out["gld_sectors"] / out["gld_requests"] if out["gld_requests"] else 0.0
    out["gst_sectors_per_request"] = out["gst_sectors"] / out["gst_requests"] if out["gst_requests"] else 0.0
    return out


def count_flops(prog, thread_instructions):
    """Floating-point operations executed: fma/mad count 2 per thread, add,
    sub, mul, div, min, max, sqrt, rcp, ex2 ... 1 (Nsight Compute's
    sm__sass_thread_inst_executed_op_ffma_pred_on x 2 + fadd + fmul convention)."""
    flops = 0
    for i in range(prog.n):
        if C.TYPE_KIND[int(prog.ty[i])] != C.KIND_FLOAT or prog.op[i] in (C.OP_MOV, C.OP_LD, C.OP_ST, C.OP_LDU,
                                                                       C.OP_CVT, C.OP_SETP, C.OP_SELP):
            continue
        per = 2 if prog.op[i] in (C.OP_FMA, C.OP_MAD) else 1
        flops += per * int(thread_instructions[i])
    return flops


def barrier_count(prog):
    ids = {int(prog.obits[i, 1]) for i in range(prog.n)
           if prog.op[i] in (C.OP_BAR, C.OP_BARRIER) and prog.okind[i, 1] == C.K_IMM}
    return len(ids) if ids else (1 if any(prog.op[i] in (C.OP_BAR, C.OP_BARRIER) for i in range(prog.n)) else 0)


def sampled_sms(n_sm, sms):
    """The `sms` of `n_sm` SMs a sampled run simulates, spread evenly over
    them (SM floor(i n_sm / sms) for i < sms), so that where the last round
    of blocks leaves some SMs a block fewer, the sample has SMs of both
    kinds in the grid's proportion, as twins.py needs (each SM up to the next
    sampled one is its twin)."""
    return np.array([i * n_sm // sms for i in range(sms)], np.int64)


def sampled_blocks(nblocks, n_sm, sms):
    """The blocks the sampled SMs (sampled_sms) run, dealt round-robin as the
    hardware deals a grid: SM j gets blocks j, j + n_sm, j + 2 n_sm, ..."""
    chosen = set(int(j) for j in sampled_sms(n_sm, sms))
    return np.array([b for b in range(nblocks) if b % n_sm in chosen], np.int64)


def shares_inputs(prog, twins, grid):
    """Whether blocks read the same global data: a load whose address does
    not move along some axis of the grid (twins.py's shifts)."""
    loads = np.isin(prog.op, (C.OP_LD, C.OP_LDU)) & np.isin(prog.space, (C.SPACE_GLOBAL, C.SPACE_GENERIC))
    shift = twins.shift[:len(loads)][loads[:len(twins.shift)]]
    return any((shift[:, d] == 0).any() for d in range(3) if grid[d] > 1)


def no_error_bound(prog, twins, grid, nblocks, slots, blocks_per_sm):
    """Why a sampled run's cycles are not known to be within SAMPLED_ERROR,
    or None: where several blocks to an SM read the same global data.

    A twin asks for its lines when its sampled block does, but in the full
    run a block keeps the pace of the blocks it shares data with, which are
    not its twins. matmul_naive n=464 on the a100 (one round, 8 blocks to an
    SM): in the full run the 29 blocks of a column of the grid read each of
    B's sectors within about 12 cycles of each other, so one of them pays
    the DRAM latency a step; sampled, a column's sector is asked for on other
    blocks' time, often early, and every sampled block runs 6.7% fast
    (traces/sweep/sampled-rounds.csv; n=256 on the h100 -12%, matmul_tiled
    n=384 on the h100 +5%, while n=256 and 512 stay within 3%). Where the
    grid also outnumbers the GPU's slots with a partial last round, which
    SMs get the late blocks is a race between the SMs for the shared lines,
    which the sampled SMs, each in step with its twins, do not run:
    matmul_tiled n=512 on the a100 comes out -15%, and its full run itself
    takes 133,680 or 156,824 cycles as the DRAM latency moves by one cycle
    (tools/sampled_rounds.py; matmul_registers n=1536 on the a100 and
    n=2048 on the h100 move by 10% and 12%). With one block per SM the
    sampled runs kept their bound: matmul_cublas (n=1408, 1536, 1793) and
    attention_flash N=4096, in two rounds, within 0.1% of their full runs.
    Grids of blocks with their own data (vector_add, 4 rounds) stay within
    the bound too."""
    if twins.reason is not None or blocks_per_sm == 1 or not shares_inputs(prog, twins, grid):
        return None
    if nblocks > slots and nblocks % slots:
        rounds = -(-nblocks // slots)
        return (f"the grid's {nblocks:,} blocks fill the GPU's {slots:,} slots in {rounds} rounds, the last "
                f"partial, {blocks_per_sm} to an SM, and blocks share their inputs: how many of the last round's "
                "blocks share an SM is decided by a race between the SMs for the shared data, which a sample "
                "does not run (full runs of matmul_tiled n=512 on the a100 move by 17% with a cycle of DRAM "
                "latency): not validated")
    return (f"{blocks_per_sm} blocks to an SM share their inputs with blocks of other SMs, which are not their "
            "twins: a sampled block's twins ask for the shared lines on its time, not on the time of the blocks "
            "that read them with it (matmul_naive n=464 on the a100 -6.7%, n=256 on the h100 -12%): not validated")

# the L2 atomic units' costs (memory/hierarchy.py atomic_costs), which a sampled run's share slows
ATOMIC_COST_KEYS = ("l2_atomic_op_cycles", "l2_atomic_whole_op_cycles", "l2_atomic_float_op_cycles",
                    "l2_atomic_line_cycles", "l2_atomic_whole_line_cycles", "l2_atomic_float_line_cycles")


def share_of_gpu(cfg, fraction, twins=False):
    """The config of a slice of the GPU: each SM as it is, and the grid's
    work distributor handing the share's blocks out as it hands out the
    whole grid's. With `twins` (twins.py: the other SMs' accesses reach the
    L2 too) the L2 and DRAM are the whole GPU's; without, `fraction` of the
    shared L2 and DRAM, as that fraction of the SMs has them in a full
    run: fewer L2 slices and DRAM channels, each as fast as the whole GPU's
    (so a request's latency through them is unchanged), their speed trimmed
    so that the totals are exactly `fraction` of the GPU's."""
    out = dict(cfg)
    out["block_dispatch_cycles"] = cfg["block_dispatch_cycles"] / fraction
    if twins:
        return out
    parts = cfg["l2_partitions"]
    slices = max(parts, round(cfg["l2_slices"] * fraction / parts) * parts)
    trim = cfg["l2_slices"] * fraction / slices
    out["l2_slices"] = slices
    out["l2_bytes"] = max(int(cfg["l2_bytes"] * fraction), 128 * cfg["l2_ways"] * slices)
    out["l2_slice_sectors_per_cycle"] = cfg["l2_slice_sectors_per_cycle"] * trim
    # atomics: every atomic unit, each at `fraction` of its speed, so that both spread
    # atomics (total rate) and one hot word (one unit's rate) get their share
    for key in ATOMIC_COST_KEYS:
        out[key] = cfg[key] / fraction
    out["dram_channels"] = max(1, round(cfg["dram_channels"] * fraction))
    out["dram_bandwidth_gbs"] = cfg["dram_bandwidth_gbs"] * fraction
    return out


# additive counters a sampled run scales up by blocks in the grid / blocks simulated
SCALED = ("warp_instructions", "thread_instructions", "gld_requests", "gld_sectors", "gld_wavefronts", "gst_requests",
          "gst_sectors",
          "shared_ld_requests", "shared_st_requests", "shared_ld_wavefronts", "shared_st_wavefronts",
          "shared_ld_bank_conflicts", "shared_st_bank_conflicts", "atom_requests", "atom_sectors",
          "shared_atom_requests", "shared_atom_wavefronts", "gld_bytes_requested", "gst_bytes_requested", "flops")
# not scaled: what the L2 and DRAM see depends on data the other SMs would share (a matmul's
# inputs come from DRAM once for the whole GPU, not once per share): without twins (twins.py)
# these stay the share's; with them they are the whole GPU's
SHARE_ONLY = ("l1_hit_rate", "l1_sector_hit_rate", "l2_hit_rate", "l2_coalesced_sectors", "dram_read_bytes", "dram_write_bytes",
              "dram_bandwidth")


QUANTUM_MAX = 1024          # cycles: bounds the request buffers (make_requests), whatever the L2 latency


def quantum_cycles(cfg):
    """The time quantum the SMs run alone (timing/core.py): the largest power
    of two no longer than the L2 latency (requests.py: nothing the L2 stage
    answers comes back sooner, so a quantum's requests are settled before any
    answer is due), at most QUANTUM_MAX; the series' first bin width. The
    quantum changes host speed and, within it, little else: the rounding of a
    float sum made by global atomics of different SMs (as on the hardware,
    where their order is not defined: within a quantum they execute SM by
    SM), and when the L2's back-pressure on an SM's stores reaches it (at the
    quantum's end: memory/hierarchy.py store_acked). The longer it is, the more
    instructions each warp issues while its SM's state is in the host's
    caches (matmul_tiled n=512 on h100: 64 -> 256 cycles, 2.1 -> 3.0 M warp
    instructions/s on one thread here)."""
    q = 1
    while 2 * q <= min(cfg["latency_l2_cycles"], QUANTUM_MAX):
        q *= 2
    return q


def host_threads(threads, prog):
    """Host threads for the SMs: `threads`, else $SIMGPU_THREADS, else 1. A
    program with global atomics runs on one (timing/core.py: the order of
    their results would depend on the threads)."""
    if threads is None:
        env = os.environ.get("SIMGPU_THREADS", "1")
        try:
            threads = int(env)
        except ValueError:
            raise LaunchError(f"SIMGPU_THREADS must be a whole number of host threads, got {env!r}") from None
    if not isinstance(threads, (int, np.integer)) or threads < 1:
        raise LaunchError(f"threads must be a positive number of host threads, got {threads!r}")
    if global_atomics(prog):
        return 1
    return int(threads)


def global_atomics(prog):
    """Whether the program has atomics that may reach global memory."""
    atom = np.isin(prog.op, (C.OP_ATOM, C.OP_RED))
    return bool(np.any(atom & (prog.space != C.SPACE_SHARED)))


def simulate(prog, cfg, grid, block, dev, params, shared_bytes, regs_per_thread, max_instr, trace_capacity=0,
             progress=None, sample_sms=None, threads=None):
    """Returns (rc, err, state, stats) for the whole grid on the config's GPU.
    progress(blocks_done, blocks, cycles, warp_instructions), when given, is
    called about four times a second of host time while the run goes on.

    sample_sms=s simulates only s SMs (sampled_sms), with the blocks they
    would run (sampled_blocks) and the whole GPU's L2 and DRAM, which the
    other SMs' blocks, their twins, reach as well (twins.py; where the
    twins' addresses are not known, the SMs' share of the L2 and DRAM,
    share_of_gpu): for a grid of alike blocks the GPU's time is its SMs'
    time, and waves and tile quantization come out exactly; the additive
    counters are scaled to the whole grid (stats["sampled"] says by how
    much, and the error the sampling was validated to)."""
    nthreads = block[0] * block[1] * block[2]
    nblocks = grid[0] * grid[1] * grid[2]
    regs = regs_per_thread if regs_per_thread is not None else max_live_registers(prog)
    regs = min(regs, cfg["max_registers_per_thread"])
    shared = prog.shared_static + shared_bytes
    occ = occupancy(cfg, regs, nthreads, shared, barrier_count(prog))
    n_sm = min(cfg["sm_count"], nblocks)
    block_ids = np.arange(nblocks, dtype=np.int64)
    gpu_sm = None                  # the GPU's SM each simulated SM is: SM k is SM k in a full run
    sampled = None
    twins = no_twins(prog.n)
    if sample_sms is not None and sample_sms < n_sm:
        block_ids = sampled_blocks(nblocks, n_sm, sample_sms)
        gpu_sm = sampled_sms(n_sm, sample_sms)
        t0 = time.perf_counter()
        twins = find_twins(prog, grid, block, dev, params, shared, n_sm, sampled_sms(n_sm, sample_sms), max_instr)
        sampled = {"sms": int(sample_sms), "of_sms": n_sm, "blocks": len(block_ids), "of_blocks": nblocks,
                   "scale": nblocks / len(block_ids), "twins": twins.reason is None,
                   "no_twins_reason": twins.reason, "twins_seconds": time.perf_counter() - t0,
                   "error": SAMPLED_ERROR if twins.reason is None else None,
                   "caveat": no_error_bound(prog, twins, grid, nblocks, occ.blocks_per_sm * n_sm,
                                            min(occ.blocks_per_sm, -(-nblocks // n_sm)))}
        if sampled["caveat"]:
            sampled["error"] = None
        cfg = share_of_gpu(cfg, sample_sms / cfg["sm_count"], twins.reason is None)
        n_sm = sample_sms
    bps = min(occ.blocks_per_sm, -(-len(block_ids) // n_sm))
    wpb = occ.warps_per_block
    n_sp = cfg["sub_partitions"]
    n_slots = n_sm * bps
    n_warps = n_slots * wpb
    W = make_warps(n_warps, n_slots, prog, grid, block)
    M = make_mem(dev.gmem, dev.alloc_lo, dev.alloc_hi, n_slots, shared, n_warps * 32, prog.local_bytes,
                 np.frombuffer(bytes(params), np.uint8), getattr(dev, "printf", None))
    T = build_tables(prog, cfg)
    threads = min(host_threads(threads, prog), n_sm)
    TS = make_timing_state(n_warps, n_slots, n_sm * n_sp, n_sm, bps, prog, threads, trace_capacity,
                           (cfg["icache_line_bytes"] // cfg["instruction_bytes"], cfg["fetch_miss_cycles"],
                            cfg["fetch_lookahead_lines"]),
                           (cfg["const_line_bytes"], cfg["const_miss_cycles"], cfg["const_cold_cycles"]),
                           quantum_cycles(cfg))
    TS.glob[G_DISPATCH_EVERY] = round(1000 * cfg["block_dispatch_cycles"])
    TS.glob[G_DISPATCH_FREE] = -1000 * cfg["block_dispatch_head_start_cycles"]
    TS.glob[G_TURNOVER] = cfg["block_turnover_cycles"]
    TS.glob[G_FIRST_WARPS] = cfg["first_wave_warps"]
    TS.glob[G_FIRST_LATE] = cfg["first_wave_late_cycles"]
    WK = make_thread_work(prog, len(C.OPCODES), SCRATCH_SIZE, threads)
    l1_bytes = l1_data_bytes(cfg, occ)
    MS = make_memsys(cfg, n_sm, l1_bytes)
    quantum = quantum_cycles(cfg)
    # the most global requests an SM can issue in a quantum: one per LSU issue slot per scheduler
    RQ = make_requests(n_sm, n_sp * -(-quantum // max(1, cfg["interval_lsu_cycles"])), twins, n_slots, gpu_sm)
    err = np.zeros(8, np.int64)
    args = (prog.arrays(), W, M, T, TS, MS, RQ, WK, n_sm, bps, wpb, n_sp, POLICIES[cfg["scheduler_policy"]],
            block_ids, max_instr, quantum, threads, err)
    run = run_timed if threads == 1 else run_timed_parallel
    if progress is None:
        rc = run(*args, INF)
    else:
        rc = _run_in_pieces(run, args, TS, WK, len(block_ids), progress)
    counts = WK.counts.sum(axis=0)[:2 + len(C.OPCODES)]             # (rows are padded to cache lines)
    pc_counts = WK.pc_counts.sum(axis=0)[:max(1, prog.n)]
    mstat = WK.mstat.sum(axis=0)
    mstat[:, 3] = WK.mstat[:, :, 3].max(axis=0)          # the state space, not a count
    stall = TS.stall.sum(axis=0)
    if stall[S_PENDING] or TS.stall_pc[:, :, S_PENDING].any():
        raise AssertionError("simgpu: a warp state was left pending at the end of a quantum (an engine bug)")
    # the front end's fixed cost (Nsight's gpc__cycles_elapsed includes it) plus the simulated run
    cycles = int(TS.glob[G_CYCLES]) + cfg["launch_latency_cycles"]
    sm_active = int(TS.sm_active.sum())
    warp_cycles = int(TS.stats[:, ST_WARP_CYCLES].sum())
    stats = {
        "warp_instructions": int(counts[0]),
        "thread_instructions": int(counts[1]),
        "opcodes": {C.OPCODES[k]: int(v) for k, v in enumerate(counts[2:]) if v},
        "cycles": cycles,
        "time_us": cycles / cfg["clock_mhz"],
        "ipc": counts[0] / sm_active if sm_active else 0.0,
        "sm_active_cycles": sm_active / cfg["sm_count"],
        "theoretical_occupancy": occ.occupancy,
        "achieved_occupancy": warp_cycles / (sm_active * cfg["max_warps_per_sm"]) if sm_active else 0.0,
        "occupancy_limit": occ.limit,
        "occupancy_limits": dict(occ.limits),
        "blocks_per_sm": occ.blocks_per_sm,
        "regs_per_thread": regs,
        "regs_estimated": regs_per_thread is None,
        "shared_bytes_per_block": shared,
        "waves": -(-nblocks // (occ.blocks_per_sm * cfg["sm_count"])),
        "warp_cycles": warp_cycles,
        "stall_cycles": {name: int(stall[k]) for k, name in enumerate(S.NAMES)},
        # warp instructions each pipe took (Nsight: smsp__inst_executed_pipe_*; the FMA pipe's "fp32"
        # holds the integer multiplies and the adds and moves the INT pipe was too busy for)
        "pipe_instructions": {p: int(TS.stats[:, ST_PIPES + k].sum()) for k, p in enumerate(PIPES)},
        "stall_cycles_by_pc": TS.stall_pc.sum(axis=0)[:, :S.N_STATES],
        **memory_stats(prog, mstat),
        **hierarchy_stats(MS, cycles, cfg, l1_bytes, front_end_dram_bytes(prog, cfg)),
    }
    stats["host_threads"] = threads
    stats["quantum_cycles"] = quantum
    stats["series"] = series_stats(TS, MS.counters, counts, int(TS.glob[G_CYCLES]), MS.dram_hist,
                                   int(MS.dram_hist_w[0]), stats["front_end_dram_bytes"])
    if sampled is not None:
        sampled["simulated_warp_instructions"] = stats["warp_instructions"]
        for key in SCALED:
            stats[key] = int(round(stats[key] * sampled["scale"]))
        stats["opcodes"] = {k: int(round(v * sampled["scale"])) for k, v in stats["opcodes"].items()}
        stats["pipe_instructions"] = {k: int(round(v * sampled["scale"])) for k, v in stats["pipe_instructions"].items()}
        sampled["share_only"] = SHARE_ONLY if twins.reason else ()
        stats["sm_active_cycles"] *= sampled["of_sms"] / n_sm       # the other SMs are as busy
        stats["sampled"] = sampled
    if trace_capacity:
        records, dropped = merged_trace(TS, trace_capacity)
        stats["trace"] = {"records": records, "dropped": dropped,
                          "warps_per_sm": bps * wpb, "blocks_per_sm": bps, "sub_partitions": n_sp,
                          "launch_latency_cycles": cfg["launch_latency_cycles"]}
    return rc, err, W, stats, pc_counts


FIRST_PIECE = 2048           # cycles; later pieces are sized to take PIECE_SECONDS of host time
PIECE_SECONDS = 0.25


def merged_trace(TS, capacity):
    """The threads' trace records as one list in time order (start, then
    warp or block slot, state), the first `capacity` of them; and how many
    were dropped."""
    parts = [TS.trace[c, :int(TS.trace_n[c, 0])] for c in range(TS.trace.shape[0])]
    rec = np.concatenate(parts) if parts else np.zeros((0, 5), np.int64)
    rec = rec[np.lexsort((rec[:, 3], rec[:, 1], rec[:, 0], rec[:, 2]))]
    dropped = int(TS.trace_n[:, 2].sum()) + max(0, len(rec) - capacity)
    return rec[:capacity].copy(), dropped


def _run_in_pieces(run, args, TS, WK, nblocks, progress):
    """run_timed in pieces of simulated cycles sized to take about
    PIECE_SECONDS of host time each, reporting between them (the same result
    as one call)."""
    chunk = FIRST_PIECE
    while True:
        t0 = time.perf_counter()
        rc = run(*args, int(TS.glob[G_NOW]) + chunk)
        progress(int(TS.stats[:, ST_BLOCKS_DONE].sum()), nblocks,
                 int(TS.glob[G_NOW] if rc == 1 else TS.glob[G_CYCLES]), int(WK.counts[:, 0].sum()))
        if rc != 1:
            return rc
        dt = time.perf_counter() - t0
        chunk = max(FIRST_PIECE // 8, int(chunk * min(4.0, PIECE_SECONDS / max(dt, 1e-3))))


def rebin(hist, width, edges):
    """Bytes in bins of `width` cycles (hist[j] from j x width) summed into the
    intervals [edges[k], edges[k+1]); a bin wider than an interval is shared
    in proportion to its overlap, anything past the last edge goes to the last."""
    out = np.zeros(len(edges) - 1)
    last = len(out) - 1
    for j in np.nonzero(hist)[0]:
        lo, hi = j * width, (j + 1) * width
        k = min(max(int(np.searchsorted(edges, lo, side="right")) - 1, 0), last)
        while True:
            end = hi if k == last else min(hi, edges[k + 1])       # the last interval takes the rest
            start = lo if k == 0 else max(lo, edges[k])
            out[k] += hist[j] * max(0.0, end - start) / width
            if end >= hi:
                break
            k += 1
    return out


def series_stats(TS, MS_counters, counts, cycles_simulated, dram_hist=None, dram_width=None, front_bytes=0):
    """The run's counters over time: samples every `bin_cycles` cycles (the
    last bin ends with the run), as per-bin figures. DRAM bytes are binned by
    when their channel moved them (dram_hist, from the memory system), the
    other counters by when their instruction issued; the front end's reads
    (front_bytes: code and launch data, front_end_dram_bytes) fall in the
    first bin, as the kernel starts."""
    n, width = int(TS.series_n[0]), int(TS.series_n[1])
    cum = TS.series[:n].astype(np.float64)
    final = np.zeros((1, cum.shape[1]))
    final[0, SE_INSTR] = counts[0]
    final[0, [SE_L2_HIT, SE_L2_MISS, SE_DRAM_RD, SE_DRAM_WR]] = MS_counters[[C_L2_HIT, C_L2_MISS, C_DRAM_RD,
                                                                          C_DRAM_WR]]
    if n and cycles_simulated <= (n - 1) * width:        # the run ended on the last sample
        cum, n = cum[:-1], n - 1
    cum = np.vstack([cum, final])
    t = np.append(np.arange(n) * width, cycles_simulated).astype(np.int64)
    d = np.diff(cum, axis=0)
    dt = np.diff(t).astype(np.float64)
    if dram_hist is not None and len(t) > 1:
        d[:, SE_DRAM_RD] = rebin(dram_hist[:, 0], dram_width, t)
        d[:, SE_DRAM_WR] = rebin(dram_hist[:, 1], dram_width, t)
    if len(d):
        d[0, SE_DRAM_RD] += front_bytes
    return {"bin_cycles": width, "start": t[:-1], "end": t[1:],
            "warp_instructions": d[:, SE_INSTR], "l2_hits": d[:, SE_L2_HIT], "l2_misses": d[:, SE_L2_MISS],
            "dram_read_bytes": d[:, SE_DRAM_RD], "dram_write_bytes": d[:, SE_DRAM_WR],
            "resident_warps": cum[:-1, SE_WARPS], "cycles": dt}


def front_end_dram_bytes(prog, cfg):
    """DRAM bytes a launch reads besides its data: its code (fetch.py
    code_dram_bytes) and the rest the front end reads, `launch_dram_read_bytes`
    (constant bank, launch descriptor, page tables; measured as one figure)."""
    return code_dram_bytes(prog.n, cfg["icache_line_bytes"] // cfg["instruction_bytes"], cfg["instruction_bytes"],
                           cfg["fetch_miss_cycles"]) + cfg["launch_dram_read_bytes"]


def hierarchy_stats(MS, cycles, cfg, l1_bytes, front_bytes=0):
    """The memory system's figures; front_bytes: the front end's DRAM reads
    (front_end_dram_bytes), counted in dram_read_bytes, not in the L2's."""
    c = MS.counters
    l1_hits, l1_misses, st_hits, st_misses = (int(x) for x in MS.l1_count.sum(axis=0))
    l1 = l1_hits + l1_misses
    l1_all = l1 + st_hits + st_misses
    l2 = c[C_L2_HIT] + c[C_L2_MISS]
    seconds = cycles / (cfg["clock_mhz"] * 1e6) if cycles else 0.0
    dram = int(c[C_DRAM_RD] + c[C_DRAM_WR]) + front_bytes
    return {
        "l1_hit_rate": float(l1_hits / l1) if l1 else 0.0,
        # as Nsight Compute's l1tex__t_sector_hit_rate: stores' sectors too, a hit where the L1 holds the sector
        "l1_sector_hit_rate": float((l1_hits + st_hits) / l1_all) if l1_all else 0.0,
        "l2_hit_rate": float(c[C_L2_HIT] / l2) if l2 else 0.0,
        "l2_coalesced_sectors": int(c[C_L2_COALESCED]),
        "l1_data_bytes": l1_bytes,
        "dram_read_bytes": int(c[C_DRAM_RD]) + front_bytes,
        "front_end_dram_bytes": front_bytes,
        "dram_write_bytes": int(c[C_DRAM_WR]),
        "dram_bandwidth": dram / seconds if seconds else 0.0,
    }
