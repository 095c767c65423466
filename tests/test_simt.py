"""SIMT execution: divergence costs both paths and reconverges at the
immediate post-dominator, barriers hold warps until the block arrives,
exited threads free the barrier, and instruction counts are exact."""
from pathlib import Path

import numpy as np
import pytest

import simgpu
from simgpu.recipe import parse_recipe, run_recipe

PROGRAMS = Path(__file__).resolve().parents[1] / "programs"
HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n"


def run(body, grid, block, args, params=".param .u64 out", regs=""):
    text = HEAD + f".visible .entry k({params})\n{{\n{regs}\n{body}\n}}\n"
    k = simgpu.load("<test>.ptx", text=text)
    return simgpu.launch(k, grid, block, args)


def test_divergence_program_counts_both_paths_exactly():
    """divergence.s, per warp: 23 instructions to the branch, 4 per loop trip, a
    bra.uni after the odd loop, 5 after JOIN. A warp split by tid % 2 runs both
    loops (29 + 8k); a warp-uniform branch runs one (29 + 4k odd, 28 + 4k even)."""
    n, k = 16384, 16
    run_ = run_recipe(parse_recipe(PROGRAMS / "divergence.s"), {"n": str(n), "k": str(k)})
    split, uniform = (r.stats for r in run_.results)
    warps = n // 32
    assert split["warp_instructions"] == warps * (29 + 8 * k)
    assert uniform["warp_instructions"] == warps // 2 * (29 + 4 * k) + warps // 2 * (28 + 4 * k)
    assert split["simt_efficiency"] < 0.6 < uniform["simt_efficiency"]


REGS = ".reg .b32 %r<12>;\n.reg .b64 %rd<4>;\n.reg .pred %p<4>;"
PROLOGUE = """
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
"""


def test_nested_divergence_gives_each_lane_its_path():
    body = PROLOGUE + """
  mov.u32 %r2, 0;
  and.b32 %r3, %r1, 1;
  setp.eq.u32 %p1, %r3, 0;
  @%p1 bra EVEN;
  and.b32 %r4, %r1, 2;            // odd lanes: split again on bit 1
  setp.eq.u32 %p2, %r4, 0;
  @%p2 bra ODD_A;
  add.u32 %r2, %r2, 100;
  bra.uni ODD_JOIN;
ODD_A:
  add.u32 %r2, %r2, 200;
ODD_JOIN:
  add.u32 %r2, %r2, 1;
  bra.uni JOIN;
EVEN:
  add.u32 %r2, %r2, 10;
JOIN:
  add.u32 %r2, %r2, %r1;           // every lane passes here once: reconverged
  st.global.u32 [%rd3], %r2;
  ret;"""
    out = np.zeros(64, np.uint32)
    res = run(body, 1, 64, [out], regs=REGS)
    t = np.arange(64)
    want = np.where(t % 2 == 0, 10, np.where(t & 2, 101, 201)) + t
    np.testing.assert_array_equal(out, want)
    # per warp: 5 prologue + mov, and, setp, bra (4) + odd path (and, setp, bra, then
    # 2 on one side and 1 on the other, ODD_JOIN add, bra.uni: 8) + even path (1) + 3 after JOIN
    assert res.stats["warp_instructions"] == 2 * (5 + 4 + 8 + 1 + 3)


def test_data_dependent_loop_runs_until_the_last_lane_is_done():
    body = PROLOGUE + """
  mov.u32 %r2, 0;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra DONE;
LOOP:
  add.u32 %r2, %r2, 3;
  setp.lt.u32 %p2, %r2, %r1;       // lane t loops ceil(t / 3) times
  @%p2 bra LOOP;
DONE:
  st.global.u32 [%rd3], %r2;
  ret;"""
    out = np.zeros(32, np.uint32)
    res = run(body, 1, 32, [out], regs=REGS)
    t = np.arange(32)
    np.testing.assert_array_equal(out, 3 * np.ceil(t / 3).astype(np.uint32))
    trips = int(np.ceil(31 / 3))
    assert res.stats["warp_instructions"] == 5 + 3 + 3 * trips + 2


def test_barrier_orders_shared_memory_between_warps():
    """Each thread writes its id to shared memory, bar.sync, then reads the
    mirrored slot written by a thread of another warp."""
    body = PROLOGUE + """
  mov.u32 %r5, sm;
  shl.b32 %r6, %r1, 2;
  add.u32 %r7, %r5, %r6;
  st.shared.u32 [%r7], %r1;
  bar.sync 0;
  sub.u32 %r8, 127, %r1;
  shl.b32 %r8, %r8, 2;
  add.u32 %r8, %r5, %r8;
  ld.shared.u32 %r9, [%r8];
  st.global.u32 [%rd3], %r9;
  ret;"""
    out = np.zeros(128, np.uint32)
    run(".shared .align 4 .b8 sm[512];\n" + body, 1, 128, [out], regs=REGS)
    np.testing.assert_array_equal(out, 127 - np.arange(128))


def test_exited_threads_do_not_block_a_barrier():
    """Warp 1 exits early; warp 0's bar.sync must still complete."""
    body = PROLOGUE + """
  setp.ge.u32 %p1, %r1, 32;
  @%p1 bra DONE;
  bar.sync 0;
  st.global.u32 [%rd3], 7;
DONE:
  ret;"""
    out = np.zeros(64, np.uint32)
    run(body, 1, 64, [out], regs=REGS)
    np.testing.assert_array_equal(out, np.r_[np.full(32, 7), np.zeros(32)])


def test_barriers_that_cannot_complete_are_a_deadlock():
    body = PROLOGUE + """
  setp.ge.u32 %p1, %r1, 32;
  @%p1 bra OTHER;
  bar.sync 0;
  ret;
OTHER:
  bar.sync 1;
  ret;"""
    with pytest.raises(simgpu.KernelFault, match=r"deadlock in block \(0, 0, 0\).*warp 0 at pc \d+.*warp 1 at pc \d+"):
        run(body, 1, 64, [np.zeros(64, np.uint32)], regs=REGS)


def test_branch_whose_sides_both_exit():
    """No reconvergence point before the exit: both sides finish separately."""
    body = PROLOGUE + """
  and.b32 %r2, %r1, 1;
  setp.eq.u32 %p1, %r2, 0;
  @%p1 bra EVEN;
  st.global.u32 [%rd3], 1;
  ret;
EVEN:
  st.global.u32 [%rd3], 2;
  ret;"""
    out = np.zeros(32, np.uint32)
    res = run(body, 1, 32, [out], regs=REGS)
    np.testing.assert_array_equal(out, np.where(np.arange(32) % 2, 1, 2))
    assert res.stats["warp_instructions"] == 5 + 3 + 2 + 2


def test_partial_warp_and_3d_block_indices():
    body = """
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %tid.y;
  mov.u32 %r3, %tid.z;
  mov.u32 %r4, %ctaid.y;
  mov.u32 %r5, %ntid.x;
  mov.u32 %r6, %ntid.y;
  mad.lo.s32 %r7, %r3, %r6, %r2;      // (z * ny + y)
  mad.lo.s32 %r7, %r7, %r5, %r1;      // linear thread id
  mad.lo.s32 %r8, %r4, 60, %r7;       // + block.y * 60
  mul.wide.u32 %rd2, %r8, 4;
  add.s64 %rd3, %rd1, %rd2;
  mad.lo.s32 %r9, %r3, 100, %r2;
  mad.lo.s32 %r9, %r9, 10, %r1;
  st.global.u32 [%rd3], %r9;
  ret;"""
    out = np.zeros(120, np.uint32)
    res = run(body, (1, 2), (5, 4, 3), [out], regs=REGS)
    z, y, x = np.meshgrid(np.arange(3), np.arange(4), np.arange(5), indexing="ij")
    want = (z * 100 + y) * 10 + x
    np.testing.assert_array_equal(out, np.tile(want.ravel(), 2))
    assert res.stats["warps"] == 2 * 2          # 60 threads: two warps, the second partial
    assert res.stats["thread_instructions"] == 2 * 60 * 17


INC_TWICE = """
  ld.param.u64 %rd1, [y]; ld.param.u64 %rd2, [x];
  mov.u32 %r1, %tid.x; mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3; add.s64 %rd5, %rd1, %rd3;
  ld.global.f32 %f1, [%rd4]; add.f32 %f2, %f1, 0f3F800000; st.global.f32 [%rd5], %f2;
  bar.sync 0;
  ld.global.f32 %f1, [%rd4]; add.f32 %f2, %f1, 0f3F800000; st.global.f32 [%rd5], %f2;
  ret;"""


@pytest.mark.parametrize("timing", [False, True])
def test_an_array_passed_twice_is_one_buffer(timing):
    """y = x + 1, twice, with y and x the same array: the second read sees the first write,
    as through two pointers to one cudaMalloc'd buffer (each array argument was once its own
    copy, so an in-place kernel read stale data and the copies raced back into the array)."""
    text = HEAD + ".visible .entry k(.param .u64 y, .param .u64 x)\n{\n" \
        ".reg .b32 %r<2>;\n.reg .b64 %rd<6>;\n.reg .f32 %f<3>;\n" + INC_TWICE + "\n}\n"
    k = simgpu.load("<test>.ptx", text=text)
    a = np.zeros(32, np.float32)
    simgpu.launch(k, 1, 32, [a, a], timing=timing)
    assert (a == 2).all(), a
    b, c = np.zeros(32, np.float32), np.zeros(32, np.float32)
    simgpu.launch(k, 1, 32, [b, c], timing=timing)           # two arrays: x stays 0, y = 1
    assert (b == 1).all() and (c == 0).all()
    d = np.zeros(64, np.float32)
    with pytest.raises(simgpu.LaunchError, match=r"arguments 0 \(y\) and 1 \(x\) are overlapping parts"):
        simgpu.launch(k, 1, 32, [d[:32], d[16:48]], timing=timing)
