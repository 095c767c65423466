"""Device printf and assert (exec/syscall.py, simgpu/printf.py): what a kernel prints comes back
on the Result and from `simgpu run`, in block and warp order; a failing assert stops the run with
one line naming the assert, its source line and the thread. (The corpus cases in
tests/test_nvcc_kernels.py check the printed text against the H200's.)"""
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import simgpu
from simgpu.errors import KernelFault
from simgpu.printf import format_record

PTX = str(Path(__file__).parent / "cuda" / "printf.ptx")


@pytest.mark.parametrize("timing", [False, True])
def test_printf_text_in_block_and_warp_order(timing):
    k = simgpu.load(PTX, kernel="print_from_function")
    v = np.arange(70, dtype=np.float64) / 8
    res = simgpu.launch(k, 3, 32, [v, np.int32(70)], config="h200", timing=timing)
    assert res.printf == ["report %d %.3f\n" % (i, v[i]) for i in range(70)]
    assert res.printf_dropped == 0


@pytest.mark.parametrize("timing", [False, True])
def test_a_failing_assert_names_the_assert_its_line_and_the_thread(timing):
    k = simgpu.load(PTX, kernel="double_checked")
    x = np.arange(100, dtype=np.int32)
    x[70] = -1                                               # block 1, thread 6
    with pytest.raises(KernelFault) as e:
        simgpu.launch(k, 2, 64, [x, np.zeros(128, np.int32), np.int32(100)], config="h200", timing=timing)
    msg = str(e.value)                          # the H200's words: traces/h200/sync_print/assert.txt
    assert msg.startswith("assertion failed: printf.cu:26: void double_checked(const int *, int *, int): "
                          "block: [1,0,0], thread: [6,0,0] Assertion `x[i] >= 0` failed. (warp 0 lane 6 at pc "), msg
    assert "\n" not in msg


def test_the_cli_prints_what_the_kernel_printed_then_stops_on_an_assert():
    cmd = [sys.executable, "-m", "simgpu", "run", PTX, "--kernel", "print_from_function", "--grid", "1",
           "--block", "32", "--arg", "arange(4, dtype=float64)", "--arg", "3"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("report 0 0.000\nreport 1 1.000\nreport 2 2.000\n")
    cmd = [sys.executable, "-m", "simgpu", "run", PTX, "--kernel", "double_checked", "--grid", "1",
           "--block", "32", "--arg", "full(32, -3, dtype=int32)", "--arg", "zeros(32, dtype=int32)",
           "--arg", "32"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "simgpu: assertion failed: printf.cu:26: void double_checked(const int *, int *, int): "
        "block: [0,0,0], thread: [0,0,0] Assertion `x[i] >= 0` failed."), lines


@pytest.mark.parametrize("fmt,args,want", [
    ("%d|%5d|%-5d|%05d", [("i", -7), ("i", 42), ("i", 42), ("i", -42)], "-7|   42|42   |-0042"),
    ("%u %x %X %o", [("I", 4294967295), ("I", 255), ("I", 255), ("I", 8)], "4294967295 ff FF 10"),
    ("%lld %llu %lx", [("q", -2 ** 40), ("Q", 2 ** 63), ("Q", 2 ** 40)],
     "-1099511627776 9223372036854775808 10000000000"),
    ("%d %f", [("i", 3), ("d", 1.5)], "3 1.500000"),                 # the double at offset 8, not 4
    ("%f %.2e %g %10.3f", [("d", 1.5), ("d", 12345.678), ("d", 0.0001), ("d", -3.14159)],
     "1.500000 1.23e+04 0.0001     -3.142"),
    ("%c%c %% %hd %hhu", [("i", 72), ("i", 105), ("i", 70000), ("i", 300)], "Hi % 4464 44"),
    ("%*d|%.*f", [("i", 6), ("i", 17), ("i", 3), ("d", 2.5)], "    17|2.500"),
    ("%s and %s", [("Q", 0), ("Q", 0)], "(null) and (null)"),
])
def test_printf_conversions_match_c(fmt, args, want):
    """Arguments laid out as nvcc lays them out (each at an offset aligned to its size) and
    formatted as C's printf formats them (the expected strings are C's output)."""
    raw = b""
    for code, v in args:
        n = struct.calcsize("<" + code)
        raw += bytes(-len(raw) % n) + struct.pack("<" + code, v)
    assert format_record(fmt, raw, np.zeros(8, np.uint8)) == want
