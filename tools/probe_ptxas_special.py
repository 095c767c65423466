"""What ptxas makes of PTX's IEEE and approximate float functions, probed.

    python3 tools/probe_ptxas_special.py --out traces/ptxas/special.json

Each probe is a PTX kernel that loads `a[tid]` and `b[tid]`, applies one form
(div.rn.f32, rcp.rn.f32, sqrt.rn.f32, their .ftz, .full and .approx
variants, the f64 ones, and ex2/lg2/rsqrt/sqrt.approx of inputs whose range
ptxas can bound, such as a cosine times a constant) and stores the result.
`ptxas -arch=sm_90 -O3` compiles them and `cuobjdump -sass` disassembles
them; the record keeps, for each probe, its PTX body and the SASS from the
last load to the store (the main path), and the subroutines a slow path
calls. simgpu's ptxas lowering (simgpu/ptx/lower.py) expands each form into
as many instructions as the main path has. Needs ptxas and cuobjdump (no
GPU): run it on the device machine, whose toolkit has cuobjdump.
"""
import argparse
import datetime
import json
import subprocess
import tempfile
from pathlib import Path

from probe_ptxas_loads_ahead import sass_lines

ROOT = Path(__file__).resolve().parents[1]

# name: PTX body computing %f3 from %f1 (a) and %f2 (b); %f4..%f9 are scratch
F32 = {
    "div_rn": "div.rn.f32 %f3, %f1, %f2;",
    "div_rn_ftz": "div.rn.ftz.f32 %f3, %f1, %f2;",
    "div_rn_const_num": "div.rn.f32 %f3, 0f40400000, %f2;",
    "div_rn_const_den": "div.rn.f32 %f3, %f1, 0f40400000;",
    "div_full": "div.full.f32 %f3, %f1, %f2;",
    "div_full_ftz": "div.full.ftz.f32 %f3, %f1, %f2;",
    "div_approx": "div.approx.f32 %f3, %f1, %f2;",
    "div_approx_ftz": "div.approx.ftz.f32 %f3, %f1, %f2;",
    "rcp_rn": "rcp.rn.f32 %f3, %f2;",
    "rcp_rn_ftz": "rcp.rn.ftz.f32 %f3, %f2;",
    "rcp_approx": "rcp.approx.f32 %f3, %f2;",
    "rcp_approx_ftz": "rcp.approx.ftz.f32 %f3, %f2;",
    "sqrt_rn": "sqrt.rn.f32 %f3, %f2;",
    "sqrt_rn_ftz": "sqrt.rn.ftz.f32 %f3, %f2;",
    "sqrt_approx": "sqrt.approx.f32 %f3, %f2;",
    "sqrt_approx_ftz": "sqrt.approx.ftz.f32 %f3, %f2;",
    "rsqrt_approx": "rsqrt.approx.f32 %f3, %f2;",
    "ex2_approx": "ex2.approx.f32 %f3, %f2;",
    "lg2_approx": "lg2.approx.f32 %f3, %f2;",
    "ex2_of_cos_times_k": "cos.approx.f32 %f4, %f2; mul.f32 %f5, %f4, 0fBFB8AA3B; ex2.approx.f32 %f3, %f5;",
    "ex2_of_sin_times_k": "sin.approx.f32 %f4, %f2; mul.f32 %f5, %f4, 0f42C80000; ex2.approx.f32 %f3, %f5;",
    "ex2_of_sin_times_200": "sin.approx.f32 %f4, %f2; mul.f32 %f5, %f4, 0f43480000; ex2.approx.f32 %f3, %f5;",
    "ex2_of_tanh_times_k": "tanh.approx.f32 %f4, %f2; mul.f32 %f5, %f4, 0fBFB8AA3B; ex2.approx.f32 %f3, %f5;",
    "ex2_of_cos_plus_k": "cos.approx.f32 %f4, %f2; add.f32 %f5, %f4, 0fC1200000; ex2.approx.f32 %f3, %f5;",
    "ex2_of_cos": "cos.approx.f32 %f4, %f2; ex2.approx.f32 %f3, %f4;",
    "ex2_of_max": "max.f32 %f4, %f2, 0fC2C80000; ex2.approx.f32 %f3, %f4;",
    "ex2_of_abs": "abs.f32 %f4, %f2; ex2.approx.f32 %f3, %f4;",
    "ex2_of_ex2": "ex2.approx.ftz.f32 %f4, %f2; ex2.approx.f32 %f3, %f4;",
    "ex2_of_cos_times_b": "cos.approx.f32 %f4, %f2; mul.f32 %f5, %f4, %f1; ex2.approx.f32 %f3, %f5;",
    "lg2_of_abs_plus_1": "abs.f32 %f4, %f2; add.f32 %f5, %f4, 0f3F800000; lg2.approx.f32 %f3, %f5;",
    "lg2_of_ex2": "ex2.approx.ftz.f32 %f4, %f2; lg2.approx.f32 %f3, %f4;",
    "rsqrt_of_abs_plus_eps": "abs.f32 %f4, %f2; add.f32 %f5, %f4, 0f3727C5AC; rsqrt.approx.f32 %f3, %f5;",
    "rsqrt_of_cos_plus_2": "cos.approx.f32 %f4, %f2; add.f32 %f5, %f4, 0f40000000; rsqrt.approx.f32 %f3, %f5;",
    "sqrt_rn_of_abs_plus_1": "abs.f32 %f4, %f2; add.f32 %f5, %f4, 0f3F800000; sqrt.rn.f32 %f3, %f5;",
    "rcp_rn_of_cos_plus_2": "cos.approx.f32 %f4, %f2; add.f32 %f5, %f4, 0f40000000; rcp.rn.f32 %f3, %f5;",
    "div_rn_by_cos_plus_2": "cos.approx.f32 %f4, %f2; add.f32 %f5, %f4, 0f40000000; div.rn.f32 %f3, %f1, %f5;",
}
F64 = {
    "div_rn_f64": "div.rn.f64 %fd3, %fd1, %fd2;",
    "rcp_rn_f64": "rcp.rn.f64 %fd3, %fd2;",
    "sqrt_rn_f64": "sqrt.rn.f64 %fd3, %fd2;",
    "rcp_approx_ftz_f64": "rcp.approx.ftz.f64 %fd3, %fd2;",
}


def kernel(name, body, f64):
    ty, r, sz = ("f64", "%fd", 8) if f64 else ("f32", "%f", 4)
    return f"""
.visible .entry k_{name}(.param .u64 out, .param .u64 a, .param .u64 b)
{{
    .reg .pred %p<4>; .reg .b32 %r<4>; .reg .b64 %rd<12>; .reg .f32 %f<10>; .reg .f64 %fd<10>;
    ld.param.u64 %rd1, [out]; ld.param.u64 %rd2, [a]; ld.param.u64 %rd3, [b];
    cvta.to.global.u64 %rd4, %rd1; cvta.to.global.u64 %rd5, %rd2; cvta.to.global.u64 %rd6, %rd3;
    mov.u32 %r1, %tid.x; mul.wide.u32 %rd7, %r1, {sz};
    add.s64 %rd8, %rd5, %rd7; add.s64 %rd9, %rd6, %rd7; add.s64 %rd10, %rd4, %rd7;
    ld.global.{ty} {r}1, [%rd8]; ld.global.{ty} {r}2, [%rd9];
    {body}
    st.global.{ty} [%rd10], {r}3;
    ret;
}}
"""


def module():
    return (".version 8.0\n.target sm_90\n.address_size 64\n"
            + "".join(kernel(n, b, False) for n, b in F32.items())
            + "".join(kernel(n, b, True) for n, b in F64.items()))


def main_path(lines):
    """The SASS from the last LDG to the first STG, and what follows the EXIT (the subroutines)."""
    texts = [t for _, t in lines]
    last_ld = max(i for i, t in enumerate(texts) if t.split()[0].startswith("LDG"))
    st = next(i for i, t in enumerate(texts) if "STG" in t)
    ex = next((i for i, t in enumerate(texts) if t.split()[-1] == "EXIT" or t == "EXIT"), len(texts))
    tail = [t for t in texts[ex + 1:] if not t.startswith("BRA") or t != texts[-1]]
    return texts[last_ld + 1:st], tail


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "traces" / "ptxas" / "special.json"))
    a = ap.parse_args()
    src = module()
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "special.ptx"
        f.write_text(src)
        cubin = Path(tmp) / "special.cubin"
        cmd = ["ptxas", "-arch=sm_90", "-O3", str(f), "-o", str(cubin)]
        subprocess.run(cmd, check=True)
        fns = sass_lines(cubin)
    probes = {}
    for name, body in {**F32, **F64}.items():
        path, tail = main_path(fns[f"k_{name}"])
        probes[name] = {"ptx": body, "main_path": path, "after_exit": tail}
        print(f"{name:24} {len(path):3}  {' ; '.join(t.split()[0] for t in path)}")
    version = subprocess.run(["ptxas", "--version"], capture_output=True, text=True).stdout.strip().splitlines()
    Path(a.out).write_text(json.dumps({
        "what": "ptxas's SASS for PTX's IEEE and approximate float functions (tools/probe_ptxas_special.py)",
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "toolchain": version[-2:], "command": " ".join(cmd) + " && cuobjdump -sass",
        "probes": probes}, indent=1) + "\n")


if __name__ == "__main__":
    main()
