// The Metal face of the host stand-in (see sg_host_common.h): enough of the Metal
// Shading Language's types, address-space keywords, library and SIMD-group calls
// for the emitted MSL to build as C++ and run on the host. The address spaces
// vanish (tests/emit_host.py turns the two threadgroup arrays into statics, one
// per block as blocks run one after another); SG_MIN/SG_BALLOT/SG_SHUFFLE/
// SG_REDUX take part among the lanes the emitted code names, so a call made by
// other lanes than those aborts the run. This checks what the emitted Metal
// computes, not that Apple's compiler accepts it.
#pragma once
#include "sg_host_common.h"

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
struct uint3 { uint x, y, z; };
struct alignas(16) uint4 { uint x, y, z, w; };
#define kernel
#define device
#define thread
#define threadgroup
#define constant const

#define SG_ALL 0xffffffffu
#define SG_MIN(lanes, v) sg_reduce_min(sg_host_lanes(lanes), (v), __LINE__)
#define SG_BALLOT(lanes, p) sg_ballot(sg_host_lanes(lanes), (p), __LINE__)
#define SG_SHUFFLE(lanes, v, l) sg_shfl((lanes), (v), (l), __LINE__)
#define SG_REDUX(fn, lanes, v) sg_host_##fn((lanes), (v), __LINE__)
template <class T> inline T sg_host_simd_sum(unsigned m, T v, int s) { return sg_reduce_add(m, v, s); }
template <class T> inline T sg_host_simd_min(unsigned m, T v, int s) { return sg_reduce_min(m, v, s); }
template <class T> inline T sg_host_simd_max(unsigned m, T v, int s) { return sg_reduce_max(m, v, s); }
template <class T> inline T sg_host_simd_and(unsigned m, T v, int s) { return sg_reduce_and(m, v, s); }
template <class T> inline T sg_host_simd_or(unsigned m, T v, int s) { return sg_reduce_or(m, v, s); }
template <class T> inline T sg_host_simd_xor(unsigned m, T v, int s) { return sg_reduce_xor(m, v, s); }

namespace metal {
template <class T, class U> inline T as_type(U u) {
    static_assert(sizeof(T) == sizeof(U), "as_type needs equal sizes");
    T t; std::memcpy(&t, &u, sizeof t); return t;
}
using std::fma; using std::fmin; using std::fmax; using std::fabs; using std::copysign;
using std::rint; using std::trunc; using std::floor; using std::ceil;
namespace precise {
inline float divide(float a, float b) { return a / b; }
inline float sqrt(float x) { return std::sqrt(x); }
}
namespace fast {
inline float divide(float a, float b) { return a / b; }
inline float sqrt(float x) { return std::sqrt(x); }
inline float rsqrt(float x) { return 1.0f / std::sqrt(x); }
inline float exp2(float x) { return std::exp2(x); }
inline float log2(float x) { return std::log2(x); }
inline float sin(float x) { return std::sin(x); }
inline float cos(float x) { return std::cos(x); }
inline float tanh(float x) { return std::tanh(x); }
}
inline long mulhi(long a, long b) { return (long)(((__int128)a * b) >> 64); }
inline ulong mulhi(ulong a, ulong b) { return (ulong)(((unsigned __int128)a * b) >> 64); }
inline uint popcount(uint x) { return __builtin_popcount(x); }
inline ulong popcount(ulong x) { return __builtin_popcountl(x); }
inline uint clz(uint x) { return x ? __builtin_clz(x) : 32; }
inline ulong clz(ulong x) { return x ? __builtin_clzl(x) : 64; }
inline uint reverse_bits(uint x) { uint r = 0; for (int k = 0; k < 32; k++) r |= ((x >> k) & 1u) << (31 - k); return r; }
inline ulong reverse_bits(ulong x) { ulong r = 0; for (int k = 0; k < 64; k++) r |= ((x >> k) & 1ul) << (63 - k); return r; }

enum class mem_flags { mem_none = 0, mem_device = 1, mem_threadgroup = 2 };
inline mem_flags operator|(mem_flags a, mem_flags b) { return (mem_flags)((int)a | (int)b); }
inline void threadgroup_barrier(mem_flags) { sg_barrier.wait(); }
inline void simdgroup_barrier(mem_flags) { sg_collective(sg_host_lanes(0xffffffffu), 0, -2, [](SgSlot&, unsigned) {}); }

struct atomic_uint { uint v; };
enum memory_order { memory_order_relaxed };
inline uint atomic_load_explicit(atomic_uint* o, memory_order) { return __atomic_load_n(&o->v, __ATOMIC_SEQ_CST); }
inline uint atomic_fetch_add_explicit(atomic_uint* o, uint b, memory_order) { return __atomic_fetch_add(&o->v, b, __ATOMIC_SEQ_CST); }
inline uint atomic_fetch_and_explicit(atomic_uint* o, uint b, memory_order) { return __atomic_fetch_and(&o->v, b, __ATOMIC_SEQ_CST); }
inline uint atomic_fetch_or_explicit(atomic_uint* o, uint b, memory_order) { return __atomic_fetch_or(&o->v, b, __ATOMIC_SEQ_CST); }
inline uint atomic_fetch_xor_explicit(atomic_uint* o, uint b, memory_order) { return __atomic_fetch_xor(&o->v, b, __ATOMIC_SEQ_CST); }
inline uint atomic_exchange_explicit(atomic_uint* o, uint b, memory_order) { return __atomic_exchange_n(&o->v, b, __ATOMIC_SEQ_CST); }
inline uint atomic_fetch_min_explicit(atomic_uint* o, uint b, memory_order) { return sg_atomic(&o->v, [&](uint x) { return b < x ? b : x; }); }
inline uint atomic_fetch_max_explicit(atomic_uint* o, uint b, memory_order) { return sg_atomic(&o->v, [&](uint x) { return b > x ? b : x; }); }
inline bool atomic_compare_exchange_weak_explicit(atomic_uint* o, uint* expected, uint desired, memory_order, memory_order) {
    return __atomic_compare_exchange_n(&o->v, expected, desired, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
}  // namespace metal
