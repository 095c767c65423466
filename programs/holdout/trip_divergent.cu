// A loop whose trip count each thread reads from memory (0-63): a warp runs as many iterations
// as its longest lane, with the other lanes masked off. Each iteration is one dependent
// multiply-add, so the closed form a^k x + b (1 - a^k) / (1 - a) checks it.
extern "C" __global__ void trip_divergent(const float* __restrict__ x, const int* __restrict__ trips,
                                          float* __restrict__ out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = x[i];
    int k = trips[i];
    for (int j = 0; j < k; ++j) acc = fmaf(acc, 0.99f, 0.5f);
    out[i] = acc;
}
