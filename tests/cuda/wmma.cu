// Tensor-core kernels written with CUDA's warp matrix API (nvcuda::wmma, <mma.h>), the way
// tutorials and simple GEMMs use it: fragments loaded from global or shared memory with a
// leading dimension, mma_sync, element-wise work on a fragment, store_matrix_sync. nvcc turns
// each call into one PTX wmma.load / wmma.mma / wmma.store; ptxas makes those plain loads,
// stores and HMMA/IMMA/DMMA instructions with the hardware's fragment layout.
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;

// D = alpha * A * B: A M x K row-major, B K x N column-major (element (k, n) at n * K + k),
// D M x N row-major; one warp a 16 x 16 tile, warps along M, blocks along N.
extern "C" __global__ void wmma_gemm(const half* A, const half* B, float* D, int M, int N, int K, float alpha) {
    int tm = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int tn = blockIdx.y;
    if (tm * 16 >= M) return;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
    wmma::fill_fragment(c, 0.0f);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(a, A + tm * 16 * K + k, K);
        wmma::load_matrix_sync(b, B + tn * 16 * K + k, K);
        wmma::mma_sync(c, a, b, c);
    }
    for (int i = 0; i < c.num_elements; i++)
        c.x[i] *= alpha;
    wmma::store_matrix_sync(D + tm * 16 * N + tn * 16, c, N, wmma::mem_row_major);
}

// One 16 x 16 x 16 product through shared memory, f16 accumulators, A column-major and B
// row-major, D stored column-major: D = A * B + C with C loaded from global memory.
extern "C" __global__ void wmma_shared(const half* A, const half* B, const half* C, half* D) {
    __shared__ half sa[16 * 16], sb[16 * 16], sd[16 * 16];
    for (int i = threadIdx.x; i < 256; i += 32) {
        sa[i] = A[i];
        sb[i] = B[i];
    }
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, half> c;
    wmma::load_matrix_sync(c, C, 16, wmma::mem_row_major);
    wmma::load_matrix_sync(a, sa, 16);
    wmma::load_matrix_sync(b, sb, 16);
    wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(sd, c, 16, wmma::mem_col_major);
    __syncwarp();
    for (int i = threadIdx.x; i < 256; i += 32)
        D[i] = sd[i];
}

// bf16, the 32 x 8 x 16 shape: A 32 x K row-major, B K x 8 row-major, D 32 x 8 f32 (one warp).
extern "C" __global__ void wmma_bf16(const __nv_bfloat16* A, const __nv_bfloat16* B, float* D, int K) {
    wmma::fragment<wmma::matrix_a, 32, 8, 16, __nv_bfloat16, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 32, 8, 16, __nv_bfloat16, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 32, 8, 16, float> c;
    wmma::fill_fragment(c, 0.0f);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(a, A + k, K);
        wmma::load_matrix_sync(b, B + k * 8, 8);
        wmma::mma_sync(c, a, b, c);
    }
    wmma::store_matrix_sync(D, c, 8, wmma::mem_row_major);
}

// f16, the 8 x 32 x 16 shape with an f32 C read from memory: D = A * B + C, A 8 x 16 row-major,
// B 16 x 32 column-major, C and D 8 x 32 column-major.
extern "C" __global__ void wmma_m8n32(const half* A, const half* B, const float* C, float* D) {
    wmma::fragment<wmma::matrix_a, 8, 32, 16, half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 8, 32, 16, half, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 8, 32, 16, float> c;
    wmma::load_matrix_sync(a, A, 16);
    wmma::load_matrix_sync(b, B, 16);
    wmma::load_matrix_sync(c, C, 8, wmma::mem_col_major);
    wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(D, c, 8, wmma::mem_col_major);
}

// tf32 (16 x 16 x 8): f32 inputs rounded with __float_to_tf32 inside the fragments, as the
// CUDA programming guide's example does. A M x K and B K x 16 row-major, one warp a 16-row tile.
extern "C" __global__ void wmma_tf32(const float* A, const float* B, float* D, int M, int K) {
    int tm = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    if (tm * 16 >= M) return;
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> c;
    wmma::fill_fragment(c, 0.0f);
    for (int k = 0; k < K; k += 8) {
        wmma::load_matrix_sync(a, A + tm * 16 * K + k, K);
        wmma::load_matrix_sync(b, B + k * 16, 16);
        for (int i = 0; i < a.num_elements; i++) a.x[i] = wmma::__float_to_tf32(a.x[i]);
        for (int i = 0; i < b.num_elements; i++) b.x[i] = wmma::__float_to_tf32(b.x[i]);
        wmma::mma_sync(c, a, b, c);
    }
    wmma::store_matrix_sync(D + tm * 16 * 16, c, 16, wmma::mem_row_major);
}

// s8 (16 x 16 x 16) into s32, C added from memory: A 16 x K row-major, B K x 16
// column-major, C and D 16 x 16 row-major.
extern "C" __global__ void wmma_s8(const signed char* A, const signed char* B, const int* C, int* D, int K) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> c;
    wmma::load_matrix_sync(c, C, 16, wmma::mem_row_major);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(a, A + k, K);
        wmma::load_matrix_sync(b, B + k, K);
        wmma::mma_sync(c, a, b, c);
    }
    wmma::store_matrix_sync(D, c, 16, wmma::mem_row_major);
}

// f64 (8 x 8 x 4): A 8 x K row-major, B K x 8 row-major, D 8 x 8 row-major.
extern "C" __global__ void wmma_f64(const double* A, const double* B, double* D, int K) {
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> c;
    wmma::fill_fragment(c, 0.0);
    for (int k = 0; k < K; k += 4) {
        wmma::load_matrix_sync(a, A + k, K);
        wmma::load_matrix_sync(b, B + k * 8, 8);
        wmma::mma_sync(c, a, b, c);
    }
    wmma::store_matrix_sync(D, c, 8, wmma::mem_row_major);
}
