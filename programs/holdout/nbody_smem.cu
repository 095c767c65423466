// All-pairs gravitational acceleration (GPU Gems 3, ch. 31): each thread one body; the block
// stages 128 bodies (float4: x, y, z, mass) at a time in shared memory, every thread reads each
// one (a broadcast), softened with eps^2 = 0.01, one rsqrtf per pair.
extern "C" __global__ void nbody_smem(const float4* __restrict__ pos, float* __restrict__ ax,
                                      float* __restrict__ ay, float* __restrict__ az, int n) {
    __shared__ float4 tile[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 p = pos[i];
    float3 a = {0.f, 0.f, 0.f};
    for (int base = 0; base < n; base += 128) {
        tile[threadIdx.x] = pos[base + threadIdx.x];
        __syncthreads();
#pragma unroll 4
        for (int j = 0; j < 128; ++j) {
            float4 q = tile[j];
            float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
            float r2 = dx * dx + dy * dy + dz * dz + 0.01f;
            float inv = rsqrtf(r2);
            float s = q.w * inv * inv * inv;
            a.x += dx * s; a.y += dy * s; a.z += dz * s;
        }
        __syncthreads();
    }
    ax[i] = a.x; ay[i] = a.y; az[i] = a.z;
}
