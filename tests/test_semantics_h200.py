"""Single PTX instructions on simgpu against the result bits the H200 wrote for
the same PTX (traces/h200/semantics.json, recorded by tools/measure_semantics.py):
which NaN an f32 instruction writes, min/max with and without .NaN, f64 NaN
payloads, and narrowing integer cvt into a wider register. Every lane is
compared bit for bit."""
import json
import sys
from pathlib import Path

import pytest

import simgpu

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import measure_semantics as M  # noqa: E402

RECORD = json.loads((ROOT / "traces" / "h200" / "semantics.json").read_text())
CASES = RECORD["cases"]


def test_the_record_is_a_real_h200_run_of_these_cases():
    assert RECORD["device"] == "NVIDIA H200"
    for key in ("nvidia_smi", "cuda_runtime", "date", "command"):
        assert RECORD[key]
    # the record holds the harness's cases, each one run (none rejected by the JIT)
    assert [(c["instr"], c["srcs"], c["reg"]) for c in CASES] == [(i, s, r) for i, s, r, _ in M.CASES]
    for c, (_, _, _, ops) in zip(CASES, M.CASES):
        assert "error" not in c and c["operands"] == [[f"{v:#x}" for v in op] for op in ops]
        assert len(c["results"]) == len(ops)


@pytest.mark.parametrize("case", CASES, ids=[c["instr"] for c in CASES])
def test_simgpu_writes_the_h200_bits(case, tmp_path):
    ops = [tuple(int(v, 16) for v in op) for op in case["operands"]]
    ins, out = M.arrays(case["srcs"], case["reg"], ops)
    path = tmp_path / "k.ptx"
    path.write_text(M.kernel_ptx(case["instr"], case["srcs"], case["reg"]))
    simgpu.launch(simgpu.load(str(path)), 1, len(ops), [out] + ins)
    got = [f"{int(v):#x}" for v in out]
    bad = [f"{case['instr']} {op} -> simgpu {g}, H200 {w}"
           for op, g, w in zip(case["operands"], got, case["results"]) if g != w]
    assert not bad, "\n".join(bad)
