/* collatz steps: data dependent while loop */
extern "C" __global__ void collatz(const unsigned *in, int *steps, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = in[i];
    int s = 0;
    while (x != 1u && s < 1000) {
        x = (x & 1u) ? 3u * x + 1u : x >> 1;
        ++s;
    }
    steps[i] = s;
}

/* data-dependent for loop: out[i] = sum_{j<cnt[i]} (j * j) % 7 */
extern "C" __global__ void var_loop(const int *cnt, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int acc = 0;
    for (int j = 0; j < cnt[i]; ++j) acc += (j * j) % 7;
    out[i] = acc;
}

extern "C" __global__ void divergent(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    float r;
    if (v > 0.0f) {
        if (v > 0.5f) r = v * 2.0f;
        else if (i & 1) r = v - 1.0f;
        else r = v + 1.0f;
    } else {
        if (threadIdx.x % 3 == 0) r = -v;
        else r = v * v;
    }
    y[i] = r;
}

extern "C" __global__ void switch_case(const int *op, const float *a, const float *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i], r;
    switch (op[i]) {
    case 0: r = x + y; break;
    case 1: r = x - y; break;
    case 2: r = x * y; break;
    case 3: r = x / y; break;
    case 4: r = fmaxf(x, y); break;
    case 5: r = fminf(x, y); break;
    case 6: r = x * x - y; break;
    default: r = -1.0f; break;
    }
    out[i] = r;
}

/* non-inlined device function: forces .func / call.uni / param scopes */
__device__ __noinline__ float poly_eval(const float *c, int deg, float x)
{
    float r = 0.0f;
    for (int k = deg; k >= 0; --k) r = r * x + c[k];
    return r;
}

extern "C" __global__ void call_func(const float *coef, const float *x, float *y, int deg, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = poly_eval(coef, deg, x[i]);
}
