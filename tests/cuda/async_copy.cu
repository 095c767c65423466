// cp.async (sm_80+): global -> shared copies that do not wait, through cuda_pipeline.h's
// primitives: cp.async.ca/.cg.shared.global with and without zero fill, commit_group,
// wait_group N.
#include <cuda_pipeline.h>

// each block: 256 floats to shared memory in 16-byte copies (64 threads x 4 floats), then the
// reversed tile out
extern "C" __global__ void tile_reverse_async(const float* in, float* out) {
    __shared__ __align__(16) float s[256];
    int t = threadIdx.x;
    const float* src = in + blockIdx.x * 256;
    __pipeline_memcpy_async(&s[4 * t], &src[4 * t], 16);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    for (int k = t; k < 256; k += 64) out[blockIdx.x * 256 + k] = s[255 - k];
}

// a running sum over n tiles of 128 floats, two tiles in flight: tile k + 1 is copied while tile k
// is summed (wait_group 1); 4-byte copies, the last `pad` floats of every tile zero-filled
extern "C" __global__ void tiles_sum_pipelined(const float* in, float* out, int ntiles, int pad) {
    __shared__ float s[2][128];
    int t = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * ntiles * 128;
    int zf = t >= 128 - pad ? 4 : 0;
    __pipeline_memcpy_async(&s[0][t], &src[t], 4, zf);
    __pipeline_commit();
    float acc = 0.0f;
    for (int k = 0; k < ntiles; k++) {
        if (k + 1 < ntiles)
            __pipeline_memcpy_async(&s[(k + 1) & 1][t], &src[(k + 1) * 128 + t], 4, zf);
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        acc += s[k & 1][(t + 1) & 127];
        __syncthreads();
    }
    out[blockIdx.x * 128 + t] = acc;
}

// the same sum with no tile in flight while one is summed (wait_group 0): what the pipeline saves
extern "C" __global__ void tiles_sum_serial(const float* in, float* out, int ntiles, int pad) {
    __shared__ float s[128];
    int t = threadIdx.x;
    const float* src = in + (size_t)blockIdx.x * ntiles * 128;
    int zf = t >= 128 - pad ? 4 : 0;
    float acc = 0.0f;
    for (int k = 0; k < ntiles; k++) {
        __pipeline_memcpy_async(&s[t], &src[k * 128 + t], 4, zf);
        __pipeline_commit();
        __pipeline_wait_prior(0);
        __syncthreads();
        acc += s[(t + 1) & 127];
        __syncthreads();
    }
    out[blockIdx.x * 128 + t] = acc;
}
