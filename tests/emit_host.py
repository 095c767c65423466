"""Run emitted CUDA C or Metal on the host CPU (tests/emit_host/: g++, one OS
thread per GPU thread) with a program's recipe inputs or a corpus test's
arguments: a slow stand-in for a GPU, so the tests can compare the emitted
code's outputs with simgpu's run of the PTX on a machine without one."""
import ctypes
import hashlib
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from simgpu.emit import emit
from simgpu.emit.run import dims, for_recipe, launch_shared

HERE = Path(__file__).resolve().parent / "emit_host"
_C = {"u8": ctypes.c_uint8, "i8": ctypes.c_int8, "u16": ctypes.c_uint16, "i16": ctypes.c_int16,
      "u32": ctypes.c_uint32, "i32": ctypes.c_int32, "u64": ctypes.c_uint64, "i64": ctypes.c_int64,
      "f32": ctypes.c_float, "f64": ctypes.c_double}
_METAL = {"u8": "uchar", "i8": "char", "u16": "ushort", "i16": "short", "u32": "uint", "i32": "int", "u64": "ulong",
          "i64": "long", "f32": "float"}
_CT = {"u8": "unsigned char", "i8": "signed char", "u16": "unsigned short", "i16": "short", "u32": "unsigned",
       "i32": "int", "u64": "unsigned long long", "i64": "long long", "f32": "float", "f64": "double"}


def source(emitted, dynamic_bytes=0):
    """The emitted text made host C++, with one sg_launch_KERNEL(args, grid, block, shared) each."""
    if emitted.lang == "cuda":
        text = '#include "sg_host_cuda.h"\n' + emitted.text.replace(
            "extern __shared__ __align__(16) unsigned char sg_smem[];",
            "unsigned char* sg_smem = sg_host_dynamic_smem();")
    else:
        text = (f'#define SIMGPU_DYNAMIC_SHARED_BYTES {dynamic_bytes}\n#include "sg_host_metal.h"\n'
                + emitted.text.replace("#include <metal_stdlib>\n", "")
                .replace("threadgroup uint4 sg_smem_w[", "static uint4 sg_smem_w[")
                .replace("threadgroup uint sg_alive[3];", "static uint sg_alive[3];"))
    for f in emitted.kernels:
        if emitted.lang == "cuda":
            args = [f"*({_CT[p['type']]}*)a[{k}]" for k, p in enumerate(f["params"])]
        else:
            args = [f"(uchar*)*(unsigned long long*)a[{k}]" if p["pointer"] else
                    f"(const {_METAL[p['type']]}*)a[{k}]" for k, p in enumerate(f["params"])]
            args += ["uint3{sg_host_tid.x, sg_host_tid.y, sg_host_tid.z}",
                     "uint3{sg_host_ntid.x, sg_host_ntid.y, sg_host_ntid.z}",
                     "uint3{sg_host_ctaid.x, sg_host_ctaid.y, sg_host_ctaid.z}",
                     "uint3{sg_host_nctaid.x, sg_host_nctaid.y, sg_host_nctaid.z}",
                     "sg_host_ltid % 32u", "sg_host_ltid"]
        text += (f"\nextern \"C\" void sg_launch_{f['kernel']}(void** a, unsigned gx, unsigned gy, unsigned gz, "
                 f"unsigned bx, unsigned by, unsigned bz, unsigned shared) {{\n"
                 f"    sg_run_grid({{gx, gy, gz}}, {{bx, by, bz}}, shared,\n"
                 f"                [&] {{ {f['kernel']}({', '.join(args)}); }});\n}}\n")
    return text


def build(emitted, workdir, dynamic_bytes=0):
    text = source(emitted, dynamic_bytes)
    src = Path(workdir) / f"k_{hashlib.sha1(text.encode()).hexdigest()[:12]}.cpp"
    src.write_text(text)
    lib = src.with_suffix(".so")
    cmd = ["g++", "-std=c++17", "-O1", "-pthread", "-frounding-math", "-shared", "-fPIC", "-w",
           f"-I{HERE}", str(src), "-o", str(lib)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode:
        raise RuntimeError(f"g++ failed on {src}:\n{out.stderr[:4000]}")
    return ctypes.CDLL(str(lib))


def _call(lib, facts, kernel, grid, block, args, shared):
    keep = [ctypes.c_uint64(a.ctypes.data) if isinstance(a, np.ndarray) else _C[p["type"]](a)
            for a, p in zip(args, facts["params"])]
    argv = (ctypes.c_void_p * max(1, len(keep)))(*[ctypes.cast(ctypes.pointer(k), ctypes.c_void_p) for k in keep])
    getattr(lib, f"sg_launch_{kernel}")(argv, *dims(grid), *dims(block), ctypes.c_uint(launch_shared(facts, shared)))


def run(path, sets=None, lang="cuda"):
    """(recipe, sizes, initial, buffers after the emitted kernels ran on the host)."""
    recipe, (sizes, buffers, initial, launches), em = for_recipe(path, sets or {}, lang)
    facts = {f["kernel"]: f for f in em.kernels}
    dyn = max([int(s) for *_, s in launches] + [0])
    with tempfile.TemporaryDirectory() as tmp:
        lib = build(em, tmp, dyn)
        for kernel, grid, block, args, shared in launches:
            _call(lib, facts[kernel], kernel, grid, block, args, shared)
    return recipe, sizes, initial, buffers


_LIBS = {}


def launch(path, kernel, grid, block, args, shared_bytes=0, lang="cuda"):
    """One launch of one kernel of a .s/.ptx file, emitted and run on the host; numpy array
    arguments are the buffers (updated in place), the rest scalars of the parameter's type.
    The same signature as simgpu.launch, so the corpus tests can use it in its place."""
    ptrs = tuple(k for k, a in enumerate(args) if isinstance(a, np.ndarray))
    key = (str(path), kernel, ptrs, lang, shared_bytes if lang == "metal" else 0)
    if key not in _LIBS:
        em = emit(path, lang, kernels=[kernel], pointers={kernel: set(ptrs)})
        _LIBS[key] = (build(em, tempfile.mkdtemp(prefix="sg_host_"), shared_bytes), em.kernels[0])
    lib, facts = _LIBS[key]
    _call(lib, facts, kernel, grid, block, args, shared_bytes)
