//! size passes = 32
//! buffer x = randn(16 * 65536, seed=1)
//! buffer out = zeros(16 * 32)
//! buffer o = zeros(32)
//! buffer la = zeros(1 * (passes + 1), dtype=uint32)
//! buffer lb = zeros(1 * (passes + 1), dtype=uint32)
//! buffer lc = zeros(1 * (passes + 1), dtype=uint32)
//! buffer ld = zeros(1 * (passes + 1), dtype=uint32)
//! buffer le = zeros(1 * (passes + 1), dtype=uint32)
//! buffer lf = zeros(1 * (passes + 1), dtype=uint32)
//! buffer lg = zeros(1 * (passes + 1), dtype=uint32)
//! buffer lh = zeros(1 * (passes + 1), dtype=uint32)
//! buffer li = zeros(4 * (passes + 1), dtype=uint32)
//! buffer lj = zeros(16 * (passes + 1), dtype=uint32)
//! launch l2ld1 grid=1 block=32 args=(out, x, 65536, 2048, passes, la)
//! launch l2ld2 grid=1 block=32 args=(out, x, 65536, 2048, passes, lb)
//! launch l2ld4 grid=1 block=32 args=(out, x, 65536, 2048, passes, lc)
//! launch l2ld8 grid=1 block=32 args=(out, x, 65536, 2048, passes, ld)
//! launch l2ld12 grid=1 block=32 args=(out, x, 65536, 2048, passes, le)
//! launch l2cg1 grid=1 block=32 args=(out, x, 65536, 2048, passes, lf)
//! launch l2cg4 grid=1 block=32 args=(out, x, 65536, 2048, passes, lg)
//! launch l2cg12 grid=1 block=32 args=(out, x, 65536, 2048, passes, lh)
//! launch l2ld12 grid=1 block=128 args=(out, x, 65536, 2048, passes, li)
//! launch l2ld12 grid=1 block=512 args=(out, x, 65536, 2048, passes, lj)
//! buffer lz = zeros(passes + 1, dtype=uint32)
//! launch l2ld1 grid=1 block=32 args=(o, x, 65536, 2048, passes, lz)
//! check o = 2 * x[:32 * passes].reshape((passes, 32)).sum(axis=0) tol=1e-4
// What a warp's loads that hit the L2 cost it, plain ld.global (LDG.E) against
// ld.global.cg (LDG.E.STRONG.GPU) (issue 7). inflight_clock.s found each
// .cg load a warp adds costing it about 15 cycles from the L2 (322 to 553
// cycles a pass for 1 to 16 loads; simgpu 6 a load) and each L1 hit 8-11;
// its L2 case used .cg because a plain load of a line in the L2 is in the
// L1 too. Here each warp first reads all its lines with ld.global.cg (into
// the L2, not the L1), then reads them again pass by pass, N loads a pass
// (one 128-byte line, a float a lane, in each of N chunks 8 KB apart, the
// next line of each chunk the next pass), with plain ld.global (l2ld*: L1
// misses that hit the L2) or again with .cg (l2cg*), timed with %clock64
// as inflight_clock.s (lane 0 stores the cycles since the previous pass:
// l?[w * (passes + 1) + k], k = 1..passes; l?[w * (passes + 1)] the
// clock's low half before the timed loop). Launches: one warp, l2ld with
// N = 1, 2, 4, 8, 12, l2cg with N = 1, 4, 12; then l2ld12 on 4 and 16
// warps of one SM, each its own lines. The last launch repeats the first
// into its own buffer, which the check reads (each float read twice).
// nvcc -ptx -arch=sm_90 -O3 of this CUDA source, as it comes (ptxas and
// simgpu's ptxas lowering move each pass's loads ahead of its adds):
//
//   template <int N, bool CG>
//   __device__ void l2hit(float* out, const float* x, int wstride, int cstride, int passes, unsigned* lat) {
//       int g = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5), lane = threadIdx.x & 31;
//       const float* p = x + (long)g * wstride + lane;
//       unsigned* mine = lat + g * (passes + 1);
//       float s = 0.f;
//   #pragma unroll 1
//       for (int k = 0; k < passes; k++) {
//   #pragma unroll
//           for (int c = 0; c < N; c++) s += __ldcg(p + (long)c * cstride + 32 * k);
//       }
//       long long prev = clock64();
//       if (lane == 0) mine[0] = (unsigned)prev;
//   #pragma unroll 1
//       for (int k = 0; k < passes; k++) {
//           float v[N];
//   #pragma unroll
//           for (int c = 0; c < N; c++) v[c] = CG ? __ldcg(p + (long)c * cstride + 32 * k) : p[(long)c * cstride + 32 * k];
//   #pragma unroll
//           for (int c = 0; c < N; c++) s += v[c];
//           long long t = clock64();
//           if (lane == 0) mine[k + 1] = (unsigned)min(t - prev, 0xffffffffLL);
//           prev = t;
//       }
//       out[g * 32 + lane] = s;
//   }
//   extern "C" __global__ void l2ld1(float* out, const float* x, int ws, int cs, int passes, unsigned* lat) { l2hit<1, false>(out, x, ws, cs, passes, lat); }
//   extern "C" __global__ void l2ld2(float* out, const float* x, int ws, int cs, int passes, unsigned* lat) { l2hit<2, false>(out, x, ws, cs, passes, lat); }
//   extern "C" __global__ void l2ld4(float* out, const float* x, int ws, int cs, int passes, unsigned* lat) { l2hit<4, false>(out, x, ws, cs, passes, lat); }
//   extern "C" __global__ void l2ld8(float* out, const float* x, int ws, int cs, int passes, unsigned* lat) { l2hit<8, false>(out, x, ws, cs, passes, lat); }
//   extern "C" __global__ void l2ld12(float* out, const float* x, int ws, int cs, int passes, unsigned* lat) { l2hit<12, false>(out, x, ws, cs, passes, lat); }
//   extern "C" __global__ void l2cg1(float* out, const float* x, int ws, int cs, int passes, unsigned* lat) { l2hit<1, true>(out, x, ws, cs, passes, lat); }
//   extern "C" __global__ void l2cg4(float* out, const float* x, int ws, int cs, int passes, unsigned* lat) { l2hit<4, true>(out, x, ws, cs, passes, lat); }
//   extern "C" __global__ void l2cg12(float* out, const float* x, int ws, int cs, int passes, unsigned* lat) { l2hit<12, true>(out, x, ws, cs, passes, lat); }
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

	// .globl	l2ld1

.visible .entry l2ld1(
	.param .u64 l2ld1_param_0,
	.param .u64 l2ld1_param_1,
	.param .u32 l2ld1_param_2,
	.param .u32 l2ld1_param_3,
	.param .u32 l2ld1_param_4,
	.param .u64 l2ld1_param_5
)
{
	.reg .pred 	%p<7>;
	.reg .f32 	%f<15>;
	.reg .b32 	%r<26>;
	.reg .b64 	%rd<38>;


	ld.param.u64 	%rd13, [l2ld1_param_0];
	ld.param.u64 	%rd14, [l2ld1_param_1];
	ld.param.u32 	%r10, [l2ld1_param_2];
	ld.param.u32 	%r9, [l2ld1_param_4];
	ld.param.u64 	%rd15, [l2ld1_param_5];
	mov.u32 	%r11, %ntid.x;
	shr.u32 	%r12, %r11, 5;
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %tid.x;
	shr.u32 	%r15, %r14, 5;
	mad.lo.s32 	%r1, %r12, %r13, %r15;
	and.b32  	%r2, %r14, 31;
	mul.wide.s32 	%rd16, %r10, %r1;
	cvt.u64.u32 	%rd17, %r2;
	add.s64 	%rd1, %rd16, %rd17;
	add.s32 	%r16, %r9, 1;
	mul.lo.s32 	%r17, %r16, %r1;
	cvt.s64.s32 	%rd2, %r17;
	cvta.to.global.u64 	%rd3, %rd15;
	setp.lt.s32 	%p1, %r9, 1;
	mov.f32 	%f14, 0f00000000;
	@%p1 bra 	$L__BB0_3;

	mov.f32 	%f14, 0f00000000;
	mov.u32 	%r23, 0;
	mov.u32 	%r24, %r23;

$L__BB0_2:
	.pragma "nounroll";
	cvt.s64.s32 	%rd19, %r23;
	add.s64 	%rd20, %rd1, %rd19;
	shl.b64 	%rd21, %rd20, 2;
	add.s64 	%rd18, %rd14, %rd21;
	// begin inline asm
	ld.global.cg.f32 %f9, [%rd18];
	// end inline asm
	add.f32 	%f14, %f14, %f9;
	add.s32 	%r23, %r23, 32;
	add.s32 	%r24, %r24, 1;
	setp.lt.s32 	%p2, %r24, %r9;
	@%p2 bra 	$L__BB0_2;

$L__BB0_3:
	// begin inline asm
	mov.u64 	%rd37, %clock64;
	// end inline asm
	setp.ne.s32 	%p3, %r2, 0;
	@%p3 bra 	$L__BB0_5;

	shl.b64 	%rd23, %rd2, 2;
	add.s64 	%rd24, %rd3, %rd23;
	st.global.u32 	[%rd24], %rd37;

$L__BB0_5:
	@%p1 bra 	$L__BB0_10;

	shl.b64 	%rd25, %rd2, 2;
	add.s64 	%rd26, %rd3, %rd25;
	add.s64 	%rd36, %rd26, 4;
	cvta.to.global.u64 	%rd27, %rd14;
	shl.b64 	%rd28, %rd1, 2;
	add.s64 	%rd35, %rd27, %rd28;
	mov.u32 	%r25, 0;

$L__BB0_7:
	.pragma "nounroll";
	ld.global.f32 	%f10, [%rd35];
	add.f32 	%f14, %f10, %f14;
	// begin inline asm
	mov.u64 	%rd29, %clock64;
	// end inline asm
	@%p3 bra 	$L__BB0_9;

	sub.s64 	%rd30, %rd29, %rd37;
	min.s64 	%rd31, %rd30, 4294967295;
	st.global.u32 	[%rd36], %rd31;

$L__BB0_9:
	add.s32 	%r25, %r25, 1;
	add.s64 	%rd36, %rd36, 4;
	add.s64 	%rd35, %rd35, 128;
	setp.lt.s32 	%p6, %r25, %r9;
	mov.u64 	%rd37, %rd29;
	@%p6 bra 	$L__BB0_7;

$L__BB0_10:
	shl.b32 	%r21, %r1, 5;
	or.b32  	%r22, %r21, %r2;
	cvta.to.global.u64 	%rd32, %rd13;
	mul.wide.s32 	%rd33, %r22, 4;
	add.s64 	%rd34, %rd32, %rd33;
	st.global.f32 	[%rd34], %f14;
	ret;

}
	// .globl	l2ld2
.visible .entry l2ld2(
	.param .u64 l2ld2_param_0,
	.param .u64 l2ld2_param_1,
	.param .u32 l2ld2_param_2,
	.param .u32 l2ld2_param_3,
	.param .u32 l2ld2_param_4,
	.param .u64 l2ld2_param_5
)
{
	.reg .pred 	%p<7>;
	.reg .f32 	%f<19>;
	.reg .b32 	%r<30>;
	.reg .b64 	%rd<49>;


	ld.param.u64 	%rd19, [l2ld2_param_0];
	ld.param.u64 	%rd20, [l2ld2_param_1];
	ld.param.u32 	%r10, [l2ld2_param_2];
	ld.param.u32 	%r8, [l2ld2_param_3];
	ld.param.u32 	%r9, [l2ld2_param_4];
	ld.param.u64 	%rd21, [l2ld2_param_5];
	mov.u32 	%r11, %ntid.x;
	shr.u32 	%r12, %r11, 5;
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %tid.x;
	shr.u32 	%r15, %r14, 5;
	mad.lo.s32 	%r1, %r12, %r13, %r15;
	and.b32  	%r16, %r14, 31;
	mul.wide.s32 	%rd1, %r10, %r1;
	cvt.u64.u32 	%rd2, %r16;
	add.s64 	%rd3, %rd1, %rd2;
	add.s32 	%r17, %r9, 1;
	mul.lo.s32 	%r18, %r17, %r1;
	cvt.s64.s32 	%rd4, %r18;
	cvta.to.global.u64 	%rd5, %rd21;
	setp.lt.s32 	%p1, %r9, 1;
	mov.f32 	%f18, 0f00000000;
	@%p1 bra 	$L__BB1_3;

	cvt.s64.s32 	%rd6, %r8;
	mov.f32 	%f18, 0f00000000;
	mov.u32 	%r27, 0;
	shl.b64 	%rd27, %rd6, 2;
	mov.u32 	%r28, %r27;

$L__BB1_2:
	.pragma "nounroll";
	cvt.s64.s32 	%rd24, %r27;
	add.s64 	%rd25, %rd3, %rd24;
	shl.b64 	%rd26, %rd25, 2;
	add.s64 	%rd22, %rd20, %rd26;
	// begin inline asm
	ld.global.cg.f32 %f9, [%rd22];
	// end inline asm
	add.f32 	%f11, %f18, %f9;
	add.s64 	%rd23, %rd22, %rd27;
	// begin inline asm
	ld.global.cg.f32 %f10, [%rd23];
	// end inline asm
	add.f32 	%f18, %f11, %f10;
	add.s32 	%r27, %r27, 32;
	add.s32 	%r28, %r28, 1;
	setp.lt.s32 	%p2, %r28, %r9;
	@%p2 bra 	$L__BB1_2;

$L__BB1_3:
	// begin inline asm
	mov.u64 	%rd48, %clock64;
	// end inline asm
	cvt.u32.u64 	%r21, %rd2;
	setp.ne.s32 	%p3, %r21, 0;
	@%p3 bra 	$L__BB1_5;

	shl.b64 	%rd29, %rd4, 2;
	add.s64 	%rd30, %rd5, %rd29;
	st.global.u32 	[%rd30], %rd48;

$L__BB1_5:
	@%p1 bra 	$L__BB1_10;

	cvta.to.global.u64 	%rd31, %rd20;
	cvt.s64.s32 	%rd32, %r8;
	shl.b64 	%rd33, %rd4, 2;
	add.s64 	%rd34, %rd5, %rd33;
	add.s64 	%rd47, %rd34, 4;
	add.s64 	%rd35, %rd1, %rd32;
	add.s64 	%rd36, %rd35, %rd2;
	shl.b64 	%rd37, %rd36, 2;
	add.s64 	%rd46, %rd31, %rd37;
	shl.b64 	%rd38, %rd3, 2;
	add.s64 	%rd45, %rd31, %rd38;
	mov.u32 	%r29, 0;

$L__BB1_7:
	.pragma "nounroll";
	ld.global.f32 	%f12, [%rd45];
	add.f32 	%f13, %f18, %f12;
	ld.global.f32 	%f14, [%rd46];
	add.f32 	%f18, %f13, %f14;
	// begin inline asm
	mov.u64 	%rd39, %clock64;
	// end inline asm
	@%p3 bra 	$L__BB1_9;

	sub.s64 	%rd40, %rd39, %rd48;
	min.s64 	%rd41, %rd40, 4294967295;
	st.global.u32 	[%rd47], %rd41;

$L__BB1_9:
	add.s32 	%r29, %r29, 1;
	add.s64 	%rd47, %rd47, 4;
	add.s64 	%rd46, %rd46, 128;
	add.s64 	%rd45, %rd45, 128;
	setp.lt.s32 	%p6, %r29, %r9;
	mov.u64 	%rd48, %rd39;
	@%p6 bra 	$L__BB1_7;

$L__BB1_10:
	shl.b32 	%r24, %r1, 5;
	or.b32  	%r26, %r24, %r21;
	cvta.to.global.u64 	%rd42, %rd19;
	mul.wide.s32 	%rd43, %r26, 4;
	add.s64 	%rd44, %rd42, %rd43;
	st.global.f32 	[%rd44], %f18;
	ret;

}
	// .globl	l2ld4
.visible .entry l2ld4(
	.param .u64 l2ld4_param_0,
	.param .u64 l2ld4_param_1,
	.param .u32 l2ld4_param_2,
	.param .u32 l2ld4_param_3,
	.param .u32 l2ld4_param_4,
	.param .u64 l2ld4_param_5
)
{
	.reg .pred 	%p<7>;
	.reg .f32 	%f<27>;
	.reg .b32 	%r<30>;
	.reg .b64 	%rd<46>;


	ld.param.u64 	%rd16, [l2ld4_param_0];
	ld.param.u64 	%rd17, [l2ld4_param_1];
	ld.param.u32 	%r10, [l2ld4_param_2];
	ld.param.u32 	%r8, [l2ld4_param_3];
	ld.param.u32 	%r9, [l2ld4_param_4];
	ld.param.u64 	%rd18, [l2ld4_param_5];
	mov.u32 	%r11, %ntid.x;
	shr.u32 	%r12, %r11, 5;
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %tid.x;
	shr.u32 	%r15, %r14, 5;
	mad.lo.s32 	%r1, %r12, %r13, %r15;
	and.b32  	%r16, %r14, 31;
	mul.wide.s32 	%rd19, %r10, %r1;
	cvt.u64.u32 	%rd1, %r16;
	add.s64 	%rd2, %rd19, %rd1;
	add.s32 	%r17, %r9, 1;
	mul.lo.s32 	%r18, %r17, %r1;
	cvt.s64.s32 	%rd3, %r18;
	cvta.to.global.u64 	%rd4, %rd18;
	setp.lt.s32 	%p1, %r9, 1;
	mov.f32 	%f26, 0f00000000;
	@%p1 bra 	$L__BB2_3;

	mul.wide.s32 	%rd5, %r8, 4;
	mov.f32 	%f26, 0f00000000;
	mov.u32 	%r27, 0;
	mov.u32 	%r28, %r27;

$L__BB2_2:
	.pragma "nounroll";
	cvt.s64.s32 	%rd24, %r27;
	add.s64 	%rd25, %rd2, %rd24;
	shl.b64 	%rd26, %rd25, 2;
	add.s64 	%rd20, %rd17, %rd26;
	// begin inline asm
	ld.global.cg.f32 %f9, [%rd20];
	// end inline asm
	add.f32 	%f13, %f26, %f9;
	add.s64 	%rd21, %rd20, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f10, [%rd21];
	// end inline asm
	add.f32 	%f14, %f13, %f10;
	add.s64 	%rd22, %rd21, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f11, [%rd22];
	// end inline asm
	add.f32 	%f15, %f14, %f11;
	add.s64 	%rd23, %rd22, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f12, [%rd23];
	// end inline asm
	add.f32 	%f26, %f15, %f12;
	add.s32 	%r27, %r27, 32;
	add.s32 	%r28, %r28, 1;
	setp.lt.s32 	%p2, %r28, %r9;
	@%p2 bra 	$L__BB2_2;

$L__BB2_3:
	// begin inline asm
	mov.u64 	%rd45, %clock64;
	// end inline asm
	cvt.u32.u64 	%r21, %rd1;
	setp.ne.s32 	%p3, %r21, 0;
	@%p3 bra 	$L__BB2_5;

	shl.b64 	%rd28, %rd3, 2;
	add.s64 	%rd29, %rd4, %rd28;
	st.global.u32 	[%rd29], %rd45;

$L__BB2_5:
	@%p1 bra 	$L__BB2_10;

	shl.b64 	%rd30, %rd3, 2;
	add.s64 	%rd31, %rd4, %rd30;
	add.s64 	%rd44, %rd31, 4;
	cvta.to.global.u64 	%rd32, %rd17;
	shl.b64 	%rd33, %rd2, 2;
	add.s64 	%rd43, %rd32, %rd33;
	mul.wide.s32 	%rd9, %r8, 4;
	mov.u32 	%r29, 0;

$L__BB2_7:
	.pragma "nounroll";
	add.s64 	%rd35, %rd43, %rd9;
	add.s64 	%rd36, %rd35, %rd9;
	add.s64 	%rd37, %rd36, %rd9;
	ld.global.f32 	%f16, [%rd43];
	add.f32 	%f17, %f26, %f16;
	ld.global.f32 	%f18, [%rd35];
	add.f32 	%f19, %f17, %f18;
	ld.global.f32 	%f20, [%rd36];
	add.f32 	%f21, %f19, %f20;
	ld.global.f32 	%f22, [%rd37];
	add.f32 	%f26, %f21, %f22;
	// begin inline asm
	mov.u64 	%rd34, %clock64;
	// end inline asm
	@%p3 bra 	$L__BB2_9;

	sub.s64 	%rd38, %rd34, %rd45;
	min.s64 	%rd39, %rd38, 4294967295;
	st.global.u32 	[%rd44], %rd39;

$L__BB2_9:
	add.s32 	%r29, %r29, 1;
	add.s64 	%rd44, %rd44, 4;
	add.s64 	%rd43, %rd43, 128;
	setp.lt.s32 	%p6, %r29, %r9;
	mov.u64 	%rd45, %rd34;
	@%p6 bra 	$L__BB2_7;

$L__BB2_10:
	shl.b32 	%r24, %r1, 5;
	or.b32  	%r26, %r24, %r21;
	cvta.to.global.u64 	%rd40, %rd16;
	mul.wide.s32 	%rd41, %r26, 4;
	add.s64 	%rd42, %rd40, %rd41;
	st.global.f32 	[%rd42], %f26;
	ret;

}
	// .globl	l2ld8
.visible .entry l2ld8(
	.param .u64 l2ld8_param_0,
	.param .u64 l2ld8_param_1,
	.param .u32 l2ld8_param_2,
	.param .u32 l2ld8_param_3,
	.param .u32 l2ld8_param_4,
	.param .u64 l2ld8_param_5
)
{
	.reg .pred 	%p<7>;
	.reg .f32 	%f<43>;
	.reg .b32 	%r<51>;
	.reg .b64 	%rd<54>;


	ld.param.u64 	%rd12, [l2ld8_param_0];
	ld.param.u64 	%rd13, [l2ld8_param_1];
	ld.param.u32 	%r9, [l2ld8_param_2];
	ld.param.u32 	%r7, [l2ld8_param_3];
	ld.param.u32 	%r8, [l2ld8_param_4];
	ld.param.u64 	%rd14, [l2ld8_param_5];
	mov.u32 	%r10, %ctaid.x;
	mov.u32 	%r11, %ntid.x;
	shr.u32 	%r12, %r11, 5;
	mov.u32 	%r13, %tid.x;
	shr.u32 	%r14, %r13, 5;
	mad.lo.s32 	%r15, %r12, %r10, %r14;
	and.b32  	%r16, %r13, 31;
	mul.wide.s32 	%rd15, %r9, %r15;
	cvt.u64.u32 	%rd16, %r16;
	add.s64 	%rd1, %rd15, %rd16;
	setp.lt.s32 	%p1, %r8, 1;
	mov.f32 	%f42, 0f00000000;
	@%p1 bra 	$L__BB3_3;

	mul.wide.s32 	%rd2, %r7, 4;
	mov.f32 	%f42, 0f00000000;
	mov.u32 	%r48, 0;
	mov.u32 	%r49, %r48;

$L__BB3_2:
	.pragma "nounroll";
	cvt.s64.s32 	%rd25, %r48;
	add.s64 	%rd26, %rd1, %rd25;
	shl.b64 	%rd27, %rd26, 2;
	add.s64 	%rd17, %rd13, %rd27;
	// begin inline asm
	ld.global.cg.f32 %f9, [%rd17];
	// end inline asm
	add.f32 	%f17, %f42, %f9;
	add.s64 	%rd18, %rd17, %rd2;
	// begin inline asm
	ld.global.cg.f32 %f10, [%rd18];
	// end inline asm
	add.f32 	%f18, %f17, %f10;
	add.s64 	%rd19, %rd18, %rd2;
	// begin inline asm
	ld.global.cg.f32 %f11, [%rd19];
	// end inline asm
	add.f32 	%f19, %f18, %f11;
	add.s64 	%rd20, %rd19, %rd2;
	// begin inline asm
	ld.global.cg.f32 %f12, [%rd20];
	// end inline asm
	add.f32 	%f20, %f19, %f12;
	add.s64 	%rd21, %rd20, %rd2;
	// begin inline asm
	ld.global.cg.f32 %f13, [%rd21];
	// end inline asm
	add.f32 	%f21, %f20, %f13;
	add.s64 	%rd22, %rd21, %rd2;
	// begin inline asm
	ld.global.cg.f32 %f14, [%rd22];
	// end inline asm
	add.f32 	%f22, %f21, %f14;
	add.s64 	%rd23, %rd22, %rd2;
	// begin inline asm
	ld.global.cg.f32 %f15, [%rd23];
	// end inline asm
	add.f32 	%f23, %f22, %f15;
	add.s64 	%rd24, %rd23, %rd2;
	// begin inline asm
	ld.global.cg.f32 %f16, [%rd24];
	// end inline asm
	add.f32 	%f42, %f23, %f16;
	add.s32 	%r48, %r48, 32;
	add.s32 	%r49, %r49, 1;
	setp.lt.s32 	%p2, %r49, %r8;
	@%p2 bra 	$L__BB3_2;

$L__BB3_3:
	// begin inline asm
	mov.u64 	%rd53, %clock64;
	// end inline asm
	setp.ne.s32 	%p3, %r16, 0;
	@%p3 bra 	$L__BB3_5;

	add.s32 	%r27, %r8, 1;
	mul.lo.s32 	%r28, %r27, %r15;
	cvta.to.global.u64 	%rd29, %rd14;
	mul.wide.s32 	%rd30, %r28, 4;
	add.s64 	%rd31, %rd29, %rd30;
	st.global.u32 	[%rd31], %rd53;

$L__BB3_5:
	@%p1 bra 	$L__BB3_10;

	add.s32 	%r36, %r8, 1;
	mul.lo.s32 	%r37, %r36, %r15;
	cvta.to.global.u64 	%rd32, %rd14;
	mul.wide.s32 	%rd33, %r37, 4;
	add.s64 	%rd34, %rd32, %rd33;
	add.s64 	%rd52, %rd34, 4;
	cvta.to.global.u64 	%rd35, %rd13;
	shl.b64 	%rd36, %rd1, 2;
	add.s64 	%rd51, %rd35, %rd36;
	mov.u32 	%r50, 0;

$L__BB3_7:
	.pragma "nounroll";
	mul.wide.s32 	%rd38, %r7, 4;
	add.s64 	%rd39, %rd51, %rd38;
	add.s64 	%rd40, %rd39, %rd38;
	add.s64 	%rd41, %rd40, %rd38;
	add.s64 	%rd42, %rd41, %rd38;
	add.s64 	%rd43, %rd42, %rd38;
	add.s64 	%rd44, %rd43, %rd38;
	add.s64 	%rd45, %rd44, %rd38;
	ld.global.f32 	%f24, [%rd51];
	add.f32 	%f25, %f42, %f24;
	ld.global.f32 	%f26, [%rd39];
	add.f32 	%f27, %f25, %f26;
	ld.global.f32 	%f28, [%rd40];
	add.f32 	%f29, %f27, %f28;
	ld.global.f32 	%f30, [%rd41];
	add.f32 	%f31, %f29, %f30;
	ld.global.f32 	%f32, [%rd42];
	add.f32 	%f33, %f31, %f32;
	ld.global.f32 	%f34, [%rd43];
	add.f32 	%f35, %f33, %f34;
	ld.global.f32 	%f36, [%rd44];
	add.f32 	%f37, %f35, %f36;
	ld.global.f32 	%f38, [%rd45];
	add.f32 	%f42, %f37, %f38;
	// begin inline asm
	mov.u64 	%rd37, %clock64;
	// end inline asm
	@%p3 bra 	$L__BB3_9;

	sub.s64 	%rd46, %rd37, %rd53;
	min.s64 	%rd47, %rd46, 4294967295;
	st.global.u32 	[%rd52], %rd47;

$L__BB3_9:
	add.s32 	%r50, %r50, 1;
	add.s64 	%rd52, %rd52, 4;
	add.s64 	%rd51, %rd51, 128;
	setp.lt.s32 	%p6, %r50, %r8;
	mov.u64 	%rd53, %rd37;
	@%p6 bra 	$L__BB3_7;

$L__BB3_10:
	bfi.b32 	%r47, %r15, %r16, 5, 27;
	cvta.to.global.u64 	%rd48, %rd12;
	mul.wide.s32 	%rd49, %r47, 4;
	add.s64 	%rd50, %rd48, %rd49;
	st.global.f32 	[%rd50], %f42;
	ret;

}
	// .globl	l2ld12
.visible .entry l2ld12(
	.param .u64 l2ld12_param_0,
	.param .u64 l2ld12_param_1,
	.param .u32 l2ld12_param_2,
	.param .u32 l2ld12_param_3,
	.param .u32 l2ld12_param_4,
	.param .u64 l2ld12_param_5
)
{
	.reg .pred 	%p<7>;
	.reg .f32 	%f<59>;
	.reg .b32 	%r<27>;
	.reg .b64 	%rd<62>;


	ld.param.u64 	%rd15, [l2ld12_param_0];
	ld.param.u64 	%rd16, [l2ld12_param_1];
	ld.param.u32 	%r11, [l2ld12_param_2];
	ld.param.u32 	%r9, [l2ld12_param_3];
	ld.param.u32 	%r10, [l2ld12_param_4];
	ld.param.u64 	%rd17, [l2ld12_param_5];
	mov.u32 	%r12, %ntid.x;
	shr.u32 	%r13, %r12, 5;
	mov.u32 	%r14, %ctaid.x;
	mov.u32 	%r15, %tid.x;
	shr.u32 	%r16, %r15, 5;
	mad.lo.s32 	%r1, %r13, %r14, %r16;
	and.b32  	%r2, %r15, 31;
	mul.wide.s32 	%rd18, %r11, %r1;
	cvt.u64.u32 	%rd19, %r2;
	add.s64 	%rd1, %rd18, %rd19;
	add.s32 	%r17, %r10, 1;
	mul.lo.s32 	%r18, %r17, %r1;
	cvt.s64.s32 	%rd2, %r18;
	cvta.to.global.u64 	%rd3, %rd17;
	setp.lt.s32 	%p1, %r10, 1;
	mov.f32 	%f58, 0f00000000;
	@%p1 bra 	$L__BB4_3;

	mul.wide.s32 	%rd4, %r9, 4;
	mov.f32 	%f58, 0f00000000;
	mov.u32 	%r24, 0;
	mov.u32 	%r25, %r24;

$L__BB4_2:
	.pragma "nounroll";
	cvt.s64.s32 	%rd32, %r24;
	add.s64 	%rd33, %rd1, %rd32;
	shl.b64 	%rd34, %rd33, 2;
	add.s64 	%rd20, %rd16, %rd34;
	// begin inline asm
	ld.global.cg.f32 %f9, [%rd20];
	// end inline asm
	add.f32 	%f21, %f58, %f9;
	add.s64 	%rd21, %rd20, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f10, [%rd21];
	// end inline asm
	add.f32 	%f22, %f21, %f10;
	add.s64 	%rd22, %rd21, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f11, [%rd22];
	// end inline asm
	add.f32 	%f23, %f22, %f11;
	add.s64 	%rd23, %rd22, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f12, [%rd23];
	// end inline asm
	add.f32 	%f24, %f23, %f12;
	add.s64 	%rd24, %rd23, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f13, [%rd24];
	// end inline asm
	add.f32 	%f25, %f24, %f13;
	add.s64 	%rd25, %rd24, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f14, [%rd25];
	// end inline asm
	add.f32 	%f26, %f25, %f14;
	add.s64 	%rd26, %rd25, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f15, [%rd26];
	// end inline asm
	add.f32 	%f27, %f26, %f15;
	add.s64 	%rd27, %rd26, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f16, [%rd27];
	// end inline asm
	add.f32 	%f28, %f27, %f16;
	add.s64 	%rd28, %rd27, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f17, [%rd28];
	// end inline asm
	add.f32 	%f29, %f28, %f17;
	add.s64 	%rd29, %rd28, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f18, [%rd29];
	// end inline asm
	add.f32 	%f30, %f29, %f18;
	add.s64 	%rd30, %rd29, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f19, [%rd30];
	// end inline asm
	add.f32 	%f31, %f30, %f19;
	add.s64 	%rd31, %rd30, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f20, [%rd31];
	// end inline asm
	add.f32 	%f58, %f31, %f20;
	add.s32 	%r24, %r24, 32;
	add.s32 	%r25, %r25, 1;
	setp.lt.s32 	%p2, %r25, %r10;
	@%p2 bra 	$L__BB4_2;

$L__BB4_3:
	// begin inline asm
	mov.u64 	%rd61, %clock64;
	// end inline asm
	setp.ne.s32 	%p3, %r2, 0;
	@%p3 bra 	$L__BB4_5;

	shl.b64 	%rd36, %rd2, 2;
	add.s64 	%rd37, %rd3, %rd36;
	st.global.u32 	[%rd37], %rd61;

$L__BB4_5:
	@%p1 bra 	$L__BB4_10;

	shl.b64 	%rd38, %rd2, 2;
	add.s64 	%rd39, %rd3, %rd38;
	add.s64 	%rd60, %rd39, 4;
	cvta.to.global.u64 	%rd40, %rd16;
	shl.b64 	%rd41, %rd1, 2;
	add.s64 	%rd59, %rd40, %rd41;
	mul.wide.s32 	%rd8, %r9, 4;
	mov.u32 	%r26, 0;

$L__BB4_7:
	.pragma "nounroll";
	add.s64 	%rd43, %rd59, %rd8;
	add.s64 	%rd44, %rd43, %rd8;
	add.s64 	%rd45, %rd44, %rd8;
	add.s64 	%rd46, %rd45, %rd8;
	add.s64 	%rd47, %rd46, %rd8;
	add.s64 	%rd48, %rd47, %rd8;
	add.s64 	%rd49, %rd48, %rd8;
	add.s64 	%rd50, %rd49, %rd8;
	add.s64 	%rd51, %rd50, %rd8;
	add.s64 	%rd52, %rd51, %rd8;
	add.s64 	%rd53, %rd52, %rd8;
	ld.global.f32 	%f32, [%rd59];
	add.f32 	%f33, %f58, %f32;
	ld.global.f32 	%f34, [%rd43];
	add.f32 	%f35, %f33, %f34;
	ld.global.f32 	%f36, [%rd44];
	add.f32 	%f37, %f35, %f36;
	ld.global.f32 	%f38, [%rd45];
	add.f32 	%f39, %f37, %f38;
	ld.global.f32 	%f40, [%rd46];
	add.f32 	%f41, %f39, %f40;
	ld.global.f32 	%f42, [%rd47];
	add.f32 	%f43, %f41, %f42;
	ld.global.f32 	%f44, [%rd48];
	add.f32 	%f45, %f43, %f44;
	ld.global.f32 	%f46, [%rd49];
	add.f32 	%f47, %f45, %f46;
	ld.global.f32 	%f48, [%rd50];
	add.f32 	%f49, %f47, %f48;
	ld.global.f32 	%f50, [%rd51];
	add.f32 	%f51, %f49, %f50;
	ld.global.f32 	%f52, [%rd52];
	add.f32 	%f53, %f51, %f52;
	ld.global.f32 	%f54, [%rd53];
	add.f32 	%f58, %f53, %f54;
	// begin inline asm
	mov.u64 	%rd42, %clock64;
	// end inline asm
	@%p3 bra 	$L__BB4_9;

	sub.s64 	%rd54, %rd42, %rd61;
	min.s64 	%rd55, %rd54, 4294967295;
	st.global.u32 	[%rd60], %rd55;

$L__BB4_9:
	add.s32 	%r26, %r26, 1;
	add.s64 	%rd60, %rd60, 4;
	add.s64 	%rd59, %rd59, 128;
	setp.lt.s32 	%p6, %r26, %r10;
	mov.u64 	%rd61, %rd42;
	@%p6 bra 	$L__BB4_7;

$L__BB4_10:
	shl.b32 	%r22, %r1, 5;
	or.b32  	%r23, %r22, %r2;
	cvta.to.global.u64 	%rd56, %rd15;
	mul.wide.s32 	%rd57, %r23, 4;
	add.s64 	%rd58, %rd56, %rd57;
	st.global.f32 	[%rd58], %f58;
	ret;

}
	// .globl	l2cg1
.visible .entry l2cg1(
	.param .u64 l2cg1_param_0,
	.param .u64 l2cg1_param_1,
	.param .u32 l2cg1_param_2,
	.param .u32 l2cg1_param_3,
	.param .u32 l2cg1_param_4,
	.param .u64 l2cg1_param_5
)
{
	.reg .pred 	%p<7>;
	.reg .f32 	%f<15>;
	.reg .b32 	%r<30>;
	.reg .b64 	%rd<36>;


	ld.param.u64 	%rd10, [l2cg1_param_0];
	ld.param.u64 	%rd11, [l2cg1_param_1];
	ld.param.u32 	%r12, [l2cg1_param_2];
	ld.param.u32 	%r11, [l2cg1_param_4];
	ld.param.u64 	%rd12, [l2cg1_param_5];
	mov.u32 	%r13, %ntid.x;
	shr.u32 	%r14, %r13, 5;
	mov.u32 	%r15, %ctaid.x;
	mov.u32 	%r16, %tid.x;
	shr.u32 	%r17, %r16, 5;
	mad.lo.s32 	%r1, %r14, %r15, %r17;
	and.b32  	%r2, %r16, 31;
	mul.wide.s32 	%rd13, %r12, %r1;
	cvt.u64.u32 	%rd14, %r2;
	add.s64 	%rd1, %rd13, %rd14;
	add.s32 	%r18, %r11, 1;
	mul.lo.s32 	%r19, %r18, %r1;
	cvt.s64.s32 	%rd2, %r19;
	cvta.to.global.u64 	%rd3, %rd12;
	setp.lt.s32 	%p1, %r11, 1;
	mov.f32 	%f14, 0f00000000;
	@%p1 bra 	$L__BB5_3;

	mov.f32 	%f14, 0f00000000;
	mov.u32 	%r26, 0;
	mov.u32 	%r27, %r26;

$L__BB5_2:
	.pragma "nounroll";
	cvt.s64.s32 	%rd16, %r26;
	add.s64 	%rd17, %rd1, %rd16;
	shl.b64 	%rd18, %rd17, 2;
	add.s64 	%rd15, %rd11, %rd18;
	// begin inline asm
	ld.global.cg.f32 %f9, [%rd15];
	// end inline asm
	add.f32 	%f14, %f14, %f9;
	add.s32 	%r26, %r26, 32;
	add.s32 	%r27, %r27, 1;
	setp.lt.s32 	%p2, %r27, %r11;
	@%p2 bra 	$L__BB5_2;

$L__BB5_3:
	// begin inline asm
	mov.u64 	%rd35, %clock64;
	// end inline asm
	setp.ne.s32 	%p3, %r2, 0;
	@%p3 bra 	$L__BB5_5;

	shl.b64 	%rd20, %rd2, 2;
	add.s64 	%rd21, %rd3, %rd20;
	st.global.u32 	[%rd21], %rd35;

$L__BB5_5:
	@%p1 bra 	$L__BB5_10;

	shl.b64 	%rd22, %rd2, 2;
	add.s64 	%rd23, %rd3, %rd22;
	add.s64 	%rd34, %rd23, 4;
	mov.u32 	%r28, 0;
	mov.u32 	%r29, %r28;

$L__BB5_7:
	.pragma "nounroll";
	cvt.s64.s32 	%rd26, %r28;
	add.s64 	%rd27, %rd1, %rd26;
	shl.b64 	%rd28, %rd27, 2;
	add.s64 	%rd24, %rd11, %rd28;
	// begin inline asm
	ld.global.cg.f32 %f10, [%rd24];
	// end inline asm
	add.f32 	%f14, %f10, %f14;
	// begin inline asm
	mov.u64 	%rd25, %clock64;
	// end inline asm
	@%p3 bra 	$L__BB5_9;

	sub.s64 	%rd29, %rd25, %rd35;
	min.s64 	%rd30, %rd29, 4294967295;
	st.global.u32 	[%rd34], %rd30;

$L__BB5_9:
	add.s32 	%r29, %r29, 1;
	add.s64 	%rd34, %rd34, 4;
	add.s32 	%r28, %r28, 32;
	setp.lt.s32 	%p6, %r29, %r11;
	mov.u64 	%rd35, %rd25;
	@%p6 bra 	$L__BB5_7;

$L__BB5_10:
	shl.b32 	%r24, %r1, 5;
	or.b32  	%r25, %r24, %r2;
	cvta.to.global.u64 	%rd31, %rd10;
	mul.wide.s32 	%rd32, %r25, 4;
	add.s64 	%rd33, %rd31, %rd32;
	st.global.f32 	[%rd33], %f14;
	ret;

}
	// .globl	l2cg4
.visible .entry l2cg4(
	.param .u64 l2cg4_param_0,
	.param .u64 l2cg4_param_1,
	.param .u32 l2cg4_param_2,
	.param .u32 l2cg4_param_3,
	.param .u32 l2cg4_param_4,
	.param .u64 l2cg4_param_5
)
{
	.reg .pred 	%p<7>;
	.reg .f32 	%f<27>;
	.reg .b32 	%r<37>;
	.reg .b64 	%rd<44>;


	ld.param.u64 	%rd12, [l2cg4_param_0];
	ld.param.u64 	%rd13, [l2cg4_param_1];
	ld.param.u32 	%r12, [l2cg4_param_2];
	ld.param.u32 	%r10, [l2cg4_param_3];
	ld.param.u32 	%r11, [l2cg4_param_4];
	ld.param.u64 	%rd14, [l2cg4_param_5];
	cvta.to.global.u64 	%rd1, %rd14;
	mov.u32 	%r13, %ntid.x;
	shr.u32 	%r14, %r13, 5;
	mov.u32 	%r15, %ctaid.x;
	mov.u32 	%r16, %tid.x;
	shr.u32 	%r17, %r16, 5;
	mad.lo.s32 	%r18, %r14, %r15, %r17;
	and.b32  	%r1, %r16, 31;
	mul.wide.s32 	%rd15, %r12, %r18;
	cvt.u64.u32 	%rd16, %r1;
	add.s64 	%rd2, %rd15, %rd16;
	add.s32 	%r19, %r11, 1;
	mul.lo.s32 	%r20, %r19, %r18;
	cvt.s64.s32 	%rd3, %r20;
	setp.lt.s32 	%p1, %r11, 1;
	mov.f32 	%f26, 0f00000000;
	@%p1 bra 	$L__BB6_3;

	mul.wide.s32 	%rd4, %r10, 4;
	mov.f32 	%f26, 0f00000000;
	mov.u32 	%r33, 0;
	mov.u32 	%r34, %r33;

$L__BB6_2:
	.pragma "nounroll";
	cvt.s64.s32 	%rd21, %r33;
	add.s64 	%rd22, %rd2, %rd21;
	shl.b64 	%rd23, %rd22, 2;
	add.s64 	%rd17, %rd13, %rd23;
	// begin inline asm
	ld.global.cg.f32 %f9, [%rd17];
	// end inline asm
	add.f32 	%f13, %f26, %f9;
	add.s64 	%rd18, %rd17, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f10, [%rd18];
	// end inline asm
	add.f32 	%f14, %f13, %f10;
	add.s64 	%rd19, %rd18, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f11, [%rd19];
	// end inline asm
	add.f32 	%f15, %f14, %f11;
	add.s64 	%rd20, %rd19, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f12, [%rd20];
	// end inline asm
	add.f32 	%f26, %f15, %f12;
	add.s32 	%r33, %r33, 32;
	add.s32 	%r34, %r34, 1;
	setp.lt.s32 	%p2, %r34, %r11;
	@%p2 bra 	$L__BB6_2;

$L__BB6_3:
	// begin inline asm
	mov.u64 	%rd43, %clock64;
	// end inline asm
	setp.ne.s32 	%p3, %r1, 0;
	@%p3 bra 	$L__BB6_5;

	shl.b64 	%rd25, %rd3, 2;
	add.s64 	%rd26, %rd1, %rd25;
	st.global.u32 	[%rd26], %rd43;

$L__BB6_5:
	@%p1 bra 	$L__BB6_10;

	shl.b64 	%rd27, %rd3, 2;
	add.s64 	%rd28, %rd1, %rd27;
	add.s64 	%rd42, %rd28, 4;
	mul.wide.s32 	%rd7, %r10, 4;
	mov.u32 	%r35, 0;
	mov.u32 	%r36, %r35;

$L__BB6_7:
	.pragma "nounroll";
	cvt.s64.s32 	%rd34, %r35;
	add.s64 	%rd35, %rd2, %rd34;
	shl.b64 	%rd36, %rd35, 2;
	add.s64 	%rd29, %rd13, %rd36;
	// begin inline asm
	ld.global.cg.f32 %f16, [%rd29];
	// end inline asm
	add.s64 	%rd30, %rd29, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f17, [%rd30];
	// end inline asm
	add.s64 	%rd31, %rd30, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f18, [%rd31];
	// end inline asm
	add.s64 	%rd32, %rd31, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f19, [%rd32];
	// end inline asm
	add.f32 	%f20, %f26, %f16;
	add.f32 	%f21, %f20, %f17;
	add.f32 	%f22, %f21, %f18;
	add.f32 	%f26, %f22, %f19;
	// begin inline asm
	mov.u64 	%rd33, %clock64;
	// end inline asm
	@%p3 bra 	$L__BB6_9;

	sub.s64 	%rd37, %rd33, %rd43;
	min.s64 	%rd38, %rd37, 4294967295;
	st.global.u32 	[%rd42], %rd38;

$L__BB6_9:
	add.s32 	%r36, %r36, 1;
	add.s64 	%rd42, %rd42, 4;
	add.s32 	%r35, %r35, 32;
	setp.lt.s32 	%p6, %r36, %r11;
	mov.u64 	%rd43, %rd33;
	@%p6 bra 	$L__BB6_7;

$L__BB6_10:
	shl.b32 	%r31, %r18, 5;
	or.b32  	%r32, %r31, %r1;
	cvta.to.global.u64 	%rd39, %rd12;
	mul.wide.s32 	%rd40, %r32, 4;
	add.s64 	%rd41, %rd39, %rd40;
	st.global.f32 	[%rd41], %f26;
	ret;

}
	// .globl	l2cg12
.visible .entry l2cg12(
	.param .u64 l2cg12_param_0,
	.param .u64 l2cg12_param_1,
	.param .u32 l2cg12_param_2,
	.param .u32 l2cg12_param_3,
	.param .u32 l2cg12_param_4,
	.param .u64 l2cg12_param_5
)
{
	.reg .pred 	%p<7>;
	.reg .f32 	%f<59>;
	.reg .b32 	%r<32>;
	.reg .b64 	%rd<61>;


	ld.param.u64 	%rd12, [l2cg12_param_0];
	ld.param.u64 	%rd13, [l2cg12_param_1];
	ld.param.u32 	%r13, [l2cg12_param_2];
	ld.param.u32 	%r11, [l2cg12_param_3];
	ld.param.u32 	%r12, [l2cg12_param_4];
	ld.param.u64 	%rd14, [l2cg12_param_5];
	mov.u32 	%r14, %ntid.x;
	shr.u32 	%r15, %r14, 5;
	mov.u32 	%r16, %ctaid.x;
	mov.u32 	%r17, %tid.x;
	shr.u32 	%r18, %r17, 5;
	mad.lo.s32 	%r1, %r15, %r16, %r18;
	and.b32  	%r2, %r17, 31;
	mul.wide.s32 	%rd15, %r13, %r1;
	cvt.u64.u32 	%rd16, %r2;
	add.s64 	%rd1, %rd15, %rd16;
	add.s32 	%r19, %r12, 1;
	mul.lo.s32 	%r20, %r19, %r1;
	cvt.s64.s32 	%rd2, %r20;
	cvta.to.global.u64 	%rd3, %rd14;
	setp.lt.s32 	%p1, %r12, 1;
	mov.f32 	%f58, 0f00000000;
	@%p1 bra 	$L__BB7_3;

	mul.wide.s32 	%rd4, %r11, 4;
	mov.f32 	%f58, 0f00000000;
	mov.u32 	%r28, 0;
	mov.u32 	%r29, %r28;

$L__BB7_2:
	.pragma "nounroll";
	cvt.s64.s32 	%rd29, %r28;
	add.s64 	%rd30, %rd1, %rd29;
	shl.b64 	%rd31, %rd30, 2;
	add.s64 	%rd17, %rd13, %rd31;
	// begin inline asm
	ld.global.cg.f32 %f9, [%rd17];
	// end inline asm
	add.f32 	%f21, %f58, %f9;
	add.s64 	%rd18, %rd17, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f10, [%rd18];
	// end inline asm
	add.f32 	%f22, %f21, %f10;
	add.s64 	%rd19, %rd18, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f11, [%rd19];
	// end inline asm
	add.f32 	%f23, %f22, %f11;
	add.s64 	%rd20, %rd19, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f12, [%rd20];
	// end inline asm
	add.f32 	%f24, %f23, %f12;
	add.s64 	%rd21, %rd20, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f13, [%rd21];
	// end inline asm
	add.f32 	%f25, %f24, %f13;
	add.s64 	%rd22, %rd21, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f14, [%rd22];
	// end inline asm
	add.f32 	%f26, %f25, %f14;
	add.s64 	%rd23, %rd22, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f15, [%rd23];
	// end inline asm
	add.f32 	%f27, %f26, %f15;
	add.s64 	%rd24, %rd23, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f16, [%rd24];
	// end inline asm
	add.f32 	%f28, %f27, %f16;
	add.s64 	%rd25, %rd24, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f17, [%rd25];
	// end inline asm
	add.f32 	%f29, %f28, %f17;
	add.s64 	%rd26, %rd25, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f18, [%rd26];
	// end inline asm
	add.f32 	%f30, %f29, %f18;
	add.s64 	%rd27, %rd26, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f19, [%rd27];
	// end inline asm
	add.f32 	%f31, %f30, %f19;
	add.s64 	%rd28, %rd27, %rd4;
	// begin inline asm
	ld.global.cg.f32 %f20, [%rd28];
	// end inline asm
	add.f32 	%f58, %f31, %f20;
	add.s32 	%r28, %r28, 32;
	add.s32 	%r29, %r29, 1;
	setp.lt.s32 	%p2, %r29, %r12;
	@%p2 bra 	$L__BB7_2;

$L__BB7_3:
	// begin inline asm
	mov.u64 	%rd60, %clock64;
	// end inline asm
	setp.ne.s32 	%p3, %r2, 0;
	@%p3 bra 	$L__BB7_5;

	shl.b64 	%rd33, %rd2, 2;
	add.s64 	%rd34, %rd3, %rd33;
	st.global.u32 	[%rd34], %rd60;

$L__BB7_5:
	@%p1 bra 	$L__BB7_10;

	shl.b64 	%rd35, %rd2, 2;
	add.s64 	%rd36, %rd3, %rd35;
	add.s64 	%rd59, %rd36, 4;
	mul.wide.s32 	%rd7, %r11, 4;
	mov.u32 	%r30, 0;
	mov.u32 	%r31, %r30;

$L__BB7_7:
	.pragma "nounroll";
	ld.param.u64 	%rd58, [l2cg12_param_1];
	cvt.s64.s32 	%rd50, %r30;
	add.s64 	%rd51, %rd1, %rd50;
	shl.b64 	%rd52, %rd51, 2;
	add.s64 	%rd37, %rd58, %rd52;
	// begin inline asm
	ld.global.cg.f32 %f32, [%rd37];
	// end inline asm
	add.s64 	%rd38, %rd37, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f33, [%rd38];
	// end inline asm
	add.s64 	%rd39, %rd38, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f34, [%rd39];
	// end inline asm
	add.s64 	%rd40, %rd39, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f35, [%rd40];
	// end inline asm
	add.s64 	%rd41, %rd40, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f36, [%rd41];
	// end inline asm
	add.s64 	%rd42, %rd41, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f37, [%rd42];
	// end inline asm
	add.s64 	%rd43, %rd42, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f38, [%rd43];
	// end inline asm
	add.s64 	%rd44, %rd43, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f39, [%rd44];
	// end inline asm
	add.s64 	%rd45, %rd44, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f40, [%rd45];
	// end inline asm
	add.s64 	%rd46, %rd45, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f41, [%rd46];
	// end inline asm
	add.s64 	%rd47, %rd46, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f42, [%rd47];
	// end inline asm
	add.s64 	%rd48, %rd47, %rd7;
	// begin inline asm
	ld.global.cg.f32 %f43, [%rd48];
	// end inline asm
	add.f32 	%f44, %f58, %f32;
	add.f32 	%f45, %f44, %f33;
	add.f32 	%f46, %f45, %f34;
	add.f32 	%f47, %f46, %f35;
	add.f32 	%f48, %f47, %f36;
	add.f32 	%f49, %f48, %f37;
	add.f32 	%f50, %f49, %f38;
	add.f32 	%f51, %f50, %f39;
	add.f32 	%f52, %f51, %f40;
	add.f32 	%f53, %f52, %f41;
	add.f32 	%f54, %f53, %f42;
	add.f32 	%f58, %f54, %f43;
	// begin inline asm
	mov.u64 	%rd49, %clock64;
	// end inline asm
	@%p3 bra 	$L__BB7_9;

	sub.s64 	%rd53, %rd49, %rd60;
	min.s64 	%rd54, %rd53, 4294967295;
	st.global.u32 	[%rd59], %rd54;

$L__BB7_9:
	ld.param.u32 	%r27, [l2cg12_param_4];
	add.s32 	%r31, %r31, 1;
	add.s64 	%rd59, %rd59, 4;
	add.s32 	%r30, %r30, 32;
	setp.lt.s32 	%p6, %r31, %r27;
	mov.u64 	%rd60, %rd49;
	@%p6 bra 	$L__BB7_7;

$L__BB7_10:
	shl.b32 	%r25, %r1, 5;
	or.b32  	%r26, %r25, %r2;
	cvta.to.global.u64 	%rd55, %rd12;
	mul.wide.s32 	%rd56, %r26, 4;
	add.s64 	%rd57, %rd55, %rd56;
	st.global.f32 	[%rd57], %f58;
	ret;

}

