//! size n = 256
//! require n % 16 == 0
//! buffer A = randn((n, n), seed=1)
//! buffer B = randn((n, n), seed=2)
//! buffer C = zeros((n, n))
//! launch matmul_tiled grid=(n // 16, n // 16) block=(16, 16) args=(A, B, C, n)
//! check C = A @ B tol=1e-5

// matmul_tiled: C = A @ B for n x n row-major float matrices, one thread per
// output element, operands staged through 16 x 16 tiles in shared memory.
//
// Ported from the Metal kernel of seed 000 (kernels.metal):
//
//     kernel void matmul_tiled(device const float* A, device const float* B,
//                              device float* C, constant uint& n,
//                              uint2 p [[thread_position_in_grid]],
//                              uint2 t [[thread_position_in_threadgroup]]) {
//         threadgroup float As[16][16];
//         threadgroup float Bs[16][16];
//         float acc = 0.0f;
//         for (uint k0 = 0; k0 < n; k0 += 16) {
//             As[t.y][t.x] = A[p.y * n + k0 + t.x];
//             Bs[t.y][t.x] = B[(k0 + t.y) * n + p.x];
//             threadgroup_barrier(mem_flags::mem_threadgroup);
//             for (uint k = 0; k < 16; k++)
//                 acc += As[t.y][k] * Bs[k][t.x];
//             threadgroup_barrier(mem_flags::mem_threadgroup);
//         }
//         C[p.y * n + p.x] = acc;
//     }
//
// What it teaches: REUSE THROUGH TILING. The naive kernel loads two floats
// from global memory per multiply-add. Here the 256 threads of a block first
// copy a 16 x 16 tile of A and one of B into shared memory (one float of each
// per thread, coalesced: a block row reads 16 consecutive floats), wait at a
// barrier, and then every thread does 16 multiply-adds reading only shared
// memory. Each float fetched from global memory is used 16 times, so global
// traffic drops 16x; the second barrier keeps fast threads from overwriting
// the tiles while slow ones still read them.
//
// Shared-memory access pattern in the inner loop (a warp = 2 rows of 16):
// As[ty][k] is one address per row of threads (a broadcast), Bs[k][tx] is 16
// consecutive floats in 16 different banks -- no bank conflicts.
//
// Thread-to-data mapping (CUDA terms), blocks of 16 x 16 threads:
//     tx = threadIdx.x, ty = threadIdx.y
//     col = blockIdx.x * 16 + tx                   (Metal p.x)
//     row = blockIdx.y * 16 + ty                   (Metal p.y)
//     for each tile k0 = 0, 16, 2*16, ...:
//         As[ty][tx] = A[row*n + k0 + tx];         Bs[ty][tx] = B[(k0 + ty)*n + col];
//         acc += As[ty][k] * Bs[k][tx]  for k = 0..15
//     C[row*n + col] = acc
// The grid is exactly n/16 x n/16 blocks (the `require` line), so no bounds
// checks are needed, as in Metal.
//
// How the PTX is arranged (as nvcc -O3 would arrange it):
//   * shared addresses are 32-bit offsets in the shared window: `mov.u32 %r,
//     As` takes the base address of the tile;
//   * the global pointers walk instead of recomputing indices: pa moves 16
//     floats right along row `row` of A, pb moves 16 rows down B;
//   * the k loop is fully unrolled, so As[ty][k] and Bs[k][tx] become fixed
//     offsets from two base registers: &As[ty][0] + 4*k and &Bs[0][tx] + 64*k
//     (a tile row is 16 floats = 64 bytes).

.version 8.0
.target sm_90
.address_size 64

.visible .entry matmul_tiled(
	.param .u64 matmul_tiled_param_0,       // const float* A
	.param .u64 matmul_tiled_param_1,       // const float* B
	.param .u64 matmul_tiled_param_2,       // float*       C
	.param .u32 matmul_tiled_param_3        // unsigned     n
)
{
	.reg .pred 	%p<3>;
	.reg .f32 	%f<36>;
	.reg .b32 	%r<22>;
	.reg .b64 	%rd<15>;
	// The two tiles: float As[16][16], Bs[16][16] (1024 bytes each), one pair per block.
	.shared .align 4 .b8 As[1024];
	.shared .align 4 .b8 Bs[1024];

	ld.param.u64 	%rd1, [matmul_tiled_param_0]; // A
	ld.param.u64 	%rd2, [matmul_tiled_param_1]; // B
	ld.param.u64 	%rd3, [matmul_tiled_param_2]; // C
	ld.param.u32 	%r1, [matmul_tiled_param_3]; // n

	// tx = threadIdx.x; ty = threadIdx.y
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, %tid.y;

	// col = blockIdx.x * blockDim.x + tx;  row = blockIdx.y * blockDim.y + ty
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %ntid.x;
	mad.lo.s32 	%r6, %r4, %r5, %r2;
	mov.u32 	%r7, %ctaid.y;
	mov.u32 	%r8, %ntid.y;
	mad.lo.s32 	%r9, %r7, %r8, %r3;

	cvta.to.global.u64 	%rd4, %rd1;
	cvta.to.global.u64 	%rd5, %rd2;
	cvta.to.global.u64 	%rd6, %rd3;

	// Shared-memory addresses this thread uses, in bytes:
	//   arow = &As[ty][0]   (the row of the A tile it multiplies)
	//   bcol = &Bs[0][tx]   (the column of the B tile it multiplies)
	//   &As[ty][tx], &Bs[ty][tx]   (the slots it fills)
	mov.u32 	%r10, As;
	mov.u32 	%r11, Bs;
	shl.b32 	%r12, %r3, 6;           // ty * 64: byte offset of tile row ty
	shl.b32 	%r13, %r2, 2;           // tx * 4:  byte offset of tile column tx
	add.s32 	%r14, %r10, %r12;       // arow
	add.s32 	%r15, %r14, %r13;       // &As[ty][tx]
	add.s32 	%r16, %r11, %r13;       // bcol
	add.s32 	%r17, %r16, %r12;       // &Bs[ty][tx]

	// pa = &A[row*n + tx]        -- A element this thread loads for tile k0 = 0
	mad.lo.s32 	%r18, %r9, %r1, %r2;
	mul.wide.u32 	%rd7, %r18, 4;
	add.s64 	%rd8, %rd4, %rd7;

	// pb = &B[ty*n + col]        -- B element this thread loads for tile k0 = 0
	mad.lo.s32 	%r19, %r3, %r1, %r6;
	mul.wide.u32 	%rd9, %r19, 4;
	add.s64 	%rd10, %rd5, %rd9;

	// bstep = 16 * n * sizeof(float): pb's step from one tile to the next
	mul.wide.u32 	%rd11, %r1, 64;

	// float acc = 0.0f;  tiles = n / 16
	mov.f32 	%f1, 0f00000000;        // 0.0
	shr.u32 	%r20, %r1, 4;
	setp.eq.s32 	%p1, %r20, 0;
	@%p1 bra 	STORE;

TILE_LOOP:
	// As[ty][tx] = A[row*n + k0 + tx];  Bs[ty][tx] = B[(k0 + ty)*n + col];
	ld.global.f32 	%f2, [%rd8];
	st.shared.f32 	[%r15], %f2;
	ld.global.f32 	%f3, [%rd10];
	st.shared.f32 	[%r17], %f3;

	// threadgroup_barrier: wait until the whole block has filled both tiles
	bar.sync 	0;

	// for (k = 0; k < 16; k++) acc += As[ty][k] * Bs[k][tx];   (unrolled)
	ld.shared.f32 	%f4, [%r14];            // As[ty][0]
	ld.shared.f32 	%f5, [%r16];            // Bs[0][tx]
	fma.rn.f32 	%f1, %f4, %f5, %f1;
	ld.shared.f32 	%f6, [%r14+4];          // As[ty][1]
	ld.shared.f32 	%f7, [%r16+64];         // Bs[1][tx]
	fma.rn.f32 	%f1, %f6, %f7, %f1;
	ld.shared.f32 	%f8, [%r14+8];          // As[ty][2]
	ld.shared.f32 	%f9, [%r16+128];        // Bs[2][tx]
	fma.rn.f32 	%f1, %f8, %f9, %f1;
	ld.shared.f32 	%f10, [%r14+12];        // As[ty][3]
	ld.shared.f32 	%f11, [%r16+192];       // Bs[3][tx]
	fma.rn.f32 	%f1, %f10, %f11, %f1;
	ld.shared.f32 	%f12, [%r14+16];        // As[ty][4]
	ld.shared.f32 	%f13, [%r16+256];       // Bs[4][tx]
	fma.rn.f32 	%f1, %f12, %f13, %f1;
	ld.shared.f32 	%f14, [%r14+20];        // As[ty][5]
	ld.shared.f32 	%f15, [%r16+320];       // Bs[5][tx]
	fma.rn.f32 	%f1, %f14, %f15, %f1;
	ld.shared.f32 	%f16, [%r14+24];        // As[ty][6]
	ld.shared.f32 	%f17, [%r16+384];       // Bs[6][tx]
	fma.rn.f32 	%f1, %f16, %f17, %f1;
	ld.shared.f32 	%f18, [%r14+28];        // As[ty][7]
	ld.shared.f32 	%f19, [%r16+448];       // Bs[7][tx]
	fma.rn.f32 	%f1, %f18, %f19, %f1;
	ld.shared.f32 	%f20, [%r14+32];        // As[ty][8]
	ld.shared.f32 	%f21, [%r16+512];       // Bs[8][tx]
	fma.rn.f32 	%f1, %f20, %f21, %f1;
	ld.shared.f32 	%f22, [%r14+36];        // As[ty][9]
	ld.shared.f32 	%f23, [%r16+576];       // Bs[9][tx]
	fma.rn.f32 	%f1, %f22, %f23, %f1;
	ld.shared.f32 	%f24, [%r14+40];        // As[ty][10]
	ld.shared.f32 	%f25, [%r16+640];       // Bs[10][tx]
	fma.rn.f32 	%f1, %f24, %f25, %f1;
	ld.shared.f32 	%f26, [%r14+44];        // As[ty][11]
	ld.shared.f32 	%f27, [%r16+704];       // Bs[11][tx]
	fma.rn.f32 	%f1, %f26, %f27, %f1;
	ld.shared.f32 	%f28, [%r14+48];        // As[ty][12]
	ld.shared.f32 	%f29, [%r16+768];       // Bs[12][tx]
	fma.rn.f32 	%f1, %f28, %f29, %f1;
	ld.shared.f32 	%f30, [%r14+52];        // As[ty][13]
	ld.shared.f32 	%f31, [%r16+832];       // Bs[13][tx]
	fma.rn.f32 	%f1, %f30, %f31, %f1;
	ld.shared.f32 	%f32, [%r14+56];        // As[ty][14]
	ld.shared.f32 	%f33, [%r16+896];       // Bs[14][tx]
	fma.rn.f32 	%f1, %f32, %f33, %f1;
	ld.shared.f32 	%f34, [%r14+60];        // As[ty][15]
	ld.shared.f32 	%f35, [%r16+960];       // Bs[15][tx]
	fma.rn.f32 	%f1, %f34, %f35, %f1;

	// threadgroup_barrier: wait until everyone is done reading the tiles
	// before the next iteration overwrites them
	bar.sync 	0;

	// k0 += 16: pa moves 16 floats right, pb moves 16 rows down
	add.s64 	%rd8, %rd8, 64;
	add.s64 	%rd10, %rd10, %rd11;
	add.s32 	%r20, %r20, -1;
	setp.ne.s32 	%p2, %r20, 0;
	@%p2 bra 	TILE_LOOP;

STORE:
	// C[row*n + col] = acc
	mad.lo.s32 	%r21, %r9, %r1, %r6;
	mul.wide.u32 	%rd12, %r21, 4;
	add.s64 	%rd13, %rd6, %rd12;
	st.global.f32 	[%rd13], %f1;

	ret;
}
