"""The warp-wide matrix instructions: mma.sync (D = A * B + C on the tensor cores),
ldmatrix and stmatrix (8x8 matrices between shared memory and those fragments).

A warp holds each matrix spread over its 32 lanes' registers (PTX ISA 9.7.14.5,
"Matrix Fragments for mma.m16n8k*"): with groupID = lane / 4 and t = lane % 4, and
e elements to a register (2 halves, 4 bytes, else 1),
- A (M x K): register j, element x of lane (groupID, t) is row groupID + 8 (j % 2),
  column (t + 4 (j / 2)) e + x;
- B (K x N): register j, element x is row (t + 4 j) e + x, column groupID;
- C and D (M x N): element i (of all its registers, low to high) is row
  groupID + 8 (i / 2), column 2 t + i % 2.
One formula covers every shape PTX gives (m16n8k4 ... m16n8k32, m8n8k4 ...); this module
reads it backwards, from a matrix element to the lane and register that hold it.

What the result is: products of f16, bf16 and tf32 values are exact in float64, and
their sum with C is formed in float64 and rounded once to D's type (the H200 rounds its
own way inside the tensor core; tests/test_nvcc_kernels.py compares within a tolerance);
a .tf32 operand is an f32 whose low 13 fraction bits are ignored; f64 accumulates by
fused multiply-adds in k's order; s8/u8 products sum exactly in 64 bits, wrap to 32
(.satfinite: clamp). Every lane of the warp must execute the instruction
(.sync.aligned), else the run stops (E_PARTIAL_WARP).

ldmatrix .xN: lane 8 j + r gives the shared address of row r of matrix j (16 bytes, 8
halves); lane l receives, in its register j, row l / 4 of matrix j, columns 2 (l % 4)
and 2 (l % 4) + 1 (.trans: column l / 4, rows 2 (l % 4) and 2 (l % 4) + 1): B's or A's
fragment above. stmatrix writes the same places from the registers. The addresses are
counted as one shared-memory request of 16 bytes a lane (memory/banks.py's wavefronts).
"""
import numpy as np

from ..ptx import codes as C
from . import fp
from . import memory as MEM
from .alu import f32_to_bits, f64_to_bits, float_value
from .half import to_bits as half_bits
from .half import value as half_value
from .jit import njit
from .lanes import lane_address

FULL = np.int64(0xFFFFFFFF)


@njit(inline="always")
def per_register(t):
    """Elements one register holds: 2 halves, 4 bytes, else 1."""
    bits = C.TYPE_BITS[t] if t != C.T_TF32 else 32
    return 32 // bits if bits < 32 else 1


@njit(inline="always")
def word(P, W, w, g, file, j, lane):
    """Bits of register j of brace list g, in lane `lane`."""
    r = P.grp[g, j]
    if file == C.K_R64:
        return W.r64[w, r, lane]
    return np.uint64(W.r32[w, r, lane])


@njit
def element(u, x, t):
    """Element x of a register's bits u, as float64 (or an integer's value)."""
    if t == C.T_F16 or t == C.T_BF16:
        return half_value(u >> np.uint64(16 * x), t)
    if t == C.T_S8:
        return float(np.int8(np.uint8((u >> np.uint64(8 * x)) & np.uint64(0xFF))))
    if t == C.T_U8:
        return float((u >> np.uint64(8 * x)) & np.uint64(0xFF))
    if t == C.T_TF32:
        return fp.bits_to_f32(u & np.uint64(0xFFFFE000))
    if t == C.T_S32:
        return float(np.int32(np.uint32(u & np.uint64(0xFFFFFFFF))))
    return float_value(u, t)


@njit
def a_element(P, W, w, i, r, k):
    """A[r, k] of mma i (warp w)."""
    t = P.ins[i].ty2
    e = per_register(t)
    col = k // e
    lane = (r & 7) * 4 + (col & 3)
    j = (r >> 3) + 2 * (col >> 2)
    return element(word(P, W, w, P.oreg[i, 1], P.oreg2[i, 1], j, lane), k % e, t)


@njit
def b_element(P, W, w, i, k, c):
    """B[k, c] of mma i (warp w)."""
    t = P.ins[i].rnd                  # (B's type: assemble_tensor.py)
    e = per_register(t)
    row = k // e
    lane = c * 4 + (row & 3)
    return element(word(P, W, w, P.oreg[i, 2], P.oreg2[i, 2], row >> 2, lane), k % e, t)


@njit
def mma(P, W, i, w, mask, I, F, err):
    """mma.sync of warp w: D = A * B + C (the module's rules)."""
    if mask != FULL:
        err[0] = C.E_PARTIAL_WARP
        err[5] = mask
        return
    s = P.ins[i].sub
    m_, k_ = C.MMA_M[s], C.MMA_K[s]
    n_el = m_ * C.MMA_N[s] // 32                     # D's (and C's) elements a lane
    td, ta, tc = P.ins[i].ty, P.ins[i].ty2, P.ins[i].sub2
    ec = per_register(tc)
    integer = td == C.T_S32
    for lane in range(32):
        gid = lane >> 2
        t = lane & 3
        for x in range(n_el):
            r = gid + 8 * (x >> 1)
            c = 2 * t + (x & 1)
            cv = element(word(P, W, w, P.oreg[i, 3], P.oreg2[i, 3], x // ec, lane), x % ec, tc)
            if integer:
                acc = np.int64(cv)
                for k in range(k_):
                    acc += np.int64(a_element(P, W, w, i, r, k)) * np.int64(b_element(P, W, w, i, k, c))
                I[x, lane] = acc
            elif td == C.T_F64:
                acc = cv
                for k in range(k_):
                    acc = fp.fma_f64(a_element(P, W, w, i, r, k), b_element(P, W, w, i, k, c), acc, C.RND_RN)
                F[x, lane] = acc
            else:
                acc = cv
                for k in range(k_):
                    acc += a_element(P, W, w, i, r, k) * b_element(P, W, w, i, k, c)
                F[x, lane] = acc
    write_d(P, W, i, w, n_el, td, integer, I, F)


@njit
def write_d(P, W, i, w, n_el, td, integer, I, F):
    """D's elements (I or F, row x for element x) to its registers, every lane."""
    g = P.oreg[i, 0]
    ed = per_register(td)
    sat = (P.ins[i].iflags & C.F_SAT) != 0
    for lane in range(32):
        for x in range(n_el):
            r = P.grp[g, x // ed]
            if integer:
                v = I[x, lane]
                if sat:
                    v = min(max(v, np.int64(-2147483648)), np.int64(2147483647))
                W.r32[w, r, lane] = np.uint32(v & np.int64(0xFFFFFFFF))
            elif td == C.T_F64:
                W.r64[w, r, lane] = f64_to_bits(F[x, lane])
            elif td == C.T_F32:
                W.r32[w, r, lane] = np.uint32(f32_to_bits(F[x, lane]))
            else:                                    # f16: two to a register, element x % 2 in its half
                sh = np.uint32(16 * (x % 2))
                h = np.uint32(half_bits(F[x, lane], C.T_F16)) << sh
                W.r32[w, r, lane] = (W.r32[w, r, lane] & ~(np.uint32(0xFFFF) << sh)) | h if x % 2 else h


@njit
def movmatrix(P, W, i, w, mask, I, err):
    """movmatrix.m8n8.trans.b16: lane l = 4 g + t gets row g of the transpose, i.e. column g of
    the source, whose rows 2 t and 2 t + 1 lanes 8 t + g / 2 and 8 t + 4 + g / 2 hold (half g % 2).
    I[0] holds the source meanwhile (d may be a)."""
    if mask != FULL:
        err[0] = C.E_PARTIAL_WARP
        err[5] = mask
        return
    d = P.grp[P.oreg[i, 0], 0]
    a = P.grp[P.oreg[i, 1], 0]
    src = I[0]
    for lane in range(32):
        src[lane] = np.int64(W.r32[w, a, lane])
    for lane in range(32):
        g = lane >> 2
        t = lane & 3
        v = np.uint32(0)
        for h in range(2):
            s = np.uint32(src[4 * (2 * t + h) + (g >> 1)])
            v |= ((s >> np.uint32(16 * (g & 1))) & np.uint32(0xFFFF)) << np.uint32(16 * h)
        W.r32[w, d, lane] = v


@njit
def row_addresses(P, W, M, i, w, mask, offs, err):
    """ldmatrix/stmatrix: the shared offsets of the rows (lane 8 j + r: row r of matrix j) in
    offs, checked (16 bytes each, aligned). The lanes that give one, or 0 after a fault."""
    if mask != FULL:
        err[0] = C.E_PARTIAL_WARP
        err[5] = mask
        return np.int64(0)
    rows = np.int64(8 * P.ins[i].sub)
    for l in range(rows):
        a = lane_address(P, W, i, w, 4, l)
        space, off = MEM.resolve(P.ins[i].space, a)
        if space != C.SPACE_SHARED:
            MEM.fault(err, C.E_BAD_SPACE, l, a, space)
            return np.int64(0)
        if not MEM.check(M, space, off, 16, 16, l, a, err):
            return np.int64(0)
        offs[l] = off
    return (np.int64(1) << rows) - 1


@njit
def matrix_move(P, W, M, i, w, mask, I, err):
    """ldmatrix (registers from shared memory) or stmatrix (the reverse) of warp w; the
    mask of lanes whose row addresses it used (0 after a fault), offsets in I[0]."""
    offs = I[0]
    used = row_addresses(P, W, M, i, w, mask, offs, err)
    if used == 0:
        return used
    s16 = M.s8[W.warp[w].wblock].view(np.uint16)
    g = P.oreg[i, 0]
    trans = P.ins[i].sub2 != 0
    load = P.ins[i].op == C.OP_LDMATRIX
    for j in range(P.ins[i].sub):
        r = P.grp[g, j]
        for lane in range(32):
            v = np.uint32(0) if load else W.r32[w, r, lane]
            for h in range(2):
                if trans:      # column lane / 4 of rows 2 (lane % 4) + h
                    at = (offs[8 * j + 2 * (lane & 3) + h] >> 1) + (lane >> 2)
                else:          # row lane / 4, columns 2 (lane % 4) + h
                    at = (offs[8 * j + (lane >> 2)] >> 1) + 2 * (lane & 3) + h
                if load:
                    v |= np.uint32(s16[at]) << np.uint32(16 * h)
                else:
                    s16[at] = np.uint16((v >> np.uint32(16 * h)) & np.uint32(0xFFFF))
            if load:
                W.r32[w, r, lane] = v
    return used
