"""simgpu emit: the text it writes (CUDA C and Metal), checked without a compiler.

Every instruction of every program becomes code, barriers stay out of the
dispatch switch, the output is deterministic, a few tiny kernels give exactly
the expected lines, and what a language cannot express is refused in one line.
The slow tests (test_emit_slow.py) compile the CUDA C with nvcc and run both
dialects on a host stand-in against simgpu; no Metal compiler exists here, so
the Metal text is checked here and run only on that stand-in."""
import re
from pathlib import Path

import pytest

from simgpu import cli
from simgpu.ptx import codes as C
from simgpu.emit import EmitError, emit
from simgpu.emit.command import recipe_pointers
from simgpu.emit.kernel import load_views
from simgpu.errors import SimgpuError

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = sorted(str(p.relative_to(ROOT)) for d in ("programs", "programs/micro") for p in (ROOT / d).glob("*.s"))
CORPUS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "cuda").glob("*.ptx"))
# what Metal cannot run, by file: float64 anywhere in the file's kernels, 64-bit atomics, a conversion
# rounded other than to nearest (ieee_div.s's cvt.rp.f32.u32, the I2F.RP of a division)
METAL_REFUSED = {"programs/micro/latency_fp64.s", "programs/micro/latency_cvt64.s", "programs/micro/ieee_div.s", "tests/cuda/atomics.ptx",
                 "tests/cuda/elementwise.ptx", "tests/cuda/printf.ptx", "tests/cuda/tensor.ptx", "tests/cuda/wmma.ptx"}
# what neither dialect emits yet, by file: half-precision arithmetic (f16, f16x2, bf16), bar.red,
# printf and assert, the tensor cores' instructions, bfind/fns/dp4a/dp2a, .const variables
REFUSED = {"tests/cuda/half.ptx": "half-precision arithmetic", "tests/cuda/block_sync.ptx": "bar.red",
           "tests/cuda/bits.ptx": r"bfind\.shiftamt.*cannot be emitted", "tests/cuda/const_mem.ptx": r"\.const variables",
           "tests/cuda/printf.ptx": "device printf and assert", "tests/cuda/tensor.ptx": "tensor-core instructions",
           "tests/cuda/wmma.ptx": "tensor-core instructions"}
BARRIER = {"cuda": "__syncthreads();", "metal": "threadgroup_barrier("}


def kernels_of(text):
    """{kernel name: its text} of an emitted file."""
    parts = re.split(r"\n(?=extern \"C\" __global__|kernel void )", text)
    return {re.search(r"void (?:__launch_bounds__\(\d+\) )?(\w+)\(", p).group(1): p for p in parts[1:]}


@pytest.mark.parametrize("lang", ["cuda", "metal"])
@pytest.mark.parametrize("path", PROGRAMS + CORPUS)
def test_every_instruction_becomes_code(path, lang):
    if path in REFUSED or (lang == "metal" and path in METAL_REFUSED):
        with pytest.raises(EmitError, match="" if lang == "metal" and path in METAL_REFUSED else REFUSED.get(path, "")):
            emit(ROOT / path, lang, origin=path)
        return
    em = emit(ROOT / path, lang, origin=path)
    views = {v.name: v for v in load_views(ROOT / path)}
    texts = kernels_of(em.text)
    assert set(texts) == set(views)
    for name, text in texts.items():
        v = views[name]
        lines = text.splitlines()
        comments = [k for k, ln in enumerate(lines) if re.match(r"\s*// \d+: ", ln)]
        assert len(comments) == v.prog.n                      # every instruction, once
        for k, pc in zip(comments, range(v.prog.n)):
            assert lines[k].strip() == f"// {v.prog.lines[pc]}: {' '.join(v.prog.texts[pc].split())}"
            op = v.prog.opcode_names[pc]
            if op not in ("membar", "fence", "prefetch", "nop"):
                assert not lines[k + 1].lstrip().startswith("//"), lines[k]   # followed by code
        assert len(re.findall(r"^\s*case \d+u: \{", text, re.M)) == len(v.blocks)
        switch = text[text.index("switch (sg_cur)"):text.index("default: sg_pc = SG_DONE")]
        assert BARRIER[lang] not in switch                    # barriers only in uniform control flow
        has_bar = any(v.prog.op[i] in (C.OP_BAR, C.OP_BARRIER) for i in range(v.prog.n))    # not bar.warp
        assert text.count(BARRIER[lang]) == (2 if has_bar else 0)


@pytest.mark.parametrize("lang", ["cuda", "metal"])
def test_output_is_deterministic(lang):
    for path in ("programs/matmul_cublas.s", "programs/attention_flash.s", "tests/cuda/reduce.ptx"):
        assert emit(ROOT / path, lang, origin=path).text == emit(ROOT / path, lang, origin=path).text


TINY = """
.version 8.0
.target sm_90
.address_size 64
.visible .entry tiny(.param .u64 out, .param .u32 n, .param .f32 s)
{
	.reg .b32 %r<8>;
	.reg .f32 %f<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p<3>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r1, [n];
	ld.param.f32 %f1, [s];
	mov.u32 %r2, %tid.x;
	setp.ge.u32 %p1, %r2, %r1;
	@%p1 bra END;
	shr.s32 %r3, %r2, %r1;
	div.u32 %r4, %r1, %r2;
	fma.rn.f32 %f2, %f1, %f1, 0f3F800000;
	ROUNDED
	mul.wide.s32 %rd2, %r2, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.f32 [%rd3], %f3;
	shfl.sync.bfly.b32 %r6, %r5, 16, 0x1f, 0xffffffff;
	bar.sync 0;
	atom.global.add.u32 %r7, [%rd1], 1;
END:
	ret;
}
"""


def test_tiny_kernel_cuda_lines():
    text = emit("tiny.ptx", "cuda", text=TINY.replace("ROUNDED", "add.rz.f32 %f3, %f2, %f1;")).text
    for line in ['extern "C" __global__ void __launch_bounds__(1024) tiny(unsigned long long a0_out, unsigned a1_n, float a2_s)',
                 "rd1 = a0_out;", "r1 = a1_n;", "f1 = a2_s;", "r2 = threadIdx.x;", "p1 = (r2 >= r1);",
                 "sg_pc = SG_DONE; break;",                                       # `@%p1 bra END` to `ret`: an exit
                 "r3 = ((unsigned)(((int)r2) >> (r1 < 31u ? r1 : 31u)));",       # shr.s32: sign, amount capped
                 "r4 = sg_div_u32(r1, r2);",                                      # x / 0 defined
                 "f2 = fmaf(f1, f1, 1.0f);",
                 "f3 = __fadd_rz(f2, f1);",                                       # rounding written in the PTX
                 "rd2 = (((unsigned long long)((long long)((int)r2))) * ((unsigned long long)4ll));",
                 "*(float*)(rd3) = f3;",
                 "const unsigned t13_0 = sg_shfl_src(2u, sg_lane, 16u, 31u);",
                 "const unsigned t13_1 = __shfl_sync(sg_lanes, r5, (t13_0 & 31u));",
                 "sg_pc = 2u + SG_WAIT; break;",                                  # a barrier ends the block
                 "r7 = atomicAdd((unsigned*)(rd1), (unsigned)1u);",
                 "const unsigned sg_cur = __reduce_min_sync(sg_full, sg_pc);",
                 "__syncthreads();"]:
        assert line in {ln.strip() for ln in text.splitlines()}, line


def test_tiny_kernel_metal_lines():
    text = emit("tiny.ptx", "metal", text=TINY.replace("ROUNDED", "add.f32 %f3, %f2, %f1;"),
                pointers={"tiny": {0}}).text
    lines = {ln.strip() for ln in text.splitlines()}
    for line in ["[[max_total_threads_per_threadgroup(1024)]]", "kernel void tiny(device uchar* a0_out [[buffer(0)]],",
                 "device const uint* a1_n [[buffer(1)]],", "device const float* a2_s [[buffer(2)]],",
                 "rd1 = 0x1000000000000ul;",                   # pointer parameter 0: tag 1 in the top 16 bits
                 "r1 = a1_n[0];", "r2 = sg_tid3.x;",
                 "f2 = fma(f1, f1, 1.0f);", "f3 = (f2 + f1);",
                 "*(device float*)SG_DEV(rd3) = f3;",
                 "const uint t13_1 = SG_SHUFFLE(sg_lanes, r5, (t13_0 & 31u));",
                 "r7 = sg_atom32_device((device atomic_uint*)SG_DEV(rd1), 0u, 1u, 0u);",
                 "const uint sg_cur = SG_MIN(SG_ALL, sg_pc);",
                 "threadgroup_barrier(mem_flags::mem_device | mem_flags::mem_threadgroup);",
                 "#define SG_DEV(a) ((((a) >> 48) == 1ul ? a0_out : (device uchar*)0) + SG_OFF(a))"]:
        assert line in lines, line


@pytest.mark.parametrize("instr,why", [
    ("add.rz.f32 %f3, %f2, %f1;", "rounding .rz (Metal rounds to nearest only)"),
    ("cvt.rn.f32.f64 %f3, %fd1;", "uses 64-bit floating point (fd1), which Metal does not have"),
    ("atom.global.add.u64 %rd2, [%rd1], %rd3;", "a 64-bit atomic (Metal has 32-bit atomics only)"),
    ("st.global.u32 [tab+4], %r1;", "a store to module .global data (Metal keeps it read-only)"),
])
def test_metal_refuses_in_one_line(instr, why):
    text = TINY.replace("ROUNDED", instr).replace(".reg .pred %p<3>;", ".reg .pred %p<3>;\n\t.reg .f64 %fd1;")
    text = text.replace(".visible .entry", ".global .align 4 .b8 tab[8] = {1, 2, 3, 4, 5, 6, 7, 8};\n.visible .entry")
    with pytest.raises(EmitError) as e:
        emit("tiny.ptx", "metal", text=text)
    assert why in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("lang", ["cuda", "metal"])
@pytest.mark.parametrize("instr,why", [
    ("bar.arrive 1, 64;", "bar.arrive"), ("bar.sync 1, 64;", "a barrier with a thread count"),
])
def test_both_refuse_in_one_line(lang, instr, why):
    with pytest.raises(EmitError) as e:
        emit("tiny.ptx", lang, text=TINY.replace("ROUNDED", instr))
    assert why in str(e.value) and "tiny.ptx:" in str(e.value) and "\n" not in str(e.value)


def test_pointer_parameters_inferred_and_from_recipes():
    text = TINY.replace("ROUNDED", "add.s64 %nn, %nn, 1;").replace(".param .u32 n", ".param .u64 n").replace(
        "ld.param.u32 %r1, [n];", ".reg .b64 %nn;\n\tld.param.u64 %nn, [n];")
    (v,) = load_views("k.ptx", text=text)
    assert [p.pointer for p in v.params] == [True, False, False]     # n: a 64-bit scalar never dereferenced
    assert recipe_pointers("programs/matmul_cublas.s", (ROOT / "programs/matmul_cublas.s").read_text()) == \
        {"matmul_cublas_128x128": {0, 1, 2}}
    assert recipe_pointers("x.s", "no recipe") == {}


def test_launch_facts():
    em = emit(ROOT / "programs/attention_flash.s", "cuda")
    (f,) = em.kernels
    assert f["dynamic_shared"] and f["dynamic_base"] == 0 and f["shared_static"] == 0
    assert [p["pointer"] for p in f["params"]] == [True, True, True, True, False, False, False]
    (g,) = emit(ROOT / "programs/matmul_tiled.s", "cuda").kernels
    assert not g["dynamic_shared"] and g["shared_static"] == 2048 and g["dynamic_base"] == 2048


def test_cli_emit(tmp_path, capsys):
    out = tmp_path / "va.metal"
    assert cli.main(["emit", str(ROOT / "programs/vector_add.s"), "--lang", "metal", "-o", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {out}: vector_add as Metal Shading Language")
    assert out.read_text() == emit(ROOT / "programs/vector_add.s", "metal",
                                   pointers={"vector_add": {0, 1, 2}}).text
    assert cli.main(["emit", str(ROOT / "programs/vector_add.s"), "--lang", "cuda"]) == 0
    assert 'extern "C" __global__ void __launch_bounds__(1024) vector_add(' in capsys.readouterr().out


@pytest.mark.parametrize("args,message", [
    (["emit", "programs/nope.s", "--lang", "cuda"], "programs/nope.s:0:0: error: file not found"),
    (["emit", "programs/vector_add.s", "--lang", "cuda", "--kernel", "foo"],
     "programs/vector_add.s:1:1: error: no kernel named 'foo' (kernels: vector_add)"),
    (["emit", "programs/micro/latency_fp64.s", "--lang", "metal"],
     "programs/micro/latency_fp64.s: kernel lat_fp64 uses 64-bit floating point (lat_fp64_param_2), "
     "which Metal does not have"),
    (["emit", "programs/vector_add.s", "--lang", "cuda", "-o", "/nonexistent/dir/x.cu"],
     "simgpu: cannot write /nonexistent/dir/x.cu: No such file or directory"),
])
def test_cli_errors_are_one_line(args, message, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert cli.main(args) == 2
    assert capsys.readouterr().err == message + "\n"


def test_crosscheck_metal_says_it_is_unavailable(capsys, monkeypatch):
    import platform
    monkeypatch.setattr(platform, "system", lambda: "Linux")
    assert cli.main(["crosscheck", str(ROOT / "programs/vector_add.s"), "--backend", "metal"]) == 2
    assert capsys.readouterr().err == ("simgpu: Metal is unavailable here (this is Linux, not macOS); "
                                       "--backend metal needs macOS with PyTorch's MPS\n")


def test_emit_error_is_a_simgpu_error():
    assert issubclass(EmitError, SimgpuError)
    with pytest.raises(EmitError, match="unknown language 'rust'"):
        emit(ROOT / "programs/vector_add.s", "rust")
