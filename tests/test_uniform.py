"""The uniform datapath (simgpu/timing/uniform.py): which instructions run
there -- the ones ptxas 13.0 puts there in its SASS of the programs, and as
many as the H200 counts in `smsp__inst_executed_pipe_uniform` -- and what
they cost: `interval_uniform_cycles` of the int pipe's time, in half
cycles, and `latency_uniform_cycles` to the result."""
import json
from pathlib import Path
from types import MappingProxyType

import numpy as np
import pytest

import simgpu
from simgpu.config import load_config
from simgpu.recipe import parse_recipe, run_recipe
from simgpu.timing.tables import PIPE, build_tables
from simgpu.timing.uniform import uniform_instructions
from test_pipes import passes

ROOT = Path(__file__).resolve().parents[1]
HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n"


def on_uniform(path, kernel=None):
    prog = simgpu.load(ROOT / path, kernel, lower="ptxas").program
    return [prog.texts[i].split("//")[0].strip() for i in np.flatnonzero(uniform_instructions(prog))]


def test_scan_blocks_loop_keeps_its_bookkeeping_on_the_uniform_datapath():
    # ptxas's SASS (traces/ptxas/sm90_programs.sass): ULEA UR7, UR4, UR5, 0xb (the buffer's base), UIADD3 UR4,
    # -UR4, 0x1 (p = 1 - p), ULEA again, USHF.L.U32 UR6 (o <<= 1); the loop's test reads %ntid, an LDC into a
    # vector register: ISETP; and the shared window's ULEA before the loop
    assert on_uniform("programs/holdout/scan_block.ptx") == [
        "mov.u32 \t%r13, _ZZ10scan_blockE1t;", "add.s32 \t%r18, %r13, %r16;", "sub.s32 \t%r33, %r27, %r33;",
        "add.s32 \t%r30, %r13, %r28;", "shl.b32 \t%r32, %r32, 1;"]


def test_a_counter_only_the_loop_reads_stays_in_a_vector_register():
    # wave's and matmul_tiled's unrolled loops count down in R3/R4 (IADD3 R3, R3, -0x4; ISETP.GT.AND)
    assert on_uniform("programs/wave.s") == []
    assert on_uniform("programs/matmul_tiled.s") == ["mov.u32 \t%r10, As;", "mov.u32 \t%r11, Bs;"]


def split_kernel(inside):
    """A value of %ctaid and a parameter, doubled either where lanes may run apart or after they join."""
    body = ("  setp.lt.u32 %p1, %r1, 16;\n  @%p1 bra SKIP;\n" + ("  shl.b32 %r3, %r2, 1;\n" if inside else "")
            + "SKIP:\n" + ("" if inside else "  shl.b32 %r3, %r2, 1;\n"))
    text = HEAD + (".visible .entry k(.param .u64 out, .param .u32 n)\n{\n.reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n"
                   ".reg .pred %p<2>;\n  ld.param.u64 %rd1, [out];\n  ld.param.u32 %r4, [n];\n"
                   "  mov.u32 %r1, %tid.x;\n  mov.u32 %r5, %ctaid.x;\n  add.s32 %r2, %r5, %r4;\n  mov.u32 %r3, 0;\n"
                   f"{body}  mul.wide.u32 %rd2, %r1, 4;\n  add.s64 %rd3, %rd1, %rd2;\n"
                   "  st.global.u32 [%rd3], %r3;\n  ret;\n}\n")
    return simgpu.load("<uniform>.ptx", text=text).program


def test_what_is_written_where_lanes_may_run_apart_is_not_uniform():
    # %r2 = %ctaid.x + n is uniform either way; %r3 written under the branch on %tid.x is each lane's
    # (some lanes keep 0), written after the branch joins it is the warp's
    apart, joined = split_kernel(True), split_kernel(False)
    assert [apart.texts[i] for i in np.flatnonzero(uniform_instructions(apart))] == ["add.s32 %r2, %r5, %r4;"]
    assert [joined.texts[i] for i in np.flatnonzero(uniform_instructions(joined))] == [
        "add.s32 %r2, %r5, %r4;", "shl.b32 %r3, %r2, 1;"]


def test_tables_put_them_on_the_int_pipe_for_their_own_share_of_it():
    prog = simgpu.load(ROOT / "programs/holdout/scan_block.ptx", lower="ptxas").program
    cfg = load_config("h200")
    T = build_tables(prog, cfg)
    uni = uniform_instructions(prog)
    assert (T.pipe[uni] == PIPE["int"]).all()
    assert (T.occupancy[uni] == 2 * cfg["interval_uniform_cycles"]).all() and cfg["interval_uniform_cycles"] == 1.5
    assert (T.lat[uni] == cfg["latency_uniform_cycles"]).all()
    others = ~uni & (T.pipe == PIPE["int"])
    assert (T.occupancy[others] == 2 * cfg["interval_int_cycles"]).all()
    off = build_tables(prog, MappingProxyType({**cfg, "uniform_datapath": False}))
    assert (off.occupancy[uni] == 2 * cfg["interval_int_cycles"]).all() and (off.lat[uni] == cfg["latency_int_cycles"]).all()


# launches whose uniform instructions the H200 counted (traces/h200/pipes.json) and simgpu's rule finds
# exactly: a shared window's ULEA a warp, and scan_block's loop; scan_block's functional run takes seconds
COUNTED = [("programs/reduce_sum.s", 0), ("programs/transpose_smem.s", 0), ("programs/attention_naive.s", 1),
           ("programs/holdout/row_softmax.ptx", 0), ("programs/holdout/stencil1d.ptx", 0),
           pytest.param("programs/holdout/scan_block.ptx", 0, marks=pytest.mark.slow)]


@pytest.mark.parametrize("program,launch", COUNTED, ids=lambda v: str(v).split("/")[-1])
def test_as_many_as_the_h200_counts(program, launch):
    record = json.loads((ROOT / "traces/h200/pipes.json").read_text())
    hw = next(e for e in record["programs"] if e["program"] == program)["ncu"]["launches"][launch]
    run = run_recipe(parse_recipe(ROOT / program), {}, config="h200", lower="ptxas", timing=False)
    res = run.results[launch]
    ours = int(np.asarray(res.per_pc)[uniform_instructions(res.kernel.program)].sum())
    assert ours == hw["smsp__inst_executed_pipe_uniform.sum"] > 0


def chains(n):
    """8 warps a scheduler, each pass 16 independent uniform adds (8 chains on %ctaid.x) and the loop's count."""
    return passes("add.s32 {r}, {r}, %r2;", n, "%ctaid.x")


@pytest.mark.parametrize("interval", [1.5, 2])
def test_eight_warps_of_uniform_adds_take_the_int_pipe_for_their_share(interval):
    # per pass and scheduler: 8 warps x (16 uniform adds x interval + the count's compare's 2 cycles; its add
    # takes the FMA pipe, the ALU busy), the int pipe's time, more than the 8 x 19 issue slots; the launch's
    # fixed cost cancels in the difference
    cfg = MappingProxyType({**load_config("h200"), "interval_uniform_cycles": interval, "fetch_miss_cycles": 0})

    def run(passes):
        return simgpu.launch(chains(passes), 1, 1024, [np.zeros(1024, np.uint32), 1], config=cfg).stats["cycles"]
    per_pass = (run(64) - run(32)) / 32
    assert per_pass == pytest.approx(8 * (16 * interval + 2), rel=0.02)


def test_a_dependent_uniform_chain_takes_its_latency():
    # one warp: x = x + b 16 times a pass on x = %ctaid.x, dependent: latency_uniform_cycles each
    steps = "".join("  add.s32 %r10, %r10, %r2;\n" for _ in range(16))
    text = HEAD + (".visible .entry k(.param .u64 out, .param .u32 b)\n{\n.reg .b32 %r<24>;\n.reg .b64 %rd<4>;\n"
                   ".reg .pred %p<2>;\n  ld.param.u64 %rd1, [out];\n  ld.param.u32 %r2, [b];\n"
                   "  mov.u32 %r10, %ctaid.x;\n  mov.u32 %r3, %r2;\nLOOP:\n" + steps +
                   "  add.s32 %r3, %r3, -1;\n  setp.ne.s32 %p1, %r3, 0;\n  @%p1 bra LOOP;\n"
                   "  st.global.u32 [%rd1], %r10;\n  ret;\n}\n")
    k = simgpu.load("<uniform>.ptx", text=text)
    cfg = MappingProxyType({**load_config("h200"), "fetch_miss_cycles": 0})
    assert sum(uniform_instructions(k.program)) == 16
    c = [simgpu.launch(k, 1, 32, [np.zeros(1, np.uint32), n], config=cfg).stats["cycles"] for n in (32, 64)]
    # a pass: the chain's 15 latencies to its last add, then in order the count's add (a cycle later, in a vector
    # register), its compare (int latency later), the branch (int latency later) and the next pass's first add
    # (latency_branch_cycles after the branch)
    per_pass = (c[1] - c[0]) / 32
    assert per_pass == 15 * cfg["latency_uniform_cycles"] + 1 + 2 * cfg["latency_int_cycles"] + cfg["latency_branch_cycles"]
