// What movmatrix (MOVM.16.MT88, ptxas's way of turning a wmma fragment stored the other way
// round) costs a warp on the H200 (tools/device_movmatrix.sh), next to a shuffle's:
//   lat_movm, lat_shfl: one dependent chain of 256 operations (32 iterations x 8), one warp;
//   thr_movm: 1,024 operations a warp, 8 independent chains interleaved.
// The timed loop runs twice (the first pass warms the instruction cache); lane 0 of each warp
// stores the second pass's cycles (%clock64) to t[warp]; every thread stores its value to out.
#define U8(...) __VA_ARGS__ __VA_ARGS__ __VA_ARGS__ __VA_ARGS__ __VA_ARGS__ __VA_ARGS__ __VA_ARGS__ __VA_ARGS__
#define MOVM(x) asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %0;" : "+r"(x));

__device__ __forceinline__ void stamp(long long* t, long long cycles) {
    if ((threadIdx.x & 31) == 0) t[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = cycles;
}

extern "C" __global__ void lat_movm(const unsigned* in, unsigned* out, long long* t) {
    unsigned x = in[threadIdx.x];
    long long c = 0;
    for (int pass = 0; pass < 2; pass++) {
        __syncwarp();
        long long t0 = clock64();
#pragma unroll 1
        for (int i = 0; i < 32; i++) { U8(MOVM(x)) }
        c = clock64() - t0;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = x;
    stamp(t, c);
}

extern "C" __global__ void lat_shfl(const unsigned* in, unsigned* out, long long* t) {
    unsigned x = in[threadIdx.x];
    long long c = 0;
    for (int pass = 0; pass < 2; pass++) {
        __syncwarp();
        long long t0 = clock64();
#pragma unroll 1
        for (int i = 0; i < 32; i++) { U8(x = __shfl_xor_sync(0xffffffffu, x, 1);) }
        c = clock64() - t0;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = x;
    stamp(t, c);
}

extern "C" __global__ void thr_movm(const unsigned* in, unsigned* out, long long* t) {
    unsigned x0 = in[threadIdx.x], x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3, x4 = x0 + 4, x5 = x0 + 5,
             x6 = x0 + 6, x7 = x0 + 7;
    long long c = 0;
    for (int pass = 0; pass < 2; pass++) {
        __syncthreads();
        long long t0 = clock64();
#pragma unroll 1
        for (int i = 0; i < 64; i++) {
            MOVM(x0) MOVM(x1) MOVM(x2) MOVM(x3) MOVM(x4) MOVM(x5) MOVM(x6) MOVM(x7)
            MOVM(x0) MOVM(x1) MOVM(x2) MOVM(x3) MOVM(x4) MOVM(x5) MOVM(x6) MOVM(x7)
        }
        c = clock64() - t0;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7;
    stamp(t, c);
}
