#include <cuda_fp16.h>

extern "C" __global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void vec_add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

/* accurate math library (no fast-math) */
extern "C" __global__ void math_funcs(const float *x, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];              /* v in (0.1, 4) */
    float *o = out + 9 * i;
    o[0] = expf(v);
    o[1] = logf(v);
    o[2] = sqrtf(v);
    o[3] = rsqrtf(v);
    o[4] = sinf(v);
    o[5] = cosf(v);
    o[6] = fabsf(v - 2.0f);
    o[7] = fminf(v, 1.5f);
    o[8] = fmaxf(v, 1.5f);
}

/* fast intrinsics */
extern "C" __global__ void fast_math(const float *x, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    out[4 * i + 0] = __expf(v);
    out[4 * i + 1] = __logf(v);
    out[4 * i + 2] = __sinf(v);
    out[4 * i + 3] = __fdividef(1.0f, v);
}

extern "C" __global__ void int_ops(const int *a, const int *b, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i];
    int y = b[i];                /* y != 0 */
    unsigned ux = (unsigned)x, uy = (unsigned)y;
    int *o = out + 16 * i;
    o[0] = x / y;
    o[1] = x % y;
    o[2] = (int)(ux / uy);
    o[3] = (int)(ux % uy);
    o[4] = x << (y & 31);
    o[5] = x >> (y & 31);        /* arithmetic */
    o[6] = (int)(ux >> (uy & 31)); /* logical */
    o[7] = (x & y) ^ (x | ~y);
    o[8] = __popc(ux);
    o[9] = __clz(x);
    o[10] = (int)__brev(ux);
    o[11] = (int)__byte_perm(ux, uy, 0x5140);
    o[12] = min(x, y);
    o[13] = max(x, y);
    o[14] = (int)min(ux, uy);
    o[15] = (int)max(ux, uy);
}

/* 64-bit index math: out[i] = in[(i * stride) % n] + (long long)i * k */
extern "C" __global__ void index64(const long long *in, long long *out,
                                   long long n, long long stride, long long k)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long j = (i * stride) % n;
    out[i] = in[j] + i * k + (in[j] >> 3) - ((unsigned long long)in[j] >> 60);
}

extern "C" __global__ void convert(const float *x, int *oi, float *of, unsigned *ou, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    oi[4 * i + 0] = (int)v;               /* trunc */
    oi[4 * i + 1] = __float2int_rn(v);
    oi[4 * i + 2] = __float2int_rd(v);
    oi[4 * i + 3] = __float2int_ru(v);
    ou[i] = __float2uint_rn(fabsf(v));
    of[3 * i + 0] = __saturatef(v);
    of[3 * i + 1] = (float)(oi[4 * i + 1] * 3 + 1);
    of[3 * i + 2] = (float)(unsigned)(i * 7u);
}

extern "C" __global__ void dbl_arith(const double *a, const double *b, double *c, float *f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = a[i], y = b[i];    /* y > 0 */
    double r = x * y + x / y - sqrt(y);
    c[i] = r;
    f[i] = (float)r;
}

extern "C" __global__ void half_conv(const float *x, float *y, unsigned short *h, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half hv = __float2half(x[i]);
    h[i] = __half_as_ushort(hv);
    y[i] = __half2float(hv) * 2.0f;
}

/* mangled name (no extern "C") */
__global__ void scale_mangled(float *x, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= s;
}
