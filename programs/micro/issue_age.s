//! buffer a0 = zeros(2112 * 4 * 3, dtype=uint32)
//! buffer a1 = zeros(264 * 32 * 3, dtype=uint32)
//! buffer a2 = zeros(4224 * 4 * 3, dtype=uint32)
//! buffer a3 = zeros(132 * 4 * 3, dtype=uint32)
//! buffer a4 = zeros(132 * 8 * 3, dtype=uint32)
//! buffer never = zeros(1)
//! launch age_fma grid=2112 block=128 args=(a0, never, 128, 1.0, 0.0)
//! launch age_fma grid=264 block=1024 args=(a1, never, 128, 1.0, 0.0)
//! launch age_fma grid=4224 block=128 args=(a2, never, 128, 1.0, 0.0)
//! launch age_fma grid=132 block=128 args=(a3, never, 128, 1.0, 0.0)
//! launch age_fma grid=132 block=256 args=(a4, never, 128, 1.0, 0.0)
//! check never = zeros(1)
// Which warp a scheduler issues when several can (issue 7): the warps of
// older blocks first, or every warp in turn. Each warp issues ITER passes of
// 8 independent FMAs, so a scheduler with 16 warps always has one ready and
// issues as fast as its FMA pipe takes them; which warps go first decides
// when each ends. With every warp in turn (round-robin), the warps of an SM
// end together; with the oldest block's warps first, its blocks end one
// after another in the order they started, and a block that starts later
// waits behind the older ones.
//
// age_fma: lane 0 of warp w (w = blockIdx.x * warps a block + warp in
// block) stores the low half of %clock64 at the warp's start and at its end
// and %smid in s[3w .. 3w + 2]. The FMAs' sum is stored only if it is a
// value it never takes, so ptxas keeps them (multiplier and addend come from
// parameters: 1.0 and 0.0). Launches: 16 blocks of 4 warps an SM, one wave
// (a0); 2 blocks of 32 warps an SM (a1: 8 warps of one block on each
// scheduler); 16 blocks of 4 warps an SM, two waves (a2); and one block an
// SM of one warp (a3) and two (a4) a scheduler: how fast one warp issues alone.
// tools/issue_age_figures.py reads the records.

.version 8.0
.target sm_90
.address_size 64

.visible .entry age_fma(
	.param .u64 age_fma_param_0,             // unsigned* s: 3 words a warp
	.param .u64 age_fma_param_1,             // float*    never: written if the sum is 2^24
	.param .u32 age_fma_param_2,             // unsigned  passes
	.param .f32 age_fma_param_3,             // float     multiplier (1.0)
	.param .f32 age_fma_param_4              // float     addend (0.0)
)
{
	.reg .pred 	%p<4>;
	.reg .f32 	%f<20>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<12>;

	mov.u64 	%rd1, %clock64;         // t0: the warp's start
	ld.param.u64 	%rd2, [age_fma_param_0];
	ld.param.u64 	%rd9, [age_fma_param_1];
	ld.param.u32 	%r1, [age_fma_param_2];
	ld.param.f32 	%f9, [age_fma_param_3];
	ld.param.f32 	%f10, [age_fma_param_4];
	mov.u32 	%r2, %tid.x;
	cvt.rn.f32.u32 	%f1, %r2;
	add.f32 	%f2, %f1, 0f3F800000;
	add.f32 	%f3, %f1, 0f40000000;
	add.f32 	%f4, %f1, 0f40400000;
	add.f32 	%f5, %f1, 0f40800000;
	add.f32 	%f6, %f1, 0f40A00000;
	add.f32 	%f7, %f1, 0f40C00000;
	add.f32 	%f8, %f1, 0f40E00000;
	mov.u32 	%r3, 0;

PASS:
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	add.s32 	%r3, %r3, 1;
	setp.lt.u32 	%p1, %r3, %r1;
	@%p1 bra 	PASS;

	mov.u64 	%rd5, %clock64;         // t1: the warp's end
	add.f32 	%f11, %f1, %f2;
	add.f32 	%f12, %f3, %f4;
	add.f32 	%f13, %f5, %f6;
	add.f32 	%f14, %f7, %f8;
	add.f32 	%f15, %f11, %f12;
	add.f32 	%f16, %f13, %f14;
	add.f32 	%f17, %f15, %f16;
	setp.eq.f32 	%p3, %f17, 0f4B800000;  // 2^24: the sum is at most 8 x 1,023 + 28
	@%p3 bra 	NEVER;

	and.b32 	%r4, %r2, 31;
	setp.ne.s32 	%p2, %r4, 0;
	@%p2 bra 	DONE;

	// w = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32
	mov.u32 	%r5, %ctaid.x;
	mov.u32 	%r6, %ntid.x;
	shr.u32 	%r7, %r6, 5;
	shr.u32 	%r8, %r2, 5;
	mad.lo.s32 	%r9, %r5, %r7, %r8;
	mul.lo.s32 	%r10, %r9, 3;
	cvta.to.global.u64 	%rd6, %rd2;
	mul.wide.u32 	%rd7, %r10, 4;
	add.s64 	%rd8, %rd6, %rd7;
	cvt.u32.u64 	%r11, %rd1;
	cvt.u32.u64 	%r12, %rd5;
	mov.u32 	%r13, %smid;
	st.global.u32 	[%rd8], %r11;
	st.global.u32 	[%rd8+4], %r12;
	st.global.u32 	[%rd8+8], %r13;
	bra.uni 	DONE;

NEVER:
	cvta.to.global.u64 	%rd10, %rd9;
	st.global.f32 	[%rd10], %f17;

DONE:
	ret;
}
