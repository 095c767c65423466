// The host stand-in's machinery, shared by its CUDA (sg_host_cuda.h) and Metal
// (sg_host_metal.h) faces: tests/emit_host.py compiles emitted source with one of
// them (g++) and runs every block as one OS thread per GPU thread, so that the
// emitted code can be checked against simgpu's run of the PTX on a machine
// without a GPU. It models what the emitted code relies on: thread and block
// indices, the block barrier, warp (SIMD-group) collectives -- the lanes named
// in a mask meet at one call and exchange values; lanes of one mask that meet at
// different calls abort the run, as that would be a deadlock or garbage on a GPU
// -- atomics (compare-and-swap loops) and bit casts.
#pragma once
#include <cfenv>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <map>
#include <math.h>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

struct sg_dim3 { unsigned x = 0, y = 0, z = 0; };
inline thread_local sg_dim3 sg_host_tid, sg_host_ctaid;
inline thread_local unsigned sg_host_ltid;
inline sg_dim3 sg_host_ntid, sg_host_nctaid;

// ---- the block barrier ----
struct SgBarrier {
    std::mutex m; std::condition_variable cv; unsigned n = 0, arrived = 0, gen = 0;
    void wait() {
        std::unique_lock<std::mutex> l(m);
        unsigned g = gen;
        if (++arrived == n) { arrived = 0; gen++; cv.notify_all(); }
        else cv.wait(l, [&] { return gen != g; });
    }
};
inline SgBarrier sg_barrier;

// ---- warp collectives: the lanes of `mask` meet at call `site`; each gets out[lane] ----
struct SgSlot { unsigned arrived = 0, gen = 0; int site = -1; uint64_t in[32], out[32]; };
struct SgWarp { std::mutex m; std::condition_variable cv; std::map<unsigned, SgSlot> slots; };
inline std::vector<SgWarp>* sg_warps;
inline unsigned sg_host_nthreads;

inline unsigned sg_host_lanes(unsigned mask) {     // a mask limited to the lanes this warp has
    unsigned left = sg_host_nthreads - (sg_host_ltid & ~31u);
    return mask & (left >= 32 ? 0xffffffffu : ((1u << left) - 1u));
}

inline uint64_t sg_collective(unsigned mask, uint64_t v, int site, const std::function<void(SgSlot&, unsigned)>& f) {
    SgWarp& w = (*sg_warps)[sg_host_ltid / 32];
    unsigned lane = sg_host_ltid % 32;
    if (!((mask >> lane) & 1u)) { std::fprintf(stderr, "sg_host: lane %u calls a collective (line %d) outside its mask %08x\n", lane, site, mask); std::abort(); }
    std::unique_lock<std::mutex> l(w.m);
    SgSlot& s = w.slots[mask];
    if (s.arrived == 0) s.site = site;
    else if (s.site != site) {
        std::fprintf(stderr, "sg_host: lanes of mask %08x meet at different collectives (lines %d and %d)\n", mask, s.site, site);
        std::abort();
    }
    unsigned g = s.gen;
    s.in[lane] = v;
    if (++s.arrived == (unsigned)__builtin_popcount(mask)) {
        f(s, mask);
        s.arrived = 0; s.gen++;
        w.cv.notify_all();
    } else {
        w.cv.wait(l, [&] { return s.gen != g; });
    }
    return s.out[lane];
}
template <class T, class Op> inline T sg_reduce(unsigned mask, T v, int site, T init, Op op) {
    uint64_t r = sg_collective(mask, (uint64_t)(uint32_t)v, site, [&](SgSlot& s, unsigned m) {
        T acc = init;
        for (int k = 0; k < 32; k++) if ((m >> k) & 1) acc = op(acc, (T)(uint32_t)s.in[k]);
        for (int k = 0; k < 32; k++) s.out[k] = (uint64_t)(uint32_t)acc;
    });
    return (T)(uint32_t)r;
}
template <class T> inline T sg_reduce_min(unsigned m, T v, int site) {
    return sg_reduce<T>(m, v, site, std::is_signed<T>::value ? (T)0x7fffffff : (T)0xffffffffu, [](T a, T b) { return b < a ? b : a; }); }
template <class T> inline T sg_reduce_max(unsigned m, T v, int site) {
    return sg_reduce<T>(m, v, site, std::is_signed<T>::value ? (T)0x80000000u : (T)0, [](T a, T b) { return b > a ? b : a; }); }
template <class T> inline T sg_reduce_add(unsigned m, T v, int site) {
    return sg_reduce<T>(m, v, site, (T)0, [](T a, T b) { return (T)((uint32_t)a + (uint32_t)b); }); }
template <class T> inline T sg_reduce_and(unsigned m, T v, int site) { return sg_reduce<T>(m, v, site, (T)~0u, [](T a, T b) { return (T)(a & b); }); }
template <class T> inline T sg_reduce_or(unsigned m, T v, int site) { return sg_reduce<T>(m, v, site, (T)0, [](T a, T b) { return (T)(a | b); }); }
template <class T> inline T sg_reduce_xor(unsigned m, T v, int site) { return sg_reduce<T>(m, v, site, (T)0, [](T a, T b) { return (T)(a ^ b); }); }
inline unsigned sg_ballot(unsigned mask, bool p, int site) {
    return (unsigned)sg_collective(mask, p ? 1 : 0, site, [](SgSlot& s, unsigned m) {
        unsigned b = 0;
        for (int k = 0; k < 32; k++) if (((m >> k) & 1) && s.in[k]) b |= 1u << k;
        for (int k = 0; k < 32; k++) s.out[k] = b;
    });
}
template <class T> inline T sg_shfl(unsigned mask, T v, unsigned src, int site) {
    static_assert(sizeof(T) == 4, "");
    uint32_t bits; std::memcpy(&bits, &v, 4);
    uint64_t r = sg_collective(mask, (uint64_t)bits | ((uint64_t)(src & 31u) << 32), site, [](SgSlot& s, unsigned m) {
        for (int k = 0; k < 32; k++) if ((m >> k) & 1) s.out[k] = (uint32_t)s.in[(s.in[k] >> 32) & 31u];
    });
    uint32_t rb = (uint32_t)r; T out; std::memcpy(&out, &rb, 4); return out;
}

// ---- atomics (sequentially consistent compare-and-swap loops) ----
template <class T, class F> inline T sg_atomic(T* p, F f) {
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "");
    using U = typename std::conditional<sizeof(T) == 4, uint32_t, uint64_t>::type;
    U* q = (U*)p;
    U old = __atomic_load_n(q, __ATOMIC_SEQ_CST);
    for (;;) {
        T o; std::memcpy(&o, &old, sizeof(T));
        T n = f(o); U nb; std::memcpy(&nb, &n, sizeof(T));
        if (__atomic_compare_exchange_n(q, &old, nb, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return o;
    }
}

// ---- the grid: blocks one after another, each as one thread per GPU thread ----
inline std::vector<uint64_t> sg_dynamic;
inline unsigned char* sg_host_dynamic_smem() { return (unsigned char*)sg_dynamic.data(); }

inline void sg_run_grid(sg_dim3 grid, sg_dim3 block, unsigned shared_bytes, const std::function<void()>& kernel) {
    sg_host_nctaid = grid; sg_host_ntid = block;
    sg_dynamic.assign((shared_bytes + 7) / 8 + 2, 0);
    unsigned n = block.x * block.y * block.z;
    sg_host_nthreads = n;
    sg_barrier.n = n;
    for (unsigned bz = 0; bz < grid.z; bz++)
        for (unsigned by = 0; by < grid.y; by++)
            for (unsigned bx = 0; bx < grid.x; bx++) {
                std::vector<SgWarp> warps((n + 31) / 32);
                sg_warps = &warps;
                std::vector<std::thread> ts;
                for (unsigned t = 0; t < n; t++)
                    ts.emplace_back([&, t] {
                        sg_host_ctaid = {bx, by, bz};
                        sg_host_tid = {t % block.x, (t / block.x) % block.y, t / (block.x * block.y)};
                        sg_host_ltid = t;
                        kernel();
                    });
                for (auto& th : ts) th.join();
            }
}
