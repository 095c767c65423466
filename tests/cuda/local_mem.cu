/* per-thread bubble sort of 8 values: runtime-indexed local array */
extern "C" __global__ void local_sort8(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v[8];
    for (int k = 0; k < 8; ++k) v[k] = in[8 * i + k];
    for (int a = 0; a < 7; ++a)
        for (int b = 0; b < 7 - a; ++b)
            if (v[b] > v[b + 1]) { float t = v[b]; v[b] = v[b + 1]; v[b + 1] = t; }
    for (int k = 0; k < 8; ++k) out[8 * i + k] = v[k];
}

/* per-thread lookup table indexed by data */
extern "C" __global__ void local_lookup(const int *idx, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int t[16];
    for (int k = 0; k < 16; ++k) t[k] = k * k + i;
    int j = idx[i] & 15;
    t[j] += 100;
    out[i] = t[j] + t[(j + 5) & 15];
}
