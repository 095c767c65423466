"""The SM's one data stage for shared and global accesses (memory/hierarchy.py
l1_start, shared_request, data_stage_hold) alone and against the H200's mixes
of memory instructions (traces/h200/mio_mix.json, made by
tools/measure_mio_mix.py; tools/mio_mix_figures.py prints every launch)."""
import json
import sys
from pathlib import Path
from types import MappingProxyType

import numpy as np
import pytest

import simgpu
from simgpu.config import load_config
from simgpu.memory.hierarchy import data_stage_hold, l1_start, make_memsys, shared_request

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from measure_mio_mix import ITERS, kernel_name  # noqa: E402

RECORD = json.loads((ROOT / "traces" / "h200" / "mio_mix.json").read_text())
PTX = ROOT / "tests" / "mio" / "mio_mix.ptx"
H200 = MappingProxyType({**load_config("h200"), "fetch_miss_cycles": 0})
LAT = H200["latency_shared_cycles"]


def test_shared_and_global_accesses_take_one_stage_in_turn():
    ms = make_memsys(H200, 2, 1024)
    assert l1_start(ms, 0, 100, 2.0) == 100.0                 # a global request: the stage until 102
    assert shared_request(ms, 0, 100, 1, LAT) == 102 + LAT      # a shared load waits for it
    assert l1_start(ms, 0, 100, 1.0) == 103.0                 # and the next global one for the load
    assert shared_request(ms, 1, 100, 1, LAT) == 100 + LAT      # another SM's stage is its own


def test_a_copys_shared_write_and_an_access_no_lane_takes_hold_the_stage():
    ms = make_memsys(H200, 1, 1024)
    data_stage_hold(ms, 0, 300, H200["ldgsts_shared_cycles"])
    assert shared_request(ms, 0, 300, 1, LAT) == int(np.ceil(300 + H200["ldgsts_shared_cycles"])) + LAT
    data_stage_hold(ms, 0, 0, 1.0)                                # issued earlier: after what holds it
    assert l1_start(ms, 0, 0, 1.0) == 300 + H200["ldgsts_shared_cycles"] + 2.0


def rate(case, warps):
    """simgpu's accesses an SM passes a cycle for one of the record's launches (one block)."""
    prog = simgpu.load(str(PTX), kernel=kernel_name(case), lower="ptxas")
    clocks = np.zeros(264, np.int64)
    simgpu.launch(prog, 1, 32 * warps, [np.zeros(1024, np.float32), np.ones(8192, np.float32), clocks,
                                        np.zeros(132 * 32, np.int64), np.int32(ITERS), np.int32(0)],
                  config=H200, regs_per_thread=32)
    return warps * 8 * ITERS / clocks[0]


@pytest.mark.parametrize("case", ["cpa4", "cpa8", "lds32,ldg32", "ldg32,sts32", "cpa4,lds32", "cpa16,lds32"])
def test_mixed_accesses_pass_at_the_h200s_rate(case):
    """32 warps an SM keep the stage busy, so these launches go at its rate: copies of 4 and 8
    bytes alone (what ldgsts_shared_cycles was read from), LDS.32 with LDG.32 or LDG.32 with
    STS.32 in one warp (1.08 and 1.33 an SM a cycle with two stages), copies with LDS and
    ptxas's padding loads (0.40 for 4-byte copies before those loads took the stage). Within
    10%: the H200's runs agree to 0.2%, and the stage's cycles an access (1 a line, 1.4 more a
    copy) are rounded fits to the single-kind launches."""
    row = next(r for r in RECORD["results"] if (r["case"], r["warps"]) == (case, 32))
    assert rate(case, 32) == pytest.approx(row["ops_per_cycle_per_sm"], rel=0.10)


PREDICATED = """
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out, .param .u32 n, .param .u32 off)
{
  .reg .pred %p<3>; .reg .b32 %r<8>; .reg .f32 %f<20>; .reg .b64 %rd<3>;
  .shared .align 4 .b8 s[4096];
  ld.param.u32 %r1, [n]; ld.param.u32 %r4, [off];
  mov.u32 %r2, %tid.x; and.b32 %r2, %r2, 31; shl.b32 %r2, %r2, 2; mov.u32 %r3, s; add.u32 %r3, %r3, %r2;
  setp.ne.u32 %p2, %r4, 0;
  mov.f32 %f0, 0f00000000; mov.u32 %r5, 0;
LOOP:
  ld.shared.f32 %f1, [%r3]; ld.shared.f32 %f2, [%r3+128]; ld.shared.f32 %f3, [%r3+256]; ld.shared.f32 %f4, [%r3+384];
  @%p2 ld.shared.f32 %f5, [%r3+512]; @%p2 ld.shared.f32 %f6, [%r3+640];
  @%p2 ld.shared.f32 %f7, [%r3+768]; @%p2 ld.shared.f32 %f8, [%r3+896];
  add.f32 %f0, %f0, %f1; add.f32 %f0, %f0, %f2; add.f32 %f0, %f0, %f3; add.f32 %f0, %f0, %f4;
  add.u32 %r5, %r5, 1; setp.lt.u32 %p1, %r5, %r1; @%p1 bra LOOP;
  ld.param.u64 %rd1, [out]; st.global.f32 [%rd1], %f0;
  ret;
}
"""


def test_a_shared_load_no_lane_takes_still_takes_the_stage():
    """Four LDS.32 a pass and four more predicated off, 32 warps: the H200 passes the second four
    through its L1TEX as loads (traces/h200/mio_mix.json's if/else cases, 2.03 requests an access),
    so the loop takes the stage twice as long as the four alone would."""
    prog = simgpu.load("<pred>.ptx", text=PREDICATED)
    cycles = {off: simgpu.launch(prog, 1, 1024, [np.zeros(1, np.float32), np.uint32(256), np.uint32(off)],
                                 config=H200).stats["cycles"] for off in (0, 1)}
    # off = 0: the last four loads are off for every lane but still go through; off = 1: all 8 real
    assert cycles[0] == pytest.approx(cycles[1], rel=0.05)
    assert cycles[0] > 32 * 256 * 8 * 0.9                    # 8 accesses a pass through the stage
