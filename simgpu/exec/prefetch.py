"""A hint to the host CPU: fetch a cache line before compiled code reads it.

Not part of the model: it changes no value and no result, only how long the
host waits for its own memory. The simulated GPU's state (every warp's
registers, scoreboard, SIMT stack) is far larger than the host's caches, and
the engine reads it in an order that is hard for the CPU to guess (warp by
warp, as the schedulers pick them), so a read that misses stalls the host
for the full memory latency. Asking for the lines a warp will need ahead of
the read (LLVM's `llvm.prefetch`, x86's PREFETCHT0) lets those waits overlap.
"""
import numba
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

LINE = 64                    # bytes in a host cache line
HINTS = not numba.config.DISABLE_JIT     # compiled code only: plain Python (exec/jit.py) skips the hints


@intrinsic
def prefetch(typingctx, addr):
    """Prefetch the cache line holding byte address `addr` (an integer, as
    from `array.ctypes.data + offset`) for reading, into every cache level."""
    sig = types.void(types.int64)

    def codegen(context, builder, signature, args):
        ptr = builder.inttoptr(args[0], cgutils.voidptr_t)
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [cgutils.voidptr_t, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch")
        builder.call(fn, [ptr, i32(0), i32(3), i32(1)])    # read, high locality, data cache
        return context.get_dummy_value()
    return sig, codegen

