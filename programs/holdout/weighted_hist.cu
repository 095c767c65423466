// A weighted 64-bin histogram: each element adds its weight to its bin with a float atomicAdd on
// shared memory, then each block adds its bins to the global histogram with float atomicAdd.
extern "C" __global__ void weighted_hist(const int* __restrict__ bin, const float* __restrict__ w,
                                         float* __restrict__ hist, int n) {
    __shared__ float h[64];
    if (threadIdx.x < 64) h[threadIdx.x] = 0.f;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&h[bin[i]], w[i]);
    __syncthreads();
    if (threadIdx.x < 64) atomicAdd(&hist[threadIdx.x], h[threadIdx.x]);
}
