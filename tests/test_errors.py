"""Bad input gets one clear line naming the place, and exit status 2.

The project rule (simgpu/errors.py): malformed PTX, an impossible launch, a
bad machine config, a fault inside a kernel and a bad or hostile launch
recipe are each reported as ONE line -- ``file:line:col: error: ...`` for
PTX; block / thread / pc / source line / address for runtime faults;
``file:line: recipe: ...`` for recipes -- and the CLI exits with status 2
(1 for a failed numpy check), never with a Python traceback and never by
silently corrupting data.

Every case is checked twice: through the Python API (the right exception
class, the exact location where it is deterministic, a message that names
the problem) and through ``python -m simgpu run`` (exit status, exactly one
line on stderr, no "Traceback" anywhere).

The PTX snippets are written inline, into pytest's tmp_path.
"""
import os
import re
import subprocess
import sys

import numpy as np
import pytest

import simgpu
from simgpu.recipe import parse_recipe, resolve_sizes, run_recipe

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

HEAD = """\
.version 8.0
.target sm_90
.address_size 64

"""


def entry(body, name="k", params="\t.param .u64 k_param_0", perf=""):
    """A kernel with the usual register files declared around `body`."""
    return (HEAD + f".visible .entry {name}(\n{params}\n){perf}\n{{\n"
            "\t.reg .pred \t%p<4>;\n"
            "\t.reg .f32 \t%f<4>;\n"
            "\t.reg .b32 \t%r<4>;\n"
            "\t.reg .b64 \t%rd<4>;\n"
            f"{body}\n"
            "\tret;\n"
            "}\n")


def at(text, needle, occurrence=1, delta=0):
    """1-based (line, col) of the occurrence-th `needle` in text, plus delta columns."""
    pos = -1
    for _ in range(occurrence):
        pos = text.find(needle, pos + 1)
        assert pos >= 0, f"test bug: {needle!r} not in the snippet"
    pos += delta
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, col


def write(tmp_path, text, name="prog.s"):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def cli(*args, timeout=60):
    return subprocess.run([sys.executable, "-m", "simgpu", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def assert_one_line_error(proc, rc=2):
    """Exit status rc, exactly one non-empty line on stderr, no traceback anywhere."""
    out = proc.stdout + proc.stderr
    assert "Traceback" not in out, f"a Python traceback instead of one clear line:\n{out}"
    assert proc.returncode == rc, f"exit status {proc.returncode}, expected {rc}:\n{out}"
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, f"expected exactly one line on stderr, got {len(lines)}:\n{proc.stderr}"
    return lines[0]


# =====================================================================
# Assembler errors: simgpu.AssemblyError at file:line:col
# =====================================================================

def _several_entries():
    k1 = entry("", name="k1", params="\t.param .u64 k1_param_0")
    k2 = entry("", name="k2", params="\t.param .u64 k2_param_0")
    return k1 + "\n" + k2[len(HEAD):]


def _recursion():
    text = (HEAD
            + ".func g();\n"
            + ".func f()\n{\n\tcall g;\n\tret;\n}\n"
            + ".func g()\n{\n\tcall f;\n\tret;\n}\n"
            + entry("\tcall f;")[len(HEAD):])
    return text


def _missing_brace():
    text = entry("\tadd.s32 %r1, %r2, %r3;")
    return text[:text.rstrip().rfind("}")]          # drop the kernel's closing brace


# id -> (source, where, message regex, kernel=)
#   where: (needle, occurrence, delta) located with at(); or a set of acceptable (line, col)
ASM_CASES = {
    "unknown_instruction": (entry("\tfrob.s32 %r1, %r2, %r3;"), ("frob", 1, 0),
                            r"unknown instruction 'frob'", None),
    "unknown_modifier": (entry("\tadd.foo.s32 %r1, %r2, %r3;"), ("add.foo", 1, 4),
                         r"unknown modifier \.foo", None),
    "missing_type": (entry("\tadd %r1, %r2, %r3;"), ("add %r1", 1, 0),
                     r"\btype", None),
    "wrong_operand_count": (entry("\tadd.s32 %r1, %r2;"), ("add.s32", 1, 0),
                            r"takes 3 operands, found 2", None),
    "reg64_where_32_expected": (entry("\tadd.s32 %r1, %rd1, %r2;"), ("%rd1,", 1, 0),
                                r"%rd1.*64-bit", None),
    "predicate_where_value_expected": (entry("\tadd.s32 %r1, %p1, %r2;"), ("%p1,", 1, 0),
                                       r"%p1.*predicate", None),
    "immediate_as_destination": (entry("\tadd.s32 5, %r1, %r2;"), ("5, %r1", 1, 0),
                                 r"expected a register, found an immediate", None),
    "undeclared_register": (entry("\tadd.s32 %r1, %r9, %r2;"), ("%r9", 1, 0),
                            r"undeclared register %r9", None),
    "undefined_label": (entry("\tbra NOWHERE;"), ("NOWHERE", 1, 0),
                        r"undefined label NOWHERE", None),
    "duplicate_label": (entry("L1:\n\tadd.s32 %r1, %r2, %r3;\nL1:\n\tadd.s32 %r1, %r2, %r3;"),
                        ("L1:", 2, 0), r"duplicate label 'L1'", None),
    "duplicate_register": (entry("\t.reg .b32 %r1;\n\tadd.s32 %r1, %r2, %r3;"),
                           (".reg .b32 %r1;", 1, len(".reg .b32 ")),
                           r"%r1.*declared twice", None),
    "no_entry": (HEAD + ".visible .func f()\n{\n\tret;\n}\n", {(1, 1)},
                 r"no kernel \(\.entry\)", None),
    "several_entries_without_kernel": (_several_entries(), "several", r"several kernels \(k1, k2\).*kernel", None),
    "kernel_name_not_in_file": (entry(""), {(1, 1)}, r"no kernel named 'nope' \(kernels: k\)", "nope"),
    "const_store": (HEAD + ".const .align 4 .b32 table[4];\n\n" + entry("\tst.const.u32 [table], %r1;")[len(HEAD):],
                    ("st.const", 1, 3), r"unknown modifier \.const for st", None),
    "call_undefined_function": (entry("\tcall nothere;"), ("call nothere", 1, 0),
                                r"undefined function 'nothere'", None),
    "unterminated_block_comment": (entry("\tadd.s32 %r1, %r2, %r3;") + "/* never closed\n\n",
                                   ("/* never", 1, 0), r"unterminated.*comment", None),
    "unexpected_character": (entry("\tadd.s32 %r1, %r2, #3;"), ("#3", 1, 0),
                             r"unexpected character '#'", None),
    "missing_closing_brace": (_missing_brace(), "eof", r"missing '\}'", None),
    "div_f32_without_rounding": (entry("\tdiv.f32 %f1, %f2, %f3;"), ("div.f32", 1, 0),
                                 r"div\.f32.*rounding", None),
    "shfl_without_sync": (entry("\tshfl.idx.b32 %r1, %r2, 0, 31;"), ("shfl", 1, 0),
                          r"shfl\.sync", None),
    "recursion_through_call": (_recursion(), ("call f;", 1, 0), r"recursive call to 'f'", None),
    # PTX ISA 9.7.1.10-11: integer abs and neg take .s16 .s32 .s64 only ("Only for signed integers")
    "abs_unsigned": (entry("\tabs.u32 %r1, %r2;"), ("abs.u32", 1, 4), r"abs does not take type \.u32", None),
    "neg_unsigned": (entry("\tneg.u64 %rd1, %rd2;"), ("neg.u64", 1, 4), r"neg does not take type \.u64", None),
    # PTX ISA 9.7.3.11-12: min.NaN / max.NaN exist for .f32 only (and f16/bf16, which simgpu lacks)
    "min_nan_integer": (entry("\tmin.NaN.s32 %r1, %r2, %r3;"), ("min.NaN", 1, 0), r"\.NaN.*\.f32", None),
}


def _expected_where(text, where):
    if isinstance(where, tuple):
        return {at(text, *where)}
    if isinstance(where, set):
        return where
    if where == "several":
        # the second kernel: its line, at column 1, its .entry or its name
        line, col_name = at(text, ".entry k2", 1, len(".entry "))
        return {(line, 1), (line, col_name - len(".entry ")), (line, col_name)}
    if where == "eof":
        # end of the file: after its last character, or the end of its last line
        lines = text.split("\n")
        last = len(lines) if lines[-1] else len(lines) - 1
        return {(text.count("\n") + 1, len(lines[-1]) + 1), (last, len(text.rstrip("\n").split("\n")[-1]) + 1)}
    raise AssertionError(where)


@pytest.mark.parametrize("case", list(ASM_CASES))
def test_assembler_error_api(tmp_path, case):
    text, where, msg, kernel = ASM_CASES[case]
    path = write(tmp_path, text)
    with pytest.raises(simgpu.AssemblyError) as ei:
        simgpu.load(path, kernel=kernel)
    e = ei.value
    assert e.file == path
    assert (e.line, e.col) in _expected_where(text, where), \
        f"{case}: reported at {e.line}:{e.col}, expected {sorted(_expected_where(text, where))}: {e}"
    assert re.search(msg, e.message), f"{case}: message does not name the problem: {e.message!r}"
    assert str(e) == f"{path}:{e.line}:{e.col}: error: {e.message}"
    assert "\n" not in str(e)


@pytest.mark.parametrize("case", list(ASM_CASES))
def test_assembler_error_cli(tmp_path, case):
    text, where, msg, kernel = ASM_CASES[case]
    path = write(tmp_path, text)
    args = ["run", path, "--grid", "1", "--block", "32"] + (["--kernel", kernel] if kernel else [])
    line = assert_one_line_error(cli(*args))
    starts = [f"{path}:{ln}:{col}: error:" for ln, col in _expected_where(text, where)]
    assert line.startswith(tuple(starts)), f"{case}: {line!r} does not start with one of {starts}"
    assert re.search(msg, line), f"{case}: {line!r} does not name the problem"


# =====================================================================
# Launch errors: simgpu.LaunchError (configs: simgpu.ConfigError)
# =====================================================================

COPY = HEAD + """\
.visible .entry copy(
\t.param .u64 copy_param_0,
\t.param .u64 copy_param_1,
\t.param .u32 copy_param_2
)
{
\t.reg .pred \t%p<2>;
\t.reg .f32 \t%f<2>;
\t.reg .b32 \t%r<6>;
\t.reg .b64 \t%rd<6>;
\tld.param.u64 \t%rd1, [copy_param_0];
\tld.param.u64 \t%rd2, [copy_param_1];
\tld.param.u32 \t%r1, [copy_param_2];
\tmov.u32 \t%r2, %ctaid.x;
\tmov.u32 \t%r3, %ntid.x;
\tmov.u32 \t%r4, %tid.x;
\tmad.lo.s32 \t%r5, %r2, %r3, %r4;
\tsetp.ge.u32 \t%p1, %r5, %r1;
\t@%p1 bra \tDONE;
\tmul.wide.u32 \t%rd3, %r5, 4;
\tadd.s64 \t%rd4, %rd2, %rd3;
\tld.global.f32 \t%f1, [%rd4];
\tadd.s64 \t%rd5, %rd1, %rd3;
\tst.global.f32 \t[%rd5], %f1;
DONE:
\tret;
}
"""
COPY_PC_LD = 11          # ld.global.f32 is the 12th instruction (labels are not instructions)
COPY_PC_ST = 13

BIG_SHARED = entry("\tmov.u32 %r1, big;", perf="") .replace(
    "\t.reg .pred", "\t.shared .align 4 .b8 big[240000];\n\t.reg .pred", 1)

REQNTID = entry("", perf=" .reqntid 64")


@pytest.fixture
def copy_kernel(tmp_path):
    path = write(tmp_path, COPY, "copy.s")
    return path, simgpu.load(path)


def _copy_args(n=64):
    return [np.zeros(n, np.float32), np.arange(n, dtype=np.float32), n]


# id -> (source, kwargs for launch, CLI arguments, message regex)
_COPY_CLI = ["--arg", "zeros(64)", "--arg", "randn(64)"]
LAUNCH_CASES = {
    "block_of_1025_threads": (COPY, dict(grid=1, block=1025, args=_copy_args()),
                              ["--grid", 1, "--block", 1025, *_COPY_CLI, "--arg", 64],
                              r"1025 threads.*1024"),
    "block_dim_z_65": (COPY, dict(grid=1, block=(1, 1, 65), args=_copy_args()),
                       ["--grid", 1, "--block", "(1, 1, 65)", *_COPY_CLI, "--arg", 64],
                       r"\bz\b.*65.*64"),
    "static_shared_too_big": (BIG_SHARED, dict(grid=1, block=32, args=[np.zeros(4, np.float32)]),
                              ["--grid", 1, "--block", 32, "--arg", "zeros(4)"],
                              r"240000 bytes of shared memory.*232448"),
    "dynamic_shared_too_big": (COPY, dict(grid=1, block=32, args=_copy_args(), shared_bytes=300000),
                               ["--grid", 1, "--block", 32, *_COPY_CLI, "--arg", 64, "--shared", 300000],
                               r"300000.*shared memory|shared memory.*300000"),
    "wrong_argument_count": (COPY, dict(grid=1, block=32, args=_copy_args()[:2]),
                             ["--grid", 1, "--block", 32, *_COPY_CLI],
                             r"takes 3 arguments.*got 2"),
    "array_to_u32_param": (COPY, dict(grid=1, block=32, args=_copy_args()[:2] + [np.zeros(3, np.float32)]),
                           ["--grid", 1, "--block", 32, *_COPY_CLI, "--arg", "zeros(3)"],
                           r"argument 2 \(copy_param_2\) is \.u32.*array"),
    "float_to_u32_param": (COPY, dict(grid=1, block=32, args=_copy_args()[:2] + [1.5]),
                           ["--grid", 1, "--block", 32, *_COPY_CLI, "--arg", 1.5],
                           r"argument 2 \(copy_param_2\) is \.u32.*integer"),
    "u32_param_minus_1": (COPY, dict(grid=1, block=32, args=_copy_args()[:2] + [-1]),
                          ["--grid", 1, "--block", 32, *_COPY_CLI, "--arg=-1"],
                          r"argument 2 \(copy_param_2\) = -1 does not fit in \.u32"),
    "u32_param_2_pow_32": (COPY, dict(grid=1, block=32, args=_copy_args()[:2] + [2 ** 32]),
                           ["--grid", 1, "--block", 32, *_COPY_CLI, "--arg", "2**32"],
                           r"argument 2 \(copy_param_2\) = 4294967296 does not fit in \.u32"),
    "reqntid_mismatch": (REQNTID, dict(grid=1, block=32, args=[np.zeros(4, np.float32)]),
                         ["--grid", 1, "--block", 32, "--arg", "zeros(4)"],
                         r"requires block \(64, 1, 1\) \(\.reqntid\).*\(32, 1, 1\)"),
}


@pytest.mark.parametrize("case", list(LAUNCH_CASES))
def test_launch_error_api(tmp_path, case):
    text, kw, _, msg = LAUNCH_CASES[case]
    k = simgpu.load(write(tmp_path, text))
    kw = dict(kw)
    with pytest.raises(simgpu.LaunchError) as ei:
        simgpu.launch(k, kw.pop("grid"), kw.pop("block"), kw.pop("args"), **kw)
    assert re.search(msg, str(ei.value)), f"{case}: message does not name the problem: {ei.value}"
    assert "\n" not in str(ei.value)


@pytest.mark.parametrize("case", list(LAUNCH_CASES))
def test_launch_error_cli(tmp_path, case):
    text, _, args, msg = LAUNCH_CASES[case]
    line = assert_one_line_error(cli("run", write(tmp_path, text), *args))
    assert re.search(msg, line), f"{case}: {line!r} does not name the problem"


CONFIG_CASES = {
    "unknown_config_name": (None, "h999", r"unknown config 'h999'.*h100"),
    "unknown_key_in_toml": ('base = "h100"\nsm_cuont = 3\n', "file", r"unknown key 'sm_cuont'"),
    "missing_key_in_toml": ('name = "half a GPU"\nsm_count = 4\n', "file", r"missing key '\w+'"),
    "impossible_value_in_toml": ('base = "h100"\nsm_count = 0\n', "file", r"sm_count = 0"),
    "too_many_warps_per_scheduler": ('base = "h100"\nmax_warps_per_sm = 512\n', "file",
                                     r"more than 64 warps per scheduler"),
}


def _config_source(tmp_path, case):
    toml, src, _ = CONFIG_CASES[case]
    if src != "file":
        return src
    p = tmp_path / "my_gpu.toml"
    p.write_text(toml)
    return str(p)


@pytest.mark.parametrize("case", list(CONFIG_CASES))
def test_config_error_api(tmp_path, copy_kernel, case):
    _, k = copy_kernel
    config = _config_source(tmp_path, case)
    with pytest.raises(simgpu.ConfigError) as ei:
        simgpu.launch(k, 1, 32, _copy_args(), config=config)
    assert re.search(CONFIG_CASES[case][2], str(ei.value)), str(ei.value)
    if config.endswith(".toml"):
        assert "my_gpu.toml" in str(ei.value), f"the message should name the config file: {ei.value}"


@pytest.mark.parametrize("case", list(CONFIG_CASES))
def test_config_error_cli(tmp_path, copy_kernel, case):
    path, _ = copy_kernel
    config = _config_source(tmp_path, case)
    line = assert_one_line_error(cli("run", path, "--config", config, "--grid", 1, "--block", 32,
                                     *_COPY_CLI, "--arg", 64))
    assert re.search(CONFIG_CASES[case][2], line), line


def test_valid_user_config_runs(tmp_path, copy_kernel):
    """The control: a well-formed user config with a base works."""
    _, k = copy_kernel
    p = tmp_path / "small.toml"
    p.write_text('base = "h100"\nname = "small"\nsm_count = 4\n')
    res = simgpu.launch(k, 2, 32, _copy_args(), config=str(p))
    assert res.config["sm_count"] == 4


# =====================================================================
# Runtime faults: simgpu.KernelFault
# =====================================================================

def _hexes(s):
    return [int(h, 16) for h in re.findall(r"0x[0-9a-fA-F]+", s)]


def test_oob_global_load_one_past_the_end(copy_kernel):
    path, k = copy_kernel
    out, a = np.zeros(64, np.float32), np.arange(63, dtype=np.float32)
    with pytest.raises(simgpu.KernelFault) as ei:
        simgpu.launch(k, 2, 32, [out, a, 64])      # thread 63 = block 1 thread 31 reads a[63]
    msg = str(ei.value)
    assert "\n" not in msg
    line, _ = at(COPY, "ld.global.f32")
    assert "block (1, 0, 0)" in msg, msg
    assert "thread (31, 0, 0)" in msg, msg
    assert f"pc {COPY_PC_LD}" in msg, msg
    assert f"{path}:{line}" in msg, msg
    assert "ld.global.f32" in msg, msg
    assert "out-of-bounds" in msg and "global" in msg, msg
    m = re.search(r"(\d+) bytes past the end of buffer '(\w+)'", msg)
    assert m, f"the message should say how far past the end of which buffer: {msg}"
    assert m.group(2) == "copy_param_1", msg
    assert "252 bytes" in msg, f"the message should give the buffer's size: {msg}"
    # the faulting address is the buffer's base + 252 (one float past the end)
    addr, base = _hexes(msg)[0], _hexes(msg[m.end():])[0]
    assert addr == base + 252, msg
    assert (out == 0).all(), "a faulted launch must not copy partial results back"


def test_a_fault_on_many_sms_names_the_faulting_instruction(copy_kernel):
    """Every block of a 64-block grid reads past its input, on SMs that share host threads:
    the message names the load and one of the faulting threads, as the functional run does.
    (Before, the first fault's record stayed in its host thread's scratch, and the thread's
    next SMs stopped at whatever instruction they were on, under that fault's lane and
    address: `out-of-bounds ... at pc 76 (shr.s32 ...)`.)"""
    path, k = copy_kernel
    line, _ = at(COPY, "ld.global.f32")
    msgs = []
    for timing in (True, False):
        with pytest.raises(simgpu.KernelFault) as ei:
            simgpu.launch(k, 64, 32, [np.zeros(2048, np.float32), np.arange(4, dtype=np.float32), 2048],
                          timing=timing)
        msgs.append(str(ei.value))
    for msg in msgs:
        assert f"pc {COPY_PC_LD} ({path}:{line}: ld.global.f32" in msg, msg
        assert "out-of-bounds global access" in msg and "copy_param_1" in msg, msg
        block, thread = (int(v) for v in re.search(r"block \((\d+), 0, 0\) thread \((\d+), 0, 0\)", msg).groups())
        assert 32 * block + thread >= 4, msg                  # a thread that reads past a[3]


def test_oob_store_is_refused_and_corrupts_nothing(copy_kernel):
    _, k = copy_kernel
    out = np.full(63, -7.0, np.float32)
    a = np.arange(64, dtype=np.float32)
    a_before = a.copy()
    with pytest.raises(simgpu.KernelFault) as ei:
        simgpu.launch(k, 2, 32, [out, a, 64])      # thread 63 stores out[63]: one past the end
    msg = str(ei.value)
    assert "block (1, 0, 0)" in msg and "thread (31, 0, 0)" in msg, msg
    assert f"pc {COPY_PC_ST}" in msg and "st.global.f32" in msg, msg
    assert re.search(r"\d+ bytes past the end of buffer 'copy_param_0'", msg), msg
    assert (out == -7.0).all(), "the faulted launch wrote into the host array"
    assert (a == a_before).all(), "the neighbouring buffer was changed"
    # a second launch afterwards behaves normally
    out2 = np.zeros(64, np.float32)
    simgpu.launch(k, 2, 32, [out2, a, 64])
    assert (out2 == a_before).all()
    assert (a == a_before).all()


LOADPTR = entry("""\
\tld.param.u64 \t%rd1, [k_param_0];
\tld.param.u64 \t%rd2, [k_param_1];
\tld.global.f32 \t%f1, [%rd2];
\tst.global.f32 \t[%rd1], %f1;""", params="\t.param .u64 k_param_0,\n\t.param .u64 k_param_1")


def test_misaligned_load(tmp_path):
    path = write(tmp_path, LOADPTR.replace("\tld.global.f32 \t%f1, [%rd2];",
                                           "\tadd.s64 \t%rd3, %rd2, 2;\n\tld.global.f32 \t%f1, [%rd3];"))
    k = simgpu.load(path)
    out, a = np.zeros(4, np.float32), np.zeros(4, np.float32)
    with pytest.raises(simgpu.KernelFault) as ei:
        simgpu.launch(k, 1, 32, [out, a])
    msg = str(ei.value)
    assert "misaligned" in msg, msg
    assert "block (0, 0, 0)" in msg and "thread (0, 0, 0)" in msg, msg
    assert _hexes(msg)[0] % 4 == 2, msg
    assert "ld.global.f32" in msg and "pc 3" in msg, msg


def test_null_pointer_load(tmp_path):
    path = write(tmp_path, LOADPTR)
    k = simgpu.load(path)
    out = np.zeros(4, np.float32)
    with pytest.raises(simgpu.KernelFault) as ei:
        simgpu.launch(k, 1, 32, [out, 0])
    msg = str(ei.value)
    assert re.search(r"address 0x0\b", msg), msg
    assert "block (0, 0, 0)" in msg and "thread (0, 0, 0)" in msg and "pc 2" in msg, msg
    line, _ = at(LOADPTR, "ld.global.f32")
    assert f"{path}:{line}" in msg, msg
    # address 0 is nowhere near any buffer: it must not be described as lying before one
    assert "bytes before buffer" not in msg, f"misleading: a null pointer described relative to a buffer: {msg}"


SHARED_OOB = entry("""\
\tmov.u32 \t%r1, %tid.x;
\tshl.b32 \t%r2, %r1, 2;
\tmov.u32 \t%r3, sh;
\tadd.s32 \t%r3, %r3, %r2;
\tst.shared.u32 \t[%r3+4], %r1;""").replace("\t.reg .pred", "\t.shared .align 4 .b8 sh[128];\n\t.reg .pred", 1)


def test_shared_memory_out_of_bounds(tmp_path):
    path = write(tmp_path, SHARED_OOB)
    k = simgpu.load(path)
    with pytest.raises(simgpu.KernelFault) as ei:
        simgpu.launch(k, 1, 32, [np.zeros(1, np.float32)])   # thread 31 stores sh[32]
    msg = str(ei.value)
    assert "out-of-bounds" in msg and "shared" in msg, msg
    assert "block (0, 0, 0)" in msg and "thread (31, 0, 0)" in msg and "pc 4" in msg, msg
    assert "st.shared.u32" in msg and "0x80" in msg, msg


DEADLOCK = entry("""\
\tmov.u32 \t%r1, %tid.x;
\tsetp.lt.u32 \t%p1, %r1, 32;
\t@%p1 bra \tW0;
\tbar.sync \t1;
\tbra \tDONE;
W0:
\tbar.sync \t0;
DONE:""")


def test_barrier_deadlock(tmp_path):
    path = write(tmp_path, DEADLOCK)
    k = simgpu.load(path)
    with pytest.raises(simgpu.KernelFault) as ei:
        simgpu.launch(k, 2, 64, [np.zeros(1, np.float32)])
    msg = str(ei.value)
    assert "\n" not in msg
    assert "deadlock" in msg, msg
    assert "block (0, 0, 0)" in msg, msg
    l0, _ = at(DEADLOCK, "bar.sync \t0")
    l1, _ = at(DEADLOCK, "bar.sync \t1")
    assert f"warp 0 at pc 5 ({path}:{l0})" in msg, msg       # warp 0 waits at bar.sync 0
    assert f"warp 1 at pc 3 ({path}:{l1})" in msg, msg       # warp 1 waits at bar.sync 1


RUNAWAY = entry("LOOP:\n\tadd.s32 \t%r1, %r1, 1;\n\tbra \tLOOP;")


def test_runaway_loop_api(tmp_path):
    path = write(tmp_path, RUNAWAY)
    k = simgpu.load(path)
    with pytest.raises(simgpu.KernelFault) as ei:
        simgpu.launch(k, 1, 32, [np.zeros(1, np.float32)], max_warp_instructions=10000)
    msg = str(ei.value)
    assert "runaway" in msg or "stopped" in msg, msg
    assert "block (0, 0, 0)" in msg, msg
    assert re.search(r"\b10,?000\b", msg), f"the message should give the limit that was hit (10000): {msg}"
    assert "2,000,000,000" not in msg, f"the message names the default limit, not the one given: {msg}"


def test_runaway_loop_cli(tmp_path):
    path = write(tmp_path, RUNAWAY)
    line = assert_one_line_error(cli("run", path, "--grid", 1, "--block", 32, "--arg", "zeros(1)",
                                     "--max-instructions", 10000))
    assert "runaway" in line or "stopped" in line, line
    assert re.search(r"\b10,?000\b", line), f"the line should give the limit that was hit: {line}"
    assert "2,000,000,000" not in line, line


RUNTIME_CLI = {
    "oob_global_load": (COPY, ["--grid", 2, "--block", 32, "--arg", "zeros(64)", "--arg", "randn(63)",
                               "--arg", 64],
                        r"block \(1, 0, 0\) thread \(31, 0, 0\).*pc 11.*bytes past the end of buffer"),
    "oob_global_store": (COPY, ["--grid", 2, "--block", 32, "--arg", "zeros(63)", "--arg", "randn(64)",
                                "--arg", 64],
                         r"block \(1, 0, 0\) thread \(31, 0, 0\).*pc 13.*bytes past the end of buffer"),
    "misaligned_load": (LOADPTR.replace("\tld.global.f32 \t%f1, [%rd2];",
                                        "\tadd.s64 \t%rd3, %rd2, 2;\n\tld.global.f32 \t%f1, [%rd3];"),
                        ["--grid", 1, "--block", 32, "--arg", "zeros(4)", "--arg", "zeros(4)"],
                        r"misaligned.*block \(0, 0, 0\) thread \(0, 0, 0\)"),
    "null_pointer_load": (LOADPTR, ["--grid", 1, "--block", 32, "--arg", "zeros(4)", "--arg", 0],
                          r"address 0x0\b.*block \(0, 0, 0\) thread \(0, 0, 0\)"),
    "shared_oob": (SHARED_OOB, ["--grid", 1, "--block", 32, "--arg", "zeros(1)"],
                   r"out-of-bounds shared.*thread \(31, 0, 0\)"),
    "barrier_deadlock": (DEADLOCK, ["--grid", 1, "--block", 64, "--arg", "zeros(1)"],
                         r"deadlock.*block \(0, 0, 0\).*warp \d at pc \d.*warp \d at pc \d"),
}


@pytest.mark.parametrize("case", list(RUNTIME_CLI))
def test_runtime_fault_cli(tmp_path, case):
    text, args, msg = RUNTIME_CLI[case]
    path = write(tmp_path, text)
    line = assert_one_line_error(cli("run", path, *args))
    assert re.search(msg, line), f"{case}: {line!r}"
    assert path in line, f"{case}: the line should name the source file: {line!r}"


# =====================================================================
# Recipe errors: simgpu.RecipeError at file:line, hostile recipes run nothing
# =====================================================================

PWNED = "/tmp/pwned"

COPY_RECIPE = """\
//! size n = 64
//! buffer a = randn(n, seed=1)
//! buffer out = zeros(n)
{extra}
//! launch copy grid=(n + 31) // 32 block=32 args=(out, a, n)
//! check out = a tol=0
"""

HOSTILE = {
    "dunder_import": "__import__('os').system('touch /tmp/pwned')",
    "dunder_import_alone": "__import__('os')",
    "class_bases": "().__class__.__bases__",
    "class_bases_subclasses": "().__class__.__bases__[0].__subclasses__()",
    "attribute_escape_on_buffer": "a.__class__.__init__.__globals__",
    "open_file": "open('/etc/passwd')",
    "open_file_read": "open('/etc/passwd').read()",
    "lambda": "(lambda: __import__('os').system('touch /tmp/pwned'))()",
    "list_comprehension": "[x for x in (1, 2, 3)]",
    "generator_expression": "sum(x for x in (1, 2, 3))",
    "string_repetition": "'a' * 10**9",
    "huge_power": "10**10**10",
    "huge_array": "zeros(10**12)",
    # beyond the brief's list, same intent (no memory or CPU bombs):
    "string_format_amplification": "zeros(len('%0100000000d' % 1) // 100000000)",
}


def _recipe_file(tmp_path, extra, name="recipe.s"):
    return write(tmp_path, COPY_RECIPE.format(extra=extra) + COPY, name)


@pytest.fixture(autouse=False)
def no_pwned():
    if os.path.exists(PWNED):
        os.remove(PWNED)
    yield
    assert not os.path.exists(PWNED), "a hostile recipe executed code (/tmp/pwned exists)"


@pytest.mark.parametrize("case", list(HOSTILE))
def test_hostile_recipe_api(tmp_path, no_pwned, case):
    path = _recipe_file(tmp_path, f"//! buffer evil = {HOSTILE[case]}")
    with pytest.raises(simgpu.RecipeError) as ei:
        run_recipe(parse_recipe(path))
    msg = str(ei.value)
    assert msg.startswith(f"{path}:4:"), f"{case}: should name the file and recipe line 4: {msg}"
    assert "\n" not in msg


@pytest.mark.parametrize("case", list(HOSTILE))
def test_hostile_recipe_cli(tmp_path, no_pwned, case):
    path = _recipe_file(tmp_path, f"//! buffer evil = {HOSTILE[case]}")
    line = assert_one_line_error(cli("run", path, timeout=30))
    assert line.startswith(f"{path}:4:"), f"{case}: {line!r}"


def test_hostile_recipe_nested_power_is_refused_quickly(tmp_path):
    """_check_pow limits one exponent, but nested powers still build an
    astronomically large integer: each step's exponent is small (256), the
    result is not. ((10**256)**256)**256 alone takes ~16 s of CPU; one more
    level never finishes. A recipe must be refused, not hang."""
    path = _recipe_file(tmp_path, "//! buffer evil = zeros((((10**256)**256)**256)**256 % 2)")
    try:
        proc = cli("run", path, timeout=5)
    except subprocess.TimeoutExpired:
        pytest.fail("simgpu run is still evaluating the recipe expression after 5 s (CPU/memory bomb)")
    line = assert_one_line_error(proc)
    assert line.startswith(f"{path}:4:"), line


RECIPE_CASES = {
    "unknown_statement": ("//! bufer b = zeros(4)", {}, 4, r"unknown statement 'bufer'"),
    "set_unknown_size": ("", {"m": "3"}, None, r"--set m: no such size.*\bn\b"),
    "violated_require": ("//! require n % 16 == 0", {"n": "40"}, 4, r"n % 16 == 0.*n=40"),
    "check_unknown_buffer": ("//! check c = a tol=0", {}, 4, r"unknown buffer 'c'"),
    "unknown_name_in_buffer": ("//! buffer b = randn(m)", {}, 4, r"unknown name 'm'"),
}


def test_impossible_launch_in_a_recipe_names_its_line(tmp_path):
    """A launch that launch() refuses (here a missing argument) is reported
    at the recipe line that asked for it, through the API and the CLI."""
    path = _recipe_file(tmp_path, "//! launch copy grid=2 block=32 args=(out, a)")
    with pytest.raises(simgpu.LaunchError) as ei:
        run_recipe(parse_recipe(path))
    s = str(ei.value)
    assert s.startswith(f"{path}:4: kernel copy takes 3 arguments"), s
    assert "\n" not in s
    out = assert_one_line_error(cli("run", path))
    assert out.startswith(f"{path}:4: kernel copy takes 3 arguments"), out


@pytest.mark.parametrize("case", list(RECIPE_CASES))
def test_recipe_error_api(tmp_path, case):
    extra, sets, line, msg = RECIPE_CASES[case]
    path = _recipe_file(tmp_path, extra)
    with pytest.raises(simgpu.RecipeError) as ei:
        run_recipe(parse_recipe(path), sets)
    s = str(ei.value)
    assert s.startswith(f"{path}:{line}:" if line else f"{path}:"), f"{case}: {s}"
    assert re.search(msg, s), f"{case}: {s}"
    assert "\n" not in s


@pytest.mark.parametrize("case", list(RECIPE_CASES))
def test_recipe_error_cli(tmp_path, case):
    extra, sets, line, msg = RECIPE_CASES[case]
    path = _recipe_file(tmp_path, extra)
    args = [x for k, v in sets.items() for x in ("--set", f"{k}={v}")]
    out = assert_one_line_error(cli("run", path, *args))
    assert out.startswith(f"{path}:{line}:" if line else f"{path}:"), f"{case}: {out}"
    assert re.search(msg, out), f"{case}: {out}"


def test_require_holds_after_set(tmp_path):
    """The control for violated_require: a size that satisfies it resolves."""
    path = _recipe_file(tmp_path, "//! require n % 16 == 0")
    assert resolve_sizes(parse_recipe(path), {"n": "48"}) == {"n": 48}


def test_a_symbol_the_module_lacks_or_of_the_wrong_size_is_one_line():
    """launch(symbols=) (a recipe's `//! symbol`) sets .const/.global variables as
    cudaMemcpyToSymbol does: a name the module lacks, or an array that does not fill
    the variable exactly, is a LaunchError naming both."""
    k = simgpu.load(os.path.join(os.path.dirname(os.path.abspath(__file__)), "cuda", "const_mem.ptx"), kernel="lut_poly")
    args = [np.zeros(32, np.int32), np.zeros(32, np.float32), np.zeros(32, np.int32), np.zeros(32, np.float32), 32]
    with pytest.raises(simgpu.LaunchError, match=r"no \.const or \.global variable 'lutt' \(it has: filt, lut, poly\)"):
        simgpu.launch(k, 1, 32, args, timing=False, symbols={"lutt": np.zeros(64, np.int32)})
    with pytest.raises(simgpu.LaunchError, match=r"symbol lut is 256 bytes; the array given for it is 252"):
        simgpu.launch(k, 1, 32, args, timing=False, symbols={"lut": np.zeros(63, np.int32)})
