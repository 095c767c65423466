//! size n = 256
//! buffer A = randn((n, n), seed=1)
//! buffer B = randn((n, n), seed=2)
//! buffer C = zeros((n, n))
//! buffer C2 = zeros((n, n))
//! buffer loop = zeros(((n + 15) // 16) ** 2 * 8 * 2, dtype=uint32)
//! buffer lat = zeros(((n + 15) // 16) ** 2 * 8 * (n // 4 + 1), dtype=uint32)
//! launch mm_loop_clock grid=((n + 15) // 16, (n + 15) // 16) block=(16, 16) args=(A, B, C, n, loop)
//! launch mm_smem_clock grid=((n + 15) // 16, (n + 15) // 16) block=(16, 16) args=(A, B, C2, n, lat)
//! require n % 4 == 0
//! check C = A @ B tol=1e-5
//! check C2 = A @ B tol=1e-5
// What matmul_clock.s's clocks cost (issue 7): the H200 runs matmul_naive
// (53,550 cycles, the median of 7 runs) 9% faster than matmul_clock.s (58,851
// and 58,636), whose steps are the same 8 loads and 4 FMAs, and simgpu only
// 4% faster (60,711 against 63,429). mm_loop_clock is matmul_naive.s's
// kernel as it is, ptxas unrolling its loop, with %clock64 read only before
// and after the loop: lane 0 of warp w stores the clock's low half before
// the loop in loop[2w] and the loop's cycles in loop[2w + 1]. mm_smem_clock
// is matmul_clock.s's kernel with each step's cycles kept in shared memory
// and copied to lat (its layout) after the loop, so no global store runs
// among the steps. Against matmul_clock.s: what a step's clock reads and
// its store of 4 bytes to global memory cost a step, and whether the naive
// kernel's passes are shorter than the timed steps.
// mm_loop_clock: matmul_naive.s's PTX with the clock reads and the stores
// added by hand; mm_smem_clock: matmul_clock.s's PTX (nvcc -ptx -arch=sm_90
// -O3 of its CUDA source, its loads moved ahead of its FMAs), its global
// stores of the steps replaced by shared ones and the copy loop added by
// hand.
.version 9.0
.target sm_90
.address_size 64

.visible .entry mm_loop_clock(
	.param .u64 mm_loop_clock_param_0,       // const float* A
	.param .u64 mm_loop_clock_param_1,       // const float* B
	.param .u64 mm_loop_clock_param_2,       // float*       C
	.param .u32 mm_loop_clock_param_3,       // unsigned     n
	.param .u64 mm_loop_clock_param_4        // unsigned*    lat
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<4>;
	.reg .b32 	%r<14>;
	.reg .b64 	%rd<24>;

	ld.param.u64 	%rd1, [mm_loop_clock_param_0]; // A
	ld.param.u64 	%rd2, [mm_loop_clock_param_1]; // B
	ld.param.u64 	%rd3, [mm_loop_clock_param_2]; // C
	ld.param.u32 	%r1, [mm_loop_clock_param_3]; // n

	// col = blockIdx.x * blockDim.x + threadIdx.x
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %tid.x;
	mad.lo.s32 	%r5, %r2, %r3, %r4;

	// row = blockIdx.y * blockDim.y + threadIdx.y
	mov.u32 	%r6, %ctaid.y;
	mov.u32 	%r7, %ntid.y;
	mov.u32 	%r8, %tid.y;
	mad.lo.s32 	%r9, %r6, %r7, %r8;

	// if (row >= n || col >= n) return;
	setp.ge.u32 	%p1, %r5, %r1;
	setp.ge.u32 	%p2, %r9, %r1;
	or.pred 	%p3, %p1, %p2;
	@%p3 bra 	DONE1;

	cvta.to.global.u64 	%rd4, %rd1;
	cvta.to.global.u64 	%rd5, %rd2;
	cvta.to.global.u64 	%rd6, %rd3;

	// pa = &A[row * n]           -- start of this thread's row of A
	mul.lo.s32 	%r10, %r9, %r1;
	mul.wide.u32 	%rd7, %r10, 4;
	add.s64 	%rd8, %rd4, %rd7;

	// pb = &B[col]               -- top of this thread's column of B
	mul.wide.u32 	%rd9, %r5, 4;
	add.s64 	%rd10, %rd5, %rd9;

	// rowbytes = n * sizeof(float) -- the step from B[k][col] to B[k+1][col]
	mul.wide.u32 	%rd11, %r1, 4;

	// float acc = 0.0f;  k counts down from n (n >= 1 here: row < n)
	mov.f32 	%f1, 0f00000000;        // 0.0
	mov.u32 	%r11, %r1;
	mov.u64 	%rd14, %clock64;

K_LOOP1:
	// acc += A[row*n + k] * B[k*n + col]
	ld.global.f32 	%f2, [%rd8];
	ld.global.f32 	%f3, [%rd10];
	fma.rn.f32 	%f1, %f2, %f3, %f1;
	// pa += 1 element, pb += 1 row
	add.s64 	%rd8, %rd8, 4;
	add.s64 	%rd10, %rd10, %rd11;
	// while (--k != 0)
	add.s32 	%r11, %r11, -1;
	setp.ne.s32 	%p4, %r11, 0;
	@%p4 bra 	K_LOOP1;

	// the loop's cycles; the clock read waits for acc (the last FMA), as ptxas keeps it after it
	mov.u64 	%rd15, %clock64;
	sub.s64 	%rd16, %rd15, %rd14;
	// lane 0 of warp w: lat[2w] = the clock's low half before the loop, lat[2w + 1] = the loop's cycles
	mov.u32 	%r13, %ntid.x;
	mad.lo.s32 	%r12, %r8, %r13, %r4;           // t = tid.y * ntid.x + tid.x
	and.b32 	%r13, %r12, 31;
	setp.ne.s32 	%p5, %r13, 0;
	@%p5 bra 	STORE_C1;
	mov.u32 	%r13, %nctaid.x;
	mad.lo.s32 	%r13, %r6, %r13, %r2;           // block = ctaid.y * nctaid.x + ctaid.x
	mov.u32 	%r10, %ntid.y;
	mul.lo.s32 	%r10, %r10, %r3;                // threads a block
	mad.lo.s32 	%r13, %r13, %r10, %r12;
	shr.u32 	%r13, %r13, 5;                   // w
	ld.param.u64 	%rd17, [mm_loop_clock_param_4];
	cvta.to.global.u64 	%rd17, %rd17;
	mul.wide.u32 	%rd18, %r13, 8;
	add.s64 	%rd17, %rd17, %rd18;
	cvt.u32.u64 	%r10, %rd14;
	st.global.u32 	[%rd17], %r10;
	cvt.u32.u64 	%r10, %rd16;
	st.global.u32 	[%rd17+4], %r10;

STORE_C1:
	// C[row*n + col] = acc
	mad.lo.s32 	%r12, %r9, %r1, %r5;
	mul.wide.u32 	%rd12, %r12, 4;
	add.s64 	%rd13, %rd6, %rd12;
	st.global.f32 	[%rd13], %f1;

DONE1:
	ret;
}

.visible .entry mm_smem_clock(
	.param .u64 mm_smem_clock_param_0,
	.param .u64 mm_smem_clock_param_1,
	.param .u64 mm_smem_clock_param_2,
	.param .u32 mm_smem_clock_param_3,
	.param .u64 mm_smem_clock_param_4
)
{
	.reg .pred 	%p<5>;
	.reg .f32 	%f<19>;
	.reg .b32 	%r<37>;
	.reg .b64 	%rd<48>;
	.reg .b32 	%q<8>;
	.shared .align 4 .b32 steps_sh[520];            // 8 warps x 65 steps


	ld.param.u64 	%rd21, [mm_smem_clock_param_0];
	ld.param.u64 	%rd18, [mm_smem_clock_param_1];
	ld.param.u64 	%rd19, [mm_smem_clock_param_2];
	ld.param.u32 	%r6, [mm_smem_clock_param_3];
	ld.param.u64 	%rd22, [mm_smem_clock_param_4];
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
	mov.u64 	%rd44, steps_sh;
	shr.u32 	%q0, %r13, 5;
	mul.wide.u32 	%rd45, %q0, 260;
	add.s64 	%rd44, %rd44, %rd45;
	and.b32  	%r3, %r13, 31;
	setp.ne.s32 	%p1, %r3, 0;
	@%p1 bra 	S_2;

	cvt.u32.u64 	%q1, %rd42;
	st.shared.u32 	[%rd44], %q1;

S_2:
	setp.lt.s32 	%p2, %r6, 1;
	mov.f32 	%f18, 0f00000000;
	@%p2 bra 	S_7;

	cvta.to.global.u64 	%rd25, %rd18;
	mul.wide.s32 	%rd26, %r1, 4;
	add.s64 	%rd41, %rd25, %rd26;
	mul.lo.s32 	%r26, %r2, %r6;
	mul.wide.s32 	%rd27, %r26, 4;
	add.s64 	%rd28, %rd1, %rd27;
	add.s64 	%rd40, %rd28, 8;
	add.s64 	%rd39, %rd44, 4;
	mul.wide.s32 	%rd8, %r6, 4;
	mov.f32 	%f18, 0f00000000;
	mov.u32 	%r36, 0;

S_4:
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
	@%p1 bra 	S_6;

	sub.s64 	%rd34, %rd31, %rd42;
	min.s64 	%rd35, %rd34, 4294967295;
	cvt.u32.u64 	%q1, %rd35;
	st.shared.u32 	[%rd39], %q1;

S_6:
	add.s64 	%rd41, %rd13, %rd8;
	add.s64 	%rd40, %rd40, 16;
	add.s64 	%rd39, %rd39, 4;
	add.s32 	%r36, %r36, 4;
	setp.lt.s32 	%p4, %r36, %r6;
	mov.u64 	%rd42, %rd31;
	@%p4 bra 	S_4;

S_7:
	@%p1 bra 	S_9;
	shl.b64 	%rd29, %rd2, 2;
	add.s64 	%rd30, %rd3, %rd29;
	mov.u32 	%q2, 0;
S_8:
	ld.shared.u32 	%q1, [%rd44];
	st.global.u32 	[%rd30], %q1;
	add.s64 	%rd44, %rd44, 4;
	add.s64 	%rd30, %rd30, 4;
	add.s32 	%q2, %q2, 1;
	shr.s32 	%q3, %r6, 2;
	setp.le.s32 	%p3, %q2, %q3;
	@%p3 bra 	S_8;
S_9:
	mad.lo.s32 	%r35, %r2, %r6, %r1;
	cvta.to.global.u64 	%rd36, %rd19;
	mul.wide.s32 	%rd37, %r35, 4;
	add.s64 	%rd38, %rd36, %rd37;
	st.global.f32 	[%rd38], %f18;
	ret;

}

