"""A stand-in for PyTorch's MPS side, for testing `simgpu crosscheck --backend metal`
(simgpu.emit.run.run_metal) without a Mac: torch.mps.compile_shader builds the Metal
source with the host stand-in (tests/emit_host.py, g++) and its kernels run there;
tensors are numpy arrays in a wrapper. Only what run_metal calls is here."""
import re
import sys
import tempfile
import types
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))      # tests/, for emit_host
import emit_host  # noqa: E402

__version__ = "fake"
_CT = {"uchar": "u8", "char": "i8", "ushort": "u16", "short": "i16", "uint": "u32", "int": "i32", "ulong": "u64",
       "long": "i64", "float": "f32"}


class Tensor:
    def __init__(self, a):
        self.a = np.array(a, copy=True)

    def to(self, device):
        return Tensor(self.a)

    def cpu(self):
        return Tensor(self.a)

    def numpy(self):
        return self.a


def from_numpy(a):
    return Tensor(a)


class _Library:
    def __init__(self, source):
        m = re.match(r"#define SIMGPU_DYNAMIC_SHARED_BYTES (\d+)", source)
        kernels = []
        for k in re.finditer(r"kernel void (\w+)\(([^{]*)\)\s*\{", source):
            params = []
            for p in re.finditer(r"device (const )?(\w+)\* \w+ \[\[buffer\(\d+\)\]\]", k.group(2)):
                params.append({"type": "u8" if not p.group(1) else _CT[p.group(2)], "pointer": not p.group(1)})
            kernels.append({"kernel": k.group(1), "params": params, "dynamic_shared": False, "dynamic_base": 0})
        em = types.SimpleNamespace(lang="metal", text=source, kernels=kernels)
        self._facts = {f["kernel"]: f for f in kernels}
        self._lib = emit_host.build(em, tempfile.mkdtemp(prefix="fake_torch_"), int(m.group(1)) if m else 0)

    def __getattr__(self, name):
        facts = self.__dict__["_facts"][name]

        def call(*tensors, threads, group_size):
            args = []
            for t, p in zip(tensors, facts["params"]):
                args.append(t.a if p["pointer"] else np.frombuffer(t.a.tobytes(), {
                    "u32": np.uint32, "i32": np.int32, "f32": np.float32, "u64": np.uint64, "i64": np.int64,
                    "u16": np.uint16, "i16": np.int16, "u8": np.uint8, "i8": np.int8}[p["type"]])[0])
            grid = tuple(n // g for n, g in zip(threads, group_size))
            emit_host._call(self._lib, facts, name, grid, tuple(group_size), args, 0)
        return call


mps = types.SimpleNamespace(compile_shader=_Library, synchronize=lambda: None)
backends = types.SimpleNamespace(mps=types.SimpleNamespace(is_available=lambda: True))
