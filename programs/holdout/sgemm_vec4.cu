// SGEMM C = A B (n x n, row-major): a block of 256 threads owns a 64 x 64 tile of C, each thread
// a 4 x 4 block in registers. k slices of 16: A's slice is stored transposed in shared memory so
// that both operands are read as float4 (LDS.128); global loads are float4 too.
#define TM 64
#define TK 16
extern "C" __global__ void sgemm_vec4(const float* __restrict__ A, const float* __restrict__ B,
                                      float* __restrict__ C, int n) {
    __shared__ __align__(16) float As[TK][TM];
    __shared__ __align__(16) float Bs[TK][TM];
    int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
    int row0 = blockIdx.y * TM, col0 = blockIdx.x * TM;
    float acc[4][4] = {};
    // loaders: A tile 64 x 16 = 256 float4 (row r, k 4q..4q+3); B tile 16 x 64 = 256 float4
    int ar = threadIdx.x / 4, aq = threadIdx.x % 4;
    int bk = threadIdx.x / 16, bq = threadIdx.x % 16;
    for (int k0 = 0; k0 < n; k0 += TK) {
        float4 a = *reinterpret_cast<const float4*>(&A[(long)(row0 + ar) * n + k0 + 4 * aq]);
        As[4 * aq + 0][ar] = a.x; As[4 * aq + 1][ar] = a.y;
        As[4 * aq + 2][ar] = a.z; As[4 * aq + 3][ar] = a.w;
        *reinterpret_cast<float4*>(&Bs[bk][4 * bq]) =
            *reinterpret_cast<const float4*>(&B[(long)(k0 + bk) * n + col0 + 4 * bq]);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TK; ++k) {
            float4 av = *reinterpret_cast<const float4*>(&As[k][4 * ty]);
            float4 bv = *reinterpret_cast<const float4*>(&Bs[k][4 * tx]);
            float ar_[4] = {av.x, av.y, av.z, av.w}, br_[4] = {bv.x, bv.y, bv.z, bv.w};
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] += ar_[i] * br_[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
        *reinterpret_cast<float4*>(&C[(long)(row0 + 4 * ty + i) * n + col0 + 4 * tx]) =
            make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
}
