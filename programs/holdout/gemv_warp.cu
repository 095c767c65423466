extern "C" __global__ void gemv_warp(float* y, const float* A, const float* x, int m, int n) {
    int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x & 31;
    if (row >= m) return;
    float s = 0.f;
    for (int j = lane; j < n; j += 32) s += A[(long)row * n + j] * x[j];
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    if (lane == 0) y[row] = s;
}
