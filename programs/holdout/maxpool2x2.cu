// 2x2 max pooling with stride 2 of an H x W image: each thread reads a float2 from each of two
// rows and writes one output.
extern "C" __global__ void maxpool2x2(const float* __restrict__ in, float* __restrict__ out, int H, int W) {
    int ox = blockIdx.x * blockDim.x + threadIdx.x, oy = blockIdx.y;
    int OW = W / 2;
    if (ox >= OW) return;
    float2 a = *reinterpret_cast<const float2*>(&in[(long)(2 * oy) * W + 2 * ox]);
    float2 b = *reinterpret_cast<const float2*>(&in[(long)(2 * oy + 1) * W + 2 * ox]);
    out[(long)oy * OW + ox] = fmaxf(fmaxf(a.x, a.y), fmaxf(b.x, b.y));
}
