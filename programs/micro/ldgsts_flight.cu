// How many cp.async (LDGSTS) a warp, a scheduler, an SM keep in flight: each warp copies K
// lines of 128 bytes (4 bytes a lane) into its own shared memory, commits, waits for them,
// reads one back, R rounds; its source is a 24 KB window of its own (more than the L1 keeps
// of 16 warps', less than the L2 keeps of all), so after the first pass every copy is an L2
// hit. ldg_sts_* does the same with a load and a store a line (LDG, STS).
#include <cuda_pipeline.h>
#define WINDOW 192
#define KERNELS(K)                                                                              \
extern "C" __global__ void ldgsts_k##K(const float* __restrict__ src, float* __restrict__ out, \
                                       int rounds) {                                            \
    __shared__ float buf[16 * K * 32];                                                          \
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;                                          \
    const float* s = src + (size_t)(blockIdx.x * (blockDim.x >> 5) + w) * WINDOW * 32;          \
    float acc = 0.f;                                                                            \
    for (int r = 0; r < rounds; ++r) {                                                          \
        _Pragma("unroll")                                                                       \
        for (int j = 0; j < K; ++j)                                                             \
            __pipeline_memcpy_async(&buf[(w * K + j) * 32 + lane],                              \
                                    s + ((r * K + j) % WINDOW) * 32 + lane, 4);                 \
        __pipeline_commit();                                                                    \
        __pipeline_wait_prior(0);                                                               \
        acc += buf[(w * K + (r % K)) * 32 + lane];                                              \
    }                                                                                           \
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;                                           \
}                                                                                               \
extern "C" __global__ void ldg_sts_k##K(const float* __restrict__ src, float* __restrict__ out, \
                                        int rounds) {                                           \
    __shared__ float buf[16 * K * 32];                                                          \
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;                                          \
    const float* s = src + (size_t)(blockIdx.x * (blockDim.x >> 5) + w) * WINDOW * 32;          \
    float acc = 0.f;                                                                            \
    for (int r = 0; r < rounds; ++r) {                                                          \
        _Pragma("unroll")                                                                       \
        for (int j = 0; j < K; ++j)                                                             \
            buf[(w * K + j) * 32 + lane] = s[((r * K + j) % WINDOW) * 32 + lane];               \
        __syncwarp();                                                                           \
        acc += buf[(w * K + (r % K)) * 32 + lane];                                              \
    }                                                                                           \
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;                                           \
}
KERNELS(1)
KERNELS(4)
KERNELS(16)
