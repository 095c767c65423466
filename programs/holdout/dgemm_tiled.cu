// C = A B in double precision, 16 x 16 tiles of A and B staged through shared memory.
#define T 16
extern "C" __global__ void dgemm_tiled(const double* __restrict__ A, const double* __restrict__ B,
                                       double* __restrict__ C, int n) {
    __shared__ double As[T][T], Bs[T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
    double acc = 0.0;
    for (int k0 = 0; k0 < n; k0 += T) {
        As[ty][tx] = A[row * n + k0 + tx];
        Bs[ty][tx] = B[(k0 + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < T; ++k) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * n + col] = acc;
}
