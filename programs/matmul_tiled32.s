//! size n = 256
//! require n % 32 == 0
//! buffer A = randn((n, n), seed=1)
//! buffer B = randn((n, n), seed=2)
//! buffer C = zeros((n, n))
//! launch matmul_tiled32 grid=(n // 32, n // 32) block=(32, 32) args=(A, B, C, n)
//! check C = A @ B tol=1e-5

// matmul_tiled32: C = A @ B with 32 x 32 shared-memory tiles and 1,024-thread
// blocks; otherwise identical to matmul_tiled.
//
// Ported from the Metal kernel of seed 000 (kernels.metal):
//
//     kernel void matmul_tiled32(device const float* A, device const float* B,
//                                device float* C, constant uint& n,
//                                uint2 p [[thread_position_in_grid]],
//                                uint2 t [[thread_position_in_threadgroup]]) {
//         threadgroup float As[32][32];
//         threadgroup float Bs[32][32];
//         float acc = 0.0f;
//         for (uint k0 = 0; k0 < n; k0 += 32) {
//             As[t.y][t.x] = A[p.y * n + k0 + t.x];
//             Bs[t.y][t.x] = B[(k0 + t.y) * n + p.x];
//             threadgroup_barrier(mem_flags::mem_threadgroup);
//             for (uint k = 0; k < 32; k++)
//                 acc += As[t.y][k] * Bs[k][t.x];
//             threadgroup_barrier(mem_flags::mem_threadgroup);
//         }
//         C[p.y * n + p.x] = acc;
//     }
//
// What it teaches: A BIGGER TILE, MORE REUSE -- AND ITS PRICE. Each float
// brought into shared memory is now used 32 times instead of 16, halving the
// global traffic of matmul_tiled. The price: a block is 1,024 threads (32
// warps) and 8 KB of shared memory, so at most two blocks fit on an SM, every
// barrier waits for 32 warps, and small matrices make few blocks
// (n = 256: 64 blocks) to spread over the SMs.
//
// Shared-memory access pattern in the inner loop (a warp = one row of 32):
// As[ty][k] is a single address (a broadcast), Bs[k][tx] is 32 consecutive
// floats in the 32 banks -- no bank conflicts. The tile loads are 128-byte,
// fully coalesced rows of A and B.
//
// Thread-to-data mapping (CUDA terms), blocks of 32 x 32 threads:
//     tx = threadIdx.x, ty = threadIdx.y
//     col = blockIdx.x * 32 + tx                   (Metal p.x)
//     row = blockIdx.y * 32 + ty                   (Metal p.y)
//     for each tile k0 = 0, 32, 2*32, ...:
//         As[ty][tx] = A[row*n + k0 + tx];         Bs[ty][tx] = B[(k0 + ty)*n + col];
//         acc += As[ty][k] * Bs[k][tx]  for k = 0..31
//     C[row*n + col] = acc
// The grid is exactly n/32 x n/32 blocks (the `require` line), so no bounds
// checks are needed, as in Metal.
//
// How the PTX is arranged (as nvcc -O3 would arrange it):
//   * shared addresses are 32-bit offsets in the shared window: `mov.u32 %r,
//     As` takes the base address of the tile;
//   * the global pointers walk instead of recomputing indices: pa moves 32
//     floats right along row `row` of A, pb moves 32 rows down B;
//   * the k loop is fully unrolled, so As[ty][k] and Bs[k][tx] become fixed
//     offsets from two base registers: &As[ty][0] + 4*k and &Bs[0][tx] + 128*k
//     (a tile row is 32 floats = 128 bytes).

.version 8.0
.target sm_90
.address_size 64

.visible .entry matmul_tiled32(
	.param .u64 matmul_tiled32_param_0,     // const float* A
	.param .u64 matmul_tiled32_param_1,     // const float* B
	.param .u64 matmul_tiled32_param_2,     // float*       C
	.param .u32 matmul_tiled32_param_3      // unsigned     n
)
{
	.reg .pred 	%p<3>;
	.reg .f32 	%f<68>;
	.reg .b32 	%r<22>;
	.reg .b64 	%rd<15>;
	// The two tiles: float As[32][32], Bs[32][32] (4096 bytes each), one pair per block.
	.shared .align 4 .b8 As[4096];
	.shared .align 4 .b8 Bs[4096];

	ld.param.u64 	%rd1, [matmul_tiled32_param_0]; // A
	ld.param.u64 	%rd2, [matmul_tiled32_param_1]; // B
	ld.param.u64 	%rd3, [matmul_tiled32_param_2]; // C
	ld.param.u32 	%r1, [matmul_tiled32_param_3]; // n

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
	shl.b32 	%r12, %r3, 7;           // ty * 128: byte offset of tile row ty
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

	// bstep = 32 * n * sizeof(float): pb's step from one tile to the next
	mul.wide.u32 	%rd11, %r1, 128;

	// float acc = 0.0f;  tiles = n / 32
	mov.f32 	%f1, 0f00000000;        // 0.0
	shr.u32 	%r20, %r1, 5;
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

	// for (k = 0; k < 32; k++) acc += As[ty][k] * Bs[k][tx];   (unrolled)
	ld.shared.f32 	%f4, [%r14];            // As[ty][0]
	ld.shared.f32 	%f5, [%r16];            // Bs[0][tx]
	fma.rn.f32 	%f1, %f4, %f5, %f1;
	ld.shared.f32 	%f6, [%r14+4];          // As[ty][1]
	ld.shared.f32 	%f7, [%r16+128];        // Bs[1][tx]
	fma.rn.f32 	%f1, %f6, %f7, %f1;
	ld.shared.f32 	%f8, [%r14+8];          // As[ty][2]
	ld.shared.f32 	%f9, [%r16+256];        // Bs[2][tx]
	fma.rn.f32 	%f1, %f8, %f9, %f1;
	ld.shared.f32 	%f10, [%r14+12];        // As[ty][3]
	ld.shared.f32 	%f11, [%r16+384];       // Bs[3][tx]
	fma.rn.f32 	%f1, %f10, %f11, %f1;
	ld.shared.f32 	%f12, [%r14+16];        // As[ty][4]
	ld.shared.f32 	%f13, [%r16+512];       // Bs[4][tx]
	fma.rn.f32 	%f1, %f12, %f13, %f1;
	ld.shared.f32 	%f14, [%r14+20];        // As[ty][5]
	ld.shared.f32 	%f15, [%r16+640];       // Bs[5][tx]
	fma.rn.f32 	%f1, %f14, %f15, %f1;
	ld.shared.f32 	%f16, [%r14+24];        // As[ty][6]
	ld.shared.f32 	%f17, [%r16+768];       // Bs[6][tx]
	fma.rn.f32 	%f1, %f16, %f17, %f1;
	ld.shared.f32 	%f18, [%r14+28];        // As[ty][7]
	ld.shared.f32 	%f19, [%r16+896];       // Bs[7][tx]
	fma.rn.f32 	%f1, %f18, %f19, %f1;
	ld.shared.f32 	%f20, [%r14+32];        // As[ty][8]
	ld.shared.f32 	%f21, [%r16+1024];      // Bs[8][tx]
	fma.rn.f32 	%f1, %f20, %f21, %f1;
	ld.shared.f32 	%f22, [%r14+36];        // As[ty][9]
	ld.shared.f32 	%f23, [%r16+1152];      // Bs[9][tx]
	fma.rn.f32 	%f1, %f22, %f23, %f1;
	ld.shared.f32 	%f24, [%r14+40];        // As[ty][10]
	ld.shared.f32 	%f25, [%r16+1280];      // Bs[10][tx]
	fma.rn.f32 	%f1, %f24, %f25, %f1;
	ld.shared.f32 	%f26, [%r14+44];        // As[ty][11]
	ld.shared.f32 	%f27, [%r16+1408];      // Bs[11][tx]
	fma.rn.f32 	%f1, %f26, %f27, %f1;
	ld.shared.f32 	%f28, [%r14+48];        // As[ty][12]
	ld.shared.f32 	%f29, [%r16+1536];      // Bs[12][tx]
	fma.rn.f32 	%f1, %f28, %f29, %f1;
	ld.shared.f32 	%f30, [%r14+52];        // As[ty][13]
	ld.shared.f32 	%f31, [%r16+1664];      // Bs[13][tx]
	fma.rn.f32 	%f1, %f30, %f31, %f1;
	ld.shared.f32 	%f32, [%r14+56];        // As[ty][14]
	ld.shared.f32 	%f33, [%r16+1792];      // Bs[14][tx]
	fma.rn.f32 	%f1, %f32, %f33, %f1;
	ld.shared.f32 	%f34, [%r14+60];        // As[ty][15]
	ld.shared.f32 	%f35, [%r16+1920];      // Bs[15][tx]
	fma.rn.f32 	%f1, %f34, %f35, %f1;
	ld.shared.f32 	%f36, [%r14+64];        // As[ty][16]
	ld.shared.f32 	%f37, [%r16+2048];      // Bs[16][tx]
	fma.rn.f32 	%f1, %f36, %f37, %f1;
	ld.shared.f32 	%f38, [%r14+68];        // As[ty][17]
	ld.shared.f32 	%f39, [%r16+2176];      // Bs[17][tx]
	fma.rn.f32 	%f1, %f38, %f39, %f1;
	ld.shared.f32 	%f40, [%r14+72];        // As[ty][18]
	ld.shared.f32 	%f41, [%r16+2304];      // Bs[18][tx]
	fma.rn.f32 	%f1, %f40, %f41, %f1;
	ld.shared.f32 	%f42, [%r14+76];        // As[ty][19]
	ld.shared.f32 	%f43, [%r16+2432];      // Bs[19][tx]
	fma.rn.f32 	%f1, %f42, %f43, %f1;
	ld.shared.f32 	%f44, [%r14+80];        // As[ty][20]
	ld.shared.f32 	%f45, [%r16+2560];      // Bs[20][tx]
	fma.rn.f32 	%f1, %f44, %f45, %f1;
	ld.shared.f32 	%f46, [%r14+84];        // As[ty][21]
	ld.shared.f32 	%f47, [%r16+2688];      // Bs[21][tx]
	fma.rn.f32 	%f1, %f46, %f47, %f1;
	ld.shared.f32 	%f48, [%r14+88];        // As[ty][22]
	ld.shared.f32 	%f49, [%r16+2816];      // Bs[22][tx]
	fma.rn.f32 	%f1, %f48, %f49, %f1;
	ld.shared.f32 	%f50, [%r14+92];        // As[ty][23]
	ld.shared.f32 	%f51, [%r16+2944];      // Bs[23][tx]
	fma.rn.f32 	%f1, %f50, %f51, %f1;
	ld.shared.f32 	%f52, [%r14+96];        // As[ty][24]
	ld.shared.f32 	%f53, [%r16+3072];      // Bs[24][tx]
	fma.rn.f32 	%f1, %f52, %f53, %f1;
	ld.shared.f32 	%f54, [%r14+100];       // As[ty][25]
	ld.shared.f32 	%f55, [%r16+3200];      // Bs[25][tx]
	fma.rn.f32 	%f1, %f54, %f55, %f1;
	ld.shared.f32 	%f56, [%r14+104];       // As[ty][26]
	ld.shared.f32 	%f57, [%r16+3328];      // Bs[26][tx]
	fma.rn.f32 	%f1, %f56, %f57, %f1;
	ld.shared.f32 	%f58, [%r14+108];       // As[ty][27]
	ld.shared.f32 	%f59, [%r16+3456];      // Bs[27][tx]
	fma.rn.f32 	%f1, %f58, %f59, %f1;
	ld.shared.f32 	%f60, [%r14+112];       // As[ty][28]
	ld.shared.f32 	%f61, [%r16+3584];      // Bs[28][tx]
	fma.rn.f32 	%f1, %f60, %f61, %f1;
	ld.shared.f32 	%f62, [%r14+116];       // As[ty][29]
	ld.shared.f32 	%f63, [%r16+3712];      // Bs[29][tx]
	fma.rn.f32 	%f1, %f62, %f63, %f1;
	ld.shared.f32 	%f64, [%r14+120];       // As[ty][30]
	ld.shared.f32 	%f65, [%r16+3840];      // Bs[30][tx]
	fma.rn.f32 	%f1, %f64, %f65, %f1;
	ld.shared.f32 	%f66, [%r14+124];       // As[ty][31]
	ld.shared.f32 	%f67, [%r16+3968];      // Bs[31][tx]
	fma.rn.f32 	%f1, %f66, %f67, %f1;

	// threadgroup_barrier: wait until everyone is done reading the tiles
	// before the next iteration overwrites them
	bar.sync 	0;

	// k0 += 32: pa moves 32 floats right, pb moves 32 rows down
	add.s64 	%rd8, %rd8, 128;
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
