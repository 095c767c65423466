// Tensor-core kernels written the way hand-tuned CUDA writes them: mma.sync in inline PTX on
// fragments each lane loads itself (PTX ISA 9.7.14.5's layouts), ldmatrix/stmatrix between
// shared memory and those fragments, and the tf32, f64 and s8 forms. One warp computes one
// 16x8 (8x8 for f64) tile of D = A * B + C, looping over K; A is M x K and B K x N, row-major.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>

__device__ __forceinline__ uint32_t pack16(unsigned short lo, unsigned short hi) {
    return (uint32_t)lo | ((uint32_t)hi << 16);
}

// gid = lane / 4 and t = lane % 4 name a lane's place in the fragments
template <typename T, bool BF16>
__device__ void mma_tile_16816(const T* A, const T* B, const float* C, float* D, int M, int N, int K) {
    int lane = threadIdx.x & 31;
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int tiles_n = N / 8;
    int tm = warp / tiles_n, tn = warp % tiles_n;
    if (tm * 16 >= M) return;
    int gid = lane >> 2, t = lane & 3;
    const unsigned short* a16 = reinterpret_cast<const unsigned short*>(A);
    const unsigned short* b16 = reinterpret_cast<const unsigned short*>(B);
    float c[4];
    for (int x = 0; x < 4; x++)
        c[x] = C[(tm * 16 + gid + 8 * (x >> 1)) * N + tn * 8 + 2 * t + (x & 1)];
    for (int k0 = 0; k0 < K; k0 += 16) {
        uint32_t a[4], b[2];
        for (int j = 0; j < 4; j++) {
            int row = tm * 16 + gid + 8 * (j & 1), col = k0 + (t + 4 * (j >> 1)) * 2;
            a[j] = pack16(a16[row * K + col], a16[row * K + col + 1]);
        }
        for (int j = 0; j < 2; j++) {
            int row = k0 + (t + 4 * j) * 2, col = tn * 8 + gid;
            b[j] = pack16(b16[row * N + col], b16[(row + 1) * N + col]);
        }
        if (BF16)
            asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                         : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                         : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
        else
            asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                         : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                         : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
    for (int x = 0; x < 4; x++)
        D[(tm * 16 + gid + 8 * (x >> 1)) * N + tn * 8 + 2 * t + (x & 1)] = c[x];
}

extern "C" __global__ void mma_f16(const __half* A, const __half* B, const float* C, float* D, int M, int N, int K) {
    mma_tile_16816<__half, false>(A, B, C, D, M, N, K);
}

extern "C" __global__ void mma_bf16(const __nv_bfloat16* A, const __nv_bfloat16* B, const float* C, float* D,
                                    int M, int N, int K) {
    mma_tile_16816<__nv_bfloat16, true>(A, B, C, D, M, N, K);
}

// f16 accumulators: C and D two f16x2 registers a lane; no C input (zeros)
extern "C" __global__ void mma_f16_acc(const __half* A, const __half* B, __half* D, int M, int N, int K) {
    int lane = threadIdx.x & 31;
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int tm = warp / (N / 8), tn = warp % (N / 8);
    if (tm * 16 >= M) return;
    int gid = lane >> 2, t = lane & 3;
    const unsigned short* a16 = reinterpret_cast<const unsigned short*>(A);
    const unsigned short* b16 = reinterpret_cast<const unsigned short*>(B);
    uint32_t c[2] = {0, 0};
    for (int k0 = 0; k0 < K; k0 += 16) {
        uint32_t a[4], b[2];
        for (int j = 0; j < 4; j++) {
            int row = tm * 16 + gid + 8 * (j & 1), col = k0 + (t + 4 * (j >> 1)) * 2;
            a[j] = pack16(a16[row * K + col], a16[row * K + col + 1]);
        }
        for (int j = 0; j < 2; j++) {
            int row = k0 + (t + 4 * j) * 2, col = tn * 8 + gid;
            b[j] = pack16(b16[row * N + col], b16[(row + 1) * N + col]);
        }
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};"
                     : "+r"(c[0]), "+r"(c[1])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
    unsigned short* d16 = reinterpret_cast<unsigned short*>(D);
    for (int x = 0; x < 4; x++)
        d16[(tm * 16 + gid + 8 * (x >> 1)) * N + tn * 8 + 2 * t + (x & 1)] = (c[x >> 1] >> (16 * (x & 1))) & 0xffff;
}

// the canonical shared-memory path: a block of one warp stages A's 16x16 and B's 16x8 slices
// in shared memory, ldmatrix.x4 gives A's fragment, ldmatrix.x2.trans B's
extern "C" __global__ void mma_ldmatrix(const __half* A, const __half* B, float* D, int M, int N, int K) {
    __shared__ __align__(16) __half As[16][16];
    __shared__ __align__(16) __half Bs[16][8];
    int lane = threadIdx.x;
    int tm = blockIdx.y, tn = blockIdx.x;
    float c[4] = {0.f, 0.f, 0.f, 0.f};
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int e = lane; e < 256; e += 32) As[e / 16][e % 16] = A[(tm * 16 + e / 16) * K + k0 + e % 16];
        for (int e = lane; e < 128; e += 32) Bs[e / 8][e % 8] = B[(k0 + e / 8) * N + tn * 8 + e % 8];
        __syncwarp();
        uint32_t a[4], b[2];
        uint32_t pa = (uint32_t)__cvta_generic_to_shared(&As[(lane & 7) + 8 * ((lane >> 3) & 1)][8 * (lane >> 4)]);
        uint32_t pb = (uint32_t)__cvta_generic_to_shared(&Bs[lane & 15][0]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                     : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]) : "r"(pa));
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];"
                     : "=r"(b[0]), "=r"(b[1]) : "r"(pb));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
        __syncwarp();
    }
    int gid = lane >> 2, t = lane & 3;
    for (int x = 0; x < 4; x++)
        D[(tm * 16 + gid + 8 * (x >> 1)) * N + tn * 8 + 2 * t + (x & 1)] = c[x];
}

// tf32: the f32 inputs rounded by cvt.rna.tf32.f32, m16n8k8
extern "C" __global__ void mma_tf32(const float* A, const float* B, float* D, int M, int N, int K) {
    int lane = threadIdx.x & 31;
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int tm = warp / (N / 8), tn = warp % (N / 8);
    if (tm * 16 >= M) return;
    int gid = lane >> 2, t = lane & 3;
    float c[4] = {0.f, 0.f, 0.f, 0.f};
    for (int k0 = 0; k0 < K; k0 += 8) {
        uint32_t a[4], b[2];
        for (int j = 0; j < 4; j++)
            asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(a[j]) : "f"(A[(tm * 16 + gid + 8 * (j & 1)) * K + k0 + t + 4 * (j >> 1)]));
        for (int j = 0; j < 2; j++)
            asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(b[j]) : "f"(B[(k0 + t + 4 * j) * N + tn * 8 + gid]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
    for (int x = 0; x < 4; x++)
        D[(tm * 16 + gid + 8 * (x >> 1)) * N + tn * 8 + 2 * t + (x & 1)] = c[x];
}

// f64: m8n8k4, one warp an 8x8 tile
extern "C" __global__ void mma_f64(const double* A, const double* B, double* D, int M, int N, int K) {
    int lane = threadIdx.x & 31;
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int tm = warp / (N / 8), tn = warp % (N / 8);
    if (tm * 8 >= M) return;
    int gid = lane >> 2, t = lane & 3;
    double c[2] = {0.0, 0.0};
    for (int k0 = 0; k0 < K; k0 += 4) {
        double a = A[(tm * 8 + gid) * K + k0 + t];
        double b = B[(k0 + t) * N + tn * 8 + gid];
        asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
                     : "+d"(c[0]), "+d"(c[1]) : "d"(a), "d"(b));
    }
    for (int x = 0; x < 2; x++)
        D[(tm * 8 + gid) * N + tn * 8 + 2 * t + x] = c[x];
}

// s8: m16n8k32, s32 accumulators, .satfinite
extern "C" __global__ void mma_s8(const int8_t* A, const int8_t* B, int* D, int M, int N, int K) {
    int lane = threadIdx.x & 31;
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int tm = warp / (N / 8), tn = warp % (N / 8);
    if (tm * 16 >= M) return;
    int gid = lane >> 2, t = lane & 3;
    int c[4] = {0, 0, 0, 0};
    for (int k0 = 0; k0 < K; k0 += 32) {
        uint32_t a[4], b[2];
        for (int j = 0; j < 4; j++) {
            const int8_t* p = A + (tm * 16 + gid + 8 * (j & 1)) * K + k0 + (t + 4 * (j >> 1)) * 4;
            a[j] = (uint8_t)p[0] | ((uint8_t)p[1] << 8) | ((uint8_t)p[2] << 16) | ((uint32_t)(uint8_t)p[3] << 24);
        }
        for (int j = 0; j < 2; j++) {
            int row = k0 + (t + 4 * j) * 4, col = tn * 8 + gid;
            b[j] = (uint8_t)B[row * N + col] | ((uint8_t)B[(row + 1) * N + col] << 8) |
                   ((uint8_t)B[(row + 2) * N + col] << 16) | ((uint32_t)(uint8_t)B[(row + 3) * N + col] << 24);
        }
        asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
    for (int x = 0; x < 4; x++)
        D[(tm * 16 + gid + 8 * (x >> 1)) * N + tn * 8 + 2 * t + (x & 1)] = c[x];
}

// ldmatrix.x4 then stmatrix.x4.trans with matrices 1 and 2 swapped: a 16x16 tile transposed
extern "C" __global__ void matrix_transpose(const unsigned short* in, unsigned short* out) {
    __shared__ __align__(16) unsigned short src[16][16];
    __shared__ __align__(16) unsigned short dst[16][16];
    int lane = threadIdx.x;
    const unsigned short* tile = in + blockIdx.x * 256;
    for (int e = lane; e < 256; e += 32) src[e / 16][e % 16] = tile[e];
    __syncwarp();
    int r = lane & 7, j = lane >> 3;                 // row r of matrix j: (j & 1) picks rows, (j >> 1) columns
    uint32_t ps = (uint32_t)__cvta_generic_to_shared(&src[r + 8 * (j & 1)][8 * (j >> 1)]);
    uint32_t pd = (uint32_t)__cvta_generic_to_shared(&dst[r + 8 * (j >> 1)][8 * (j & 1)]);
    uint32_t v0, v1, v2, v3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(v0), "=r"(v1), "=r"(v2), "=r"(v3) : "r"(ps));
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1,%2,%3,%4};"
                 :: "r"(pd), "r"(v0), "r"(v1), "r"(v2), "r"(v3) : "memory");
    __syncwarp();
    for (int e = lane; e < 256; e += 32) out[blockIdx.x * 256 + e] = dst[e / 16][e % 16];
}

// cvt.rna / .rn / .rz .tf32.f32 of each input, as the bits the register holds afterwards
// (ptxas may leave the 13 bits an mma ignores as they come: traces/h200/tensor/tf32_round.json)
extern "C" __global__ void tf32_round(const float* x, unsigned* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned a, b, c;
    asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(a) : "f"(x[i]));
    asm("cvt.rn.tf32.f32 %0, %1;" : "=r"(b) : "f"(x[i]));
    asm("cvt.rz.tf32.f32 %0, %1;" : "=r"(c) : "f"(x[i]));
    out[3 * i] = a;
    out[3 * i + 1] = b;
    out[3 * i + 2] = c;
}
