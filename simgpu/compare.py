"""`simgpu compare`: every recorded program, simulated vs measured, side by side.

For each program with a record in traces/h200/programs.json (written by the
harness, simgpu.crosscheck, from real runs with Nsight Compute), simgpu runs
the same recipe at the recorded sizes on the h200 config, each launch with
the register count ptxas gave the kernel (`launch__registers_per_thread`,
so occupancy is the binary's), and each launch becomes one row:

- exact counters, which must match: global load/store requests and sectors,
  shared load/store wavefronts and bank conflicts, theoretical occupancy and
  its register, warp and block limits (Nsight reports limits capped at the
  blocks-per-SM maximum; simgpu's are capped the same way here). The
  shared-memory limit is not compared: Nsight's reflects the carve-out the
  driver chose for the launch, which simgpu does not model (DEVIATIONS.md).
  Shared wavefronts and bank conflicts are the ones the addresses make, as
  Nsight counts them by instrumenting the SASS
  (`smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}.sum`,
  traces/h200/shared_sass.json, tools/probe_shared_sass.py): on a busy SM
  the hardware counters `l1tex__data_pipe_lsu_wavefronts_mem_shared_op_*`
  and `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_*` add the same
  number of wavefronts to both, which the data stage spent in arbitration
  with the SM's other L1 traffic and which vary from run to run (the two runs
  of that record: attention_flash 97 and 125 load wavefronts, the held-out
  transpose_nvcc 4,052 and 3,543); simgpu does not model them, and the row
  keeps them as `shared_arbitration`. So the measured bank conflicts are the
  hardware's less those wavefronts. Programs missing from that record are
  compared with the hardware counters of their own record;
- relative errors (simgpu / measured - 1): warp instructions vs
  `smsp__inst_executed.sum`, cycles vs `gpc__cycles_elapsed.max`, DRAM
  bytes read + written vs `dram__bytes_read.sum + dram__bytes_write.sum`;
- hit rates, as the difference in percentage points: L1 (global load
  sectors) vs `l1tex__t_sector_hit_rate.pct`; L2: the share of the sectors
  the SMs sent that the L2 side served without a miss. On the H200 a read
  whose sector is already on its way to the SM's partition is merged by the
  L2 Request Coalescer and never looked up (traces/h200/l2_coalescing.json),
  so the measured figure is (`lts__t_sectors_srcunit_tex_lookup_hit.sum` +
  `lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum`) /
  (`lts__t_sectors_srcunit_tex.sum` + the same), from that record where it
  has the launch; else `lookup_hit / srcunit_tex` from the program record
  (right where no two SMs read a sector at once; `lts__t_sector_hit_rate.pct`,
  which also counts the traffic between the L2's two partitions, only for
  records made before the harness collected srcunit_tex). simgpu counts the
  merged reads as hits (hierarchy.py, C_L2_COALESCED);
- the warp-state breakdown and its dominant stall (the largest state other
  than `selected`): simgpu's share of resident warp-cycles in each state vs
  Nsight's `smsp__average_warps_issue_stalled_<state>_per_issue_active.ratio`
  normalised to shares (both count warps per state per cycle); records made
  before the harness collected these say "not recorded". Where a launch was
  measured again (traces/h200/stall_runs/: the launches whose dominant state
  simgpu missed, three more runs each), the measured dominant state is the
  one most runs show (divergence's `no_instruction` in programs.json is one
  run in four; the other three have `long_scoreboard`).

The suite figures, over launches (a launch is the unit Nsight measures):
the mean absolute percentage error of cycles (MAPE), Pearson's correlation of
simulated with measured cycles, Spearman's rank correlation and whether the
launches come in the same order by time, and how many are within 25%. The
H200's own cycles vary from run to run (traces/h200/repeats.json: every
launch measured 7 times, small kernels spreading 14-27% between their fastest
and slowest run), so each pair simgpu orders the other way round is also
marked by whether the hardware itself orders it: its fastest run of the
slower launch is slower than its slowest run of the faster one. The same
record gives the MAPE against each launch's median run.

`compare_suite()` returns the rows and the summary as plain data for other
front ends (the HTML report); `format_table()` prints them, `plot_comparison()`
draws the scatter and the paired stall bars.
"""
import json
from pathlib import Path

import numpy as np

from .crosscheck import DEFAULT_RECORD, STALL_REASONS, simulate_recorded
from .errors import SimgpuError

# (label, simgpu stat, Nsight Compute metric): counts that must agree exactly
EXACT = [
    ("gld_requests", "gld_requests", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"),
    ("gld_sectors", "gld_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"),
    ("gst_requests", "gst_requests", "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"),
    ("gst_sectors", "gst_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"),
    ("shared_ld_wavefronts", "shared_ld_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"),
    ("shared_ld_bank_conflicts", "shared_ld_bank_conflicts", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"),
    ("shared_st_wavefronts", "shared_st_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"),
    ("shared_st_bank_conflicts", "shared_st_bank_conflicts", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"),
    ("occupancy_pct", None, "sm__maximum_warps_per_active_cycle_pct"),
    ("limit_registers", "registers", "launch__occupancy_limit_registers"),
    ("limit_warps", "warps", "launch__occupancy_limit_warps"),
    ("limit_blocks", "blocks", "launch__occupancy_limit_blocks"),
]
STALL_METRIC = "smsp__average_warps_issue_stalled_{}_per_issue_active.ratio"
WITHIN = 0.25          # the per-program cycle target


# ---- suite statistics ----


LRC_RECORDS = [Path(__file__).resolve().parents[1] / "traces" / "h200" / f for f in
               ("l2_coalescing.json", "l2_coalescing_rest.json")]
# (a count of the SASS and its addresses: the same on every sm_90 GPU, so the H100's records too)
SHARED_SASS = sorted((Path(__file__).resolve().parents[1] / "traces").glob("h[12]00/shared_sass*.json"))
# Nsight's shared wavefronts counted at the SASS level (instrumented): the addresses' own
SASS_WAVEFRONTS = "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_{}.sum"
HW_WAVEFRONTS = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{}.sum"
HW_CONFLICTS = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{}.sum"
COALESCED = "lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum"
REPEATS = Path(__file__).resolve().parents[1] / "traces" / "h200" / "repeats.json"
STALL_RUNS = Path(__file__).resolve().parents[1] / "traces" / "h200" / "stall_runs"


def load_stall_runs(folder=STALL_RUNS):
    """{(program stem, launch index): [dominant warp state of each run]} from
    more runs of some programs under Nsight Compute with the warp states
    (tools/crosscheck_cuda.py --ncu records in traces/h200/stall_runs/)."""
    out = {}
    for path in sorted(Path(folder).glob("*.json")):
        for e in json.loads(path.read_text()).get("programs", []):
            for k, hw in enumerate(e.get("ncu", {}).get("launches", [])):
                shares = _shares({r: hw.get(STALL_METRIC.format(r)) or 0 for r in STALL_REASONS})
                if shares:
                    out.setdefault((Path(e["program"]).stem, k), []).append(_dominant(shares))
    return out


def modal_state(states):
    """The state most of the runs name; a tie goes to the earliest run's."""
    return max(states, key=lambda s: (states.count(s), -states.index(s)))
CYCLES = "gpc__cycles_elapsed.max"


def _shown(path):
    """A path as the report prints it: relative to the repository where it is inside."""
    try:
        return str(Path(path).resolve().relative_to(Path(__file__).resolve().parents[1]))
    except ValueError:
        return str(path)


def repeats_for(record_path=None):
    """The repeated measurements that go with a record: its sibling
    `<stem>_repeats.json` (traces/h200/holdout_repeats.json for
    holdout.json), else traces/h200/repeats.json."""
    if record_path:
        sibling = Path(record_path).with_name(Path(record_path).stem + "_repeats.json")
        if sibling.exists():
            return sibling
    return REPEATS


def load_repeats(path=REPEATS):
    """{(program stem, launch index): [cycles of each run]} from the repeated
    measurements (tools/measure_repeats.py), {} where there are none."""
    try:
        record = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return {}
    return {(Path(e["program"]).stem, k): list(L[CYCLES]) for e in record.get("programs", [])
            for k, L in enumerate(e.get("launches", []))}


def l2_hit_rate_measured(hw, lrc=None):
    """The share of the SMs' L2 sectors served without a miss, in percent (None
    if not recorded): from `lrc` (the launch's counters in the LRC record) when
    given, its lookup hits and the reads the LRC merged over both; else Nsight's
    hit rate of the SMs' own lookups from `hw`."""
    if lrc and lrc.get(COALESCED) is not None and lrc.get("lts__t_sectors_srcunit_tex.sum"):
        merged = lrc[COALESCED]
        return 100.0 * (lrc["lts__t_sectors_srcunit_tex_lookup_hit.sum"] + merged) / \
            (lrc["lts__t_sectors_srcunit_tex.sum"] + merged)
    sectors = hw.get("lts__t_sectors_srcunit_tex.sum")
    if sectors:
        return 100.0 * hw["lts__t_sectors_srcunit_tex_lookup_hit.sum"] / sectors
    return hw.get("lts__t_sector_hit_rate.pct")


def load_launches(paths=LRC_RECORDS):
    """{program stem: [per-launch counters]} from records of more counters than
    the program record has (the LRC records, `launches` per program; the
    SASS-level shared record, `ncu.launches`); none where a file is missing."""
    out = {}
    for path in paths:
        try:
            record = json.loads(Path(path).read_text())
        except (OSError, ValueError):
            continue
        for p in record.get("programs", []):
            launches = p.get("launches") or p.get("ncu", {}).get("launches")
            if launches:
                out[Path(p["program"]).stem] = launches
    return out


def _same_launches(more, launches):
    """`more` (a program's launches in another record) if they are the same
    kernels, in order, as `launches`; else []."""
    return more if [L.get("kernel") for L in more] == [L.get("kernel") for L in launches] else []


def shared_by_addresses(sass, op):
    """One launch's shared `op` ("ld" or "st") counts as its addresses make
    them, from its counters in the SASS-level record: (wavefronts, bank
    conflicts, arbitration wavefronts), or None if the record lacks them.
    The hardware counts the arbitration wavefronts in both its wavefronts
    and its bank conflicts (see the module doc)."""
    if not sass or sass.get(SASS_WAVEFRONTS.format(op)) is None or sass.get(HW_WAVEFRONTS.format(op)) is None:
        return None
    wavefronts = sass[SASS_WAVEFRONTS.format(op)]
    if op == "ld":      # the hardware's loads include LDSM's (ldmatrix), which the SASS level counts apart
        wavefronts += sass.get(SASS_WAVEFRONTS.format("ldsm")) or 0
    arbitration = sass[HW_WAVEFRONTS.format(op)] - wavefronts
    return wavefronts, sass[HW_CONFLICTS.format(op)] - arbitration, arbitration


def rel_error(sim, measured):
    """simgpu / measured - 1 (0 when both are 0; None when only measured is 0)."""
    if measured == 0:
        return 0.0 if sim == 0 else None
    return sim / measured - 1.0


def mape(sim, measured):
    """Mean absolute percentage error, in percent: 100 * mean(|sim - meas| / meas)."""
    sim, measured = np.asarray(sim, float), np.asarray(measured, float)
    if sim.shape != measured.shape or sim.size == 0 or np.any(measured == 0):
        raise ValueError("mape needs equal-length, non-empty inputs with non-zero measurements")
    return float(100 * np.mean(np.abs(sim - measured) / measured))


def pearson(x, y):
    """Pearson's product-moment correlation of two equal-length samples (nan if either is constant)."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    if x.shape != y.shape or x.size < 2:
        raise ValueError("pearson needs two equal-length samples of at least 2 values")
    dx, dy = x - x.mean(), y - y.mean()
    den = np.sqrt((dx * dx).sum() * (dy * dy).sum())
    return float((dx * dy).sum() / den) if den > 0 else float("nan")


def ranks(x):
    """1-based ranks, ties given the mean of the ranks they span (as Spearman's rho uses them)."""
    x = np.asarray(x, float)
    order = np.argsort(x, kind="mergesort")
    r = np.empty(len(x))
    sx = x[order]
    i = 0
    while i < len(x):
        j = i
        while j + 1 < len(x) and sx[j + 1] == sx[i]:
            j += 1
        r[order[i:j + 1]] = (i + j) / 2 + 1
        i = j + 1
    return r


def spearman(x, y):
    """Spearman's rank correlation: Pearson's of the ranks."""
    return pearson(ranks(x), ranks(y))


def reversed_pairs(names, sim, hw, runs=None):
    """Pairs of launches that simgpu orders the other way round from the
    hardware: (faster on the hardware, slower one, measured gap as a fraction,
    whether the hardware's repeated runs settle the order), the widest
    measured gap first. A pair tied on either side is not counted. runs[i]:
    launch i's cycles in repeated runs (None: unknown); the order is settled
    when every run of the slower launch took longer than every run of the
    faster one, and counted as settled where the runs are unknown."""
    out = []
    for i in range(len(names)):
        for j in range(len(names)):
            if hw[i] < hw[j] and sim[i] > sim[j]:
                ri, rj = (runs[i], runs[j]) if runs else (None, None)
                settled = not (ri and rj) or max(ri) < min(rj)
                out.append((names[i], names[j], hw[j] / hw[i] - 1, settled))
    return sorted(out, key=lambda p: -p[2])


def summarize(rows):
    """Suite figures over the launches in `rows` (see the module doc)."""
    sim = [r["cycles"]["simgpu"] for r in rows]
    hw = [r["cycles"]["measured"] for r in rows]
    errs = [r["cycles"]["rel_error"] for r in rows]
    exact = [e["match"] for r in rows for e in r["exact"].values()]
    stalls = [r["stalls"]["match"] for r in rows if r["stalls"]["match"] is not None]
    instr = [abs(r["warp_instructions"]["rel_error"]) for r in rows]
    dram = [abs(r["dram_bytes"]["rel_error"]) for r in rows if r["dram_bytes"]["rel_error"] is not None]
    runs = [r["cycles"].get("runs") for r in rows]
    rp = reversed_pairs([r["launch"] for r in rows], sim, hw, runs)
    have_runs = all(runs) and bool(rows)
    return {
        "launches": len(rows), "programs": len({r["program"] for r in rows}),
        "cycles_mape_pct": mape(sim, hw),
        "cycles_pearson": pearson(sim, hw) if len(rows) > 1 else None,
        "cycles_spearman": spearman(sim, hw) if len(rows) > 1 else None,
        "same_order": bool(np.array_equal(np.argsort(sim, kind="mergesort"), np.argsort(hw, kind="mergesort"))),
        "reversed_pairs": rp,
        "reversed_settled": sum(p[3] for p in rp) if have_runs else None,
        "runs_per_launch": min(len(x) for x in runs) if have_runs else None,
        "cycles_mape_median_run_pct": mape(sim, [float(np.median(x)) for x in runs]) if have_runs else None,
        "pairs": len(rows) * (len(rows) - 1) // 2,
        "cycles_within_25pct": sum(abs(e) <= WITHIN for e in errs),
        "cycles_worst": max(rows, key=lambda r: abs(r["cycles"]["rel_error"]))["launch"] if rows else None,
        "warp_instructions_within_10pct": sum(e <= 0.10 for e in instr),
        "dram_bytes_within_10pct": sum(e <= 0.10 for e in dram),
        "dram_bytes_compared": len(dram),
        "exact_matched": sum(exact), "exact_compared": len(exact),
        "shared_by_sass": sum(1 for r in rows if r.get("shared_arbitration")),
        "shared_arbitration": [(r["launch"], r["shared_arbitration"]) for r in rows
                               if any((r.get("shared_arbitration") or {}).values())],
        "dominant_stall_matched": sum(stalls), "dominant_stall_compared": len(stalls),
    }


def draws_summary(rows):
    """How far simgpu's draws of its late DRAM windows spread: per launch the
    draws' standard deviation over their mean, and each draw's cycles MAPE."""
    draws = [np.asarray(r["cycles"]["draws"], float) for r in rows]
    sd = [100 * d.std() / d.mean() for d in draws]
    hw = [r["cycles"]["measured"] for r in rows]
    widest = int(np.argmax(sd))
    return {"draws": len(draws[0]), "sd_mean_pct": float(np.mean(sd)),
            "sd_widest_pct": sd[widest], "widest": rows[widest]["launch"],
            "mape_per_draw_pct": [mape([d[k] for d in draws], hw) for k in range(len(draws[0]))]}


# ---- one launch ----

def _shares(d):
    total = sum(v for v in d.values() if v)
    return {k: v / total for k, v in d.items() if v} if total > 0 else {}


def _dominant(shares):
    stalls = {k: v for k, v in shares.items() if k != "selected"}
    return max(stalls, key=stalls.get) if stalls else None


def launch_row(program, k, kernel, stats, hw, max_blocks_per_sm, regs_estimated=None, label=None, lrc=None,
               sass=None):
    """One launch's comparison as plain data (see the module doc); `lrc` and
    `sass`: the launch's counters in the LRC and SASS-level shared records."""
    exact = {}
    for name, ours, theirs in EXACT:
        if hw.get(theirs) is None:
            continue
        if name == "occupancy_pct":
            sv = round(100 * stats["theoretical_occupancy"], 2)
            hv = round(hw[theirs], 2)
        elif name.startswith("limit_"):
            sv, hv = min(stats["occupancy_limits"][ours], max_blocks_per_sm), hw[theirs]
        else:
            sv, hv = stats[ours], hw[theirs]
        exact[name] = {"simgpu": sv, "measured": hv, "match": sv == hv}
    arbitration = {}
    for op in ("ld", "st"):
        counts = shared_by_addresses(sass, op)
        if counts is None:
            continue
        wavefronts, conflicts, arbitration[op] = counts
        for name, hv in ((f"shared_{op}_wavefronts", wavefronts), (f"shared_{op}_bank_conflicts", conflicts)):
            sv = stats[name]
            exact[name] = {"simgpu": sv, "measured": hv, "match": sv == hv, "by": "sass"}

    def rel(sv, hv):
        return {"simgpu": sv, "measured": hv, "rel_error": rel_error(sv, hv)}

    measured_stalls = {r: hw.get(STALL_METRIC.format(r)) for r in STALL_REASONS}
    measured_stalls = _shares({r: v for r, v in measured_stalls.items() if v is not None}) \
        if any(v is not None for v in measured_stalls.values()) else None
    sim_stalls = _shares(stats["stall_cycles"])
    dom_sim = _dominant(sim_stalls)
    dom_hw = _dominant(measured_stalls) if measured_stalls is not None else None
    dram_hw = hw["dram__bytes_read.sum"] + hw["dram__bytes_write.sum"]
    return {
        "program": program, "launch": label or program,
        "index": k, "kernel": kernel,
        "registers": {"binary": stats["regs_per_thread"], "estimated": regs_estimated},
        "exact": exact,
        "shared_arbitration": arbitration or None,
        "cycles": rel(stats["cycles"], hw["gpc__cycles_elapsed.max"]),
        "warp_instructions": rel(stats["warp_instructions"], hw["smsp__inst_executed.sum"]),
        "dram_bytes": rel(stats["dram_read_bytes"] + stats["dram_write_bytes"], dram_hw),
        "dram_read_bytes": rel(stats["dram_read_bytes"], hw["dram__bytes_read.sum"]),
        "dram_write_bytes": rel(stats["dram_write_bytes"], hw["dram__bytes_write.sum"]),
        "l1_hit_rate": _points(100 * stats["l1_sector_hit_rate"], hw.get("l1tex__t_sector_hit_rate.pct")),
        "l2_hit_rate": _points(100 * stats["l2_hit_rate"], l2_hit_rate_measured(hw, lrc)),
        "achieved_occupancy": _points(100 * stats["achieved_occupancy"],
                                      hw.get("sm__warps_active.avg.pct_of_peak_sustained_active")),
        "stalls": {"simgpu": sim_stalls, "measured": measured_stalls, "dominant_simgpu": dom_sim,
                   "dominant_measured": dom_hw, "match": (dom_sim == dom_hw) if measured_stalls else None},
    }


def _points(sim_pct, hw_pct):
    return {"simgpu": sim_pct, "measured": hw_pct,
            "points": None if hw_pct is None else sim_pct - hw_pct}


# ---- the suite ----

def load_record(path=None):
    path = Path(path or DEFAULT_RECORD)
    try:
        record = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise SimgpuError(f"cannot read the record {path}: {e}") from None
    if not isinstance(record, dict) or "programs" not in record:
        raise SimgpuError(f"{path}: not a record of simgpu programs (no 'programs' list)")
    return record


def _draw_configs(config, draws):
    """The config once per draw of its late DRAM windows (`dram_late_seed` 0 .. draws - 1)."""
    from types import MappingProxyType

    from .config import load_config
    cfg = load_config(config)
    if draws < 1:
        raise SimgpuError(f"--draws {draws}: give 1 or more")
    if draws > 1 and not cfg["dram_late_permil"]:
        raise SimgpuError(f"--draws {draws}: config {config} has no late DRAM windows (dram_late_permil = 0), "
                          "so every draw is the same")
    return [config] if draws == 1 else [MappingProxyType({**cfg, "dram_late_seed": k}) for k in range(draws)]


def _mean_of_draws(results):
    """One launch's stats over its draws: cycles their mean, warp-state cycles their sum (so the
    shares are the draws' pooled shares); every other figure the first draw's."""
    stats = dict(results[0].stats)
    stats["cycles"] = int(round(float(np.mean([r.stats["cycles"] for r in results]))))
    stall = {}
    for r in results:
        for k, v in r.stats["stall_cycles"].items():
            stall[k] = stall.get(k, 0) + v
    stats["stall_cycles"] = stall
    return stats


def compare_suite(record_path=None, config="h200", programs=None, draws=1):
    """Per-launch rows and the suite summary for every program with Nsight
    counters in the record (or only those whose stem is in `programs`).
    draws > 1: each program simulated that many times, each with another
    draw of the late DRAM windows (memory/hierarchy.py late_fill, config key
    `dram_late_seed`); a launch's cycles are then the draws' mean, and the
    summary says how far the draws spread."""
    from .config import load_config
    from .regalloc import max_live_registers
    record = load_record(record_path)
    entries = [e for e in record["programs"] if "launches" in e.get("ncu", {})]
    if programs:
        wanted = set(programs)
        entries = [e for e in entries if Path(e["program"]).stem in wanted]
        missing = wanted - {Path(e["program"]).stem for e in entries}
        if missing:
            raise SimgpuError(f"no recorded run of {', '.join(sorted(missing))} in {record_path or DEFAULT_RECORD}")
    if not entries:
        raise SimgpuError(f"{record_path or DEFAULT_RECORD} has no program with Nsight Compute counters")
    max_blocks = load_config(config)["max_blocks_per_sm"]
    lrc = load_launches()
    sass = load_launches(SHARED_SASS)
    repeats = load_repeats(repeats_for(record_path))
    more_runs = load_stall_runs()
    rows = []
    configs = _draw_configs(config, draws)
    for e in entries:
        drawn = [simulate_recorded(e, c) for c in configs]
        run = drawn[0]
        name = Path(e["program"]).stem
        if len(run.results) != len(e["ncu"]["launches"]):
            raise SimgpuError(f"{e['program']}: the recipe makes {len(run.results)} launches, the record has "
                              f"{len(e['ncu']['launches'])}; re-record it")
        kernels = [L[0] for L in run.launches]
        merged = _same_launches(lrc.get(name, []), e["ncu"]["launches"])
        by_sass = _same_launches(sass.get(name, []), e["ncu"]["launches"])
        for k, (res, hw) in enumerate(zip(run.results, e["ncu"]["launches"])):
            label = name if len(kernels) == 1 else f"{name}:{kernels[k]}" if kernels.count(kernels[k]) == 1 \
                else f"{name}#{k}"
            stats = _mean_of_draws([d.results[k] for d in drawn]) if draws > 1 else res.stats
            rows.append(launch_row(name, k, kernels[k], stats, hw, max_blocks,
                                   max_live_registers(res.kernel.program), label, merged[k] if merged else None,
                                   by_sass[k] if by_sass else None))
            rows[-1]["cycles"]["runs"] = repeats.get((name, k))
            if draws > 1:
                rows[-1]["cycles"]["draws"] = [d.results[k].stats["cycles"] for d in drawn]
            st = rows[-1]["stalls"]
            if st["dominant_measured"] is not None and (name, k) in more_runs:
                # the record's run and the further ones: the state most of them show
                st["dominant_runs"] = [st["dominant_measured"]] + more_runs[(name, k)]
                st["dominant_measured"] = modal_state(st["dominant_runs"])
                st["match"] = st["dominant_simgpu"] == st["dominant_measured"]
    info = {"device": record.get("device"), "date": record.get("date"), "ncu": record.get("ncu"),
            "nvidia_smi": record.get("nvidia_smi"), "record": _shown(record_path or DEFAULT_RECORD),
            "config": config}
    summary = summarize(rows)
    summary["repeats_record"] = _shown(repeats_for(record_path))
    if draws > 1:
        summary["draws"] = draws_summary(rows)
    return {"source": info, "rows": rows, "summary": summary}


# ---- text ----

def _pct(e):
    return "   n/a" if e is None else f"{100 * e:+6.1f}%"


def _num(v):
    return f"{v:,.0f}" if abs(v) >= 100 or float(v).is_integer() else f"{v:.2f}"


def _order_lines(s, gpu="the H200"):
    rp = s.get("reversed_pairs") or []
    if not rp:
        return []
    a, b, gap, _ = rp[0]
    out = [f"  order by time: {len(rp)} of {s['pairs']} pairs of launches reversed; the widest measured gap "
           f"among them {100 * gap:.1f}% ({a} faster than {b} on the hardware)"]
    if s.get("reversed_settled") is not None:
        settled = [p for p in rp if p[3]]
        out.append(f"  order {gpu} itself settles (each of {s['runs_per_launch']} runs of the slower launch slower "
                   f"than each of the faster one's): {len(settled)} of the {len(rp)} reversed"
                   + (": " + ", ".join(f"{x} < {y}" for x, y, _, _ in settled) if settled else
                      f": all are within {gpu}'s run-to-run spread"))
    return out


def _shared_lines(s, n, gpu="the H200"):
    """What the shared wavefront and bank-conflict columns were compared with."""
    if not s.get("shared_by_sass"):
        return []
    out = ["", f"shared wavefronts and bank conflicts of {s['shared_by_sass']} of {n} launches: as their addresses "
               "make them, counted by Nsight at the SASS level (traces/h[12]00/shared_sass*.json)"]
    if s["shared_arbitration"]:
        out.append(f"  {gpu}'s data stage also spent, in arbitration with other L1 traffic (in its hardware "
                   "wavefronts and bank conflicts; varies run to run; not modeled): " +
                   ", ".join(f"{lab} " + " + ".join(f"{v:,.0f} {op}" for op, v in arb.items() if v)
                             for lab, arb in s["shared_arbitration"]))
    return out


def _draw_lines(d):
    if not d:
        return []
    per = d["mape_per_draw_pct"]
    return [f"  cycles are the mean of {d['draws']} draws of simgpu's late DRAM windows (dram_late_seed 0-"
            f"{d['draws'] - 1}): a launch's draws spread {d['sd_mean_pct']:.1f}% (sd) on average, widest "
            f"{d['widest']} {d['sd_widest_pct']:.1f}%; one draw alone: MAPE {min(per):.1f}-{max(per):.1f}%"]


def format_table(result):
    src, rows, s = result["source"], result["rows"], result["summary"]
    out = [f"simgpu compare: {s['programs']} programs ({s['launches']} launches) simulated on "
           f"{src['config']} vs {src['device']} ({(src['date'] or '')[:10]}, {src['ncu'] or 'no ncu'})",
           f"record {src['record']}; each launch simulated with the binary's registers per thread", ""]
    labels = [lab for lab, _, _ in EXACT]
    short = {"gld_requests": "ld.req", "gld_sectors": "ld.sec", "gst_requests": "st.req", "gst_sectors": "st.sec",
             "shared_ld_wavefronts": "shld.wf", "shared_ld_bank_conflicts": "shld.bc",
             "shared_st_wavefronts": "shst.wf", "shared_st_bank_conflicts": "shst.bc",
             "occupancy_pct": "occ%", "limit_registers": "lim.reg", "limit_warps": "lim.wrp",
             "limit_blocks": "lim.blk"}
    w = max(len(r["launch"]) for r in rows)
    out.append("exact counters  (= match, X mismatch; mismatches listed below the table)")
    out.append(f"  {'launch':{w}s}  " + " ".join(f"{short[lab]:>7s}" for lab in labels))
    misses = []
    for r in rows:
        marks = []
        for lab in labels:
            e = r["exact"].get(lab)
            marks.append("-" if e is None else "=" if e["match"] else "X")
            if e is not None and not e["match"]:
                misses.append(f"  {r['launch']:{w}s}  {lab:26s} simgpu {_num(e['simgpu']):>12s}  measured "
                              f"{_num(e['measured']):>12s}  {_pct(rel_error(e['simgpu'], e['measured']))}")
        out.append(f"  {r['launch']:{w}s}  " + " ".join(f"{m:>7s}" for m in marks))
    if misses:
        out += ["", "mismatches"] + misses
    gpu = "the " + (src["device"] or "NVIDIA H200").split()[1]
    out += _shared_lines(result["summary"], len(rows), gpu)
    out += ["", "timing and memory  (err = simgpu / measured - 1; hit rates: simgpu - measured, in points)",
            f"  {'launch':{w}s}  {'cycles':>9s} {'measured':>9s} {'err':>7s}  {'warp inst':>10s} {'measured':>10s} "
            f"{'err':>7s}  {'DRAM B':>10s} {'measured':>10s} {'err':>7s}  {'L1 pts':>6s} {'L2 pts':>6s}  "
            f"dominant stall: simgpu / measured"]
    for r in rows:
        c, i, d, st = r["cycles"], r["warp_instructions"], r["dram_bytes"], r["stalls"]
        l1, l2 = r["l1_hit_rate"]["points"], r["l2_hit_rate"]["points"]
        stall = f"{st['dominant_simgpu']} / " + (st["dominant_measured"] or "not recorded")
        runs = st.get("dominant_runs") or []
        if runs and runs.count(st["dominant_measured"]) < len(runs):
            stall += f" ({runs.count(st['dominant_measured'])} of {len(runs)} runs)"
        if st["match"] is not None:
            stall += "  =" if st["match"] else "  X"
        out.append(f"  {r['launch']:{w}s}  {c['simgpu']:>9,} {c['measured']:>9,.0f} {_pct(c['rel_error'])}  "
                   f"{i['simgpu']:>10,} {i['measured']:>10,.0f} {_pct(i['rel_error'])}  "
                   f"{d['simgpu']:>10,} {d['measured']:>10,.0f} {_pct(d['rel_error'])}  "
                   f"{'n/a' if l1 is None else f'{l1:+.1f}':>6s} {'n/a' if l2 is None else f'{l2:+.1f}':>6s}  {stall}")
    p = s["cycles_pearson"]
    sp = s["cycles_spearman"]
    out += ["", f"suite ({s['launches']} launches)",
            f"  cycles: MAPE {s['cycles_mape_pct']:.1f}%, Pearson {'n/a' if p is None else f'{p:.3f}'}, "
            f"Spearman {'n/a' if sp is None else f'{sp:.3f}'}, same order by time: {'yes' if s['same_order'] else 'no'}, "
            f"within 25%: {s['cycles_within_25pct']} of {s['launches']} (worst: {s['cycles_worst']})",
            *_order_lines(s, gpu),
            *([f"  cycles against each launch's median of {s['runs_per_launch']} runs ({s.get('repeats_record')}): "
               f"MAPE {s['cycles_mape_median_run_pct']:.1f}%"] if s.get("cycles_mape_median_run_pct") is not None
              else []),
            *_draw_lines(s.get("draws")),
            f"  exact counters: {s['exact_matched']} of {s['exact_compared']} match",
            f"  warp instructions within 10%: {s['warp_instructions_within_10pct']} of {s['launches']}; "
            f"DRAM bytes within 10%: {s['dram_bytes_within_10pct']} of {s['dram_bytes_compared']}",
            "  dominant stall: " + (f"{s['dominant_stall_matched']} of {s['dominant_stall_compared']} the same"
                                    if s["dominant_stall_compared"] else
                                    "the record has no warp-state counters (re-record with the current harness)"),
            "  (DEVIATIONS.md says why figures differ)"]
    return "\n".join(out)


# ---- figures ----

def plot_comparison(result, out, fmt=None):
    """Two panels: simulated vs measured cycles (log-log, y = x, +-25% band,
    every launch labeled) and paired stall-breakdown bars per launch; to a
    path, or a file object in format `fmt` (plots.save)."""
    import matplotlib.pyplot as plt
    from .plots import COLORS, save
    rows, s = result["rows"], result["summary"]
    fig, (a, b) = plt.subplots(1, 2, figsize=(17, max(7, 0.42 * len(rows) + 2)),
                               gridspec_kw={"width_ratios": [1, 1.25]})
    hw = np.array([r["cycles"]["measured"] for r in rows], float)
    sim = np.array([r["cycles"]["simgpu"] for r in rows], float)
    lo, hi = min(hw.min(), sim.min()) / 1.5, max(hw.max(), sim.max()) * 1.5
    x = np.geomspace(lo, hi, 50)
    a.fill_between(x, x * (1 - WITHIN), x * (1 + WITHIN), color="tab:green", alpha=0.15, label="within 25%")
    a.plot(x, x, "k-", lw=1, label="y = x")
    inside = np.abs(sim / hw - 1) <= WITHIN
    a.scatter(hw[inside], sim[inside], color="tab:blue", zorder=3, label="launch within 25%")
    a.scatter(hw[~inside], sim[~inside], color="tab:red", zorder=3, label="launch outside 25%")
    for r, xv, yv in zip(rows, hw, sim):
        a.annotate(r["launch"], (xv, yv), fontsize=7, xytext=(4, 2), textcoords="offset points")
    a.set_xscale("log")
    a.set_yscale("log")
    a.set_xlim(lo, hi)
    a.set_ylim(lo, hi)
    a.set_xlabel(f"measured cycles (gpc__cycles_elapsed.max, {result['source']['device']})")
    a.set_ylabel(f"simulated cycles (simgpu, {result['source']['config']})")
    p = s["cycles_pearson"]
    a.set_title(f"cycles: MAPE {s['cycles_mape_pct']:.1f}%, Pearson {'n/a' if p is None else f'{p:.3f}'}, "
                f"{s['cycles_within_25pct']}/{s['launches']} within 25%")
    a.grid(True, which="both", alpha=0.3)
    a.legend(fontsize=8, loc="upper left")
    states = [st for st in COLORS if any(st in (r["stalls"]["simgpu"] or {}) or st in (r["stalls"]["measured"] or {})
                                         for r in rows)]
    y = np.arange(len(rows))
    h = 0.38
    for which, off in (("simgpu", -h / 2), ("measured", h / 2)):
        left = np.zeros(len(rows))
        for st in states:
            vals = np.array([100 * (r["stalls"][which] or {}).get(st, 0.0) for r in rows])
            b.barh(y + off, vals, h, left=left, color=COLORS[st], label=st if which == "simgpu" else None,
                   edgecolor="white", linewidth=0.3)
            left += vals
        for k, r in enumerate(rows):
            if r["stalls"][which] is None:
                b.text(1, k + off, "measured: not recorded", va="center", fontsize=6, color="gray")
    b.set_yticks(y)
    b.set_yticklabels([f"{r['launch']}  (sim | hw)" for r in rows], fontsize=7)
    b.invert_yaxis()
    b.set_xlim(0, 100)
    b.set_xlabel("share of resident warp-cycles (%): upper bar simgpu, lower bar Nsight Compute")
    b.set_title("warp states per launch, simulated vs measured")
    b.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.07), ncol=6)
    fig.suptitle(f"simgpu ({result['source']['config']}) vs {result['source']['device']}: "
                 f"{s['programs']} programs, {s['launches']} launches")
    fig.tight_layout()
    save(fig, out, fmt)


def write_json(result, out):
    try:
        Path(out).write_text(json.dumps(result, indent=1))
    except OSError as e:
        raise SimgpuError(f"cannot write {out}: {e}") from None


def cli_compare(ns):
    """`simgpu compare`: the table, and --json / --plot when asked. An Apple config
    is compared with seed 000's M4 measurements (simgpu.compare_m4) instead."""
    from .config import load_config
    if ns.plot and not ns.plot.lower().endswith((".png", ".svg")):
        raise SimgpuError(f"--plot {ns.plot}: give a .png or .svg file name")
    for opt, out in (("--html", ns.html), ("--json", ns.json), ("--plot", ns.plot)):
        if out and not Path(out).resolve().parent.is_dir():      # before the simulations, not after
            raise SimgpuError(f"{opt} {out}: no such directory")
    apple = str(load_config(ns.config).get("compute_capability", "")).startswith("apple")
    sets = {}
    for item in ns.set or ():
        key, eq, val = item.partition("=")
        if not eq or not val.strip().isdigit() or int(val) < 1:
            raise SimgpuError(f"--set {item!r}: expected NAME=POSITIVE_INTEGER")
        sets[key.strip()] = int(val)
    if sets and not apple:
        raise SimgpuError("--set applies to an Apple config (sizes of the ratios); recorded runs have their own sizes")
    if apple:
        from .compare_m4 import compare_m4, format_m4, plot_m4
        if ns.programs:
            raise SimgpuError("--programs applies to the recorded H200 runs; the Apple comparison is a fixed set")
        if ns.draws != 1:
            raise SimgpuError("--draws applies to the recorded H200 runs (the Apple configs have no late DRAM reads)")
        result = compare_m4(ns.config, ns.record, sets)
        text, plot = format_m4(result), plot_m4
    else:
        programs = [p.strip() for p in ns.programs.split(",") if p.strip()] if ns.programs else None
        result = compare_suite(ns.record, ns.config, programs, ns.draws)
        text, plot = format_table(result), plot_comparison
    print(text)
    if ns.html:
        from .compare_html import render, render_m4, write_html
        size = write_html(render_m4(result, plot) if apple else render(result), ns.html)
        print(f"wrote {ns.html} ({size / 1e6:.1f} MB)")
    if ns.json:
        write_json(result, ns.json)
        print(f"wrote {ns.json}")
    if ns.plot:
        plot(result, ns.plot)
        print(f"wrote {ns.plot}")
    return 0
