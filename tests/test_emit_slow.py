"""simgpu emit, compiled and run (slow; `python -m pytest -m slow tests/test_emit_slow.py`).

  * nvcc -arch=sm_90 -c compiles the CUDA C of every program and corpus file
    (a machine without nvcc fails here, saying so);
  * the emitted CUDA C and Metal run on the host stand-in (tests/emit_host/,
    g++) and must give what simgpu gives for the same PTX: every program at a
    small size (its recipe's checked buffers), the nvcc corpus under its own
    tests (test_nvcc_kernels.py, with the emitted code in simgpu's place),
    every instruction form in tests/emit_ops.py bit for bit, and kernels for
    generic addressing, atomics and control flow;
  * simgpu.emit.device (what tools/device_emit.sh runs on the H200) runs end
    to end against a stand-in CuPy (tests/emit_host/fake_cupy), and
    `simgpu crosscheck --backend metal` against a stand-in torch.mps
    (tests/emit_host/fake_torch) whose kernels run on the host stand-in.
No Metal compiler exists on these machines: the Metal runs here check what its
text computes, not that Apple's compiler accepts it.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import simgpu
from simgpu.emit import EmitError, emit
from simgpu.emit.run import compare_outputs
from simgpu.recipe import parse_recipe, run_recipe

sys.path.insert(0, str(Path(__file__).resolve().parent))
import emit_host  # noqa: E402
import emit_ops  # noqa: E402

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = sorted(str(p.relative_to(ROOT)) for d in ("programs", "programs/micro") for p in (ROOT / d).glob("*.s"))
CORPUS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "cuda").glob("*.ptx"))
# what neither dialect emits yet, by file
REFUSED = {"tests/cuda/half.ptx": "half-precision arithmetic", "tests/cuda/block_sync.ptx": "bar.red",
           "tests/cuda/printf.ptx": "device printf and assert", "tests/cuda/tensor.ptx": "tensor-core instructions"}


@pytest.mark.parametrize("path", PROGRAMS + CORPUS)
def test_nvcc_compiles_the_cuda(path, tmp_path):
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        pytest.fail("nvcc is not on PATH: this test compiles the emitted CUDA C with nvcc -arch=sm_90")
    src = tmp_path / "k.cu"
    if path in REFUSED:
        with pytest.raises(EmitError, match=REFUSED[path]):
            emit(ROOT / path, "cuda", origin=path)
        return
    src.write_text(emit(ROOT / path, "cuda", origin=path).text)
    out = subprocess.run([nvcc, "-arch=sm_90", "-c", str(src), "-o", str(tmp_path / "k.o")],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "warning" not in out.stderr, out.stderr[-3000:]


# small sizes: every block and warp path of the recipe, seconds on the host stand-in
SMALL = {"vector_add": {"n": "1000"}, "strided_copy": {"n": "1024", "stride": "3"}, "divergence": {"n": "512"},
         "reduce_sum": {"n": "1000"}, "matmul_naive": {"n": "20"}, "matmul_tiled": {"n": "32"},
         "matmul_tiled32": {"n": "32"}, "matmul_registers": {"n": "64"}, "matmul_batched": {"n": "16", "batch": "2"},
         "matmul_cublas": {"n": "130"}, "transpose_naive": {"n": "64"}, "transpose_smem": {"n": "64"},
         "transpose_smem_padded": {"n": "64"}, "softmax_naive": {"R": "6", "C": "100"},
         "softmax_online": {"R": "6", "C": "100"}, "attention_naive": {"N": "32", "d": "16"},
         "attention_flash": {"N": "64", "d": "32"}, "wave": {"blocks": "2", "iters": "16"},
         "bandwidth_copy": {"n": "4096"}, "bandwidth_l2": {"n": "2048", "blocks": "2"}, "latency_fp32": {"steps": "8"},
         "latency_fp64": {"steps": "8"}, "latency_global": {"n": "256", "steps": "64"}, "latency_int": {"steps": "8"},
         "latency_sfu": {"steps": "8"}, "latency_shared": {"steps": "8", "n": "64"}, "latency_shfl": {"steps": "8"}}


def test_every_program_has_a_small_size():
    assert {Path(p).stem for p in PROGRAMS} == set(SMALL)


@pytest.mark.parametrize("lang", ["cuda", "metal"])
@pytest.mark.parametrize("path", PROGRAMS)
def test_programs_match_simgpu(path, lang):
    sets = SMALL[Path(path).stem]
    if lang == "metal" and path.endswith("latency_fp64.s"):
        with pytest.raises(EmitError, match="64-bit floating point"):
            emit_host.run(ROOT / path, sets, lang)
        return
    recipe, sizes, initial, got = emit_host.run(ROOT / path, sets, lang)
    ref = run_recipe(parse_recipe(ROOT / path), sets, config="h100")
    rows = compare_outputs(recipe, ref.buffers, got)
    checked = [r for r in rows if r["checked"]]
    assert checked and all(r["passed"] for r in checked), checked
    # exact recipes and integer outputs agree bit for bit; the rest within their tolerance
    assert all(r["mode"] == "tolerance" or r["bitwise_equal"] for r in checked)


# the corpus kernels Metal cannot run, and why (the emitter refuses them)
CORPUS_REFUSED = {"half_ops": "half-precision arithmetic", "half2_ops": "half-precision arithmetic",
                  "bf16_ops": "half-precision arithmetic", "half2_compare": "half-precision arithmetic",
                  "block_vote": "bar.red", "block_vote_ragged": "bar.red", "block_until_done": "bar.red",
                  "print_values": "device printf and assert", "print_from_function": "device printf and assert",
                  "double_checked": "device printf and assert",
                  **{k: "tensor-core instructions" for k in ("mma_f16", "mma_bf16", "mma_f16_acc", "mma_ldmatrix",
                                                             "mma_tf32", "mma_f64", "mma_s8", "matrix_transpose")}}
METAL_CORPUS_REFUSED = {"atomic_cas_dadd": "64-bit floating point", "dbl_arith": "64-bit floating point",
                        "math_funcs": "64-bit floating point", "atomics_int": "a 64-bit atomic", **CORPUS_REFUSED,
                        "print_values": "64-bit floating point", "print_from_function": "64-bit floating point",
                        "mma_f64": "64-bit floating point"}


@pytest.mark.parametrize("lang", ["cuda", "metal"])
def test_nvcc_corpus_tests_pass_on_the_emitted_code(lang, monkeypatch):
    import test_nvcc_kernels as tk
    monkeypatch.setattr(tk, "run", lambda file, kernel, grid, block, args, shared_bytes=0: emit_host.launch(
        tk.ptx(file), kernel, grid, block, args, shared_bytes, lang))
    refused = {}
    for name, fn in sorted(tk.KERNELS.items()):
        try:
            fn()
        except EmitError as e:
            refused[name] = str(e)
    if lang == "cuda":
        assert set(refused) == set(CORPUS_REFUSED)
        assert all(CORPUS_REFUSED[k] in v for k, v in refused.items())
    else:
        assert set(refused) == set(METAL_CORPUS_REFUSED)
        assert all(METAL_CORPUS_REFUSED[k] in v for k, v in refused.items())


def _simgpu_and_host(text, kernel, threads, buffers, lang, tmp_path):
    path = tmp_path / f"{kernel}.ptx"
    path.write_text(text)
    ref = [b.copy() for b in buffers]
    simgpu.launch(simgpu.load(path, kernel=kernel), 1, threads, ref)
    got = [b.copy() for b in buffers]
    emit_host.launch(path, kernel, 1, threads, got, 0, lang)
    return ref, got


GROUPS = emit_ops.groups()


@pytest.mark.parametrize("lang", ["cuda", "metal"])
@pytest.mark.parametrize("group", sorted(GROUPS))
def test_instruction_forms_match_simgpu_bit_for_bit(group, lang, tmp_path):
    cases, metal_ok, approx = GROUPS[group]
    text, slots = emit_ops.kernel(cases)
    if lang == "metal" and not metal_ok:          # float64 or directed rounding: refused
        (tmp_path / "ops.ptx").write_text(text)
        with pytest.raises(EmitError):
            emit(tmp_path / "ops.ptx", "metal")
        return
    inp = emit_ops.inputs()
    (_, ref), (_, got) = _simgpu_and_host(text, "ops", emit_ops.N, [inp, np.zeros(emit_ops.N * slots, np.uint64)],
                                          lang, tmp_path)
    assert emit_ops.compare(ref, got, cases, approx) == []


@pytest.mark.parametrize("lang", ["cuda", "metal"])
def test_generic_addresses_and_atomics_match_simgpu(lang, tmp_path):
    inp, out = emit_ops.memory_buffers()
    (_, ref), (_, got) = _simgpu_and_host(emit_ops.MEMORY_PTX, "memory", emit_ops.MEMORY_THREADS, [inp, out], lang,
                                          tmp_path)
    assert np.array_equal(ref, got)
    words = ref[16 * emit_ops.MEMORY_THREADS:].view(np.uint32)
    assert words[5] == emit_ops.MEMORY_THREADS                    # red.add.u32 [..], 1 by every thread
    assert ref[3] == 0x0807060500000000                           # ld.u16 of 0x80's high half, table[4..7]


@pytest.mark.parametrize("lang", ["cuda", "metal"])
def test_control_flow_matches_simgpu(lang, tmp_path):
    rng = np.random.default_rng(3)
    inp = rng.integers(0, 1000, emit_ops.CONTROL_THREADS).astype(np.uint32)
    (_, ref), (_, got) = _simgpu_and_host(emit_ops.CONTROL_PTX, "control", emit_ops.CONTROL_THREADS,
                                          [inp, np.zeros(8 * emit_ops.CONTROL_THREADS, np.uint32)], lang, tmp_path)
    assert np.array_equal(ref, got)
    rows = ref.reshape(-1, 8)
    assert list(rows[:64, 4]) == [(t + 7) % 64 for t in range(64)] and not rows[64:, 4].any()
    assert list(rows[:64, 5]) == [0xFFFFFFFF] * 64                 # both warps whole at activemask


def test_device_script_end_to_end_with_a_stand_in_cupy(tmp_path):
    out = tmp_path / "emit_cuda.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "tests" / "emit_host" / "fake_cupy"),
                                                         os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "simgpu.emit.device", "--out", str(out), "programs/reduce_sum.s",
                           "programs/softmax_online.s", "programs/nope.s", "--set", "R=4"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    rec = json.loads(out.read_text())
    by = {e["program"]: e for e in rec["programs"]}
    assert rec["summary"] == {"cases": 3, "passed": 1}
    assert by["programs/softmax_online.s"]["passed"]
    assert by["programs/softmax_online.s"]["emitted_checks"][0]["passed"]
    assert "--set R: no such size" in by["programs/reduce_sum.s"]["error"]      # one failure, the others go on
    assert "file not found" in by["programs/nope.s"]["error"]


@pytest.mark.parametrize("program,sets", [("programs/reduce_sum.s", ["n=512"]),
                                          ("programs/softmax_online.s", ["R=4", "C=100"])])
def test_crosscheck_metal_end_to_end_with_a_stand_in_torch(program, sets, tmp_path, monkeypatch, capsys):
    import platform

    from simgpu import cli
    monkeypatch.setattr(platform, "system", lambda: "Darwin")
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "emit_host" / "fake_torch"))
    monkeypatch.delitem(sys.modules, "torch", raising=False)
    out = tmp_path / "metal.json"
    args = ["crosscheck", str(ROOT / program), "--backend", "metal", "--out", str(out)]
    assert cli.main(args + [f"--set={s}" for s in sets]) == 0
    text = capsys.readouterr().out
    assert "PASS" in text and "FAIL" not in text and "us a call waited for (median of 50)" in text
    rec = json.loads(out.read_text())
    assert rec["torch"] == "fake" and all(c["passed"] for c in rec["checks"])
    assert [t["kernel"] for t in rec["launches"]] == [Path(program).stem]
    monkeypatch.delitem(sys.modules, "torch", raising=False)
