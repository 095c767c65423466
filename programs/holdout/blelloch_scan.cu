// Blelloch's work-efficient exclusive scan of each 1,024-float segment in shared memory: 512
// threads, an up-sweep and a down-sweep of log2(1024) steps each, strides that make 2- to 16-way
// bank conflicts, a barrier after every step.
extern "C" __global__ void blelloch_scan(const float* __restrict__ in, float* __restrict__ out) {
    __shared__ float t[1024];
    const float* x = in + blockIdx.x * 1024;
    int tid = threadIdx.x;
    t[2 * tid] = x[2 * tid];
    t[2 * tid + 1] = x[2 * tid + 1];
    int off = 1;
    for (int d = 512; d > 0; d >>= 1) {
        __syncthreads();
        if (tid < d) {
            int ai = off * (2 * tid + 1) - 1, bi = off * (2 * tid + 2) - 1;
            t[bi] += t[ai];
        }
        off *= 2;
    }
    if (tid == 0) t[1023] = 0.f;
    for (int d = 1; d < 1024; d *= 2) {
        off >>= 1;
        __syncthreads();
        if (tid < d) {
            int ai = off * (2 * tid + 1) - 1, bi = off * (2 * tid + 2) - 1;
            float v = t[ai];
            t[ai] = t[bi];
            t[bi] += v;
        }
    }
    __syncthreads();
    float* y = out + blockIdx.x * 1024;
    y[2 * tid] = t[2 * tid];
    y[2 * tid + 1] = t[2 * tid + 1];
}
