// 16 x 16 tiled SGEMM with the next tiles copied into shared memory by cp.async
// (__pipeline_memcpy_async) while the current ones are used: two buffers, one commit group per
// tile, __pipeline_wait_prior(1) before a tile is read.
#include <cuda_pipeline.h>
extern "C" __global__ void matmul_cp_async(const float* __restrict__ A, const float* __restrict__ B,
                                           float* __restrict__ C, int n) {
    __shared__ float As[2][16][16], Bs[2][16][16];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
    int tiles = n / 16;
    __pipeline_memcpy_async(&As[0][ty][tx], &A[row * n + tx], 4);
    __pipeline_memcpy_async(&Bs[0][ty][tx], &B[ty * n + col], 4);
    __pipeline_commit();
    float acc = 0.f;
    for (int t = 0; t < tiles; ++t) {
        int cur = t & 1;
        if (t + 1 < tiles) {
            int k = (t + 1) * 16;
            __pipeline_memcpy_async(&As[1 - cur][ty][tx], &A[row * n + k + tx], 4);
            __pipeline_memcpy_async(&Bs[1 - cur][ty][tx], &B[(k + ty) * n + col], 4);
        }
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 16; ++k) acc += As[cur][ty][k] * Bs[cur][k][tx];
        __syncthreads();
    }
    C[row * n + col] = acc;
}
