"""`simgpu plot`: every kind draws a labeled figure for every program from one
real run each, the timeline's cells are the trace's intervals, binned
exactly, and the counters figure draws the counters over time as they are."""
import subprocess
import sys
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pytest

from simgpu.config import load_config
from simgpu.counters import read_counters
from simgpu.plots import KINDS, figure, peak_flops, save
from simgpu.recipe import parse_recipe, run_recipe
from simgpu.timing.stalls import NAMES
from simgpu.traces import TraceView, bin_intervals, read_trace, timeline

ROOT = Path(__file__).resolve().parents[1]

# small sizes (a program not listed here runs at its recipe's defaults)
SMALL = {
    "vector_add": {"n": "1000"}, "strided_copy": {"n": "1000", "stride": "3"},
    "matmul_naive": {"n": "64"}, "matmul_tiled": {"n": "64"}, "matmul_tiled32": {"n": "64"},
    "matmul_registers": {"n": "64"}, "matmul_batched": {"batch": "4"}, "divergence": {"n": "1000", "k": "3"},
    "transpose_naive": {"n": "64"}, "transpose_smem": {"n": "64"}, "transpose_smem_padded": {"n": "64"},
    "reduce_sum": {"n": "1000"}, "wave": {"blocks": "3", "iters": "8"},
    "softmax_naive": {"R": "64", "C": "128"}, "softmax_online": {"R": "64", "C": "128"},
    "attention_naive": {"N": "64"}, "attention_flash": {"N": "64"}, "matmul_cublas": {"n": "128"},
}
PROGRAMS = sorted(p.stem for p in (ROOT / "programs").glob("*.s"))


@pytest.mark.parametrize("name", PROGRAMS)
def test_every_kind_renders_for_every_program(name, tmp_path):
    run = run_recipe(parse_recipe(ROOT / "programs" / f"{name}.s"), SMALL.get(name, {}),
                     trace_capacity=1_000_000)
    for kind in KINDS:
        fig = figure(kind, run, "h100")
        assert str(run.recipe.path) in (fig.get_suptitle() or fig.axes[0].get_title()), kind
        assert all(ax.get_xlabel() or ax.get_ylabel() for ax in fig.axes if ax.has_data()), kind
        assert any(ax.get_legend() for ax in fig.axes), kind
        if kind == "timeline":
            heat = fig.axes[0].images[0].get_array()
        out = tmp_path / f"{kind}.png"
        save(fig, out)
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 20_000, kind
    # the heatmap drawn is the binned trace, and the binned trace holds every warp-cycle of every state
    res = run.results[-1]
    assert res.stats["trace"]["dropped"] == 0, f"{name}: trace buffer full; give it small sizes in SMALL"
    tl = timeline(read_trace(res))
    assert np.array_equal(heat, tl.dominant + 1)
    assert tl.dominant.shape[1] <= 1000 and tl.dominant.shape[0] <= 256
    assert {NAMES[k]: int(v) for k, v in enumerate(tl.by_column.sum(axis=1)) if v} == \
        {k: v for k, v in res.stats["stall_cycles"].items() if v}


def test_timeline_cells_are_the_trace_cycle_by_cycle():
    # 32 warps, about 1,100 cycles: with room for 2,000 columns, one row per warp slot, one column per cycle
    res = run_recipe(parse_recipe(ROOT / "programs" / "vector_add.s"), {"n": "1000"},
                     trace_capacity=100_000).results[0]
    view = read_trace(res)
    tl = timeline(view, max_cols=2000)
    assert (tl.width, tl.group) == (1, 1)
    want = np.full(tl.dominant.shape, -1)
    for w, k, s, e in zip(view.warp_slot, view.state, view.start, view.end):
        assert (want[w, s:e] == -1).all()          # a warp is in one state at a time
        want[w, s:e] = k
    assert np.array_equal(tl.dominant, want)
    assert (tl.dominant >= 0).sum() == res.stats["warp_cycles"]


def test_a_big_trace_is_bounded_and_binned_exactly():
    rng = np.random.default_rng(6)
    wps, n_sm, end = 16, 132, 123_457            # matmul_tiled n=256's shape on the h100, a longer run
    n = 50_000
    slot = rng.integers(0, wps * n_sm, n)
    start = rng.integers(0, end - 1, n)
    stop = np.minimum(end, start + rng.integers(1, 5_000, n))
    state = rng.integers(0, 10, n)
    empty = np.zeros(0, np.int64)
    view = TraceView(slot, slot // wps, state, start, stop, np.zeros(n, np.int64),
                     empty, empty, empty, empty, empty, wps, 2, 4, 0, None)
    tl = timeline(view)
    assert tl.end == stop.max()
    assert tl.width == -(-tl.end // 1000) and tl.dominant.shape[1] == -(-tl.end // tl.width) <= 1000
    assert tl.dominant.shape[0] == -(-wps * n_sm // tl.group) <= 256
    assert tl.group % wps == 0 or wps % tl.group == 0           # rows never straddle two SMs
    for k in range(10):
        assert tl.by_column[k].sum() == (stop - start)[state == k].sum()
    assert tl.capacity.sum() == wps * n_sm * tl.end


def test_the_dominant_state_of_a_cell():
    # 8 warp slots (4 per SM) in 4 rows of 2, 3 columns of 4 cycles: 8 warp-cycles per cell
    LSB, BAR, SEL, WAIT = (NAMES.index(n) for n in ("long_scoreboard", "barrier", "selected", "wait"))
    intervals = [(0, LSB, 0, 3), (0, BAR, 3, 12), (1, BAR, 0, 12),       # row 0
                 (2, BAR, 0, 6), (3, LSB, 0, 6),                          # row 1
                 (4, SEL, 0, 12),                                         # row 2
                 (6, WAIT, 0, 3), (6, BAR, 3, 4), (6, WAIT, 4, 8)]        # row 3
    w, k, s, e = (np.array(c) for c in zip(*intervals))
    empty = np.zeros(0, np.int64)
    view = TraceView(w, w // 4, k, s, e, np.zeros(len(w), np.int64), empty, empty, empty, empty, empty,
                     4, 1, 4, 0, None)
    tl = timeline(view, max_cols=3, max_rows=4)
    assert (tl.width, tl.group) == (4, 2)
    assert tl.dominant.tolist() == [
        [BAR, BAR, BAR],   # column 0: 5 barrier beat 3 long_scoreboard
        [LSB, -1, -1],     # 4 barrier tie 4 long_scoreboard: the lower index; then 2 + 2 lose to 4 not resident
        [SEL, SEL, SEL],   # 4 selected tie 4 not resident: the state
        [-1, WAIT, -1],    # 3 wait + 1 barrier lose to 4 not resident; 4 wait tie 4; nothing
    ]


def test_bin_intervals_against_counting_every_cycle():
    seed = 1234
    rng = np.random.default_rng(seed)
    rows, width, ncols = 3, 7, 20
    start = rng.integers(0, width * ncols - 1, 300)
    end = np.minimum(width * ncols, start + rng.integers(1, 60, 300))
    row = rng.integers(0, rows, 300)
    want = np.zeros((rows, ncols), np.int64)
    for r, s, e in zip(row, start, end):
        for t in range(s, e):
            want[r, t // width] += 1
    assert np.array_equal(bin_intervals(row, start, end, width, (rows, ncols)), want), f"seed {seed}"


def test_the_cli_draws_a_timeline(tmp_path):
    out = tmp_path / "timeline.svg"
    r = subprocess.run([sys.executable, "-m", "simgpu", "plot", "programs/matmul_tiled.s", "--kind", "timeline",
                        "-o", str(out), "--set", "n=64"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    assert out.read_text().lstrip().startswith("<?xml") and "warp states over time" in out.read_text()


def test_the_counters_figure_draws_the_counters_over_time(tmp_path):
    # no trace buffer: the counters come from the series every timed run keeps
    run = run_recipe(parse_recipe(ROOT / "programs" / "matmul_tiled.s"), {"n": "64"})
    res = run.results[0]
    c = read_counters(res)
    fig = figure("counters", run, "h100")
    lines = {ln.get_label().split("  [")[0]: ln for ax in fig.axes for ln in ax.get_lines()}
    edges = np.append(c.start, c.end[-1])
    for counter in c.items.values():
        if counter.key in ("l2_lookups", "issue"):       # drawn filled / a right-hand scale, checked below
            continue
        x, y = lines[counter.name].get_data()
        assert np.array_equal(x, np.repeat(edges, 2)[1:-1]) and np.array_equal(y, np.repeat(counter.values, 2),
                                                                               equal_nan=True), counter.key
    # issue-slot use is the IPC panel's right-hand scale: 4 schedulers per SM
    ipc_axis = lines["IPC per SM (warp instructions per cycle, all SMs)"].axes
    assert ipc_axis.child_axes[0].get_ylim() == pytest.approx(tuple(100 * v / 4 for v in ipc_axis.get_ylim()))
    lookups = next(ax for ax in fig.axes if ax.get_ylabel().startswith("L2 lookups"))
    filled = lookups.collections[0].get_paths()[0].vertices
    assert filled[:, 1].max() == c["l2_lookups"].values.max() > 0
    # what is drawn gives the totals back: DRAM GB/s x seconds, IPC per SM x cycles x 132 SMs
    read = lines["DRAM read (GB/s)"].get_ydata()[::2]
    assert (read * 1e9 * np.diff(edges) / 1980e6).sum() == pytest.approx(res.stats["dram_read_bytes"], rel=1e-12)
    ipc = lines["IPC per SM (warp instructions per cycle, all SMs)"].get_ydata()[::2]
    assert (ipc * np.diff(edges) * 132).sum() == pytest.approx(res.stats["warp_instructions"], rel=1e-12)
    # 16 blocks of 8 warps all fit at once: the ceiling drawn is 128 warps, and every warp is resident at cycle 0
    ceiling = [ln for ln in fig.axes[3].get_lines() if ln.get_label().startswith("the most")][0]
    assert ceiling.get_ydata()[0] == 128 == lines["resident warps (whole GPU, at the bin's start)"].get_ydata()[0]
    plt.close(fig)
    out = tmp_path / "counters.png"
    r = subprocess.run([sys.executable, "-m", "simgpu", "plot", "programs/matmul_tiled.s", "--kind", "counters",
                        "-o", str(out), "--set", "n=64"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_roofline_ceiling_is_the_configs_fp32_peak():
    # H100 SXM5: 132 SMs x 128 FP32 lanes x 2 x 1.98 GHz = 66.9 TFLOP/s (NVIDIA quotes 67)
    assert peak_flops(load_config("h100")) == pytest.approx(66.9e12, rel=1e-3)
    # A100: 108 x 64 x 2 x 1.41 GHz = 19.5 TFLOP/s (NVIDIA quotes 19.5)
    assert peak_flops(load_config("a100")) == pytest.approx(19.5e12, rel=1e-2)


def test_an_unknown_kind_is_refused_by_the_cli():
    r = subprocess.run([sys.executable, "-m", "simgpu", "plot", "programs/vector_add.s", "--kind", "pie", "-o",
                        "/tmp/x.png"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "invalid choice" in r.stderr
