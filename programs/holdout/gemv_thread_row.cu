// y = A x with one thread a row of a row-major n x n matrix: at each step a warp's 32 loads of A
// are n floats apart (32 sectors a request), while x is read by every thread at once.
extern "C" __global__ void gemv_thread_row(const float* __restrict__ A, const float* __restrict__ x,
                                           float* __restrict__ y, int n) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n) return;
    const float* a = A + (long)r * n;
    float s = 0.f;
    for (int j = 0; j < n; ++j) s += a[j] * x[j];
    y[r] = s;
}
