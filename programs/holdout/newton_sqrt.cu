// sqrt(a) by Newton's iteration x <- (x + a/x)/2 from x = 1, until |x*x - a| <= 1e-6 a: the
// trip count depends on a (5 to 25 steps), and each step is an IEEE division (div.rn.f32).
extern "C" __global__ void newton_sqrt(const float* a, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = a[i], x = 1.f;
    for (int it = 0; it < 40 && fabsf(x * x - v) > 1e-6f * v; ++it) x = 0.5f * (x + v / x);
    out[i] = x;
}
