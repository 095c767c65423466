"""The timing of the instructions simgpu added for cuda_fp16.h, __syncwarp, __match_*_sync,
__nanosleep and cp.async (their results: tests/test_nvcc_kernels.py's corpus cases, checked on
the H200 in traces/h200/half_warp/hwcheck.txt). One warp reads %clock64 around the instruction
under test; the difference is what the warp waited, against the h200 config's measured values."""
import numpy as np
import pytest

import simgpu
from simgpu.config import load_config

H200 = load_config("h200")


def clocked(body, regs="", grid=1, block=32, shared=""):
    """A kernel that stores %clock64 before and after `body` (lane 0 of warp 0) to out[0], out[1]."""
    text = f""".version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out, .param .u64 src)
{{
  .reg .b32 %r<16>;
  .reg .b64 %rd<16>;
  .reg .pred %p<4>;
  {regs}
  {shared}
  ld.param.u64 %rd1, [out];
  ld.param.u64 %rd2, [src];
  mov.u32 %r1, %tid.x;
  mov.u64 %rd3, %clock64;
{body}
  mov.u64 %rd4, %clock64;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra END;
  st.global.u64 [%rd1], %rd3;
  st.global.u64 [%rd1+8], %rd4;
END:
  ret;
}}
"""
    return simgpu.load("<extras>.ptx", text=text)


def waited(body, src=None, **kw):
    out = np.zeros(2, np.uint64)
    src = np.zeros(4096, np.float32) if src is None else src
    res = simgpu.launch(clocked(body, **kw), 1, 32, [out, src], config="h200")
    return int(out[1] - out[0]), res


def test_nanosleep_holds_the_warp_its_time_at_the_clock():
    base, _ = waited("")
    t, res = waited("  nanosleep.u32 1000;")
    want = round(1000 * H200["clock_mhz"] / 1000)           # 1,000 ns at 1,980 MHz: 1,980 cycles
    assert abs((t - base) - want) <= 2                       # (the clock reads' own issue slots)
    t0, _ = waited("  nanosleep.u32 0;")
    assert abs((t0 - base) - H200["latency_nanosleep_cycles"]) <= 2


def test_a_match_chain_takes_the_measured_latency_a_link():
    body = "\n".join(["  match.any.sync.b32 %r2, %r1, 0xffffffff;", "  match.any.sync.b32 %r3, %r2, 0xffffffff;",
                      "  add.u32 %r4, %r3, 1;"])
    t, _ = waited(body)
    assert t >= 2 * H200["latency_match_cycles"]


def test_bar_warp_sync_is_one_instruction_that_waits_for_nothing():
    base, r0 = waited("")
    t, r1 = waited("  bar.warp.sync -1;")
    assert r1.stats["warp_instructions"] == r0.stats["warp_instructions"] + 1
    assert t - base <= 2


COPY = """  mov.u32 %r5, buf;
  shl.b32 %r6, %r1, 2;
  add.u32 %r7, %r5, %r6;
  mul.wide.u32 %rd5, %r1, 4;
  add.s64 %rd6, %rd2, %rd5;
{pre}
  cp.async.ca.shared.global [%r7], [%rd6], 4;
{more}
  cp.async.commit_group;
{wait}
  ld.shared.f32 %f1, [%r7];"""


def copy_kernel(pre="", more="", wait="  cp.async.wait_all;"):
    return COPY.format(pre=pre, more=more, wait=wait)


KW = dict(regs=".reg .f32 %f<4>;", shared=".shared .align 4 .b8 buf[512];")


def test_cp_async_wait_holds_the_warp_until_its_copy_is_in():
    src = np.arange(4096, dtype=np.float32)
    no_wait, _ = waited(copy_kernel(wait=""), src, **KW)
    t, res = waited(copy_kernel(), src, **KW)
    assert res.stats["ldgsts_requests"] == 1 and res.stats["ldgsts_sectors"] == 4
    # and among the global loads, as Nsight's l1tex__t_requests_pipe_lsu_mem_global_op_ld counts
    # LDGSTS on the H200 (traces/h200/holdout6.json's matmul_cp_async)
    assert res.stats["gld_requests"] == 1 and res.stats["gld_sectors"] == 4
    # a cold line comes from DRAM: the wait takes a DRAM round trip the copy alone does not
    assert t - no_wait > H200["latency_l2_cycles"]
    by = res.stats["stall_cycles_by_pc"]
    assert by.sum(axis=0)[3] > 0                            # long_scoreboard, at the wait


def test_a_later_copy_answered_first_does_not_release_the_wait():
    """Copy A reads a cold line (DRAM); copy B, issued after, a line an earlier load brought into
    the L1 (every lane its word). B is answered first; the wait must still hold for A."""
    src = np.arange(4096, dtype=np.float32)
    warm = """  ld.global.f32 %f2, [%rd6+8192];
  add.f32 %f3, %f2, 1.0;"""
    both = copy_kernel(pre=warm, more="  cp.async.ca.shared.global [%r7+128], [%rd6+8192], 4;")
    only_b = copy_kernel(pre=warm + "\n  add.s64 %rd6, %rd6, 8192;")
    t_both, _ = waited(both, src, **KW)
    t_b, _ = waited(only_b, src, **KW)
    assert t_both > t_b + H200["latency_l2_cycles"]


def test_wait_group_keeps_the_newest_groups_in_flight():
    """Group 1 copies a line an earlier load brought into the L1, group 2 a cold one (DRAM):
    wait_group 1 waits for group 1 only, wait_group 0 for both, wait_all for both too."""
    src = np.arange(4096, dtype=np.float32)
    body = """  mov.u32 %r5, buf;
  shl.b32 %r6, %r1, 2;
  add.u32 %r7, %r5, %r6;
  mul.wide.u32 %rd5, %r1, 4;
  add.s64 %rd6, %rd2, %rd5;
  add.s64 %rd7, %rd6, 8192;
  ld.global.f32 %f2, [%rd7];
  add.f32 %f3, %f2, 1.0;
  cp.async.ca.shared.global [%r7], [%rd7], 4;
  cp.async.commit_group;
  cp.async.ca.shared.global [%r7+128], [%rd6], 4;
  cp.async.commit_group;
WAIT
  ld.shared.f32 %f1, [%r7];"""

    def t(wait):
        return waited(body.replace("WAIT", wait), src, **KW)[0]
    keep1, keep0, every = t("  cp.async.wait_group 1;"), t("  cp.async.wait_group 0;"), t("  cp.async.wait_all;")
    assert keep0 > keep1 + H200["latency_l2_cycles"]
    assert every == keep0


def test_barrier_reductions_and_printf_take_the_h200s_cycles():
    """tools/sync_print_latency.cu's chains (one warp, 64 links) against the H200's
    (traces/h200/sync_print/latency.json). latency_bar_red_cycles was fitted to make the
    __syncthreads_count chain exceed the __syncthreads one by what the H200's does, and
    latency_vprintf_cycles to one lane's printf, so those two hold closely; the plain barrier
    chain is the barrier unit's (barrier_release_cycles, fitted on several warps a block) and
    comes out 18% long for one warp; a whole warp's printf takes 131 cycles a lane more than
    one lane's, not modeled."""
    import json
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    rec = json.loads((root / "traces/h200/sync_print/latency.json").read_text())["kernels"]
    got = {}
    for name in rec:
        k = simgpu.load(str(root / "tools/sync_print_latency.ptx"), kernel=name, lower="ptxas")
        t = np.zeros(1, np.int64)
        simgpu.launch(k, 1, 32, [np.arange(32, dtype=np.int32), t], config="h200")
        got[name] = t[0] / 64
    hw = {n: r["median_per_op"] for n, r in rec.items()}
    assert abs((got["lat_bar_count"] - got["lat_bar_sync"]) - (hw["lat_bar_count"] - hw["lat_bar_sync"])) < 1.0
    assert abs(got["lat_bar_sync"] / hw["lat_bar_sync"] - 1) < 0.20
    assert abs(got["lat_bar_or"] / hw["lat_bar_or"] - 1) < 0.05
    assert abs(got["lat_printf"] / hw["lat_printf"] - 1) < 0.001
    assert abs(got["lat_printf_warp"] / hw["lat_printf_warp"] - 1) < 0.10
