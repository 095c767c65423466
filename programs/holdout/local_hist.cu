// Each thread counts the 4-bit values of its 16 words (128 nibbles) in a 16-entry array indexed
// by the data, so the array lives in local memory, then writes its 16 counts.
extern "C" __global__ void local_hist(const unsigned* __restrict__ words, int* __restrict__ out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int h[16];
    for (int k = 0; k < 16; ++k) h[k] = 0;
    for (int k = 0; k < 16; ++k) {
        unsigned w = words[t * 16 + k];
        for (int s = 0; s < 32; s += 4) h[(w >> s) & 15]++;
    }
    for (int k = 0; k < 16; ++k) out[t * 16 + k] = h[k];
}
