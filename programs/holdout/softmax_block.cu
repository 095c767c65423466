// Softmax of each row of n floats with one block of 256 threads a row: block-wide max and sum,
// each a warp shuffle reduction, then the warps' results through shared memory and a barrier.
__device__ float block_reduce(float v, bool is_max, float* red) {
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    for (int o = 16; o > 0; o >>= 1) {
        float u = __shfl_xor_sync(0xffffffff, v, o);
        v = is_max ? fmaxf(v, u) : v + u;
    }
    if (lane == 0) red[w] = v;
    __syncthreads();
    v = red[lane & 7];
    for (int o = 4; o > 0; o >>= 1) {
        float u = __shfl_xor_sync(0xffffffff, v, o);
        v = is_max ? fmaxf(v, u) : v + u;
    }
    __syncthreads();
    return v;
}
extern "C" __global__ void softmax_block(const float* x, float* y, int n) {
    __shared__ float red[8];
    const float* xr = x + (long)blockIdx.x * n;
    float* yr = y + (long)blockIdx.x * n;
    float m = -INFINITY;
    for (int j = threadIdx.x; j < n; j += 256) m = fmaxf(m, xr[j]);
    m = block_reduce(m, true, red);
    float s = 0.f;
    for (int j = threadIdx.x; j < n; j += 256) s += __expf(xr[j] - m);
    s = block_reduce(s, false, red);
    float inv = 1.f / s;
    for (int j = threadIdx.x; j < n; j += 256) yr[j] = __expf(xr[j] - m) * inv;
}
