//! size n = 256
//! require n % 32 == 0
//! buffer a = randn((n, n), seed=1)
//! buffer out = zeros((n, n))
//! launch transpose_smem grid=(n // 32, n // 32) block=(32, 8) args=(out, a, n)
//! check out = a.T tol=0

// transpose_smem: out = a.T for an n x n row-major float matrix, each
// 32 x 32 tile turned around in shared memory, tile[32][32]. Global reads
// AND writes are coalesced; the price is a 32-way shared-memory bank
// conflict on every read of the tile.
//
// The kernel is transposeCoalesced from NVIDIA's CUDA transpose sample
// (Mark Harris, "An Efficient Matrix Transpose in CUDA C/C++", 2013), with
// TILE_DIM = 32 and BLOCK_ROWS = 8:
//
//     __global__ void transpose_smem(float* __restrict__ out,
//                                    const float* __restrict__ a, unsigned n) {
//         __shared__ float tile[32][32];
//         unsigned x = blockIdx.x * 32 + threadIdx.x;
//         unsigned y = blockIdx.y * 32 + threadIdx.y;
//         for (unsigned j = 0; j < 32; j += 8)
//             tile[threadIdx.y + j][threadIdx.x] = a[(y + j) * n + x];
//         __syncthreads();
//         x = blockIdx.y * 32 + threadIdx.x;       // the transposed tile's corner
//         y = blockIdx.x * 32 + threadIdx.y;
//         for (unsigned j = 0; j < 32; j += 8)
//             out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
//     }
//
// What it teaches: SHARED MEMORY AS A STAGING AREA, and BANK CONFLICTS.
// transpose_naive.s wrote 32 sectors per request because a warp wrote a
// column of out. Here a block reads tile (bx, by) of a row by row into
// shared memory, waits at the barrier, and writes it as tile (by, bx) of out,
// again row by row; the transposition happens in shared memory, where
// addresses are cheap to scatter. Per warp request (a warp = one row of the
// 32 x 8 block, 32 lanes tx = 0..31 with the same ty):
//   global loads  a[(y+j)*n + x]:  128 consecutive bytes -> 4 sectors;
//   global stores out[(y+j)*n + x]: 128 consecutive bytes -> 4 sectors;
//   shared stores tile[ty+j][tx]:  32 consecutive words, one per bank,
//                                  -> 1 wavefront, no conflict;
//   shared loads  tile[tx][ty+j]:  a COLUMN of the tile. Shared memory is 32
//                                  banks of 4-byte words, bank = word % 32.
//                                  Lane tx reads word 32*tx + ty + j, so all
//                                  32 lanes want different words of the SAME
//                                  bank (ty + j) % 32: a 32-way conflict,
//                                  served in 32 wavefronts instead of 1.
// `simgpu run` counts it: every one of the n*n/32 shared-load requests has
// 31 bank conflicts (wavefronts - ideal), 31*n*n/32 in all (63,488 at
// n = 256); the stores have none. transpose_smem_padded.s removes the
// conflicts with one unused column: tile[32][33].
//
// What the conflicts cost: an SM's shared memory serves one wavefront a
// cycle, so a block's 32 column reads (8 warps x 4) occupy it for 32 x 32 =
// 1,024 cycles instead of 32. At the default n = 256 (64 blocks, one per
// SM) that is most of the run, and this version is even slower than
// transpose_naive.s; with more blocks than SMs (`--set n=1024`) the
// coalesced stores win and it beats the naive one, and the padded one beats
// both.
//
// Why 32 x 8 threads and 4 elements per thread (NVIDIA's choice): a 32 x 32
// block (1,024 threads, one element each) would work too, but 256-thread
// blocks amortise the index arithmetic over 4 elements, let up to 8 blocks
// share an SM (a 1,024-thread block allows 2) and make the barrier wait for
// 8 warps, not 32. blockDim.x = 32 makes every warp one row of the tile,
// which is what the sector and bank counts above assume.
//
// Thread-to-data mapping (CUDA terms):
//     tx = threadIdx.x (0..31), ty = threadIdx.y (0..7)
//     load:  tile[ty + j][tx] = a[(by*32 + ty + j)*n + bx*32 + tx]
//     store: out[(bx*32 + ty + j)*n + by*32 + tx] = tile[tx][ty + j]
//     j = 0, 8, 16, 24
// The grid is exactly n/32 x n/32 blocks (the `require` line), so no bounds
// checks are needed; the check is exact (tol=0): a transpose only moves bits.
//
// How the PTX is arranged:
//   * shared addresses are 32-bit offsets: `mov.u32 %r, tile` is the tile's
//     base; a tile row is 32 floats = 128 bytes, so tile[ty+j][tx] is
//     &tile[ty][tx] + 128*j (immediates 0, 1024, 2048, 3072) and
//     tile[tx][ty+j] is &tile[tx][ty] + 4*j (immediates 0, 32, 64, 96);
//   * the global pointers step 8 rows = 8*n*4 bytes (a register step).

.version 8.0
.target sm_90
.address_size 64

.visible .entry transpose_smem(
	.param .u64 transpose_smem_param_0,     // float*       out
	.param .u64 transpose_smem_param_1,     // const float* a
	.param .u32 transpose_smem_param_2      // unsigned     n
)
{
	.reg .f32 	%f<9>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<18>;
	// float tile[32][32]: 32 rows of 128 bytes, one block's tile
	.shared .align 4 .b8 tile[4096];

	ld.param.u64 	%rd1, [transpose_smem_param_0]; // out
	ld.param.u64 	%rd2, [transpose_smem_param_1]; // a
	ld.param.u32 	%r1, [transpose_smem_param_2]; // n
	cvta.to.global.u64 	%rd3, %rd1;
	cvta.to.global.u64 	%rd4, %rd2;

	mov.u32 	%r2, %tid.x;            // tx
	mov.u32 	%r3, %tid.y;            // ty
	mov.u32 	%r4, %ctaid.x;          // bx
	mov.u32 	%r5, %ctaid.y;          // by
	shl.b32 	%r6, %r4, 5;            // bx * 32
	shl.b32 	%r7, %r5, 5;            // by * 32

	// rowstep = 8 * n * sizeof(float): from row r to row r + 8
	mul.wide.u32 	%rd5, %r1, 32;

	// ---- phase 1: tile[ty + j][tx] = a[(by*32 + ty + j)*n + bx*32 + tx] ----
	// src = &a[(by*32 + ty)*n + bx*32 + tx]
	add.s32 	%r8, %r7, %r3;          // by*32 + ty
	add.s32 	%r9, %r6, %r2;          // bx*32 + tx
	mad.lo.s32 	%r10, %r8, %r1, %r9;
	mul.wide.u32 	%rd6, %r10, 4;
	add.s64 	%rd7, %rd4, %rd6;
	add.s64 	%rd8, %rd7, %rd5;
	add.s64 	%rd9, %rd8, %rd5;
	add.s64 	%rd10, %rd9, %rd5;

	// 4 coalesced loads: each warp reads 32 neighbouring floats of one row
	ld.global.f32 	%f1, [%rd7];
	ld.global.f32 	%f2, [%rd8];
	ld.global.f32 	%f3, [%rd9];
	ld.global.f32 	%f4, [%rd10];

	// wr = &tile[ty][tx] = tile + ty*128 + tx*4
	mov.u32 	%r11, tile;
	shl.b32 	%r12, %r3, 7;           // ty * 128: byte offset of tile row ty
	shl.b32 	%r13, %r2, 2;           // tx * 4:   byte offset of tile column tx
	add.s32 	%r14, %r11, %r12;
	add.s32 	%r15, %r14, %r13;       // wr

	// 4 row writes of the tile: lane tx -> word 32*(ty+j) + tx, bank tx.
	// 32 lanes, 32 different banks: conflict-free
	st.shared.f32 	[%r15], %f1;            // tile[ty][tx]
	st.shared.f32 	[%r15+1024], %f2;       // tile[ty + 8][tx]
	st.shared.f32 	[%r15+2048], %f3;       // tile[ty + 16][tx]
	st.shared.f32 	[%r15+3072], %f4;       // tile[ty + 24][tx]

	// __syncthreads(): the whole tile must be in shared memory before any
	// thread reads a column of it: a column's 32 words were written by all
	// 8 warps of the block
	bar.sync 	0;

	// ---- phase 2: out[(bx*32 + ty + j)*n + by*32 + tx] = tile[tx][ty + j] ----
	// rd = &tile[tx][ty] = tile + tx*128 + ty*4
	shl.b32 	%r16, %r2, 7;           // tx * 128: row tx of the tile
	shl.b32 	%r17, %r3, 2;           // ty * 4:   column ty
	add.s32 	%r18, %r11, %r16;
	add.s32 	%r19, %r18, %r17;       // rd

	// 4 column reads of the tile: lane tx -> word 32*tx + ty + j, and
	// (32*tx + ty + j) % 32 = ty + j for EVERY lane: 32 words, one bank,
	// a 32-way bank conflict (32 wavefronts, 31 of them extra) per read
	ld.shared.f32 	%f5, [%r19];            // tile[tx][ty]
	ld.shared.f32 	%f6, [%r19+32];         // tile[tx][ty + 8]
	ld.shared.f32 	%f7, [%r19+64];         // tile[tx][ty + 16]
	ld.shared.f32 	%f8, [%r19+96];         // tile[tx][ty + 24]

	// dst = &out[(bx*32 + ty)*n + by*32 + tx]: the transposed tile's corner
	add.s32 	%r20, %r6, %r3;         // bx*32 + ty
	add.s32 	%r21, %r7, %r2;         // by*32 + tx
	mad.lo.s32 	%r22, %r20, %r1, %r21;
	mul.wide.u32 	%rd11, %r22, 4;
	add.s64 	%rd12, %rd3, %rd11;
	add.s64 	%rd13, %rd12, %rd5;
	add.s64 	%rd14, %rd13, %rd5;
	add.s64 	%rd15, %rd14, %rd5;

	// 4 coalesced stores: each warp writes 32 neighbouring floats of one row
	st.global.f32 	[%rd12], %f5;
	st.global.f32 	[%rd13], %f6;
	st.global.f32 	[%rd14], %f7;
	st.global.f32 	[%rd15], %f8;

	ret;
}
