// Harris's first reduction: interleaved addressing, `tid % (2*s) == 0` picks the adding threads,
// so warps diverge at every step and the modulo is an integer division by a run-time value.
extern "C" __global__ void reduce_interleaved(const float* in, float* out) {
    extern __shared__ float sdata[];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = in[i];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}
