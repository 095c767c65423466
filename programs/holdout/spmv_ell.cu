// y = A x, A in ELL form (K slots a row, row-major), rows of different lengths: one thread a row
extern "C" __global__ void spmv_ell(const int* cols, const float* vals, const int* lens, const float* x,
                                    float* y, int rows, int K) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    float acc = 0.f;
    int len = lens[row];
    const int* c = cols + (long)row * K;
    const float* v = vals + (long)row * K;
    for (int j = 0; j < len; ++j)
        acc += v[j] * x[c[j]];
    y[row] = acc;
}
