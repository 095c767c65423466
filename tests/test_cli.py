"""The `simgpu` command line: help, run (with and without a recipe), configs.

Exit statuses (simgpu/cli.py): 0 success, 1 a failed numpy check, 2 any
user error (one line on stderr, no traceback) or a missing command.
Every test runs ``python -m simgpu`` in a subprocess from the repository root.
"""
import os
import subprocess
import sys


from simgpu.cli import build_parser

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cli(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "simgpu", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def no_traceback(proc):
    out = proc.stdout + proc.stderr
    assert "Traceback" not in out, f"a Python traceback:\n{out}"
    return out


def one_error_line(proc, rc=2):
    no_traceback(proc)
    assert proc.returncode == rc, f"exit status {proc.returncode}, expected {rc}:\n{proc.stdout}{proc.stderr}"
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, f"expected one line on stderr, got {len(lines)}:\n{proc.stderr}"
    return lines[0]


def _options(subcommand=None):
    """Every long option string the parser defines (for the subcommand, or the top level)."""
    p = build_parser()
    if subcommand is not None:
        sub = next(a for a in p._actions if a.__class__.__name__ == "_SubParsersAction")
        p = sub.choices[subcommand]
    return {s for a in p._actions for s in a.option_strings if s.startswith("--")}


# ---------------------------------------------------------------- help

def test_top_level_help():
    proc = cli("--help")
    out = no_traceback(proc)
    assert proc.returncode == 0
    for word in ("run", "bench", "configs", "isa", "--help"):
        assert word in proc.stdout, f"simgpu --help does not mention {word}:\n{out}"


def test_run_help_mentions_every_option():
    proc = cli("run", "--help")
    no_traceback(proc)
    assert proc.returncode == 0
    expected = {"--set", "--config", "--kernel", "--grid", "--block", "--arg", "--shared",
                "--max-instructions", "--help"} | _options("run")
    missing = sorted(o for o in expected if o not in proc.stdout)
    assert not missing, f"simgpu run --help does not mention {missing}:\n{proc.stdout}"
    assert "program" in proc.stdout


def test_bench_help_mentions_every_option():
    proc = cli("bench", "--help")
    no_traceback(proc)
    assert proc.returncode == 0
    expected = {"--quick", "--csv", "--help"} | _options("bench")
    missing = sorted(o for o in expected if o not in proc.stdout)
    assert not missing, f"simgpu bench --help does not mention {missing}:\n{proc.stdout}"


def test_no_command_prints_help_and_exits_2():
    proc = cli()
    out = no_traceback(proc)
    assert proc.returncode == 2, out
    assert "usage:" in out
    for word in ("run", "bench", "configs"):
        assert word in out, out


# ---------------------------------------------------------------- run with a recipe

def test_run_vector_add_passes():
    proc = cli("run", "programs/vector_add.s")
    out = no_traceback(proc)
    assert proc.returncode == 0, out
    assert "PASS" in proc.stdout, out
    assert "FAIL" not in proc.stdout, out
    assert "vector_add" in proc.stdout
    assert "warp instructions" in proc.stdout


def test_run_vector_add_with_set_and_config():
    proc = cli("run", "programs/vector_add.s", "--set", "n=1000", "--config", "h200")
    out = no_traceback(proc)
    assert proc.returncode == 0, out
    assert "PASS" in proc.stdout, out
    assert "n=1000" in proc.stdout, out
    assert "H200" in proc.stdout, out


FAILING = """\
//! size n = 100
//! buffer a = randn(n, seed=1)
//! buffer b = randn(n, seed=2)
//! buffer out = zeros(n)
//! launch vector_add grid=(n + 255) // 256 block=256 args=(out, a, b, n)
//! check out = a - b tol=1e-5
"""


def test_failing_check_exits_1_and_prints_fail(tmp_path):
    src = open(os.path.join(ROOT, "programs", "vector_add.s")).read()
    ptx = "\n".join(ln for ln in src.splitlines() if not ln.startswith("//!"))
    p = tmp_path / "wrong_check.s"
    p.write_text(FAILING + ptx)
    proc = cli("run", p)
    line = one_error_line(proc, rc=1)
    assert "FAIL" in proc.stdout, proc.stdout
    assert "PASS" not in proc.stdout, proc.stdout
    assert "check failed" in line and "out" in line, line


# ---------------------------------------------------------------- run without a recipe

def test_run_plain_ptx_with_flags():
    proc = cli("run", "tests/cuda/elementwise.ptx", "--kernel", "vec_add",
               "--grid", "(1000 + 255) // 256", "--block", "256",
               "--arg", "randn(1000)", "--arg", "randn(1000)", "--arg", "zeros(1000)", "--arg", "1000")
    out = no_traceback(proc)
    assert proc.returncode == 0, out
    assert "vec_add" in proc.stdout, out
    assert "grid=(4, 1, 1) block=(256, 1, 1)" in proc.stdout, out
    assert "warp instructions" in proc.stdout, out
    assert proc.stderr.strip() == "", proc.stderr


def test_run_plain_ptx_needs_grid_and_block():
    line = one_error_line(cli("run", "tests/cuda/elementwise.ptx", "--kernel", "vec_add", "--grid", "4"))
    assert "--block" in line, line


def test_run_plain_ptx_several_kernels_needs_kernel():
    line = one_error_line(cli("run", "tests/cuda/elementwise.ptx", "--grid", "1", "--block", "32"))
    assert line.startswith("tests/cuda/elementwise.ptx:"), line
    assert "--kernel" in line and "vec_add" in line, line


def test_run_ptx_without_recipe_or_flags():
    line = one_error_line(cli("run", "tests/cuda/elementwise.ptx"))
    assert "launch" in line and "--kernel" in line, line


def test_run_missing_file_recipe_mode(tmp_path):
    missing = tmp_path / "no_such_program.s"
    line = one_error_line(cli("run", missing))
    assert str(missing) in line, line
    assert "not found" in line or "No such file" in line, line


def test_run_missing_file_plain_mode(tmp_path):
    missing = tmp_path / "no_such_program.s"
    line = one_error_line(cli("run", missing, "--grid", "1", "--block", "32"))
    assert str(missing) in line, line
    assert "not found" in line or "No such file" in line, line


def test_run_binary_file_recipe_mode(tmp_path):
    p = tmp_path / "binary.s"
    p.write_bytes(bytes(range(256)) * 4)
    line = one_error_line(cli("run", p))
    assert str(p) in line, line


def test_run_directory_instead_of_file(tmp_path):
    line = one_error_line(cli("run", tmp_path))
    assert str(tmp_path) in line, line


def test_run_negative_max_instructions():
    """--max-instructions -3 is an impossible value: it must be refused as such, not run and then
    reported as a runaway kernel 'stopped after 2,000,000,000 warp instructions at pc -1'."""
    line = one_error_line(cli("run", "tests/cuda/elementwise.ptx", "--kernel", "vec_add", "--grid", "1",
                              "--block", "32", "--arg", "randn(10)", "--arg", "randn(10)",
                              "--arg", "zeros(10)", "--arg", "10", "--max-instructions", "-3"))
    assert "max-instructions" in line or "max_warp_instructions" in line, line
    assert "pc -1" not in line, line


def test_run_bad_set_syntax():
    line = one_error_line(cli("run", "programs/vector_add.s", "--set", "n"))
    assert "--set" in line and "NAME=VALUE" in line, line


def test_run_unknown_config_name():
    line = one_error_line(cli("run", "programs/vector_add.s", "--config", "h999"))
    assert "h999" in line and "h100" in line, line


# ---------------------------------------------------------------- configs, isa

def test_configs_lists_the_builtin_machines():
    proc = cli("configs")
    out = no_traceback(proc)
    assert proc.returncode == 0, out
    names = {ln.split()[0] for ln in proc.stdout.splitlines() if ln.strip()}
    for name in ("h100", "h200", "a100", "apple-m4"):
        assert name in names, f"simgpu configs does not list {name}:\n{out}"
    assert "SMs" in proc.stdout


def test_isa_lists_instructions():
    proc = cli("isa")
    out = no_traceback(proc)
    assert proc.returncode == 0, out
    words = {ln.split()[0] for ln in proc.stdout.splitlines() if ln.strip() and not ln.startswith(" ")}
    for op in ("mov", "add", "ld", "st", "bar", "shfl", "setp"):
        assert op in words, f"simgpu isa does not list {op}"


def test_plain_python_mode_gives_the_compiled_engines_result():
    """NUMBA_DISABLE_JIT=1 runs the engine as plain Python (for tracebacks and
    coverage): the same cycles and checks as the compiled run."""
    args = ["run", "programs/vector_add.s", "--set", "n=256"]
    compiled = cli(*args, timeout=600)
    assert compiled.returncode == 0, compiled.stderr
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    plain = subprocess.run([sys.executable, "-m", "simgpu", *args], cwd=ROOT, capture_output=True, text=True,
                           env=env, timeout=600)
    assert plain.returncode == 0, plain.stderr
    cycles = [line for line in compiled.stdout.splitlines() if line.strip().startswith("cycles")]
    assert cycles and cycles == [line for line in plain.stdout.splitlines() if line.strip().startswith("cycles")]
    assert "PASS" in plain.stdout
