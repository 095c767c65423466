/* block size must be 256 */
extern "C" __global__ void __launch_bounds__(256) reduce_shared(const float *in, float *partial, int n)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    s[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (int st = blockDim.x / 2; st > 0; st >>= 1) {
        if (tid < st) s[tid] += s[tid + st];
        __syncthreads();
    }
    if (tid == 0) partial[blockIdx.x] = s[0];
}

/* out[warp] = sum via shfl_down, out2[warp] = max via shfl_xor */
extern "C" __global__ void warp_reduce(const float *in, float *sum_out, float *max_out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (i < n) ? in[i] : 0.0f;
    float m = v;
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    for (int off = 16; off > 0; off >>= 1)
        m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, off));
    int w = i >> 5;
    if ((threadIdx.x & 31) == 0) { sum_out[w] = v; }
    max_out[i] = m;
}

/* shfl_up inclusive scan and shfl idx broadcast */
extern "C" __global__ void warp_scan(const int *in, int *scan, int *bcast)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[i];
    for (int off = 1; off < 32; off <<= 1) {
        int t = __shfl_up_sync(0xffffffffu, v, off);
        if (lane >= off) v += t;
    }
    scan[i] = v;
    bcast[i] = __shfl_sync(0xffffffffu, in[i], 7);
}

/* vote functions; one output record of 5 ints per thread */
extern "C" __global__ void warp_vote(const int *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    unsigned b = __ballot_sync(0xffffffffu, v > 0);
    int all = __all_sync(0xffffffffu, v > -100);
    int any = __any_sync(0xffffffffu, v > 90);
    unsigned am = 0;
    if (i < n) am = __activemask();   /* lanes with i < n */
    out[5 * i + 0] = b;
    out[5 * i + 1] = (unsigned)all;
    out[5 * i + 2] = (unsigned)any;
    out[5 * i + 3] = am;
    unsigned lt, lane;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    out[5 * i + 4] = __popc(b & lt) + 100 * lane;
}

/* block reduce (warp shuffle + shared) then atomicAdd to a single float */
extern "C" __global__ void block_sum_atomic(const float *in, float *total, int n)
{
    __shared__ float warp_sums[32];
    float v = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        v += in[i];
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) warp_sums[wid] = v;
    __syncthreads();
    if (wid == 0) {
        v = (lane < (blockDim.x + 31) / 32) ? warp_sums[lane] : 0.0f;
        for (int off = 16; off > 0; off >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, off);
        if (lane == 0) atomicAdd(total, v);
    }
}
