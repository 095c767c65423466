// __syncwarp, __match_*_sync, __sad/__usad and __nanosleep: the forms nvcc emits for them
// (bar.warp.sync, match.any/all.sync, sad, nanosleep).

// each warp sums its 32 values in shared memory, halving the span, __syncwarp between steps
extern "C" __global__ void warp_sum_syncwarp(const float* in, float* out) {
    __shared__ float s[128];
    int t = threadIdx.x, lane = t & 31;
    s[t] = in[blockIdx.x * 128 + t];
    __syncwarp();
    for (int o = 16; o > 0; o >>= 1) {
        float v = lane < o ? s[t + o] : 0.0f;
        __syncwarp();
        if (lane < o) s[t] += v;
        __syncwarp();
    }
    if (lane == 0) out[blockIdx.x * 4 + t / 32] = s[t];
}

// per thread: the lanes with its key, whether the warp's keys all agree (and the mask then), |a - b| + 7
extern "C" __global__ void match_sad(const unsigned* key, const int* a, const int* b, unsigned* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned k = key[i];
    int all;
    out[4 * i] = __match_any_sync(0xffffffffu, k);
    out[4 * i + 1] = __match_all_sync(0xffffffffu, k >> 8, &all);
    out[4 * i + 2] = all;
    out[4 * i + 3] = __sad(a[i], b[i], 7u) + __usad((unsigned)a[i], (unsigned)b[i], 0u);
}

// lane 0 of each warp pauses, then counts its warp
extern "C" __global__ void sleep_count(unsigned* count) {
    if ((threadIdx.x & 31) == 0) {
        __nanosleep(100);
        atomicAdd(count, 1u);
    }
}
