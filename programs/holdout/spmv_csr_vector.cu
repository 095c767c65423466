// CSR sparse matrix-vector product, one warp a row (the "vector" kernel of Bell and Garland):
// the lanes stride through the row's 0-63 entries, gather x, and reduce with __shfl_down_sync.
// The rows' starts and lengths come as two arrays.
extern "C" __global__ void spmv_csr_vector(const int* __restrict__ start, const int* __restrict__ len,
                                           const int* __restrict__ cols, const float* __restrict__ vals,
                                           const float* __restrict__ x, float* __restrict__ y,
                                           int rows) {
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
    if (row >= rows) return;
    int s = start[row], e = s + len[row];
    float sum = 0.f;
    for (int k = s + lane; k < e; k += 32) sum += vals[k] * x[cols[k]];
    for (int o = 16; o > 0; o >>= 1) sum += __shfl_down_sync(0xffffffff, sum, o);
    if (lane == 0) y[row] = sum;
}
