"""One place for numba's flags (as PySDM keeps JIT_FLAGS): every compiled
function of simgpu is cached on disk, so a warm start does not recompile.
Set NUMBA_DISABLE_JIT=1 to run the executor as plain Python (tracebacks,
coverage).

numba keys each cached function on its own file only, so a change to a
helper in another file would leave callers' caches stale. The cache
directory is therefore named after a hash of every source file that compiled
code is, calls, inlines or reads constants from (the packages in
_COMPILED): a change there starts a fresh cache, while edits to the CLI,
plots or reports keep it.
"""
import hashlib
import os
from pathlib import Path

import numba
import numpy as np

_PKG = Path(__file__).resolve().parents[1]
_COMPILED = ("exec", "memory", "timing", "ptx")    # subpackages compiled code depends on


def _source_hash():
    h = hashlib.sha256(numba.__version__.encode())
    for p in sorted(q for sub in _COMPILED for q in (_PKG / sub).rglob("*.py")):
        h.update(str(p.relative_to(_PKG)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def _cache_dir():
    base = os.environ.get("SIMGPU_CACHE_DIR") or os.environ.get("NUMBA_CACHE_DIR")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(xdg, "simgpu")
    return os.path.join(base, "numba-" + _source_hash())


CACHE_DIR = _cache_dir()
numba.config.CACHE_DIR = CACHE_DIR
# _nrt=False: the executor never allocates, and without numba's reference
# counting every array access is a plain load (with it, atomic increments and
# decrements on each namedtuple field took 3/4 of the run time).
# error_model='numpy': x/0.0 gives inf or NaN as IEEE says, never a Python exception.
JIT = dict(cache=True, nogil=True, _nrt=False, error_model="numpy")


if numba.config.DISABLE_JIT:                     # plain Python
    def trailing_zeros(x):
        """The index of x's lowest set bit (x != 0)."""
        return (int(x) & -int(x)).bit_length() - 1
else:
    from numba.cpython.unsafe.numbers import trailing_zeros     # noqa: F401 (tzcnt)


if numba.config.DISABLE_JIT:                     # plain Python: one thread at a time
    def fetch_add(arr, i, v):
        """arr[i] += v, returning arr[i]'s value before."""
        old = arr[i]
        arr[i] += v
        return old
else:
    from llvmlite import ir
    from numba import types
    from numba.core import cgutils
    from numba.extending import intrinsic

    @intrinsic
    def fetch_add(typingctx, arr, i, v):
        """arr[i] += v as one atomic step (LLVM's atomicrmw add, sequentially
        consistent), returning arr[i]'s value before: host threads share out
        work with it (timing/core.py). arr: a 1-d int64 array."""
        if not (isinstance(arr, types.Array) and arr.dtype == types.int64 and arr.ndim == 1):
            return None
        sig = types.int64(arr, types.intp, types.int64)

        def codegen(context, builder, signature, args):
            a, idx, val = args
            ary = context.make_array(signature.args[0])(context, builder, a)
            ptr = cgutils.get_item_pointer(context, builder, signature.args[0], ary, [idx])
            return builder.atomic_rmw("add", ptr, val, "seq_cst")
        return sig, codegen


def records(arr):
    """A structured array as compiled code reads it (W.warp[w].sp); as plain
    Python (NUMBA_DISABLE_JIT=1) it needs numpy's recarray for that."""
    return arr.view(np.recarray) if numba.config.DISABLE_JIT else arr


def njit(fn=None, **kw):
    flags = dict(JIT, **kw)
    if fn is None:
        return lambda f: numba.njit(**flags)(f)
    return numba.njit(**flags)(fn)
