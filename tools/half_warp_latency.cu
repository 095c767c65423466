// Dependent-chain latencies of the half-precision and warp instructions simgpu added
// (issue 7's calibration, tools/device_half_warp.sh): each kernel runs one warp, reads
// %clock64, runs STEPS x 16 dependent instructions of one kind, reads %clock64 again and
// stores (cycles, result). The chain's instruction count comes from the SASS beside it.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define STEPS 64

#define CHAIN(body) \
    long long t0 = clock64(); \
    _Pragma("unroll 1") for (int s = 0; s < STEPS; s++) { body body body body body body body body \
                                                          body body body body body body body body } \
    long long t1 = clock64();

extern "C" __global__ void lat_hfma2(__half2* io, long long* t) {
    __half2 x = io[threadIdx.x], y = io[32 + threadIdx.x];
    CHAIN(x = __hfma2(x, y, y);)
    io[threadIdx.x] = x; if (threadIdx.x == 0) t[0] = t1 - t0;
}
extern "C" __global__ void lat_hadd(__half* io, long long* t) {
    __half x = io[threadIdx.x], y = io[32 + threadIdx.x];
    CHAIN(x = __hadd(x, y);)
    io[threadIdx.x] = x; if (threadIdx.x == 0) t[0] = t1 - t0;
}
extern "C" __global__ void lat_hmax2(__half2* io, long long* t) {
    __half2 x = io[threadIdx.x], y = io[32 + threadIdx.x];
    CHAIN(x = __hmax2(x, y);)
    io[threadIdx.x] = x; if (threadIdx.x == 0) t[0] = t1 - t0;
}
extern "C" __global__ void lat_bf16fma(__nv_bfloat16* io, long long* t) {
    __nv_bfloat16 x = io[threadIdx.x], y = io[32 + threadIdx.x];
    CHAIN(x = __hfma(x, y, y);)
    io[threadIdx.x] = x; if (threadIdx.x == 0) t[0] = t1 - t0;
}
extern "C" __global__ void lat_match(unsigned* io, long long* t) {
    unsigned x = io[threadIdx.x];
    CHAIN(x = __match_any_sync(0xffffffffu, x);)
    io[threadIdx.x] = x; if (threadIdx.x == 0) t[0] = t1 - t0;
}
extern "C" __global__ void lat_sad(unsigned* io, long long* t) {
    unsigned x = io[threadIdx.x], y = io[32 + threadIdx.x];
    CHAIN(x = __usad(x, y, x);)
    io[threadIdx.x] = x; if (threadIdx.x == 0) t[0] = t1 - t0;
}
extern "C" __global__ void lat_ffma(float* io, long long* t) {          // the reference: FFMA's 4 cycles
    float x = io[threadIdx.x], y = io[32 + threadIdx.x];
    CHAIN(x = fmaf(x, y, y);)
    io[threadIdx.x] = x; if (threadIdx.x == 0) t[0] = t1 - t0;
}
extern "C" __global__ void lat_syncwarp(unsigned* io, long long* t) {  // what __syncwarp() adds to an IADD chain
    unsigned x = io[threadIdx.x];
    CHAIN(x = x * 3u + 1u; __syncwarp();)
    io[threadIdx.x] = x; if (threadIdx.x == 0) t[0] = t1 - t0;
}
extern "C" __global__ void lat_imad(unsigned* io, long long* t) {      // the same chain without it
    unsigned x = io[threadIdx.x];
    CHAIN(x = x * 3u + 1u;)
    io[threadIdx.x] = x; if (threadIdx.x == 0) t[0] = t1 - t0;
}
extern "C" __global__ void lat_nanosleep(unsigned* io, long long* t) { // __nanosleep(0) in the IMAD chain
    unsigned x = io[threadIdx.x];
    CHAIN(x = x * 3u + 1u; __nanosleep(0);)
    io[threadIdx.x] = x; if (threadIdx.x == 0) t[0] = t1 - t0;
}
