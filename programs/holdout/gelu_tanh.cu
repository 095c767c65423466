// GELU with the tanh approximation (GPT-2's), one element a thread: tanhf from CUDA's math library.
extern "C" __global__ void gelu_tanh(const float* __restrict__ x, float* __restrict__ y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        y[i] = 0.5f * v * (1.f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
    }
}
