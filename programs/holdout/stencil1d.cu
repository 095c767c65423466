#define R 3
extern "C" __global__ void stencil1d(float* out, const float* in, int n) {
    __shared__ float t[256 + 2 * R];
    int g = blockIdx.x * blockDim.x + threadIdx.x, l = threadIdx.x + R;
    t[l] = g < n ? in[g] : 0.f;
    if (threadIdx.x < R) {
        t[l - R] = g >= R ? in[g - R] : 0.f;
        t[l + blockDim.x] = g + blockDim.x < n ? in[g + blockDim.x] : 0.f;
    }
    __syncthreads();
    if (g < n) {
        float s = 0.f;
        for (int k = -R; k <= R; k++) s += t[l + k];
        out[g] = s;
    }
}
