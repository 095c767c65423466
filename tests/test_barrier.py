"""The SM's barrier unit (memory/hierarchy.py barrier_arrival) against the
H200: one block per SM of 4, 8 or 32 warps passing bar.sync after bar.sync
(traces/h200/mio.json, `bar`, made by tools/measure_mio.py: clock64 over 512
barriers per warp). simgpu runs the same loop -- 8 bar.sync, then the
counter's add, compare and branch -- twice, with 16 and 32 iterations; the
difference over 128 barriers is the cost of one, free of the launch."""
import json
from pathlib import Path
from types import MappingProxyType

import numpy as np
import pytest

import simgpu
from simgpu.config import load_config
from simgpu.memory.hierarchy import barrier_arrival, make_memsys

RECORD = json.loads((Path(__file__).resolve().parents[1] / "traces" / "h200" / "mio.json").read_text())
H200 = MappingProxyType({**load_config("h200"), "fetch_miss_cycles": 0})


def barrier_loop(iters):
    body = "\n".join(["  bar.sync 0;"] * 8)
    return simgpu.load("<bar>.ptx", text=f""".version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
{{
  .reg .b32 %r<4>;
  .reg .pred %p<2>;
  mov.u32 %r1, 0;
L:
{body}
  add.s32 %r1, %r1, 1;
  setp.lt.u32 %p1, %r1, {iters};
  @%p1 bra L;
  ret;
}}
""")


def cycles_per_barrier(warps):
    c = [simgpu.launch(barrier_loop(n), 1, 32 * warps, [np.zeros(1, np.float32)], config=H200).stats["cycles"]
         for n in (16, 32)]
    return (c[1] - c[0]) / 128


def test_the_unit_takes_one_arrival_per_interval_and_releases_after_the_last():
    ms = make_memsys(load_config("h200"), 2, 1024)
    arr, rel = H200["barrier_arrival_cycles"], H200["barrier_release_cycles"]
    assert barrier_arrival(ms, 0, 100) == 100 + arr + rel
    assert barrier_arrival(ms, 0, 100) == 100 + 2 * arr + rel      # the second waits for the first
    assert barrier_arrival(ms, 1, 100) == 100 + arr + rel          # another SM's unit is free
    assert barrier_arrival(ms, 0, 500) == 500 + arr + rel          # idle again


@pytest.mark.parametrize("warps", [4, 8, 32])
def test_a_barrier_costs_what_the_h200_measured(warps):
    row = next(r for r in RECORD["results"] if r["shape"] == "bar" and r["warps"] == warps)
    measured = row["block_cycles_median"] / row["ops_per_warp"]       # 20.8, 28.8, 77.0
    assert cycles_per_barrier(warps) == pytest.approx(measured, rel=0.02)


def test_released_warps_wait_in_the_barrier_state():
    s = simgpu.launch(barrier_loop(16), 1, 256, [np.zeros(1, np.float32)], config=H200).stats
    st = s["stall_cycles"]
    assert st["barrier"] > 8 * (st["selected"] + st["not_selected"])
