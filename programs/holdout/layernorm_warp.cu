// layer norm of each row of n floats: one warp a row, mean and variance by shuffles
extern "C" __global__ void layernorm_warp(const float* in, float* out, int rows, int n) {
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const float* r = in + (long)row * n;
    float s = 0.f;
    for (int i = lane; i < n; i += 32) s += r[i];
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    float mean = s / n;
    float q = 0.f;
    for (int i = lane; i < n; i += 32) { float d = r[i] - mean; q += d * d; }
    for (int o = 16; o > 0; o >>= 1) q += __shfl_xor_sync(0xffffffff, q, o);
    float inv = rsqrtf(q / n + 1e-5f);
    float* o_ = out + (long)row * n;
    for (int i = lane; i < n; i += 32) o_[i] = (r[i] - mean) * inv;
}
