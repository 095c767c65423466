// An RGBA image of 8-bit channels (one 32-bit word a pixel, red in the low byte) to float gray
// levels, 0.299 R + 0.587 G + 0.114 B: byte loads as uchar4, conversions from unsigned bytes.
extern "C" __global__ void rgba_to_gray(const uchar4* __restrict__ img, float* __restrict__ gray, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        uchar4 p = img[i];
        gray[i] = 0.299f * p.x + 0.587f * p.y + 0.114f * p.z;
    }
}
