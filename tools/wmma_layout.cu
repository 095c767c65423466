// Where the H200 puts each element of a wmma fragment (nvcuda::wmma): PTX leaves the layout
// unspecified, so tools/device_wmma.sh reads it from the hardware. ld_* kernels load a matrix
// whose elements hold their own index (in memory order) and write, for each lane and element
// e of the fragment, the value found there: out[lane * num_elements + e]. st_* kernels fill
// an accumulator fragment with lane * num_elements + e and store it: the memory then tells
// which (lane, e) each element came from. n_elements[0] is the fragment's num_elements.
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;

__device__ unsigned code(half x) { return (unsigned)__half2float(x); }
__device__ unsigned code(__nv_bfloat16 x) { return (unsigned)__bfloat162float(x); }
__device__ unsigned code(float x) { return (unsigned)x; }
__device__ unsigned code(double x) { return (unsigned)x; }
__device__ unsigned code(int x) { return (unsigned)x; }
__device__ unsigned code(unsigned char x) { return x; }
__device__ unsigned code(signed char x) { return (unsigned char)x; }

// the type a fragment is loaded from (tf32 fragments load float)
template <class T> struct mem { typedef T type; };
template <> struct mem<wmma::precision::tf32> { typedef float type; };

template <class F>
__device__ void dump(const F& f, unsigned* out, int* n) {
    for (int e = 0; e < f.num_elements; e++) out[threadIdx.x * f.num_elements + e] = code(f.x[e]);
    if (threadIdx.x == 0) n[0] = f.num_elements;
}

#define LOAD_AB(USE, M, N, K, T, TN, LAY)                                                      \
    extern "C" __global__ void ld_##USE##_m##M##n##N##k##K##_##TN##_##LAY(const void* src, int ld, \
                                                                        unsigned* out, int* n) { \
        wmma::fragment<wmma::USE, M, N, K, T, wmma::LAY##_major> f;                              \
        wmma::load_matrix_sync(f, (const typename mem<T>::type*)src, ld);                        \
        dump(f, out, n);                                                                        \
    }
#define LOAD_C(M, N, K, T, TN, LAY)                                                             \
    extern "C" __global__ void ld_c_m##M##n##N##k##K##_##TN##_##LAY(const T* src, int ld, unsigned* out, int* n) { \
        wmma::fragment<wmma::accumulator, M, N, K, T> f;                                        \
        wmma::load_matrix_sync(f, src, ld, wmma::mem_##LAY##_major);                            \
        dump(f, out, n);                                                                        \
    }                                                                                           \
    extern "C" __global__ void st_c_m##M##n##N##k##K##_##TN##_##LAY(T* dst, int ld, int* n) {    \
        wmma::fragment<wmma::accumulator, M, N, K, T> f;                                        \
        for (int e = 0; e < f.num_elements; e++) f.x[e] = (T)(threadIdx.x * f.num_elements + e); \
        wmma::store_matrix_sync(dst, f, ld, wmma::mem_##LAY##_major);                           \
        if (threadIdx.x == 0) n[0] = f.num_elements;                                           \
    }
#define AB_BOTH(USE, M, N, K, T, TN) LOAD_AB(USE, M, N, K, T, TN, row) LOAD_AB(USE, M, N, K, T, TN, col)
#define SHAPE16(M, N, K)                                                                        \
    AB_BOTH(matrix_a, M, N, K, half, f16) AB_BOTH(matrix_b, M, N, K, half, f16)                 \
    AB_BOTH(matrix_a, M, N, K, unsigned char, u8) AB_BOTH(matrix_b, M, N, K, unsigned char, u8) \
    AB_BOTH(matrix_a, M, N, K, __nv_bfloat16, bf16) AB_BOTH(matrix_b, M, N, K, __nv_bfloat16, bf16) \
    LOAD_C(M, N, K, float, f32, row) LOAD_C(M, N, K, float, f32, col)                           \
    LOAD_C(M, N, K, half, f16, row) LOAD_C(M, N, K, half, f16, col)                             \
    LOAD_C(M, N, K, int, s32, row) LOAD_C(M, N, K, int, s32, col)

SHAPE16(16, 16, 16)
SHAPE16(32, 8, 16)
SHAPE16(8, 32, 16)
AB_BOTH(matrix_a, 16, 16, 8, wmma::precision::tf32, tf32) AB_BOTH(matrix_b, 16, 16, 8, wmma::precision::tf32, tf32)
LOAD_C(16, 16, 8, float, f32, row) LOAD_C(16, 16, 8, float, f32, col)
AB_BOTH(matrix_a, 8, 8, 4, double, f64) AB_BOTH(matrix_b, 8, 8, 4, double, f64)
LOAD_C(8, 8, 4, double, f64, row) LOAD_C(8, 8, 4, double, f64, col)
