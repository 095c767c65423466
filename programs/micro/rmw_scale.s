//! buffer x = randn(4224 * 1024, seed=1)
//! buffer y = zeros(4224 * 1024)
//! buffer l00 = zeros(1 * 4, dtype=uint32)
//! buffer l01 = zeros(32 * 4, dtype=uint32)
//! buffer l02 = zeros(132 * 4, dtype=uint32)
//! buffer l03 = zeros(4224 * 4, dtype=uint32)
//! buffer l04 = zeros(1 * 4, dtype=uint32)
//! buffer l05 = zeros(32 * 4, dtype=uint32)
//! buffer l06 = zeros(132 * 4, dtype=uint32)
//! buffer l07 = zeros(4224 * 4, dtype=uint32)
//! buffer l08 = zeros(1 * 4, dtype=uint32)
//! buffer l09 = zeros(32 * 4, dtype=uint32)
//! buffer l10 = zeros(132 * 4, dtype=uint32)
//! buffer l11 = zeros(4224 * 4, dtype=uint32)
//! buffer l12 = zeros(1 * 4, dtype=uint32)
//! buffer l13 = zeros(32 * 4, dtype=uint32)
//! buffer l14 = zeros(132 * 4, dtype=uint32)
//! buffer l15 = zeros(4224 * 4, dtype=uint32)
//! buffer l16 = zeros(1 * 4, dtype=uint32)
//! buffer l17 = zeros(32 * 4, dtype=uint32)
//! buffer l18 = zeros(132 * 4, dtype=uint32)
//! buffer l19 = zeros(4224 * 4, dtype=uint32)
//! launch b_rcg grid=1 block=32 args=(x, y, 1024, l00)
//! launch b_rcg grid=1 block=1024 args=(x, y, 1024, l01)
//! launch b_rcg grid=132 block=32 args=(x, y, 1024, l02)
//! launch b_rcg grid=132 block=1024 args=(x, y, 1024, l03)
//! launch b_rst grid=1 block=32 args=(x, y, 1024, l04)
//! launch b_rst grid=1 block=1024 args=(x, y, 1024, l05)
//! launch b_rst grid=132 block=32 args=(x, y, 1024, l06)
//! launch b_rst grid=132 block=1024 args=(x, y, 1024, l07)
//! launch b_rfn grid=1 block=32 args=(x, y, 1024, l08)
//! launch b_rfn grid=1 block=1024 args=(x, y, 1024, l09)
//! launch b_rfn grid=132 block=32 args=(x, y, 1024, l10)
//! launch b_rfn grid=132 block=1024 args=(x, y, 1024, l11)
//! launch b_rld grid=1 block=32 args=(x, y, 1024, l12)
//! launch b_rld grid=1 block=1024 args=(x, y, 1024, l13)
//! launch b_rld grid=132 block=32 args=(x, y, 1024, l14)
//! launch b_rld grid=132 block=1024 args=(x, y, 1024, l15)
//! launch b_rmw grid=1 block=32 args=(x, y, 1024, l16)
//! launch b_rmw grid=1 block=1024 args=(x, y, 1024, l17)
//! launch b_rmw grid=132 block=32 args=(x, y, 1024, l18)
//! launch b_rmw grid=132 block=1024 args=(x, y, 1024, l19)
//! check y = (x.reshape((4224, 32, 32)) * x.reshape((4224, 32, 32)).sum(axis=1).reshape((4224, 1, 32))).ravel() tol=1e-3
// How a row's stores slow the loads between them, by load (issue 7):
// rmw_clock.s's pass B alone, timed from its start to its end on the SM's
// clock (lane 0 keeps l??[4 w .. 4 w + 3]: its SM, the start's low half, 0,
// the cycles), after pass A left the warp's 4 KB row in the L1: reloading
// the row from the L1 and storing it scaled (b_rmw), from the L2 (b_rcg,
// ld.global.cg), storing only (b_rst), storing with a __threadfence() after
// each store (b_rfn: each store's acknowledgment in turn), reloading only
// (b_rld); on one warp of one SM, 32 warps of one SM, one warp of each of
// 132 SMs, 32 warps of each (4,224 warps, 17 MB stored). The first says what
// one iteration costs alone, the others what the SM's and the GPU's other
// stores add. tools/rmw_clock_figures.py prints them next to simgpu's.
// nvcc -ptx -arch=sm_90 -O3 of this CUDA source:
//
//   template <int MODE>
//   __device__ void pass_b(const float* x, float* y, int span, unsigned* lat) {
//       int w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
//       const float* r = x + (long)w * span;
//       float s = 0.f;
//       for (int i = lane; i < span; i += 32) s += r[i];                   // pass A: the row from DRAM into the L1
//       float* o = y + (long)w * span;
//       long long ta = clock64();
//       if (MODE == 0) { for (int i = lane; i < span; i += 32) o[i] = r[i] * s; }              // L1 reload, store
//       if (MODE == 1) { for (int i = lane; i < span; i += 32) o[i] = __ldcg(r + i) * s; }     // L2 reload, store
//       if (MODE == 2) { for (int i = lane; i < span; i += 32) o[i] = s + i; }                 // stores only
//       if (MODE == 3) { for (int i = lane; i < span; i += 32) { o[i] = s + i; __threadfence(); } }   // store, fence
//       if (MODE == 4) { float q = 0.f; for (int i = lane; i < span; i += 32) q += r[i] * s; o[lane] = q; }  // L1 reload only
//       long long tb = clock64();
//       if (lane == 0) {
//           unsigned smid;
//           asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
//           lat[4 * w] = smid;
//           lat[4 * w + 1] = (unsigned)ta;
//           lat[4 * w + 2] = 0;
//           lat[4 * w + 3] = (unsigned)(tb - ta);
//       }
//   }
//   extern "C" __global__ void b_rmw(const float* x, float* y, int span, unsigned* lat) { pass_b<0>(x, y, span, lat); }
//   extern "C" __global__ void b_rcg(const float* x, float* y, int span, unsigned* lat) { pass_b<1>(x, y, span, lat); }
//   extern "C" __global__ void b_rst(const float* x, float* y, int span, unsigned* lat) { pass_b<2>(x, y, span, lat); }
//   extern "C" __global__ void b_rfn(const float* x, float* y, int span, unsigned* lat) { pass_b<3>(x, y, span, lat); }
//   extern "C" __global__ void b_rld(const float* x, float* y, int span, unsigned* lat) { pass_b<4>(x, y, span, lat); }
//
//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-36424714
// Cuda compilation tools, release 13.0, V13.0.88
// Based on NVVM 7.0.1
//

.version 9.0
.target sm_90
.address_size 64

	// .globl	b_rmw

.visible .entry b_rmw(
	.param .u64 b_rmw_param_0,
	.param .u64 b_rmw_param_1,
	.param .u32 b_rmw_param_2,
	.param .u64 b_rmw_param_3
)
{
	.reg .pred 	%p<12>;
	.reg .f32 	%f<35>;
	.reg .b32 	%r<44>;
	.reg .b64 	%rd<60>;


	ld.param.u64 	%rd26, [b_rmw_param_0];
	ld.param.u64 	%rd27, [b_rmw_param_1];
	ld.param.u32 	%r21, [b_rmw_param_2];
	ld.param.u64 	%rd25, [b_rmw_param_3];
	cvta.to.global.u64 	%rd1, %rd27;
	cvta.to.global.u64 	%rd2, %rd26;
	mov.u32 	%r22, %ntid.x;
	mov.u32 	%r23, %ctaid.x;
	mov.u32 	%r1, %tid.x;
	mad.lo.s32 	%r24, %r23, %r22, %r1;
	shr.u32 	%r25, %r24, 5;
	and.b32  	%r2, %r1, 31;
	cvt.u64.u32 	%rd3, %r25;
	cvt.s64.s32 	%rd4, %r21;
	setp.ge.s32 	%p1, %r2, %r21;
	mov.f32 	%f34, 0f00000000;
	@%p1 bra 	$L__BB0_7;

	not.b32 	%r26, %r2;
	add.s32 	%r3, %r26, %r21;
	shr.u32 	%r27, %r3, 5;
	add.s32 	%r28, %r27, 1;
	and.b32  	%r37, %r28, 3;
	setp.eq.s32 	%p2, %r37, 0;
	mov.f32 	%f34, 0f00000000;
	mov.u32 	%r38, %r2;
	@%p2 bra 	$L__BB0_4;

	mul.lo.s64 	%rd28, %rd3, %rd4;
	cvt.u64.u32 	%rd29, %r1;
	and.b64  	%rd30, %rd29, 31;
	add.s64 	%rd31, %rd28, %rd30;
	shl.b64 	%rd32, %rd31, 2;
	add.s64 	%rd54, %rd2, %rd32;
	mov.f32 	%f34, 0f00000000;
	mov.u32 	%r38, %r2;

$L__BB0_3:
	.pragma "nounroll";
	ld.global.f32 	%f12, [%rd54];
	add.f32 	%f34, %f34, %f12;
	add.s32 	%r38, %r38, 32;
	add.s64 	%rd54, %rd54, 128;
	add.s32 	%r37, %r37, -1;
	setp.ne.s32 	%p3, %r37, 0;
	@%p3 bra 	$L__BB0_3;

$L__BB0_4:
	setp.lt.u32 	%p4, %r3, 96;
	@%p4 bra 	$L__BB0_7;

	mul.lo.s64 	%rd33, %rd3, %rd4;
	cvt.u64.u32 	%rd34, %r38;
	add.s64 	%rd35, %rd33, %rd34;
	shl.b64 	%rd36, %rd35, 2;
	add.s64 	%rd37, %rd2, %rd36;
	add.s64 	%rd55, %rd37, 256;

$L__BB0_6:
	ld.global.f32 	%f13, [%rd55+-256];
	add.f32 	%f14, %f34, %f13;
	ld.global.f32 	%f15, [%rd55+-128];
	add.f32 	%f16, %f14, %f15;
	ld.global.f32 	%f17, [%rd55];
	add.f32 	%f18, %f16, %f17;
	ld.global.f32 	%f19, [%rd55+128];
	add.f32 	%f34, %f18, %f19;
	add.s64 	%rd55, %rd55, 512;
	add.s32 	%r38, %r38, 128;
	setp.lt.s32 	%p5, %r38, %r21;
	@%p5 bra 	$L__BB0_6;

$L__BB0_7:
	// begin inline asm
	mov.u64 	%rd38, %clock64;
	// end inline asm
	@%p1 bra 	$L__BB0_14;

	not.b32 	%r29, %r2;
	add.s32 	%r12, %r29, %r21;
	shr.u32 	%r30, %r12, 5;
	add.s32 	%r31, %r30, 1;
	and.b32  	%r41, %r31, 3;
	setp.eq.s32 	%p7, %r41, 0;
	mov.u32 	%r42, %r2;
	@%p7 bra 	$L__BB0_11;

	mul.lo.s64 	%rd39, %rd3, %rd4;
	cvt.u64.u32 	%rd40, %r1;
	and.b64  	%rd41, %rd40, 31;
	add.s64 	%rd42, %rd39, %rd41;
	shl.b64 	%rd43, %rd42, 2;
	add.s64 	%rd57, %rd1, %rd43;
	add.s64 	%rd56, %rd2, %rd43;
	mov.u32 	%r42, %r2;

$L__BB0_10:
	.pragma "nounroll";
	ld.global.f32 	%f20, [%rd56];
	mul.f32 	%f21, %f34, %f20;
	st.global.f32 	[%rd57], %f21;
	add.s32 	%r42, %r42, 32;
	add.s64 	%rd57, %rd57, 128;
	add.s64 	%rd56, %rd56, 128;
	add.s32 	%r41, %r41, -1;
	setp.ne.s32 	%p8, %r41, 0;
	@%p8 bra 	$L__BB0_10;

$L__BB0_11:
	setp.lt.u32 	%p9, %r12, 96;
	@%p9 bra 	$L__BB0_14;

	mul.lo.s64 	%rd44, %rd3, %rd4;
	cvt.u64.u32 	%rd45, %r42;
	add.s64 	%rd46, %rd44, %rd45;
	shl.b64 	%rd47, %rd46, 2;
	add.s64 	%rd48, %rd47, 256;
	add.s64 	%rd59, %rd1, %rd48;
	add.s64 	%rd58, %rd2, %rd48;

$L__BB0_13:
	ld.global.f32 	%f22, [%rd58+-256];
	mul.f32 	%f23, %f34, %f22;
	st.global.f32 	[%rd59+-256], %f23;
	ld.global.f32 	%f24, [%rd58+-128];
	mul.f32 	%f25, %f34, %f24;
	st.global.f32 	[%rd59+-128], %f25;
	ld.global.f32 	%f26, [%rd58];
	mul.f32 	%f27, %f34, %f26;
	st.global.f32 	[%rd59], %f27;
	ld.global.f32 	%f28, [%rd58+128];
	mul.f32 	%f29, %f34, %f28;
	st.global.f32 	[%rd59+128], %f29;
	add.s64 	%rd59, %rd59, 512;
	add.s64 	%rd58, %rd58, 512;
	add.s32 	%r42, %r42, 128;
	setp.lt.s32 	%p10, %r42, %r21;
	@%p10 bra 	$L__BB0_13;

$L__BB0_14:
	// begin inline asm
	mov.u64 	%rd49, %clock64;
	// end inline asm
	setp.ne.s32 	%p11, %r2, 0;
	@%p11 bra 	$L__BB0_16;

	cvt.u32.u64 	%r33, %rd3;
	// begin inline asm
	mov.u32 %r32, %smid;
	// end inline asm
	shl.b32 	%r34, %r33, 2;
	cvta.to.global.u64 	%rd50, %rd25;
	mul.wide.u32 	%rd51, %r34, 4;
	add.s64 	%rd52, %rd50, %rd51;
	st.global.u32 	[%rd52], %r32;
	st.global.u32 	[%rd52+4], %rd38;
	mov.u32 	%r35, 0;
	st.global.u32 	[%rd52+8], %r35;
	sub.s64 	%rd53, %rd49, %rd38;
	st.global.u32 	[%rd52+12], %rd53;

$L__BB0_16:
	ret;

}
	// .globl	b_rcg
.visible .entry b_rcg(
	.param .u64 b_rcg_param_0,
	.param .u64 b_rcg_param_1,
	.param .u32 b_rcg_param_2,
	.param .u64 b_rcg_param_3
)
{
	.reg .pred 	%p<12>;
	.reg .f32 	%f<35>;
	.reg .b32 	%r<44>;
	.reg .b64 	%rd<65>;


	ld.param.u64 	%rd25, [b_rcg_param_0];
	ld.param.u64 	%rd27, [b_rcg_param_1];
	ld.param.u32 	%r21, [b_rcg_param_2];
	ld.param.u64 	%rd26, [b_rcg_param_3];
	cvta.to.global.u64 	%rd1, %rd25;
	cvta.to.global.u64 	%rd2, %rd27;
	mov.u32 	%r22, %ntid.x;
	mov.u32 	%r23, %ctaid.x;
	mov.u32 	%r1, %tid.x;
	mad.lo.s32 	%r24, %r23, %r22, %r1;
	shr.u32 	%r25, %r24, 5;
	and.b32  	%r2, %r1, 31;
	cvt.u64.u32 	%rd3, %r25;
	cvt.s64.s32 	%rd4, %r21;
	setp.ge.s32 	%p1, %r2, %r21;
	mov.f32 	%f34, 0f00000000;
	@%p1 bra 	$L__BB1_7;

	not.b32 	%r26, %r2;
	add.s32 	%r3, %r26, %r21;
	shr.u32 	%r27, %r3, 5;
	add.s32 	%r28, %r27, 1;
	and.b32  	%r37, %r28, 3;
	setp.eq.s32 	%p2, %r37, 0;
	mov.f32 	%f34, 0f00000000;
	mov.u32 	%r38, %r2;
	@%p2 bra 	$L__BB1_4;

	mul.lo.s64 	%rd28, %rd3, %rd4;
	cvt.u64.u32 	%rd29, %r1;
	and.b64  	%rd30, %rd29, 31;
	add.s64 	%rd31, %rd28, %rd30;
	shl.b64 	%rd32, %rd31, 2;
	add.s64 	%rd59, %rd1, %rd32;
	mov.f32 	%f34, 0f00000000;
	mov.u32 	%r38, %r2;

$L__BB1_3:
	.pragma "nounroll";
	ld.global.f32 	%f12, [%rd59];
	add.f32 	%f34, %f34, %f12;
	add.s32 	%r38, %r38, 32;
	add.s64 	%rd59, %rd59, 128;
	add.s32 	%r37, %r37, -1;
	setp.ne.s32 	%p3, %r37, 0;
	@%p3 bra 	$L__BB1_3;

$L__BB1_4:
	setp.lt.u32 	%p4, %r3, 96;
	@%p4 bra 	$L__BB1_7;

	mul.lo.s64 	%rd33, %rd3, %rd4;
	cvt.u64.u32 	%rd34, %r38;
	add.s64 	%rd35, %rd33, %rd34;
	shl.b64 	%rd36, %rd35, 2;
	add.s64 	%rd37, %rd1, %rd36;
	add.s64 	%rd60, %rd37, 256;

$L__BB1_6:
	ld.global.f32 	%f13, [%rd60+-256];
	add.f32 	%f14, %f34, %f13;
	ld.global.f32 	%f15, [%rd60+-128];
	add.f32 	%f16, %f14, %f15;
	ld.global.f32 	%f17, [%rd60];
	add.f32 	%f18, %f16, %f17;
	ld.global.f32 	%f19, [%rd60+128];
	add.f32 	%f34, %f18, %f19;
	add.s64 	%rd60, %rd60, 512;
	add.s32 	%r38, %r38, 128;
	setp.lt.s32 	%p5, %r38, %r21;
	@%p5 bra 	$L__BB1_6;

$L__BB1_7:
	// begin inline asm
	mov.u64 	%rd38, %clock64;
	// end inline asm
	@%p1 bra 	$L__BB1_14;

	not.b32 	%r29, %r2;
	add.s32 	%r12, %r29, %r21;
	shr.u32 	%r30, %r12, 5;
	add.s32 	%r31, %r30, 1;
	and.b32  	%r41, %r31, 3;
	setp.eq.s32 	%p7, %r41, 0;
	mov.u32 	%r42, %r2;
	@%p7 bra 	$L__BB1_11;

	mul.lo.s64 	%rd39, %rd3, %rd4;
	cvt.u64.u32 	%rd40, %r1;
	and.b64  	%rd41, %rd40, 31;
	add.s64 	%rd42, %rd39, %rd41;
	shl.b64 	%rd43, %rd42, 2;
	add.s64 	%rd62, %rd2, %rd43;
	add.s64 	%rd61, %rd25, %rd43;
	mov.u32 	%r42, %r2;

$L__BB1_10:
	.pragma "nounroll";
	// begin inline asm
	ld.global.cg.f32 %f20, [%rd61];
	// end inline asm
	mul.f32 	%f21, %f34, %f20;
	st.global.f32 	[%rd62], %f21;
	add.s32 	%r42, %r42, 32;
	add.s64 	%rd62, %rd62, 128;
	add.s64 	%rd61, %rd61, 128;
	add.s32 	%r41, %r41, -1;
	setp.ne.s32 	%p8, %r41, 0;
	@%p8 bra 	$L__BB1_10;

$L__BB1_11:
	setp.lt.u32 	%p9, %r12, 96;
	@%p9 bra 	$L__BB1_14;

	mul.lo.s64 	%rd45, %rd3, %rd4;
	cvt.u64.u32 	%rd46, %r42;
	add.s64 	%rd47, %rd45, %rd46;
	shl.b64 	%rd48, %rd47, 2;
	add.s64 	%rd64, %rd25, %rd48;
	add.s64 	%rd49, %rd2, %rd48;
	add.s64 	%rd63, %rd49, 256;

$L__BB1_13:
	// begin inline asm
	ld.global.cg.f32 %f22, [%rd64];
	// end inline asm
	mul.f32 	%f26, %f34, %f22;
	st.global.f32 	[%rd63+-256], %f26;
	add.s64 	%rd51, %rd64, 128;
	// begin inline asm
	ld.global.cg.f32 %f23, [%rd51];
	// end inline asm
	mul.f32 	%f27, %f34, %f23;
	st.global.f32 	[%rd63+-128], %f27;
	add.s64 	%rd52, %rd64, 256;
	// begin inline asm
	ld.global.cg.f32 %f24, [%rd52];
	// end inline asm
	mul.f32 	%f28, %f34, %f24;
	st.global.f32 	[%rd63], %f28;
	add.s64 	%rd53, %rd64, 384;
	// begin inline asm
	ld.global.cg.f32 %f25, [%rd53];
	// end inline asm
	mul.f32 	%f29, %f34, %f25;
	st.global.f32 	[%rd63+128], %f29;
	add.s64 	%rd64, %rd64, 512;
	add.s64 	%rd63, %rd63, 512;
	add.s32 	%r42, %r42, 128;
	setp.lt.s32 	%p10, %r42, %r21;
	@%p10 bra 	$L__BB1_13;

$L__BB1_14:
	// begin inline asm
	mov.u64 	%rd54, %clock64;
	// end inline asm
	setp.ne.s32 	%p11, %r2, 0;
	@%p11 bra 	$L__BB1_16;

	cvt.u32.u64 	%r33, %rd3;
	// begin inline asm
	mov.u32 %r32, %smid;
	// end inline asm
	shl.b32 	%r34, %r33, 2;
	cvta.to.global.u64 	%rd55, %rd26;
	mul.wide.u32 	%rd56, %r34, 4;
	add.s64 	%rd57, %rd55, %rd56;
	st.global.u32 	[%rd57], %r32;
	st.global.u32 	[%rd57+4], %rd38;
	mov.u32 	%r35, 0;
	st.global.u32 	[%rd57+8], %r35;
	sub.s64 	%rd58, %rd54, %rd38;
	st.global.u32 	[%rd57+12], %rd58;

$L__BB1_16:
	ret;

}
	// .globl	b_rst
.visible .entry b_rst(
	.param .u64 b_rst_param_0,
	.param .u64 b_rst_param_1,
	.param .u32 b_rst_param_2,
	.param .u64 b_rst_param_3
)
{
	.reg .pred 	%p<12>;
	.reg .f32 	%f<35>;
	.reg .b32 	%r<47>;
	.reg .b64 	%rd<52>;


	ld.param.u64 	%rd20, [b_rst_param_0];
	ld.param.u64 	%rd21, [b_rst_param_1];
	ld.param.u32 	%r21, [b_rst_param_2];
	ld.param.u64 	%rd19, [b_rst_param_3];
	cvta.to.global.u64 	%rd1, %rd20;
	cvta.to.global.u64 	%rd2, %rd21;
	mov.u32 	%r22, %ntid.x;
	mov.u32 	%r23, %ctaid.x;
	mov.u32 	%r1, %tid.x;
	mad.lo.s32 	%r24, %r23, %r22, %r1;
	shr.u32 	%r25, %r24, 5;
	and.b32  	%r2, %r1, 31;
	cvt.u64.u32 	%rd3, %r25;
	cvt.s64.s32 	%rd4, %r21;
	setp.ge.s32 	%p1, %r2, %r21;
	mov.f32 	%f34, 0f00000000;
	@%p1 bra 	$L__BB2_7;

	not.b32 	%r26, %r2;
	add.s32 	%r3, %r26, %r21;
	shr.u32 	%r27, %r3, 5;
	add.s32 	%r28, %r27, 1;
	and.b32  	%r40, %r28, 3;
	setp.eq.s32 	%p2, %r40, 0;
	mov.f32 	%f34, 0f00000000;
	mov.u32 	%r41, %r2;
	@%p2 bra 	$L__BB2_4;

	mul.lo.s64 	%rd22, %rd3, %rd4;
	cvt.u64.u32 	%rd23, %r1;
	and.b64  	%rd24, %rd23, 31;
	add.s64 	%rd25, %rd22, %rd24;
	shl.b64 	%rd26, %rd25, 2;
	add.s64 	%rd48, %rd1, %rd26;
	mov.f32 	%f34, 0f00000000;
	mov.u32 	%r41, %r2;

$L__BB2_3:
	.pragma "nounroll";
	ld.global.f32 	%f12, [%rd48];
	add.f32 	%f34, %f34, %f12;
	add.s32 	%r41, %r41, 32;
	add.s64 	%rd48, %rd48, 128;
	add.s32 	%r40, %r40, -1;
	setp.ne.s32 	%p3, %r40, 0;
	@%p3 bra 	$L__BB2_3;

$L__BB2_4:
	setp.lt.u32 	%p4, %r3, 96;
	@%p4 bra 	$L__BB2_7;

	mul.lo.s64 	%rd27, %rd3, %rd4;
	cvt.u64.u32 	%rd28, %r41;
	add.s64 	%rd29, %rd27, %rd28;
	shl.b64 	%rd30, %rd29, 2;
	add.s64 	%rd31, %rd1, %rd30;
	add.s64 	%rd49, %rd31, 256;

$L__BB2_6:
	ld.global.f32 	%f13, [%rd49+-256];
	add.f32 	%f14, %f34, %f13;
	ld.global.f32 	%f15, [%rd49+-128];
	add.f32 	%f16, %f14, %f15;
	ld.global.f32 	%f17, [%rd49];
	add.f32 	%f18, %f16, %f17;
	ld.global.f32 	%f19, [%rd49+128];
	add.f32 	%f34, %f18, %f19;
	add.s64 	%rd49, %rd49, 512;
	add.s32 	%r41, %r41, 128;
	setp.lt.s32 	%p5, %r41, %r21;
	@%p5 bra 	$L__BB2_6;

$L__BB2_7:
	// begin inline asm
	mov.u64 	%rd32, %clock64;
	// end inline asm
	@%p1 bra 	$L__BB2_14;

	not.b32 	%r29, %r2;
	add.s32 	%r12, %r29, %r21;
	shr.u32 	%r30, %r12, 5;
	add.s32 	%r31, %r30, 1;
	and.b32  	%r44, %r31, 3;
	setp.eq.s32 	%p7, %r44, 0;
	mov.u32 	%r45, %r2;
	@%p7 bra 	$L__BB2_11;

	mul.lo.s64 	%rd33, %rd3, %rd4;
	cvt.u64.u32 	%rd34, %r1;
	and.b64  	%rd35, %rd34, 31;
	add.s64 	%rd36, %rd33, %rd35;
	shl.b64 	%rd37, %rd36, 2;
	add.s64 	%rd50, %rd2, %rd37;
	mov.u32 	%r45, %r2;

$L__BB2_10:
	.pragma "nounroll";
	cvt.rn.f32.s32 	%f20, %r45;
	add.f32 	%f21, %f34, %f20;
	st.global.f32 	[%rd50], %f21;
	add.s32 	%r45, %r45, 32;
	add.s64 	%rd50, %rd50, 128;
	add.s32 	%r44, %r44, -1;
	setp.ne.s32 	%p8, %r44, 0;
	@%p8 bra 	$L__BB2_10;

$L__BB2_11:
	setp.lt.u32 	%p9, %r12, 96;
	@%p9 bra 	$L__BB2_14;

	mul.lo.s64 	%rd38, %rd3, %rd4;
	cvt.u64.u32 	%rd39, %r45;
	add.s64 	%rd40, %rd38, %rd39;
	shl.b64 	%rd41, %rd40, 2;
	add.s64 	%rd42, %rd2, %rd41;
	add.s64 	%rd51, %rd42, 256;

$L__BB2_13:
	cvt.rn.f32.s32 	%f22, %r45;
	add.f32 	%f23, %f34, %f22;
	st.global.f32 	[%rd51+-256], %f23;
	add.s32 	%r32, %r45, 32;
	cvt.rn.f32.s32 	%f24, %r32;
	add.f32 	%f25, %f34, %f24;
	st.global.f32 	[%rd51+-128], %f25;
	add.s32 	%r33, %r45, 64;
	cvt.rn.f32.s32 	%f26, %r33;
	add.f32 	%f27, %f34, %f26;
	st.global.f32 	[%rd51], %f27;
	add.s32 	%r34, %r45, 96;
	cvt.rn.f32.s32 	%f28, %r34;
	add.f32 	%f29, %f34, %f28;
	st.global.f32 	[%rd51+128], %f29;
	add.s64 	%rd51, %rd51, 512;
	add.s32 	%r45, %r45, 128;
	setp.lt.s32 	%p10, %r45, %r21;
	@%p10 bra 	$L__BB2_13;

$L__BB2_14:
	// begin inline asm
	mov.u64 	%rd43, %clock64;
	// end inline asm
	setp.ne.s32 	%p11, %r2, 0;
	@%p11 bra 	$L__BB2_16;

	cvt.u32.u64 	%r36, %rd3;
	// begin inline asm
	mov.u32 %r35, %smid;
	// end inline asm
	shl.b32 	%r37, %r36, 2;
	cvta.to.global.u64 	%rd44, %rd19;
	mul.wide.u32 	%rd45, %r37, 4;
	add.s64 	%rd46, %rd44, %rd45;
	st.global.u32 	[%rd46], %r35;
	st.global.u32 	[%rd46+4], %rd32;
	mov.u32 	%r38, 0;
	st.global.u32 	[%rd46+8], %r38;
	sub.s64 	%rd47, %rd43, %rd32;
	st.global.u32 	[%rd46+12], %rd47;

$L__BB2_16:
	ret;

}
	// .globl	b_rfn
.visible .entry b_rfn(
	.param .u64 b_rfn_param_0,
	.param .u64 b_rfn_param_1,
	.param .u32 b_rfn_param_2,
	.param .u64 b_rfn_param_3
)
{
	.reg .pred 	%p<12>;
	.reg .f32 	%f<35>;
	.reg .b32 	%r<47>;
	.reg .b64 	%rd<52>;


	ld.param.u64 	%rd20, [b_rfn_param_0];
	ld.param.u64 	%rd21, [b_rfn_param_1];
	ld.param.u32 	%r21, [b_rfn_param_2];
	ld.param.u64 	%rd19, [b_rfn_param_3];
	cvta.to.global.u64 	%rd1, %rd20;
	cvta.to.global.u64 	%rd2, %rd21;
	mov.u32 	%r22, %ntid.x;
	mov.u32 	%r23, %ctaid.x;
	mov.u32 	%r1, %tid.x;
	mad.lo.s32 	%r24, %r23, %r22, %r1;
	shr.u32 	%r25, %r24, 5;
	and.b32  	%r2, %r1, 31;
	cvt.u64.u32 	%rd3, %r25;
	cvt.s64.s32 	%rd4, %r21;
	setp.ge.s32 	%p1, %r2, %r21;
	mov.f32 	%f34, 0f00000000;
	@%p1 bra 	$L__BB3_7;

	not.b32 	%r26, %r2;
	add.s32 	%r3, %r26, %r21;
	shr.u32 	%r27, %r3, 5;
	add.s32 	%r28, %r27, 1;
	and.b32  	%r40, %r28, 3;
	setp.eq.s32 	%p2, %r40, 0;
	mov.f32 	%f34, 0f00000000;
	mov.u32 	%r41, %r2;
	@%p2 bra 	$L__BB3_4;

	mul.lo.s64 	%rd22, %rd3, %rd4;
	cvt.u64.u32 	%rd23, %r1;
	and.b64  	%rd24, %rd23, 31;
	add.s64 	%rd25, %rd22, %rd24;
	shl.b64 	%rd26, %rd25, 2;
	add.s64 	%rd48, %rd1, %rd26;
	mov.f32 	%f34, 0f00000000;
	mov.u32 	%r41, %r2;

$L__BB3_3:
	.pragma "nounroll";
	ld.global.f32 	%f12, [%rd48];
	add.f32 	%f34, %f34, %f12;
	add.s32 	%r41, %r41, 32;
	add.s64 	%rd48, %rd48, 128;
	add.s32 	%r40, %r40, -1;
	setp.ne.s32 	%p3, %r40, 0;
	@%p3 bra 	$L__BB3_3;

$L__BB3_4:
	setp.lt.u32 	%p4, %r3, 96;
	@%p4 bra 	$L__BB3_7;

	mul.lo.s64 	%rd27, %rd3, %rd4;
	cvt.u64.u32 	%rd28, %r41;
	add.s64 	%rd29, %rd27, %rd28;
	shl.b64 	%rd30, %rd29, 2;
	add.s64 	%rd31, %rd1, %rd30;
	add.s64 	%rd49, %rd31, 256;

$L__BB3_6:
	ld.global.f32 	%f13, [%rd49+-256];
	add.f32 	%f14, %f34, %f13;
	ld.global.f32 	%f15, [%rd49+-128];
	add.f32 	%f16, %f14, %f15;
	ld.global.f32 	%f17, [%rd49];
	add.f32 	%f18, %f16, %f17;
	ld.global.f32 	%f19, [%rd49+128];
	add.f32 	%f34, %f18, %f19;
	add.s64 	%rd49, %rd49, 512;
	add.s32 	%r41, %r41, 128;
	setp.lt.s32 	%p5, %r41, %r21;
	@%p5 bra 	$L__BB3_6;

$L__BB3_7:
	// begin inline asm
	mov.u64 	%rd32, %clock64;
	// end inline asm
	@%p1 bra 	$L__BB3_14;

	not.b32 	%r29, %r2;
	add.s32 	%r12, %r29, %r21;
	shr.u32 	%r30, %r12, 5;
	add.s32 	%r31, %r30, 1;
	and.b32  	%r44, %r31, 3;
	setp.eq.s32 	%p7, %r44, 0;
	mov.u32 	%r45, %r2;
	@%p7 bra 	$L__BB3_11;

	mul.lo.s64 	%rd33, %rd3, %rd4;
	cvt.u64.u32 	%rd34, %r1;
	and.b64  	%rd35, %rd34, 31;
	add.s64 	%rd36, %rd33, %rd35;
	shl.b64 	%rd37, %rd36, 2;
	add.s64 	%rd50, %rd2, %rd37;
	mov.u32 	%r45, %r2;

$L__BB3_10:
	.pragma "nounroll";
	cvt.rn.f32.s32 	%f20, %r45;
	add.f32 	%f21, %f34, %f20;
	st.global.f32 	[%rd50], %f21;
	membar.gl;
	add.s32 	%r45, %r45, 32;
	add.s64 	%rd50, %rd50, 128;
	add.s32 	%r44, %r44, -1;
	setp.ne.s32 	%p8, %r44, 0;
	@%p8 bra 	$L__BB3_10;

$L__BB3_11:
	setp.lt.u32 	%p9, %r12, 96;
	@%p9 bra 	$L__BB3_14;

	mul.lo.s64 	%rd38, %rd3, %rd4;
	cvt.u64.u32 	%rd39, %r45;
	add.s64 	%rd40, %rd38, %rd39;
	shl.b64 	%rd41, %rd40, 2;
	add.s64 	%rd42, %rd2, %rd41;
	add.s64 	%rd51, %rd42, 256;

$L__BB3_13:
	cvt.rn.f32.s32 	%f22, %r45;
	add.f32 	%f23, %f34, %f22;
	st.global.f32 	[%rd51+-256], %f23;
	membar.gl;
	add.s32 	%r32, %r45, 32;
	cvt.rn.f32.s32 	%f24, %r32;
	add.f32 	%f25, %f34, %f24;
	st.global.f32 	[%rd51+-128], %f25;
	membar.gl;
	add.s32 	%r33, %r45, 64;
	cvt.rn.f32.s32 	%f26, %r33;
	add.f32 	%f27, %f34, %f26;
	st.global.f32 	[%rd51], %f27;
	membar.gl;
	add.s32 	%r34, %r45, 96;
	cvt.rn.f32.s32 	%f28, %r34;
	add.f32 	%f29, %f34, %f28;
	st.global.f32 	[%rd51+128], %f29;
	membar.gl;
	add.s64 	%rd51, %rd51, 512;
	add.s32 	%r45, %r45, 128;
	setp.lt.s32 	%p10, %r45, %r21;
	@%p10 bra 	$L__BB3_13;

$L__BB3_14:
	// begin inline asm
	mov.u64 	%rd43, %clock64;
	// end inline asm
	setp.ne.s32 	%p11, %r2, 0;
	@%p11 bra 	$L__BB3_16;

	cvt.u32.u64 	%r36, %rd3;
	// begin inline asm
	mov.u32 %r35, %smid;
	// end inline asm
	shl.b32 	%r37, %r36, 2;
	cvta.to.global.u64 	%rd44, %rd19;
	mul.wide.u32 	%rd45, %r37, 4;
	add.s64 	%rd46, %rd44, %rd45;
	st.global.u32 	[%rd46], %r35;
	st.global.u32 	[%rd46+4], %rd32;
	mov.u32 	%r38, 0;
	st.global.u32 	[%rd46+8], %r38;
	sub.s64 	%rd47, %rd43, %rd32;
	st.global.u32 	[%rd46+12], %rd47;

$L__BB3_16:
	ret;

}
	// .globl	b_rld
.visible .entry b_rld(
	.param .u64 b_rld_param_0,
	.param .u64 b_rld_param_1,
	.param .u32 b_rld_param_2,
	.param .u64 b_rld_param_3
)
{
	.reg .pred 	%p<12>;
	.reg .f32 	%f<49>;
	.reg .b32 	%r<43>;
	.reg .b64 	%rd<51>;


	ld.param.u64 	%rd19, [b_rld_param_0];
	ld.param.u64 	%rd17, [b_rld_param_1];
	ld.param.u32 	%r22, [b_rld_param_2];
	ld.param.u64 	%rd18, [b_rld_param_3];
	cvta.to.global.u64 	%rd1, %rd19;
	mov.u32 	%r23, %ntid.x;
	mov.u32 	%r24, %ctaid.x;
	mov.u32 	%r1, %tid.x;
	mad.lo.s32 	%r25, %r24, %r23, %r1;
	shr.u32 	%r2, %r25, 5;
	and.b32  	%r3, %r1, 31;
	mul.wide.s32 	%rd2, %r22, %r2;
	setp.ge.s32 	%p1, %r3, %r22;
	mov.f32 	%f48, 0f00000000;
	mov.f32 	%f43, %f48;
	@%p1 bra 	$L__BB4_7;

	not.b32 	%r26, %r3;
	add.s32 	%r4, %r26, %r22;
	shr.u32 	%r27, %r4, 5;
	add.s32 	%r28, %r27, 1;
	and.b32  	%r36, %r28, 3;
	setp.eq.s32 	%p2, %r36, 0;
	mov.f32 	%f43, 0f00000000;
	mov.u32 	%r37, %r3;
	@%p2 bra 	$L__BB4_4;

	cvt.u64.u32 	%rd20, %r1;
	and.b64  	%rd21, %rd20, 31;
	add.s64 	%rd22, %rd2, %rd21;
	shl.b64 	%rd23, %rd22, 2;
	add.s64 	%rd47, %rd1, %rd23;
	mov.f32 	%f43, 0f00000000;
	mov.u32 	%r37, %r3;

$L__BB4_3:
	.pragma "nounroll";
	ld.global.f32 	%f19, [%rd47];
	add.f32 	%f43, %f43, %f19;
	add.s32 	%r37, %r37, 32;
	add.s64 	%rd47, %rd47, 128;
	add.s32 	%r36, %r36, -1;
	setp.ne.s32 	%p3, %r36, 0;
	@%p3 bra 	$L__BB4_3;

$L__BB4_4:
	setp.lt.u32 	%p4, %r4, 96;
	@%p4 bra 	$L__BB4_7;

	cvt.u64.u32 	%rd24, %r37;
	add.s64 	%rd25, %rd2, %rd24;
	shl.b64 	%rd26, %rd25, 2;
	add.s64 	%rd27, %rd1, %rd26;
	add.s64 	%rd48, %rd27, 256;

$L__BB4_6:
	ld.global.f32 	%f20, [%rd48+-256];
	add.f32 	%f21, %f43, %f20;
	ld.global.f32 	%f22, [%rd48+-128];
	add.f32 	%f23, %f21, %f22;
	ld.global.f32 	%f24, [%rd48];
	add.f32 	%f25, %f23, %f24;
	ld.global.f32 	%f26, [%rd48+128];
	add.f32 	%f43, %f25, %f26;
	add.s64 	%rd48, %rd48, 512;
	add.s32 	%r37, %r37, 128;
	setp.lt.s32 	%p5, %r37, %r22;
	@%p5 bra 	$L__BB4_6;

$L__BB4_7:
	// begin inline asm
	mov.u64 	%rd28, %clock64;
	// end inline asm
	@%p1 bra 	$L__BB4_14;

	not.b32 	%r29, %r3;
	add.s32 	%r13, %r29, %r22;
	shr.u32 	%r30, %r13, 5;
	add.s32 	%r31, %r30, 1;
	and.b32  	%r40, %r31, 3;
	setp.eq.s32 	%p7, %r40, 0;
	mov.f32 	%f48, 0f00000000;
	mov.u32 	%r41, %r3;
	@%p7 bra 	$L__BB4_11;

	cvt.u64.u32 	%rd29, %r1;
	and.b64  	%rd30, %rd29, 31;
	add.s64 	%rd31, %rd2, %rd30;
	shl.b64 	%rd32, %rd31, 2;
	add.s64 	%rd49, %rd1, %rd32;
	mov.f32 	%f48, 0f00000000;
	mov.u32 	%r41, %r3;

$L__BB4_10:
	.pragma "nounroll";
	ld.global.f32 	%f31, [%rd49];
	fma.rn.f32 	%f48, %f43, %f31, %f48;
	add.s32 	%r41, %r41, 32;
	add.s64 	%rd49, %rd49, 128;
	add.s32 	%r40, %r40, -1;
	setp.ne.s32 	%p8, %r40, 0;
	@%p8 bra 	$L__BB4_10;

$L__BB4_11:
	setp.lt.u32 	%p9, %r13, 96;
	@%p9 bra 	$L__BB4_14;

	cvt.u64.u32 	%rd33, %r41;
	add.s64 	%rd34, %rd2, %rd33;
	shl.b64 	%rd35, %rd34, 2;
	add.s64 	%rd36, %rd1, %rd35;
	add.s64 	%rd50, %rd36, 256;

$L__BB4_13:
	ld.global.f32 	%f32, [%rd50+-256];
	fma.rn.f32 	%f33, %f43, %f32, %f48;
	ld.global.f32 	%f34, [%rd50+-128];
	fma.rn.f32 	%f35, %f43, %f34, %f33;
	ld.global.f32 	%f36, [%rd50];
	fma.rn.f32 	%f37, %f43, %f36, %f35;
	ld.global.f32 	%f38, [%rd50+128];
	fma.rn.f32 	%f48, %f43, %f38, %f37;
	add.s64 	%rd50, %rd50, 512;
	add.s32 	%r41, %r41, 128;
	setp.lt.s32 	%p10, %r41, %r22;
	@%p10 bra 	$L__BB4_13;

$L__BB4_14:
	cvt.u64.u32 	%rd38, %r3;
	add.s64 	%rd39, %rd2, %rd38;
	cvta.to.global.u64 	%rd40, %rd17;
	shl.b64 	%rd41, %rd39, 2;
	add.s64 	%rd42, %rd40, %rd41;
	st.global.f32 	[%rd42], %f48;
	// begin inline asm
	mov.u64 	%rd37, %clock64;
	// end inline asm
	setp.ne.s32 	%p11, %r3, 0;
	@%p11 bra 	$L__BB4_16;

	// begin inline asm
	mov.u32 %r32, %smid;
	// end inline asm
	shl.b32 	%r33, %r2, 2;
	cvta.to.global.u64 	%rd43, %rd18;
	mul.wide.u32 	%rd44, %r33, 4;
	add.s64 	%rd45, %rd43, %rd44;
	st.global.u32 	[%rd45], %r32;
	st.global.u32 	[%rd45+4], %rd28;
	mov.u32 	%r34, 0;
	st.global.u32 	[%rd45+8], %r34;
	sub.s64 	%rd46, %rd37, %rd28;
	st.global.u32 	[%rd45+12], %rd46;

$L__BB4_16:
	ret;

}

