"""Run real nvcc-generated PTX (tests/cuda/*.ptx) on simgpu and compare with numpy.

The numpy references were validated on a real H100-class GPU with the same PTX
(tests/cuda/hwcheck/: a stand-in ``simgpu`` module that runs the PTX through
CuPy; see its README).

The .ptx files were produced by ``nvcc -ptx -arch=sm_90 -O3`` from the .cu files
next to them (tests/cuda/build.sh regenerates them and tests/cuda/FORMS.txt; it
needs nvcc, these tests do not).  Each kernel is one parametrized test case.

Tolerances: float32 results are compared against a float64 reference with
rtol=1e-5 (plus a tiny atol for results that can be close to zero through
cancellation); integer results are compared exactly.
"""
import os
import re

import sys

import numpy as np
import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(_HERE)
try:
    import simgpu
except ImportError:             # run from a checkout without installing
    sys.path.append(_ROOT)
    import simgpu

CUDA_DIR = os.path.join(_HERE, "cuda")

RTOL = 1e-5
INT_MIN = -(2 ** 31)
INT_MAX = 2 ** 31 - 1
M32 = 0xFFFFFFFF


def ptx(name):
    return os.path.join(CUDA_DIR, name + ".ptx")


def cdiv(a, b):
    return (a + b - 1) // b


def run(file, kernel, grid, block, args, shared_bytes=0, symbols=None):
    k = simgpu.load(ptx(file), kernel=kernel)
    res = simgpu.launch(k, grid, block, args, shared_bytes=shared_bytes,
                        **({"symbols": symbols} if symbols else {}))
    st = res.stats
    assert st["warp_instructions"] > 0
    assert st["thread_instructions"] > 0
    assert st["thread_instructions"] <= 32 * st["warp_instructions"]
    return res


def close(got, want, rtol=RTOL, atol=0.0):
    np.testing.assert_allclose(np.asarray(got, dtype=np.float64),
                               np.asarray(want, dtype=np.float64),
                               rtol=rtol, atol=atol)


def exact(got, want):
    got = np.asarray(got)
    want = np.asarray(want)
    if got.dtype.kind in "iu" and want.dtype != got.dtype:
        # reinterpret reference (Python ints possibly out of range) as the
        # output's dtype, two's complement
        bits = got.dtype.itemsize * 8
        mask = (1 << bits) - 1
        want = np.array([int(v) & mask for v in want.ravel()],
                        dtype=np.dtype("u%d" % got.dtype.itemsize)
                        ).view(got.dtype).reshape(want.shape)
    np.testing.assert_array_equal(got, want)


def s32(v):
    v &= M32
    return v - (1 << 32) if v & 0x80000000 else v


# ----------------------------------------------------------------------------
# elementwise.ptx

def k_saxpy(file="elementwise", kernel="saxpy"):
    rng = np.random.default_rng(1)
    n, bs = 1000, 128
    x = rng.uniform(-1, 1, n).astype(np.float32)
    y = rng.uniform(-1, 1, n).astype(np.float32)
    a = np.float32(1.75)
    y0 = y.copy()
    run(file, kernel, cdiv(n, bs), bs, [np.int32(n), a, x, y])
    close(y, np.float64(a) * x.astype(np.float64) + y0, atol=1e-6)


def k_saxpy_lineinfo():
    # same kernel, compiled with -lineinfo (.file / .loc directives)
    k_saxpy(file="lineinfo", kernel="saxpy_lineinfo")


def k_vec_add():
    rng = np.random.default_rng(2)
    n, bs = 1000, 128
    a = rng.uniform(-1, 1, n).astype(np.float32)
    b = rng.uniform(-1, 1, n).astype(np.float32)
    c = np.full(n + 37, 123.0, dtype=np.float32)  # tail must stay untouched
    run("elementwise", "vec_add", cdiv(n, bs), bs, [a, b, c, n])
    close(c[:n], a.astype(np.float64) + b, atol=1e-7)
    exact(c[n:], np.full(37, 123.0, dtype=np.float32))


def k_math_funcs():
    rng = np.random.default_rng(3)
    n, bs = 300, 64
    x = rng.uniform(0.1, 4.0, n).astype(np.float32)
    x[:4] = [1.0, 2.0, 0.25, 3.9921875]
    out = np.zeros(9 * n + 9, dtype=np.float32)
    run("elementwise", "math_funcs", cdiv(n, bs), bs, [x, out, n])
    v = x.astype(np.float64)
    ref = np.stack([np.exp(v), np.log(v), np.sqrt(v), 1 / np.sqrt(v),
                    np.sin(v), np.cos(v),
                    np.abs(x - np.float32(2.0)).astype(np.float64),
                    np.minimum(v, 1.5), np.maximum(v, 1.5)], axis=1)
    close(out[:9 * n].reshape(n, 9), ref, atol=1e-6)
    exact(out[9 * n:], np.zeros(9, dtype=np.float32))


def k_fast_math():
    rng = np.random.default_rng(4)
    n, bs = 300, 64
    x = rng.uniform(0.1, 3.0, n).astype(np.float32)
    out = np.zeros(4 * n, dtype=np.float32)
    run("elementwise", "fast_math", cdiv(n, bs), bs, [x, out, n])
    v = x.astype(np.float64)
    ref = np.stack([np.exp(v), np.log(v), np.sin(v), 1 / v], axis=1)
    # __expf/__logf/__sinf are ex2/lg2/sin.approx based: a few ulp on hardware
    close(out.reshape(n, 4), ref, atol=1e-5)


def _byte_perm(x, y, s):
    b = [(x >> (8 * k)) & 0xFF for k in range(4)] + [(y >> (8 * k)) & 0xFF for k in range(4)]
    r = 0
    for k in range(4):
        r |= b[(s >> (4 * k)) & 7] << (8 * k)
    return r


def _tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def k_int_ops():
    rng = np.random.default_rng(5)
    n, bs = 333, 64
    a = rng.integers(INT_MIN + 1, INT_MAX, n, dtype=np.int64).astype(np.int32)
    b = rng.integers(-70000, 70000, n, dtype=np.int64).astype(np.int32)
    a[:8] = [0, -1, 1, 7, -7, INT_MAX, 12345, -99999]
    b[:8] = [3, 5, -1, -2, 2, 7, 31, 32]
    b[b == 0] = 13
    out = np.zeros(16 * n, dtype=np.int32)
    run("elementwise", "int_ops", cdiv(n, bs), bs, [a, b, out, n])
    ref = []
    for x, y in zip(a.tolist(), b.tolist()):
        ux, uy = x & M32, y & M32
        sh = y & 31
        q = _tdiv(x, y)
        ref.append([
            q, x - q * y, ux // uy, ux % uy,
            s32(x << sh), x >> sh, ux >> (uy & 31),
            s32((x & y) ^ (x | ~y)),
            bin(ux).count("1"),
            32 - ux.bit_length(),
            int("{:032b}".format(ux)[::-1], 2),
            _byte_perm(ux, uy, 0x5140),
            min(x, y), max(x, y), min(ux, uy), max(ux, uy),
        ])
    exact(out.reshape(n, 16), np.array(ref, dtype=object))


def k_index64():
    rng = np.random.default_rng(6)
    n, bs, stride, kk = 500, 96, 37, 123456789012
    inp = rng.integers(-2 ** 40, 2 ** 40, n, dtype=np.int64)
    out = np.zeros(n, dtype=np.int64)
    run("elementwise", "index64", cdiv(n, bs), bs, [inp, out, n, stride, kk])
    ref = []
    for i in range(n):
        v = int(inp[(i * stride) % n])
        ref.append(v + i * kk + (v >> 3) - ((v & (2 ** 64 - 1)) >> 60))
    exact(out, np.array(ref, dtype=np.int64))


def k_convert():
    rng = np.random.default_rng(7)
    n, bs = 300, 64
    x = rng.uniform(-300, 300, n).astype(np.float32)
    special = [2.5, -2.5, 0.5, 1.5, -0.5, -1.5, 3.0, -3.0, 0.0, 0.999,
               1.0, 1.25, -0.25, 0.75, 7.5, -7.5]
    x[:len(special)] = special
    x[20:40] = rng.uniform(-0.5, 1.5, 20).astype(np.float32)
    oi = np.zeros(4 * n, dtype=np.int32)
    of = np.zeros(3 * n, dtype=np.float32)
    ou = np.zeros(n, dtype=np.uint32)
    run("elementwise", "convert", cdiv(n, bs), bs, [x, oi, of, ou, n])
    v = x.astype(np.float64)
    rn = np.rint(v)  # round half to even, like cvt.rni
    exact(oi.reshape(n, 4),
          np.stack([np.trunc(v), rn, np.floor(v), np.ceil(v)], axis=1).astype(np.int32))
    exact(ou, np.rint(np.abs(v)).astype(np.uint32))
    ref_f = np.stack([np.clip(v, 0.0, 1.0), rn * 3 + 1,
                      (np.arange(n) * 7).astype(np.float64)], axis=1)
    exact(of.reshape(n, 3), ref_f.astype(np.float32))


def k_dbl_arith():
    rng = np.random.default_rng(8)
    n, bs = 300, 64
    a = rng.uniform(-10, 10, n)
    b = rng.uniform(0.5, 2.0, n)
    c = np.zeros(n)
    f = np.zeros(n, dtype=np.float32)
    run("elementwise", "dbl_arith", cdiv(n, bs), bs, [a, b, c, f, n])
    r = a * b + a / b - np.sqrt(b)
    close(c, r, rtol=1e-12, atol=1e-12)
    close(f, r, atol=1e-6)


def k_half_conv():
    rng = np.random.default_rng(9)
    n, bs = 300, 64
    x = rng.uniform(-100, 100, n).astype(np.float32)
    x[:6] = [0.0, 1.0, -2.5, 65504.0, 1e-5, 0.333333]
    y = np.zeros(n, dtype=np.float32)
    h = np.zeros(n, dtype=np.uint16)
    run("elementwise", "half_conv", cdiv(n, bs), bs, [x, y, h, n])
    hv = x.astype(np.float16)  # round to nearest even, like cvt.rn.f16.f32
    exact(h, hv.view(np.uint16))
    exact(y, hv.astype(np.float32) * np.float32(2.0))


def k_scale_mangled():
    rng = np.random.default_rng(10)
    n, bs = 777, 128
    x = rng.uniform(-1, 1, n).astype(np.float32)
    x0 = x.copy()
    run("elementwise", "_Z13scale_mangledPffi", cdiv(n, bs), bs, [x, np.float32(-3.5), n])
    exact(x, x0 * np.float32(-3.5))


# ----------------------------------------------------------------------------
# matmul.ptx

def k_matmul_tiled():
    rng = np.random.default_rng(11)
    M, N, K = 37, 45, 53
    A = rng.uniform(0, 1, (M, K)).astype(np.float32)
    B = rng.uniform(0, 1, (K, N)).astype(np.float32)
    C = np.zeros((M, N), dtype=np.float32)
    # pointer arguments passed as 1-D views so results land in C in place
    run("matmul", "matmul_tiled", (cdiv(N, 16), cdiv(M, 16), 1), (16, 16, 1),
        [A.reshape(-1), B.reshape(-1), C.reshape(-1), M, N, K])
    close(C, A.astype(np.float64) @ B.astype(np.float64))


# ----------------------------------------------------------------------------
# reduce.ptx

def k_reduce_shared():
    rng = np.random.default_rng(12)
    n, bs = 3000, 256           # kernel requires blockDim.x == 256 (.maxntid 256)
    grid = cdiv(n, bs)
    x = rng.uniform(0, 1, n).astype(np.float32)
    partial = np.zeros(grid, dtype=np.float32)
    run("reduce", "reduce_shared", grid, bs, [x, partial, n])
    xp = np.zeros(grid * bs)
    xp[:n] = x
    close(partial, xp.reshape(grid, bs).sum(axis=1))


def k_warp_reduce():
    rng = np.random.default_rng(13)
    n, bs, grid = 1000, 128, 8
    total = bs * grid
    x = rng.uniform(0, 1, n).astype(np.float32)
    sums = np.zeros(total // 32, dtype=np.float32)
    maxs = np.zeros(total, dtype=np.float32)
    run("reduce", "warp_reduce", grid, bs, [x, sums, maxs, n])
    xp = np.zeros(total)
    xp[:n] = x
    w = xp.reshape(-1, 32)
    close(sums, w.sum(axis=1))
    exact(maxs, np.repeat(w.max(axis=1), 32).astype(np.float32))


def k_warp_scan():
    rng = np.random.default_rng(14)
    bs, grid = 64, 3
    total = bs * grid
    x = rng.integers(-1000, 1000, total).astype(np.int32)
    scan = np.zeros(total, dtype=np.int32)
    bcast = np.zeros(total, dtype=np.int32)
    run("reduce", "warp_scan", grid, bs, [x, scan, bcast])
    w = x.reshape(-1, 32).astype(np.int64)
    exact(scan, np.cumsum(w, axis=1).ravel().astype(np.int32))
    exact(bcast, np.repeat(w[:, 7], 32).astype(np.int32))


def k_warp_vote():
    rng = np.random.default_rng(15)
    bs, grid, n = 96, 2, 150     # warp 4 half active (lanes 0..21), warp 5 none
    total = bs * grid
    x = rng.integers(-90, 90, total).astype(np.int32)
    x[40] = -120                 # warp 1: __all_sync(v > -100) false
    x[70] = 95                   # warp 2: __any_sync(v > 90) true
    x[100:110] = 120             # warp 3: any true
    x[160:192] = 5               # warp 5: ballot all ones
    out = np.zeros(5 * total, dtype=np.uint32)
    run("reduce", "warp_vote", grid, bs, [x, out, n])
    ref = np.zeros((total, 5), dtype=np.int64)
    for wi in range(total // 32):
        v = x[32 * wi:32 * wi + 32].astype(np.int64)
        ballot = sum(1 << l for l in range(32) if v[l] > 0)
        allv = int(all(v > -100))
        anyv = int(any(v > 90))
        am = sum(1 << l for l in range(32) if 32 * wi + l < n)
        for l in range(32):
            i = 32 * wi + l
            ref[i] = [ballot, allv, anyv, am if i < n else 0,
                      bin(ballot & ((1 << l) - 1)).count("1") + 100 * l]
    exact(out.reshape(total, 5), ref.astype(np.uint32))


def k_block_sum_atomic():
    rng = np.random.default_rng(16)
    n, bs, grid = 5000, 256, 4
    x = rng.uniform(0, 1, n).astype(np.float32)
    total = np.zeros(1, dtype=np.float32)
    run("reduce", "block_sum_atomic", grid, bs, [x, total, n])
    close(total, [x.astype(np.float64).sum()])


# ----------------------------------------------------------------------------
# atomics.ptx

def k_atomics_int():
    rng = np.random.default_rng(17)
    n, bs = 700, 128
    v = rng.integers(-100000, 100000, n).astype(np.int32)
    c = np.array([0, INT_MIN, INT_MAX, -1, 0, 0, 0, 0], dtype=np.int32)
    u = np.array([0, 500000, 0, M32, 0, 0], dtype=np.uint32)
    run("atomics", "atomics_int", cdiv(n, bs), bs, [v, c, u, n])
    vl = v.tolist()
    and_ref, or_ref, xor_ref = -1, 0, 0
    for i, x in enumerate(vl):
        and_ref &= ~(1 << (i & 31)) | (x & 1)
        or_ref |= 1 << (x & 31)
        xor_ref ^= x
    exact(c, np.array([sum(vl), max(vl), min(vl), and_ref, or_ref, xor_ref, 1, n - 1],
                      dtype=object))
    uv = [x & M32 for x in vl]
    big = sum(x << 20 for x in uv) & (2 ** 64 - 1)
    exact(u[:4], np.array([n, 500000 - n, max(uv), min(uv)], dtype=np.uint32))
    exact(u[4:].view(np.uint64), np.array([big], dtype=np.uint64))


def k_atomic_add_float():
    rng = np.random.default_rng(18)
    n, bs = 1000, 128
    x = rng.uniform(0, 1, n).astype(np.float32)
    s = np.zeros(1, dtype=np.float32)
    run("atomics", "atomic_add_float", cdiv(n, bs), bs, [x, s, n])
    close(s, [x.astype(np.float64).sum()])


def k_atomic_cas_fmax():
    rng = np.random.default_rng(19)
    n, bs = 1000, 128
    x = rng.uniform(-100, 100, n).astype(np.float32)
    m = np.array([-1e30], dtype=np.float32)
    run("atomics", "atomic_cas_fmax", cdiv(n, bs), bs, [x, m, n])
    exact(m, np.array([x.max()], dtype=np.float32))


def k_atomic_cas_dadd():
    rng = np.random.default_rng(20)
    n, bs = 600, 128
    x = rng.uniform(0, 1, n)
    s = np.zeros(1)
    run("atomics", "atomic_cas_dadd", cdiv(n, bs), bs, [x, s, n])
    close(s, [x.sum()], rtol=1e-12)


def k_histogram():
    rng = np.random.default_rng(21)
    n, bs, grid = 3001, 128, 5
    x = rng.integers(0, 2 ** 32, n, dtype=np.uint64).astype(np.uint32)
    hist = np.zeros(64, dtype=np.uint32)
    run("atomics", "histogram", grid, bs, [x, hist, n])
    exact(hist, np.bincount(x & 63, minlength=64).astype(np.uint32))


def k_shared_atomics():
    rng = np.random.default_rng(22)
    n, bs = 1000, 128
    grid = cdiv(n, bs)
    x = rng.uniform(0, 1, n).astype(np.float32)
    iv = rng.integers(-10 ** 6, 10 ** 6, n).astype(np.int32)
    fsum = np.zeros(grid, dtype=np.float32)
    imax = np.zeros(grid, dtype=np.int32)
    run("atomics", "shared_atomics", grid, bs, [x, iv, fsum, imax, n])
    close(fsum, [x[b * bs:(b + 1) * bs].astype(np.float64).sum() for b in range(grid)])
    exact(imax, np.array([iv[b * bs:(b + 1) * bs].max() for b in range(grid)], dtype=np.int32))


# ----------------------------------------------------------------------------
# control.ptx

def k_collatz():
    rng = np.random.default_rng(23)
    n, bs = 500, 64
    x = rng.integers(1, 10000, n).astype(np.uint32)
    x[:3] = [1, 2, 27]
    steps = np.zeros(n, dtype=np.int32)
    run("control", "collatz", cdiv(n, bs), bs, [x, steps, n])
    ref = []
    for v in x.tolist():
        s = 0
        while v != 1 and s < 1000:
            v = (3 * v + 1) & M32 if v & 1 else v >> 1
            s += 1
        ref.append(s)
    exact(steps, np.array(ref, dtype=np.int32))


def k_var_loop():
    rng = np.random.default_rng(24)
    n, bs = 500, 64
    cnt = rng.integers(-5, 60, n).astype(np.int32)
    out = np.zeros(n, dtype=np.int32)
    run("control", "var_loop", cdiv(n, bs), bs, [cnt, out, n])
    exact(out, np.array([sum((j * j) % 7 for j in range(c)) for c in cnt.tolist()],
                        dtype=np.int32))


def k_divergent():
    rng = np.random.default_rng(25)
    n, bs = 500, 64
    x = rng.uniform(-1, 1, n).astype(np.float32)
    x[:4] = [0.0, 0.5, -0.0, 1.0]
    y = np.zeros(n, dtype=np.float32)
    run("control", "divergent", cdiv(n, bs), bs, [x, y, n])
    ref = np.zeros(n, dtype=np.float32)
    one, two = np.float32(1), np.float32(2)
    for i in range(n):
        v = x[i]
        if v > 0:
            r = v * two if v > 0.5 else (v - one if i & 1 else v + one)
        else:
            r = -v if (i % bs) % 3 == 0 else v * v
        ref[i] = r
    exact(y, ref)


def k_switch_case():
    rng = np.random.default_rng(26)
    n, bs = 500, 64
    op = rng.integers(-2, 9, n).astype(np.int32)
    a = rng.uniform(-2, 2, n).astype(np.float32)
    b = (rng.uniform(0.5, 2, n) * rng.choice([-1, 1], n)).astype(np.float32)
    out = np.zeros(n, dtype=np.float32)
    run("control", "switch_case", cdiv(n, bs), bs, [op, a, b, out, n])
    x, y = a.astype(np.float64), b.astype(np.float64)
    table = [x + y, x - y, x * y, x / y, np.maximum(x, y), np.minimum(x, y), x * x - y]
    ref = np.where((op >= 0) & (op <= 6),
                   np.choose(np.clip(op, 0, 6), table), -1.0)
    close(out, ref, atol=1e-6)


def k_call_func():
    rng = np.random.default_rng(27)
    n, bs, deg = 400, 64, 5
    coef = rng.uniform(0.1, 1, deg + 1).astype(np.float32)
    x = rng.uniform(0, 1, n).astype(np.float32)
    y = np.zeros(n, dtype=np.float32)
    run("control", "call_func", cdiv(n, bs), bs, [coef, x, y, deg, n])
    xv = x.astype(np.float64)
    r = np.zeros(n)
    for k in range(deg, -1, -1):
        r = r * xv + float(coef[k])
    close(y, r)


# ----------------------------------------------------------------------------
# local_mem.ptx

def k_local_sort8():
    rng = np.random.default_rng(28)
    n, bs = 300, 64
    x = rng.uniform(-1, 1, 8 * n).astype(np.float32)
    x[:8] = [8, 7, 6, 5, 4, 3, 2, 1]
    x[8:16] = [1, 1, 0, 0, -1, -1, 2, 2]
    out = np.zeros(8 * n, dtype=np.float32)
    run("local_mem", "local_sort8", cdiv(n, bs), bs, [x, out, n])
    exact(out.reshape(n, 8), np.sort(x.reshape(n, 8), axis=1))


def k_local_lookup():
    rng = np.random.default_rng(29)
    n, bs = 300, 64
    idx = rng.integers(-1000, 1000, n).astype(np.int32)
    out = np.zeros(n, dtype=np.int32)
    run("local_mem", "local_lookup", cdiv(n, bs), bs, [idx, out, n])
    ref = []
    for i, v in enumerate(idx.tolist()):
        j = v & 15
        l = (j + 5) & 15
        ref.append((j * j + i + 100) + (l * l + i))
    exact(out, np.array(ref, dtype=np.int32))


# ----------------------------------------------------------------------------
# dyn_shared.ptx

def k_dyn_reverse():
    rng = np.random.default_rng(30)
    n, bs = 1000, 64
    grid = cdiv(n, bs)
    x = rng.uniform(-1, 1, n).astype(np.float32)
    out = np.zeros(n, dtype=np.float32)
    run("dyn_shared", "dyn_reverse", grid, bs, [x, out, n], shared_bytes=4 * bs)
    ref = np.empty(n, dtype=np.float32)
    for i in range(n):
        b, t = divmod(i, bs)
        src = b * bs + bs - 1 - t
        ref[i] = x[src] if src < n else -1.0
    exact(out, ref)


def k_dyn_two_arrays():
    rng = np.random.default_rng(31)
    n, bs = 1000, 64
    grid = cdiv(n, bs)
    x = rng.uniform(-1, 1, n).astype(np.float32)
    out = np.zeros(n, dtype=np.float32)
    run("dyn_shared", "dyn_two_arrays", grid, bs, [x, out, n], shared_bytes=8 * bs)
    ref = np.empty(n, dtype=np.float32)
    for i in range(n):
        b, t = divmod(i, bs)
        j = b * bs + (t + 1) % bs
        ref[i] = x[i] + (x[j] if j < n else np.float32(0))
    exact(out, ref)


# ----------------------------------------------------------------------------
# grid3d.ptx

def k_grid2d():
    rng = np.random.default_rng(32)
    W, H = 50, 37
    block = (16, 8, 1)
    grid = (cdiv(W, 16), cdiv(H, 8), 1)
    x = rng.uniform(-1, 1, (H, W)).astype(np.float32)
    out = np.zeros((H, W), dtype=np.float32)
    run("grid3d", "grid2d", grid, block, [x.reshape(-1), out.reshape(-1), W, H])
    yy, xx = np.mgrid[0:H, 0:W]
    close(out, x.astype(np.float64) * 2 + xx - yy, atol=1e-5)


def k_grid3d():
    X, Y, Z = 10, 7, 5
    block = (4, 4, 2)
    grid = (cdiv(X, 4), cdiv(Y, 4), cdiv(Z, 2))   # (3, 2, 3)
    out = np.full(4 * X * Y * Z, -7, dtype=np.int32)
    run("grid3d", "grid3d", grid, block, [out, X, Y, Z])
    zz, yy, xx = np.mgrid[0:Z, 0:Y, 0:X]
    tid = ((zz % 2) * 4 + (yy % 4)) * 4 + (xx % 4)
    ref = np.stack([xx + 100 * yy + 10000 * zz,
                    np.full_like(xx, 32),
                    np.full_like(xx, grid[0] * 10000 + grid[1] * 100 + grid[2]),
                    tid], axis=-1)
    exact(out.reshape(Z, Y, X, 4), ref.astype(np.int32))


# ----------------------------------------------------------------------------
# warp_sync.ptx and half.ptx: __syncwarp, __match_*_sync, __sad, __nanosleep; half precision

def k_warp_sum_syncwarp():
    rng = np.random.default_rng(21)
    x = rng.integers(-50, 50, 8 * 128).astype(np.float32)     # integer-valued: every order sums exactly
    out = np.zeros(32, dtype=np.float32)
    run("warp_sync", "warp_sum_syncwarp", 8, 128, [x, out])
    exact(out, x.reshape(32, 32).sum(axis=1))


def _halves(rng, n):
    """n f16 values in [-4, 4), with zeros of both signs, a subnormal and +-inf among them."""
    v = rng.uniform(-4, 4, n).astype(np.float16)
    v[:6] = [0.0, -0.0, 6e-6, np.inf, -np.inf, 65504.0]
    return v


def k_half_ops():
    rng = np.random.default_rng(22)
    n = 200
    a, b, c = _halves(rng, n), _halves(rng, n)[::-1].copy(), _halves(rng, n)
    out = np.zeros(9 * n, dtype=np.float16)
    run("half", "half_ops", cdiv(n, 64), 64, [a, b, c, out, np.int32(n)])
    with np.errstate(invalid="ignore", over="ignore"):
        fma = (a.astype(np.float64) * b + c).astype(np.float16)    # one rounding of the exact value here
        want = np.stack([fma, a * b, a + b, a - b, np.fmax(a, b), np.fmin(a, b), np.abs(b), -a,
                         (a < b).astype(np.float16)], axis=1)
    exact(out.view(np.uint16).reshape(n, 9), np.where(np.isnan(want), np.uint16(0x7FFF), want.view(np.uint16)))


def k_half2_ops():
    rng = np.random.default_rng(23)
    n = 100
    a, b, c = _halves(rng, 2 * n), _halves(rng, 2 * n)[::-1].copy(), _halves(rng, 2 * n)
    out = np.zeros(12 * n, dtype=np.float16)
    run("half", "half2_ops", cdiv(n, 64), 64, [a, b, c, out, np.int32(n)])
    with np.errstate(invalid="ignore", over="ignore"):
        fma = (a.astype(np.float64) * b + c).astype(np.float16)
        want = np.stack([fma, a * b, a + b, a - b, np.fmax(a, b), np.abs(b)], axis=1)
    got = out.view(np.uint16).reshape(n, 6, 2).transpose(0, 2, 1).reshape(2 * n, 6)
    nan = np.isnan(want)
    exact(got, np.where(nan, np.uint16(0x7FFF), want.view(np.uint16)))


def _bf16(x64):
    """float64 values -> bfloat16 bits, rounded to nearest even (through float32: exact for these inputs)."""
    u = np.asarray(x64, np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def k_bf16_ops():
    rng = np.random.default_rng(24)
    n = 200
    bits = [_bf16(rng.uniform(-8, 8, n)) for _ in range(3)]
    a, b, c = [(x.astype(np.uint32) << 16).view(np.float32).astype(np.float64) for x in bits]
    out = np.zeros(4 * n, dtype=np.uint16)
    run("half", "bf16_ops", cdiv(n, 64), 64, bits + [out, np.int32(n)])
    want = np.stack([_bf16(a * b + c), _bf16(a * b), _bf16(a + b), _bf16(np.maximum(a, b))], axis=1)
    exact(out.reshape(n, 4), want)


def _h16(v):
    """f16 values -> bits, a NaN as the canonical 0x7fff the H200's half instructions write."""
    v = np.asarray(v, np.float16)
    return np.where(np.isnan(v), np.uint16(0x7FFF), v.view(np.uint16))


def _pack(lo, hi):
    return lo.astype(np.uint32) | (hi.astype(np.uint32) << 16)


def _bf16_nan(f32):
    """float32 -> bfloat16 bits (nearest even), a NaN as 0x7fff."""
    return np.where(np.isnan(f32), np.uint16(0x7FFF), _bf16(f32))


def k_half2_compare():
    rng = np.random.default_rng(25)
    n = 100
    a, b = _halves(rng, 2 * n), _halves(rng, 2 * n)[::-1].copy()
    a[[7, 10, 13]] = np.nan
    b[[8, 10, 15]] = np.nan
    a[20:40:2] = b[20:40:2]                                   # equal pairs, both halves of some
    f = rng.uniform(-70000, 70000, 2 * n).astype(np.float32)
    f[[3, 4, 9]] = [np.nan, 3e-8, -65519.0]
    out = np.zeros(8 * n, dtype=np.uint32)
    run("half", "half2_compare", cdiv(n, 64), 64, [a, b, f, out, np.int32(n)])
    x, y = a.reshape(n, 2), b.reshape(n, 2)
    one = np.uint16(0x3C00)

    def h2(cond):
        return _pack(np.where(cond[:, 0], one, 0), np.where(cond[:, 1], one, 0))
    with np.errstate(invalid="ignore"):
        lt, geu = x < y, ~(x < y)
        eq_zero = (x == y) & (x == 0)
        mx = np.where(eq_zero, np.where(np.signbit(x), y, x), np.maximum(x, y))   # -0 below +0
        cols = [h2(lt), h2(geu), _pack(_h16(mx[:, 0]), _h16(mx[:, 1])),
                _pack(_h16(f[0::2]), _h16(f[1::2])),
                (x > y).all(axis=1) + 2 * (~(x == y)).all(axis=1) + 4 * np.isnan(x[:, 1]),
                _pack(_bf16_nan(f[0::2]), _bf16_nan(f[1::2])),
                _h16(np.floor(x[:, 0])),
                _pack(_h16(np.ceil(y[:, 0])), _h16(np.ceil(y[:, 1])))]
    exact(out.reshape(n, 8), np.stack([c.astype(np.uint32) for c in cols], axis=1))


def k_match_sad():
    rng = np.random.default_rng(25)
    n = 128
    key = rng.integers(0, 4, n).astype(np.uint32)
    key[32:64] = 0x500 + key[32:64]          # the second warp's keys agree above bit 8, the fourth's do not
    key[96:] = rng.integers(0, 1 << 16, 32).astype(np.uint32)
    a = rng.integers(-1000, 1000, n).astype(np.int32)
    b = rng.integers(-1000, 1000, n).astype(np.int32)
    out = np.zeros(4 * n, dtype=np.uint32)
    run("warp_sync", "match_sad", 2, 64, [key, a, b, out])
    want = np.zeros((n, 4), dtype=np.uint64)
    for w in range(n // 32):
        k = key[32 * w: 32 * w + 32]
        for l in range(32):
            want[32 * w + l, 0] = sum(1 << j for j in range(32) if k[j] == k[l])
        agree = len(set(k >> 8)) == 1
        want[32 * w: 32 * w + 32, 1] = 0xFFFFFFFF if agree else 0
        want[32 * w: 32 * w + 32, 2] = int(agree)
    ua, ub = a.astype(np.int64) & M32, b.astype(np.int64) & M32      # __usad reads them unsigned
    want[:, 3] = (np.abs(a.astype(np.int64) - b) + 7 + np.abs(ua - ub)) & M32
    exact(out.reshape(n, 4), want.astype(np.uint32))


def k_sleep_count():
    count = np.zeros(1, dtype=np.uint32)
    run("warp_sync", "sleep_count", 3, 96, [count])
    exact(count, [9])


# ----------------------------------------------------------------------------
# async_copy.ptx: cp.async through cuda_pipeline.h

def k_tile_reverse_async():
    rng = np.random.default_rng(26)
    x = rng.uniform(-1, 1, 3 * 256).astype(np.float32)
    out = np.zeros(3 * 256, dtype=np.float32)
    run("async_copy", "tile_reverse_async", 3, 64, [x, out])
    exact(out, x.reshape(3, 256)[:, ::-1].ravel())


def k_tiles_sum_pipelined():
    rng = np.random.default_rng(27)
    blocks, ntiles, pad = 2, 5, 3
    x = rng.integers(-20, 20, blocks * ntiles * 128).astype(np.float32)    # integer-valued: sums exact
    out = np.zeros(blocks * 128, dtype=np.float32)
    run("async_copy", "tiles_sum_pipelined", blocks, 128, [x, out, ntiles, pad])
    tiles = x.reshape(blocks, ntiles, 128).copy()
    tiles[:, :, 128 - pad:] = 0.0                      # zero-filled (src-size 0)
    exact(out.reshape(blocks, 128), tiles[:, :, (np.arange(128) + 1) % 128].sum(axis=1))


def k_tiles_sum_serial():
    rng = np.random.default_rng(28)
    blocks, ntiles, pad = 2, 4, 5
    x = rng.integers(-20, 20, blocks * ntiles * 128).astype(np.float32)
    out = np.zeros(blocks * 128, dtype=np.float32)
    run("async_copy", "tiles_sum_serial", blocks, 128, [x, out, ntiles, pad])
    tiles = x.reshape(blocks, ntiles, 128).copy()
    tiles[:, :, 128 - pad:] = 0.0
    exact(out.reshape(blocks, 128), tiles[:, :, (np.arange(128) + 1) % 128].sum(axis=1))


# ----------------------------------------------------------------------------
# block_sync.ptx: __syncthreads_count/and/or (bar.red)

def k_block_vote():
    rng = np.random.default_rng(31)
    blocks, nt = 6, 96
    x = rng.integers(-3, 40, blocks * nt).astype(np.int32)
    x[:nt] = np.abs(x[:nt]) + 1                               # block 0: all positive
    x[nt:2 * nt] = -1                                         # block 1: none
    out = np.zeros(3 * blocks, dtype=np.int32)
    run("block_sync", "block_vote", blocks, nt, [x, out, np.int32(35)])
    v = x.reshape(blocks, nt)
    exact(out.reshape(blocks, 3), np.stack([(v > 0).sum(axis=1), (v > 0).all(axis=1), (v > 35).any(axis=1)], axis=1))


def k_block_vote_ragged():
    rng = np.random.default_rng(32)
    blocks, nt, n = 4, 128, 3 * 128 + 37                      # the last block: 37 threads stay, 91 leave
    x = rng.integers(0, 1000, blocks * nt).astype(np.int32)
    out = np.full(blocks, -1, dtype=np.int32)
    run("block_sync", "block_vote_ragged", blocks, nt, [x, out, np.int32(n)])
    odd = (x[:n] & 1).astype(np.int64)
    exact(out, np.add.reduceat(odd, np.arange(0, n, nt)))


def k_block_until_done():
    rng = np.random.default_rng(33)
    blocks, nt = 5, 64
    steps = rng.integers(0, 9, blocks * nt).astype(np.int32)
    steps[:nt] = 0                                            # block 0: no rounds at all
    out = np.full(blocks * nt, -1, dtype=np.int32)
    run("block_sync", "block_until_done", blocks, nt, [steps, out])
    exact(out.reshape(blocks, nt), np.repeat(steps.reshape(blocks, nt).max(axis=1, keepdims=True), nt, axis=1))


# ----------------------------------------------------------------------------
# printf.ptx: device printf (vprintf) and assert (__assertfail)

def printed_lines(res):
    """The device printf text of a run, as sorted lines (the H200 prints warps in its own order)."""
    return sorted("".join(res.printf).splitlines())


def k_print_values():
    rng = np.random.default_rng(41)
    blocks, nt, big = 3, 64, 2 ** 40 + 7
    x = rng.integers(-100000, 100000, blocks * nt).astype(np.int32)
    f = rng.uniform(-50, 50, blocks * nt).astype(np.float32)
    res = run("printf", "print_values", blocks, nt, [x, f, np.int64(big)])
    want = []
    for i in range(5, blocks * nt, 32):
        v, u, g = int(x[i]), int(x[i]) & 0xFFFFFFFF, float(f[i])
        want.append("b%d t%d i=%d x=%d %d %x|%5d|%-5d|%05.1f %e %g %c %d %s%%" % (
            i // nt, i % nt, i, v, u, u, v, -v, g, g, g, chr(65 + i % 26), big + i, "odd" if i & 1 else "even"))
    assert printed_lines(res) == sorted(want)


def k_print_from_function():
    v = np.linspace(-2, 3, 40)
    res = run("printf", "print_from_function", 2, 32, [v, np.int32(37)])
    assert printed_lines(res) == sorted("report %d %.3f" % (i, v[i]) for i in range(37))


def k_double_checked():
    x = np.arange(100, dtype=np.int32)
    y = np.zeros(128, dtype=np.int32)
    res = run("printf", "double_checked", 2, 64, [x, y, np.int32(100)])
    exact(y[:100], 2 * x)
    assert printed_lines(res) == []


# ---- tensor cores (tensor.cu): mma.sync, ldmatrix, stmatrix --------------
# The H200's tensor cores add a tile's products in an order and precision of their own, so
# float results are compared within a few float32 rounding steps of the tile's magnitude:
# atol = 2^-20 x max(|A| |B| + |C|) (8 ulps of the largest partial sum).

def _mm_tol(a, b, c=0.0):
    scale = (np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64)) + np.abs(c)).max()
    return 2.0 ** -20 * scale


def _tiled(kernel, a, b, d, c=None, grid=1, block=128):
    """Run one of tensor.cu's tiled kernels: (A, B[, C], D, M, N, K)."""
    (m, k), n = a.shape, b.shape[1]
    run("tensor", kernel, grid, block, [a, b] + ([c] if c is not None else []) + [d, np.int32(m), np.int32(n), np.int32(k)])


def _mma_16816(kernel, dtype):
    rng = np.random.default_rng(41)
    m, n, k = 32, 16, 64
    if dtype == "bf16":
        a32 = rng.uniform(-1, 1, (m, k)).astype(np.float32)
        b32 = rng.uniform(-1, 1, (k, n)).astype(np.float32)
        a_bits, b_bits = _bf16(a32), _bf16(b32)
        a = (a_bits.astype(np.uint32) << 16).view(np.float32)
        b = (b_bits.astype(np.uint32) << 16).view(np.float32)
        args = [a_bits, b_bits]
    else:
        a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
        b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
        args = [a, b]
    c = rng.uniform(-1, 1, (m, n)).astype(np.float32)
    d = np.zeros((m, n), np.float32)
    _tiled(kernel, *args, d, c=c)
    want = a.astype(np.float64) @ b.astype(np.float64) + c
    close(d, want, rtol=0, atol=_mm_tol(a, b, c))


def k_mma_f16():
    _mma_16816("mma_f16", "f16")


def k_mma_bf16():
    _mma_16816("mma_bf16", "bf16")


def k_mma_f16_acc():
    rng = np.random.default_rng(42)
    m, n, k = 32, 16, 64
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    d = np.zeros((m, n), np.float16)
    _tiled("mma_f16_acc", a, b, d)
    want = a.astype(np.float64) @ b.astype(np.float64)
    # f16 accumulators round each of the K / 16 steps to 11 bits: 4 steps x 2^-11 of the magnitude
    close(d, want, rtol=0, atol=4 * 2.0 ** -11 * (np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64))).max())


def k_mma_ldmatrix():
    rng = np.random.default_rng(43)
    m, n, k = 32, 16, 48
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    d = np.zeros((m, n), np.float32)
    _tiled("mma_ldmatrix", a, b, d, grid=(n // 8, m // 16), block=32)
    close(d, a.astype(np.float64) @ b.astype(np.float64), rtol=0, atol=_mm_tol(a, b))


def _tf32_rna(x):
    """float32 -> the tf32 value cvt.rna.tf32.f32 makes: 10 fraction bits, ties away from zero."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    return (((u + 0x1000) & 0xFFFFE000).astype(np.uint32)).view(np.float32)


def k_mma_tf32():
    rng = np.random.default_rng(44)
    m, n, k = 32, 16, 32
    a = rng.uniform(-1, 1, (m, k)).astype(np.float32)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float32)
    a[0, :4] = [1 + 2.0 ** -11, 1 + 3 * 2.0 ** -11, -(1 + 2.0 ** -11), 1 + 2.0 ** -12]   # ties and below
    d = np.zeros((m, n), np.float32)
    _tiled("mma_tf32", a, b, d)
    ta, tb = _tf32_rna(a), _tf32_rna(b)
    close(d, ta.astype(np.float64) @ tb.astype(np.float64), rtol=0, atol=_mm_tol(ta, tb))


def k_mma_f64():
    rng = np.random.default_rng(45)
    m, n, k = 16, 16, 32
    a = rng.uniform(-1, 1, (m, k))
    b = rng.uniform(-1, 1, (k, n))
    d = np.zeros((m, n))
    _tiled("mma_f64", a, b, d)
    close(d, a @ b, rtol=0, atol=1e-13)          # fused multiply-adds in a different order than numpy's


def k_mma_s8():
    rng = np.random.default_rng(46)
    m, n, k = 32, 16, 96
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    b = rng.integers(-128, 128, (k, n)).astype(np.int8)
    d = np.zeros((m, n), np.int32)
    _tiled("mma_s8", a, b, d)
    exact(d, a.astype(np.int64) @ b.astype(np.int64))


def k_tf32_round():
    """cvt.rna/.rn/.rz.tf32.f32 bit for bit against the H200's own results for the same inputs
    (ties, carries into the exponent, subnormals, infinities, NaNs: traces/h200/tensor/tf32_round.json)."""
    import json
    rec = json.load(open(os.path.join(_ROOT, "traces", "h200", "tensor", "tf32_round.json")))
    x = np.array(rec["input"], np.uint32)
    out = np.zeros(3 * len(x), np.uint32)
    run("tensor", "tf32_round", 1, 64, [x.view(np.float32), out, np.int32(len(x))])
    got = out.reshape(-1, 3)
    for k, mode in enumerate(("rna", "rn", "rz")):
        exact(got[:, k], np.array(rec[mode], np.uint32))


def k_matrix_transpose():
    rng = np.random.default_rng(47)
    tiles = rng.integers(0, 1 << 16, (3, 16, 16)).astype(np.uint16)
    out = np.zeros_like(tiles)
    run("tensor", "matrix_transpose", 3, 32, [tiles, out])
    exact(out, tiles.transpose(0, 2, 1))


# ---- tensor cores through nvcuda::wmma (wmma.cu): wmma.load / wmma.mma / wmma.store --------
# Column-major operands are passed as the transposed array, row-major (what memory holds).

def k_wmma_gemm():
    rng = np.random.default_rng(50)
    m, n, k = 64, 32, 48
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    bt = rng.uniform(-1, 1, (n, k)).astype(np.float16)          # B column-major: B^T row-major
    d = np.zeros((m, n), np.float32)
    run("wmma", "wmma_gemm", (1, n // 16), 128, [a, bt, d, np.int32(m), np.int32(n), np.int32(k), np.float32(0.5)])
    b = bt.T
    close(d, 0.5 * (a.astype(np.float64) @ b.astype(np.float64)), rtol=0, atol=_mm_tol(a, b))


def k_wmma_shared():
    rng = np.random.default_rng(51)
    at = rng.uniform(-1, 1, (16, 16)).astype(np.float16)        # A column-major
    b = rng.uniform(-1, 1, (16, 16)).astype(np.float16)
    c = rng.uniform(-1, 1, (16, 16)).astype(np.float16)
    dt = np.zeros((16, 16), np.float16)                          # D column-major
    run("wmma", "wmma_shared", 1, 32, [at, b, c, dt])
    a = at.T
    want = a.astype(np.float64) @ b.astype(np.float64) + c
    # f16 accumulators: the sum rounded to 11 bits, once or a few times
    close(dt.T, want, rtol=0, atol=4 * 2.0 ** -11 * (np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64)) + 1).max())


def k_wmma_bf16():
    rng = np.random.default_rng(52)
    k = 48
    a_bits = _bf16(rng.uniform(-1, 1, (32, k)))
    b_bits = _bf16(rng.uniform(-1, 1, (k, 8)))
    d = np.zeros((32, 8), np.float32)
    run("wmma", "wmma_bf16", 1, 32, [a_bits, b_bits, d, np.int32(k)])
    a = (a_bits.astype(np.uint32) << 16).view(np.float32)
    b = (b_bits.astype(np.uint32) << 16).view(np.float32)
    close(d, a.astype(np.float64) @ b.astype(np.float64), rtol=0, atol=_mm_tol(a, b))


def k_wmma_m8n32():
    rng = np.random.default_rng(53)
    a = rng.uniform(-1, 1, (8, 16)).astype(np.float16)
    bt = rng.uniform(-1, 1, (32, 16)).astype(np.float16)        # B column-major
    ct = rng.uniform(-1, 1, (32, 8)).astype(np.float32)          # C, D column-major
    dt = np.zeros((32, 8), np.float32)
    run("wmma", "wmma_m8n32", 1, 32, [a, bt, ct, dt])
    close(dt.T, a.astype(np.float64) @ bt.T.astype(np.float64) + ct.T, rtol=0, atol=_mm_tol(a, bt.T, ct.T))


def k_wmma_tf32():
    rng = np.random.default_rng(54)
    m, k = 32, 24
    a = rng.uniform(-1, 1, (m, k)).astype(np.float32)
    b = rng.uniform(-1, 1, (k, 16)).astype(np.float32)
    a[0, :3] = [1 + 2.0 ** -11, 1 + 3 * 2.0 ** -11, -(1 + 2.0 ** -11)]   # ties: __float_to_tf32 rounds away
    d = np.zeros((m, 16), np.float32)
    run("wmma", "wmma_tf32", 1, 64, [a, b, d, np.int32(m), np.int32(k)])
    ta, tb = _tf32_rna(a), _tf32_rna(b)
    close(d, ta.astype(np.float64) @ tb.astype(np.float64), rtol=0, atol=_mm_tol(ta, tb))


def k_wmma_s8():
    rng = np.random.default_rng(55)
    k = 48
    a = rng.integers(-128, 128, (16, k)).astype(np.int8)
    bt = rng.integers(-128, 128, (16, k)).astype(np.int8)        # B column-major
    c = rng.integers(-1000, 1000, (16, 16)).astype(np.int32)
    d = np.zeros((16, 16), np.int32)
    run("wmma", "wmma_s8", 1, 32, [a, bt, c, d, np.int32(k)])
    exact(d, a.astype(np.int64) @ bt.T.astype(np.int64) + c)


def k_wmma_f64():
    rng = np.random.default_rng(56)
    k = 12
    a = rng.uniform(-1, 1, (8, k))
    b = rng.uniform(-1, 1, (k, 8))
    d = np.zeros((8, 8))
    run("wmma", "wmma_f64", 1, 32, [a, b, d, np.int32(k)])
    close(d, a @ b, rtol=0, atol=1e-14)


# bits.ptx: bfind, fns, dp4a, dp2a (CUDA's __ffs, __fns, __dp4a, __dp2a_*) and mov.pred of an immediate

def _ffs(v, w):
    v &= (1 << w) - 1
    return (v & -v).bit_length()


def _fns(m, base, off):
    if off == 0:
        return base if (m >> base) & 1 else M32
    count, pos = abs(off) - 1, base
    while 0 <= pos < 32:
        if (m >> pos) & 1:
            if count == 0:
                return pos
            count -= 1
        pos += 1 if off > 0 else -1
    return M32


def _dot(a, b, c, sa, sb, pairs=False, first=0):
    def part(v, w, k, signed):
        x = (v >> (w * k)) & ((1 << w) - 1)
        return x - (1 << w) if signed and x >> (w - 1) else x
    wa = 16 if pairs else 8
    return c + sum(part(a, wa, k, sa) * part(b, 8, first + k, sb) for k in range(2 if pairs else 4))


def k_bit_intrinsics():
    rng = np.random.default_rng(61)
    n = 200
    a = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    c = rng.integers(-100000, 100000, n).astype(np.int32)
    w = rng.integers(-(1 << 62), 1 << 62, n).astype(np.int64)
    a[:4] = [0, 1, 0x80000000, 0xFFFFFFFF]
    w[:3] = [0, 1 << 40, -1]
    out = np.zeros((n, 8), np.int32)
    run("bits", "bit_intrinsics", cdiv(n, 64), 64, [a, b, c, w, out, np.int32(n)])
    want = []
    for x, y, z, v in zip(a.tolist(), b.tolist(), c.tolist(), w.tolist()):
        off = int(np.fmod(z, 40))                       # C's %: the sign of the dividend
        want.append([_ffs(x, 32), _ffs(v, 64), _fns(x, y & 31, off), _dot(x, y, z, True, True),
                     _dot(x, y, z & M32, False, False), _dot(x, y, z, True, True, True, 0),
                     _dot(x, y, z & M32, False, False, True, 2), _dot(x, y, z, True, False)])
    exact(out, np.array(want, dtype=object))


def k_count_positive():
    rng = np.random.default_rng(62)
    n = 200                                             # the last warp partly out of range
    x = rng.uniform(-1, 1, 256).astype(np.float32)
    out = np.zeros(8, np.int32)
    run("bits", "count_positive", 2, 128, [x, out, np.int32(n)])
    exact(out, [(x[k:min(k + 32, n)] > 0).sum() for k in range(0, 256, 32)])


# const_mem.ptx: __constant__ memory set by the host (symbols=), read at fixed and data-dependent offsets

def k_conv3x3_const():
    rng = np.random.default_rng(63)
    w, h = 37, 21
    x = rng.uniform(-1, 1, (h, w)).astype(np.float32)
    filt = rng.uniform(-1, 1, 9).astype(np.float32)
    out = np.zeros((h, w), np.float32)
    run("const_mem", "conv3x3_const", (cdiv(w, 16), cdiv(h, 8)), (16, 8), [x, out, np.int32(w), np.int32(h)],
        symbols={"filt": filt})
    pad = np.pad(x.astype(np.float64), 1, mode="edge")
    want = sum(filt[3 * dy + dx] * pad[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3))
    close(out, want, atol=1e-6)


def k_lut_poly():
    rng = np.random.default_rng(64)
    n = 300
    key = rng.integers(-1000, 1000, n).astype(np.int32)
    x = rng.uniform(-2, 2, n).astype(np.float32)
    lut = rng.integers(-(1 << 31), 1 << 31, 64).astype(np.int32)
    mapped = np.zeros(n, np.int32)
    p = np.zeros(n, np.float32)
    run("const_mem", "lut_poly", cdiv(n, 128), 128, [key, x, mapped, p, np.int32(n)], symbols={"lut": lut})
    exact(mapped, lut[key & 63])
    c = [0.5, -1.25, 2.0, 0.125]                        # the module's own initializer
    xd = x.astype(np.float64)
    close(p, ((c[3] * xd + c[2]) * xd + c[1]) * xd + c[0], atol=1e-6)


# ----------------------------------------------------------------------------

KERNELS = {name[2:]: fn for name, fn in sorted(globals().items())
           if name.startswith("k_") and callable(fn)}

# entry names that differ from their test's name
ENTRY_TO_TEST = {"_Z13scale_mangledPffi": "scale_mangled"}


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_kernel(name):
    KERNELS[name]()


def _entries():
    out = []
    for f in sorted(os.listdir(CUDA_DIR)):
        if f.endswith(".ptx"):
            text = open(os.path.join(CUDA_DIR, f)).read()
            for m in re.finditer(r"^\.(?:visible\s+|weak\s+)?\.entry\s+([\w$]+)", text, re.M):
                out.append((f[:-4], m.group(1)))
    return out


ENTRIES = _entries()


@pytest.mark.parametrize("file,kernel", ENTRIES, ids=["%s:%s" % e for e in ENTRIES])
def test_assemble(file, kernel):
    """Every entry of every corpus file must assemble (load) without error."""
    k = simgpu.load(ptx(file), kernel=kernel)
    assert k is not None


def test_every_entry_has_a_run_test():
    """Keep the corpus and the run tests in step."""
    names = {ENTRY_TO_TEST.get(k, k) for _, k in ENTRIES}
    missing = names - set(KERNELS)
    assert not missing, "no run test for entries: %s" % sorted(missing)
