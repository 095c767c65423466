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

// packed compares and conversions (set.*.f16x2, set.*.u32.f16x2, max.NaN.f16x2, cvt.rn.f16x2.f32,
// cvt.rn.bf16x2.f32, cvt.rmi.f16.f16): 8 words a thread
extern "C" __global__ void half2_compare(const __half2* a, const __half2* b, const float* f, unsigned* out,
                                         int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half2 x = a[i], y = b[i];
    unsigned* o = out + 8 * i;
    __half2 r[4] = {__hlt2(x, y), __hgeu2(x, y), __hmax2_nan(x, y), __floats2half2_rn(f[2 * i], f[2 * i + 1])};
    for (int k = 0; k < 4; k++) o[k] = *reinterpret_cast<unsigned*>(&r[k]);
    o[4] = __hbgt2(x, y) + 2 * __hbneu2(x, y) + 4 * __hisnan(__high2half(x));
    __nv_bfloat162 g = __floats2bfloat162_rn(f[2 * i], f[2 * i + 1]);
    o[5] = *reinterpret_cast<unsigned*>(&g);
    __half h = hfloor(__low2half(x));
    o[6] = *reinterpret_cast<unsigned short*>(&h);
    __half2 c = h2ceil(y);
    o[7] = *reinterpret_cast<unsigned*>(&c);
}
