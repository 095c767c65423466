"""ptxas's sequences for IEEE division, reciprocal and square root, and the range fix-ups of the
approximate functions it leaves out (simgpu/ptx/ieee.py), against the SASS of
traces/ptxas/special.json (tools/probe_ptxas_special.py)."""
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import simgpu

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from probe_ptxas_special import F32, F64, kernel  # noqa: E402

RECORD = json.loads((ROOT / "traces" / "ptxas" / "special.json").read_text())["probes"]
# rcp.approx.ftz.f64 zeroes the estimate's low word (HFMA2.MMA): one less. rcp.approx.f32's scale
# constant (lower.py SPECIAL_SASS: 8) is set before the loads, outside the window. (The |x| of
# ex2_of_abs and the three `abs + c` probes is the reader's operand, as in the SASS: float_fold.py.)
NOT_MODELED = {"rcp_approx_ftz_f64": -1, "rcp_approx": 1}


def main_path_count(texts):
    """Instructions the SASS issues from its last load to its store when the check passes: the
    listing less the slow path (from the guarded BRA before the CALL to the CALL, and what follows
    the CALL up to the BSYNC or through its BRA) and less the address and constant loads."""
    texts = list(texts)
    if any(t.startswith("CALL") for t in texts):
        c = next(i for i, t in enumerate(texts) if t.startswith("CALL"))
        b = max(i for i in range(c) if t_is_guarded_bra(texts[i]))
        e = c + 1
        while e < len(texts) and not texts[e].startswith("BSYNC"):
            e += 1
            if texts[e - 1].startswith("BRA"):
                break
        texts = texts[:b + 1] + texts[e:]
    return sum(1 for t in texts if not t.startswith(("IMAD.WIDE", "LDC")))


def t_is_guarded_bra(t):
    return t.startswith("@") and t.split()[1] == "BRA"


def module(name, body, f64):
    return ".version 8.0\n.target sm_90\n.address_size 64\n" + kernel(name, body, f64)


def warp_instructions(tmp_path, name, body, f64):
    path = tmp_path / f"{name}.ptx"
    path.write_text(module(name, body, f64))
    dt = np.float64 if f64 else np.float32
    a, b = np.linspace(1.0, 2.0, 32).astype(dt), np.linspace(1.5, 3.0, 32).astype(dt)
    out = np.zeros(32, dt)
    r = simgpu.launch(simgpu.load(str(path), lower="ptxas"), 1, 32, [out, a, b], timing=False)
    return r.stats["warp_instructions"]


@pytest.mark.parametrize("name", sorted(RECORD))
def test_each_form_issues_the_sass_main_path(tmp_path, name):
    f64 = name in F64
    body = (F64 if f64 else F32)[name]
    assert RECORD[name]["ptx"] == body
    base = warp_instructions(tmp_path, "base", "mov.f64 %fd3, %fd2;" if f64 else "mov.f32 %f3, %f2;", f64)
    sim = warp_instructions(tmp_path, name, body, f64) - base
    assert sim == main_path_count(RECORD[name]["main_path"]) + NOT_MODELED.get(name, 0), RECORD[name]["main_path"]


def test_the_main_path_counts_are_the_table_of_the_module_docstring():
    want = {"div_rn": 10, "div_rn_const_den": 11, "div_rn_const_num": 12, "rcp_rn": 10, "sqrt_rn": 10,
            "div_full": 8, "div_full_ftz": 5, "div_approx": 5, "div_approx_ftz": 2,
            "div_rn_f64": 15, "rcp_rn_f64": 11, "sqrt_rn_f64": 16}
    assert {k: main_path_count(RECORD[k]["main_path"]) for k in want} == want


EDGES32 = [0.0, -0.0, 1.0, -1.0, 3.0, 1e-40, -1e-40, 1.2e-38, 3e38, -3e38, np.inf, -np.inf, np.nan, 7.0, 1e-30,
           1e30, 2.0 ** -126, 2.0 ** 127, 0.1, 1.0 / 3]


@pytest.mark.parametrize("name", ["div_rn", "div_rn_ftz", "div_rn_const_num", "div_rn_const_den", "div_full",
                                  "div_full_ftz", "div_approx", "div_approx_ftz", "rcp_rn", "rcp_rn_ftz", "sqrt_rn",
                                  "sqrt_rn_ftz", "div_rn_f64", "rcp_rn_f64", "sqrt_rn_f64", "ex2_of_cos_times_k",
                                  "rsqrt_of_cos_plus_2", "div_rn_by_cos_plus_2"])
def test_the_sequences_keep_simgpus_values_bit_for_bit(tmp_path, name):
    """Every operand pair of EDGES32 (zeros, subnormals, the ends of the range, infinities, NaN)
    and random ones, lowered and not: the same bits (the sequence's result is the original
    instruction, the slow path too)."""
    f64 = name in F64
    dt = np.float64 if f64 else np.float32
    path = tmp_path / f"{name}.ptx"
    path.write_text(module(name, (F64 if f64 else F32)[name], f64))
    rng = np.random.default_rng(3)
    e = np.array(EDGES32 + ([1e-310, 1e300, -1e-300, 2.0 ** -1022] if f64 else []), dt)
    a = np.concatenate([np.repeat(e, len(e)), rng.standard_normal(256) * 10.0 ** rng.integers(-30, 30, 256)])
    b = np.concatenate([np.tile(e, len(e)), rng.standard_normal(256) * 10.0 ** rng.integers(-30, 30, 256)])
    n = (len(a) + 31) // 32 * 32
    a, b = np.resize(a, n).astype(dt), np.resize(b, n).astype(dt)
    res = []
    for lower in (None, "ptxas"):
        out = np.zeros(n, dt)
        simgpu.launch(simgpu.load(str(path), lower=lower), n // 32, 32, [out, a, b], timing=False)
        res.append(out.view(np.uint64 if f64 else np.uint32).copy())
    assert np.array_equal(res[0], res[1])


def test_an_ieee_division_waits_for_its_refinement():
    """The result of div.rn.f32 is the sequence's last FFMA: on the FP32 pipe, waiting for the
    remainder's FFMA (a register it does not read), not an SFU instruction of its own."""
    from simgpu.ptx import codes as C
    from simgpu.ptx.assemble import UNIT
    from simgpu.ptx.registers import reads_writes
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "d.ptx"
        path.write_text(module("div_rn", F32["div_rn"], False))
        prog = simgpu.load(str(path), lower="ptxas").program
    divs = [i for i in range(prog.n) if prog.op[i] == C.OP_DIV]
    assert len(divs) == 2                                   # the result and the slow path's
    res, slow = divs
    assert prog.unit[res] == UNIT["fp32"] and not prog.variable_latency[res]
    fma = max(i for i in range(res) if prog.op[i] == C.OP_FMA)
    assert reads_writes(prog, fma)[0][0] in reads_writes(prog, res)[1]
    assert prog.op[slow - 1] == C.OP_BRA and prog.guard[slow - 1] >= 0   # skipped unless an operand is NaN


def test_a_double_division_s_branch_waits_for_its_exponent_check_after_the_quotient():
    """div.rn.f64's main path ends FFMA RZ, hi(b), hi(q) (after the quotient's DFMA), FSETP.GT on
    it, @P0 BRA over the slow path, with stall counts S10, S05, S13 (pi_f64's SASS, read by
    tools/sass_stalls.py): the lowering's branch reads the FSETP's predicate, which waits for the
    FFMA, which waits for the quotient, and the branch issues latency_guard_cycles after the FSETP
    (simgpu's branch read the first check's predicate and waited for nothing: pi_f64 -25.6%,
    now -18.9% against the H100)."""
    from simgpu.config import load_config
    from simgpu.ptx import codes as C
    from simgpu.ptx.registers import reads_writes
    from simgpu.timing.tables import build_tables
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "d.ptx"
        path.write_text(module("div_rn_f64", F64["div_rn_f64"], True))
        prog = simgpu.load(str(path), lower="ptxas").program
    res = next(i for i in range(prog.n) if prog.op[i] == C.OP_DIV)
    bra, setp, ffma = res + 4, res + 2, res + 1            # (res + 3: the BSSY's register move)
    assert [prog.op[i] for i in (ffma, setp, bra)] == [C.OP_FMA, C.OP_SETP, C.OP_BRA]
    assert prog.guard[bra] == reads_writes(prog, setp)[0][0][1]
    assert reads_writes(prog, ffma)[0][0] in reads_writes(prog, setp)[1]
    assert reads_writes(prog, res)[0][0] in reads_writes(prog, ffma)[1]
    cfg = load_config("h100")
    assert build_tables(prog, cfg).lat[setp] == cfg["latency_guard_cycles"] == 13


@pytest.mark.parametrize("name,xu", [("div_rn", 2), ("div_rn_const_den", 1), ("rcp_rn", 1), ("sqrt_rn", 1)])
def test_the_division_s_fchk_issues_to_the_xu_with_mufu(tmp_path, name, xu):
    """Nsight's pipe counters on the H100 (traces/h100/micro/micro_ieee_pipes.json, the same
    SMs as the H200's) count 2 XU instructions a div.rn.f32, MUFU.RCP and FCHK, and 1 a
    rcp.rn or sqrt.rn: the expanded sequences put as many on the XU (the sfu unit). A
    constant divisor has no MUFU.RCP (1/K is a constant), only the FCHK."""
    path = tmp_path / f"{name}.ptx"
    path.write_text(module(name, RECORD[name]["ptx"], False))
    a, b = np.linspace(1.0, 2.0, 32).astype(np.float32), np.linspace(1.5, 3.0, 32).astype(np.float32)
    r = simgpu.launch(simgpu.load(str(path), lower="ptxas"), 1, 32, [np.zeros(32, np.float32), a, b])
    assert r.stats["pipe_instructions"]["sfu"] == xu          # one warp: the main path's
    pipes = json.loads((ROOT / "traces" / "h100" / "micro" / "micro_ieee_pipes.json").read_text())
    assert pipes["device"].startswith("NVIDIA H100")
