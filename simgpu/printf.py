"""Device printf's output: the records exec/syscall.py put in the printf FIFO,
formatted as the CUDA host does when a kernel ends (C printf conversions; a
float argument arrives as a double, %s reads a string from global memory).
Records come out ordered by block and warp, each warp's in the order it made
them, so that the text is the same however the run was shared out."""
import re
import struct

import numpy as np

from .exec.syscall import PRINTF_FIFO_BYTES, RECORD_HEADER
from .ptx import codes as C
from .ptx.assemble import GLOBAL_BASE

CONVERSION = re.compile(r"%(?P<flags>[-+ #0]*)(?P<width>\*|\d+)?(?:\.(?P<prec>\*|\d*))?"
                        r"(?P<len>hh|h|ll|l|j|z|t|L|q)?(?P<conv>[diouxXeEfFgGaAcsp%])")
MAX_STRING = 4096


def fifo_for(prog):
    """The (FIFO, [bytes used, records dropped]) pair for a launch of prog: CUDA's 1 MiB
    when it calls vprintf, else None (make_mem's FIFO that keeps nothing)."""
    if not any(int(prog.op[i]) == C.OP_CALL and int(prog.sub[i]) == C.SYS_VPRINTF for i in range(prog.n)):
        return None
    return np.zeros(PRINTF_FIFO_BYTES, np.uint8), np.zeros(2, np.int64)


def c_string(gmem, addr):
    """The NUL-terminated string at a generic global address (None where it is not in memory)."""
    off = int(addr) - GLOBAL_BASE
    if addr == 0 or off < 0 or off >= len(gmem):
        return None
    end = bytes(gmem[off:off + MAX_STRING]).find(b"\0")
    raw = bytes(gmem[off:off + (end if end >= 0 else MAX_STRING)])
    return raw.decode("utf-8", "replace")


class _Args:
    """The argument bytes, read in order, each value at an offset aligned to its size."""

    def __init__(self, raw):
        self.raw, self.at = raw, 0

    def take(self, fmt, n):
        self.at = -(-self.at // n) * n
        if self.at + n > len(self.raw):
            return 0
        v = struct.unpack_from("<" + fmt, self.raw, self.at)[0]
        self.at += n
        return v


def format_record(fmt, raw, gmem):
    """One printf call's text: fmt the format, raw its argument bytes."""
    args = _Args(raw)

    def one(m):
        conv, ln = m.group("conv"), m.group("len") or ""
        if conv == "%":
            return "%"
        width, prec = m.group("width"), m.group("prec")
        if width == "*":
            width = str(args.take("i", 4))
        if prec == "*":
            prec = str(args.take("i", 4))
        wide = ln in ("l", "ll", "j", "z", "t", "L", "q")
        spec = "%" + m.group("flags") + (width or "") + ("." + prec if prec is not None else "")
        if conv in "di":
            v = args.take("q" if wide else "i", 8 if wide else 4)
            if ln in ("h", "hh"):                              # printed as a (signed) short or char
                bits = 16 if ln == "h" else 8
                v = (v + (1 << bits - 1)) % (1 << bits) - (1 << bits - 1)
            return (spec + "d") % v
        if conv in "ouxX":
            v = args.take("Q" if wide else "I", 8 if wide else 4)
            if ln in ("h", "hh"):
                v &= 0xFFFF if ln == "h" else 0xFF
            return (spec + ("d" if conv == "u" else conv)) % v
        if conv == "c":
            return (spec + "c") % chr(args.take("i", 4) & 0xFF)
        if conv in "eEfFgG":
            return (spec + conv) % args.take("d", 8)
        if conv in "aA":
            h = float.hex(args.take("d", 8))
            return (spec + "s") % (h.upper() if conv == "A" else h)
        if conv == "p":
            return (spec + "s") % hex(args.take("Q", 8))
        s = c_string(gmem, args.take("Q", 8))                       # %s
        return (spec + "s") % ("(null)" if s is None else s)
    return CONVERSION.sub(one, fmt)


def decode(fifo, used, gmem, block):
    """[(block xyz, thread xyz, text)] of every record in the FIFO, by block and warp."""
    out = []
    off, end = 0, min(int(used[0]), len(fifo))
    while off + RECORD_HEADER <= end:
        head = np.frombuffer(fifo[off:off + RECORD_HEADER].tobytes(), np.uint32)
        rec, nbytes = int(head[0]), int(head[1])
        if rec == 0:
            break
        fmt_addr = int(np.frombuffer(fifo[off + 8:off + 16].tobytes(), np.uint64)[0])
        cta, tid = tuple(int(x) for x in head[4:7]), tuple(int(x) for x in head[7:10])
        raw = fifo[off + RECORD_HEADER:off + RECORD_HEADER + nbytes].tobytes()
        fmt = c_string(gmem, fmt_addr) or ""
        out.append((cta, tid, format_record(fmt, raw, gmem)))
        off += rec

    def warp_key(r):
        (bx, by, bz), (tx, ty, tz) = r[0], r[1]
        return (bz, by, bx, (tx + block[0] * (ty + block[1] * tz)) // 32)
    return sorted(out, key=warp_key)                                # stable: each warp's order kept
