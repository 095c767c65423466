// A 5-point Jacobi step on a 2D grid: 16 x 16 threads stage an 18 x 18 tile with its one-cell
// halo in shared memory (edge threads load the halo: divergent loads), edges clamped.
extern "C" __global__ void stencil2d_smem(const float* __restrict__ in, float* __restrict__ out,
                                          int H, int W) {
    __shared__ float t[18][18];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * 16 + tx, y = blockIdx.y * 16 + ty;
    int xm = max(x - 1, 0), xp = min(x + 1, W - 1), ym = max(y - 1, 0), yp = min(y + 1, H - 1);
    t[ty + 1][tx + 1] = in[y * W + x];
    if (tx == 0) t[ty + 1][0] = in[y * W + xm];
    if (tx == 15) t[ty + 1][17] = in[y * W + xp];
    if (ty == 0) t[0][tx + 1] = in[ym * W + x];
    if (ty == 15) t[17][tx + 1] = in[yp * W + x];
    __syncthreads();
    out[y * W + x] = 0.2f * (t[ty + 1][tx + 1] + t[ty][tx + 1] + t[ty + 2][tx + 1] +
                             t[ty + 1][tx] + t[ty + 1][tx + 2]);
}
