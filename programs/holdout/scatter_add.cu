// Scatter-add: out[idx[i]] += val[i] with a float atomicAdd per element. idx spreads a warp's 32
// lanes over 32 bins 148 bytes apart, and each bin is hit by 256 elements of other warps.
extern "C" __global__ void scatter_add(const int* __restrict__ idx, const float* __restrict__ val,
                                       float* __restrict__ out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&out[idx[i]], val[i]);
}
