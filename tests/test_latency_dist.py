"""programs/micro/latency_dist.s on simgpu: the time between the issues of two
dependent loads is the first load's configured latency and its way's share
(l2_path_gap_cycles), with nothing else added (what tools/
latency_dist_figures.py sets the H200's per-load figures against), and the
chase ends where its check says."""
from pathlib import Path

import numpy as np

from simgpu.config import load_config
from simgpu.recipe import parse_recipe, run_recipe

ROOT = Path(__file__).resolve().parents[1]
SMALL = {"steps1": "64", "jump1": "41", "sms": "4", "steps2": "16", "jump2": "37", "rounds": "3"}


def test_each_load_is_timed_at_its_configured_latency():
    cfg = load_config("h200")
    run = run_recipe(parse_recipe(ROOT / "programs" / "micro" / "latency_dist.s"), SMALL, config="h200")
    assert all(c.passed for c in run.checks)
    lat = run.buffers["lat1"].astype(np.int64)
    assert len(lat) == 3 * 64 + 1
    # round 1 reads each line from DRAM (every launch starts cold): l2_fabric_cycles apart by the
    # line's home partition, about their mean latency_dram_cycles less the late reads' mean share,
    # or dram_late_min_cycles and up to dram_late_cycles more in a blocked window
    # (memory/hierarchy.py late_fill); rounds 2 and 3 hit in the L2
    # and each line's way from its slice half of l2_path_gap_cycles earlier or later (path_offset)
    m, w, half = cfg["dram_late_min_cycles"], cfg["dram_late_cycles"], cfg["l2_path_gap_cycles"] // 2
    share = cfg["dram_late_permil"] / 1000 * (w / 2 + m)
    on_time = {int(np.ceil(cfg["latency_dram_cycles"] - share + s * cfg["l2_fabric_cycles"] / 2)) + way
               for s in (-1, 1) for way in (-half, half)}
    dram = set(lat[1:65])
    assert len(on_time & dram) >= 3, lat[1:65]
    assert all(v in on_time or any(t + m <= v <= t + m + w for t in on_time) for v in dram), lat[1:65]
    l2 = cfg["latency_l2_cycles"]
    assert set(lat[65:]) == {l2 - half, l2 + half}, lat[65:]
    assert (lat[65:129] == lat[129:]).all()                   # each line the same way in both rounds
    # %smid: the SM each block ran on (the first wave takes one block an SM in turn)
    assert list(run.buffers["sm2"]) == list(range(len(run.buffers["sm2"])))


def test_the_ptxas_lowering_keeps_each_clock_read_after_its_load():
    """ptxas keeps each CS2R right after its LDG (traces/h200/micro/micro_latency_dist.sass);
    the lowering's list scheduler once gathered the unrolled loop's %clock64 reads together
    (seven samples of 17 cycles, then one of thousands). Each sample is now one load's
    latency, give or take where the clock read falls in its issue group (a read in a blocked DRAM
    window answers at the window's end, so its latency moves with its start)."""
    cfg = load_config("h200")
    recipe = parse_recipe(ROOT / "programs" / "micro" / "latency_dist.s")
    as_written = run_recipe(recipe, SMALL, config="h200").buffers["lat1"].astype(np.int64)
    run = run_recipe(recipe, SMALL, config="h200", lower="ptxas")
    assert all(c.passed for c in run.checks)
    lat = run.buffers["lat1"].astype(np.int64)
    dram, l2 = lat[1:65], lat[65:]
    share = cfg["dram_late_permil"] / 1000 * cfg["dram_late_cycles"] / 2
    far = cfg["latency_dram_cycles"] - share + cfg["l2_fabric_cycles"] / 2 + 20
    on_time = (dram <= far) & (as_written[1:65] <= far)
    assert on_time.sum() > 48 and abs(dram - as_written[1:65])[on_time].max() <= 20
    assert abs(dram.mean() - as_written[1:65].mean()) <= 2 and (l2 == as_written[65:]).all()
    assert abs(l2 - cfg["latency_l2_cycles"]).max() <= cfg["l2_path_gap_cycles"] // 2 + 20
