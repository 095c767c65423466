// Bitonic sort of each 1,024-float segment in shared memory: one block of 512 threads a segment,
// each thread one compare-and-swap a step, a barrier after each of the 55 steps.
extern "C" __global__ void bitonic_smem(float* __restrict__ x) {
    __shared__ float s[1024];
    float* seg = x + blockIdx.x * 1024;
    int t = threadIdx.x;
    s[t] = seg[t];
    s[t + 512] = seg[t + 512];
    __syncthreads();
    for (int k = 2; k <= 1024; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            int i = 2 * t - (t & (j - 1));      // lower index of this thread's pair
            int p = i + j;
            bool up = (i & k) == 0;
            float a = s[i], b = s[p];
            if ((a > b) == up) { s[i] = b; s[p] = a; }
            __syncthreads();
        }
    }
    seg[t] = s[t];
    seg[t + 512] = s[t + 512];
}
