// int8 matrix-vector product with __dp4a: y = A x, A M x K and x K int8, y int32. One warp a row,
// 16 bytes a lane a step (int4 loads), four dp4a a load, then a shuffle reduction.
extern "C" __global__ void gemv_dp4a(const int4* __restrict__ A, const int4* __restrict__ x, int* __restrict__ y,
                                     int M, int K) {
    int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x & 31;
    if (row >= M) return;
    const int4* a = A + (size_t)row * (K / 16);
    int acc = 0;
    for (int k = lane; k < K / 16; k += 32) {
        int4 va = a[k], vx = x[k];
        acc = __dp4a(va.x, vx.x, acc);
        acc = __dp4a(va.y, vx.y, acc);
        acc = __dp4a(va.z, vx.z, acc);
        acc = __dp4a(va.w, vx.w, acc);
    }
    for (int o = 16; o; o >>= 1) acc += __shfl_xor_sync(0xffffffff, acc, o);
    if (lane == 0) y[row] = acc;
}
