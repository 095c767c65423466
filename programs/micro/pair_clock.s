//! size passes = 32
//! buffer x = randn(132 * 32 * 1024, seed=1)
//! buffer y = randn(132 * 32 * 1024, seed=2)
//! buffer out = zeros(132 * 64)
//! buffer la = zeros(132 * 2 * 2 * passes, dtype=uint32)
//! buffer lb = zeros(132 * 2 * 2 * passes, dtype=uint32)
//! buffer lc = zeros(132 * 2 * 2 * passes, dtype=uint32)
//! buffer ld = zeros(132 * 2 * 2 * passes, dtype=uint32)
//! buffer le = zeros(132 * 2 * 2 * passes, dtype=uint32)
//! buffer lf = zeros(132 * 2 * 2 * passes, dtype=uint32)
//! buffer lg = zeros(132 * 2 * 2 * passes, dtype=uint32)
//! buffer lh = zeros(132 * 2 * 2 * passes, dtype=uint32)
//! launch pair_clock grid=132 block=64 args=(out, x, x, 32, 0, passes, la)
//! launch pair_clock grid=132 block=64 args=(out, x, x, 256, 0, passes, lb)
//! launch pair_clock grid=132 block=64 args=(out, x, x, 512, 0, passes, lc)
//! launch pair_clock grid=132 block=64 args=(out, x, y, 0, 0, passes, ld)
//! launch pair_clock grid=132 block=64 args=(out, x, x, 32, 100, passes, le)
//! launch pair_clock grid=132 block=64 args=(out, x, x, 32, 200, passes, lf)
//! launch pair_clock grid=132 block=64 args=(out, x, x, 32, 400, passes, lg)
//! launch pair_clock grid=132 block=64 args=(out, x, x, 256, 200, passes, lh)
//! check out = x.reshape((132, 32, 4, 256))[:, :, 0:2, 0:32].sum(axis=1).ravel() tol=1e-4
// How far apart two DRAM reads can be, in address and in time, and still
// be late together (issue 7: dram_late_chunk_bytes, dram_late_cycles).
// Each block is two warps on one SM; every pass, after a barrier, warp 0
// reads line 0 of a new 4 KB block and warp 1, DELTA cycles later (it spins
// on %clock64), the line D floats further on (D = 32: the next line, the
// same 1 KB; 256: the other 1 KB of the same 2 KB; 512: the other 2 KB of
// the same 4 KB), or the same place in another buffer (y). Each warp's lane
// 0 stores the clock's low half when its read was issued and the cycles
// until its data was used (l?[(block * 2 + warp) * 2 * passes + 2 k], +1),
// the warps sharing their SM's clock. The chance that warp 1's read is late
// when warp 0's was, by D and DELTA, is how much of a chunk and how long a
// window are late together. Warp 1's address waits for its clock read (the
// top bit of %clock64, always 0), so its load cannot move above the spin.
// nvcc -ptx -arch=sm_90 -O3 of this CUDA source:
//
//   extern "C" __global__ void pair_clock(float* out, const float* x, const float* bx, int d, int delta, int passes, unsigned* lat) {
//       int blk = blockIdx.x, warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
//       const float* p = (warp ? bx + d : x) + (long)blk * passes * 1024 + lane;   // 4 KB a pass
//       unsigned* mine = lat + (blk * 2 + warp) * 2 * passes;
//       float s = 0.f;
//   #pragma unroll 1
//       for (int k = 0; k < passes; k++) {
//           __syncthreads();
//           long long t0 = clock64(), t1 = t0;
//           if (warp)
//               while (t1 - t0 < delta) t1 = clock64();
//           int off = (int)((unsigned long long)t1 >> 63);        // 0: the load's address waits for t1
//           s += p[k * 1024 + off];
//           long long t2 = clock64();
//           if (lane == 0) {
//               mine[2 * k] = (unsigned)t1;                       // when the read was issued (the SM's clock)
//               mine[2 * k + 1] = (unsigned)(t2 - t1);            // and how long it took
//           }
//       }
//       out[(blk * 2 + warp) * 32 + lane] = s;
//   }
//
//
.version 9.0
.target sm_90
.address_size 64

	// .globl	pair_clock

.visible .entry pair_clock(
	.param .u64 pair_clock_param_0,
	.param .u64 pair_clock_param_1,
	.param .u64 pair_clock_param_2,
	.param .u32 pair_clock_param_3,
	.param .u32 pair_clock_param_4,
	.param .u32 pair_clock_param_5,
	.param .u64 pair_clock_param_6
)
{
	.reg .pred 	%p<8>;
	.reg .f32 	%f<9>;
	.reg .b32 	%r<22>;
	.reg .b64 	%rd<39>;


	ld.param.u64 	%rd10, [pair_clock_param_0];
	ld.param.u64 	%rd11, [pair_clock_param_1];
	ld.param.u64 	%rd12, [pair_clock_param_2];
	ld.param.u32 	%r7, [pair_clock_param_3];
	ld.param.u32 	%r8, [pair_clock_param_4];
	ld.param.u32 	%r9, [pair_clock_param_5];
	ld.param.u64 	%rd13, [pair_clock_param_6];
	mov.u32 	%r10, %tid.x;
	shr.u32 	%r1, %r10, 5;
	and.b32  	%r2, %r10, 31;
	mov.u32 	%r3, %ctaid.x;
	shl.b32 	%r11, %r3, 1;
	add.s32 	%r4, %r11, %r1;
	setp.lt.s32 	%p2, %r9, 1;
	mov.f32 	%f8, 0f00000000;
	@%p2 bra 	$L__BB0_7;

	setp.eq.s32 	%p3, %r1, 0;
	mov.u32 	%r21, 0;
	cvt.s64.s32 	%rd1, %r8;
	setp.lt.s32 	%p4, %r8, 1;
	or.pred  	%p1, %p3, %p4;
	mul.lo.s32 	%r13, %r4, %r9;
	shl.b32 	%r14, %r13, 1;
	cvt.s64.s32 	%rd2, %r14;
	cvt.u64.u32 	%rd14, %r2;
	mul.wide.s32 	%rd15, %r3, %r9;
	shl.b64 	%rd16, %rd15, 10;
	or.b64  	%rd3, %rd16, %rd14;
	cvta.to.global.u64 	%rd17, %rd11;
	cvta.to.global.u64 	%rd18, %rd12;
	mul.wide.s32 	%rd19, %r7, 4;
	add.s64 	%rd20, %rd18, %rd19;
	selp.b64 	%rd4, %rd17, %rd20, %p3;
	cvta.to.global.u64 	%rd5, %rd13;
	mov.f32 	%f8, 0f00000000;

$L__BB0_2:
	.pragma "nounroll";
	bar.sync 	0;
	// begin inline asm
	mov.u64 	%rd21, %clock64;
	// end inline asm
	mov.u64 	%rd38, %rd21;
	@%p1 bra 	$L__BB0_4;

$L__BB0_3:
	// begin inline asm
	mov.u64 	%rd38, %clock64;
	// end inline asm
	sub.s64 	%rd23, %rd38, %rd21;
	setp.lt.s64 	%p5, %rd23, %rd1;
	@%p5 bra 	$L__BB0_3;

$L__BB0_4:
	shr.u64 	%rd25, %rd38, 63;
	cvt.u32.u64 	%r15, %rd25;
	shl.b32 	%r16, %r21, 10;
	or.b32  	%r17, %r16, %r15;
	cvt.s64.s32 	%rd26, %r17;
	add.s64 	%rd27, %rd3, %rd26;
	shl.b64 	%rd28, %rd27, 2;
	add.s64 	%rd29, %rd4, %rd28;
	ld.global.f32 	%f6, [%rd29];
	add.f32 	%f8, %f8, %f6;
	// begin inline asm
	mov.u64 	%rd24, %clock64;
	// end inline asm
	setp.ne.s32 	%p6, %r2, 0;
	@%p6 bra 	$L__BB0_6;

	shl.b32 	%r18, %r21, 1;
	cvt.s64.s32 	%rd30, %r18;
	add.s64 	%rd31, %rd30, %rd2;
	shl.b64 	%rd32, %rd31, 2;
	add.s64 	%rd33, %rd5, %rd32;
	st.global.u32 	[%rd33], %rd38;
	sub.s64 	%rd34, %rd24, %rd38;
	st.global.u32 	[%rd33+4], %rd34;

$L__BB0_6:
	add.s32 	%r21, %r21, 1;
	setp.lt.s32 	%p7, %r21, %r9;
	@%p7 bra 	$L__BB0_2;

$L__BB0_7:
	shl.b32 	%r19, %r4, 5;
	or.b32  	%r20, %r19, %r2;
	cvta.to.global.u64 	%rd35, %rd10;
	mul.wide.s32 	%rd36, %r20, 4;
	add.s64 	%rd37, %rd35, %rd36;
	st.global.f32 	[%rd37], %f8;
	ret;

}

