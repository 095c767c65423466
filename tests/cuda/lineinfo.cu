/* compiled with -lineinfo: exercises .file / .loc debug directives */
extern "C" __global__ void saxpy_lineinfo(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
