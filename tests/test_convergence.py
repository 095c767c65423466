"""ptxas's BSSY/BSYNC convergence barriers (simgpu/ptx/convergence.py),
placed as in the SASS of `ptxas -arch=sm_90 -O3 programs/X.s` +
`cuobjdump -sass` (CUDA 13.0)."""
from pathlib import Path

from simgpu.ptx.assemble import Assembler
from simgpu.ptx.parser import parse_module

PROGRAMS = Path(__file__).resolve().parents[1] / "programs"


def lowered(program):
    path = PROGRAMS / f"{program}.s"
    module = parse_module(path.read_text(), str(path))
    fn = next(f for f in module.functions.values() if f.is_entry)
    Assembler(module, fn, "ptxas").layout()
    return fn


def barriers(fn, tag):
    return [k for k, ins in enumerate(fn.instrs) if ins.opcode == "mov" and ins.operands[0].reg is not None
            and ins.operands[0].reg.name.startswith(f"%__{tag}")]


def test_the_divergent_if_else_and_its_loops():
    """divergence's SASS: BSSY B0 before `@!P0 BRA` (the (i/group) % 2 test),
    BSYNC B0 at JOIN; on the odd side BSSY B1 around its loops (their exit is
    the `BRA JOIN`, not JOIN) and a pair around the 4-copy loop; on the even
    side a pair around the 4-copy loop, its exit sharing B0's BSYNC. Here
    the 2-iteration stages have a pair too (ptxas predicates them)."""
    fn = lowered("divergence")
    bssy, bsync = barriers(fn, "bssy"), barriers(fn, "bsync")
    assert len(bssy) == len(bsync) == 6
    ins = fn.instrs
    split = next(k for k, i in enumerate(ins) if i.opcode == "bra" and i.operands[0].value == "EVEN")
    assert split - 1 in bssy                              # BSSY B0, then the branch
    assert fn.labels["JOIN"] in bsync                     # BSYNC B0 is JOIN's first instruction
    odd_exit = next(k for k, i in enumerate(ins) if i.opcode == "bra" and i.operands[0].value == "JOIN")
    assert odd_exit - 1 in bsync                          # BSYNC B1 before the odd side's `BRA JOIN`


def test_uniform_loops_and_exits_have_none():
    """matmul_naive's SASS has no BSSY: its bounds check is `@P0 EXIT` and its
    k loop counts down a kernel parameter, the same in every thread."""
    assert barriers(lowered("matmul_naive"), "bssy") == []
    assert barriers(lowered("vector_add"), "bssy") == []


def test_a_lane_dependent_loop_shares_its_join():
    """softmax_naive's SASS: per row loop, BSSY B0 before the `lane < C` skip
    with its BSYNC at the shuffle reduction, where the loop's exit joins too,
    and B1 pairs around the 4-copy loop and the 2-iteration stage: 3 pairs
    for each of the first two loops; B0 around rcp.rn.f32's slow-path call
    (ieee.py); the third loop ends at the kernel's exit, so its skip is an
    `@P2 EXIT` and only its inner pairs are left. (The SASS's tenth BSSY is in
    rcp.rn's subroutine, not modeled.)"""
    fn = lowered("softmax_naive")
    assert len(barriers(fn, "bssy")) == len(barriers(fn, "bsync")) == 3 + 3 + 1 + 2
    assert fn.labels["MAX_REDUCE"] in barriers(fn, "bsync")
    assert fn.labels["SUM_REDUCE"] in barriers(fn, "bsync")


SPLIT = """.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  setp.lt.u32 %p1, %r1, 48;
  @%p1 bra LOW;
  mul.lo.u32 %r2, %r1, 3;
  add.u32 %r2, %r2, 7;
  xor.b32 %r2, %r2, 5;
  shl.b32 %r2, %r2, 1;
  add.u32 %r2, %r2, 1000;
  add.u32 %r2, %r2, 1;
  add.u32 %r2, %r2, 1;
  add.u32 %r2, %r2, 1;
  add.u32 %r2, %r2, 1;
  bra.uni JOIN;
LOW:
  mul.lo.u32 %r2, %r1, 5;
  add.u32 %r2, %r2, 9;
  xor.b32 %r2, %r2, 3;
  shl.b32 %r2, %r2, 2;
  add.u32 %r2, %r2, 2000;
  add.u32 %r2, %r2, 1;
  add.u32 %r2, %r2, 1;
  add.u32 %r2, %r2, 1;
  add.u32 %r2, %r2, 1;
JOIN:
  st.global.u32 [%rd3], %r2;
  ret;
}
"""


def test_each_path_of_a_split_warp_issues_the_bsync():
    """On the hardware each group of a split warp's threads issues the BSYNC
    at their join as it arrives (convergence.py): a block of 64 threads split
    at tid < 48 issues it once in warp 0 (all below) and twice in warp 1. (Each
    side a chain of 8, past what ptxas predicates: lower.py if_convert.)"""
    import numpy as np

    import simgpu
    from simgpu.ptx import codes as C
    k = simgpu.load("<split>.ptx", text=SPLIT, lower="ptxas")
    bsync = [i for i in range(k.program.n) if k.program.flags[i] & C.F_BSYNC]
    assert len(bsync) == 1
    out = np.zeros(64, np.uint32)
    r = simgpu.launch(k, 1, 64, [out], timing=False)
    tid = np.arange(64)
    assert (out == np.where(tid < 48, (((tid * 5 + 9) ^ 3) << 2) + 2004, (((tid * 3 + 7) ^ 5) << 1) + 1004)).all()
    assert r.per_pc[bsync[0]] == 1 + 2
    # the same with timing: the same instructions issued
    assert simgpu.launch(k, 1, 64, [out]).stats["warp_instructions"] == r.stats["warp_instructions"]
