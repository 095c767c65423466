// pi as the integral of 4 / (1 + x^2) over [0, 1] by the midpoint rule in double precision: a
// grid-stride loop of IEEE double divisions (div.rn.f64), a shared-memory tree of doubles, and one
// double atomicAdd a block.
extern "C" __global__ void pi_f64(double* out, long n) {
    __shared__ double s[256];
    double h = 1.0 / n, acc = 0.0;
    for (long i = blockIdx.x * 256L + threadIdx.x; i < n; i += 256L * gridDim.x) {
        double x = (i + 0.5) * h;
        acc += 4.0 / (1.0 + x * x);
    }
    s[threadIdx.x] = acc;
    __syncthreads();
    for (int k = 128; k > 0; k >>= 1) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(out, s[0] * h);
}
