// Half precision: add/sub/mul/fma/min/max/abs/neg on .f16, .f16x2 and .bf16, and setp.f16:
// the forms cuda_fp16.h and cuda_bf16.h emit (inline asm) for __hfma, __hadd2, __hmax ...
#include <cuda_fp16.h>
#include <cuda_bf16.h>

// 8 results a thread: fma, mul, add, sub, max, min, |b|, -a (and a < b as 1.0 or 0.0)
extern "C" __global__ void half_ops(const __half* a, const __half* b, const __half* c, __half* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half x = a[i], y = b[i], z = c[i];
    __half* o = out + 9 * i;
    o[0] = __hfma(x, y, z);
    o[1] = __hmul(x, y);
    o[2] = __hadd(x, y);
    o[3] = __hsub(x, y);
    o[4] = __hmax(x, y);
    o[5] = __hmin(x, y);
    o[6] = __habs(y);
    o[7] = __hneg(x);
    o[8] = __hlt(x, y) ? __float2half(1.0f) : __float2half(0.0f);
}

extern "C" __global__ void half2_ops(const __half2* a, const __half2* b, const __half2* c, __half2* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half2 x = a[i], y = b[i], z = c[i];
    __half2* o = out + 6 * i;
    o[0] = __hfma2(x, y, z);
    o[1] = __hmul2(x, y);
    o[2] = __hadd2(x, y);
    o[3] = __hsub2(x, y);
    o[4] = __hmax2(x, y);
    o[5] = __habs2(__hneg2(y));
}

extern "C" __global__ void bf16_ops(const __nv_bfloat16* a, const __nv_bfloat16* b, const __nv_bfloat16* c,
                                    __nv_bfloat16* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __nv_bfloat16 x = a[i], y = b[i], z = c[i];
    __nv_bfloat16* o = out + 4 * i;
    o[0] = __hfma(x, y, z);
    o[1] = __hmul(x, y);
    o[2] = __hadd(x, y);
    o[3] = __hmax(x, y);
}
