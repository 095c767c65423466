// A 16-bucket histogram of the positive values with warp-aggregated atomics (NVIDIA's "warp
// aggregated atomics" pattern): the lanes of a warp that share a bucket (__match_any_sync) elect
// their lowest lane (__ffs) to add their count (__popc) with one atomicAdd. Grid-stride loop.
extern "C" __global__ void hist_aggregated(const float* __restrict__ v, unsigned* __restrict__ hist, int n) {
    int lane = threadIdx.x & 31;
    for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
        int i = base + threadIdx.x;
        bool take = i < n && v[i] > 0.f;
        unsigned active = __ballot_sync(0xffffffff, take);
        if (!take) continue;
        int bucket = min((int)(v[i] * 4.f), 15);
        unsigned peers = __match_any_sync(active, bucket);
        int leader = __ffs(peers) - 1;
        if (lane == leader) atomicAdd(&hist[bucket], __popc(peers));
    }
}
