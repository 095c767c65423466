// What __syncthreads_count and printf cost a warp (issue 7's calibration,
// tools/device_sync_print.sh): each kernel runs one block of one warp, reads %clock64, runs
// STEPS times the operation under test, reads %clock64 again and stores (cycles, result).
#include <cstdio>
#define STEPS 64

// a chain of block barriers: the reference for the two below
extern "C" __global__ void lat_bar_sync(int* io, long long* t) {
    int x = io[threadIdx.x];
    long long t0 = clock64();
#pragma unroll 1
    for (int s = 0; s < STEPS; s++) { __syncthreads(); x += s; }
    long long t1 = clock64();
    io[threadIdx.x] = x;
    if (threadIdx.x == 0) t[0] = t1 - t0;
}

// each barrier's count feeds the next one's predicate
extern "C" __global__ void lat_bar_count(int* io, long long* t) {
    int x = io[threadIdx.x];
    long long t0 = clock64();
#pragma unroll 1
    for (int s = 0; s < STEPS; s++) x = __syncthreads_count(x > s) + (x & 1);
    long long t1 = clock64();
    io[threadIdx.x] = x;
    if (threadIdx.x == 0) t[0] = t1 - t0;
}

extern "C" __global__ void lat_bar_or(int* io, long long* t) {
    int x = io[threadIdx.x];
    long long t0 = clock64();
#pragma unroll 1
    for (int s = 0; s < STEPS; s++) x = __syncthreads_or(x > s) + 2 * x;
    long long t1 = clock64();
    io[threadIdx.x] = x;
    if (threadIdx.x == 0) t[0] = t1 - t0;
}

// one lane prints STEPS lines (its warp waits for each call to return)
extern "C" __global__ void lat_printf(int* io, long long* t) {
    int x = io[threadIdx.x];
    long long t0 = clock64();
    if (threadIdx.x == 0) {
#pragma unroll 1
        for (int s = 0; s < STEPS; s++) x += printf("%d\n", x);
    }
    long long t1 = clock64();
    io[threadIdx.x] = x;
    if (threadIdx.x == 0) t[0] = t1 - t0;
}

// every lane prints STEPS lines
extern "C" __global__ void lat_printf_warp(int* io, long long* t) {
    int x = io[threadIdx.x];
    long long t0 = clock64();
#pragma unroll 1
    for (int s = 0; s < STEPS; s++) x += printf("%d\n", x);
    long long t1 = clock64();
    io[threadIdx.x] = x;
    if (threadIdx.x == 0) t[0] = t1 - t0;
}
