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
//! buffer li = zeros(1 * (passes + 1), dtype=uint32)
//! buffer lj = zeros(1 * (passes + 1), dtype=uint32)
//! buffer lk = zeros(1 * (passes + 1), dtype=uint32)
//! buffer ll = zeros(1 * (passes + 1), dtype=uint32)
//! buffer lm = zeros(1 * (passes + 1), dtype=uint32)
//! buffer ln = zeros(4 * (passes + 1), dtype=uint32)
//! buffer lo = zeros(16 * (passes + 1), dtype=uint32)
//! buffer lp = zeros(8 * (passes + 1), dtype=uint32)
//! buffer lq = zeros(4 * (passes + 1), dtype=uint32)
//! buffer lr = zeros(16 * (passes + 1), dtype=uint32)
//! launch ld1 grid=1 block=32 args=(out, x, 65536, 2048, 0, passes, la)
//! launch ld2 grid=1 block=32 args=(out, x, 65536, 2048, 0, passes, lb)
//! launch ld4 grid=1 block=32 args=(out, x, 65536, 2048, 0, passes, lc)
//! launch ld8 grid=1 block=32 args=(out, x, 65536, 2048, 0, passes, ld)
//! launch ld16 grid=1 block=32 args=(out, x, 65536, 2048, 0, passes, le)
//! launch cg1 grid=1 block=32 args=(out, x, 65536, 2048, 1, passes, lf)
//! launch cg2 grid=1 block=32 args=(out, x, 65536, 2048, 1, passes, lg)
//! launch cg4 grid=1 block=32 args=(out, x, 65536, 2048, 1, passes, lh)
//! launch cg8 grid=1 block=32 args=(out, x, 65536, 2048, 1, passes, li)
//! launch cg16 grid=1 block=32 args=(out, x, 65536, 2048, 1, passes, lj)
//! launch ld1 grid=1 block=32 args=(out, x, 65536, 2048, 1, passes, lk)
//! launch ld4 grid=1 block=32 args=(out, x, 65536, 2048, 1, passes, ll)
//! launch ld16 grid=1 block=32 args=(out, x, 65536, 2048, 1, passes, lm)
//! launch ld16 grid=1 block=128 args=(out, x, 65536, 2048, 0, passes, ln)
//! launch ld16 grid=1 block=512 args=(out, x, 65536, 2048, 0, passes, lo)
//! launch ld4 grid=1 block=256 args=(out, x, 65536, 2048, 0, passes, lp)
//! launch cg16 grid=1 block=128 args=(out, x, 65536, 2048, 1, passes, lq)
//! launch cg16 grid=1 block=512 args=(out, x, 65536, 2048, 1, passes, lr)
//! buffer lz = zeros(passes + 1, dtype=uint32)
//! launch ld1 grid=1 block=32 args=(o, x, 65536, 2048, 0, passes, lz)
//! check o = x[:32 * passes].reshape((passes, 32)).sum(axis=0) tol=1e-4
// What a warp's loads in flight cost (issue 7). gather_clock.s found one
// warp's 8 DRAM loads a pass taking 900-1,052 cycles against one load's
// 596-604 and 32 loads 2,145-2,406: about 50 cycles for each load the warp
// has in flight, at every stride; transpose_clock.s's warps (4 loads each)
// get their data about 130 cycles later than simgpu's. Is that the DRAM's,
// the L2's or the SM's? Each warp reads, per pass, one 128-byte line (a
// float a lane) in each of N chunks 8 KB apart (N = 1, 2, 4, 8, 16 loads
// issued together, then summed) and times the pass with %clock64 (lane 0
// stores the cycles since the previous pass: l?[w * (passes + 1) + k],
// k = 1..passes; l?[w * (passes + 1)] is the clock's low half before the
// loop). reuse = 0: the next line of each chunk every pass (DRAM); reuse =
// 1: the same N lines every pass, with ld.global.cg (cg*: L2 hits after
// the first pass) or ld.global (ld*: L1 hits). Launches: one warp on one
// SM, DRAM N = 1..16, L2 N = 1..16, L1 N = 1, 4, 16; then 4, 8 and 16
// warps on one SM (one, two, four a scheduler), each its own lines: DRAM
// N = 16, 4, 16 and L2 N = 16 on 4 and 16 warps. The last launch repeats
// the first into its own buffer, which the check reads.
// nvcc -ptx -arch=sm_90 -O3 of this CUDA source, each pass's loads moved
// ahead of its adds as ptxas schedules them (tools/inflight_figures.py
// reads the records):
//
//   template <int N, bool CG>
//   __device__ void inflight(float* out, const float* x, int wstride, int cstride, int reuse, int passes, unsigned* lat) {
//       int g = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5), lane = threadIdx.x & 31;
//       const float* p = x + (long)g * wstride + lane;
//       unsigned* mine = lat + g * (passes + 1);
//       int step = reuse ? 0 : 32;
//       float s = 0.f;
//       long long prev = clock64();
//       if (lane == 0) mine[0] = (unsigned)prev;
//   #pragma unroll 1
//       for (int k = 0; k < passes; k++) {
//           float v[N];
//   #pragma unroll
//           for (int c = 0; c < N; c++) v[c] = CG ? __ldcg(p + (long)c * cstride + step * k) : p[(long)c * cstride + step * k];
//   #pragma unroll
//           for (int c = 0; c < N; c++) s += v[c];
//           long long t = clock64();
//           if (lane == 0) mine[k + 1] = (unsigned)min(t - prev, 0xffffffffLL);
//           prev = t;
//       }
//       out[g * 32 + lane] = s;
//   }
//   #define K(n) \
//   extern "C" __global__ void ld##n(float* out, const float* x, int ws, int cs, int reuse, int passes, unsigned* lat) { inflight<n, false>(out, x, ws, cs, reuse, passes, lat); } \
//   extern "C" __global__ void cg##n(float* out, const float* x, int ws, int cs, int reuse, int passes, unsigned* lat) { inflight<n, true>(out, x, ws, cs, reuse, passes, lat); }
//   K(1) K(2) K(4) K(8) K(16)
//
.version 9.0
.target sm_90
.address_size 64

	// .globl	ld1

.visible .entry ld1(
	.param .u64 ld1_param_0,
	.param .u64 ld1_param_1,
	.param .u32 ld1_param_2,
	.param .u32 ld1_param_3,
	.param .u32 ld1_param_4,
	.param .u32 ld1_param_5,
	.param .u64 ld1_param_6
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<9>;
	.reg .b32 	%r<34>;
	.reg .b64 	%rd<35>;


	ld.param.u64 	%rd14, [ld1_param_0];
	ld.param.u64 	%rd15, [ld1_param_1];
	ld.param.u32 	%r3, [ld1_param_2];
	ld.param.u32 	%r4, [ld1_param_4];
	ld.param.u32 	%r5, [ld1_param_5];
	ld.param.u64 	%rd17, [ld1_param_6];
	mov.u32 	%r6, %ntid.x;
	shr.u32 	%r7, %r6, 5;
	mov.u32 	%r8, %ctaid.x;
	mov.u32 	%r9, %tid.x;
	shr.u32 	%r10, %r9, 5;
	mad.lo.s32 	%r11, %r7, %r8, %r10;
	and.b32  	%r12, %r9, 31;
	cvt.u64.u32 	%rd1, %r12;
	add.s32 	%r13, %r5, 1;
	mul.lo.s32 	%r14, %r13, %r11;
	cvt.s64.s32 	%rd2, %r14;
	cvta.to.global.u64 	%rd3, %rd17;
	// begin inline asm
	mov.u64 	%rd34, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r12, 0;
	@%p1 bra 	$L__BB0_2;

	shl.b64 	%rd18, %rd2, 2;
	add.s64 	%rd19, %rd3, %rd18;
	st.global.u32 	[%rd19], %rd34;

$L__BB0_2:
	setp.lt.s32 	%p2, %r5, 1;
	mov.f32 	%f8, 0f00000000;
	@%p2 bra 	$L__BB0_7;

	shl.b64 	%rd20, %rd2, 2;
	add.s64 	%rd21, %rd3, %rd20;
	add.s64 	%rd33, %rd21, 4;
	mul.wide.s32 	%rd22, %r3, %r11;
	add.s64 	%rd23, %rd22, %rd1;
	cvta.to.global.u64 	%rd24, %rd15;
	shl.b64 	%rd25, %rd23, 2;
	add.s64 	%rd32, %rd24, %rd25;
	setp.eq.s32 	%p3, %r4, 0;
	mov.u32 	%r33, 0;
	selp.b32 	%r22, 32, 0, %p3;
	mul.wide.u32 	%rd7, %r22, 4;
	mov.f32 	%f8, 0f00000000;
	cvt.u32.u64 	%r23, %rd1;

$L__BB0_4:
	.pragma "nounroll";
	setp.ne.s32 	%p4, %r23, 0;
	ld.global.f32 	%f6, [%rd32];
	add.f32 	%f8, %f6, %f8;
	// begin inline asm
	mov.u64 	%rd26, %clock64;
	// end inline asm
	@%p4 bra 	$L__BB0_6;

	sub.s64 	%rd27, %rd26, %rd34;
	min.s64 	%rd28, %rd27, 4294967295;
	st.global.u32 	[%rd33], %rd28;

$L__BB0_6:
	add.s64 	%rd33, %rd33, 4;
	add.s64 	%rd32, %rd32, %rd7;
	add.s32 	%r33, %r33, 1;
	setp.lt.s32 	%p5, %r33, %r5;
	mov.u64 	%rd34, %rd26;
	@%p5 bra 	$L__BB0_4;

$L__BB0_7:
	shl.b32 	%r30, %r11, 5;
	cvt.u32.u64 	%r31, %rd1;
	or.b32  	%r32, %r30, %r31;
	cvta.to.global.u64 	%rd29, %rd14;
	mul.wide.s32 	%rd30, %r32, 4;
	add.s64 	%rd31, %rd29, %rd30;
	st.global.f32 	[%rd31], %f8;
	ret;

}
	// .globl	cg1
.visible .entry cg1(
	.param .u64 cg1_param_0,
	.param .u64 cg1_param_1,
	.param .u32 cg1_param_2,
	.param .u32 cg1_param_3,
	.param .u32 cg1_param_4,
	.param .u32 cg1_param_5,
	.param .u64 cg1_param_6
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<9>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<32>;


	ld.param.u64 	%rd10, [cg1_param_0];
	ld.param.u64 	%rd11, [cg1_param_1];
	ld.param.u32 	%r8, [cg1_param_2];
	ld.param.u32 	%r9, [cg1_param_4];
	ld.param.u32 	%r10, [cg1_param_5];
	ld.param.u64 	%rd13, [cg1_param_6];
	mov.u32 	%r11, %ntid.x;
	shr.u32 	%r12, %r11, 5;
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %tid.x;
	shr.u32 	%r15, %r14, 5;
	mad.lo.s32 	%r1, %r12, %r13, %r15;
	and.b32  	%r2, %r14, 31;
	add.s32 	%r16, %r10, 1;
	mul.lo.s32 	%r17, %r16, %r1;
	cvt.s64.s32 	%rd1, %r17;
	cvta.to.global.u64 	%rd2, %rd13;
	// begin inline asm
	mov.u64 	%rd31, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r2, 0;
	@%p1 bra 	$L__BB1_2;

	shl.b64 	%rd14, %rd1, 2;
	add.s64 	%rd15, %rd2, %rd14;
	st.global.u32 	[%rd15], %rd31;

$L__BB1_2:
	setp.lt.s32 	%p2, %r10, 1;
	mov.f32 	%f8, 0f00000000;
	@%p2 bra 	$L__BB1_7;

	shl.b64 	%rd16, %rd1, 2;
	add.s64 	%rd17, %rd2, %rd16;
	add.s64 	%rd30, %rd17, 4;
	mul.wide.s32 	%rd18, %r8, %r1;
	cvt.u64.u32 	%rd19, %r2;
	add.s64 	%rd5, %rd18, %rd19;
	setp.eq.s32 	%p3, %r9, 0;
	mov.u32 	%r22, 0;
	selp.b32 	%r3, 32, 0, %p3;
	mov.f32 	%f8, 0f00000000;
	mov.u32 	%r23, %r22;

$L__BB1_4:
	.pragma "nounroll";
	cvt.s64.s32 	%rd22, %r22;
	add.s64 	%rd23, %rd5, %rd22;
	shl.b64 	%rd24, %rd23, 2;
	add.s64 	%rd20, %rd11, %rd24;
	// begin inline asm
	ld.global.cg.f32 %f6, [%rd20];
	// end inline asm
	add.f32 	%f8, %f6, %f8;
	// begin inline asm
	mov.u64 	%rd21, %clock64;
	// end inline asm
	@%p1 bra 	$L__BB1_6;

	sub.s64 	%rd25, %rd21, %rd31;
	min.s64 	%rd26, %rd25, 4294967295;
	st.global.u32 	[%rd30], %rd26;

$L__BB1_6:
	add.s32 	%r23, %r23, 1;
	add.s64 	%rd30, %rd30, 4;
	add.s32 	%r22, %r22, %r3;
	setp.lt.s32 	%p5, %r23, %r10;
	mov.u64 	%rd31, %rd21;
	@%p5 bra 	$L__BB1_4;

$L__BB1_7:
	shl.b32 	%r20, %r1, 5;
	or.b32  	%r21, %r20, %r2;
	cvta.to.global.u64 	%rd27, %rd10;
	mul.wide.s32 	%rd28, %r21, 4;
	add.s64 	%rd29, %rd27, %rd28;
	st.global.f32 	[%rd29], %f8;
	ret;

}
	// .globl	ld2
.visible .entry ld2(
	.param .u64 ld2_param_0,
	.param .u64 ld2_param_1,
	.param .u32 ld2_param_2,
	.param .u32 ld2_param_3,
	.param .u32 ld2_param_4,
	.param .u32 ld2_param_5,
	.param .u64 ld2_param_6
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<11>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<45>;


	ld.param.u64 	%rd18, [ld2_param_0];
	ld.param.u64 	%rd19, [ld2_param_1];
	ld.param.u32 	%r3, [ld2_param_2];
	ld.param.u32 	%r4, [ld2_param_3];
	ld.param.u32 	%r5, [ld2_param_4];
	ld.param.u32 	%r6, [ld2_param_5];
	ld.param.u64 	%rd21, [ld2_param_6];
	mov.u32 	%r7, %ntid.x;
	shr.u32 	%r8, %r7, 5;
	mov.u32 	%r9, %ctaid.x;
	mov.u32 	%r10, %tid.x;
	shr.u32 	%r11, %r10, 5;
	mad.lo.s32 	%r12, %r8, %r9, %r11;
	and.b32  	%r13, %r10, 31;
	cvt.s64.s32 	%rd1, %r12;
	cvt.u64.u32 	%rd2, %r13;
	add.s32 	%r14, %r6, 1;
	mul.lo.s32 	%r15, %r14, %r12;
	cvt.s64.s32 	%rd3, %r15;
	cvta.to.global.u64 	%rd4, %rd21;
	// begin inline asm
	mov.u64 	%rd44, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r13, 0;
	@%p1 bra 	$L__BB2_2;

	shl.b64 	%rd22, %rd3, 2;
	add.s64 	%rd23, %rd4, %rd22;
	st.global.u32 	[%rd23], %rd44;

$L__BB2_2:
	setp.lt.s32 	%p2, %r6, 1;
	mov.f32 	%f10, 0f00000000;
	@%p2 bra 	$L__BB2_7;

	cvta.to.global.u64 	%rd24, %rd19;
	cvt.s64.s32 	%rd25, %r4;
	shl.b64 	%rd26, %rd3, 2;
	add.s64 	%rd27, %rd4, %rd26;
	add.s64 	%rd43, %rd27, 4;
	cvt.s64.s32 	%rd28, %r3;
	mul.lo.s64 	%rd29, %rd28, %rd1;
	add.s64 	%rd30, %rd29, %rd25;
	add.s64 	%rd31, %rd30, %rd2;
	shl.b64 	%rd32, %rd31, 2;
	add.s64 	%rd42, %rd24, %rd32;
	setp.eq.s32 	%p3, %r5, 0;
	mov.u32 	%r23, 0;
	selp.b32 	%r17, 32, 0, %p3;
	mul.wide.u32 	%rd8, %r17, 4;
	add.s64 	%rd33, %rd29, %rd2;
	shl.b64 	%rd34, %rd33, 2;
	add.s64 	%rd41, %rd24, %rd34;
	mov.f32 	%f10, 0f00000000;
	cvt.u32.u64 	%r18, %rd2;

$L__BB2_4:
	.pragma "nounroll";
	setp.ne.s32 	%p4, %r18, 0;
	ld.global.f32 	%f6, [%rd41];
	ld.global.f32 	%f8, [%rd42];
	add.f32 	%f7, %f10, %f6;
	add.f32 	%f10, %f7, %f8;
	// begin inline asm
	mov.u64 	%rd35, %clock64;
	// end inline asm
	@%p4 bra 	$L__BB2_6;

	sub.s64 	%rd36, %rd35, %rd44;
	min.s64 	%rd37, %rd36, 4294967295;
	st.global.u32 	[%rd43], %rd37;

$L__BB2_6:
	add.s64 	%rd43, %rd43, 4;
	add.s64 	%rd42, %rd42, %rd8;
	add.s64 	%rd41, %rd41, %rd8;
	add.s32 	%r23, %r23, 1;
	setp.lt.s32 	%p5, %r23, %r6;
	mov.u64 	%rd44, %rd35;
	@%p5 bra 	$L__BB2_4;

$L__BB2_7:
	cvt.u32.u64 	%r19, %rd1;
	shl.b32 	%r20, %r19, 5;
	cvt.u32.u64 	%r21, %rd2;
	or.b32  	%r22, %r20, %r21;
	cvta.to.global.u64 	%rd38, %rd18;
	mul.wide.s32 	%rd39, %r22, 4;
	add.s64 	%rd40, %rd38, %rd39;
	st.global.f32 	[%rd40], %f10;
	ret;

}
	// .globl	cg2
.visible .entry cg2(
	.param .u64 cg2_param_0,
	.param .u64 cg2_param_1,
	.param .u32 cg2_param_2,
	.param .u32 cg2_param_3,
	.param .u32 cg2_param_4,
	.param .u32 cg2_param_5,
	.param .u64 cg2_param_6
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<11>;
	.reg .b32 	%r<25>;
	.reg .b64 	%rd<35>;


	ld.param.u64 	%rd11, [cg2_param_0];
	ld.param.u64 	%rd12, [cg2_param_1];
	ld.param.u32 	%r8, [cg2_param_2];
	ld.param.u32 	%r9, [cg2_param_3];
	ld.param.u32 	%r10, [cg2_param_4];
	ld.param.u32 	%r11, [cg2_param_5];
	ld.param.u64 	%rd14, [cg2_param_6];
	cvta.to.global.u64 	%rd1, %rd14;
	mov.u32 	%r12, %ntid.x;
	shr.u32 	%r13, %r12, 5;
	mov.u32 	%r14, %ctaid.x;
	mov.u32 	%r15, %tid.x;
	shr.u32 	%r16, %r15, 5;
	mad.lo.s32 	%r1, %r13, %r14, %r16;
	and.b32  	%r2, %r15, 31;
	add.s32 	%r17, %r11, 1;
	mul.lo.s32 	%r18, %r17, %r1;
	cvt.s64.s32 	%rd2, %r18;
	// begin inline asm
	mov.u64 	%rd34, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r2, 0;
	@%p1 bra 	$L__BB3_2;

	shl.b64 	%rd15, %rd2, 2;
	add.s64 	%rd16, %rd1, %rd15;
	st.global.u32 	[%rd16], %rd34;

$L__BB3_2:
	setp.lt.s32 	%p2, %r11, 1;
	mov.f32 	%f10, 0f00000000;
	@%p2 bra 	$L__BB3_7;

	cvt.s64.s32 	%rd4, %r9;
	shl.b64 	%rd17, %rd2, 2;
	add.s64 	%rd18, %rd1, %rd17;
	add.s64 	%rd33, %rd18, 4;
	mul.wide.s32 	%rd19, %r8, %r1;
	cvt.u64.u32 	%rd20, %r2;
	add.s64 	%rd6, %rd19, %rd20;
	setp.eq.s32 	%p3, %r10, 0;
	mov.u32 	%r23, 0;
	selp.b32 	%r3, 32, 0, %p3;
	mov.f32 	%f10, 0f00000000;
	shl.b64 	%rd27, %rd4, 2;
	mov.u32 	%r24, %r23;

$L__BB3_4:
	.pragma "nounroll";
	cvt.s64.s32 	%rd24, %r23;
	add.s64 	%rd25, %rd6, %rd24;
	shl.b64 	%rd26, %rd25, 2;
	add.s64 	%rd21, %rd12, %rd26;
	// begin inline asm
	ld.global.cg.f32 %f6, [%rd21];
	// end inline asm
	add.s64 	%rd22, %rd21, %rd27;
	// begin inline asm
	ld.global.cg.f32 %f7, [%rd22];
	// end inline asm
	add.f32 	%f8, %f10, %f6;
	add.f32 	%f10, %f8, %f7;
	// begin inline asm
	mov.u64 	%rd23, %clock64;
	// end inline asm
	@%p1 bra 	$L__BB3_6;

	sub.s64 	%rd28, %rd23, %rd34;
	min.s64 	%rd29, %rd28, 4294967295;
	st.global.u32 	[%rd33], %rd29;

$L__BB3_6:
	add.s32 	%r24, %r24, 1;
	add.s64 	%rd33, %rd33, 4;
	add.s32 	%r23, %r23, %r3;
	setp.lt.s32 	%p5, %r24, %r11;
	mov.u64 	%rd34, %rd23;
	@%p5 bra 	$L__BB3_4;

$L__BB3_7:
	shl.b32 	%r21, %r1, 5;
	or.b32  	%r22, %r21, %r2;
	cvta.to.global.u64 	%rd30, %rd11;
	mul.wide.s32 	%rd31, %r22, 4;
	add.s64 	%rd32, %rd30, %rd31;
	st.global.f32 	[%rd32], %f10;
	ret;

}
	// .globl	ld4
.visible .entry ld4(
	.param .u64 ld4_param_0,
	.param .u64 ld4_param_1,
	.param .u32 ld4_param_2,
	.param .u32 ld4_param_3,
	.param .u32 ld4_param_4,
	.param .u32 ld4_param_5,
	.param .u64 ld4_param_6
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<15>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<41>;


	ld.param.u64 	%rd15, [ld4_param_0];
	ld.param.u64 	%rd16, [ld4_param_1];
	ld.param.u32 	%r3, [ld4_param_2];
	ld.param.u32 	%r4, [ld4_param_3];
	ld.param.u32 	%r5, [ld4_param_4];
	ld.param.u32 	%r6, [ld4_param_5];
	ld.param.u64 	%rd18, [ld4_param_6];
	mov.u32 	%r7, %ntid.x;
	shr.u32 	%r8, %r7, 5;
	mov.u32 	%r9, %ctaid.x;
	mov.u32 	%r10, %tid.x;
	shr.u32 	%r11, %r10, 5;
	mad.lo.s32 	%r12, %r8, %r9, %r11;
	and.b32  	%r13, %r10, 31;
	cvt.s64.s32 	%rd1, %r12;
	cvt.u64.u32 	%rd2, %r13;
	add.s32 	%r14, %r6, 1;
	mul.lo.s32 	%r15, %r14, %r12;
	cvt.s64.s32 	%rd3, %r15;
	cvta.to.global.u64 	%rd4, %rd18;
	// begin inline asm
	mov.u64 	%rd40, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r13, 0;
	@%p1 bra 	$L__BB4_2;

	shl.b64 	%rd19, %rd3, 2;
	add.s64 	%rd20, %rd4, %rd19;
	st.global.u32 	[%rd20], %rd40;

$L__BB4_2:
	setp.lt.s32 	%p2, %r6, 1;
	mov.f32 	%f14, 0f00000000;
	@%p2 bra 	$L__BB4_7;

	shl.b64 	%rd21, %rd3, 2;
	add.s64 	%rd22, %rd4, %rd21;
	add.s64 	%rd39, %rd22, 4;
	setp.eq.s32 	%p3, %r5, 0;
	mov.u32 	%r23, 0;
	selp.b32 	%r17, 32, 0, %p3;
	mul.wide.u32 	%rd7, %r17, 4;
	cvt.s64.s32 	%rd23, %r3;
	mul.lo.s64 	%rd24, %rd23, %rd1;
	add.s64 	%rd25, %rd24, %rd2;
	cvta.to.global.u64 	%rd26, %rd16;
	shl.b64 	%rd27, %rd25, 2;
	add.s64 	%rd38, %rd26, %rd27;
	mov.f32 	%f14, 0f00000000;
	cvt.u32.u64 	%r18, %rd2;

$L__BB4_4:
	.pragma "nounroll";
	setp.ne.s32 	%p4, %r18, 0;
	mul.wide.s32 	%rd29, %r4, 4;
	add.s64 	%rd30, %rd38, %rd29;
	add.s64 	%rd31, %rd30, %rd29;
	add.s64 	%rd32, %rd31, %rd29;
	ld.global.f32 	%f6, [%rd38];
	ld.global.f32 	%f8, [%rd30];
	ld.global.f32 	%f10, [%rd31];
	ld.global.f32 	%f12, [%rd32];
	add.f32 	%f7, %f14, %f6;
	add.f32 	%f9, %f7, %f8;
	add.f32 	%f11, %f9, %f10;
	add.f32 	%f14, %f11, %f12;
	// begin inline asm
	mov.u64 	%rd28, %clock64;
	// end inline asm
	@%p4 bra 	$L__BB4_6;

	sub.s64 	%rd33, %rd28, %rd40;
	min.s64 	%rd34, %rd33, 4294967295;
	st.global.u32 	[%rd39], %rd34;

$L__BB4_6:
	add.s64 	%rd39, %rd39, 4;
	add.s64 	%rd38, %rd38, %rd7;
	add.s32 	%r23, %r23, 1;
	setp.lt.s32 	%p5, %r23, %r6;
	mov.u64 	%rd40, %rd28;
	@%p5 bra 	$L__BB4_4;

$L__BB4_7:
	cvt.u32.u64 	%r19, %rd1;
	shl.b32 	%r20, %r19, 5;
	cvt.u32.u64 	%r21, %rd2;
	or.b32  	%r22, %r20, %r21;
	cvta.to.global.u64 	%rd35, %rd15;
	mul.wide.s32 	%rd36, %r22, 4;
	add.s64 	%rd37, %rd35, %rd36;
	st.global.f32 	[%rd37], %f14;
	ret;

}
	// .globl	cg4
.visible .entry cg4(
	.param .u64 cg4_param_0,
	.param .u64 cg4_param_1,
	.param .u32 cg4_param_2,
	.param .u32 cg4_param_3,
	.param .u32 cg4_param_4,
	.param .u32 cg4_param_5,
	.param .u64 cg4_param_6
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<15>;
	.reg .b32 	%r<31>;
	.reg .b64 	%rd<36>;


	ld.param.u64 	%rd10, [cg4_param_0];
	ld.param.u64 	%rd11, [cg4_param_1];
	ld.param.u32 	%r8, [cg4_param_2];
	ld.param.u32 	%r9, [cg4_param_3];
	ld.param.u32 	%r10, [cg4_param_4];
	ld.param.u32 	%r11, [cg4_param_5];
	ld.param.u64 	%rd13, [cg4_param_6];
	cvta.to.global.u64 	%rd1, %rd13;
	mov.u32 	%r12, %ntid.x;
	shr.u32 	%r13, %r12, 5;
	mov.u32 	%r14, %ctaid.x;
	mov.u32 	%r15, %tid.x;
	shr.u32 	%r16, %r15, 5;
	mad.lo.s32 	%r1, %r13, %r14, %r16;
	and.b32  	%r2, %r15, 31;
	add.s32 	%r17, %r11, 1;
	mul.lo.s32 	%r18, %r17, %r1;
	cvt.s64.s32 	%rd2, %r18;
	// begin inline asm
	mov.u64 	%rd35, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r2, 0;
	@%p1 bra 	$L__BB5_2;

	shl.b64 	%rd14, %rd2, 2;
	add.s64 	%rd15, %rd1, %rd14;
	st.global.u32 	[%rd15], %rd35;

$L__BB5_2:
	setp.lt.s32 	%p2, %r11, 1;
	mov.f32 	%f14, 0f00000000;
	@%p2 bra 	$L__BB5_7;

	shl.b64 	%rd16, %rd2, 2;
	add.s64 	%rd17, %rd1, %rd16;
	add.s64 	%rd34, %rd17, 4;
	mul.wide.s32 	%rd18, %r8, %r1;
	cvt.u64.u32 	%rd19, %r2;
	add.s64 	%rd5, %rd18, %rd19;
	setp.eq.s32 	%p3, %r10, 0;
	mov.u32 	%r29, 0;
	selp.b32 	%r3, 32, 0, %p3;
	mov.f32 	%f14, 0f00000000;
	mov.u32 	%r30, %r29;

$L__BB5_4:
	.pragma "nounroll";
	cvt.s64.s32 	%rd25, %r29;
	add.s64 	%rd26, %rd5, %rd25;
	shl.b64 	%rd27, %rd26, 2;
	add.s64 	%rd20, %rd11, %rd27;
	// begin inline asm
	ld.global.cg.f32 %f6, [%rd20];
	// end inline asm
	mul.wide.s32 	%rd28, %r9, 4;
	add.s64 	%rd21, %rd20, %rd28;
	// begin inline asm
	ld.global.cg.f32 %f7, [%rd21];
	// end inline asm
	add.s64 	%rd22, %rd21, %rd28;
	// begin inline asm
	ld.global.cg.f32 %f8, [%rd22];
	// end inline asm
	add.s64 	%rd23, %rd22, %rd28;
	// begin inline asm
	ld.global.cg.f32 %f9, [%rd23];
	// end inline asm
	add.f32 	%f10, %f14, %f6;
	add.f32 	%f11, %f10, %f7;
	add.f32 	%f12, %f11, %f8;
	add.f32 	%f14, %f12, %f9;
	// begin inline asm
	mov.u64 	%rd24, %clock64;
	// end inline asm
	@%p1 bra 	$L__BB5_6;

	sub.s64 	%rd29, %rd24, %rd35;
	min.s64 	%rd30, %rd29, 4294967295;
	st.global.u32 	[%rd34], %rd30;

$L__BB5_6:
	add.s32 	%r30, %r30, 1;
	add.s64 	%rd34, %rd34, 4;
	add.s32 	%r29, %r29, %r3;
	setp.lt.s32 	%p5, %r30, %r11;
	mov.u64 	%rd35, %rd24;
	@%p5 bra 	$L__BB5_4;

$L__BB5_7:
	shl.b32 	%r27, %r1, 5;
	or.b32  	%r28, %r27, %r2;
	cvta.to.global.u64 	%rd31, %rd10;
	mul.wide.s32 	%rd32, %r28, 4;
	add.s64 	%rd33, %rd31, %rd32;
	st.global.f32 	[%rd33], %f14;
	ret;

}
	// .globl	ld8
.visible .entry ld8(
	.param .u64 ld8_param_0,
	.param .u64 ld8_param_1,
	.param .u32 ld8_param_2,
	.param .u32 ld8_param_3,
	.param .u32 ld8_param_4,
	.param .u32 ld8_param_5,
	.param .u64 ld8_param_6
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<23>;
	.reg .b32 	%r<29>;
	.reg .b64 	%rd<44>;


	ld.param.u64 	%rd11, [ld8_param_0];
	ld.param.u64 	%rd12, [ld8_param_1];
	ld.param.u32 	%r5, [ld8_param_2];
	ld.param.u32 	%r6, [ld8_param_3];
	ld.param.u32 	%r7, [ld8_param_4];
	ld.param.u32 	%r8, [ld8_param_5];
	ld.param.u64 	%rd13, [ld8_param_6];
	mov.u32 	%r9, %ntid.x;
	shr.u32 	%r10, %r9, 5;
	mov.u32 	%r11, %ctaid.x;
	mov.u32 	%r12, %tid.x;
	shr.u32 	%r13, %r12, 5;
	mad.lo.s32 	%r1, %r10, %r11, %r13;
	and.b32  	%r2, %r12, 31;
	add.s32 	%r14, %r8, 1;
	mul.lo.s32 	%r15, %r14, %r1;
	cvt.s64.s32 	%rd1, %r15;
	// begin inline asm
	mov.u64 	%rd43, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r2, 0;
	@%p1 bra 	$L__BB6_2;

	cvta.to.global.u64 	%rd15, %rd13;
	shl.b64 	%rd16, %rd1, 2;
	add.s64 	%rd17, %rd15, %rd16;
	st.global.u32 	[%rd17], %rd43;

$L__BB6_2:
	setp.lt.s32 	%p2, %r8, 1;
	mov.f32 	%f22, 0f00000000;
	@%p2 bra 	$L__BB6_7;

	cvta.to.global.u64 	%rd18, %rd13;
	shl.b64 	%rd19, %rd1, 2;
	add.s64 	%rd20, %rd18, %rd19;
	add.s64 	%rd42, %rd20, 4;
	mul.wide.s32 	%rd21, %r5, %r1;
	cvt.u64.u32 	%rd22, %r2;
	add.s64 	%rd23, %rd21, %rd22;
	cvta.to.global.u64 	%rd24, %rd12;
	shl.b64 	%rd25, %rd23, 2;
	add.s64 	%rd41, %rd24, %rd25;
	mov.f32 	%f22, 0f00000000;
	mov.u32 	%r28, 0;

$L__BB6_4:
	.pragma "nounroll";
	mul.wide.s32 	%rd27, %r6, 4;
	add.s64 	%rd28, %rd41, %rd27;
	add.s64 	%rd29, %rd28, %rd27;
	add.s64 	%rd30, %rd29, %rd27;
	add.s64 	%rd31, %rd30, %rd27;
	add.s64 	%rd32, %rd31, %rd27;
	add.s64 	%rd33, %rd32, %rd27;
	add.s64 	%rd34, %rd33, %rd27;
	ld.global.f32 	%f6, [%rd41];
	ld.global.f32 	%f8, [%rd28];
	ld.global.f32 	%f10, [%rd29];
	ld.global.f32 	%f12, [%rd30];
	ld.global.f32 	%f14, [%rd31];
	ld.global.f32 	%f16, [%rd32];
	ld.global.f32 	%f18, [%rd33];
	ld.global.f32 	%f20, [%rd34];
	add.f32 	%f7, %f22, %f6;
	add.f32 	%f9, %f7, %f8;
	add.f32 	%f11, %f9, %f10;
	add.f32 	%f13, %f11, %f12;
	add.f32 	%f15, %f13, %f14;
	add.f32 	%f17, %f15, %f16;
	add.f32 	%f19, %f17, %f18;
	add.f32 	%f22, %f19, %f20;
	// begin inline asm
	mov.u64 	%rd26, %clock64;
	// end inline asm
	@%p1 bra 	$L__BB6_6;

	sub.s64 	%rd35, %rd26, %rd43;
	min.s64 	%rd36, %rd35, 4294967295;
	st.global.u32 	[%rd42], %rd36;

$L__BB6_6:
	add.s64 	%rd42, %rd42, 4;
	setp.eq.s32 	%p4, %r7, 0;
	selp.b32 	%r19, 32, 0, %p4;
	mul.wide.u32 	%rd37, %r19, 4;
	add.s64 	%rd41, %rd41, %rd37;
	add.s32 	%r28, %r28, 1;
	setp.lt.s32 	%p5, %r28, %r8;
	mov.u64 	%rd43, %rd26;
	@%p5 bra 	$L__BB6_4;

$L__BB6_7:
	bfi.b32 	%r27, %r1, %r2, 5, 27;
	cvta.to.global.u64 	%rd38, %rd11;
	mul.wide.s32 	%rd39, %r27, 4;
	add.s64 	%rd40, %rd38, %rd39;
	st.global.f32 	[%rd40], %f22;
	ret;

}
	// .globl	cg8
.visible .entry cg8(
	.param .u64 cg8_param_0,
	.param .u64 cg8_param_1,
	.param .u32 cg8_param_2,
	.param .u32 cg8_param_3,
	.param .u32 cg8_param_4,
	.param .u32 cg8_param_5,
	.param .u64 cg8_param_6
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<23>;
	.reg .b32 	%r<25>;
	.reg .b64 	%rd<40>;


	ld.param.u64 	%rd11, [cg8_param_0];
	ld.param.u64 	%rd12, [cg8_param_1];
	ld.param.u32 	%r8, [cg8_param_2];
	ld.param.u32 	%r9, [cg8_param_3];
	ld.param.u32 	%r10, [cg8_param_4];
	ld.param.u32 	%r11, [cg8_param_5];
	ld.param.u64 	%rd14, [cg8_param_6];
	mov.u32 	%r12, %ntid.x;
	shr.u32 	%r13, %r12, 5;
	mov.u32 	%r14, %ctaid.x;
	mov.u32 	%r15, %tid.x;
	shr.u32 	%r16, %r15, 5;
	mad.lo.s32 	%r1, %r13, %r14, %r16;
	and.b32  	%r2, %r15, 31;
	add.s32 	%r17, %r11, 1;
	mul.lo.s32 	%r18, %r17, %r1;
	cvt.s64.s32 	%rd1, %r18;
	cvta.to.global.u64 	%rd2, %rd14;
	// begin inline asm
	mov.u64 	%rd39, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r2, 0;
	@%p1 bra 	$L__BB7_2;

	shl.b64 	%rd15, %rd1, 2;
	add.s64 	%rd16, %rd2, %rd15;
	st.global.u32 	[%rd16], %rd39;

$L__BB7_2:
	setp.lt.s32 	%p2, %r11, 1;
	mov.f32 	%f22, 0f00000000;
	@%p2 bra 	$L__BB7_7;

	shl.b64 	%rd17, %rd1, 2;
	add.s64 	%rd18, %rd2, %rd17;
	add.s64 	%rd38, %rd18, 4;
	mul.wide.s32 	%rd5, %r9, 4;
	mul.wide.s32 	%rd19, %r8, %r1;
	cvt.u64.u32 	%rd20, %r2;
	add.s64 	%rd6, %rd19, %rd20;
	setp.eq.s32 	%p3, %r10, 0;
	mov.u32 	%r23, 0;
	selp.b32 	%r3, 32, 0, %p3;
	mov.f32 	%f22, 0f00000000;
	mov.u32 	%r24, %r23;

$L__BB7_4:
	.pragma "nounroll";
	cvt.s64.s32 	%rd30, %r23;
	add.s64 	%rd31, %rd6, %rd30;
	shl.b64 	%rd32, %rd31, 2;
	add.s64 	%rd21, %rd12, %rd32;
	// begin inline asm
	ld.global.cg.f32 %f6, [%rd21];
	// end inline asm
	add.s64 	%rd22, %rd21, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f7, [%rd22];
	// end inline asm
	add.s64 	%rd23, %rd22, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f8, [%rd23];
	// end inline asm
	add.s64 	%rd24, %rd23, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f9, [%rd24];
	// end inline asm
	add.s64 	%rd25, %rd24, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f10, [%rd25];
	// end inline asm
	add.s64 	%rd26, %rd25, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f11, [%rd26];
	// end inline asm
	add.s64 	%rd27, %rd26, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f12, [%rd27];
	// end inline asm
	add.s64 	%rd28, %rd27, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f13, [%rd28];
	// end inline asm
	add.f32 	%f14, %f22, %f6;
	add.f32 	%f15, %f14, %f7;
	add.f32 	%f16, %f15, %f8;
	add.f32 	%f17, %f16, %f9;
	add.f32 	%f18, %f17, %f10;
	add.f32 	%f19, %f18, %f11;
	add.f32 	%f20, %f19, %f12;
	add.f32 	%f22, %f20, %f13;
	// begin inline asm
	mov.u64 	%rd29, %clock64;
	// end inline asm
	@%p1 bra 	$L__BB7_6;

	sub.s64 	%rd33, %rd29, %rd39;
	min.s64 	%rd34, %rd33, 4294967295;
	st.global.u32 	[%rd38], %rd34;

$L__BB7_6:
	add.s32 	%r24, %r24, 1;
	add.s64 	%rd38, %rd38, 4;
	add.s32 	%r23, %r23, %r3;
	setp.lt.s32 	%p5, %r24, %r11;
	mov.u64 	%rd39, %rd29;
	@%p5 bra 	$L__BB7_4;

$L__BB7_7:
	shl.b32 	%r21, %r1, 5;
	or.b32  	%r22, %r21, %r2;
	cvta.to.global.u64 	%rd35, %rd11;
	mul.wide.s32 	%rd36, %r22, 4;
	add.s64 	%rd37, %rd35, %rd36;
	st.global.f32 	[%rd37], %f22;
	ret;

}
	// .globl	ld16
.visible .entry ld16(
	.param .u64 ld16_param_0,
	.param .u64 ld16_param_1,
	.param .u32 ld16_param_2,
	.param .u32 ld16_param_3,
	.param .u32 ld16_param_4,
	.param .u32 ld16_param_5,
	.param .u64 ld16_param_6
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<39>;
	.reg .b32 	%r<32>;
	.reg .b64 	%rd<56>;


	ld.param.u64 	%rd17, [ld16_param_1];
	ld.param.u32 	%r3, [ld16_param_2];
	ld.param.u32 	%r4, [ld16_param_3];
	ld.param.u32 	%r5, [ld16_param_4];
	ld.param.u32 	%r6, [ld16_param_5];
	ld.param.u64 	%rd19, [ld16_param_6];
	mov.u32 	%r7, %ntid.x;
	shr.u32 	%r8, %r7, 5;
	mov.u32 	%r9, %ctaid.x;
	mov.u32 	%r10, %tid.x;
	shr.u32 	%r11, %r10, 5;
	mad.lo.s32 	%r12, %r8, %r9, %r11;
	and.b32  	%r13, %r10, 31;
	cvt.s64.s32 	%rd1, %r12;
	cvt.u64.u32 	%rd2, %r13;
	add.s32 	%r14, %r6, 1;
	mul.lo.s32 	%r15, %r14, %r12;
	cvt.s64.s32 	%rd3, %r15;
	cvta.to.global.u64 	%rd4, %rd19;
	// begin inline asm
	mov.u64 	%rd55, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r13, 0;
	@%p1 bra 	$L__BB8_2;

	shl.b64 	%rd20, %rd3, 2;
	add.s64 	%rd21, %rd4, %rd20;
	st.global.u32 	[%rd21], %rd55;

$L__BB8_2:
	setp.lt.s32 	%p2, %r6, 1;
	mov.f32 	%f38, 0f00000000;
	@%p2 bra 	$L__BB8_7;

	shl.b64 	%rd22, %rd3, 2;
	add.s64 	%rd23, %rd4, %rd22;
	add.s64 	%rd54, %rd23, 4;
	cvt.s64.s32 	%rd24, %r3;
	mul.lo.s64 	%rd25, %rd24, %rd1;
	add.s64 	%rd26, %rd25, %rd2;
	cvta.to.global.u64 	%rd27, %rd17;
	shl.b64 	%rd28, %rd26, 2;
	add.s64 	%rd53, %rd27, %rd28;
	setp.eq.s32 	%p3, %r5, 0;
	mov.u32 	%r31, 0;
	selp.b32 	%r17, 32, 0, %p3;
	mul.wide.u32 	%rd8, %r17, 4;
	mul.wide.s32 	%rd9, %r4, 4;
	mov.f32 	%f38, 0f00000000;
	cvt.u32.u64 	%r18, %rd2;

$L__BB8_4:
	.pragma "nounroll";
	setp.ne.s32 	%p4, %r18, 0;
	add.s64 	%rd30, %rd53, %rd9;
	add.s64 	%rd31, %rd30, %rd9;
	add.s64 	%rd32, %rd31, %rd9;
	add.s64 	%rd33, %rd32, %rd9;
	add.s64 	%rd34, %rd33, %rd9;
	add.s64 	%rd35, %rd34, %rd9;
	add.s64 	%rd36, %rd35, %rd9;
	add.s64 	%rd37, %rd36, %rd9;
	add.s64 	%rd38, %rd37, %rd9;
	add.s64 	%rd39, %rd38, %rd9;
	add.s64 	%rd40, %rd39, %rd9;
	add.s64 	%rd41, %rd40, %rd9;
	add.s64 	%rd42, %rd41, %rd9;
	add.s64 	%rd43, %rd42, %rd9;
	add.s64 	%rd44, %rd43, %rd9;
	ld.global.f32 	%f6, [%rd53];
	ld.global.f32 	%f8, [%rd30];
	ld.global.f32 	%f10, [%rd31];
	ld.global.f32 	%f12, [%rd32];
	ld.global.f32 	%f14, [%rd33];
	ld.global.f32 	%f16, [%rd34];
	ld.global.f32 	%f18, [%rd35];
	ld.global.f32 	%f20, [%rd36];
	ld.global.f32 	%f22, [%rd37];
	ld.global.f32 	%f24, [%rd38];
	ld.global.f32 	%f26, [%rd39];
	ld.global.f32 	%f28, [%rd40];
	ld.global.f32 	%f30, [%rd41];
	ld.global.f32 	%f32, [%rd42];
	ld.global.f32 	%f34, [%rd43];
	ld.global.f32 	%f36, [%rd44];
	add.f32 	%f7, %f38, %f6;
	add.f32 	%f9, %f7, %f8;
	add.f32 	%f11, %f9, %f10;
	add.f32 	%f13, %f11, %f12;
	add.f32 	%f15, %f13, %f14;
	add.f32 	%f17, %f15, %f16;
	add.f32 	%f19, %f17, %f18;
	add.f32 	%f21, %f19, %f20;
	add.f32 	%f23, %f21, %f22;
	add.f32 	%f25, %f23, %f24;
	add.f32 	%f27, %f25, %f26;
	add.f32 	%f29, %f27, %f28;
	add.f32 	%f31, %f29, %f30;
	add.f32 	%f33, %f31, %f32;
	add.f32 	%f35, %f33, %f34;
	add.f32 	%f38, %f35, %f36;
	// begin inline asm
	mov.u64 	%rd29, %clock64;
	// end inline asm
	@%p4 bra 	$L__BB8_6;

	sub.s64 	%rd45, %rd29, %rd55;
	min.s64 	%rd46, %rd45, 4294967295;
	st.global.u32 	[%rd54], %rd46;

$L__BB8_6:
	ld.param.u32 	%r23, [ld16_param_5];
	add.s64 	%rd54, %rd54, 4;
	add.s64 	%rd53, %rd53, %rd8;
	add.s32 	%r31, %r31, 1;
	setp.lt.s32 	%p5, %r31, %r23;
	mov.u64 	%rd55, %rd29;
	@%p5 bra 	$L__BB8_4;

$L__BB8_7:
	ld.param.u64 	%rd52, [ld16_param_0];
	mov.u32 	%r30, %tid.x;
	and.b32  	%r29, %r30, 31;
	cvt.u64.u32 	%rd51, %r29;
	mov.u32 	%r28, %ntid.x;
	shr.u32 	%r27, %r30, 5;
	mov.u32 	%r26, %ctaid.x;
	shr.u32 	%r25, %r28, 5;
	mad.lo.s32 	%r24, %r25, %r26, %r27;
	cvt.s64.s32 	%rd50, %r24;
	cvt.u32.u64 	%r19, %rd50;
	shl.b32 	%r20, %r19, 5;
	cvt.u32.u64 	%r21, %rd51;
	or.b32  	%r22, %r20, %r21;
	cvta.to.global.u64 	%rd47, %rd52;
	mul.wide.s32 	%rd48, %r22, 4;
	add.s64 	%rd49, %rd47, %rd48;
	st.global.f32 	[%rd49], %f38;
	ret;

}
	// .globl	cg16
.visible .entry cg16(
	.param .u64 cg16_param_0,
	.param .u64 cg16_param_1,
	.param .u32 cg16_param_2,
	.param .u32 cg16_param_3,
	.param .u32 cg16_param_4,
	.param .u32 cg16_param_5,
	.param .u64 cg16_param_6
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<39>;
	.reg .b32 	%r<33>;
	.reg .b64 	%rd<50>;


	ld.param.u32 	%r8, [cg16_param_2];
	ld.param.u32 	%r9, [cg16_param_3];
	ld.param.u32 	%r10, [cg16_param_4];
	ld.param.u32 	%r11, [cg16_param_5];
	ld.param.u64 	%rd14, [cg16_param_6];
	mov.u32 	%r12, %ntid.x;
	shr.u32 	%r13, %r12, 5;
	mov.u32 	%r14, %ctaid.x;
	mov.u32 	%r15, %tid.x;
	shr.u32 	%r16, %r15, 5;
	mad.lo.s32 	%r1, %r13, %r14, %r16;
	and.b32  	%r2, %r15, 31;
	add.s32 	%r17, %r11, 1;
	mul.lo.s32 	%r18, %r17, %r1;
	cvt.s64.s32 	%rd1, %r18;
	cvta.to.global.u64 	%rd2, %rd14;
	// begin inline asm
	mov.u64 	%rd49, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r2, 0;
	@%p1 bra 	$L__BB9_2;

	shl.b64 	%rd15, %rd1, 2;
	add.s64 	%rd16, %rd2, %rd15;
	st.global.u32 	[%rd16], %rd49;

$L__BB9_2:
	setp.lt.s32 	%p2, %r11, 1;
	mov.f32 	%f38, 0f00000000;
	@%p2 bra 	$L__BB9_7;

	shl.b64 	%rd17, %rd1, 2;
	add.s64 	%rd18, %rd2, %rd17;
	add.s64 	%rd48, %rd18, 4;
	mul.wide.s32 	%rd5, %r9, 4;
	mul.wide.s32 	%rd19, %r8, %r1;
	cvt.u64.u32 	%rd20, %r2;
	add.s64 	%rd6, %rd19, %rd20;
	setp.eq.s32 	%p3, %r10, 0;
	mov.u32 	%r31, 0;
	selp.b32 	%r3, 32, 0, %p3;
	mov.f32 	%f38, 0f00000000;
	mov.u32 	%r32, %r31;

$L__BB9_4:
	.pragma "nounroll";
	ld.param.u64 	%rd47, [cg16_param_1];
	cvt.s64.s32 	%rd38, %r31;
	add.s64 	%rd39, %rd6, %rd38;
	shl.b64 	%rd40, %rd39, 2;
	add.s64 	%rd21, %rd47, %rd40;
	// begin inline asm
	ld.global.cg.f32 %f6, [%rd21];
	// end inline asm
	add.s64 	%rd22, %rd21, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f7, [%rd22];
	// end inline asm
	add.s64 	%rd23, %rd22, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f8, [%rd23];
	// end inline asm
	add.s64 	%rd24, %rd23, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f9, [%rd24];
	// end inline asm
	add.s64 	%rd25, %rd24, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f10, [%rd25];
	// end inline asm
	add.s64 	%rd26, %rd25, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f11, [%rd26];
	// end inline asm
	add.s64 	%rd27, %rd26, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f12, [%rd27];
	// end inline asm
	add.s64 	%rd28, %rd27, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f13, [%rd28];
	// end inline asm
	add.s64 	%rd29, %rd28, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f14, [%rd29];
	// end inline asm
	add.s64 	%rd30, %rd29, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f15, [%rd30];
	// end inline asm
	add.s64 	%rd31, %rd30, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f16, [%rd31];
	// end inline asm
	add.s64 	%rd32, %rd31, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f17, [%rd32];
	// end inline asm
	add.s64 	%rd33, %rd32, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f18, [%rd33];
	// end inline asm
	add.s64 	%rd34, %rd33, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f19, [%rd34];
	// end inline asm
	add.s64 	%rd35, %rd34, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f20, [%rd35];
	// end inline asm
	add.s64 	%rd36, %rd35, %rd5;
	// begin inline asm
	ld.global.cg.f32 %f21, [%rd36];
	// end inline asm
	add.f32 	%f22, %f38, %f6;
	add.f32 	%f23, %f22, %f7;
	add.f32 	%f24, %f23, %f8;
	add.f32 	%f25, %f24, %f9;
	add.f32 	%f26, %f25, %f10;
	add.f32 	%f27, %f26, %f11;
	add.f32 	%f28, %f27, %f12;
	add.f32 	%f29, %f28, %f13;
	add.f32 	%f30, %f29, %f14;
	add.f32 	%f31, %f30, %f15;
	add.f32 	%f32, %f31, %f16;
	add.f32 	%f33, %f32, %f17;
	add.f32 	%f34, %f33, %f18;
	add.f32 	%f35, %f34, %f19;
	add.f32 	%f36, %f35, %f20;
	add.f32 	%f38, %f36, %f21;
	// begin inline asm
	mov.u64 	%rd37, %clock64;
	// end inline asm
	@%p1 bra 	$L__BB9_6;

	sub.s64 	%rd41, %rd37, %rd49;
	min.s64 	%rd42, %rd41, 4294967295;
	st.global.u32 	[%rd48], %rd42;

$L__BB9_6:
	ld.param.u32 	%r23, [cg16_param_5];
	add.s32 	%r32, %r32, 1;
	add.s64 	%rd48, %rd48, 4;
	add.s32 	%r31, %r31, %r3;
	setp.lt.s32 	%p5, %r32, %r23;
	mov.u64 	%rd49, %rd37;
	@%p5 bra 	$L__BB9_4;

$L__BB9_7:
	mov.u32 	%r30, %tid.x;
	ld.param.u64 	%rd46, [cg16_param_0];
	and.b32  	%r29, %r30, 31;
	mov.u32 	%r28, %ntid.x;
	shr.u32 	%r27, %r30, 5;
	mov.u32 	%r26, %ctaid.x;
	shr.u32 	%r25, %r28, 5;
	mad.lo.s32 	%r24, %r25, %r26, %r27;
	shl.b32 	%r21, %r24, 5;
	or.b32  	%r22, %r21, %r29;
	cvta.to.global.u64 	%rd43, %rd46;
	mul.wide.s32 	%rd44, %r22, 4;
	add.s64 	%rd45, %rd43, %rd44;
	st.global.f32 	[%rd45], %f38;
	ret;

}

