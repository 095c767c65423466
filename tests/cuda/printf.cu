// Device printf and assert: the `call` to vprintf and __assertfail nvcc makes for them, with
// the arguments in a buffer in local memory.
#include <cstdio>
#include <cassert>

// one thread of each warp prints its indices and its values in many formats
extern "C" __global__ void print_values(const int* x, const float* f, long long big) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i % 32 == 5)
        printf("b%d t%d i=%d x=%d %u %x|%5d|%-5d|%05.1f %e %g %c %lld %s%%\n", blockIdx.x, threadIdx.x, i, x[i],
               (unsigned)x[i], x[i], x[i], -x[i], f[i], f[i], f[i], 'A' + i % 26, big + i, i & 1 ? "odd" : "even");
}

// printf from a device function nvcc keeps as a .func
__device__ __noinline__ void report(int k, double v) { printf("report %d %.3f\n", k, v); }

extern "C" __global__ void print_from_function(const double* v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) report(i, v[i]);
}

// every value must be non-negative
extern "C" __global__ void double_checked(const int* x, int* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        assert(x[i] >= 0);
        y[i] = 2 * x[i];
    }
}
