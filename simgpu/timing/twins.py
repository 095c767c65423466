"""The L2 traffic of the SMs a sampled run does not simulate.

A sampled run (timing/run.py, sample_sms=s) simulates s of the GPU's SMs,
spread evenly over them (run.sampled_sms), with the blocks round-robin
dealing gives them: SM j runs blocks j, j + n, j + 2n, ... of a grid dealt
over n SMs. Each SM j' up to the next sampled SM runs blocks j' + r n, and
in a grid of alike blocks block j' + r n does, at about the same time, what
block j + r n does: it is its twin. (SMs that the last round of blocks
leaves a block short run faster; they are sampled in their proportion, and
their twins are mostly of their kind: lines they fetch ahead are hits for
the slower SMs, as in the full run.) What the
simulated SMs cannot see by themselves is what their twins do to the shared
L2 and DRAM: a tile of a matmul's input that blocks on many SMs read is
missed once in the whole GPU and hit by the others, while s SMs alone miss
it once each among themselves (matmul_tiled n=256 on the a100, 16 of 108
SMs: L2 hit rate 0.81 against the full run's 0.94, cycles +14%).

So every request a simulated block sends to the L2 is followed there by
the same request of each of its twins, its sectors at the block's sectors'
cycles, one twin's request after another, served by the whole GPU's L2 and
DRAM (slices, bytes, bandwidth, atomic units) from the twin's SM (so from
its own L2 partition), its answer discarded. A twin's access is its
simulated block's moved by the block index: its sector is
`sector + sum_d (twin_d - block_d) * shift[pc, d]` over the grid's axes d.
The shifts come from the functional engine's run of a few blocks
(exec/functional.py run_block records each global access's sectors): block
0, the block one step along each axis of the grid, and a check block in the
middle of the grid whose accesses must be block 0's moved by the shifts,
sector for sector. Where they are not (addresses that depend on data, or on
the block index other than linearly), or a step's shift is not the same
for every access of an instruction, the twins are not known and the run
keeps the share of the L2 and DRAM its SMs have (run.share_of_gpu), with
the reason in stats["sampled"]["twins"].

What this assumes, beyond alike blocks: a twin's L1 keeps what its block's
keeps (the twin sends the sectors its block sends past the L1), and twins
issue together with their blocks, where the full run's SMs start a few
cycles apart. That holds for later rounds too: a block dealt when a slot
frees has its twins, the next blocks of the grid, dealt within tens of
cycles of it in the full run (matmul_tiled n=512 on the a100), so they
replay with it (from the SMs round-robin dealing would give them, not
the ones that free the slots). What twins cannot give is a race between
the SMs: where blocks share their inputs and the last round is partial,
the SMs that win the shared lines free their slots first and take several
of the late blocks each, which decides when the grid ends
(run.no_error_bound: such a run claims no error bound
unless each SM holds one block). Blocks that run different instructions (different warp
instruction counts or a different sequence of global accesses in the
traced blocks) are not alike, and a sampled run refuses them
(`not_alike`): the simulated SMs' time would not be the grid's.
"""
from collections import namedtuple

import numpy as np

from ..errors import LaunchError
from ..exec.functional import REC_COLS, REC_N, REC_PC, REC_SEC, REC_W, run_block
from ..exec.state import make_mem, make_warps, make_work
from ..exec.jit import njit
from ..memory import SCRATCH_SIZE
from ..memory.hierarchy import l2_sector
from ..ptx import codes as C

# twins' parameters (Requests.twins): on, grid x, grid y, SMs the grid is dealt over, blocks in
# the grid; then, for each SM j of them, the next sampled SM after j if j is sampled (else 0)
TW_ON, TW_GX, TW_GY, TW_NSM, TW_BLOCKS, TW_NEXT = range(6)

Twins = namedtuple("Twins", ["params", "shift", "reason"])


def no_twins(n_pc):
    """A run without twins (a full run, or a sampled one whose twins are not known)."""
    return Twins(np.zeros(TW_NEXT, np.int64), np.zeros((max(1, n_pc), 3), np.int64), None)


def block_id(b, grid):
    """The linear index of block (x, y, z)."""
    return b[0] + grid[0] * (b[1] + grid[1] * b[2])


def trace_block(prog, grid, block, gmem, dev, params, shared, bid, max_instr):
    """The functional run of block `bid` alone (on `gmem`, a copy of the
    device memory): (its global accesses as run_block records them, in the
    order it made them; its warp instructions)."""
    nwarps = -(-block[0] * block[1] * block[2] // 32)
    W = make_warps(nwarps, 1, prog, grid, block)
    M = make_mem(gmem, dev.alloc_lo, dev.alloc_hi, 1, shared, nwarps * 32, prog.local_bytes,
                 np.frombuffer(bytes(params), np.uint8))
    U, I, F, err, counts, pc_counts, mstat, scratch = make_work(prog, len(C.OPCODES), SCRATCH_SIZE)
    rows = 1 << 12
    while True:
        rec = np.zeros((rows, REC_COLS), np.int64)
        rec_n = np.zeros(1, np.int64)
        counts[:] = 0
        rc = run_block(prog.arrays(), W, M, bid, 64, max_instr, U, I, F, err, counts, pc_counts, mstat,
                       scratch, rec, rec_n)
        if rc != 0:
            return None, 0
        if rec_n[0] <= rows:
            return rec[:rec_n[0]], int(counts[0])
        rows = int(rec_n[0])


def _coords(bid, grid):
    return (bid % grid[0], (bid // grid[0]) % grid[1], bid // (grid[0] * grid[1]))


def find_twins(prog, grid, block, dev, params, shared, n_sm, sims, max_instr):
    """The twins of a sampled run of SMs `sims` (run.sampled_sms) of `n_sm` (see the module's
    docstring): Twins, its reason set (and no shifts) where the twins are
    not known. Raises LaunchError when the traced blocks are not alike."""
    nblocks = grid[0] * grid[1] * grid[2]
    off = no_twins(prog.n)
    gmem = dev.gmem.copy()                    # the traced blocks' stores are not the run's
    base, base_instr = trace_block(prog, grid, block, gmem, dev, params, shared, 0, max_instr)
    if base is None:
        return off._replace(reason="block 0 faulted when run alone")
    axes = [d for d in range(3) if grid[d] > 1]
    steps = {d: block_id(tuple(1 if k == d else 0 for k in range(3)), grid) for d in axes}
    mid = block_id(tuple(g // 2 for g in grid), grid)
    if mid in steps.values() or mid == 0:
        mid = nblocks - 1
    traced = {}
    for bid in list(steps.values()) + ([mid] if mid not in steps.values() and mid != 0 else []):
        rec, instr = trace_block(prog, grid, block, gmem, dev, params, shared, bid, max_instr)
        if rec is None:
            return off._replace(reason=f"block {_coords(bid, grid)} faulted when run alone")
        if instr != base_instr or len(rec) != len(base) or \
                not np.array_equal(rec[:, :REC_SEC], base[:, :REC_SEC]):
            raise LaunchError(
                f"sample_sms: the grid's blocks are not alike (block (0, 0, 0) runs {base_instr:,} warp "
                f"instructions, {len(base):,} global accesses; block {_coords(bid, grid)} {instr:,}, {len(rec):,}, "
                "or other ones): a sample of its SMs does not time the grid; simulate the whole grid")
        traced[bid] = rec
    shift = np.zeros((max(1, prog.n), 3), np.int64)
    n = base[:, REC_N]
    base, n = base[n > 0], n[n > 0]                  # (an access whose lanes were all off: no sectors)
    traced = {bid: rec[rec[:, REC_N] > 0] for bid, rec in traced.items()}
    cols = np.arange(32)[None, :] < n[:, None]
    pcs = base[:, REC_PC]
    for d in axes:
        diff = traced[steps[d]][:, REC_SEC:] - base[:, REC_SEC:]
        first = diff[:, 0]
        if np.any(cols & (diff != first[:, None])):
            r = int(np.argmax(np.any(cols & (diff != first[:, None]), axis=1)))
            return off._replace(reason=f"pc {pcs[r]}: a block's sectors are not its neighbour's moved "
                                       "by one shift")
        for pc in np.unique(pcs):
            f = np.unique(first[pcs == pc])
            if len(f) != 1:
                return off._replace(reason=f"pc {pc}: its accesses move by different shifts "
                                           "from one block to the next")
            shift[pc, d] = f[0]
    if mid in traced:
        c = _coords(mid, grid)
        want = base[:, REC_SEC:] + sum(c[d] * shift[pcs, d][:, None] for d in axes)
        if np.any(cols & (traced[mid][:, REC_SEC:] != want)):
            return off._replace(reason=f"block {c}'s addresses are not block 0's moved by its index")
    params_ = np.zeros(TW_NEXT + n_sm, np.int64)
    params_[:TW_NEXT] = (1, grid[0], grid[1], n_sm, nblocks)
    params_[TW_NEXT + sims] = np.append(sims[1:], n_sm)
    return Twins(params_, shift, None)


@njit
def serve_twins(MS, tw, shift, b, pc, ent, e0, e1, store, atomic):
    """The requests of the twins of block b, like its request (pc `pc`) whose
    sectors are entries e0:e1 of `ent` (those without a `dep` on another
    entry), reaching the L2 with its sectors, at their cycles: see the
    module's docstring. Each twin's sectors go after the block's, one
    request after another, as a request's sectors do from its SM: the
    sectors of a line a request reads are read together (hierarchy.py
    l2_sector: a DRAM read of a line's next sector is counted in flight
    with its first), where serving each sector's twins before the next
    sector put the twins' reads between them and counted a line's sectors
    as reads of their own (vector_add n = 2^20 on the h200, 8 of 132 SMs
    sampled: 112,848 line reads counted in flight, 65,536 in the full run,
    cycles +15.4%)."""
    gx, gy, nsm, nb = tw[TW_GX], tw[TW_GY], tw[TW_NSM], tw[TW_BLOCKS]
    r = b // nsm
    bx, by, bz = b % gx, (b // gx) % gy, b // (gx * gy)
    for j in range(b % nsm + 1, tw[TW_NEXT + b % nsm]):
        t = r * nsm + j
        if t >= nb:
            break
        move = (t % gx - bx) * shift[pc, 0] + ((t // gx) % gy - by) * shift[pc, 1] + \
            (t // (gx * gy) - bz) * shift[pc, 2]
        for e in range(e0, e1):
            if ent[e].dep < 0:
                l2_sector(MS, j, ent[e].tn, ent[e].sec + move, store, atomic, ent[e].ops)
