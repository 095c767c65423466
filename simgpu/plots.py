"""Pictures of a run with matplotlib (`simgpu plot PROGRAM --kind KIND -o FILE`).

- stalls:    warp-state breakdown, in total and per instruction next to its
             source line (Nsight Compute's Warp State Statistics and Source Counters)
- occupancy: occupancy vs block size, registers per thread and shared memory
             per block, with the kernel's point and the binding limit (the CUDA
             occupancy calculator's graphs; simgpu.occupancy)
- roofline:  the config's FP32 and DRAM ceilings, the ridge point and the
             kernel's achieved point (FLOP/s vs FLOP per DRAM byte)
- memory:    per memory instruction, sectors per request against the ideal and
             the shared-memory bank-conflict degree
- timeline:  warps x time, each cell colored by its warp state (GPGPU-Sim's
             AerialVision time-lapse view), over the warp states stacked per
             time bin; read from the trace buffer (simgpu.traces.read_trace)
- counters:  issue and memory over time: IPC per SM and issue-slot use, L2
             lookups and hit rate, DRAM read and write bandwidth, resident
             warps; read from the counters over time (simgpu.counters)
Every figure has a title, labeled axes with units and a legend.
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import ListedColormap  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
import numpy as np  # noqa: E402

from .counters import read_counters  # noqa: E402
from .errors import SimgpuError, LaunchError  # noqa: E402
from .occupancy import occupancy  # noqa: E402
from .report import per_request  # noqa: E402
from .traces import read_trace, timeline  # noqa: E402
from .timing.stalls import NAMES  # noqa: E402

KINDS = ("stalls", "occupancy", "roofline", "memory", "timeline", "counters")
COLORS = dict(zip(NAMES, plt.cm.tab20(np.linspace(0, 1, len(NAMES)))))


def _src(prog, pc, width):
    """'line: source text' of an instruction, whitespace collapsed."""
    return f"{prog.where(pc)[0].split(':')[-1]}: {' '.join(prog.texts[pc].split())[:width]}"


def peak_flops(cfg):
    """FP32 FLOP/s: SMs x lanes (32 per scheduler / issue interval) x 2 (FMA) x clock."""
    lanes = cfg["sub_partitions"] * 32 / cfg["interval_fp32_cycles"]
    return cfg["sm_count"] * lanes * 2 * cfg["clock_mhz"] * 1e6


def figure(kind, run, config_name, launch=-1):
    """The matplotlib figure of one kind for one launch of a recipe run (the
    last by default; the roofline draws every launch). The caller closes it."""
    if kind not in KINDS:
        raise SimgpuError(f"unknown plot kind {kind!r} (kinds: {', '.join(KINDS)})")
    res = run.results[launch] if kind != "roofline" else None
    name = run.recipe.path
    fig = {"stalls": _stalls, "occupancy": _occupancy, "roofline": _roofline, "memory": _memory,
           "timeline": _timeline, "counters": _counters}[kind](run, res, name, config_name)
    fig.tight_layout()
    return fig


def plot(kind, run, out, config_name):
    """Draw one kind into the file `out` (PNG or SVG by its name)."""
    save(figure(kind, run, config_name), out)


def save(fig, out, fmt=None):
    """Write and close a figure: to a path (format by its name) or a file object
    (fmt "png" or "svg"). A path that cannot be written is a one-line error."""
    try:
        fig.savefig(out, dpi=110, format=fmt)
    except (OSError, ValueError) as e:
        raise SimgpuError(f"cannot write {out}: {e}") from None
    finally:
        plt.close(fig)


def _stalls(run, res, name, config_name):
    s = res.stats
    fig, (a, b) = plt.subplots(1, 2, figsize=(14, 6), gridspec_kw={"width_ratios": [1, 2]})
    total = max(1, s["warp_cycles"])
    items = [(k, v) for k, v in s["stall_cycles"].items() if v]
    items.sort(key=lambda kv: kv[1])
    a.barh([k for k, _ in items], [100 * v / total for _, v in items], color=[COLORS[k] for k, _ in items])
    a.set_xlabel("share of resident warp-cycles (%)")
    a.set_title("warp states, whole kernel")
    by_pc = s["stall_cycles_by_pc"]
    prog = res.kernel.program
    top = np.argsort(by_pc.sum(axis=1))[::-1][:15][::-1]
    left = np.zeros(len(top))
    for k, state in enumerate(NAMES):
        vals = by_pc[top, k]
        if vals.sum() == 0:
            continue
        b.barh(range(len(top)), vals, left=left, color=COLORS[state], label=state)
        left += vals
    b.set_yticks(range(len(top)))
    b.set_yticklabels([_src(prog, int(pc), 38) for pc in top],
                      fontsize=7, family="monospace")
    b.set_xlabel("warp-cycles spent at the instruction (cycles)")
    b.set_title("per instruction (line: source), the 15 with the most warp-cycles")
    b.legend(fontsize=7, loc="lower right")
    fig.suptitle(f"{name}: where warps spent their cycles ({config_name}, {s['cycles']:,} cycles)")
    return fig


def _occupancy(run, res, name, config_name):
    s = res.stats
    cfg = res.config
    block = res.block[0] * res.block[1] * res.block[2]
    regs, shared = s["regs_per_thread"], s["shared_bytes_per_block"]
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))

    def curve(ax, xs, f, label, point, xlabel):
        ys = []
        for x in xs:
            try:
                ys.append(100 * f(x).occupancy)
            except LaunchError:
                ys.append(0.0)
        ax.step(xs, ys, where="post", label="occupancy")
        here = f(point)
        ax.plot([point], [100 * here.occupancy], "o", color="red",
                label=f"this kernel: {100 * here.occupancy:.0f}%, limited by {here.limit}")
        ax.set_xlabel(xlabel)
        ax.set_ylabel("theoretical occupancy (% of max warps)")
        ax.set_ylim(0, 105)
        ax.set_title(label)
        ax.legend(fontsize=8)

    curve(axes[0], list(range(32, cfg["max_threads_per_block"] + 1, 32)),
          lambda b: occupancy(cfg, regs, b, shared), "vs block size", block, "threads per block")
    curve(axes[1], list(range(16, cfg["max_registers_per_thread"] + 1, 8)),
          lambda r: occupancy(cfg, r, block, shared), "vs registers per thread", regs, "registers per thread")
    smax = cfg["max_shared_memory_per_block"]
    curve(axes[2], list(range(0, smax + 1, 1024)), lambda sh: occupancy(cfg, regs, block, sh),
          "vs shared memory per block", shared, "shared memory per block (bytes)")
    fig.suptitle(f"{name}: occupancy on {cfg['name']} ({regs} registers, {block} threads, {shared} B shared)")
    return fig


def _roofline(run, res, name, config_name):
    cfg = run.results[0].config
    peak = peak_flops(cfg)
    bw = cfg["dram_bandwidth_gbs"] * 1e9
    ridge = peak / bw
    fig, ax = plt.subplots(figsize=(8, 6))
    x = np.logspace(-2, 4, 200)
    ax.loglog(x, np.minimum(peak, bw * x), color="black", label=f"ceilings: {peak / 1e12:.1f} TFLOP/s FP32, "
              f"{bw / 1e12:.2f} TB/s DRAM")
    ax.axvline(ridge, color="gray", ls=":", label=f"ridge point {ridge:.0f} FLOP/byte")
    skipped = []
    for (kernel, *_), r in zip(run.launches, run.results):
        st = r.stats
        dram = st["dram_read_bytes"] + st["dram_write_bytes"]
        if st.get("flops", 0) == 0 or dram == 0:
            skipped.append(kernel)
            continue
        ai = st["flops"] / dram
        achieved = st["flops"] / (st["time_us"] * 1e-6)
        ax.plot([ai], [achieved], "o", ms=9, label=f"{kernel}: {ai:.1f} FLOP/B, {achieved / 1e9:.0f} GFLOP/s")
    if skipped:
        ax.text(0.02, 0.02, "no point for " + ", ".join(skipped) + ": no floating-point work or no DRAM traffic",
                transform=ax.transAxes, fontsize=8)
    ax.set_xlabel("arithmetic intensity (FLOP per DRAM byte)")
    ax.set_ylabel("performance (FLOP/s)")
    ax.set_title(f"{name}: roofline on {cfg['name']} (simulated)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    return fig


def _memory(run, res, name, config_name):
    s = res.stats
    prog = res.kernel.program
    m = s["memory_by_pc"]
    pcs = [i for i in range(prog.n) if m[i, 0] > 0]
    if not pcs:
        raise SimgpuError(f"{name}: the launch has no memory instructions to plot")
    fig, ax = plt.subplots(figsize=(12, 0.45 * len(pcs) + 2))
    labels, actual, ideal, colors = [], [], [], []
    for i in pcs:
        space, per, best, _ = per_request(m, i)
        labels.append(_src(prog, i, 40))
        actual.append(per)
        ideal.append(best)
        colors.append("tab:orange" if space == "shared" else "tab:blue")
    y = np.arange(len(pcs))
    ax.barh(y, actual, color=colors, alpha=0.8, label="per request: sectors (blue, global) / wavefronts (orange, shared)")
    ax.plot(ideal, y, "k|", ms=14, mew=2, label="ideal (bytes used / 32; conflict-free wavefronts)")
    ax.set_yticks(y)
    ax.set_yticklabels(labels, fontsize=7, family="monospace")
    ax.set_xlabel("sectors or wavefronts per request")
    ax.set_title(f"{name}: memory instructions ({config_name})")
    ax.legend(fontsize=8)
    return fig


NOT_RESIDENT = (1.0, 1.0, 1.0, 1.0)


def _timeline(run, res, name, config_name):
    """Warps x time, colored by warp state, bounded for big runs: at most
    1,000 time columns and 256 warp-slot rows (simgpu.traces.timeline bins
    the intervals exactly). A cell can show one color, so it shows the state
    that took most of its warp-cycles: regions of one behavior stay readable
    where blended colors would not, but a minority state vanishes. The lower
    panel keeps what the heatmap drops: every state's warp-cycles per column,
    stacked, as warps on average (its areas add up to the stats' stall
    cycles), so the shares are exact at any zoom."""
    view = read_trace(res)
    tl = timeline(view)
    fig, (a, b) = plt.subplots(2, 1, figsize=(14, 8.5), sharex=True, gridspec_kw={"height_ratios": [3, 1.3]})
    cmap = ListedColormap([NOT_RESIDENT] + [COLORS[n] for n in NAMES])
    x1 = tl.dominant.shape[1] * tl.width
    a.imshow(tl.dominant.astype(np.int16) + 1, cmap=cmap, vmin=-0.5, vmax=len(NAMES) + 0.5,
             interpolation="nearest", aspect="auto", extent=(0, x1, tl.dominant.shape[0] * tl.group, 0))
    wps = view.warps_per_sm
    n_sm = tl.n_slots // wps
    step = max(1, -(-n_sm // 12))
    a.set_yticks(np.arange(0, n_sm, step) * wps)
    a.set_yticklabels([f"SM {s}" for s in range(0, n_sm, step)])
    per = f"{tl.group} warp slots per row, " if tl.group > 1 else ""
    a.set_ylabel(f"warp slot ({wps} per SM; {per}{tl.n_slots:,} in all)")
    a.set_title(f"each cell: the state with the most warp-cycles in {tl.width:,} cycle(s) "
                f"x {tl.group} warp slot(s)", fontsize=10)
    if tl.filled_at is not None:
        a.text(0.5, 0.5, f"the trace buffer filled at cycle {tl.filled_at:,}: what ended later, and the "
               f"intervals open then, are missing (try smaller sizes with --set)", transform=a.transAxes,
               ha="center", color="red", backgroundcolor="white", fontsize=10)
    present = [i for i in range(len(NAMES)) if tl.by_column[i].any()]
    t = np.arange(tl.dominant.shape[1]) * tl.width
    cycles = np.minimum(tl.width, tl.end - t)
    b.stackplot(np.repeat(np.append(t, x1), 2)[1:-1], *[np.repeat(tl.by_column[i] / cycles, 2) for i in present],
                colors=[COLORS[NAMES[i]] for i in present])
    b.set_ylabel("resident warps\n(mean per column)")
    b.set_xlabel(_since_dispatch(res))
    b.set_xlim(0, x1)
    handles = [Patch(color=COLORS[NAMES[i]], label=NAMES[i]) for i in present]
    handles.append(Patch(facecolor=NOT_RESIDENT, edgecolor="gray", label="not resident"))
    a.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8, title="warp state")
    fig.suptitle(f"{name}: {_launch(run, res)}, warp states over time ({config_name}, {res.stats['cycles']:,} cycles)")
    return fig


def _launch(run, res):
    """'launch k of n: kernel' (just the kernel's name when the recipe has one launch)."""
    k = next(i for i, r in enumerate(run.results) if r is res)
    return (f"launch {k + 1} of {len(run.results)}: " if len(run.results) > 1 else "") + run.launches[k][0]


def _since_dispatch(res):
    return (f"cycles since the first block's dispatch (the {res.config['launch_latency_cycles']:,}-cycle "
            "launch latency precedes it)")


def _counters(run, res, name, config_name):
    """Issue and memory over time, four panels on one time axis (the
    timeline's): IPC per SM with issue-slot use on the right-hand scale (the
    same curve), the L2's hit rate over its lookups per cycle, DRAM read and
    write bandwidth, and resident warps against the most the occupancy limits
    allow for this grid. Each value holds over its bin, drawn as steps; the
    hit rate has a gap where the L2 saw no lookup. It needs no trace buffer,
    so it draws for runs too big to trace; simgpu.counters defines every
    curve and names its Nsight Compute metric."""
    c = read_counters(res)
    cfg, s = res.config, res.stats
    nsp = cfg["sub_partitions"]
    x = np.repeat(np.append(c.start, c.end[-1]), 2)[1:-1]

    def steps(ax, key, **kw):
        return ax.plot(x, np.repeat(c[key].values, 2), label=f"{c[key].name}  [{c[key].metric}]", **kw)[0]

    fig, (a, b, d, w) = plt.subplots(4, 1, figsize=(14, 11), sharex=True)
    steps(a, "ipc", color="tab:blue")
    a.set_ylim(0, max(1e-3, np.nanmax(c["ipc"].values)) * 1.15)
    a.set_ylabel("IPC per SM\n(warp instructions / cycle)")
    a.secondary_yaxis("right", functions=(lambda v: 100 * v / nsp, lambda v: v * nsp / 100)).set_ylabel(
        f"issue-slot use (% of {nsp}\nschedulers x {cfg['sm_count']} SMs)")
    a.set_title("issue: every SM of the config counts, busy or idle (simgpu run's IPC counts only cycles of SMs "
                "with work)", fontsize=10)
    a.legend(fontsize=8, loc="upper right")

    look = b.twinx()
    look.fill_between(x, np.repeat(c["l2_lookups"].values, 2), color="0.85", label=f"{c['l2_lookups'].name}  "
                      f"[{c['l2_lookups'].metric}]")
    look.set_ylabel("L2 lookups\n(sectors / cycle)")
    b.set_zorder(look.get_zorder() + 1)
    b.patch.set_visible(False)
    steps(b, "l2_hit_rate", color="tab:green")
    b.set_ylim(0, 105)
    b.set_ylabel("L2 hit rate (%)")
    b.set_title(f"L2: hit rate of the sectors looked up (no line where none was; the run's: "
                f"{100 * s['l2_hit_rate']:.1f}%)", fontsize=10)
    b.legend(handles=b.get_lines() + [look.collections[0]], fontsize=8, loc="upper right")

    steps(d, "dram_read", color="tab:red")
    steps(d, "dram_write", color="tab:purple")
    peak = cfg["dram_bandwidth_gbs"]
    d.axhline(peak, color="gray", ls=":", label=f"the config's peak, {peak:,.0f} GB/s")
    d.set_ylim(0, max(1.0, np.nanmax(c["dram_read"].values), np.nanmax(c["dram_write"].values)) * 1.15)
    d.set_ylabel("DRAM bandwidth (GB/s)")
    d.set_title("DRAM: bytes in the bin where their channel moves them", fontsize=10)
    d.legend(fontsize=8, loc="upper right")

    steps(w, "resident_warps", color="black")
    wpb = s["warps"] // s["blocks"]
    most = min(s["blocks"], s["blocks_per_sm"] * cfg["sm_count"]) * wpb
    w.axhline(most, color="gray", ls=":", label=f"the most the occupancy limits allow for this grid: {most:,} "
              f"({s['blocks_per_sm']} blocks/SM x {wpb} warps)")
    w.set_ylim(0, most * 1.15)
    w.set_ylabel("resident warps\n(whole GPU)")
    w.legend(fontsize=8, loc="upper right")
    w.set_xlabel(_since_dispatch(res))
    w.set_xlim(0, c.end[-1])
    fig.suptitle(f"{name}: {_launch(run, res)}, issue and memory over time ({config_name}, {s['cycles']:,} cycles, "
                 f"bins of {c.bin_cycles:,})")
    return fig
