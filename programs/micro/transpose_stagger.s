//! size n = 256
//! require n % 32 == 0
//! buffer a = randn((n, n), seed=1)
//! buffer out = zeros((n, n))
//! buffer l0 = zeros((n // 32) ** 2 * 8 * 5, dtype=uint32)
//! buffer l1 = zeros((n // 32) ** 2 * 8 * 5, dtype=uint32)
//! buffer l2 = zeros((n // 32) ** 2 * 8 * 5, dtype=uint32)
//! buffer l3 = zeros((n // 32) ** 2 * 8 * 5, dtype=uint32)
//! launch transpose_stagger grid=(n // 32, n // 32) block=(32, 8) args=(out, a, n, l0, 0)
//! launch transpose_stagger grid=(n // 32, n // 32) block=(32, 8) args=(out, a, n, l1, 100)
//! launch transpose_stagger grid=(n // 32, n // 32) block=(32, 8) args=(out, a, n, l2, 1000)
//! launch transpose_stagger grid=(n // 32, n // 32) block=(32, 8) args=(out, a, n, l3, 4000)
//! check out = a.T tol=0
// transpose_clock.s's kernel with its blocks' starts spread (issue 7): block
// b = by * gridDim.x + bx spins b * stagger cycles on %clock64 before its
// first clock, so its 32 lines are read stagger cycles after the block
// before's (stagger = 0, 100, 1,000, 4,000: the 64 blocks' reads at once,
// or over 6,300, 63,000 and 252,000 cycles). Lane 0 of each warp stores its
// clocks and %smid as in transpose_clock.s.
// What it asks: transpose_clock.s's warps are late (more than 250 cycles
// past their block's median) about a third as often per line as a
// streaming warp's passes (dram_clock.s), where simgpu's late DRAM windows
// make them as often late; is that because the 2,048 lines are read at
// once? tools/transpose_clock_figures.py --stagger reads the records.

.version 8.0
.target sm_90
.address_size 64

.visible .entry transpose_stagger(
	.param .u64 transpose_stagger_param_0,     // float*       out
	.param .u64 transpose_stagger_param_1,     // const float* a
	.param .u32 transpose_stagger_param_2,     // unsigned     n
	.param .u64 transpose_stagger_param_3,     // unsigned*    lat: 5 words a warp
	.param .u32 transpose_stagger_param_4      // unsigned     stagger: cycles a block index waits
)
{
	.reg .f32 	%f<9>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<24>;
	.reg .b32 	%c<8>;
	.reg .pred 	%p<2>;
	.reg .b32 	%s<5>;
	.reg .b64 	%sd<4>;
	.reg .pred 	%ps;
	// float tile[32][32]: 32 rows of 128 bytes, one block's tile
	.shared .align 4 .b8 tile[4096];

	ld.param.u64 	%rd1, [transpose_stagger_param_0]; // out
	ld.param.u64 	%rd2, [transpose_stagger_param_1]; // a
	ld.param.u32 	%r1, [transpose_stagger_param_2]; // n
	ld.param.u64 	%rd18, [transpose_stagger_param_3]; // lat
	ld.param.u32 	%s4, [transpose_stagger_param_4]; // stagger

	// block b = by * gridDim.x + bx spins b * stagger cycles before it starts
	mov.u32 	%s0, %ctaid.y;
	mov.u32 	%s1, %nctaid.x;
	mov.u32 	%s2, %ctaid.x;
	mad.lo.s32 	%s3, %s0, %s1, %s2;
	mul.wide.u32 	%sd0, %s3, %s4;
	mov.u64 	%sd1, %clock64;
SPIN:
	mov.u64 	%sd2, %clock64;
	sub.s64 	%sd3, %sd2, %sd1;
	setp.lt.u64 	%ps, %sd3, %sd0;
	@%ps bra 	SPIN;

	mov.u64 	%rd19, %clock64;        // t0: the warp's start, after its spin
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
