"""Text report of a run for the terminal (what `simgpu run` prints)."""
from .timing.stalls import NAMES as STALL_NAMES

STALL_HELP = {
    "selected": "issued",
    "not_selected": "eligible, another warp issued",
    "wait": "fixed-latency dependency (ALU result)",
    "long_scoreboard": "waiting for global/local memory",
    "short_scoreboard": "waiting for shared memory / SFU / shuffle",
    "barrier": "waiting at bar.sync",
    "mio_throttle": "MIO queue full (shared memory, barriers) or SFU busy",
    "lg_throttle": "global/local memory pipe busy",
    "math_pipe_throttle": "FP32/INT/FP64 pipe busy",
    "branch_resolving": "waiting for a branch target",
    "no_instruction": "next instruction not yet fetched (cold instruction cache)",
    "imc_miss": "its kernel parameter's constant line not yet fetched (cold constant cache)",
    "dispatch_stall": "the pipe could not take the issued instruction",
    "drain": "exited, waiting for its stores to be acknowledged",
    "membar": "waiting at a memory fence",
    "sleeping": "nanosleep or a yield",
    "misc": "other",
}


SPACES = {1: "global", 2: "shared", 3: "local"}      # memory_by_pc column 3


def _fmt(n):
    return f"{n:,}"


def per_request(m, i):
    """(space, per request, ideal, unit) of memory instruction i from
    stats["memory_by_pc"]: 32-byte sectors per request against the bytes
    its lanes used / 32 (global, local), or shared-memory wavefronts per
    request against the conflict-free count (their difference is the bank
    conflicts)."""
    space = SPACES.get(int(m[i, 3]), "?")
    if space == "shared":
        return space, m[i, 1] / m[i, 0], m[i, 2] / m[i, 0], "wavefronts"
    return space, m[i, 1] / m[i, 0], max(1.0, m[i, 4] / m[i, 0] / 32), "sectors"


def format_run(run, config_name, elapsed=None):
    lines = []
    sizes = ", ".join(f"{k}={v}" for k, v in run.sizes.items())
    lines.append(f"program  {run.recipe.path}" + (f"  ({sizes})" if sizes else ""))
    if run.results:
        cfg = run.results[0].config
        lines.append(f"config   {config_name}: {cfg['name']}, {cfg['sm_count']} SMs at {cfg['clock_mhz']} MHz")
    for (kernel, grid, block, shared), res in zip(run.launches, run.results):
        lines.append("")
        lines.extend(format_launch(kernel, grid, block, shared, res))
    if run.checks:
        lines.append("")
        for c in run.checks:
            verdict = "PASS" if c.passed else "FAIL"
            lines.append(f"check    {c.buffer} = {c.expr}: max relative error {c.error:.2e} "
                         f"(tolerance {c.tol:g})  {verdict}")
    elif any(r.stats.get("sampled") for r in run.results):
        lines.append("\ncheck    not made: a sampled run computes only its SMs' blocks")
    if elapsed is not None:
        # what the host simulated: a sampled run's own instructions, not the grid's it scales to
        total = sum(r.stats["sampled"]["simulated_warp_instructions"] if r.stats.get("sampled")
                    else r.stats["warp_instructions"] for r in run.results)
        threads = max((r.stats.get("host_threads", 1) for r in run.results), default=1)
        on = f" on {threads} host threads" if threads > 1 else ""
        lines.append(f"host     {elapsed:.2f} s to simulate {_fmt(total)} warp instructions{on}")
    return "\n".join(lines)


def format_launch(kernel, grid, block, shared, res):
    s = res.stats
    out = [f"launch   {kernel}  grid={grid} block={block}" + (f" shared={shared} B" if shared else "")
           + f"  ({_fmt(s['blocks'])} blocks, {_fmt(s['warps'])} warps, {_fmt(s['threads'])} threads)"]
    if "cycles" in s:
        out.append(f"  cycles                {_fmt(s['cycles']):>14}   ({s['time_us']:.2f} us at the config's clock)")
        out.append(f"  IPC                   {s['ipc']:>14.2f}   warp instructions per active SM cycle "
                   "(sm__inst_executed.avg.per_cycle_active)")
        est = " (estimated by liveness)" if s.get("regs_estimated") else ""
        out.append(f"  occupancy             {100 * s['achieved_occupancy']:>13.1f}%   achieved, of "
                   f"{100 * s['theoretical_occupancy']:.1f}% theoretical: {s['blocks_per_sm']} blocks/SM, "
                   f"limited by {s['occupancy_limit']}; {s['regs_per_thread']} registers/thread{est}, "
                   f"{s['shared_bytes_per_block']} B shared/block")
        out.append(f"  waves                 {s['waves']:>14}   blocks / (blocks per SM x SMs), rounded up")
        if s.get("sampled"):
            sm = s["sampled"]
            if sm.get("twins"):
                out.append(f"  sampled               {sm['sms']:>10} SMs   of {sm['of_sms']}, running {_fmt(sm['blocks'])} of "
                           f"{_fmt(sm['of_blocks'])} blocks, the other SMs' L2 and DRAM accesses added from their "
                           f"blocks' addresses; counts below are scaled x{sm['scale']:.2f} to the grid; cycles "
                           + (f"expected within {100 * sm['error']:.0f}% of a full run" if sm.get("error") is not None
                              else "error unknown"))
                if sm.get("caveat"):
                    out.append(f"  warning               {sm['caveat']}")
            else:
                out.append(f"  sampled               {sm['sms']:>10} SMs   of {sm['of_sms']}, running {_fmt(sm['blocks'])} of "
                           f"{_fmt(sm['of_blocks'])} blocks with their share of the L2 and DRAM; counts below are scaled "
                           f"x{sm['scale']:.2f} to the grid, cache and DRAM figures are the share's")
                out.append(f"  warning               the other SMs' accesses are not known ({sm['no_twins_reason']}): "
                           "where blocks share data through the L2, cycles may come out 15% high or more")
    out.append(f"  warp instructions     {_fmt(s['warp_instructions']):>14}")
    out.append(f"  thread instructions   {_fmt(s['thread_instructions']):>14}")
    out.append(f"  SIMT efficiency       {100 * s['simt_efficiency']:>13.1f}%   active threads per warp "
               "instruction / 32 (smsp__thread_inst_executed_per_inst_executed / 32)")
    top = sorted(s["opcodes"].items(), key=lambda kv: -kv[1])
    mix = "  ".join(f"{k} {100 * v / max(1, s['warp_instructions']):.0f}%" for k, v in top[:8])
    out.append(f"  instruction mix       {mix}")
    if s.get("pipe_instructions"):
        names = {"int": "ALU", "fp32": "FMA", "fp64": "FP64", "sfu": "XU", "lsu": "LSU", "mio": "MIO",
                 "branch": "branch", "sync": "sync", "tensor": "Tensor"}
        total = max(1, sum(s["pipe_instructions"].values()))
        pipes = "  ".join(f"{names.get(k, k)} {100 * v / total:.0f}%" for k, v in
                          sorted(s["pipe_instructions"].items(), key=lambda kv: -kv[1]) if v)
        out.append(f"  pipes                 {pipes}   (smsp__inst_executed_pipe_*)")
    out.extend(format_memory(s))
    if "stall_cycles" in s:
        out.extend(format_stalls(s, res))
    return out


def format_memory(s):
    out = []
    for kind, what in (("gld", "global loads"), ("gst", "global stores")):
        if s.get(f"{kind}_requests"):
            used = s.get(f"{kind}_bytes_requested", 0) / max(1, 32 * s[f"{kind}_sectors"])
            out.append(f"  {what:21s} {_fmt(s[f'{kind}_requests']):>14} requests, {_fmt(s[f'{kind}_sectors'])} "
                       f"32-byte sectors: {s[f'{kind}_sectors_per_request']:.2f} sectors/request "
                       f"(4 for 32 consecutive floats); {100 * used:.0f}% of the bytes moved were used")
            if kind == "gld" and s.get("gld_wavefronts"):
                out.append(f"  {'L1 data stage':21s} {_fmt(s['gld_wavefronts']):>14} wavefronts: "
                           f"{s['gld_wavefronts'] / s['gld_requests']:.2f} a load (1 for 32 consecutive floats; lanes "
                           f"on one bank in different lines take one each, l1tex__data_pipe_lsu_wavefronts_mem_lgds_cmd_read)")
    if s.get("ldgsts_requests"):
        out.append(f"  {'async copies':21s} {_fmt(s['ldgsts_requests']):>14} requests, {_fmt(s['ldgsts_sectors'])} "
                   f"32-byte sectors: cp.async's global reads into shared memory "
                   f"(l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts)")
    if "dram_read_bytes" in s:
        out.append(f"  caches                {100 * s['l1_hit_rate']:>13.1f}%   L1 hit rate (global load sectors; "
                   f"{100 * s['l1_sector_hit_rate']:.1f}% with the stores', l1tex__t_sector_hit_rate), "
                   f"L2 {100 * s['l2_hit_rate']:.1f}% (lts__t_sectors_srcunit_tex_lookup_hit / _srcunit_tex)")
        if "l1_data_bytes" in s:
            out.append(f"  L1 size               {s['l1_data_bytes'] // 1024:>11,} KB   of the SM's L1 + shared memory, "
                       f"what the driver's shared-memory carve-out leaves (each block's reserved 1 KB counted)")
        out.append(f"  DRAM                  {_fmt(s['dram_read_bytes'] + s['dram_write_bytes']):>14} bytes   "
                   f"{_fmt(s['dram_read_bytes'])} read, {_fmt(s['dram_write_bytes'])} written back; "
                   f"{s['dram_bandwidth'] / 1e9:.0f} GB/s (dram__bytes_read.sum, dram__bytes_write.sum)")
    for kind, what in (("ld", "shared loads"), ("st", "shared stores")):
        if s.get(f"shared_{kind}_requests"):
            out.append(f"  {what:21s} {_fmt(s[f'shared_{kind}_requests']):>14} requests, "
                       f"{_fmt(s[f'shared_{kind}_wavefronts'])} wavefronts, "
                       f"{_fmt(s[f'shared_{kind}_bank_conflicts'])} bank conflicts")
    return out


def format_stalls(s, res):
    total = max(1, s["warp_cycles"])
    out = ["  warp states           share of resident warp-cycles (Nsight: smsp__pcsamp_warps_issue_stalled_*)"]
    ranked = sorted(((v, k) for k, v in s["stall_cycles"].items() if v), reverse=True)
    for v, k in ranked[:6]:
        out.append(f"    {k:20s} {100 * v / total:5.1f}%   {STALL_HELP.get(k, '')}")
    prog = res.kernel.program
    worst = where_waited(s, 3)
    if worst:
        out.append("  where warps waited    (instruction, its share of stalled warp-cycles, main reason)")
        for pc, share, reason in worst:
            loc, text = prog.where(pc)
            text = " ".join(text.split())
            out.append(f"    {100 * share:5.1f}%  {loc:28s} {text[:44]:44s} {reason}")
    return out


def where_waited(s, most):
    """The `most` instructions with the most stalled warp-cycles (every state
    but selected): (pc, share of all stalled warp-cycles, main state)."""
    by_pc = s["stall_cycles_by_pc"]
    stalled = by_pc.sum(axis=1) - by_pc[:, STALL_NAMES.index("selected")]
    total = stalled.sum()
    return [(int(pc), stalled[pc] / total, STALL_NAMES[int(by_pc[pc].argmax())])
            for pc in stalled.argsort()[::-1][:most] if stalled[pc] > 0]
