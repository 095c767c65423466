// CUDA's threadFenceReduction pattern: each block writes its partial sum, fences, and takes a
// ticket with atomicInc; the block that draws the last ticket sums the partials.
__device__ unsigned int retirementCount = 0;
extern "C" __global__ void threadfence_reduce(const float* in, float* partial, float* out, unsigned n) {
    __shared__ float sdata[256];
    __shared__ bool amLast;
    unsigned tid = threadIdx.x;
    float s = 0.f;
    for (unsigned i = blockIdx.x * 256 + tid; i < n; i += 256 * gridDim.x) s += in[i];
    sdata[tid] = s;
    __syncthreads();
    for (unsigned k = 128; k > 0; k >>= 1) {
        if (tid < k) sdata[tid] += sdata[tid + k];
        __syncthreads();
    }
    if (tid == 0) {
        partial[blockIdx.x] = sdata[0];
        __threadfence();
        unsigned ticket = atomicInc(&retirementCount, gridDim.x);
        amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (amLast) {
        float t = 0.f;
        for (unsigned i = tid; i < gridDim.x; i += 256) t += partial[i];
        sdata[tid] = t;
        __syncthreads();
        for (unsigned k = 128; k > 0; k >>= 1) {
            if (tid < k) sdata[tid] += sdata[tid + k];
            __syncthreads();
        }
        if (tid == 0) { out[0] = sdata[0]; retirementCount = 0; }
    }
}
