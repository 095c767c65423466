//! size n = 1 << 16
//! require n >= 1
//! buffer x = rand(n, seed=1)
//! buffer out = zeros(1)
//! launch reduce_sum grid=(n + 511) // 512 block=256 args=(out, x, n)
//! check out = x.sum() tol=1e-5

// reduce_sum: out[0] = x[0] + x[1] + ... + x[n-1] for n floats, any n >= 1.
// Each block of 256 threads sums a 512-element chunk (two elements per
// thread, then a shared-memory tree, then warp shuffles), and one thread per
// block adds the block's sum into out[0] with an atomic add.
//
// The CUDA it is written from (Mark Harris's "Optimizing Parallel Reduction
// in CUDA" kernel 4, first add during load, with the last warp finished by
// shuffles instead of his unrolled shared-memory warp):
//
//     __global__ void reduce_sum(float* out, const float* x, unsigned n) {
//         __shared__ float s[256];
//         unsigned t = threadIdx.x;
//         unsigned i = blockIdx.x * 512 + t;
//         float v = (i < n ? x[i] : 0.0f) + (i + 256 < n ? x[i + 256] : 0.0f);
//         s[t] = v;                               __syncthreads();
//         if (t < 128) s[t] = v = v + s[t + 128]; __syncthreads();
//         if (t < 64)  s[t] = v = v + s[t + 64];  __syncthreads();
//         if (t >= 32) return;                    // only warp 0 goes on
//         v += s[t + 32];
//         for (int d = 16; d > 0; d /= 2)
//             v += __shfl_down_sync(0xffffffff, v, d);
//         if (t == 0) atomicAdd(out, v);
//     }
//
// What it teaches: PARALLEL REDUCTION, at each level of the hierarchy.
//   1. Threads: each thread adds two elements while loading them (x[i] and
//      x[i + 256]: two coalesced loads per warp, 4 sectors each), so a block
//      of 256 threads covers 512 elements and no thread idles at the start.
//   2. Shared memory: a tree. 256 partial sums -> 128 -> 64, halving the
//      active threads each step; a barrier between steps, because a thread
//      reads what another warp wrote. s[t] and s[t + 128] are consecutive
//      words for consecutive t: no bank conflicts (simgpu prints 0).
//   3. One warp: the last 64 -> 32 -> 1 need no shared memory and no
//      barriers. shfl.sync.down.b32 with delta d hands lane l the value of
//      lane l + d; after d = 16, 8, 4, 2, 1 lane 0 holds the warp's sum. The
//      lanes of one warp run together, so no __syncthreads() is needed.
//   4. The grid: blocks cannot wait for each other, so thread 0 of each
//      block does ONE atom.global.add.f32 on out[0] -- one atomic per 512
//      elements, not one per element. The hardware serialises atomics on one
//      address; with one per block they are cheap.
// simgpu counts exactly one atom per block (stats["opcodes"]["atom"]) and
// one warp's worth of shfl per block (5 per block).
//
// ANY n: the grid is rounded up to whole 512-element chunks, and a thread
// whose index i (or i + 256) is past the end contributes 0.0 instead of
// loading -- the additive identity, so the tree needs no special cases.
// Elements are loaded under a predicate (`@%p ld`), not a branch, so every
// thread reaches every barrier. n = 1, 31, 1000 and 65,543 (= 65,536 + 7,
// a chunk with 7 live elements) are tested.
//
// The tolerance. The reference is numpy's sum of the same float32 values in
// float64 (effectively exact here); out is a float32 sum. Every float32
// addition rounds with relative error at most u = 2^-24 ~ 6.0e-8, and an
// element's value goes through at most k roundings on its way to out[0]:
// 9 inside its block (the load-time add, 2 tree steps, the s[t + 32] add,
// 5 shuffle steps) and then one per atomic that lands on out[0] after its
// block's (at most blocks - 1; the first atomic adds to 0.0, exactly). The
// classic bound for a sum in any order and grouping of depth k is
// |error| <= (k u / (1 - k u)) * sum(|x|), so it covers every order in which
// the atomics may land, on simgpu (lane order, blocks in finishing order) or
// on a GPU. With x from rand (all >= 0) |sum| = sum(|x|), so the recipe's
// max|out - ref| / max|ref| is exactly error / sum(|x|): relative 1e-5 of
// sum(|x|). At the default n = 65,536 (128 blocks) k = 136 and the bound is
// 8.1e-6; it stays below tol = 1e-5 up to k = 167, i.e. 159 blocks (n =
// 81,408). For larger n the worst case is loose: independent rounding
// errors add like a random walk (~ u sqrt(k)); simgpu measures 3e-7 at
// n = 2^20 (2,048 blocks). A looser tolerance would hide bugs: at
// n = 65,543, losing the 7 elements of the last chunk changes the sum by
// ~1e-4 of it, and even one lost element of average size 0.5 by 1.5e-5.
//
// Thread-to-data mapping (CUDA terms):
//     t = threadIdx.x (0..255), i = blockIdx.x * 512 + t
//     v = x[i] + x[i + 256] (0 for indices >= n)
//     block: s[0..255] -> tree -> warp 0 -> shuffles -> lane 0 -> out[0]
//
// How the PTX is arranged:
//   * `.reqntid 256, 1, 1`: the tree is unrolled for 256 threads, and simgpu
//     (like the driver) refuses another block size;
//   * "if (t < 128)" steps use predicates (@%p ld/add/st), not branches,
//     and the barrier follows unconditionally;
//   * shfl.sync.down.b32 works on .b32 registers: the float moves in and out
//     with mov.b32, as nvcc writes it; the clamp operand 0x1f and member
//     mask 0xffffffff say "the whole warp, no segments".

.version 8.0
.target sm_90
.address_size 64

.visible .entry reduce_sum(
	.param .u64 reduce_sum_param_0,         // float*       out (one float)
	.param .u64 reduce_sum_param_1,         // const float* x
	.param .u32 reduce_sum_param_2          // unsigned     n
)
.reqntid 256, 1, 1
{
	.reg .pred 	%p<7>;
	.reg .f32 	%f<22>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<9>;
	// float s[256]: one partial sum per thread
	.shared .align 4 .b8 s[1024];

	ld.param.u64 	%rd1, [reduce_sum_param_0]; // out
	ld.param.u64 	%rd2, [reduce_sum_param_1]; // x
	ld.param.u32 	%r1, [reduce_sum_param_2]; // n
	cvta.to.global.u64 	%rd3, %rd1;
	cvta.to.global.u64 	%rd4, %rd2;

	// t = threadIdx.x;  i = blockIdx.x * 512 + t;  i2 = i + 256
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, %ctaid.x;
	shl.b32 	%r4, %r3, 9;
	add.s32 	%r5, %r4, %r2;          // i
	add.s32 	%r6, %r5, 256;          // i2

	// ---- stage 1: v = (i < n ? x[i] : 0) + (i2 < n ? x[i2] : 0) ----
	mul.wide.u32 	%rd5, %r5, 4;
	add.s64 	%rd6, %rd4, %rd5;       // &x[i]; &x[i2] = &x[i] + 1024 bytes
	mov.f32 	%f1, 0f00000000;        // 0.0: what a thread past the end adds
	mov.f32 	%f2, 0f00000000;
	setp.lt.u32 	%p1, %r5, %r1;
	setp.lt.u32 	%p2, %r6, %r1;
	@%p1 ld.global.f32 	%f1, [%rd6];        // only lanes with i < n load
	@%p2 ld.global.f32 	%f2, [%rd6+1024];   // only lanes with i2 < n load
	add.f32 	%f3, %f1, %f2;          // v

	// s[t] = v
	mov.u32 	%r7, s;
	shl.b32 	%r8, %r2, 2;
	add.s32 	%r9, %r7, %r8;          // &s[t]
	st.shared.f32 	[%r9], %f3;
	bar.sync 	0;

	// ---- stage 2: the shared-memory tree, 256 -> 128 -> 64 ----
	// if (t < 128) s[t] = v = v + s[t + 128];
	setp.lt.u32 	%p3, %r2, 128;
	@%p3 ld.shared.f32 	%f4, [%r9+512];     // s[t + 128]
	@%p3 add.f32 	%f3, %f3, %f4;
	@%p3 st.shared.f32 	[%r9], %f3;
	bar.sync 	0;

	// if (t < 64) s[t] = v = v + s[t + 64];
	setp.lt.u32 	%p4, %r2, 64;
	@%p4 ld.shared.f32 	%f5, [%r9+256];     // s[t + 64]
	@%p4 add.f32 	%f3, %f3, %f5;
	@%p4 st.shared.f32 	[%r9], %f3;
	bar.sync 	0;

	// if (t >= 32) return;  -- warp-uniform: warp 0 goes on, warps 1..7 exit
	setp.ge.u32 	%p5, %r2, 32;
	@%p5 bra 	DONE;

	// ---- stage 3: warp 0 alone, 64 -> 32 -> 1 ----
	// v += s[t + 32]   (after this no thread reads shared memory)
	ld.shared.f32 	%f6, [%r9+128];
	add.f32 	%f7, %f3, %f6;

	// v += __shfl_down_sync(0xffffffff, v, d)  for d = 16, 8, 4, 2, 1.
	// Lane l receives lane l + d's v; lanes past 31 get their own value back
	// (and the result there is never used). After the last step lane 0 holds
	// the sum of the warp's 32 values, i.e. of the block's 512 elements.
	mov.b32 	%r10, %f7;
	shfl.sync.down.b32 	%r11, %r10, 16, 0x1f, 0xffffffff;
	mov.b32 	%f8, %r11;
	add.f32 	%f9, %f7, %f8;

	mov.b32 	%r12, %f9;
	shfl.sync.down.b32 	%r13, %r12, 8, 0x1f, 0xffffffff;
	mov.b32 	%f10, %r13;
	add.f32 	%f11, %f9, %f10;

	mov.b32 	%r14, %f11;
	shfl.sync.down.b32 	%r15, %r14, 4, 0x1f, 0xffffffff;
	mov.b32 	%f12, %r15;
	add.f32 	%f13, %f11, %f12;

	mov.b32 	%r16, %f13;
	shfl.sync.down.b32 	%r17, %r16, 2, 0x1f, 0xffffffff;
	mov.b32 	%f14, %r17;
	add.f32 	%f15, %f13, %f14;

	mov.b32 	%r18, %f15;
	shfl.sync.down.b32 	%r19, %r18, 1, 0x1f, 0xffffffff;
	mov.b32 	%f16, %r19;
	add.f32 	%f17, %f15, %f16;

	// ---- stage 4: if (t == 0) atomicAdd(out, v) -- one atomic per block ----
	setp.ne.u32 	%p6, %r2, 0;
	@%p6 bra 	DONE;
	atom.global.add.f32 	%f18, [%rd3], %f17;

DONE:
	ret;
}
