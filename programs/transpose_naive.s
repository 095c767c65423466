//! size n = 256
//! require n % 32 == 0
//! buffer a = randn((n, n), seed=1)
//! buffer out = zeros((n, n))
//! launch transpose_naive grid=(n // 32, n // 32) block=(32, 8) args=(out, a, n)
//! check out = a.T tol=0

// transpose_naive: out = a.T for an n x n row-major float matrix, straight
// from global memory to global memory. Each block moves one 32 x 32 tile;
// its 32 x 8 threads do 4 elements each.
//
// The kernel is transposeNaive from NVIDIA's CUDA transpose sample (Mark
// Harris, "An Efficient Matrix Transpose in CUDA C/C++", 2013), with
// TILE_DIM = 32 and BLOCK_ROWS = 8:
//
//     __global__ void transpose_naive(float* __restrict__ out,
//                                     const float* __restrict__ a, unsigned n) {
//         unsigned x = blockIdx.x * 32 + threadIdx.x;
//         unsigned y = blockIdx.y * 32 + threadIdx.y;
//         for (unsigned j = 0; j < 32; j += 8)
//             out[x * n + (y + j)] = a[(y + j) * n + x];
//     }
//
// What it teaches: UNCOALESCED GLOBAL ACCESS. A transpose has to read rows
// and write columns (or the reverse); straight from global memory, one of
// the two sides is strided. A warp is one row of the block: 32 threads with
// consecutive threadIdx.x and the same threadIdx.y.
//   reads:  a[(y+j)*n + x] for 32 consecutive x = 128 consecutive bytes
//           -> 4 sectors of 32 B per request (perfectly coalesced);
//   writes: out[x*n + (y+j)] for 32 consecutive x = 32 floats n*4 bytes
//           apart (1,024 B at n = 256); every lane lands in its own 32-byte
//           sector -> 32 sectors per request, of which each uses 4 bytes.
// `simgpu run` prints the two sides separately (global loads, global
// stores): 4.00 sectors/request for the loads, 32.00 for the stores, at any
// n the recipe allows (n >= 32 puts consecutive x at least 128 B apart). The
// memory system moves 8x the bytes the stores need. transpose_smem.s fixes
// it by turning the tile around in shared memory.
//
// In time: from n = 512 on (256 blocks and more) the strided stores cost
// more than anything else, and the three transposes line up as the sectors
// and bank conflicts predict: this one slowest, transpose_smem.s faster,
// transpose_smem_padded.s fastest (`--set n=1024` on all three). At the
// default n = 256 the grid is only 64 blocks, under one per SM, and
// transpose_smem.s's bank conflicts cost it more than the strided stores
// cost this one (see transpose_smem.s). On a real H200 (CUDA events, median
// of 50, 2026-11-29) at n = 4096: naive 259 us, transpose_smem.s 96 us,
// transpose_smem_padded.s 45 us; at n = 1024: 25.8, 14.8 and 10.7 us; at
// n <= 256 all three take the launch's ~9-11 us.
//
// Why 32 x 8 threads and 4 elements per thread (NVIDIA's choice): a 32 x 32
// block (1,024 threads) would do one element per thread, but 256-thread
// blocks keep the per-element index arithmetic amortised over 4 elements and
// let up to 8 blocks share an SM. blockDim.x = 32 makes every warp exactly
// one row of the tile, which is what the sector counts above assume.
//
// Thread-to-data mapping (CUDA terms):
//     tx = threadIdx.x (0..31), ty = threadIdx.y (0..7)
//     x = blockIdx.x * 32 + tx                     (column of a, row of out)
//     y = blockIdx.y * 32 + ty                     (first of 4 rows of a)
//     for j in 0, 8, 16, 24:  out[x*n + y + j] = a[(y + j)*n + x]
// The grid is exactly n/32 x n/32 blocks (the `require` line), so no bounds
// checks are needed. A transpose moves bits without arithmetic, so the check
// is exact (tol=0).
//
// How the PTX is arranged (as nvcc -O3 arranges it, given __restrict__):
//   * the 4 loads are issued before the 4 stores, so the 4 requests of a
//     thread are in flight together;
//   * the source pointer steps 8 rows = 8*n*4 bytes between loads (a
//     register step); the destination steps 8 floats = 32 bytes between
//     stores (immediate offsets +32, +64, +96).

.version 8.0
.target sm_90
.address_size 64

.visible .entry transpose_naive(
	.param .u64 transpose_naive_param_0,    // float*       out
	.param .u64 transpose_naive_param_1,    // const float* a
	.param .u32 transpose_naive_param_2     // unsigned     n
)
{
	.reg .f32 	%f<5>;
	.reg .b32 	%r<12>;
	.reg .b64 	%rd<14>;

	ld.param.u64 	%rd1, [transpose_naive_param_0]; // out
	ld.param.u64 	%rd2, [transpose_naive_param_1]; // a
	ld.param.u32 	%r1, [transpose_naive_param_2]; // n
	cvta.to.global.u64 	%rd3, %rd1;
	cvta.to.global.u64 	%rd4, %rd2;

	// x = blockIdx.x * 32 + tx;  y = blockIdx.y * 32 + ty
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, %tid.y;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %ctaid.y;
	shl.b32 	%r6, %r4, 5;
	add.s32 	%r7, %r6, %r2;          // x
	shl.b32 	%r8, %r5, 5;
	add.s32 	%r9, %r8, %r3;          // y

	// src = &a[y*n + x]: the warp's 32 lanes read 32 neighbouring floats
	mad.lo.s32 	%r10, %r9, %r1, %r7;
	mul.wide.u32 	%rd5, %r10, 4;
	add.s64 	%rd6, %rd4, %rd5;
	// rowstep = 8 * n * sizeof(float): from row y+j to row y+j+8
	mul.wide.u32 	%rd7, %r1, 32;
	add.s64 	%rd8, %rd6, %rd7;
	add.s64 	%rd9, %rd8, %rd7;
	add.s64 	%rd10, %rd9, %rd7;

	// v_j = a[(y + j)*n + x]  for j = 0, 8, 16, 24    -- 4 coalesced loads
	ld.global.f32 	%f1, [%rd6];
	ld.global.f32 	%f2, [%rd8];
	ld.global.f32 	%f3, [%rd9];
	ld.global.f32 	%f4, [%rd10];

	// dst = &out[x*n + y]: lane tx writes row x of out, so the warp's 32
	// lanes write 32 different rows, n*4 bytes apart -- 32 sectors
	mad.lo.s32 	%r11, %r7, %r1, %r9;
	mul.wide.u32 	%rd11, %r11, 4;
	add.s64 	%rd12, %rd3, %rd11;

	// out[x*n + y + j] = v_j  for j = 0, 8, 16, 24      -- 4 strided stores
	st.global.f32 	[%rd12], %f1;
	st.global.f32 	[%rd12+32], %f2;
	st.global.f32 	[%rd12+64], %f3;
	st.global.f32 	[%rd12+96], %f4;

	ret;
}
