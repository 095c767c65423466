// C = alpha * A * B + beta * C on the tensor cores through nvcuda::wmma, as NVIDIA's
// "Programming Tensor Cores in CUDA 9" introduces it: every matrix column-major, f16 A and
// B, f32 C; each warp one 16 x 16 tile of C, loading its A and B fragments straight from
// global memory for each 16-wide step of K. Blocks of 128 x 4 threads: 4 x 4 warps.
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

extern "C" __global__ void wmma_gemm(const half* a, const half* b, float* c, int M, int N, int K,
                                     float alpha, float beta) {
    int lda = M, ldb = K, ldc = M;
    int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
    int warpN = blockIdx.y * blockDim.y + threadIdx.y;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> a_frag;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b_frag;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc_frag;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c_frag;
    wmma::fill_fragment(acc_frag, 0.0f);
    for (int i = 0; i < K; i += 16) {
        int aRow = warpM * 16, aCol = i;
        int bRow = i, bCol = warpN * 16;
        if (aRow < M && aCol < K && bRow < K && bCol < N) {
            wmma::load_matrix_sync(a_frag, a + aRow + aCol * lda, lda);
            wmma::load_matrix_sync(b_frag, b + bRow + bCol * ldb, ldb);
            wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);
        }
    }
    int cRow = warpM * 16, cCol = warpN * 16;
    if (cRow < M && cCol < N) {
        wmma::load_matrix_sync(c_frag, c + cRow + cCol * ldc, ldc, wmma::mem_col_major);
        for (int i = 0; i < c_frag.num_elements; i++)
            c_frag.x[i] = alpha * acc_frag.x[i] + beta * c_frag.x[i];
        wmma::store_matrix_sync(c + cRow + cCol * ldc, c_frag, ldc, wmma::mem_col_major);
    }
}
