// Memory-system microbenchmarks: run on the H200 by tools/measure_memsys.py (record:
// traces/h200/memsys.json), simulated from memsys.ptx by tests/test_memsys_h200.py.
// memsys.ptx: nvcc -ptx -arch=sm_90 -O3 memsys.cu -o memsys.ptx (build.sh)
extern "C" {
__global__ void read_once(const float4* __restrict__ a, float* out, long long n4, int reps) {
    float s = 0.f;
    for (int r = 0; r < reps; r++)
        for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n4;
             i += (long long)gridDim.x * blockDim.x) {
            float4 v = __ldcg(a + i);
            s += v.x + v.y + v.z + v.w;
        }
    if (s == 1234.5f) out[0] = s;
}
__global__ void read_ilp4(const float4* __restrict__ a, float* out, long long n4, int reps) {
    // four independent 16-byte loads in flight per thread: enough bytes in flight
    // that one SM's L2 bandwidth, not latency, bounds the rate
    float s = 0.f;
    long long stride = (long long)gridDim.x * blockDim.x;
    for (int r = 0; r < reps; r++)
        for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i + 3 * stride < n4;
             i += 4 * stride) {
            float4 v0 = __ldcg(a + i), v1 = __ldcg(a + i + stride);
            float4 v2 = __ldcg(a + i + 2 * stride), v3 = __ldcg(a + i + 3 * stride);
            s += v0.x + v1.y + v2.z + v3.w;
        }
    if (s == 1234.5f) out[0] = s;
}
__global__ void write_once(float4* a, long long n4) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n4;
         i += (long long)gridDim.x * blockDim.x)
        a[i] = make_float4(1.f, 2.f, 3.f, 4.f);
}
__global__ void atom_distinct(unsigned* a, long long n, int reps) {
    unsigned s = 0;
    for (int r = 0; r < reps; r++)
        for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
             i += (long long)gridDim.x * blockDim.x) {
            unsigned old;
            asm volatile("atom.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(a + i));
            s += old;
        }
    if (s == 0xdeadbeef) a[0] = s;
}
__global__ void red_distinct(unsigned* a, long long n, int reps) {
    for (int r = 0; r < reps; r++)
        for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
             i += (long long)gridDim.x * blockDim.x)
            asm volatile("red.global.add.u32 [%0], 1;" :: "l"(a + i));
}
__global__ void atom_same_per_warp(unsigned* a, int reps) {
    long long w = (blockIdx.x * (long long)blockDim.x + threadIdx.x) / 32;
    unsigned s = 0;
    for (int r = 0; r < reps; r++) {
        unsigned old;
        asm volatile("atom.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(a + w * 32));
        s += old;
    }
    if (s == 0xdeadbeef) a[1] = s;
}
__global__ void atom_shared(unsigned* out, int reps, int same) {
    __shared__ unsigned buf[1024];
    buf[threadIdx.x] = 0;
    __syncthreads();
    unsigned* p = same ? &buf[(threadIdx.x / 32) * 32] : &buf[threadIdx.x];
    unsigned s = 0;
    for (int r = 0; r < reps; r++) {
        unsigned old;
        asm volatile("atom.shared.add.u32 %0, [%1], 1;"
                     : "=r"(old) : "r"((unsigned)__cvta_generic_to_shared(p)));
        s += old;
    }
    if (s == 0xdeadbeef) out[0] = s;
}
}
