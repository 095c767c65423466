extern "C" __global__ void scan_block(float* out, const float* in) {
    __shared__ float t[2][512];
    int i = threadIdx.x, g = blockIdx.x * blockDim.x + i, p = 0;
    t[0][i] = in[g];
    __syncthreads();
    for (int o = 1; o < blockDim.x; o <<= 1) {
        t[1 - p][i] = i >= o ? t[p][i] + t[p][i - o] : t[p][i];
        p = 1 - p;
        __syncthreads();
    }
    out[g] = t[p][i];
}
