"""Machine state as flat numpy arrays (structure of arrays), grouped in
namedtuples that compiled code takes as arguments.

- ProgArrays: the decoded program (one row per instruction).
- Warps: per warp slot -- registers [slot, row, lane] in a 32-bit file and a
  64-bit file (floats through .view()), predicates (a row per register as
  compact.py packs them: registers whose lifetimes do not overlap share one), the SIMT
  reconvergence stack (pc, reconvergence pc, mask per level), exited and valid
  lane masks, barrier wait state, the bar.red a warp waits at (instruction and
  lanes, for its result), thread indices; per block slot -- block index,
  live-thread count, barrier arrival counts and bar.red's count of true predicates.
- Mem: device memory as byte arrays (typed access through .view()), for the
  global, shared (per block slot), local (per thread) and param spaces, plus
  the allocation table used for bounds checks.
The timing core (next layer) sizes these for every resident warp of every SM;
the functional run sizes them for one block at a time. Either way a block
slot b holds warps b * k ... b * k + k - 1 (k = warp slots / block slots).
"""
from collections import namedtuple

import numpy as np

from .compact import compact
from .jit import records

ProgArrays = namedtuple("ProgArrays", ["ins", "okind", "oreg", "oreg2", "obits", "ofloat", "grp"])
# grp: the registers of each brace-list operand (K_RGRP: mma's fragments), a row per list
# an instruction's scalar fields in one record (ptx.assemble.Program holds them as
# columns): compiled code reads P.ins[i].op, and a call that takes P passes 6
# arrays rather than 17 (numba passes every array as ~7 scalars)
INS_FIELDS = ("op", "ty", "ty2", "sub", "sub2", "rnd", "iflags", "space", "vec", "guard", "guard_neg", "ipdom")
# (the Program's `flags` column is `iflags` here: numpy's records have a .flags of their own)

Warps = namedtuple("Warps", [
    "r32", "r64", "pr", "warp", "stk", "tid",
    "bctaid", "blive", "bar_arrived", "bar_count", "bar_true", "bred", "dims", "clock"])

# A warp's scalars in one record (32 bytes), and its SIMT stack as records of
# (pc, reconvergence pc, mask): the engines touch one warp at a time, so what
# one step reads of a warp shares a cache line or two, where an array per
# field cost a cache miss per field once the simulated GPU's warps outgrow the
# host's caches (thousands of resident warps on 132 SMs).
WARP_DTYPE = np.dtype([("sp", np.int32), ("wstate", np.int8), ("wbar", np.int8), ("wblock", np.int32),
                       ("wid", np.int32), ("exited", np.int64), ("valid", np.int64)], align=True)
STACK_DTYPE = np.dtype([("pc", np.int32), ("rpc", np.int32), ("mask", np.int64)], align=True)

Mem = namedtuple("Mem", [
    "g8", "alloc_lo", "alloc_hi", "s8", "shared_size", "l8", "local_size", "p8", "pf", "pfn"])
# pf, pfn: the printf FIFO (exec/syscall.py) and its [bytes used, records dropped]

LINE = 64                # bytes in a host cache line


def zeros_lines(shape, dtype):
    """np.zeros(shape, dtype) starting on a host cache line. numpy's large
    arrays start 16 bytes past a page boundary, so each 128-byte row of 32
    registers would straddle three cache lines rather than two (a host
    speed matter only: the values are the same)."""
    dtype = np.dtype(dtype)
    size = int(np.prod(shape)) * dtype.itemsize
    buf = np.zeros(size + LINE, np.uint8)
    off = -buf.ctypes.data % LINE
    return buf[off:off + size].view(dtype).reshape(shape)


STACK_DEPTH = 64
MAX_BARRIERS = 16
# warp states
W_READY, W_BARRIER, W_DONE = 0, 1, 2


def make_warps(n_warps, n_blocks, prog, grid, block):
    rows = compact(prog)                  # a row per register as the executor numbers them
    nr32 = max(1, rows.nregs32)
    nr64 = max(1, rows.nregs64)
    npr = max(1, rows.npreds)
    r32 = zeros_lines((n_warps, nr32, 32), np.uint32)
    r64 = zeros_lines((n_warps, nr64, 32), np.uint64)
    dims = np.array([block[0], block[1], block[2], grid[0], grid[1], grid[2]], np.int64)
    warps = zeros_lines(n_warps, WARP_DTYPE)
    warps["wstate"] = W_DONE
    return Warps(
        r32=r32, r64=r64,
        pr=zeros_lines((n_warps, npr, 32), np.uint8),
        warp=records(warps), stk=records(zeros_lines((n_warps, STACK_DEPTH), STACK_DTYPE)),
        tid=np.zeros((n_warps, 32, 3), np.int32),
        bctaid=np.zeros((n_blocks, 4), np.int32),   # per block slot: %ctaid.x/y/z and the SM it runs on (%smid)
        blive=np.zeros(n_blocks, np.int32),
        bar_arrived=np.zeros((n_blocks, MAX_BARRIERS), np.int32),
        bar_count=np.zeros((n_blocks, MAX_BARRIERS), np.int32),
        bar_true=np.zeros((n_blocks, MAX_BARRIERS), np.int32),
        bred=np.full((n_warps, 2), -1, np.int64),
        dims=dims, clock=np.zeros(n_warps, np.int64))


Work = namedtuple("Work", ["U", "I", "F", "err", "counts", "pc_counts", "mstat", "scratch"])


def make_work(prog, n_opcodes, scratch_size=160):
    """Per-launch working arrays: lane scratch (uint64, int64, float64), the
    fault record, instruction counters (total, per opcode, per pc), the
    per-instruction memory counters and the memory system's scratch."""
    n = max(1, prog.n)
    return Work(np.zeros((6, 32), np.uint64), np.zeros((6, 32), np.int64), np.zeros((6, 32), np.float64),
                np.zeros(8, np.int64), np.zeros(2 + n_opcodes, np.int64), np.zeros(n, np.int64),
                np.zeros((n, 6), np.int64), np.zeros(scratch_size, np.int64))


def make_mem(gmem, alloc_lo, alloc_hi, n_blocks, shared_size, n_threads, local_size, params, printf=None):
    """gmem: uint8 (length a multiple of 8); shared/local sizes in bytes; printf: the
    (FIFO, counters) pair printf records go to (else a FIFO that keeps none).
    Each space is bytes (shared: a row per block slot, local: a row per
    thread); compiled code reads them through typed .view()s (a field per
    view would add ~60 arguments to every call that takes M)."""
    s_bytes = max(8, -(-shared_size // 8) * 8)
    l_bytes = max(8, -(-local_size // 8) * 8)
    p = np.zeros(max(8, -(-len(params) // 8) * 8), np.uint8)
    p[:len(params)] = params
    return Mem(gmem, alloc_lo, alloc_hi, zeros_lines((n_blocks, s_bytes), np.uint8), shared_size,
               np.zeros((n_threads, l_bytes), np.uint8), local_size, p,
               *(printf if printf is not None else (np.zeros(8, np.uint8), np.zeros(2, np.int64))))
