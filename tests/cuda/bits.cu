// Bit and byte intrinsics that compile to bfind, fns, dp4a and dp2a, and nvcc's `mov.pred %p, 0`
// for a short-circuit && feeding a warp vote.

// one row of 8 results per thread
extern "C" __global__ void bit_intrinsics(const unsigned* a, const unsigned* b, const int* c,
                                          const long long* w, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    int* o = out + 8 * i;
    o[0] = __ffs(x);                                // brev + bfind.shiftamt.u32
    o[1] = __ffsll(w[i]);                           // brev.b64 + bfind.shiftamt.u64
    o[2] = (int)__fns(x, y & 31, c[i] % 40);        // fns.b32
    o[3] = __dp4a((int)x, (int)y, c[i]);            // dp4a.s32.s32
    o[4] = (int)__dp4a(x, y, (unsigned)c[i]);       // dp4a.u32.u32
    o[5] = __dp2a_lo((int)x, (int)y, c[i]);         // dp2a.lo.s32.s32
    o[6] = (int)__dp2a_hi(x, y, (unsigned)c[i]);    // dp2a.hi.u32.u32
    int r;                                          // dp4a.s32.u32 (no intrinsic has mixed types)
    asm("dp4a.s32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(c[i]));
    o[7] = r;
}

// per warp: how many of its lanes are in range with a positive value (mov.pred %p, 0 before the vote)
extern "C" __global__ void count_positive(const float* x, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned m = __ballot_sync(0xffffffff, i < n && x[i] > 0.f);
    if ((threadIdx.x & 31) == 0) out[i / 32] = __popc(m);
}
