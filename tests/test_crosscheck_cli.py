"""`simgpu crosscheck`: a program's simulation next to a recorded H200 run,
and a clear refusal of the cuda backend where there is no GPU."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def simgpu(*args, env=None):
    return subprocess.run([sys.executable, "-m", "simgpu", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300, env=env)


def test_compares_with_the_recorded_h200_run():
    r = simgpu("crosscheck", "programs/transpose_smem.s")
    assert r.returncode == 0, r.stderr
    assert "NVIDIA H200" in r.stdout
    lines = {ln.split()[1]: ln for ln in r.stdout.splitlines()[2:] if ln.startswith("  transpose_smem ")}
    for exact in ("gld_sectors", "gst_sectors", "shared_ld_bank_conflicts", "dram_write_bytes"):
        assert lines[exact].rstrip().endswith("exact"), lines[exact]


def test_without_a_gpu_the_cuda_backend_is_one_clear_line(tmp_path):
    # a stand-in `cupy` that cannot be imported, so the test means the same on every machine
    (tmp_path / "cupy").mkdir()
    (tmp_path / "cupy" / "__init__.py").write_text("raise ImportError('no CUDA here')\n")
    env = dict(os.environ, PYTHONPATH=f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}")
    r = simgpu("crosscheck", "programs/vector_add.s", "--backend", "cuda", env=env)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "needs CuPy and an NVIDIA GPU" in r.stderr


def test_a_program_never_recorded_is_named():
    r = simgpu("crosscheck", "tests/cuda/elementwise.ptx")
    assert r.returncode == 2 and "no run of elementwise" in r.stderr


def test_every_pass_and_every_timed_launch_starts_from_its_own_buffers(monkeypatch):
    """run_program (the cuda backend, here on the stand-in CuPy of tests/emit_host/fake_cupy,
    which runs the PTX on simgpu) puts back the buffers a launch writes before each later pass
    and each timed launch: reduce_sum adds into out[0] with atomics, so a launch run on its
    own result would add its sum twice (atomic_max_cas's loop would swap nothing). Every
    launch finds out[0] = 0 and the check passes."""
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "emit_host" / "fake_cupy"))
    monkeypatch.delitem(sys.modules, "cupy", raising=False)
    monkeypatch.delitem(sys.modules, "cupy.cuda", raising=False)
    import cupy

    from simgpu import crosscheck
    seen = []
    call = cupy._Function.__call__

    def spy(self, grid, block, args, shared_mem=0):
        seen.append(float(args[0].a[0]))
        call(self, grid, block, args, shared_mem)
    monkeypatch.setattr(cupy._Function, "__call__", spy)
    sizes, checks, times = crosscheck.run_program(ROOT / "programs" / "reduce_sum.s", {"n": "2048"})
    assert len(seen) == 24 and seen == [0.0] * 24            # the pass for the results, then 23 timed
    assert len(checks) == 1 and checks[0].passed and len(times) == 1
    seen.clear()
    crosscheck.run_program(ROOT / "programs" / "reduce_sum.s", {"n": "2048"}, timing=False, passes=3)
    assert seen == [0.0] * 3
