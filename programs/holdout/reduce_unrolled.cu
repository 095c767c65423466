// Harris's sixth reduction: blockSize a template constant, the first add during the load, the
// tree fully unrolled, and the last warp's steps through a volatile pointer without barriers.
template <unsigned blockSize>
__device__ void warpReduce(volatile float* sdata, unsigned tid) {
    if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
    if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
    if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
    if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
    if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
    if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
}
template <unsigned blockSize>
__device__ void reduce6(const float* in, float* out, unsigned n) {
    __shared__ float sdata[blockSize];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockSize * 2) + tid;
    unsigned gridSize = blockSize * 2 * gridDim.x;
    float s = 0.f;
    while (i < n) { s += in[i] + in[i + blockSize]; i += gridSize; }
    sdata[tid] = s;
    __syncthreads();
    if (blockSize >= 512) { if (tid < 256) sdata[tid] += sdata[tid + 256]; __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) sdata[tid] += sdata[tid + 128]; __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) sdata[tid] += sdata[tid + 64]; __syncthreads(); }
    if (tid < 32) warpReduce<blockSize>(sdata, tid);
    if (tid == 0) out[blockIdx.x] = sdata[0];
}
extern "C" __global__ void reduce_unrolled(const float* in, float* out, unsigned n) {
    reduce6<256>(in, out, n);
}
