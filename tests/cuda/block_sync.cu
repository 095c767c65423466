// __syncthreads_count, __syncthreads_and, __syncthreads_or: bar.red.popc.u32, bar.red.and.pred and
// bar.red.or.pred, a block barrier that also reduces a predicate over the block's threads.

// per block: how many values are positive, whether all are, whether any is above a limit
extern "C" __global__ void block_vote(const int* x, int* out, int limit) {
    int v = x[blockIdx.x * blockDim.x + threadIdx.x];
    int c = __syncthreads_count(v > 0);
    int all = __syncthreads_and(v > 0);
    int any = __syncthreads_or(v > limit);
    if (threadIdx.x == 0) {
        out[3 * blockIdx.x] = c;
        out[3 * blockIdx.x + 1] = all;
        out[3 * blockIdx.x + 2] = any;
    }
}

// threads past n leave first: the barrier counts the threads that remain
extern "C" __global__ void block_vote_ragged(const int* x, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int c = __syncthreads_count(x[i] & 1);
    if (threadIdx.x == 0) out[blockIdx.x] = c;
}

// a loop until no thread of the block has work left (the block-wide `any` of a while loop)
extern "C" __global__ void block_until_done(const int* steps, int* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int left = steps[i], rounds = 0;
    while (__syncthreads_or(left > 0)) {
        if (left > 0) left--;
        rounds++;
    }
    out[i] = rounds;
}
