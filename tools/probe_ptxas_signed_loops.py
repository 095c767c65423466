"""Whether ptxas peels a do-while loop's first iteration: the counter's signedness, probed.

    python3 tools/probe_ptxas_signed_loops.py [--out traces/ptxas/signed_loops.sass]

ptxas unrolls softmax_naive's `j < C` loops (`setp.lt.u32`) behind a peeled,
predicated first iteration (`@P3 LDG ...` in traces/ptxas/sm90_programs.sass)
and tests 4 certain iterations with 3 instructions (`IMAD.IADD R3, C, -j;
ISETP.GE.U32 P0, j, C; ISETP.LE.U32.OR P1, R3, 0x60, P0`); it unrolls the
held-out gemv_warp's and row_softmax's `j < n` loops (`setp.lt.s32`) with no
peeled copy, the `done` flag (PLOP3 P0 = true) forcing the do-while's first
iteration, and 2 instructions (`IADD3 R14, -j, n; ISETP.GT R14, 0x180`).
This compiles each of the two programs again with its loop compares' type
flipped (softmax_naive's 3 `setp.lt.u32 %more` to .s32, row_softmax's 3
closing `setp.lt.s32` to .u32), and a loop of a signed 64-bit counter, with
`ptxas -arch=sm_90 -O3`, and writes the SASS (`cuobjdump -sass`) of each: the
peel and the 3-instruction test follow the type, not the program
(simgpu/ptx/unroll.py _emit_unrolled). Needs ptxas and cuobjdump, no GPU.
"""
import argparse
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
S64_LOOP = """.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p0, .param .u64 p1)
{
	.reg .pred %p<3>; .reg .f32 %f<4>; .reg .b32 %r<3>; .reg .b64 %rd<9>;
	ld.param.u64 %rd1, [p0]; ld.param.u64 %rd7, [p1];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r2, %tid.x; cvt.u64.u32 %rd8, %r2; mul.wide.u32 %rd2, %r2, 4; add.s64 %rd3, %rd1, %rd2;
	mov.f32 %f1, 0f00000000;
	setp.ge.s64 %p2, %rd8, %rd7;
	@%p2 bra $E;
$L:
	ld.global.f32 %f2, [%rd3];
	add.f32 %f1, %f1, %f2;
	add.s64 %rd3, %rd3, 128;
	add.s64 %rd8, %rd8, 32;
	setp.lt.s64 %p1, %rd8, %rd7;
	@%p1 bra $L;
$E:
	st.global.f32 [%rd1], %f1;
	ret;
}
"""


def variants():
    """(name, PTX text): the two programs with their loop compares' signedness flipped, and the s64 loop."""
    naive = (ROOT / "programs" / "softmax_naive.s").read_text()
    flipped = naive.replace("setp.lt.u32 \t%more,", "setp.lt.s32 \t%more,")
    assert flipped.count("setp.lt.s32 \t%more,") == 6          # the 3 loops' guards and closing tests
    rows = (ROOT / "programs" / "holdout" / "row_softmax.ptx").read_text()
    rows_u, n = re.subn(r"setp\.lt\.s32 \t(%p(?:5|15|25)),", r"setp.lt.u32 \t\1,", rows)
    assert n == 3                                               # the 3 unrolled loops' closing tests
    return [("programs/softmax_naive.s with setp.lt.s32", flipped),
            ("programs/holdout/row_softmax.ptx with setp.lt.u32", rows_u),
            ("a loop of a signed 64-bit counter (setp.lt.s64)", S64_LOOP)]


def sass(ptx, work, cuobjdump):
    src, cubin = work / "k.ptx", work / "k.cubin"
    src.write_text(ptx)
    subprocess.run(["ptxas", "-arch=sm_90", "-O3", str(src), "-o", str(cubin)], check=True)
    out = subprocess.run([cuobjdump, "-sass", str(cubin)], capture_output=True, text=True, check=True).stdout
    lines = []
    for line in out.splitlines():
        m = re.match(r"\s+/\*([0-9a-f]{4})\*/\s+(.*?)\s*;", line)
        if m and m.group(2) != "NOP":
            lines.append(f"{m.group(1)} {m.group(2)}")
        elif line.strip().startswith("Function :"):
            lines.append(line.strip())
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "traces" / "ptxas" / "signed_loops.sass"))
    ap.add_argument("--cuobjdump", default=shutil.which("cuobjdump") or "cuobjdump")
    ns = ap.parse_args()
    version = subprocess.run(["ptxas", "--version"], capture_output=True, text=True, check=True).stdout
    text = [f"# ptxas -arch=sm_90 -O3 ({version.strip().splitlines()[-2]}); tools/probe_ptxas_signed_loops.py"]
    with tempfile.TemporaryDirectory() as d:
        for name, ptx in variants():
            text.append(f"=== {name}")
            text.extend(sass(ptx, Path(d), ns.cuobjdump))
    Path(ns.out).write_text("\n".join(text) + "\n")
    print("wrote", ns.out)


if __name__ == "__main__":
    main()
