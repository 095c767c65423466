"""Which loops ptxas unrolls: the body-size budget of its unroller, probed.

    python3 tools/probe_ptxas_unroll.py [--out traces/ptxas/unroll_budget.json]

ptxas unrolls a counted loop 4 times (simgpu/ptx/unroll.py), but not every
loop: programs/micro/fetch_start.s's 128-FFMA loop stays one body in its SASS
(the H200 record traces/h200/micro/micro_fetch_start.json: 155 instructions
executed, as written). This probe compiles loops of N independent FFMAs (8
accumulators) with G global and S shared loads, T global stores and E
`ex2.approx.f32` in the body, a 64-bit address step, and a run-time trip
count, with `ptxas -arch=sm_90 -O3`, and reads the kernel's code size from
the cubin's `.text.k` section (`readelf -S`): about 4x the body when
unrolled, the body plus ~40 instructions when not. The k-th load and the
k-th store address [%rd3 + 4k], so the first has no immediate offset and
the others have one. It needs only ptxas and readelf (no GPU). The record
lists, per probe, the loop's PTX instructions (label to branch: N FFMAs, the
loads, stores and ex2s, the 64-bit add, the counter's add, setp, bra), the
SASS instruction count and whether the loop was unrolled; simgpu/ptx/unroll.py's
budget cites it. The store and ex2 probes sit on either side of the budget
that rule gives them (row_softmax.ptx's store loop, 4 LDG, 4 STG and 4 ex2,
stays one body in its SASS: traces/ptxas/sm90_programs.sass).
"""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from ptxas_record import write_probe_record  # noqa: E402
PROBES = [(n, 0, 0) for n in (8, 12, 16, 17, 18, 19, 20, 24, 32, 64, 128)] + \
         [(n, 1, 0) for n in (16, 32, 40, 44, 45, 46, 48, 64)] + \
         [(n, 2, 0) for n in (32, 40, 42, 44, 48)] + [(n, 4, 0) for n in (32, 64)] + \
         [(n, 0, 1) for n in (16, 20, 24, 28)] + [(n, 0, 4) for n in (16, 24, 28, 30, 32, 40)] + \
         [(n, 0, 8) for n in (16, 28, 48, 64)] + [(n, 1, 4) for n in (24, 32, 36, 40)]
# (N, G, S, T, E): global stores and ex2s, each pair on either side of unroll.py's budget
PROBES = [p + (0, 0) for p in PROBES] + \
         [(n, 1, 0, 1, 0) for n in (43, 44)] + [(n, 1, 0, 2, 0) for n in (41, 42)] + \
         [(n, 1, 0, 4, 0) for n in (37, 38)] + [(n, 1, 0, 0, 1) for n in (38, 39)] + \
         [(n, 1, 0, 0, 2) for n in (32, 33)] + [(n, 1, 0, 0, 4) for n in (20, 21)] + \
         [(n, 1, 0, 4, 4) for n in (13, 14)] + [(n, 0, 0, 2, 0) for n in (14, 15)] + \
         [(n, 0, 0, 0, 1) for n in (11, 12)]


def kernel(n, g, s, t=0, e=0):
    body = "".join(f"\tld.global.f32 %f{11 + k}, [%rd3+{4 * k}];\n" for k in range(g))
    body += "".join(f"\tld.shared.f32 %f{20 + k}, [%r4+{128 * k}];\n" for k in range(s))
    body += "\tadd.s64 %rd3, %rd3, 64;\n"
    srcs = [f"%f{11 + k}" for k in range(g)] + [f"%f{20 + k}" for k in range(s)] or ["%f9"]
    body += "".join(f"\tfma.rn.f32 %f{k % 8 + 1}, %f{k % 8 + 1}, {srcs[k % len(srcs)]}, %f10;\n" for k in range(n))
    body += "".join(f"\tex2.approx.f32 %f{30 + k}, %f{30 + k};\n" for k in range(e))
    body += "".join(f"\tst.global.f32 [%rd3+{4 * k}], %f{k % 8 + 1};\n" for k in range(t))
    zero = "".join(f"\tmov.f32 %f{k}, 0f00000000;\n" for k in [*range(1, 9), *range(30, 30 + e)])
    ex2_sum = "".join(f"\tadd.f32 %f1, %f1, %f{30 + k};\n" for k in range(e))
    return f""".version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p0, .param .u32 p1, .param .f32 p2, .param .f32 p3)
{{
	.reg .pred %p<2>; .reg .f32 %f<40>; .reg .b32 %r<6>; .reg .b64 %rd<8>;
	.shared .align 4 .b8 sm[4096];
	ld.param.u64 %rd1, [p0]; ld.param.u32 %r1, [p1]; ld.param.f32 %f9, [p2]; ld.param.f32 %f10, [p3];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r2, %tid.x; mul.wide.u32 %rd2, %r2, 4; add.s64 %rd3, %rd1, %rd2;
	mov.u32 %r4, sm; shl.b32 %r5, %r2, 2; add.s32 %r4, %r4, %r5;
{zero}	mov.u32 %r3, 0;
$L:
{body}	add.s32 %r3, %r3, 1;
	setp.lt.u32 %p1, %r3, %r1;
	@%p1 bra $L;
	add.f32 %f1, %f1, %f2; add.f32 %f3, %f3, %f4; add.f32 %f5, %f5, %f6; add.f32 %f7, %f7, %f8;
	add.f32 %f1, %f1, %f3; add.f32 %f5, %f5, %f7; add.f32 %f1, %f1, %f5;
{ex2_sum}	st.global.f32 [%rd3], %f1;
	ret;
}}
"""


def sass_instructions(ptx, work):
    src, cubin = work / "k.ptx", work / "k.cubin"
    src.write_text(ptx)
    subprocess.run(["ptxas", "-arch=sm_90", "-O3", str(src), "-o", str(cubin)], check=True)
    out = subprocess.run(["readelf", "-S", "-W", str(cubin)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"\.text\.k\s+PROGBITS\s+\S+\s+\S+\s+(\S+)", out).group(1), 16) // 16


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "traces" / "ptxas" / "unroll_budget.json"))
    ns = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for n, g, s, t, e in PROBES:
            sass = sass_instructions(kernel(n, g, s, t, e), Path(d))
            loop = n + g + s + t + e + 4           # + the 64-bit add, the counter's add, setp, bra
            body = n + g + s + t + 4 * e           # its SASS, ex2 being 4 instructions
            rows.append({"ffma": n, "global_loads": g, "shared_loads": s, "global_stores": t, "ex2": e,
                         "loop_ptx_instructions": loop, "sass_instructions": sass,
                         "unrolled": sass > 2 * body + 40})
            print(f"N={n:3d} G={g} S={s} T={t} E={e}: loop {loop:3d} PTX, {sass:4d} SASS, "
                  f"unrolled {rows[-1]['unrolled']}")
    write_probe_record(ns.out, "ptxas's loop unroller: which run-time-trip loops it unrolls, by body size, loads, "
                       "stores and ex2s", "tools/probe_ptxas_unroll.py (ptxas -arch=sm_90 -O3, readelf -S of .text.k)",
                       probes=rows)


if __name__ == "__main__":
    main()
