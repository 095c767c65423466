"""One place for numba's flags (as PySDM keeps JIT_FLAGS): every compiled
function of simgpu is cached on disk, so a warm start does not recompile.
Set NUMBA_DISABLE_JIT=1 to run the executor as plain Python (tracebacks,
coverage)."""
import numba

JIT = dict(cache=True, nogil=True)
JIT_INLINE = dict(cache=True, nogil=True, inline="always")


def njit(fn=None, **kw):
    flags = dict(JIT, **kw)
    if fn is None:
        return lambda f: numba.njit(**flags)(f)
    return numba.njit(**flags)(fn)
