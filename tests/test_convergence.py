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
    for each of the first two loops; the third ends at the kernel's exit, so
    its skip is an `@P2 EXIT` and only its inner pairs are left."""
    fn = lowered("softmax_naive")
    assert len(barriers(fn, "bssy")) == len(barriers(fn, "bsync")) == 3 + 3 + 2
    assert fn.labels["MAX_REDUCE"] in barriers(fn, "bsync")
    assert fn.labels["SUM_REDUCE"] in barriers(fn, "bsync")
