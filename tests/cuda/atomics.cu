/* counters: [0]=add, [1]=max, [2]=min, [3]=and, [4]=or, [5]=xor, [6]=inc, [7]=dec, [8]=exch-count */
extern "C" __global__ void atomics_int(const int *in, int *c, unsigned *u, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    atomicAdd(&c[0], v);
    atomicMax(&c[1], v);
    atomicMin(&c[2], v);
    atomicAnd(&c[3], ~(1 << (i & 31)) | (v & 1));
    atomicOr(&c[4], 1 << (v & 31));
    atomicXor(&c[5], v);
    atomicInc(&u[0], 1000000u);
    atomicDec(&u[1], 1000000u);
    atomicMax(&u[2], (unsigned)v);
    atomicMin(&u[3], (unsigned)v);
    int old = atomicExch(&c[6], 1);
    atomicAdd(&c[7], old);        /* = number of exchanges that saw 1 = n - 1 */
    unsigned long long big = (unsigned long long)(unsigned)v << 20;
    atomicAdd((unsigned long long *)&u[4], big);
}

extern "C" __global__ void atomic_add_float(const float *in, float *sum, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(sum, in[i]);
}

__device__ float atomicMaxFloat(float *addr, float val)
{
    int *ia = (int *)addr;
    int old = *ia, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= val) break;
        old = atomicCAS(ia, assumed, __float_as_int(val));
    } while (assumed != old);
    return __int_as_float(old);
}

extern "C" __global__ void atomic_cas_fmax(const float *in, float *mx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicMaxFloat(mx, in[i]);
}

/* 64-bit CAS: atomically add doubles via CAS */
extern "C" __global__ void atomic_cas_dadd(const double *in, double *sum, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long *a = (unsigned long long *)sum;
    unsigned long long old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong(in[i] + __longlong_as_double(assumed)));
    } while (assumed != old);
}

/* bins must be 64; shared histogram merged to global */
extern "C" __global__ void histogram(const unsigned *in, unsigned *hist, int n)
{
    __shared__ unsigned sh[64];
    for (int b = threadIdx.x; b < 64; b += blockDim.x) sh[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&sh[in[i] & 63], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 64; b += blockDim.x)
        if (sh[b]) atomicAdd(&hist[b], sh[b]);
}

/* shared float atomics + shared max */
extern "C" __global__ void shared_atomics(const float *in, const int *iv, float *fsum, int *imax, int n)
{
    __shared__ float s;
    __shared__ int m;
    if (threadIdx.x == 0) { s = 0.0f; m = -2147483647 - 1; }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { atomicAdd(&s, in[i]); atomicMax(&m, iv[i]); }
    __syncthreads();
    if (threadIdx.x == 0) { fsum[blockIdx.x] = s; imax[blockIdx.x] = m; }
}
