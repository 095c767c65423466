// What the warp-level tensor-core instructions (mma.sync, ldmatrix, stmatrix) cost a warp on
// the H200 (tools/device_tensor_latency.sh). Every kernel reads %clock64, runs its operations,
// reads %clock64 again (twice over: see TIMED); lane 0 of each warp stores its cycles to
// t[4 * (blockIdx.x * blockDim.x/32 + warp) ...], and every thread stores a result to out so
// that nothing is dead.
//   lat_*: one dependent chain of LAT_OPS operations (each mma's d is the next one's c; each
//          ldmatrix's loaded word is the next one's row address: a pointer chase).
//   thr_*: THR_OPS operations per warp, 8 independent chains interleaved (8 accumulators;
//          8 pointer chases; stmatrix: 8 stores to 8 tiles).
// All kernels take (const float* in, float* out, long long* t, unsigned mask): in holds 16
// floats per thread (the fragments' values), mask is 0 at run time (the compiler can't know).
#include <cuda_fp16.h>
#include <cuda_bf16.h>

#define LAT_ITERS 32   // x 8 unrolled = 256 dependent operations
#define THR_ITERS 64   // x 16 unrolled (2 rounds over 8 chains) = 1024 operations per warp
#define LAT_OPS (LAT_ITERS * 8)
#define THR_OPS (THR_ITERS * 16)

#define U8(...) __VA_ARGS__ __VA_ARGS__ __VA_ARGS__ __VA_ARGS__ __VA_ARGS__ __VA_ARGS__ __VA_ARGS__ __VA_ARGS__

__device__ __forceinline__ unsigned h2(float x, float y) {
    __half2 h = __floats2half2_rn(x, y); return *reinterpret_cast<unsigned*>(&h);
}
__device__ __forceinline__ unsigned bf2(float x, float y) {
    __nv_bfloat162 h = __floats2bfloat162_rn(x, y); return *reinterpret_cast<unsigned*>(&h);
}
__device__ __forceinline__ unsigned s8x4(float x, float y) {   // four small signed bytes
    int a = (int)(x * 64.f), b = (int)(y * 64.f);
    return (unsigned)(a & 0xff) | ((unsigned)(b & 0xff) << 8) | ((unsigned)((a + b) & 0xff) << 16) |
           ((unsigned)((a - b) & 0xff) << 24);
}

// ---- the mma forms: A/B fragment type and count, C/D type and count, the instruction ----
struct F32F16_16816 {
    typedef unsigned A; typedef float C; enum { NA = 4, NB = 2, NC = 4 };
    static __device__ A ab(float x, float y) { return h2(x, y); }
    static __device__ C c(float x) { return x; }
    static __device__ float f(C c) { return c; }
    static __device__ __forceinline__ void mma(C* d, const A* a, const A* b) {
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
};
struct F16F16_16816 {
    typedef unsigned A; typedef unsigned C; enum { NA = 4, NB = 2, NC = 2 };
    static __device__ A ab(float x, float y) { return h2(x, y); }
    static __device__ C c(float x) { return h2(x, -x); }
    static __device__ float f(C c) { return __low2float(*reinterpret_cast<__half2*>(&c)); }
    static __device__ __forceinline__ void mma(C* d, const A* a, const A* b) {
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};"
                     : "+r"(d[0]), "+r"(d[1])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
};
struct F32F16_1688 {
    typedef unsigned A; typedef float C; enum { NA = 2, NB = 1, NC = 4 };
    static __device__ A ab(float x, float y) { return h2(x, y); }
    static __device__ C c(float x) { return x; }
    static __device__ float f(C c) { return c; }
    static __device__ __forceinline__ void mma(C* d, const A* a, const A* b) {
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(b[0]));
    }
};
struct F32BF16_16816 {
    typedef unsigned A; typedef float C; enum { NA = 4, NB = 2, NC = 4 };
    static __device__ A ab(float x, float y) { return bf2(x, y); }
    static __device__ C c(float x) { return x; }
    static __device__ float f(C c) { return c; }
    static __device__ __forceinline__ void mma(C* d, const A* a, const A* b) {
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
};
struct F32TF32_1688 {
    typedef unsigned A; typedef float C; enum { NA = 4, NB = 2, NC = 4 };
    static __device__ A ab(float x, float y) { return __float_as_uint(x + y); }
    static __device__ C c(float x) { return x; }
    static __device__ float f(C c) { return c; }
    static __device__ __forceinline__ void mma(C* d, const A* a, const A* b) {
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
};
struct F32TF32_1684 {
    typedef unsigned A; typedef float C; enum { NA = 2, NB = 1, NC = 4 };
    static __device__ A ab(float x, float y) { return __float_as_uint(x + y); }
    static __device__ C c(float x) { return x; }
    static __device__ float f(C c) { return c; }
    static __device__ __forceinline__ void mma(C* d, const A* a, const A* b) {
        asm volatile("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(b[0]));
    }
};
struct F64_884 {
    typedef double A; typedef double C; enum { NA = 1, NB = 1, NC = 2 };
    static __device__ A ab(float x, float y) { return (double)x + (double)y; }
    static __device__ C c(float x) { return x; }
    static __device__ float f(C c) { return (float)c; }
    static __device__ __forceinline__ void mma(C* d, const A* a, const A* b) {
        asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
                     : "+d"(d[0]), "+d"(d[1])
                     : "d"(a[0]), "d"(b[0]));
    }
};
struct S32S8_16832 {
    typedef unsigned A; typedef int C; enum { NA = 4, NB = 2, NC = 4 };
    static __device__ A ab(float x, float y) { return s8x4(x, y); }
    static __device__ C c(float x) { return (int)(x * 1000.f); }
    static __device__ float f(C c) { return (float)c; }
    static __device__ __forceinline__ void mma(C* d, const A* a, const A* b) {
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
};
struct S32S8_16816 {
    typedef unsigned A; typedef int C; enum { NA = 2, NB = 1, NC = 4 };
    static __device__ A ab(float x, float y) { return s8x4(x, y); }
    static __device__ C c(float x) { return (int)(x * 1000.f); }
    static __device__ float f(C c) { return (float)c; }
    static __device__ __forceinline__ void mma(C* d, const A* a, const A* b) {
        asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                     : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(b[0]));
    }
};

#define WARP_SLOT (blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32)
// The timed region runs twice in one launch (the first pass fills the instruction cache of
// whichever SM the block landed on; a cold loop costs some 700 cycles); a block barrier starts
// each pass so that all warps begin together. Lane 0 of warp slot w stores t[4w..4w+3] =
// (pass-1 cycles, pass-2 cycles, pass-2 start clock, pass-2 end clock).
#define TIMED(...)                                                                    \
    long long c1 = 0, t0 = 0, t1 = 0;                                                 \
    _Pragma("unroll 1") for (int rep = 0; rep < 2; rep++) {                           \
        __syncthreads();                                                              \
        t0 = clock64();                                                               \
        __VA_ARGS__                                                                   \
        t1 = clock64();                                                               \
        if (rep == 0) c1 = t1 - t0;                                                   \
    }
#define STORE_T()                                                                     \
    if ((threadIdx.x & 31) == 0) {                                                    \
        long long* q = t + 4 * WARP_SLOT;                                             \
        q[0] = c1; q[1] = t1 - t0; q[2] = t0; q[3] = t1;                              \
    }

template <class M> __device__ __forceinline__ void mma_lat(const float* in, float* out, long long* t) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const float* p = in + 16 * tid;
    typename M::A a[M::NA], b[M::NB];
    typename M::C d[M::NC];
#pragma unroll
    for (int i = 0; i < M::NA; i++) a[i] = M::ab(p[2 * i], p[2 * i + 1]);
#pragma unroll
    for (int i = 0; i < M::NB; i++) b[i] = M::ab(p[8 + 2 * i], p[9 + 2 * i]);
#pragma unroll
    for (int i = 0; i < M::NC; i++) d[i] = M::c(p[12 + i]);
    TIMED(
    _Pragma("unroll 1")
    for (int s = 0; s < LAT_ITERS; s++) { U8(M::mma(d, a, b);) }
    )
    float r = 0.f;
#pragma unroll
    for (int i = 0; i < M::NC; i++) r += M::f(d[i]);
    out[tid] = r;
    STORE_T();
}

template <class M> __device__ __forceinline__ void mma_thr(const float* in, float* out, long long* t) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const float* p = in + 16 * tid;
    typename M::A a[M::NA], b[M::NB];
    typename M::C d0[M::NC], d1[M::NC], d2[M::NC], d3[M::NC], d4[M::NC], d5[M::NC], d6[M::NC], d7[M::NC];
#pragma unroll
    for (int i = 0; i < M::NA; i++) a[i] = M::ab(p[2 * i], p[2 * i + 1]);
#pragma unroll
    for (int i = 0; i < M::NB; i++) b[i] = M::ab(p[8 + 2 * i], p[9 + 2 * i]);
#pragma unroll
    for (int i = 0; i < M::NC; i++) {
        d0[i] = M::c(p[12 + i]); d1[i] = M::c(p[12 + i] + 1.f); d2[i] = M::c(p[12 + i] + 2.f);
        d3[i] = M::c(p[12 + i] + 3.f); d4[i] = M::c(p[12 + i] + 4.f); d5[i] = M::c(p[12 + i] + 5.f);
        d6[i] = M::c(p[12 + i] + 6.f); d7[i] = M::c(p[12 + i] + 7.f);
    }
    TIMED(
    _Pragma("unroll 1")
    for (int s = 0; s < THR_ITERS; s++) {
        M::mma(d0, a, b); M::mma(d1, a, b); M::mma(d2, a, b); M::mma(d3, a, b);
        M::mma(d4, a, b); M::mma(d5, a, b); M::mma(d6, a, b); M::mma(d7, a, b);
        M::mma(d0, a, b); M::mma(d1, a, b); M::mma(d2, a, b); M::mma(d3, a, b);
        M::mma(d4, a, b); M::mma(d5, a, b); M::mma(d6, a, b); M::mma(d7, a, b);
    }
    )
    float r = 0.f;
#pragma unroll
    for (int i = 0; i < M::NC; i++)
        r += M::f(d0[i]) + M::f(d1[i]) + M::f(d2[i]) + M::f(d3[i]) + M::f(d4[i]) + M::f(d5[i]) +
             M::f(d6[i]) + M::f(d7[i]);
    out[tid] = r;
    STORE_T();
}

#define MMA_KERNELS(NAME, M)                                                                        \
    extern "C" __global__ void lat_##NAME(const float* in, float* out, long long* t, unsigned) {    \
        mma_lat<M>(in, out, t);                                                                     \
    }                                                                                               \
    extern "C" __global__ void thr_##NAME(const float* in, float* out, long long* t, unsigned) {    \
        mma_thr<M>(in, out, t);                                                                     \
    }
MMA_KERNELS(mma_16816_f32_f16, F32F16_16816)
MMA_KERNELS(mma_16816_f16_f16, F16F16_16816)
MMA_KERNELS(mma_1688_f32_f16, F32F16_1688)
MMA_KERNELS(mma_16816_f32_bf16, F32BF16_16816)
MMA_KERNELS(mma_1688_f32_tf32, F32TF32_1688)
MMA_KERNELS(mma_1684_f32_tf32, F32TF32_1684)
MMA_KERNELS(mma_884_f64, F64_884)
MMA_KERNELS(mma_16832_s32_s8, S32S8_16832)
MMA_KERNELS(mma_16816_s32_s8, S32S8_16816)

// ---- the clock method's reference: dependent FFMA (4 cycles on the H200) ----
extern "C" __global__ void lat_ffma(const float* in, float* out, long long* t, unsigned) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[16 * tid], y = in[16 * tid + 1], z = in[16 * tid + 2];
    TIMED(
    _Pragma("unroll 1")
    for (int s = 0; s < LAT_ITERS; s++) { U8(asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(x) : "f"(y), "f"(z));) }
    )
    out[tid] = x;
    STORE_T();
}

// ---- ldmatrix / stmatrix ----
// Shared memory is NT tiles of S = 128 * NM bytes (NM 8x8 b16 matrices of 8 rows x 16 bytes,
// contiguous, so every matrix is one conflict-free 128-byte access). Lane t gives the row
// address tile*S + (t % (8*NM))*16. Lane t's first loaded register is the 32-bit word at
// tile*S + t*4 (matrix 0, row t/4, word t%4); that word holds lane t's row address in the next
// tile, so the chase walks the tiles in a cycle and stays in bounds. With .trans lane t gets
// matrix 0's elements [2(t%4)][t/4] (low half) and [2(t%4)+1][t/4] (high half): the fill
// puts the address's two halves there instead.
#define SMEM_BYTES 32768
__shared__ __align__(1024) unsigned char smem[SMEM_BYTES];

__device__ __forceinline__ unsigned smem_base() { return (unsigned)__cvta_generic_to_shared(smem); }

template <int NM, bool TRANS> __device__ __forceinline__ unsigned fill_chase() {
    const int S = 128 * NM, NT = SMEM_BYTES / S;
    unsigned base = smem_base();
    unsigned* w = reinterpret_cast<unsigned*>(smem);
    unsigned short* h = reinterpret_cast<unsigned short*>(smem);
    for (int i = threadIdx.x; i < SMEM_BYTES / 4; i += blockDim.x) w[i] = 0;
    __syncthreads();
    for (int i = threadIdx.x; i < NT * 32; i += blockDim.x) {
        int k = i / 32, lane = i % 32;
        unsigned v = base + ((k + 1) % NT) * S + (lane % (8 * NM)) * 16;
        if (!TRANS) {
            w[(k * S) / 4 + lane] = v;
        } else {
            int q = lane % 4, c = lane / 4;   // element [2q][c] = low half, [2q+1][c] = high half
            h[(k * S + (2 * q) * 16 + c * 2) / 2] = (unsigned short)(v & 0xffff);
            h[(k * S + (2 * q + 1) * 16 + c * 2) / 2] = (unsigned short)(v >> 16);
        }
    }
    __syncthreads();
    return base;
}

template <int NM, bool TRANS> __device__ __forceinline__ void ldsm(unsigned* r, unsigned addr);
template <> __device__ __forceinline__ void ldsm<1, false>(unsigned* r, unsigned addr) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r[0]) : "r"(addr) : "memory");
}
template <> __device__ __forceinline__ void ldsm<2, false>(unsigned* r, unsigned addr) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(addr) : "memory");
}
template <> __device__ __forceinline__ void ldsm<4, false>(unsigned* r, unsigned addr) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr) : "memory");
}
template <> __device__ __forceinline__ void ldsm<4, true>(unsigned* r, unsigned addr) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr) : "memory");
}

// out[tid] = the chase's final address less the base; the host checks it against
// ((first tile + operations) % NT) * S + (lane % (8*NM)) * 16.
template <int NM, bool TRANS> __device__ __forceinline__ void ldsm_lat(float* out, long long* t) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
    unsigned base = fill_chase<NM, TRANS>();
    unsigned addr = base + (lane % (8 * NM)) * 16;
    unsigned r[4] = {0, 0, 0, 0};
    TIMED(
    _Pragma("unroll 1")
    for (int s = 0; s < LAT_ITERS; s++) { U8(ldsm<NM, TRANS>(r, addr); addr = r[0];) }
    )
    out[tid] = __uint_as_float(addr - base);
    STORE_T();
}

// 8 independent chases per warp; chain j starts at tile j * NT/8; out: chain 0's address.
template <int NM, bool TRANS> __device__ __forceinline__ void ldsm_thr(float* out, long long* t, unsigned mask) {
    const int S = 128 * NM, NT = SMEM_BYTES / S;
    int tid = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
    unsigned base = fill_chase<NM, TRANS>();
    unsigned a0 = base + (lane % (8 * NM)) * 16, a[8];
#pragma unroll
    for (int j = 0; j < 8; j++) a[j] = a0 + j * (NT / 8) * S;
    unsigned r[8][4];
    TIMED(
    _Pragma("unroll 1")
    for (int s = 0; s < THR_ITERS; s++) {
        _Pragma("unroll")
        for (int k = 0; k < 2; k++) {
            _Pragma("unroll")
            for (int j = 0; j < 8; j++) ldsm<NM, TRANS>(r[j], a[j]);
            _Pragma("unroll")
            for (int j = 0; j < 8; j++) a[j] = r[j][0];
        }
    }
    )
    unsigned x = 0;
#pragma unroll
    for (int j = 1; j < 8; j++) x ^= a[j];
    out[tid] = __uint_as_float(a[0] - base + (x & mask));   // mask 0: keeps chains 1-7 live
    STORE_T();
}

#define LDSM_KERNELS(NAME, NM, TRANS)                                                                     \
    extern "C" __global__ void lat_##NAME(const float*, float* out, long long* t, unsigned) {             \
        ldsm_lat<NM, TRANS>(out, t);                                                                      \
    }                                                                                                     \
    extern "C" __global__ void thr_##NAME(const float*, float* out, long long* t, unsigned mask) {        \
        ldsm_thr<NM, TRANS>(out, t, mask);                                                                    \
    }
LDSM_KERNELS(ldsm_x1, 1, false)
LDSM_KERNELS(ldsm_x2, 2, false)
LDSM_KERNELS(ldsm_x4, 4, false)
LDSM_KERNELS(ldsm_x4_trans, 4, true)

// stmatrix .x4: 8 stores per round to 8 tiles of 512 bytes, lane t's row address tile*512 + t*16.
extern "C" __global__ void thr_stsm_x4(const float* in, float* out, long long* t, unsigned) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
    unsigned base = smem_base() + lane * 16;
    unsigned v0 = __float_as_uint(in[16 * tid]), v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3;
    TIMED(
    _Pragma("unroll 1")
    for (int s = 0; s < THR_ITERS; s++) {
        _Pragma("unroll")
        for (int k = 0; k < 2; k++) {
            _Pragma("unroll")
            for (int j = 0; j < 8; j++)
                asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1,%2,%3,%4};"
                             :: "r"(base + j * 512 * 8), "r"(v0), "r"(v1), "r"(v2), "r"(v3) : "memory");
        }
        v0 += 1;
    }
    )
    __syncthreads();
    out[tid] = __uint_as_float(reinterpret_cast<unsigned*>(smem)[threadIdx.x]);
    STORE_T();
}

// ---- ldmatrix.x4 -> mma m16n8k16 f32 -> next ldmatrix address, one chain ----
// The mma's A is the ldmatrix's 4 registers; its d[0] feeds the next address through
// (bits & mask) with mask 0 at run time. lat_ldsm_x4_glue is the same chase with the same
// glue (r[1] & mask) and no mma: the difference is what the mma adds to the loop.
extern "C" __global__ void lat_ldsm_mma(const float* in, float* out, long long* t, unsigned mask) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
    const float* p = in + 16 * tid;
    unsigned base = fill_chase<4, false>();
    unsigned addr = base + lane * 16;
    unsigned b[2] = {h2(p[8], p[9]), h2(p[10], p[11])};
    float d[4] = {p[12], p[13], p[14], p[15]};
    unsigned r[4];
    TIMED(
    _Pragma("unroll 1")
    for (int s = 0; s < LAT_ITERS; s++) {
        U8(ldsm<4, false>(r, addr); F32F16_16816::mma(d, r, b); addr = r[0] + (__float_as_uint(d[0]) & mask);)
    }
    )
    out[tid] = __uint_as_float(addr - base) + d[0] + d[1] + d[2] + d[3];
    STORE_T();
}

extern "C" __global__ void lat_ldsm_x4_glue(const float* in, float* out, long long* t, unsigned mask) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
    unsigned base = fill_chase<4, false>();
    unsigned addr = base + lane * 16;
    unsigned r[4];
    TIMED(
    _Pragma("unroll 1")
    for (int s = 0; s < LAT_ITERS; s++) { U8(ldsm<4, false>(r, addr); addr = r[0] + (r[1] & mask);) }
    )
    out[tid] = __uint_as_float(addr - base);
    STORE_T();
}
