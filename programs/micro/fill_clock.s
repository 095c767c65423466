//! size passes = 64
//! buffer x = randn(132 * 32 * passes, seed=1)
//! buffer out = zeros(132 * 32)
//! buffer la = zeros(1 * (passes + 1), dtype=uint32)
//! buffer lb = zeros(132 * (passes + 1), dtype=uint32)
//! buffer lc = zeros(132 * (passes + 1), dtype=uint32)
//! launch fill_clock grid=1 block=32 args=(out, x, 0, passes, la)
//! launch fill_clock grid=132 block=32 args=(out, x, 0, passes, lb)
//! launch fill_clock grid=132 block=32 args=(out, x, 32 * passes, passes, lc)
//! check out = x.reshape((132, passes, 32)).sum(axis=1).ravel() tol=1e-4
// Does a DRAM read that many SMs wait for show the late tail (issue 7)?
// dram_clock.s found 5-10% of a streaming warp's DRAM reads 400 or more
// cycles late, whatever the load; simgpu has no such tail, and modeled as
// a chance per DRAM fill (or as refresh) it slowed the kernels whose warps
// share lines far more than the H200 is slowed. Here each block is one warp
// reading one line a pass, 64 lines in a row, timed pass by pass with
// %clock64 as in dram_clock.s (lane 0 stores the cycles since the previous
// pass's read: l?[b * (passes + 1) + k], k = 1..passes; l?[b * (passes + 1)]
// is the low half of the clock before the loop). Launches: one warp on one
// SM; 132 SMs reading the same 64 lines (bstride 0: one fill a line, which
// the other SMs' reads wait for or hit); 132 SMs each reading its own 64
// lines. If the tail is the fill's, the SMs sharing a line are late in the
// same passes; if it is each request's, independently.
// nvcc -ptx -arch=sm_90 -O3 of this CUDA source:
//
//   extern "C" __global__ void fill_clock(float* out, const float* x, int bstride, int passes, unsigned* lat) {
//       const float* p = x + blockIdx.x * bstride + threadIdx.x;
//       unsigned* mine = lat + blockIdx.x * (passes + 1);
//       float s = 0.f;
//       long long prev = clock64();
//       if (threadIdx.x == 0) mine[0] = (unsigned)prev;
//   #pragma unroll 1
//       for (int k = 0; k < passes; k++) {
//           s += p[32 * k];
//           long long c = clock64();
//           if (threadIdx.x == 0) mine[k + 1] = (unsigned)min(c - prev, 0xffffffffLL);
//           prev = c;
//       }
//       out[blockIdx.x * 32 + threadIdx.x] = s;
//   }
//
.version 9.0
.target sm_90
.address_size 64

	// .globl	fill_clock

.visible .entry fill_clock(
	.param .u64 fill_clock_param_0,
	.param .u64 fill_clock_param_1,
	.param .u32 fill_clock_param_2,
	.param .u32 fill_clock_param_3,
	.param .u64 fill_clock_param_4
)
{
	.reg .pred 	%p<5>;
	.reg .f32 	%f<9>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<34>;


	ld.param.u64 	%rd13, [fill_clock_param_0];
	ld.param.u64 	%rd14, [fill_clock_param_1];
	ld.param.u32 	%r4, [fill_clock_param_2];
	ld.param.u32 	%r5, [fill_clock_param_3];
	ld.param.u64 	%rd16, [fill_clock_param_4];
	mov.u32 	%r1, %ctaid.x;
	mov.u32 	%r6, %tid.x;
	cvt.u64.u32 	%rd1, %r6;
	add.s32 	%r7, %r5, 1;
	mul.lo.s32 	%r8, %r7, %r1;
	cvt.u64.u32 	%rd2, %r8;
	cvta.to.global.u64 	%rd3, %rd16;
	// begin inline asm
	mov.u64 	%rd33, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r6, 0;
	@%p1 bra 	$L__BB0_2;

	shl.b64 	%rd17, %rd2, 2;
	add.s64 	%rd18, %rd3, %rd17;
	st.global.u32 	[%rd18], %rd33;

$L__BB0_2:
	setp.lt.s32 	%p2, %r5, 1;
	mov.f32 	%f8, 0f00000000;
	@%p2 bra 	$L__BB0_7;

	shl.b64 	%rd19, %rd2, 2;
	add.s64 	%rd20, %rd3, %rd19;
	add.s64 	%rd32, %rd20, 4;
	mul.lo.s32 	%r10, %r1, %r4;
	cvt.u64.u32 	%rd21, %r10;
	add.s64 	%rd22, %rd1, %rd21;
	cvta.to.global.u64 	%rd23, %rd14;
	shl.b64 	%rd24, %rd22, 2;
	add.s64 	%rd31, %rd23, %rd24;
	mov.f32 	%f8, 0f00000000;
	mov.u32 	%r15, 0;
	cvt.u32.u64 	%r11, %rd1;

$L__BB0_4:
	.pragma "nounroll";
	setp.ne.s32 	%p3, %r11, 0;
	ld.global.f32 	%f6, [%rd31];
	add.f32 	%f8, %f8, %f6;
	// begin inline asm
	mov.u64 	%rd25, %clock64;
	// end inline asm
	@%p3 bra 	$L__BB0_6;

	sub.s64 	%rd26, %rd25, %rd33;
	min.s64 	%rd27, %rd26, 4294967295;
	st.global.u32 	[%rd32], %rd27;

$L__BB0_6:
	add.s32 	%r15, %r15, 1;
	add.s64 	%rd32, %rd32, 4;
	add.s64 	%rd31, %rd31, 128;
	setp.lt.s32 	%p4, %r15, %r5;
	mov.u64 	%rd33, %rd25;
	@%p4 bra 	$L__BB0_4;

$L__BB0_7:
	shl.b32 	%r12, %r1, 5;
	cvt.u32.u64 	%r13, %rd1;
	add.s32 	%r14, %r12, %r13;
	cvta.to.global.u64 	%rd28, %rd13;
	mul.wide.u32 	%rd29, %r14, 4;
	add.s64 	%rd30, %rd28, %rd29;
	st.global.f32 	[%rd30], %f8;
	ret;

}

