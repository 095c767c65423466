"""Shared memory's 32 banks: which accesses of a warp conflict.

Rule (CUDA C++ Programming Guide, "Shared Memory" for compute capability
5.x and later; seed 004): shared memory is 32 banks of successive 4-byte
words (bank = word address mod 32). A request is served in wavefronts: in
one wavefront each bank delivers one word, so lanes reading *different*
words of the same bank need one wavefront each (an n-way conflict costs n);
lanes reading the *same* word share it (broadcast, free). 8- and 16-byte
accesses are served a half-warp at a time (but a warp whose lanes all read
one 8-byte word takes one wavefront: traces/h200/mio.json's `lds64b`), each half-warp phase taking as
many wavefronts as its most-loaded bank has distinct words: 16 lanes of
distinct 8-byte words are one wavefront (ideal 2 for the warp), of distinct
16-byte words two (ideal 4), and 16 lanes reading one 16-byte word one.
Measured on the H200 here for 16 bytes (traces/h200/programs.json, Nsight's
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld): matmul_tiled's LDS.128
of one 16-byte word per half-warp costs 2 wavefronts, matmul_registers'
LDS.128 of 256 distinct bytes per half-warp 4 -- not the 4 of every
quarter-warp phase the Guide's description implies. Bank conflicts =
wavefronts - ideal wavefronts (a phase's ideal: its distinct words / 32,
rounded up), as Nsight Compute's
l1tex__data_bank_conflicts_pipe_lsu_mem_shared counts them. What this
module gives is what the addresses cost, which Nsight counts exactly by
instrumenting the SASS (smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared,
traces/h200/shared_sass.json: equal to simgpu's on every program); on a busy
SM the hardware counters add the wavefronts the data stage lost to
arbitration with other L1 traffic, in both wavefronts and conflicts (not
modeled: they vary from run to run).
"""
import numpy as np

from ..exec.jit import njit
from .coalescer import sort_small

BANKS = 32
WORD = 4


@njit
def count_wavefronts(offs, mask, nbytes, scratch, broadcast=True, phase=0):
    """(wavefronts, ideal wavefronts) for the active lanes' accesses of
    `nbytes` bytes each at shared offsets offs[l]. scratch: int64[>=128].

    phase: lanes whose accesses share one pass over the banks (0: by the width, 32 lanes of
    one word, 16 of wider ones). ldmatrix and stmatrix pass 8: the hardware takes one 8x8
    matrix (8 rows of 16 bytes) a pass, so rows 32 bytes apart collide two by two
    (tests/cuda/tensor.cu on the H200, traces/h200/tensor/pipes.csv: stmatrix.x4.trans into
    a 16x16 half tile counts 8 wavefronts and 4 bank conflicts, where 16-lane passes give 4).

    broadcast=False for atomics: each lane's read-modify-write is its own
    access, so lanes on one word serialize like lanes on different words of
    one bank (measured on the H200 here, traces/h200/memsys.json:
    `atom.shared` with a warp's 32 lanes on one word costs 32 wavefronts,
    on 32 consecutive words 1)."""
    per_lane_words = max(1, nbytes // WORD)
    if per_lane_words == 2 and broadcast and phase == 0:
        # every lane on one 8-byte word: one wavefront for the warp, not one a half-warp
        # (traces/h200/mio.json, `lds64b`: 1.00 wavefront an LDS.64 with 4, 8 and 32 warps,
        # where 16 lanes on one 16-byte word a half-warp still cost 2, `lds128b` and `lds128h`)
        first = np.int64(-1)
        same = True
        for l in range(32):
            if (mask >> l) & 1:
                if first < 0:
                    first = offs[l]
                elif offs[l] != first:
                    same = False
                    break
        if same and first >= 0:
            return np.int64(1), np.int64(1)
    if per_lane_words > 1 and broadcast and phase == 0:
        # a half-warp phase whose words all lie within 32 consecutive words
        # has each distinct word in a bank of its own: one wavefront, ideal one
        wavefronts = np.int64(0)
        for p0 in range(0, 32, 16):
            lo = np.int64(1) << 62
            hi = -lo
            for l in range(p0, p0 + 16):
                if (mask >> l) & 1:
                    lo = min(lo, offs[l])
                    hi = max(hi, offs[l])
            if hi >= lo:
                if hi // WORD + per_lane_words - 1 - lo // WORD >= BANKS:
                    wavefronts = np.int64(-1)
                    break
                wavefronts += 1
        if wavefronts >= 0:
            return wavefronts, wavefronts
    if per_lane_words == 1 and broadcast:
        # the common case: one word per lane; conflict-free unless two lanes
        # want different words of one bank
        for b in range(BANKS):
            scratch[b] = -1
        clash = False
        for l in range(32):
            if (mask >> l) & 1:
                word = offs[l] // WORD
                b = word % BANKS
                if scratch[b] < 0:
                    scratch[b] = word
                elif scratch[b] != word:
                    clash = True
                    break
        if not clash:
            return np.int64(1), np.int64(1)
    phase_lanes = phase if phase > 0 else (32 if per_lane_words == 1 else 16)
    wavefronts = np.int64(0)
    ideal = np.int64(0)
    for p0 in range(0, 32, phase_lanes):
        n = 0
        for l in range(p0, p0 + phase_lanes):
            if (mask >> l) & 1:
                w0 = offs[l] // WORD
                for k in range(per_lane_words):
                    scratch[n] = w0 + k
                    n += 1
        if n == 0:
            continue
        # sort the words, then count each distinct word once in its bank
        sort_small(scratch, n)
        for k in range(BANKS):
            scratch[64 + k] = 0
        worst = 0
        distinct = 0
        for a in range(n):
            if a == 0 or scratch[a] != scratch[a - 1] or not broadcast:
                distinct += 1
                bank = 64 + scratch[a] % BANKS
                scratch[bank] += 1
                if scratch[bank] > worst:
                    worst = scratch[bank]
        wavefronts += worst
        ideal += (distinct + BANKS - 1) // BANKS
    return wavefronts, ideal


@njit(inline="always")
def one_wavefront(lo, hi, nbytes):
    """True when a warp's accesses of nbytes <= 4 bytes each (one word per
    lane), at shared offsets between lo and hi, are one wavefront of ideal
    one, as count_wavefronts counts them: their words lie within 32
    consecutive words, so distinct words sit in distinct banks."""
    return nbytes <= WORD and hi // WORD - lo // WORD < BANKS
