// The maximum of n floats with a compare-and-swap loop on a float's bits (there is no float
// atomicMax): each warp reduces with shuffles, lane 0 retries atomicCAS until its value is in.
__device__ void atomic_max_float(float* addr, float v) {
    int* a = reinterpret_cast<int*>(addr);
    int old = *a, assumed;
    while (__int_as_float(old) < v) {
        assumed = old;
        old = atomicCAS(a, assumed, __float_as_int(v));
        if (old == assumed) break;
    }
}
extern "C" __global__ void atomic_max_cas(const float* __restrict__ x, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? x[i] : -INFINITY;
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
    if ((threadIdx.x & 31) == 0) atomic_max_float(out, v);
}
