// A degree-8 polynomial evaluated in half precision, two values a thread at a time: float2 in,
// packed to half2, eight __hfma2 (Horner), back to float2.
#include <cuda_fp16.h>
extern "C" __global__ void poly_half2(const float2* __restrict__ x, float2* __restrict__ y, int n2) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n2) return;
    __half2 v = __float22half2_rn(x[i]);
    __half2 acc = __float2half2_rn(1.f / 9.f);
#pragma unroll
    for (int k = 8; k >= 1; --k) acc = __hfma2(acc, v, __float2half2_rn(1.f / k));
    y[i] = __half22float2(acc);
}
