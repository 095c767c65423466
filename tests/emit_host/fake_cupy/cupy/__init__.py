"""A stand-in for CuPy, for testing simgpu.emit.device without a GPU: a module
from a PTX file runs its kernels on simgpu (simgpu.launch); a module from CUDA C
source (what device.py compiles with NVRTC) runs on the host stand-in
(tests/emit_host.py). Device arrays are numpy arrays in a wrapper; events time
nothing (0 ms). Only what simgpu.crosscheck.run_program and simgpu.emit.device
call is here."""
import ctypes
import re
import sys
import tempfile
import types
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))      # tests/, for emit_host
import emit_host  # noqa: E402

__version__ = "fake"


class _Dev:
    def __init__(self, a):
        self.a = np.array(a, copy=True)

    def set(self, a):
        self.a[...] = a


def asarray(a):
    return _Dev(a)


def asnumpy(d):
    return d.a.copy()


_CT = {"unsigned char": "u8", "signed char": "i8", "unsigned short": "u16", "short": "i16", "unsigned": "u32",
       "int": "i32", "unsigned long long": "u64", "long long": "i64", "float": "f32", "double": "f64"}


class _Function:
    def __init__(self, run):
        self.run = run
        self.max_dynamic_shared_size_bytes = 0

    def __call__(self, grid, block, args, shared_mem=0):
        self.run(grid, block, args, shared_mem)


class RawModule:
    def __init__(self, path=None, code=None, options=()):
        self.path, self.code, self.lib = path, code, None
        if code is not None:
            kernels = []
            for m in re.finditer(r'extern "C" __global__ void (?:__launch_bounds__\(\d+\) )?(\w+)\(([^)]*)\)', code):
                params = [{"type": _CT[" ".join(p.split()[:-1])], "pointer": False}
                          for p in m.group(2).split(",") if p.strip()]
                kernels.append({"kernel": m.group(1), "params": params, "dynamic_shared": False, "dynamic_base": 0})
            em = types.SimpleNamespace(lang="cuda", text=code, kernels=kernels)
            self.facts = {f["kernel"]: f for f in kernels}
            self.lib = emit_host.build(em, tempfile.mkdtemp(prefix="fake_cupy_"))

    def get_function(self, name):
        if self.code is None:
            import simgpu
            k = simgpu.load(self.path, kernel=name)
            return _Function(lambda g, b, args, sh: simgpu.launch(
                k, g, b, [a.a if isinstance(a, _Dev) else a for a in args], shared_bytes=sh))
        facts = self.facts[name]

        def run(g, b, args, sh):
            keep = [ctypes.c_uint64(a.a.ctypes.data) if isinstance(a, _Dev) else
                    np.ctypeslib.as_ctypes_type(np.asarray(a).dtype)(a) for a in args]
            argv = (ctypes.c_void_p * max(1, len(keep)))(*[ctypes.cast(ctypes.pointer(k), ctypes.c_void_p)
                                                             for k in keep])
            dims = [tuple(int(x) for x in v) + (1,) * (3 - len(v)) for v in (g, b)]
            getattr(self.lib, f"sg_launch_{name}")(argv, *dims[0], *dims[1], ctypes.c_uint(sh))
        facts["run"] = run
        return _Function(run)


from . import cuda  # noqa: E402,F401
