// Stream compaction within each block of 256 elements: the indices of the positive values, in
// order, at the front of the block's segment (the rest keeps its fill). Each warp's lanes find
// their place with __ballot_sync and __popc, the warps' counts are scanned in shared memory, and
// __reduce_add_sync gives the block's total.
extern "C" __global__ void compact_block(const float* __restrict__ v, int* __restrict__ out,
                                         int* __restrict__ counts) {
    __shared__ int warp_count[8];
    int t = threadIdx.x, lane = t & 31, w = t >> 5;
    int i = blockIdx.x * 256 + t;
    bool keep = v[i] > 0.f;
    unsigned ballot = __ballot_sync(0xffffffff, keep);
    if (lane == 0) warp_count[w] = __popc(ballot);
    __syncthreads();
    int base = 0;
    for (int k = 0; k < w; ++k) base += warp_count[k];
    if (keep) out[blockIdx.x * 256 + base + __popc(ballot & ((1u << lane) - 1))] = i;
    if (w == 0) {
        int total = __reduce_add_sync(0xffffffff, lane < 8 ? warp_count[lane] : 0);
        if (lane == 0) counts[blockIdx.x] = total;
    }
}
