// __constant__ memory: a filter set by the host (cudaMemcpyToSymbol; simgpu.launch's symbols=),
// read at fixed offsets (constant-bank operands in SASS) and at data-dependent ones (LDC), and
// constants initialized in the module itself.

__constant__ float filt[9];          // set by the host
__constant__ int lut[64];            // set by the host
__constant__ float poly[4] = {0.5f, -1.25f, 2.0f, 0.125f};

// 3x3 convolution, clamped at the borders: filt[] at fixed offsets once unrolled
extern "C" __global__ void conv3x3_const(const float* __restrict__ in, float* __restrict__ out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float s = 0.f;
#pragma unroll
    for (int dy = -1; dy <= 1; dy++)
#pragma unroll
        for (int dx = -1; dx <= 1; dx++) {
            int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
            s += filt[(dy + 1) * 3 + dx + 1] * in[yy * w + xx];
        }
    out[y * w + x] = s;
}

// a table lookup by data (ld.const through a register) and a polynomial from initialized constants
extern "C" __global__ void lut_poly(const int* key, const float* x, int* mapped, float* p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    mapped[i] = lut[key[i] & 63];
    float v = x[i];
    p[i] = ((poly[3] * v + poly[2]) * v + poly[1]) * v + poly[0];
}
