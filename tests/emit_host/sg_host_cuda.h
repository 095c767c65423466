// The CUDA face of the host stand-in (see sg_host_common.h): what the emitted CUDA C
// calls. The rounding intrinsics run one operation in the rounding they name
// (fesetround; built with -frounding-math); the approximate ones (__sinf, exp2f ...)
// are the host's accurate functions.
#pragma once
#include "sg_host_common.h"

typedef sg_dim3 dim3;
#define threadIdx sg_host_tid
#define blockIdx sg_host_ctaid
#define blockDim sg_host_ntid
#define gridDim sg_host_nctaid
#define __global__
#define __device__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __shared__ static
inline void __syncthreads() { sg_barrier.wait(); }
inline void __nanosleep(unsigned) {}
#define __syncwarp(m) ((void)sg_collective(sg_host_lanes(m), 0, __LINE__, [](SgSlot&, unsigned) {}))

#define __reduce_min_sync(m, v) sg_reduce_min((m), (v), __LINE__)
#define __reduce_max_sync(m, v) sg_reduce_max((m), (v), __LINE__)
#define __reduce_add_sync(m, v) sg_reduce_add((m), (v), __LINE__)
#define __reduce_and_sync(m, v) sg_reduce_and((m), (v), __LINE__)
#define __reduce_or_sync(m, v) sg_reduce_or((m), (v), __LINE__)
#define __reduce_xor_sync(m, v) sg_reduce_xor((m), (v), __LINE__)
#define __ballot_sync(m, p) sg_ballot((m), (p), __LINE__)
#define __shfl_sync(m, v, l) sg_shfl((m), (v), (l), __LINE__)

inline unsigned __float_as_uint(float f) { unsigned u; std::memcpy(&u, &f, 4); return u; }
inline float __uint_as_float(unsigned u) { float f; std::memcpy(&f, &u, 4); return f; }
inline long long __double_as_longlong(double d) { long long u; std::memcpy(&u, &d, 8); return u; }
inline double __longlong_as_double(long long u) { double d; std::memcpy(&d, &u, 8); return d; }
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
inline unsigned __brev(unsigned x) { unsigned r = 0; for (int k = 0; k < 32; k++) r |= ((x >> k) & 1u) << (31 - k); return r; }
inline unsigned long long __brevll(unsigned long long x) {
    unsigned long long r = 0; for (int k = 0; k < 64; k++) r |= ((x >> k) & 1ull) << (63 - k); return r; }
inline long long __mul64hi(long long a, long long b) { return (long long)(((__int128)a * b) >> 64); }
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
    return (unsigned long long)(((unsigned __int128)a * b) >> 64); }

// One operation in a rounding mode: the operands are read from, and the result written to,
// volatile locals between the two fesetround calls, so that the compiler can neither move the
// operation out of the mode nor share it with the same operation in another mode.
#define SG_MODE(mode, T, expr)                                                              \
    std::fesetround(mode); volatile T va = a_, vb = b_; T a = va, b = vb; (void)b;          \
    volatile T r = (T)(expr); std::fesetround(FE_TONEAREST); return r;
#define SG_R2(name, T, expr)                                                                \
    inline T name##_rn(T a_, T b_) { SG_MODE(FE_TONEAREST, T, expr) }                       \
    inline T name##_rz(T a_, T b_) { SG_MODE(FE_TOWARDZERO, T, expr) }                      \
    inline T name##_rd(T a_, T b_) { SG_MODE(FE_DOWNWARD, T, expr) }                        \
    inline T name##_ru(T a_, T b_) { SG_MODE(FE_UPWARD, T, expr) }
SG_R2(__fadd, float, a + b) SG_R2(__fsub, float, a - b) SG_R2(__fmul, float, a * b) SG_R2(__fdiv, float, a / b)
SG_R2(__dadd, double, a + b) SG_R2(__dsub, double, a - b) SG_R2(__dmul, double, a * b) SG_R2(__ddiv, double, a / b)
#define SG_R1(name, T, U, expr)                                                             \
    inline T name##_rn(U a_) { U b_ = a_; SG_MODE(FE_TONEAREST, U, expr) }                  \
    inline T name##_rz(U a_) { U b_ = a_; SG_MODE(FE_TOWARDZERO, U, expr) }                 \
    inline T name##_rd(U a_) { U b_ = a_; SG_MODE(FE_DOWNWARD, U, expr) }                   \
    inline T name##_ru(U a_) { U b_ = a_; SG_MODE(FE_UPWARD, U, expr) }
SG_R1(__frcp, float, float, 1.0f / a) SG_R1(__fsqrt, float, float, std::sqrt(a))
SG_R1(__drcp, double, double, 1.0 / a) SG_R1(__dsqrt, double, double, std::sqrt(a))
SG_R1(__double2float, float, double, a) SG_R1(__int2float, float, int, a) SG_R1(__uint2float, float, unsigned, a)
SG_R1(__ll2float, float, long long, a) SG_R1(__ull2float, float, unsigned long long, a)
SG_R1(__ll2double, double, long long, a) SG_R1(__ull2double, double, unsigned long long, a)
#define SG_R3(name, T)                                                                      \
    inline T name##_rz(T a_, T b_, T c) { SG_MODE(FE_TOWARDZERO, T, std::fma(a, b, c)) }    \
    inline T name##_rd(T a_, T b_, T c) { SG_MODE(FE_DOWNWARD, T, std::fma(a, b, c)) }      \
    inline T name##_ru(T a_, T b_, T c) { SG_MODE(FE_UPWARD, T, std::fma(a, b, c)) }
SG_R3(__fmaf, float) SG_R3(__fma, double)
// min.f32/max.f32 as the GPU does them (CUDA's fminf/fmaxf): a NaN operand gives the other
// operand, and -0 < +0 (the host's fminf may differ on both)
#define SG_MINMAX(name, T, lt)                                                              \
    inline T sg_host_##name(T a, T b) {                                                     \
        if (a != a) return b;                                                               \
        if (b != b) return a;                                                               \
        if (a == 0 && b == 0) return (std::signbit(a) == lt) ? a : b;                       \
        return lt ? (a < b ? a : b) : (a > b ? a : b);                                      \
    }
SG_MINMAX(fminf, float, true) SG_MINMAX(fmaxf, float, false) SG_MINMAX(fmin, double, true) SG_MINMAX(fmax, double, false)
#define fminf(a, b) sg_host_fminf(a, b)
#define fmaxf(a, b) sg_host_fmaxf(a, b)
#define fmin(a, b) sg_host_fmin(a, b)
#define fmax(a, b) sg_host_fmax(a, b)
inline float __fdividef(float a, float b) { return a / b; }
inline float __log2f(float x) { return std::log2(x); }
inline float __sinf(float x) { return std::sin(x); }
inline float __cosf(float x) { return std::cos(x); }
inline float __tanhf(float x) { return std::tanh(x); }
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }

template <class T> inline T atomicAdd(T* p, T v) { return sg_atomic(p, [&](T o) { return (T)(o + v); }); }
template <class T> inline T atomicMin(T* p, T v) { return sg_atomic(p, [&](T o) { return v < o ? v : o; }); }
template <class T> inline T atomicMax(T* p, T v) { return sg_atomic(p, [&](T o) { return v > o ? v : o; }); }
template <class T> inline T atomicExch(T* p, T v) { return sg_atomic(p, [&](T) { return v; }); }
template <class T> inline T atomicAnd(T* p, T v) { return sg_atomic(p, [&](T o) { return (T)(o & v); }); }
template <class T> inline T atomicOr(T* p, T v) { return sg_atomic(p, [&](T o) { return (T)(o | v); }); }
template <class T> inline T atomicXor(T* p, T v) { return sg_atomic(p, [&](T o) { return (T)(o ^ v); }); }
template <class T> inline T atomicCAS(T* p, T c, T v) { return sg_atomic(p, [&](T o) { return o == c ? v : o; }); }
inline unsigned atomicInc(unsigned* p, unsigned v) { return sg_atomic(p, [&](unsigned o) { return o >= v ? 0u : o + 1u; }); }
inline unsigned atomicDec(unsigned* p, unsigned v) {
    return sg_atomic(p, [&](unsigned o) { return (o == 0u || o > v) ? v : o - 1u; }); }
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline long long clock64() { return (long long)std::clock(); }
