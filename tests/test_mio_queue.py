"""The schedulers' MIO queues (memory/hierarchy.py mio_issue) alone and
against the H200 (traces/h200/mio_queue.json, made by tools/measure_mio_queue.py;
tools/mio_figures.py fits mio_queue_depth and l1tex_queue_entries to it): the
same PTX bursts of shared stores and bar.sync loops, one block."""
import json
import sys
from pathlib import Path
from types import MappingProxyType

import numpy as np
import pytest

import simgpu
from simgpu.config import load_config
from simgpu.memory.hierarchy import MIO_BARRIER, MIO_SHARED, make_memsys, mio_issue

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from measure_mio_queue import iters, kernel  # noqa: E402

RECORD = json.loads((ROOT / "traces" / "h200" / "mio_queue.json").read_text())
H200 = MappingProxyType({**load_config("h200"), "fetch_miss_cycles": 0})
LAT = H200["latency_shared_cycles"]


def run(kind, B, k, nsp, cfg=H200):
    """One block of k warps on each of nsp schedulers: (stats, warp-cycles per instruction by state)."""
    s = simgpu.launch(simgpu.load("<mio>.ptx", text=kernel(kind, B)), 1, 128 * k,
                      [np.zeros(1024, np.float32), np.uint32(iters(kind, B)), np.uint32(0), np.uint32(nsp)],
                      config=cfg).stats
    return s, {x: v / s["warp_instructions"] for x, v in s["stall_cycles"].items()}


def measured(kind, B, k, nsp, state):
    row = next(r for r in RECORD["results"] if (r["kind"], r["B"], r["warps_per_scheduler"], r["schedulers"]) ==
               (kind, B, k, nsp))
    return float(row["ncu"][f"smsp__average_warps_issue_stalled_{state}_per_issue_active.ratio"])


def test_the_queue_lets_one_instruction_go_per_interval_and_holds_three():
    ms = make_memsys(H200, 1, 1024)
    # a burst at cycle 100 on scheduler 0: the LSU stage takes one every 4 cycles, each
    # shared load starts then (one wavefront) and is ready a shared latency later
    out = [mio_issue(ms, 0, 0, 100, MIO_SHARED, 1, LAT) for _ in range(4)]
    assert [int(r) for r, _ in out] == [100 + LAT, 104 + LAT, 108 + LAT, 112 + LAT]
    # room: the queue holds 3, so the 4th may go once the first left (100), the 5th at 104
    assert [int(room) for _, room in out] == [0, 0, 100, 104]
    # another scheduler's queue is its own; the SM's data stage is shared (free again at 113)
    r, room = mio_issue(ms, 1, 0, 100, MIO_SHARED, 1, LAT)
    assert (int(r), int(room)) == (113 + LAT, 0)


def test_the_l1tex_queue_backs_up_into_the_schedulers_queues():
    cfg = {**H200, "l1tex_queue_entries": 8}
    ms = make_memsys(cfg, 1, 1024)
    # 4-wavefront stores of 512 bytes (4 entries) from four schedulers at once: the data stage starts
    # one every 4 cycles; the L1TEX holds 8 entries (2 of them), so the third waits until the first
    # started (0) and the 5th until the 3rd did
    starts = [int(mio_issue(ms, g, 0, 0, MIO_SHARED, 4, LAT, 4)[0]) - LAT - 3 for g in (0, 1, 2, 3, 0)]
    assert starts == [0, 4, 8, 12, 16]
    assert ms.mio_q[0, ms.mio_q.shape[1] - 1] == 8         # scheduler 0's second left its queue when the 3rd started
    # an access takes entries by its bytes, not its wavefronts: 4-wavefront loads of 128 bytes (a
    # 4-way conflict) take one entry each (a load one per 256 bytes), so the 3rd goes at once
    ms = make_memsys(cfg, 1, 1024)
    starts = [int(mio_issue(ms, g % 4, 0, 0, MIO_SHARED, 4, LAT, 1)[0]) - LAT - 3 for g in range(10)]
    assert starts == [4 * j for j in range(10)]


def test_a_barrier_arrival_leaves_the_queue_when_the_unit_takes_it():
    ms = make_memsys(H200, 1, 1024)
    arr, rel = H200["barrier_arrival_cycles"], H200["barrier_release_cycles"]
    out = [mio_issue(ms, 0, 0, 50, MIO_BARRIER, 0, 0) for _ in range(4)]
    assert [int(done) for done, _ in out] == [50 + arr * (j + 1) + rel for j in range(4)]
    assert [int(room) for _, room in out] == [0, 0, 50, 50 + arr]


def test_one_warp_is_paced_by_the_compiler_two_fill_the_queue():
    # ptxas keeps a warp's STS 4 cycles apart (`wait`), as fast as the queue lets them go
    _, one = run("sts32", 64, 1, 1)
    assert one["mio_throttle"] == 0
    assert one["wait"] > 2.5
    s, two = run("sts32", 64, 2, 1)
    assert two["mio_throttle"] > 1
    # the scheduler passes one STS every interval_mio_cycles (4), and the bursts' closing loads:
    # 4.25 cycles per STS on the H200 (2 warps x 32 bursts x 64), 4.48 in simgpu (18,343 cycles, +5.5%;
    # +4.6% before the loop count's add could take the FMA pipe, the warps' STS then a little less in step)
    row = next(r for r in RECORD["results"] if (r["kind"], r["warps_per_scheduler"]) == ("sts32", 2))
    h200 = float(row["ncu"]["sm__cycles_active.avg"].replace(",", ""))
    assert s["cycles"] - H200["launch_latency_cycles"] == pytest.approx(h200, rel=0.06)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_barrier_arrivals_within_the_queue_never_throttle(k):
    _, st = run("bar", 0, k, 4)
    assert st["mio_throttle"] == 0


@pytest.mark.parametrize("k", [5, 6, 7, 8])
def test_barrier_arrivals_past_the_queue_throttle_as_on_the_h200(k):
    # 4k warps of a block reach bar.sync together; the barrier unit takes one arrival per 2 cycles
    _, st = run("bar", 0, k, 4)
    assert st["mio_throttle"] == pytest.approx(measured("bar", 0, k, 4, "mio_throttle"), abs=0.5)


@pytest.mark.parametrize("B", [8, 16, 32, 64, 128])
def test_sts128_bursts_on_four_schedulers_as_on_the_h200(B):
    # 16 cycles of the data stage per store and scheduler: the L1TEX queue fills, then the schedulers'
    _, st = run("sts128", B, 1, 4)
    assert st["mio_throttle"] == pytest.approx(measured("sts128", B, 1, 4, "mio_throttle"), abs=0.5)
    assert st["short_scoreboard"] == pytest.approx(measured("sts128", B, 1, 4, "short_scoreboard"), abs=1.0)


@pytest.mark.parametrize("k", [2, 4, 8])
def test_sts32_bursts_on_one_scheduler_as_on_the_h200_with_round_robin_issue(k):
    # the H200's warps of one scheduler stay resident to the end, as round-robin issue keeps them
    _, st = run("sts32", 64, k, 1, MappingProxyType({**H200, "scheduler_policy": "lrr"}))
    assert st["mio_throttle"] == pytest.approx(measured("sts32", 64, k, 1, "mio_throttle"), rel=0.25)


@pytest.mark.parametrize("shape,warps", [(s, w) for s in ("lds64", "lds128", "lds128h") for w in (4, 8)])
def test_a_few_warps_wait_for_their_shared_loads_not_for_the_queue(shape, warps):
    """traces/h200/mio.json's loops of independent shared loads (tools/mio_load_figures.py): with 4
    and 8 warps an SM the H200's warps never wait in mio_throttle, what they issued (ptxas keeps 6-7
    LDS.64 or 4 LDS.128 of a warp in flight) fitting in the queues past the scheduler, and they wait
    for the loads in short_scoreboard instead. simgpu holds as much: the L1TEX's queue of 96 entries
    taking a load by the bytes it returns (96 LDS.64, 48 LDS.128), the lowering keeping 16 registers of shared loads in flight. A queue
    of 24 instructions had 8 warps of LDS.64 at 3.0 warp-cycles an instruction in mio_throttle and
    0.4 in short_scoreboard (the H200's 0 and 3.9). Within 25%: the warps' other states (the FMAs
    between the loads, the loop's branch) are not what this checks."""
    from mio_load_figures import measured, simulate
    h200, sim = measured(shape, warps), simulate(shape, warps)
    assert h200["mio_throttle"] == 0 and sim["mio_throttle"] < 0.15
    assert sim["short_scoreboard"] == pytest.approx(h200["short_scoreboard"], rel=0.25)
