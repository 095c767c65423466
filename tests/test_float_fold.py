"""What ptxas folds into a float instruction (simgpu/ptx/float_fold.py): a
product contracted into the add or sub that reads it (one rounding, as the
H200's FFMA), and abs/neg as the reader's operand modifiers (the same bits)."""
import sys
from pathlib import Path

import numpy as np
import pytest

import simgpu
from simgpu.ptx import codes as C

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from probe_ptxas_special import kernel  # noqa: E402


def load(tmp_path, body, f64=False, lower="ptxas"):
    path = tmp_path / "k.ptx"
    path.write_text(".version 8.0\n.target sm_90\n.address_size 64\n" + kernel("k", body, f64))
    return simgpu.load(str(path), lower=lower)


def run(tmp_path, body, a, b, lower):
    out = np.zeros_like(a)              # one block: the probe kernel indexes by %tid.x alone
    simgpu.launch(load(tmp_path, body, a.dtype == np.float64, lower), 1, len(a), [out, a, b], timing=False)
    return out


def ops(tmp_path, body, f64=False):
    prog = load(tmp_path, body, f64).program
    return [int(o) for o in prog.op[:prog.n]]


def unit_interval_pairs(n=1024, seed=5):
    """f32 a, b in [1, 2): a*b +- b is exact in f64 (48 + 24 bits within 2^2 .. 2^-47), so rounding
    the f64 value to f32 is the single rounding of an FMA."""
    rng = np.random.default_rng(seed)
    a = (1 + rng.random(n)).astype(np.float32)
    b = (1 + rng.random(n)).astype(np.float32)
    a[0] = b[0] = np.float32(1 + 2.0 ** -12)      # a*b = 1 + 2^-11 + 2^-24: the product alone rounds
    return a, b


@pytest.mark.parametrize("body,exact,twice", [
    ("mul.f32 %f4, %f1, %f2; sub.f32 %f3, %f4, %f2;", lambda a, b: a * b - b,
     lambda a, b: (a * b).astype(np.float32) - b),
    ("mul.f32 %f4, %f1, %f2; add.f32 %f3, %f2, %f4;", lambda a, b: a * b + b,
     lambda a, b: b + (a * b).astype(np.float32)),
    ("mul.f32 %f4, %f1, %f2; sub.f32 %f3, %f2, %f4;", lambda a, b: b - a * b,
     lambda a, b: b - (a * b).astype(np.float32)),
    ("mul.f32 %f4, %f1, %f2; sub.f32 %f3, %f4, 0f3FC00000;", lambda a, b: a * b - 1.5,
     lambda a, b: (a * b).astype(np.float32) - np.float32(1.5)),
    # -a read by the contracted FMA as -(-a): b - (-a)*b is fma(a, b, b)
    ("neg.f32 %f4, %f1; mul.f32 %f5, %f4, %f2; sub.f32 %f3, %f2, %f5;", lambda a, b: a * b + b,
     lambda a, b: b - (-a * b).astype(np.float32)),
])
def test_a_product_read_by_one_add_is_one_fma_rounded_once(tmp_path, body, exact, twice):
    a, b = unit_interval_pairs()
    fused = run(tmp_path, body, a, b, "ptxas")
    written = run(tmp_path, body, a, b, None)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    assert np.array_equal(fused, exact(a64, b64).astype(np.float32))
    assert np.array_equal(written, twice(a64, b64).astype(np.float32))
    assert (fused != written).sum() > 0                       # the two roundings differ somewhere
    assert ops(tmp_path, body).count(C.OP_MUL) == 0 and ops(tmp_path, body).count(C.OP_FMA) == 1


@pytest.mark.parametrize("body", [
    "mul.rn.f32 %f4, %f1, %f2; add.f32 %f3, %f4, %f2;",       # a rounding modifier: not to be fused
    "mul.f32 %f4, %f1, %f2; add.rn.f32 %f3, %f4, %f2;",
    "mul.f32 %f4, %f1, %f2; add.f32 %f5, %f4, %f2; mul.f32 %f3, %f5, %f4;",   # the product read twice
    "mul.ftz.f32 %f4, %f1, %f2; add.f32 %f3, %f4, %f2;",      # another flag
    "mul.f32 %f3, %f1, %f2; add.f32 %f4, %f3, %f2;",          # the product stored
])
def test_what_may_not_be_contracted_stays_a_mul_and_an_add(tmp_path, body):
    assert ops(tmp_path, body).count(C.OP_MUL) >= 1 and ops(tmp_path, body).count(C.OP_FMA) == 0


EDGES = [0.0, -0.0, 1.0, -1.0, 3.0, 1e-40, -1e-40, 1.2e-38, 3e38, -3e38, np.inf, -np.inf, np.nan, -np.nan, 0.1,
         -2.5]


def edge_pairs(dt):
    e = np.array(EDGES, dt)
    a, b = np.repeat(e, len(e)), np.tile(e, len(e))
    n = (len(a) + 31) // 32 * 32
    return np.resize(a, n), np.resize(b, n)


@pytest.mark.parametrize("body,f64,folded", [
    ("abs.f32 %f4, %f1; add.f32 %f3, %f4, %f2;", False, True),
    ("abs.f32 %f4, %f1; mul.f32 %f3, %f2, %f4;", False, True),
    ("abs.f32 %f4, %f1; setp.gt.f32 %p1, %f4, %f2; selp.f32 %f3, %f1, %f2, %p1;", False, True),
    ("abs.f32 %f4, %f1; max.f32 %f3, %f4, %f2;", False, True),
    ("abs.f32 %f4, %f1; ex2.approx.f32 %f3, %f4;", False, True),
    ("neg.f32 %f4, %f1; fma.rn.f32 %f3, %f4, %f2, %f2;", False, True),
    ("neg.f32 %f4, %f1; sub.f32 %f3, %f2, %f4;", False, True),
    ("abs.f32 %f4, %f1; neg.f32 %f5, %f4; add.f32 %f3, %f5, %f2;", False, 2),   # -|a|: both fold, one pass each
    ("abs.f64 %fd4, %fd1; add.f64 %fd3, %fd4, %fd2;", True, True),
    ("neg.f64 %fd4, %fd1; mul.f64 %fd3, %fd4, %fd2;", True, True),
    ("abs.f32 %f4, %f1; fma.rn.f32 %f3, %f4, %f2, %f2;", False, False),   # FFMA reads no |x|
    ("abs.f32 %f3, %f1; add.f32 %f4, %f3, %f2;", False, False),          # stored as well
    ("abs.ftz.f32 %f4, %f1; add.f32 %f3, %f4, %f2;", False, False),      # flushes what add would not
    ("abs.ftz.f32 %f4, %f1; add.ftz.f32 %f3, %f4, %f2;", False, True),
])
def test_abs_and_neg_are_the_readers_operand_modifiers_with_the_same_bits(tmp_path, body, f64, folded):
    """Over every pair of zeros, subnormals, range ends, infinities and NaNs: the same bits lowered
    and as written, and one instruction fewer where the reader takes the modifier."""
    dt = np.float64 if f64 else np.float32
    a, b = edge_pairs(dt)
    bits = np.uint64 if f64 else np.uint32
    lowered = run(tmp_path, body, a, b, "ptxas").view(bits)
    written = run(tmp_path, body, a, b, None).view(bits)
    assert np.array_equal(lowered, written)
    left = sum(ops(tmp_path, body, f64).count(op) for op in (C.OP_ABS, C.OP_NEG))
    as_written = sum(load(tmp_path, body, f64, None).program.op.tolist().count(op) for op in (C.OP_ABS, C.OP_NEG))
    assert left == as_written - int(folded)


def sass_step(kernel_name):
    """ptxas's SASS between the first two MUFU.RCPs of `kernel_name` in sm90_holdout7.sass, less the
    slow path's call (MOV R8, return address; CALL.REL.NOINC)."""
    lines, on = [], False
    for line in (ROOT / "traces" / "ptxas" / "sm90_holdout7.sass").read_text().splitlines():
        if line.startswith("Function : "):
            on = line.split(" : ")[1] == kernel_name
        elif on and line[5:].strip():
            lines.append(line[5:].strip())
    rcp = [i for i, t in enumerate(lines) if t.startswith("MUFU.RCP")]
    step = lines[rcp[0]:rcp[1]]
    return [t for t in step if not t.startswith(("CALL", "MOV R8,"))]


def test_a_newton_step_is_as_many_instructions_as_the_sass():
    """newton_sqrt's step: x*x - a contracted (FFMA R2, R3, R3, -R0) and |.| read by the compare
    (FSETP.GT |R2|): 15 instructions, the SASS's main path, where the PTX as written takes 17."""
    from test_lower import ptxas_lowered
    instrs, done = ptxas_lowered(ROOT / "programs" / "holdout" / "newton_sqrt.ptx")
    est = [k for k, i in enumerate(instrs) if i.opcode == "rcp" and "approx" in i.suffixes]
    step = instrs[est[0]:est[1]]
    slow = [i for i in step if i.opcode == "div" and i.fused is None]    # the slow path, branched over
    assert len(step) - len(slow) == len(sass_step("newton_sqrt")) == 15
    assert done["float multiply-add"] >= 8 and done["float modifiers"] >= 8
