//! buffer s0 = zeros(528 * 16 * 3, dtype=uint32)
//! buffer s1 = zeros(1584 * 16 * 3, dtype=uint32)
//! buffer s2 = zeros(1056 * 8 * 3, dtype=uint32)
//! buffer s3 = zeros(3168 * 8 * 3, dtype=uint32)
//! buffer s4 = zeros(12672 * 3, dtype=uint32)
//! buffer x = rand((1024, 512), seed=1)
//! buffer out = zeros((1024, 512))
//! buffer lat = zeros(1024 * 16 * 4, dtype=uint32)
//! launch spin_blocks grid=528 block=512 args=(s0, 2000)
//! launch spin_blocks grid=1584 block=512 args=(s1, 2000)
//! launch spin_blocks grid=1056 block=256 args=(s2, 2000)
//! launch spin_blocks grid=3168 block=256 args=(s3, 2000)
//! launch spin_blocks grid=12672 block=32 args=(s4, 2000)
//! launch scan_clock grid=1024 block=512 args=(out, x, lat)
//! check out = cumsum(x, axis=1) tol=1e-5
// When a block starts on its SM, and how long a slot stays empty between
// one block's last warp and the next block (issue 7). The held-out
// scan_block (1,024 blocks of 512 threads, 4 an SM: two waves) keeps 78.4%
// of the SM's 64 warps resident on the H200 (Nsight's
// sm__warps_active.avg.pct_of_peak_sustained_active), 90.4% in simgpu,
// and matmul_batched.s (1,024 blocks of 256, one wave) 72.7% against
// 86.1%, with their SMs active as long: the H200's warps live shorter and
// its slots stay empty longer. programs/micro/block_launch.s timed the
// hand-out of grids that fit at once, by their kernels' cycles only.
//
// spin_blocks: each warp spins on %clock64 for CYCLES cycles from its own
// start; lane 0 of warp w (w = blockIdx.x * warps a block + warp in block)
// stores the clock's low half at its start and at its end and %smid in
// s?[3w .. 3w + 2]. One wave of 4 blocks of 512 threads an SM (s0), three
// (s1); one and three waves of 8 blocks of 256 (s2, s3); three waves of 32
// blocks of one warp (s4). An SM's clock is its own: starts and ends are
// compared within an SM.
// scan_clock: the held-out scan_block's code (programs/holdout/
// scan_block.ptx, nvcc -O3 of programs/holdout/scan_block.cu) with lane 0
// of each warp storing the clock's low half at its start, once its global
// load's value is in shared memory, and at its end, and %smid, in
// lat[4w .. 4w + 3].
// tools/block_clock_figures.py reads the records.

.version 8.0
.target sm_90
.address_size 64

.visible .entry spin_blocks(
	.param .u64 spin_blocks_param_0,         // unsigned* s: 3 words a warp
	.param .u32 spin_blocks_param_1          // unsigned  cycles
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<12>;

	mov.u64 	%rd1, %clock64;         // t0: the warp's start
	ld.param.u64 	%rd2, [spin_blocks_param_0];
	ld.param.u32 	%r1, [spin_blocks_param_1];
	cvt.u64.u32 	%rd3, %r1;
	add.s64 	%rd4, %rd1, %rd3;       // spin until this cycle

SPIN:
	mov.u64 	%rd5, %clock64;
	setp.lt.s64 	%p1, %rd5, %rd4;
	@%p1 bra 	SPIN;

	mov.u32 	%r2, %tid.x;
	and.b32 	%r3, %r2, 31;
	setp.ne.s32 	%p2, %r3, 0;
	@%p2 bra 	DONE;

	// w = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %ntid.x;
	shr.u32 	%r6, %r5, 5;
	shr.u32 	%r7, %r2, 5;
	mad.lo.s32 	%r8, %r4, %r6, %r7;
	mul.lo.s32 	%r9, %r8, 3;
	cvta.to.global.u64 	%rd6, %rd2;
	mul.wide.u32 	%rd7, %r9, 4;
	add.s64 	%rd8, %rd6, %rd7;
	cvt.u32.u64 	%r10, %rd1;
	cvt.u32.u64 	%r11, %rd5;
	mov.u32 	%r12, %smid;
	st.global.u32 	[%rd8], %r10;
	st.global.u32 	[%rd8+4], %r11;
	st.global.u32 	[%rd8+8], %r12;

DONE:
	ret;
}

.visible .entry scan_clock(
	.param .u64 scan_clock_param_0,          // float*       out
	.param .u64 scan_clock_param_1,          // const float* in
	.param .u64 scan_clock_param_2           // unsigned*    lat: 4 words a warp
)
{
	.reg .pred 	%p<5>;
	.reg .f32 	%f<8>;
	.reg .b32 	%r<48>;
	.reg .b64 	%rd<24>;
	.shared .align 4 .b8 t[4096];

	mov.u64 	%rd20, %clock64;        // t0: the warp's start
	ld.param.u64 	%rd2, [scan_clock_param_0];
	ld.param.u64 	%rd3, [scan_clock_param_1];
	mov.u32 	%r1, %ntid.x;
	mov.u32 	%r10, %ctaid.x;
	mov.u32 	%r2, %tid.x;
	mad.lo.s32 	%r11, %r10, %r1, %r2;
	cvt.s64.s32 	%rd1, %r11;
	cvta.to.global.u64 	%rd4, %rd3;
	mul.wide.s32 	%rd5, %r11, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.f32 	%f4, [%rd6];
	shl.b32 	%r12, %r2, 2;
	mov.u32 	%r13, t;
	add.s32 	%r34, %r13, %r12;
	st.shared.f32 	[%r34], %f4;
	mov.u64 	%rd21, %clock64;        // t1: its load's value stored
	bar.sync 	0;
	setp.lt.u32 	%p1, %r1, 2;
	@%p1 bra 	$L__BB0_5;

	mov.u32 	%r33, 0;
	mov.u32 	%r32, 1;

$L__BB0_2:
	shl.b32 	%r16, %r33, 11;
	add.s32 	%r18, %r13, %r16;
	add.s32 	%r20, %r18, %r12;
	ld.shared.f32 	%f7, [%r20];
	setp.lt.s32 	%p2, %r2, %r32;
	@%p2 bra 	$L__BB0_4;

	sub.s32 	%r21, %r2, %r32;
	shl.b32 	%r25, %r21, 2;
	add.s32 	%r26, %r18, %r25;
	ld.shared.f32 	%f5, [%r26];
	add.f32 	%f7, %f7, %f5;

$L__BB0_4:
	mov.u32 	%r27, 1;
	sub.s32 	%r33, %r27, %r33;
	shl.b32 	%r28, %r33, 11;
	add.s32 	%r30, %r13, %r28;
	add.s32 	%r34, %r30, %r12;
	st.shared.f32 	[%r34], %f7;
	bar.sync 	0;
	shl.b32 	%r32, %r32, 1;
	setp.lt.u32 	%p3, %r32, %r1;
	@%p3 bra 	$L__BB0_2;

$L__BB0_5:
	ld.shared.f32 	%f6, [%r34];
	cvta.to.global.u64 	%rd7, %rd2;
	shl.b64 	%rd8, %rd1, 2;
	add.s64 	%rd9, %rd7, %rd8;
	st.global.f32 	[%rd9], %f6;
	mov.u64 	%rd22, %clock64;        // t2: the warp's end

	and.b32 	%r40, %r2, 31;
	setp.ne.s32 	%p4, %r40, 0;
	@%p4 bra 	DONE;
	// w = blockIdx.x * 16 + threadIdx.x / 32: 4 words at lat[4w]
	shr.u32 	%r41, %r11, 5;
	ld.param.u64 	%rd10, [scan_clock_param_2];
	cvta.to.global.u64 	%rd11, %rd10;
	mul.wide.u32 	%rd12, %r41, 16;
	add.s64 	%rd13, %rd11, %rd12;
	cvt.u32.u64 	%r42, %rd20;
	cvt.u32.u64 	%r43, %rd21;
	cvt.u32.u64 	%r44, %rd22;
	mov.u32 	%r45, %smid;
	st.global.u32 	[%rd13], %r42;
	st.global.u32 	[%rd13+4], %r43;
	st.global.u32 	[%rd13+8], %r44;
	st.global.u32 	[%rd13+12], %r45;

DONE:
	ret;
}
