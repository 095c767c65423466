/* 2-D: out[y][x] = in[y][x] * 2 + x - y */
extern "C" __global__ void grid2d(const float *in, float *out, int W, int H)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < W && y < H) out[y * W + x] = in[y * W + x] * 2.0f + (float)x - (float)y;
}

/* 3-D: writes linear ids and the geometry */
extern "C" __global__ void grid3d(int *out, int X, int Y, int Z)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= X || y >= Y || z >= Z) return;
    int *o = out + 4 * ((z * Y + y) * X + x);
    o[0] = x + 100 * y + 10000 * z;
    o[1] = blockDim.x * blockDim.y * blockDim.z;
    o[2] = gridDim.x * 10000 + gridDim.y * 100 + gridDim.z;
    o[3] = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
