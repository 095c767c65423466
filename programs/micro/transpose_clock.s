//! size n = 256
//! require n % 32 == 0
//! buffer a = randn((n, n), seed=1)
//! buffer out = zeros((n, n))
//! buffer lat = zeros((n // 32) ** 2 * 8 * 5, dtype=uint32)
//! launch transpose_clock grid=(n // 32, n // 32) block=(32, 8) args=(out, a, n, lat)
//! check out = a.T tol=0
// transpose_smem.s's kernel with each warp's phases timed by %clock64
// (issue 7): where a block of 8 warps spends its time between the start,
// its four loads' data (the shared stores that wait for it), the barrier's
// release and its four 32-way conflicted shared loads (the global stores
// that wait for them). Lane 0 of warp w (w = (by * gridDim.x + bx) * 8 +
// ty) stores the low halves of the four clocks in lat[5w .. 5w+3] and
// %smid in lat[5w + 4].
// What it asks: how late a block's slowest global load is against its
// other warps' (the barrier's wait: 0.07 of transpose_smem's warp-cycles
// on the H200, 0.13 in simgpu, whose late DRAM windows make nearly every
// block of 32 lines wait for one); and in what order the shared loads of
// the block's 8 warps are served (each a warp's 32 wavefronts).
// The code is transpose_smem.s's, with the 4 clock reads and the stores of
// lane 0 added (tools/transpose_clock_figures.py reads the records).

.version 8.0
.target sm_90
.address_size 64

.visible .entry transpose_clock(
	.param .u64 transpose_clock_param_0,     // float*       out
	.param .u64 transpose_clock_param_1,     // const float* a
	.param .u32 transpose_clock_param_2,     // unsigned     n
	.param .u64 transpose_clock_param_3      // unsigned*    lat: 5 words a warp
)
{
	.reg .f32 	%f<9>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<24>;
	.reg .b32 	%c<8>;
	.reg .pred 	%p<2>;
	// float tile[32][32]: 32 rows of 128 bytes, one block's tile
	.shared .align 4 .b8 tile[4096];

	ld.param.u64 	%rd1, [transpose_clock_param_0]; // out
	ld.param.u64 	%rd2, [transpose_clock_param_1]; // a
	ld.param.u32 	%r1, [transpose_clock_param_2]; // n
	ld.param.u64 	%rd18, [transpose_clock_param_3]; // lat
	mov.u64 	%rd19, %clock64;        // t0: the warp's start
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
	mov.u64 	%rd20, %clock64;        // t1: the loads' data came (the stores waited for it)

	// __syncthreads(): the whole tile must be in shared memory before any
	// thread reads a column of it: a column's 32 words were written by all
	// 8 warps of the block
	bar.sync 	0;
	mov.u64 	%rd21, %clock64;        // t2: the barrier let the warp go

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
	mov.u64 	%rd22, %clock64;        // t3: the shared loads' data came (the stores waited for it)

	// lane 0 of warp w stores t0..t3 (low halves) and %smid at lat[5w]
	setp.ne.u32 	%p1, %r2, 0;
	@%p1 bra 	DONE;
	mov.u32 	%c0, %nctaid.x;
	mad.lo.s32 	%c1, %r5, %c0, %r4;      // by * gridDim.x + bx
	shl.b32 	%c2, %c1, 3;
	add.s32 	%c3, %c2, %r3;          // w
	mul.lo.s32 	%c4, %c3, 5;
	cvta.to.global.u64 	%rd23, %rd18;
	mul.wide.u32 	%rd16, %c4, 4;
	add.s64 	%rd17, %rd23, %rd16;
	cvt.u32.u64 	%c5, %rd19;
	st.global.u32 	[%rd17], %c5;
	cvt.u32.u64 	%c5, %rd20;
	st.global.u32 	[%rd17+4], %c5;
	cvt.u32.u64 	%c5, %rd21;
	st.global.u32 	[%rd17+8], %c5;
	cvt.u32.u64 	%c5, %rd22;
	st.global.u32 	[%rd17+12], %c5;
	mov.u32 	%c6, %smid;
	st.global.u32 	[%rd17+16], %c6;
DONE:
	ret;
}
