/* reverse each block's chunk using dynamic shared memory (blockDim floats) */
extern "C" __global__ void dyn_reverse(const float *in, float *out, int n)
{
    extern __shared__ float s[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    int j = blockDim.x - 1 - threadIdx.x;
    int src = blockIdx.x * blockDim.x + j;
    if (i < n && src < n) out[i] = s[j];
    else if (i < n) out[i] = -1.0f;
}

/* dynamic shared with two arrays carved out: floats then ints */
extern "C" __global__ void dyn_two_arrays(const float *in, float *out, int n)
{
    extern __shared__ float smem[];
    float *f = smem;
    int *c = (int *)(smem + blockDim.x);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    f[threadIdx.x] = (i < n) ? in[i] : 0.0f;
    c[threadIdx.x] = (i < n) ? 1 : 0;
    __syncthreads();
    int l = (threadIdx.x + 1) % blockDim.x;
    if (i < n) out[i] = f[threadIdx.x] + f[l] * (float)c[l];
}
