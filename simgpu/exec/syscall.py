"""The two system calls nvcc's PTX makes: `vprintf` (device printf) and
`__assertfail` (a failing assert), each a `call` to an .extern .func with no
body (CUDA C Programming Guide, "Formatted Output" and "Assertion").

- printf: the compiler stores the arguments in a buffer in the thread's
  local memory, each at an offset aligned to its size (int 4 bytes; double,
  long, pointers and %s strings 8; a float is passed as double), and calls
  vprintf(format, buffer). The GPU appends a record to a FIFO in device
  memory (cudaLimitPrintfFifoSize, 1 MiB by default) that the host formats
  when the kernel ends; records that do not fit are dropped. simgpu copies
  the buffer's bytes (as many as the format's conversions take) into a FIFO
  of the same size, with the thread's block and thread index;
  simgpu/printf.py formats the records after the run, ordered by block and
  warp (each warp's in the order it made them, lanes in order), so that the
  output does not depend on how host threads shared the SMs. vprintf returns
  the number of arguments.
- assert: __assertfail(message, file, line, function, char size) stops the
  kernel: the launch fails (cudaErrorAssert) and the runtime prints
  "file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `message`
  failed." (traces/h200/sync_print/assert.txt). simgpu stops the run with a
  fault whose one line says the same.

Record layout in the FIFO (little endian): u32 record bytes (a multiple of
8), u32 argument bytes, u64 the format's generic address, u32 %ctaid.xyz,
u32 %tid.xyz, then the argument bytes.
"""
import numpy as np

from ..ptx import codes as C
from . import memory as MEM
from .jit import fetch_add, njit

PRINTF_FIFO_BYTES = 1 << 20      # CUDA's default cudaLimitPrintfFifoSize (CUDA Runtime API, cudaDeviceSetLimit)
RECORD_HEADER = 40
MAX_ARG_BYTES = 32 * 8           # CUDA: at most 32 arguments besides the format
MAX_FORMAT = 4096                # bytes of a format string read before giving up on its end


@njit
def _byte(M, off, lane, err):
    if not MEM.check(M, C.SPACE_GLOBAL, off, 1, 1, lane, np.uint64(off), err):
        return -1
    return np.int64(M.g8[off])


@njit
def format_args(M, off, lane, err):
    """(argument bytes, argument count) of the printf format at global offset off: each
    conversion takes 4 bytes (ints, chars, a `*` width) or 8 (l/ll/j/z/t ints, floating
    point, %s, %p), aligned to its size. (-1, 0) after a fault."""
    size = np.int64(0)
    count = np.int64(0)
    k = np.int64(0)
    while k < MAX_FORMAT:
        c = _byte(M, off + k, lane, err)
        if c < 0:
            return -1, 0
        if c == 0:
            break
        k += 1
        if c != 37:                                  # '%'
            continue
        wide = False
        while k < MAX_FORMAT:
            c = _byte(M, off + k, lane, err)
            if c < 0:
                return -1, 0
            k += 1
            if c == 0:
                return size, count
            if c == 37 and not wide:                 # '%%'
                break
            if c == 42:                              # '*': an int argument
                size = ((size + 3) // 4) * 4 + 4
                count += 1
                continue
            if c in (108, 106, 122, 116, 76, 113):   # l j z t L q: 64-bit
                wide = True
                continue
            if c in (100, 105, 111, 117, 120, 88, 99):        # d i o u x X c
                n = 8 if wide else 4
            elif c in (101, 69, 102, 70, 103, 71, 97, 65, 115, 112):   # e E f F g G a A s p
                n = 8
            else:                                    # flags, width, precision, h
                continue
            size = ((size + n - 1) // n) * n + n
            count += 1
            break
        if c == 0:
            break
    return size, count


@njit
def vprintf(P, W, M, i, w, mask, err):
    """call (ret), vprintf, (format, buffer): operands 1 and 2 the .param variables holding the
    format's and the buffer's generic addresses, 0 the one for the result (all in local memory)."""
    blk = W.warp[w].wblock
    for l in range(32):
        if not (mask >> l) & 1:
            continue
        thr = w * 32 + l
        fmt = MEM.load(M, C.SPACE_LOCAL, np.int64(P.obits[i, 1]), 8, blk, thr)
        buf = MEM.load(M, C.SPACE_LOCAL, np.int64(P.obits[i, 2]), 8, blk, thr)
        fspace, foff = MEM.resolve(C.SPACE_GENERIC, fmt)
        if fspace != C.SPACE_GLOBAL:
            MEM.fault(err, C.E_BAD_SPACE, l, fmt, fspace)
            return
        nbytes, nargs = format_args(M, foff, l, err)
        if nbytes < 0:
            return
        bspace, boff = MEM.resolve(C.SPACE_GENERIC, buf)
        if nbytes > 0 and not MEM.check(M, bspace, boff, min(nbytes, MAX_ARG_BYTES), 4, l, buf, err):
            return
        nbytes = min(nbytes, MAX_ARG_BYTES)
        rec = RECORD_HEADER + ((nbytes + 7) // 8) * 8
        at = fetch_add(M.pfn, 0, rec)              # (host threads may share the FIFO: timing/core.py)
        if at + rec > M.pf.shape[0]:
            fetch_add(M.pfn, 1, 1)                 # the FIFO is full: the record is dropped
        else:
            head = M.pf[at:at + RECORD_HEADER].view(np.uint32)
            head[0] = np.uint32(rec)
            head[1] = np.uint32(nbytes)
            M.pf[at + 8:at + 16].view(np.uint64)[0] = fmt
            for k in range(3):
                head[4 + k] = np.uint32(W.bctaid[blk, k])
                head[7 + k] = np.uint32(W.tid[w, l, k])
            for k in range(nbytes):
                M.pf[at + RECORD_HEADER + k] = np.uint8(MEM.load(M, bspace, boff + k, 1, blk, thr))
            M.pfn[0] = at + rec
        if P.okind[i, 0] == C.K_ADDR:
            MEM.store(M, C.SPACE_LOCAL, np.int64(P.obits[i, 0]), 4, blk, thr, np.uint64(nargs))


@njit
def assertfail(P, W, M, i, w, mask, err):
    """call __assertfail, (message, file, line, function, char size): the first active lane
    faults with E_ASSERT; err[5] the message's address, err[6] the file's with the line in
    bits 40 and up, err[7] the function's."""
    blk = W.warp[w].wblock
    for l in range(32):
        if not (mask >> l) & 1:
            continue
        thr = w * 32 + l
        err[0] = C.E_ASSERT
        err[3] = l
        err[5] = np.int64(MEM.load(M, C.SPACE_LOCAL, np.int64(P.obits[i, 1]), 8, blk, thr))
        line = np.int64(MEM.load(M, C.SPACE_LOCAL, np.int64(P.obits[i, 3]), 4, blk, thr))
        err[6] = np.int64(MEM.load(M, C.SPACE_LOCAL, np.int64(P.obits[i, 2]), 8, blk, thr)) | (line << 40)
        err[7] = np.int64(MEM.load(M, C.SPACE_LOCAL, np.int64(P.obits[i, 4]), 8, blk, thr))
        return


@njit
def syscall(P, W, M, i, w, mask, err):
    if mask == 0:
        return
    if P.ins[i].sub == C.SYS_VPRINTF:
        vprintf(P, W, M, i, w, mask, err)
    else:
        assertfail(P, W, M, i, w, mask, err)
