//! size n = 256
//! buffer A = randn((n, n), seed=1)
//! buffer B = randn((n, n), seed=2)
//! buffer C = zeros((n, n))
//! launch matmul_naive grid=((n + 15) // 16, (n + 15) // 16) block=(16, 16) args=(A, B, C, n)
//! check C = A @ B tol=1e-5

// matmul_naive: C = A @ B for n x n row-major float matrices, one thread per
// output element, every operand read straight from global memory.
//
// Ported from the Metal kernel of seed 000 (kernels.metal):
//
//     kernel void matmul_naive(device const float* A, device const float* B,
//                              device float* C, constant uint& n,
//                              uint2 p [[thread_position_in_grid]]) {
//         float acc = 0.0f;
//         for (uint k = 0; k < n; k++)
//             acc += A[p.y * n + k] * B[k * n + p.x];
//         C[p.y * n + p.x] = acc;
//     }
//
// What it teaches: NO REUSE. Each multiply-add needs two loads from global
// memory (8 bytes per 2 FLOPs), so the kernel sits far down the memory side
// of the roofline. The loads are still well shaped within a warp, which is
// two rows of 16 threads: A[p.y*n + k] is just 2 distinct addresses, each
// broadcast to 16 threads, and B[k*n + p.x] is 16 consecutive floats (64
// bytes, two sectors) shared by both rows. All reuse of A's rows and B's
// columns across warps is left to the caches; the tiled kernels make it
// explicit.
//
// Thread-to-data mapping (CUDA terms), blocks of 16 x 16 threads:
//     col = blockIdx.x * blockDim.x + threadIdx.x     (Metal p.x)
//     row = blockIdx.y * blockDim.y + threadIdx.y     (Metal p.y)
//     if (row < n && col < n) C[row*n + col] = sum_k A[row*n + k] * B[k*n + col];
// Metal launches exactly n x n threads; the CUDA grid rounds n up to whole
// 16 x 16 blocks, so threads outside the matrix return at once (any n works).
//
// The k loop walks two pointers instead of recomputing indices: pa moves 4
// bytes along row `row` of A, pb moves n*4 bytes down column `col` of B.

.version 8.0
.target sm_90
.address_size 64

.visible .entry matmul_naive(
	.param .u64 matmul_naive_param_0,       // const float* A
	.param .u64 matmul_naive_param_1,       // const float* B
	.param .u64 matmul_naive_param_2,       // float*       C
	.param .u32 matmul_naive_param_3        // unsigned     n
)
{
	.reg .pred 	%p<6>;
	.reg .f32 	%f<4>;
	.reg .b32 	%r<14>;
	.reg .b64 	%rd<17>;

	ld.param.u64 	%rd1, [matmul_naive_param_0]; // A
	ld.param.u64 	%rd2, [matmul_naive_param_1]; // B
	ld.param.u64 	%rd3, [matmul_naive_param_2]; // C
	ld.param.u32 	%r1, [matmul_naive_param_3]; // n

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
	@%p3 bra 	DONE;

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

K_LOOP:
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
	@%p4 bra 	K_LOOP;

	// C[row*n + col] = acc
	mad.lo.s32 	%r12, %r9, %r1, %r5;
	mul.wide.u32 	%rd12, %r12, 4;
	add.s64 	%rd13, %rd6, %rd12;
	st.global.f32 	[%rd13], %f1;

DONE:
	ret;
}
