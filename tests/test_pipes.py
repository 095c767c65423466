"""Integer work on the FMA pipe (`integer_fma_pipe`, timing/tables.py): an
integer multiply-add runs on the FMA pipe's heavy half (IMAD), an integer
add, move or constant shift on the ALU or that half, whichever is free
(ptxas's IADD3 or VIADD), each holding its pipe as a 16-lane instruction
does; and stats["pipe_instructions"] counts what each pipe took."""
from types import MappingProxyType

import numpy as np
import pytest

import simgpu
from simgpu.config import load_config
from simgpu.timing.tables import PIPE, build_tables

HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n"
H200 = load_config("h200")


def passes(op, n, source="%tid.x"):
    """8 independent chains a lane on `source` (%tid.x: each lane's; %ctaid.x: the warp's), `op` twice on
    each a pass (16 a pass), n passes; b (%r2) a parameter; each thread stores its chains' sum."""
    steps = "".join(f"  {op.format(r=f'%r{10 + j}')}\n" for j in range(8)) * 2
    text = HEAD + (".visible .entry k(.param .u64 out, .param .u32 b)\n{\n.reg .b32 %r<24>;\n.reg .b64 %rd<4>;\n"
                   ".reg .pred %p<2>;\n  ld.param.u64 %rd1, [out];\n  ld.param.u32 %r2, [b];\n"
                   f"  mov.u32 %r1, {source};\n" + "".join(f"  add.s32 %r{10 + j}, %r1, {j};\n" for j in range(8))
                   + f"  mov.u32 %r3, {n};\nLOOP:\n{steps}  add.s32 %r3, %r3, -1;\n"
                   "  setp.ne.s32 %p1, %r3, 0;\n  @%p1 bra LOOP;\n  mov.u32 %r4, %tid.x;\n  mov.u32 %r5, %r4;\n"
                   + "".join(f"  add.s32 %r5, %r5, %r{10 + j};\n" for j in range(8)) +
                   "  mul.wide.u32 %rd2, %r4, 4;\n  add.s64 %rd3, %rd1, %rd2;\n  st.global.u32 [%rd3], %r5;\n"
                   "  ret;\n}\n")
    return simgpu.load("<pipes>.ptx", text=text)


def test_tables_send_multiplies_to_the_fma_pipe_and_adds_to_either():
    prog = passes("add.s32 {r}, {r}, %r2;", 4).program
    T = build_tables(prog, H200)
    ops = [t.split()[0] for t in prog.texts]
    adds = [i for i, t in enumerate(prog.texts) if t.startswith("add.s32 %r1")]
    assert adds and all(T.pipe[i] == PIPE["int"] and T.pipe_alt[i] == PIPE["fp32"] for i in adds)
    assert all(T.occupancy[i] == 2 * H200["interval_int_cycles"] for i in adds)
    setp = ops.index("setp.ne.s32")
    assert T.pipe[setp] == PIPE["int"] and T.pipe_alt[setp] == -1          # ISETP: the ALU only
    mad = passes("mad.lo.s32 {r}, {r}, %r2, %r2;", 4).program
    M = build_tables(mad, H200)
    imads = [i for i, t in enumerate(mad.texts) if t.startswith("mad.lo")]
    assert all(M.pipe[i] == PIPE["fp32"] and M.pipe_alt[i] == -1 and M.occupancy[i] == 4
               and M.lat[i] == H200["latency_fp32_cycles"] for i in imads)
    off = build_tables(prog, MappingProxyType({**H200, "integer_fma_pipe": False}))
    assert (off.pipe_alt == -1).all()


def per_pass(op, config):
    """Cycles a pass of 1,024 threads on one SM (8 warps a scheduler), the launch's fixed cost cancelled."""
    cfg = MappingProxyType({**config, "fetch_miss_cycles": 0})
    c = [simgpu.launch(passes(op, n), 1, 1024, [np.zeros(1024, np.uint32), 1], config=cfg).stats for n in (32, 64)]
    return (c[1]["cycles"] - c[0]["cycles"]) / 32, c[1]


@pytest.mark.parametrize("fma,want", [(True, 8 * 19), (False, 8 * 18 * 2)])
def test_adds_take_both_pipes(fma, want):
    # a pass and warp: 16 adds, the count's add and compare, the branch. On the ALU or the FMA pipe, 2 cycles
    # each on either, the adds go one a cycle, and the scheduler's one issue a cycle bounds the pass (19 a
    # warp); on the ALU alone, 18 of them take 2 cycles each (within 3%: the warps' first and last passes)
    cycles, stats = per_pass("add.s32 {r}, {r}, %r2;", MappingProxyType({**H200, "integer_fma_pipe": fma}))
    assert cycles == pytest.approx(want, rel=0.03)
    pipes = stats["pipe_instructions"]
    assert sum(pipes.values()) == stats["warp_instructions"]
    if fma:                                 # about half of the adds on each
        assert 0.4 < pipes["fp32"] / (pipes["fp32"] + pipes["int"]) < 0.6
    else:
        assert pipes["fp32"] == 0


def test_multiply_adds_take_the_fma_pipes_heavy_half():
    # IMAD: 16 a pass and warp, 2 cycles each on the FMA pipe's heavy half, the ALU free for the count
    # (whose add takes the FMA pipe when the ALU still holds the compare: a pass 264 cycles, not 256)
    cycles, stats = per_pass("mad.lo.s32 {r}, {r}, %r2, %r2;", H200)
    assert cycles == pytest.approx(8 * 16 * 2, rel=0.04)
    assert stats["pipe_instructions"]["fp32"] >= 1024 // 32 * 64 * 16


def test_what_is_no_alu_instruction_issues_elsewhere():
    # S2R, LDC (%ntid, a pointer parameter) and a parameter's constant operand: the branch pipe (Nsight counts
    # LDC on the ADU with the branches); a float compare, max or select: the ALU (FSETP, FMNMX, FSEL); a
    # 32-bit multiply-add by a power of 2, a shift and add: the ALU (LEA)
    text = HEAD + (".visible .entry k(.param .u64 out, .param .u32 n)\n{\n.reg .b32 %r<8>;\n.reg .f32 %f<4>;\n"
                   ".reg .b64 %rd<4>;\n.reg .pred %p<2>;\n  ld.param.u64 %rd1, [out];\n  ld.param.u32 %r4, [n];\n"
                   "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, %ntid.x;\n  mad.lo.s32 %r3, %r1, 8, %r4;\n"
                   "  mad.lo.s32 %r5, %r1, %r2, %r4;\n  cvt.rn.f32.u32 %f1, %r3;\n  max.f32 %f2, %f1, 0f3F800000;\n"
                   "  setp.gt.f32 %p1, %f2, 0f40000000;\n  selp.f32 %f3, %f2, %f1, %p1;\n  add.f32 %f3, %f3, %f1;\n"
                   "  mul.wide.u32 %rd2, %r5, 4;\n  add.s64 %rd3, %rd1, %rd2;\n  st.global.f32 [%rd3], %f3;\n"
                   "  ret;\n}\n")
    prog = simgpu.load("<pipes>.ptx", text=text).program
    T = build_tables(prog, H200)
    pipe = {t.split(";")[0]: (int(T.pipe[i]), int(T.pipe_alt[i])) for i, t in enumerate(prog.texts)}
    branch, alu, fma = PIPE["branch"], PIPE["int"], PIPE["fp32"]
    assert pipe["ld.param.u64 %rd1, [out]"] == pipe["ld.param.u32 %r4, [n]"] == (branch, -1)
    assert pipe["mov.u32 %r1, %tid.x"] == pipe["mov.u32 %r2, %ntid.x"] == (branch, -1)
    assert pipe["mad.lo.s32 %r3, %r1, 8, %r4"] == (alu, -1)                # LEA
    assert pipe["mad.lo.s32 %r5, %r1, %r2, %r4"] == (fma, -1)              # IMAD
    assert pipe["max.f32 %f2, %f1, 0f3F800000"] == pipe["setp.gt.f32 %p1, %f2, 0f40000000"] == (alu, -1)
    assert pipe["selp.f32 %f3, %f2, %f1, %p1"] == (alu, -1)
    assert pipe["add.f32 %f3, %f3, %f1"] == (fma, -1)


# how far simgpu's shares of ALU and FMA-pipe instructions may be from the H200's: over all 34 launches of
# traces/h200/pipes.json they differ by 0.047 and 0.033 on average (tools/pipe_figures.py), ptxas's own
# balancing of adds and moves between the two and its LEAs, SELs and IMAD.MOVs not followed one by one
SHARE_TOLERANCE = 0.05


@pytest.mark.parametrize("program", ["programs/transpose_smem.s", "programs/softmax_naive.s",
                                     "programs/matmul_registers.s"], ids=lambda p: p.split("/")[-1])
def test_pipe_shares_are_the_h200s(program):
    import json
    from pathlib import Path
    from simgpu.crosscheck import simulate_recorded
    root = Path(__file__).resolve().parents[1]
    entry = next(e for e in json.loads((root / "traces/h200/pipes.json").read_text())["programs"]
                 if e["program"] == program)
    run = simulate_recorded({"program": program, "sizes": {}, "ncu": entry["ncu"]}, "h200")
    stats, hw = run.results[0].stats, entry["ncu"]["launches"][0]
    ours = stats["pipe_instructions"]
    n = sum(ours.values())
    total = hw["smsp__inst_executed.sum"]
    alu = (hw["smsp__inst_executed_pipe_alu.sum"] + hw["smsp__inst_executed_pipe_uniform.sum"]) / total
    assert abs(ours["int"] / n - alu) < SHARE_TOLERANCE
    assert abs(ours["fp32"] / n - hw["smsp__inst_executed_pipe_fma.sum"] / total) < SHARE_TOLERANCE


@pytest.mark.parametrize("program", ["programs/strided_copy.s", "programs/divergence.s", "programs/softmax_naive.s"],
                         ids=lambda p: p.split("/")[-1])
def test_the_xu_takes_as_many_instructions_as_the_h200s(program):
    """A `div.u32`/`rem.u32` is 3 XU instructions on the H200, I2F.U32.RP, MUFU.RCP and
    F2I.FTZ.U32.TRUNC.NTZ (Nsight's smsp__inst_executed_pipe_xu, traces/h200/pipes.json): simgpu's
    sfu pipe counts them all (assemble._on_xu), where it counted the MUFU alone (a third of
    strided_copy's and divergence's). softmax_naive's ex2s and rcp.rn: their MUFUs, exactly."""
    import json
    from pathlib import Path
    from simgpu.crosscheck import simulate_recorded
    root = Path(__file__).resolve().parents[1]
    entry = next(e for e in json.loads((root / "traces/h200/pipes.json").read_text())["programs"]
                 if e["program"] == program)
    run = simulate_recorded({"program": program, "sizes": {}, "ncu": entry["ncu"]}, "h200")
    for res, hw in zip(run.results, entry["ncu"]["launches"]):
        assert res.stats["pipe_instructions"]["sfu"] == hw["smsp__inst_executed_pipe_xu.sum"]


def test_a_conversion_rounded_to_nearest_from_an_integer_is_no_xu_instruction():
    """wave.s's `cvt.rn.f32.u32` is I2FP.F32.U32 in its SASS, on no XU (pipes.json: xu 0); a
    conversion to an integer (F2I) or rounded up from one (I2F.RP) is the XU's."""
    from simgpu.ptx.assemble import UNIT
    body = ("cvt.rn.f32.u32 %f1, %r1; cvt.rp.f32.u32 %f2, %r1; cvt.rzi.s32.f32 %r2, %f1; "
            "cvt.rni.u32.f32 %r3, %f2; cvt.rn.f32.s32 %f3, %r2; cvt.f64.f32 %fd1, %f3;")
    text = HEAD + (".visible .entry k(.param .u64 out)\n{\n.reg .b32 %r<8>;\n.reg .f32 %f<8>;\n.reg .f64 %fd<4>;\n"
                   f"  mov.u32 %r1, %tid.x;\n  {body}\n  ret;\n}}\n")
    prog = simgpu.load("<cvt>.ptx", text=text).program
    units = [int(prog.unit[i]) for i in range(prog.n) if prog.opcode_names[i] == "cvt"]
    assert units == [UNIT["fp32"], UNIT["sfu"], UNIT["sfu"], UNIT["sfu"], UNIT["fp32"], UNIT["fp64"]]
