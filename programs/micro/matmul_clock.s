//! size n = 256
//! buffer A = randn((n, n), seed=1)
//! buffer B = randn((n, n), seed=2)
//! buffer C = zeros((n, n))
//! buffer lat = zeros(((n + 15) // 16) ** 2 * 8 * (n // 4 + 1), dtype=uint32)
//! launch matmul_clock grid=((n + 15) // 16, (n + 15) // 16) block=(16, 16) args=(A, B, C, n, lat)
//! check C = A @ B tol=1e-5
// matmul_naive.s's kernel (one thread an element, both operands from global
// memory, k in steps of 4: 8 loads, then 4 FMAs) with every step timed by
// %clock64 after its FMAs (issue 7): lane 0 of warp w stores the cycles
// since the previous step in lat[w * (n / 4 + 1) + s], s = 1..n/4
// (lat[w * (n / 4 + 1)] is the low half of the clock before the loop).
// What it asks: how long a step of a kernel whose warps share their lines
// waits, and how often one is late. A warp's B line of step k is read by the
// 16 blocks of its column, so most steps wait for a fill another warp asked
// for, or hit; a late DRAM answer is the fill's (fill_clock.s), and a chance
// per fill in simgpu made matmul_naive 17-23% slower where the H200's
// cycles show no such cost.
// nvcc -ptx -arch=sm_90 -O3 of this CUDA source, the step's 8 loads then
// moved ahead of its 4 FMAs (nvcc interleaves them; ptxas issues the loads
// first, and simgpu runs a loop marked nounroll as written):
//
//   extern "C" __global__ void matmul_clock(const float* A, const float* B, float* C, int n, unsigned* lat) {
//       int col = blockIdx.x * blockDim.x + threadIdx.x;
//       int row = blockIdx.y * blockDim.y + threadIdx.y;
//       int t = threadIdx.y * blockDim.x + threadIdx.x;
//       int w = ((blockIdx.y * gridDim.x + blockIdx.x) * (blockDim.x * blockDim.y) + t) >> 5;
//       unsigned* mine = lat + w * (n / 4 + 1);
//       const float* pa = A + row * n;
//       const float* pb = B + col;
//       float acc = 0.f;
//       long long prev = clock64();
//       if ((t & 31) == 0) mine[0] = (unsigned)prev;
//   #pragma unroll 1
//       for (int k = 0; k < n; k += 4) {
//           float a0 = pa[k], a1 = pa[k + 1], a2 = pa[k + 2], a3 = pa[k + 3];
//           float b0 = pb[k * n], b1 = pb[(k + 1) * n], b2 = pb[(k + 2) * n], b3 = pb[(k + 3) * n];
//           acc += a0 * b0;
//           acc += a1 * b1;
//           acc += a2 * b2;
//           acc += a3 * b3;
//           long long c = clock64();
//           if ((t & 31) == 0) mine[k / 4 + 1] = (unsigned)min(c - prev, 0xffffffffLL);
//           prev = c;
//       }
//       C[row * n + col] = acc;
//   }
//
.version 9.0
.target sm_90
.address_size 64

	// .globl	matmul_clock

.visible .entry matmul_clock(
	.param .u64 matmul_clock_param_0,
	.param .u64 matmul_clock_param_1,
	.param .u64 matmul_clock_param_2,
	.param .u32 matmul_clock_param_3,
	.param .u64 matmul_clock_param_4
)
{
	.reg .pred 	%p<5>;
	.reg .f32 	%f<19>;
	.reg .b32 	%r<37>;
	.reg .b64 	%rd<43>;


	ld.param.u64 	%rd21, [matmul_clock_param_0];
	ld.param.u64 	%rd18, [matmul_clock_param_1];
	ld.param.u64 	%rd19, [matmul_clock_param_2];
	ld.param.u32 	%r6, [matmul_clock_param_3];
	ld.param.u64 	%rd22, [matmul_clock_param_4];
	cvta.to.global.u64 	%rd1, %rd21;
	mov.u32 	%r7, %ntid.x;
	mov.u32 	%r8, %ctaid.x;
	mov.u32 	%r9, %tid.x;
	mad.lo.s32 	%r1, %r8, %r7, %r9;
	mov.u32 	%r10, %ntid.y;
	mov.u32 	%r11, %ctaid.y;
	mov.u32 	%r12, %tid.y;
	mad.lo.s32 	%r2, %r11, %r10, %r12;
	mad.lo.s32 	%r13, %r12, %r7, %r9;
	mov.u32 	%r14, %nctaid.x;
	mad.lo.s32 	%r15, %r11, %r14, %r8;
	mul.lo.s32 	%r16, %r7, %r10;
	mad.lo.s32 	%r17, %r16, %r15, %r13;
	shr.u32 	%r18, %r17, 5;
	shr.s32 	%r19, %r6, 31;
	shr.u32 	%r20, %r19, 30;
	add.s32 	%r21, %r6, %r20;
	shr.s32 	%r22, %r21, 2;
	add.s32 	%r23, %r22, 1;
	mul.lo.s32 	%r24, %r23, %r18;
	cvt.s64.s32 	%rd2, %r24;
	cvta.to.global.u64 	%rd3, %rd22;
	// begin inline asm
	mov.u64 	%rd42, %clock64;
	// end inline asm
	and.b32  	%r3, %r13, 31;
	setp.ne.s32 	%p1, %r3, 0;
	@%p1 bra 	$L__BB0_2;

	shl.b64 	%rd23, %rd2, 2;
	add.s64 	%rd24, %rd3, %rd23;
	st.global.u32 	[%rd24], %rd42;

$L__BB0_2:
	setp.lt.s32 	%p2, %r6, 1;
	mov.f32 	%f18, 0f00000000;
	@%p2 bra 	$L__BB0_7;

	cvta.to.global.u64 	%rd25, %rd18;
	mul.wide.s32 	%rd26, %r1, 4;
	add.s64 	%rd41, %rd25, %rd26;
	mul.lo.s32 	%r26, %r2, %r6;
	mul.wide.s32 	%rd27, %r26, 4;
	add.s64 	%rd28, %rd1, %rd27;
	add.s64 	%rd40, %rd28, 8;
	shl.b64 	%rd29, %rd2, 2;
	add.s64 	%rd30, %rd3, %rd29;
	add.s64 	%rd39, %rd30, 4;
	mul.wide.s32 	%rd8, %r6, 4;
	mov.f32 	%f18, 0f00000000;
	mov.u32 	%r36, 0;

$L__BB0_4:
	.pragma "nounroll";
	add.s64 	%rd32, %rd41, %rd8;
	add.s64 	%rd33, %rd32, %rd8;
	add.s64 	%rd13, %rd33, %rd8;
	ld.global.f32 	%f6, [%rd41];
	ld.global.f32 	%f7, [%rd40+-8];
	ld.global.f32 	%f9, [%rd32];
	ld.global.f32 	%f10, [%rd40+-4];
	ld.global.f32 	%f12, [%rd33];
	ld.global.f32 	%f13, [%rd40];
	ld.global.f32 	%f15, [%rd13];
	ld.global.f32 	%f16, [%rd40+4];
	fma.rn.f32 	%f8, %f7, %f6, %f18;
	fma.rn.f32 	%f11, %f10, %f9, %f8;
	fma.rn.f32 	%f14, %f13, %f12, %f11;
	fma.rn.f32 	%f18, %f16, %f15, %f14;
	// begin inline asm
	mov.u64 	%rd31, %clock64;
	// end inline asm
	@%p1 bra 	$L__BB0_6;

	sub.s64 	%rd34, %rd31, %rd42;
	min.s64 	%rd35, %rd34, 4294967295;
	st.global.u32 	[%rd39], %rd35;

$L__BB0_6:
	add.s64 	%rd41, %rd13, %rd8;
	add.s64 	%rd40, %rd40, 16;
	add.s64 	%rd39, %rd39, 4;
	add.s32 	%r36, %r36, 4;
	setp.lt.s32 	%p4, %r36, %r6;
	mov.u64 	%rd42, %rd31;
	@%p4 bra 	$L__BB0_4;

$L__BB0_7:
	mad.lo.s32 	%r35, %r2, %r6, %r1;
	cvta.to.global.u64 	%rd36, %rd19;
	mul.wide.s32 	%rd37, %r35, 4;
	add.s64 	%rd38, %rd36, %rd37;
	st.global.f32 	[%rd38], %f18;
	ret;

}

