"""Stand-in for simgpu that runs the PTX on a real NVIDIA GPU through CuPy.

Only for checking the numpy references of tests/test_nvcc_kernels.py; it
implements just the part of the simgpu API those tests use.  Usage:

    cd tests/cuda/hwcheck && python -m pytest -p no:cacheprovider ../../test_nvcc_kernels.py

(the working directory comes first on sys.path, so this package shadows the
real simgpu).  Stats are placeholders.
"""
import re

import numpy as np
import cupy as cp


class SimgpuError(Exception):
    pass


class Kernel:
    def __init__(self, path, name, ptypes, fn, mod=None):
        self.path, self.name, self.ptypes, self.fn, self.mod = path, name, ptypes, fn, mod


class Result:
    def __init__(self, stats, printf=()):
        self.stats = stats
        self.printf = list(printf)       # what the kernel printed (all of it as one string)


def _captured(run):
    """Run run() with the process's stdout (fd 1, where the CUDA runtime prints device printf's
    text when the kernel ends) sent to a file; returns that text."""
    import ctypes, os, sys, tempfile
    libc = ctypes.CDLL(None)
    sys.stdout.flush()
    libc.fflush(None)
    saved = os.dup(1)
    with tempfile.TemporaryFile() as tmp:
        os.dup2(tmp.fileno(), 1)
        try:
            run()
            libc.fflush(None)
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        tmp.seek(0)
        return tmp.read().decode()


def load(path, kernel=None):
    text = open(path).read()
    entries = re.findall(r"\.entry\s+([\w$]+)\s*\(([^)]*)\)", text)
    if kernel is None:
        if len(entries) != 1:
            raise SimgpuError("several entries; pass kernel=")
        kernel = entries[0][0]
    for name, plist in entries:
        if name == kernel:
            ptypes = re.findall(r"\.param\s+\.(\w+)", plist)
            break
    else:
        raise SimgpuError("no entry %s" % kernel)
    mod = cp.RawModule(path=path)
    return Kernel(path, kernel, ptypes, mod.get_function(kernel), mod)


def _dim3(d):
    if isinstance(d, int):
        return (d, 1, 1)
    d = tuple(int(v) for v in d)
    return d + (1,) * (3 - len(d))


def launch(k, grid, block, args, config="h100", shared_bytes=0, symbols=None):
    if len(args) != len(k.ptypes):
        raise SimgpuError("%d args for %d params" % (len(args), len(k.ptypes)))
    for name, arr in (symbols or {}).items():          # cudaMemcpyToSymbol
        arr = np.ascontiguousarray(arr)
        k.mod.get_global(name).copy_from_host(arr.ctypes.data, arr.nbytes)
    conv, back = [], []
    for t, a in zip(k.ptypes, args):
        if isinstance(a, np.ndarray):
            if not a.flags.c_contiguous:
                raise SimgpuError("array argument not contiguous")
            d = cp.asarray(a)
            conv.append(d)
            back.append((a, d))
            continue
        bits = int(t[1:])
        if t[0] == "f":
            conv.append(np.dtype("f%d" % (bits // 8)).type(a))
        else:
            conv.append(np.array(int(a) & ((1 << bits) - 1), dtype="u%d" % (bits // 8))[()])
    def run():
        k.fn(_dim3(grid), _dim3(block), tuple(conv), shared_mem=shared_bytes)
        cp.cuda.Device().synchronize()
    text = _captured(run)
    for a, d in back:
        a[...] = d.get().reshape(a.shape)
    return Result({"warp_instructions": 1, "thread_instructions": 1}, [text] if text else [])
