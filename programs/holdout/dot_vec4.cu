// a dot product: float4 loads in a grid-stride loop, a warp-shuffle and shared-memory sum a block, one atomicAdd a block
extern "C" __global__ void dot_vec4(const float4* a, const float4* b, float* out, int n4) {
    __shared__ float part[32];
    float s = 0.f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
        float4 p = a[i], q = b[i];
        s += p.x * q.x + p.y * q.y + p.z * q.z + p.w * q.w;
    }
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffff, s, o);
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (lane == 0) part[warp] = s;
    __syncthreads();
    if (warp == 0) {
        s = lane < (blockDim.x >> 5) ? part[lane] : 0.f;
        for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffff, s, o);
        if (lane == 0) atomicAdd(out, s);
    }
}
