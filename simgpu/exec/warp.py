"""Executing one instruction of one warp: the SIMT core's functional step.

The SIMT stack (reconvergence stack) follows GPGPU-Sim's model of
pre-Volta NVIDIA GPUs (Fung et al., MICRO 2007): each warp has a stack of
(pc, reconvergence pc, active mask). A branch that splits the warp sets the
top entry's pc to the branch's immediate post-dominator and pushes the
not-taken and then the taken side; a side pops when its pc reaches the
reconvergence pc, and the lanes run on together. Where the post-dominator
is the ptxas lowering's BSYNC, the reconvergence pc is the instruction
after it: each side issues the BSYNC, as on the hardware. Volta's independent thread
scheduling is not modeled: programs that need it (spin locks between lanes
of one warp) can hang here, which the instruction cap reports.

Barriers (bar.sync / barrier.sync) count arriving threads; a barrier with no
thread count completes when every non-exited thread of the block has
arrived. A warp that exits counts as arrived, so blocks whose threads exit
early do not hang.

`step` is the unit the engines call: it executes the instruction at the top
of warp w's stack and returns ST_OK, ST_BARRIER (now waiting), ST_EXITED
(the whole warp finished) or ST_FAULT (err holds the record).
"""
import numpy as np

from ..memory import SCR_ATOMIC, SCR_DATA, SCR_NSECTORS, SCR_SPACE, SCR_VALID, SCR_WAVEFRONTS
from ..memory.banks import count_wavefronts, one_wavefront
from ..memory.coalescer import ATOM_FLOAT, count_atomic_sectors, count_sectors, local_lines, store_beats
from ..ptx import codes as C
from ..ptx.assemble import GLOBAL_BASE
from . import memory as MEM
from .alu import TBITS, TKIND, alu, float_bits, float_value
from .jit import njit
from .lanes import fetch_bits, lane_address, popcount, store_bits
from .state import MAX_BARRIERS, STACK_DEPTH, W_BARRIER, W_DONE, W_READY
from .syscall import syscall
from .tensor import matrix_move, mma, movmatrix


@njit(inline="always")
def guard_mask(P, W, i, w, active):
    g = P.ins[i].guard
    if g < 0:
        return active
    neg = P.ins[i].guard_neg != 0
    m = np.int64(0)
    for l in range(32):
        if (active >> l) & 1 and ((W.pr[w, g, l] != 0) != neg):
            m |= np.int64(1) << l
    return m


@njit
def release_barrier(P, W, b, bar, d):
    """Barrier `bar` of block slot b completes: its waiting warps go on, and each warp that
    arrived by a bar.red gets the reduction in the lanes it arrived with (d: lane scratch)."""
    arrived = W.bar_arrived[b, bar]
    true = W.bar_true[b, bar]
    W.bar_arrived[b, bar] = 0
    W.bar_count[b, bar] = 0
    W.bar_true[b, bar] = 0
    per = W.warp.shape[0] // W.blive.shape[0]      # block slot b's warps are b * per ... (state.py)
    for v in range(b * per, (b + 1) * per):
        if W.warp[v].wblock != b or W.warp[v].wbar != bar:
            continue
        if W.bred[v, 0] >= 0 and W.warp[v].wstate != W_DONE:
            i = W.bred[v, 0]
            how = P.ins[i].sub2
            if how == C.BARRED_POPC:
                r = np.uint64(true)
            elif how == C.BARRED_AND:
                r = np.uint64(true == arrived)
            else:
                r = np.uint64(true > 0)
            for l in range(32):
                d[l] = r
            store_bits(P, W, i, 0, v, W.bred[v, 1], d)
            W.bred[v, 0] = -1
        if W.warp[v].wstate == W_BARRIER:
            W.warp[v].wstate = W_READY


@njit
def try_release(P, W, b, d):
    """Complete every barrier of block b whose expected threads have all arrived."""
    for bar in range(MAX_BARRIERS):
        arrived = W.bar_arrived[b, bar]
        if arrived > 0:
            expect = W.bar_count[b, bar] if W.bar_count[b, bar] > 0 else W.blive[b]
            if arrived >= expect:
                release_barrier(P, W, b, bar, d)


@njit
def exit_lanes(W, w, m):
    """Lanes m of warp w exit: remove them from every stack level."""
    m &= ~W.warp[w].exited
    W.warp[w].exited |= m
    for k in range(W.warp[w].sp + 1):
        W.stk[w, k].mask &= ~m
    W.blive[W.warp[w].wblock] -= popcount(m)


@njit(inline="always")
def settle(P, W, w):
    """Pop finished or reconverged stack levels; True if the warp is done."""
    while True:
        sp = W.warp[w].sp
        if sp < 0:
            return True
        if W.stk[w, sp].mask == 0 or W.stk[w, sp].pc == W.stk[w, sp].rpc:
            W.warp[w].sp = sp - 1
            continue
        if W.stk[w, sp].pc >= P.ins.shape[0]:        # fell off the end: those lanes exit
            exit_lanes(W, w, W.stk[w, sp].mask)
            continue
        return False


@njit
def sext_to(v, bits):
    sh = np.uint64(64 - bits)
    return np.uint64(np.int64(v << sh) >> np.int64(sh))


@njit
def mem_op(P, W, M, i, w, mask, U, I, err, mstat, scratch):
    """ld/ldu/st of one warp: every active lane's address, its space (a
    generic address resolved per lane), the checks, then the accesses, element
    by element of a vector, lanes in order. Lanes of one instruction whose
    generic addresses fall in different spaces take the per-lane path; an
    instruction that names its space (ld.shared, st.global ...) takes
    mem_direct."""
    if mask == 0:
        return
    if P.ins[i].space != C.SPACE_GENERIC:
        mem_direct(P, W, M, i, w, mask, U, I, err, mstat, scratch)
        return
    op = P.ins[i].op
    t = P.ins[i].ty
    nbytes = max(1, TBITS[t] // 8)
    vec = np.int64(P.ins[i].vec)
    size = nbytes * vec
    blk = W.warp[w].wblock
    offs = I[0]
    lane_space = I[1]
    addrs = U[5]
    lane_addresses(P, W, i, w, addrs, 4)
    space = -1
    mixed = False
    for l in range(32):
        if (mask >> l) & 1:
            sp_l, off = MEM.resolve(P.ins[i].space, addrs[l])
            offs[l] = off
            lane_space[l] = sp_l
            if space < 0:
                space = sp_l
            elif sp_l != space:
                mixed = True
    if op == C.OP_ST:
        for e in range(vec):
            fetch_bits(P, W, i, e, w, U[e])
    if not mixed and MEM.check_lanes(M, space, offs, mask, size, err):
        for e in range(vec):
            if op == C.OP_ST:
                MEM.store_lanes(M, space, nbytes, e * nbytes, offs, mask, blk, w, U[e])
            else:
                MEM.load_lanes(M, space, nbytes, e * nbytes, offs, mask, blk, w, U[e])
    else:
        if not lanes_one_by_one(P, W, M, i, w, mask, U, I, err, nbytes, size, vec, blk, op):
            return
    if op == C.OP_LD or op == C.OP_LDU:
        for e in range(vec):
            load_result(P, W, i, e, w, mask, t, nbytes, U[e])
    count_access(offs, mask, size, space, i, mstat, scratch, op == C.OP_ST, np.int64(0), np.int64(1) << 62)


@njit(inline="always")
def lane_addresses(P, W, i, w, addrs, slot):
    """Every lane's address in operand slot `slot` (lanes.lane_address)."""
    for l in range(32):
        addrs[l] = lane_address(P, W, i, w, slot, l)


@njit
def lanes_one_by_one(P, W, M, i, w, mask, U, I, err, nbytes, size, vec, blk, op):
    """The accesses lane by lane, after every lane's check: a fault names the
    first lane in error; spaces may differ per lane (I[0]: offsets, I[1]:
    spaces, U[5]: addresses). U[e] holds a store's values, receives a load's.
    False after a fault."""
    offs = I[0]
    lane_space = I[1]
    addrs = U[5]
    for l in range(32):
        if not (mask >> l) & 1:
            continue
        sp_l = lane_space[l]
        if not MEM.check(M, sp_l, offs[l], size, size, l, addrs[l], err):
            return False
    for l in range(32):
        if (mask >> l) & 1:
            for e in range(vec):
                if op == C.OP_ST:
                    MEM.store(M, lane_space[l], offs[l] + e * nbytes, nbytes, blk, w * 32 + l, U[e][l])
                else:
                    U[e][l] = MEM.load(M, lane_space[l], offs[l] + e * nbytes, nbytes, blk, w * 32 + l)
    return True


@njit(inline="always")
def load_result(P, W, i, e, w, mask, t, nbytes, d):
    """Write element e of a load (raw bits in d) to its register, sign-extended
    for a signed type narrower than 8 bytes."""
    if TKIND[t] == C.KIND_SIGNED and nbytes < 8:
        for l in range(32):
            d[l] = sext_to(d[l], nbytes * 8)
    store_bits(P, W, i, e, w, mask, d)


@njit(inline="always")
def mem_direct(P, W, M, i, w, mask, U, I, err, mstat, scratch):
    """(Inlined into step: a call passes every array of P, W and M as
    separate scalars, and half of a tiled matmul's instructions come here.)
    mem_op for an instruction that names its space (mask != 0): every
    lane in that space, so the offsets, their range and alignment come in one
    pass over the lanes, and the common words -- 4 bytes from or to a 32-bit
    register, in global, shared or param memory -- go straight between the
    register file and memory. The same results as the per-lane rules: lanes in
    order, a fault naming the first lane in error."""
    op = P.ins[i].op
    t = P.ins[i].ty
    nbytes = max(1, TBITS[t] // 8)
    vec = np.int64(P.ins[i].vec)
    size = nbytes * vec
    blk = W.warp[w].wblock
    space = np.int64(P.ins[i].space)
    offs = I[0]
    addrs = U[5]
    lane_addresses(P, W, i, w, addrs, 4)
    base = np.uint64(GLOBAL_BASE) if space == C.SPACE_GLOBAL or space == C.SPACE_CONST else np.uint64(0)   # MEM.resolve
    lo = np.int64(1) << 62
    hi = -lo
    bad_align = np.int64(0)
    for l in range(32):
        if (mask >> l) & 1:
            o = np.int64(addrs[l] - base)
            offs[l] = o
            bad_align |= o
            lo = min(lo, o)
            hi = max(hi, o)
    if not MEM.check_range(M, space, lo, hi, bad_align, size):
        lane_space = I[1]
        for l in range(32):
            lane_space[l] = space
        if op == C.OP_ST:
            for e in range(vec):
                fetch_bits(P, W, i, e, w, U[e])
        if not lanes_one_by_one(P, W, M, i, w, mask, U, I, err, nbytes, size, vec, blk, op):
            return
        if op != C.OP_ST:
            for e in range(vec):
                load_result(P, W, i, e, w, mask, t, nbytes, U[e])
        if space == C.SPACE_LOCAL:
            local_lines(offs, mask, size, w, M.local_size)
        count_access(offs, mask, size, space, i, mstat, scratch, op == C.OP_ST, np.int64(0), np.int64(1) << 62)
        return
    words = nbytes == 4 and space != C.SPACE_LOCAL
    v32 = MEM.space_bytes(M, space, blk, 0).view(np.uint32)       # (unused for local)
    if op == C.OP_ST:
        for e in range(vec):
            if words and P.okind[i, e] == C.K_R32:
                r = P.oreg[i, e]
                for l in range(32):
                    if (mask >> l) & 1:
                        v32[(offs[l] >> 2) + e] = W.r32[w, r, l]
            else:
                fetch_bits(P, W, i, e, w, U[e])
                MEM.store_lanes(M, space, nbytes, e * nbytes, offs, mask, blk, w, U[e])
    else:
        for e in range(vec):
            if words and P.okind[i, e] == C.K_R32:
                # a 4-byte word to a 32-bit register: sign extension would be truncated away
                r = P.oreg[i, e]
                for l in range(32):
                    if (mask >> l) & 1:
                        W.r32[w, r, l] = v32[(offs[l] >> 2) + e]
            else:
                MEM.load_lanes(M, space, nbytes, e * nbytes, offs, mask, blk, w, U[e])
                load_result(P, W, i, e, w, mask, t, nbytes, U[e])
    if space == C.SPACE_LOCAL:                  # the hierarchy's addresses of the lanes' words
        local_lines(offs, mask, size, w, M.local_size)
        lo, hi = np.int64(0), np.int64(1) << 62
    count_access(offs, mask, size, space, i, mstat, scratch, op == C.OP_ST, lo, hi)


@njit
def cp_async(P, W, M, i, w, mask, U, I, err, mstat, scratch):
    """cp.async.{ca,cg}.shared.global [dst], [src], size, src-size: each active lane copies `size`
    bytes from its global address to its shared one, the bytes past src-size zero (PTX ISA
    9.7.9.25). simgpu copies at issue: what a thread may read of them after its wait is the
    same (reading before it is a race, on the hardware too); the timing engine holds the wait
    until the copy's global read is answered. Counted as the global read it is (Nsight's
    ..._op_ldgsts requests and sectors)."""
    if mask == 0:
        return
    blk = W.warp[w].wblock
    size = np.int64(P.obits[i, 1])
    srcsz = U[2]
    fetch_bits(P, W, i, 2, w, srcsz)
    src = U[5]
    lane_addresses(P, W, i, w, src, 4)
    dst = U[3]
    lane_addresses(P, W, i, w, dst, 5)
    offs, dsto = I[0], I[1]
    for l in range(32):
        if (mask >> l) & 1:
            dsto[l] = np.int64(dst[l])
            offs[l] = np.int64(src[l] - np.uint64(GLOBAL_BASE))
    for l in range(32):
        if (mask >> l) & 1:
            n = min(np.int64(srcsz[l] & np.uint64(0xFFFFFFFF)), size)
            if n > 0 and not MEM.check(M, C.SPACE_GLOBAL, offs[l], n, size, l, src[l], err):
                return
            if not MEM.check(M, C.SPACE_SHARED, dsto[l], size, size, l, np.uint64(dsto[l]), err):
                return
    for l in range(32):
        if (mask >> l) & 1:
            n = min(np.int64(srcsz[l] & np.uint64(0xFFFFFFFF)), size)
            for k in range(size):
                v = MEM.load(M, C.SPACE_GLOBAL, offs[l] + k, 1, blk, w * 32 + l) if k < n else np.uint64(0)
                MEM.store(M, C.SPACE_SHARED, dsto[l] + k, 1, blk, w * 32 + l, v)
    count_access(offs, mask, size, C.SPACE_GLOBAL, i, mstat, scratch, False, np.int64(0), np.int64(1) << 62)


@njit
def count_access(offs, mask, nbytes, space, i, mstat, scratch, store, lo, hi, phase=0):
    """Per-instruction memory counters: requests and 32-byte sectors for global
    and local accesses (coalescer), wavefronts for shared ones (banks); a
    store's beats on the SM's store path per sector (coalescer.store_beats). lo, hi:
    the lowest and highest offsets when known (else 0 and 2**62): accesses
    of one word per lane within 32 words are one wavefront without a count."""
    if space != C.SPACE_SHARED and space != C.SPACE_GLOBAL and space != C.SPACE_LOCAL:
        return                              # parameters: constant-bank operands, not memory requests
    mstat[i, 0] += 1
    mstat[i, 3] = space
    mstat[i, 4] += popcount(mask) * nbytes      # bytes the threads asked for
    scratch[SCR_VALID] = 1
    scratch[SCR_SPACE] = space
    scratch[SCR_ATOMIC] = 0
    if space == C.SPACE_SHARED:
        if one_wavefront(lo, hi, nbytes):
            wf, ideal = np.int64(1), np.int64(1)
        else:
            wf, ideal = count_wavefronts(offs, mask, nbytes, scratch, True, phase)
        mstat[i, 1] += wf
        mstat[i, 2] += ideal
        scratch[SCR_WAVEFRONTS] = wf
        scratch[SCR_DATA] = (popcount(mask) * nbytes + 127) // 128 if store else (popcount(mask) * nbytes + 255) // 256
    else:
        # a load's wavefronts in the L1's data stage: its 32 banks as shared memory's (banks.py;
        # programs/micro/ldg_banks.s), counted before the sectors take the scratch
        wf = np.int64(0)
        if not store:
            if one_wavefront(lo, hi, nbytes):
                wf = np.int64(1)
            else:
                wf, _ = count_wavefronts(offs, mask, nbytes, scratch)
        n = count_sectors(offs, mask, nbytes, scratch)
        mstat[i, 1] += n
        mstat[i, 2] += wf
        scratch[SCR_NSECTORS] = n
        scratch[SCR_WAVEFRONTS] = wf
        if store:
            store_beats(offs, mask, nbytes, scratch, n)


@njit
def atomic_new(aop, t, old, b, c):
    """The value an atomic writes, given the old value and operands (raw bits)."""
    kind = TKIND[t]
    bits = TBITS[t]
    if aop == C.A_EXCH:
        return b
    if aop == C.A_CAS:
        wm = np.uint64(0xFFFFFFFF) if bits == 32 else np.uint64(0xFFFFFFFFFFFFFFFF)
        return c if (old & wm) == (b & wm) else old
    if aop == C.A_AND:
        return old & b
    if aop == C.A_OR:
        return old | b
    if aop == C.A_XOR:
        return old ^ b
    if aop == C.A_INC:
        o = old & np.uint64(0xFFFFFFFF)
        return np.uint64(0) if o >= (b & np.uint64(0xFFFFFFFF)) else o + np.uint64(1)
    if aop == C.A_DEC:
        o = old & np.uint64(0xFFFFFFFF)
        bb = b & np.uint64(0xFFFFFFFF)
        return bb if (o == 0 or o > bb) else o - np.uint64(1)
    if kind == C.KIND_FLOAT:
        x = float_value(old, t)
        y = float_value(b, t)
        if aop == C.A_ADD:
            r = x + y
        elif aop == C.A_MIN:
            r = min(x, y)
        else:
            r = max(x, y)
        return float_bits(r, t)
    if aop == C.A_ADD:
        return old + b
    if kind == C.KIND_SIGNED:
        x = np.int64(sext_to(old, bits))
        y = np.int64(sext_to(b, bits))
        r = min(x, y) if aop == C.A_MIN else max(x, y)
        return np.uint64(r)
    wm = np.uint64(0xFFFFFFFF) if bits == 32 else np.uint64(0xFFFFFFFFFFFFFFFF)
    x = old & wm
    y = b & wm
    return min(x, y) if aop == C.A_MIN else max(x, y)


@njit
def count_atomic(offs, mask, nbytes, space, red, floating, i, mstat, scratch, spin=False):
    """Per-instruction counters of an atomic: a request, and its L2 sector
    operations (global: coalescer.count_atomic_sectors, each marked
    ATOM_FLOAT when `floating`) or its wavefronts (shared: every lane its own
    access, banks.count_wavefronts; a CAST.SPIN, whose lanes that try are on
    different banks, 2: Nsight's source view of weighted_hist on the H100
    counts 347,598 shared wavefronts for its 173,799 ATOMS.CAST.SPIN,
    traces/h100/pc_sampling/weighted_hist_source.csv.gz)."""
    mstat[i, 0] += 1
    mstat[i, 3] = space
    mstat[i, 4] += popcount(mask) * nbytes
    scratch[SCR_VALID] = 1
    scratch[SCR_SPACE] = space
    if space == C.SPACE_SHARED:
        if spin:
            wf, ideal = np.int64(2), np.int64(2)
        else:
            wf, ideal = count_wavefronts(offs, mask, nbytes, scratch, False)
        mstat[i, 1] += wf
        mstat[i, 2] += ideal
        scratch[SCR_WAVEFRONTS] = wf
        scratch[SCR_ATOMIC] = 0
        scratch[SCR_DATA] = (popcount(mask) * nbytes + 127) // 128
    else:
        n, ops = count_atomic_sectors(offs, mask, nbytes, scratch)
        if floating:
            for k in range(n):
                scratch[64 + k] |= ATOM_FLOAT
        mstat[i, 1] += ops
        mstat[i, 2] += n
        scratch[SCR_NSECTORS] = n
        scratch[SCR_ATOMIC] = 2 if red else 1


@njit
def atomic_op(P, W, M, i, w, mask, U, I, err, mstat, scratch):
    t = P.ins[i].ty
    nbytes = TBITS[t] // 8
    aop = P.ins[i].sub
    blk = W.warp[w].wblock
    b, c, d = U[1], U[2], U[0]
    fetch_bits(P, W, i, 1, w, b)
    if aop == C.A_CAS:
        fetch_bits(P, W, i, 2, w, c)
    offs = I[0]
    first_space = -1
    spin = (P.ins[i].iflags & C.F_SPIN) != 0
    banks_tried = np.int64(0)
    for l in range(32):                      # lanes in order: one serialization of the atomics
        if not (mask >> l) & 1:
            continue
        addr = lane_address(P, W, i, w, 4, l)
        space, off = MEM.resolve(P.ins[i].space, addr)
        if space != C.SPACE_GLOBAL and space != C.SPACE_SHARED:
            MEM.fault(err, C.E_BAD_SPACE, l, addr, space)
            return
        if not MEM.check(M, space, off, nbytes, nbytes, l, addr, err):
            return
        if first_space < 0:
            first_space = space
        offs[l] = off
        if spin:
            # ATOMS.CAST.SPIN, the "fast fail" compare-and-store: the lanes are grouped by the
            # bank of their word, one lane of each group (here the lowest) compares and stores,
            # and the others fail at once without touching memory; each writes 1 if it stored
            # (the SASS reference of its opcode: "One thread from each group is selected to do
            # its ATOMS.CAST ...; all other threads from that bank will immediately fail").
            bank = np.int64(1) << ((off >> 2) & 31)
            d[l] = np.uint64(0)
            if banks_tried & bank:
                continue
            banks_tried |= bank
            old = MEM.load(M, space, off, nbytes, blk, w * 32 + l)
            if (old & np.uint64(0xFFFFFFFF)) == (b[l] & np.uint64(0xFFFFFFFF)):
                MEM.store(M, space, off, nbytes, blk, w * 32 + l, c[l])
                d[l] = np.uint64(1)
            continue
        old = MEM.load(M, space, off, nbytes, blk, w * 32 + l)
        MEM.store(M, space, off, nbytes, blk, w * 32 + l, atomic_new(aop, t, old, b[l], c[l]))
        d[l] = old
    if P.ins[i].op == C.OP_ATOM:
        store_bits(P, W, i, 0, w, mask, d)
    if mask != 0:
        count_atomic(offs, mask, nbytes, first_space, P.ins[i].op == C.OP_RED, TKIND[t] == C.KIND_FLOAT, i, mstat,
                     scratch, spin)


@njit
def warp_op(P, W, i, w, active, mask, U):
    op = P.ins[i].op
    d = U[0]
    if op == C.OP_ACTIVEMASK:
        for l in range(32):
            d[l] = np.uint64(active)
        store_bits(P, W, i, 0, w, mask, d)
        return
    if op == C.OP_VOTE:
        pv = U[1]
        fetch_bits(P, W, i, 1, w, pv)
        mm = U[2]
        fetch_bits(P, W, i, 2, w, mm)
        first = 0
        while first < 31 and not (mask >> first) & 1:
            first += 1
        members = mask & np.int64(mm[first] & np.uint64(0xFFFFFFFF))
        ballot = np.int64(0)
        for l in range(32):
            if (members >> l) & 1 and pv[l] != 0:
                ballot |= np.int64(1) << l
        mode = P.ins[i].sub
        if mode == C.VOTE_BALLOT:
            r = np.uint64(ballot)
        elif mode == C.VOTE_ALL:
            r = np.uint64(ballot == members)
        elif mode == C.VOTE_ANY:
            r = np.uint64(ballot != 0)
        else:
            r = np.uint64(ballot == 0 or ballot == members)
        for l in range(32):
            d[l] = r
        store_bits(P, W, i, 0, w, mask, d)
        return
    if op == C.OP_SHFL:
        a, b, c, p = U[2], U[3], U[4], U[1]
        fetch_bits(P, W, i, 2, w, a)
        fetch_bits(P, W, i, 3, w, b)
        fetch_bits(P, W, i, 4, w, c)
        mode = P.ins[i].sub
        for l in range(32):
            bval = np.int64(b[l] & np.uint64(0x1F))
            cv = np.int64(c[l])
            clamp = cv & 0x1F
            segmask = (cv >> 8) & 0x1F
            max_lane = (l & segmask) | (clamp & ~segmask)
            min_lane = l & segmask
            if mode == C.SHFL_UP:
                j = l - bval
                ok = j >= max_lane
            elif mode == C.SHFL_DOWN:
                j = l + bval
                ok = j <= max_lane
            elif mode == C.SHFL_BFLY:
                j = l ^ bval
                ok = j <= max_lane
            else:
                j = min_lane | (bval & ~segmask)
                ok = j <= max_lane
            if not ok:
                j = l
            d[l] = a[j]
            p[l] = np.uint64(ok)
        store_bits(P, W, i, 0, w, mask, d)
        if P.okind[i, 1] != C.K_NONE:
            store_bits(P, W, i, 1, w, mask, p)
        return
    if op == C.OP_MATCH:
        a, mm, p = U[1], U[2], U[3]
        fetch_bits(P, W, i, 2, w, a)
        fetch_bits(P, W, i, 3, w, mm)
        first = 0
        while first < 31 and not (mask >> first) & 1:
            first += 1
        members = mask & np.int64(mm[first] & np.uint64(0xFFFFFFFF))
        if P.ins[i].sub == C.MATCH_ALL:         # d = the members when all agree, else 0; p = whether they do
            same_all = True
            for l in range(32):
                if (members >> l) & 1 and a[l] != a[first]:
                    same_all = False
            for l in range(32):
                d[l] = np.uint64(members) if same_all else np.uint64(0)
                p[l] = np.uint64(same_all)
            if P.okind[i, 1] != C.K_NONE:
                store_bits(P, W, i, 1, w, mask, p)
        else:                                   # match.any: d = the members holding the lane's value
            for l in range(32):
                peers = np.int64(0)
                if (members >> l) & 1:
                    for k in range(32):
                        if (members >> k) & 1 and a[k] == a[l]:
                            peers |= np.int64(1) << k
                d[l] = np.uint64(peers)
        store_bits(P, W, i, 0, w, mask, d)
        return
    if op == C.OP_REDUX:
        a = U[1]
        fetch_bits(P, W, i, 1, w, a)
        aop = P.ins[i].sub
        signed = TKIND[P.ins[i].ty] == C.KIND_SIGNED
        first = True
        acc = np.uint64(0)
        for l in range(32):
            if not (mask >> l) & 1:
                continue
            v = a[l] & np.uint64(0xFFFFFFFF)
            if first:
                acc = v
                first = False
            elif aop == C.A_ADD:
                acc = (acc + v) & np.uint64(0xFFFFFFFF)
            elif aop == C.A_AND:
                acc &= v
            elif aop == C.A_OR:
                acc |= v
            elif aop == C.A_XOR:
                acc ^= v
            elif signed:
                x = np.int64(sext_to(acc, 32))
                y = np.int64(sext_to(v, 32))
                acc = np.uint64(min(x, y) if aop == C.A_MIN else max(x, y)) & np.uint64(0xFFFFFFFF)
            else:
                acc = min(acc, v) if aop == C.A_MIN else max(acc, v)
        for l in range(32):
            d[l] = acc
        store_bits(P, W, i, 0, w, mask, d)


@njit
def cvta(P, W, i, w, mask, U):
    a = U[1]
    fetch_bits(P, W, i, 1, w, a)
    space = P.ins[i].space
    base = np.uint64(0)
    if space == C.SPACE_SHARED:
        base = np.uint64(MEM.SHARED_WINDOW)
    elif space == C.SPACE_LOCAL:
        base = np.uint64(MEM.LOCAL_WINDOW)
    for l in range(32):
        if P.ins[i].sub == C.CVTA_FROM_GENERIC:
            U[0][l] = a[l] - base
        else:
            U[0][l] = a[l] + base
    store_bits(P, W, i, 0, w, mask, U[0])


@njit(inline="always")
def step(P, W, M, w, U, I, F, err, counts, pc_counts, mstat, scratch):
    """Execute the instruction at the top of warp w's SIMT stack."""
    sp = W.warp[w].sp
    pc = W.stk[w, sp].pc
    active = W.stk[w, sp].mask
    i = pc
    mask = guard_mask(P, W, i, w, active)
    op = P.ins[i].op
    threads = popcount(mask)
    counts[0] += 1                      # warp instructions
    counts[1] += threads                # thread instructions (predicated on)
    counts[2 + op] += 1
    pc_counts[i] += 1
    mstat[i, 5] += threads              # the same, per pc
    next_pc = pc + 1
    status = C.ST_OK
    if op == C.OP_BRA:
        target = np.int32(P.obits[i, 0])
        taken = mask
        not_taken = active & ~taken
        if taken == 0:
            pass
        elif not_taken == 0:
            next_pc = target
        else:
            if sp + 2 >= STACK_DEPTH:
                err[0] = C.E_STACK
                return C.ST_FAULT
            r = P.ins[i].ipdom
            if r >= 0 and (P.ins[r].iflags & C.F_BSYNC) != 0:
                r += 1                  # each path issues the join's BSYNC (ptx/convergence.py)
            W.stk[w, sp].pc = r if r >= 0 else P.ins.shape[0] + 1
            W.stk[w, sp + 1].pc = next_pc
            W.stk[w, sp + 1].rpc = r
            W.stk[w, sp + 1].mask = not_taken
            W.stk[w, sp + 2].pc = target
            W.stk[w, sp + 2].rpc = r
            W.stk[w, sp + 2].mask = taken
            W.warp[w].sp = sp + 2
            if r < 0:       # no reconvergence before exit: the base entry never runs again
                W.stk[w, sp].mask = 0
            if settle(P, W, w):
                W.warp[w].wstate = W_DONE
                return C.ST_EXITED
            return C.ST_OK
    elif op == C.OP_RET or op == C.OP_EXIT:
        if mask != 0:
            exit_lanes(W, w, mask)
            try_release(P, W, W.warp[w].wblock, U[3])
    elif op == C.OP_BAR or op == C.OP_BARRIER:
        if mask != 0:
            bar = np.int64(0)
            if P.okind[i, 1] == C.K_IMM:
                bar = np.int64(P.obits[i, 1])
            else:
                fetch_bits(P, W, i, 1, w, U[1])
                bar = np.int64(U[1][0])
            if bar < 0 or bar >= MAX_BARRIERS:
                err[0] = C.E_BAD_SPACE
                err[5] = bar
                return C.ST_FAULT
            b = W.warp[w].wblock
            if P.okind[i, 2] != C.K_NONE:
                fetch_bits(P, W, i, 2, w, U[2])
                W.bar_count[b, bar] = np.int32(U[2][0])
            W.bar_arrived[b, bar] += popcount(mask)
            W.warp[w].wbar = bar
            if P.ins[i].sub2 != C.BARRED_NONE:       # bar.red: count c's true lanes; the result comes at release
                c = U[4]
                fetch_bits(P, W, i, 3, w, c)
                for l in range(32):
                    if (mask >> l) & 1 and c[l] != 0:
                        W.bar_true[b, bar] += 1
                W.bred[w, 0] = i
                W.bred[w, 1] = mask
            expect = W.bar_count[b, bar] if W.bar_count[b, bar] > 0 else W.blive[b]
            if W.bar_arrived[b, bar] >= expect:
                release_barrier(P, W, b, bar, U[3])
            elif P.ins[i].sub == C.BAR_SYNC:
                W.warp[w].wstate = W_BARRIER
                status = C.ST_BARRIER
    elif op == C.OP_LD or op == C.OP_ST or op == C.OP_LDU:
        if P.ins[i].space != C.SPACE_GENERIC:
            if mask != 0:
                mem_direct(P, W, M, i, w, mask, U, I, err, mstat, scratch)
        else:
            mem_op(P, W, M, i, w, mask, U, I, err, mstat, scratch)
    elif op == C.OP_ATOM or op == C.OP_RED:
        atomic_op(P, W, M, i, w, mask, U, I, err, mstat, scratch)
    elif op == C.OP_SHFL or op == C.OP_VOTE or op == C.OP_ACTIVEMASK or op == C.OP_REDUX or op == C.OP_MATCH:
        warp_op(P, W, i, w, active, mask, U)
    elif op == C.OP_CVTA:
        cvta(P, W, i, w, mask, U)
    elif op == C.OP_CP:
        if P.ins[i].sub == C.CP_ASYNC:
            cp_async(P, W, M, i, w, mask, U, I, err, mstat, scratch)
    elif op == C.OP_CALL:
        syscall(P, W, M, i, w, mask, err)
    elif op == C.OP_MMA:
        mma(P, W, i, w, mask, I, F, err)
    elif op == C.OP_MOVMATRIX:
        movmatrix(P, W, i, w, mask, I, err)
    elif op == C.OP_LDMATRIX or op == C.OP_STMATRIX:
        rows = matrix_move(P, W, M, i, w, mask, I, err)
        if rows != 0:
            count_access(I[0], rows, 16, C.SPACE_SHARED, i, mstat, scratch, op == C.OP_STMATRIX,
                         np.int64(0), np.int64(1) << 62, 8)      # a pass over the banks a matrix (banks.py)
    elif op == C.OP_MEMBAR or op == C.OP_FENCE or op == C.OP_PREFETCH or op == C.OP_NOP or op == C.OP_NANOSLEEP:
        pass
    else:
        alu(P, W, i, w, mask, U, I, F)
    if err[0] != C.E_NONE:
        return C.ST_FAULT
    W.stk[w, W.warp[w].sp].pc = next_pc
    if settle(P, W, w):
        W.warp[w].wstate = W_DONE
        return C.ST_EXITED
    return status
