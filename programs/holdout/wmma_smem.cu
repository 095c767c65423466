// C = A * B on the tensor cores with tiles staged in shared memory, the step after the
// direct WMMA GEMM: a block of 4 warps computes a 64 x 64 tile of C; for each 32-wide step
// of K it copies a 64 x 32 tile of A and a 32 x 64 tile of B into shared memory (rows
// padded by 8 halves against bank conflicts), and each warp multiplies 2 x 2 fragments out
// of them. A, B and C row-major; f16 A and B, f32 C.
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

#define BM 64
#define BN 64
#define BK 32
#define PAD 8

extern "C" __global__ void wmma_smem(const half* A, const half* B, float* C, int M, int N, int K) {
    __shared__ half As[BM][BK + PAD];
    __shared__ half Bs[BK][BN + PAD];
    int warp = threadIdx.x / 32;
    int wm = (warp / 2) * 32, wn = (warp % 2) * 32;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) wmma::fill_fragment(acc[i][j], 0.0f);
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int t = threadIdx.x; t < BM * BK; t += blockDim.x)
            As[t / BK][t % BK] = A[(bm + t / BK) * K + k0 + t % BK];
        for (int t = threadIdx.x; t < BK * BN; t += blockDim.x)
            Bs[t / BN][t % BN] = B[(k0 + t / BN) * N + bn + t % BN];
        __syncthreads();
        for (int kk = 0; kk < BK; kk += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[2];
            wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
            for (int i = 0; i < 2; i++) wmma::load_matrix_sync(a[i], &As[wm + 16 * i][kk], BK + PAD);
            for (int j = 0; j < 2; j++) wmma::load_matrix_sync(b[j], &Bs[kk][wn + 16 * j], BN + PAD);
            for (int i = 0; i < 2; i++)
                for (int j = 0; j < 2; j++) wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            wmma::store_matrix_sync(C + (bm + wm + 16 * i) * N + bn + wn + 16 * j, acc[i][j], N, wmma::mem_row_major);
}
