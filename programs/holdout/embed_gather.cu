// an embedding lookup: out[i, :] = table[idx[i], :], rows of d floats, one block a looked-up row
extern "C" __global__ void embed_gather(const float* table, const int* idx, float* out, int d) {
    int i = blockIdx.x;
    const float* src = table + (long)idx[i] * d;
    float* dst = out + (long)i * d;
    for (int k = threadIdx.x; k < d; k += blockDim.x) dst[k] = src[k];
}
