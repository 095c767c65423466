// Eight dependent fast-math steps per element, y <- __expf(-__cosf(x * __sinf(y))): three SFU
// operations a step (MUFU.SIN, MUFU.COS, MUFU.EX2), so the SFU pipe, not memory, sets the pace.
extern "C" __global__ void sfu_chain(const float* x, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float xi = x[i], y = xi;
#pragma unroll
    for (int k = 0; k < 8; ++k) y = __expf(-__cosf(xi * __sinf(y)));
    out[i] = y;
}
