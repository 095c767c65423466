//! size n = 64
//! size batch = 64
//! buffer p0 = zeros(1056 * 8 * 3, dtype=uint32)
//! buffer p1 = zeros(528 * 16 * 3, dtype=uint32)
//! buffer p2 = zeros(1056 * 8 * 3, dtype=uint32)
//! buffer p3 = zeros(1584 * 16 * 3, dtype=uint32)
//! buffer p4 = zeros(528 * 16 * 3, dtype=uint32)
//! buffer p5 = zeros(1056 * 8 * 3, dtype=uint32)
//! buffer A = randn((batch, n, n), seed=1)
//! buffer B = randn((batch, n, n), seed=2)
//! buffer C = zeros((batch, n, n))
//! buffer lat = zeros(batch * (n // 16) ** 2 * 8 * 3, dtype=uint32)
//! launch spin_blocks grid=1056 block=256 args=(p0, 2000)
//! launch spin_smem4 grid=528 block=512 args=(p1, 2000)
//! launch spin_smem4 grid=1056 block=256 args=(p2, 2000)
//! launch spin_smem4 grid=1584 block=512 args=(p3, 2000)
//! launch spin_smem16 grid=528 block=512 args=(p4, 2000)
//! launch spin_smem16 grid=1056 block=256 args=(p5, 2000)
//! launch mmb_clock grid=(n // 16, n // 16, batch) block=(16, 16) args=(A, B, C, n, lat)
//! check C = A @ B tol=1e-5
// Does a block's shared memory delay its start (issue 7)? On the H200,
// programs/micro/block_clock.s's first wave came at once for spinning blocks
// without shared memory (but the last 8-warp blocks in dispatch order, up to
// 427 cycles late), while scan_clock's (4 KB of shared memory a block) 4th
// block came 534-580 cycles late on half the SMs; and matmul_batched.s (2 KB
// a block, one wave of 8-warp blocks) keeps its SMs active 11,102 cycles
// on average with 72.7% of their warps resident, simgpu 8,449 with 86.1%.
// spin_blocks is block_clock.s's (no shared memory); spin_smem4 and
// spin_smem16 the same with a static 4 KB and 16 KB array each block
// touches; one wave of 4 blocks of 512 threads and of 8 of 256 an SM, and
// three waves of 4. Lane 0 of each warp stores its start and end clocks and
// %smid (3 words a warp). mmb_clock: matmul_batched.s's kernel with its
// warps' start and end clocks and %smid, 3 words a warp (w = block * 8 +
// warp in block, block = (z * gridDim.y + y) * gridDim.x + x).
// tools/block_clock_figures.py reads the records.

.version 8.0
.target sm_90
.address_size 64

.visible .entry spin_blocks(
	.param .u64 spin_blocks_param_0,         // unsigned* s: 3 words a warp
	.param .u32 spin_blocks_param_1          // unsigned  cycles
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<12>;

	mov.u64 	%rd1, %clock64;         // t0: the warp's start
	ld.param.u64 	%rd2, [spin_blocks_param_0];
	ld.param.u32 	%r1, [spin_blocks_param_1];
	cvt.u64.u32 	%rd3, %r1;
	add.s64 	%rd4, %rd1, %rd3;       // spin until this cycle

SPIN:
	mov.u64 	%rd5, %clock64;
	setp.lt.s64 	%p1, %rd5, %rd4;
	@%p1 bra 	SPIN;

	mov.u32 	%r2, %tid.x;
	and.b32 	%r3, %r2, 31;
	setp.ne.s32 	%p2, %r3, 0;
	@%p2 bra 	DONE;

	// w = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %ntid.x;
	shr.u32 	%r6, %r5, 5;
	shr.u32 	%r7, %r2, 5;
	mad.lo.s32 	%r8, %r4, %r6, %r7;
	mul.lo.s32 	%r9, %r8, 3;
	cvta.to.global.u64 	%rd6, %rd2;
	mul.wide.u32 	%rd7, %r9, 4;
	add.s64 	%rd8, %rd6, %rd7;
	cvt.u32.u64 	%r10, %rd1;
	cvt.u32.u64 	%r11, %rd5;
	mov.u32 	%r12, %smid;
	st.global.u32 	[%rd8], %r10;
	st.global.u32 	[%rd8+4], %r11;
	st.global.u32 	[%rd8+8], %r12;

DONE:
	ret;
}

.visible .entry spin_smem4(
	.param .u64 spin_smem4_param_0,         // unsigned* s: 3 words a warp
	.param .u32 spin_smem4_param_1          // unsigned  cycles
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<12>;
	.shared .align 4 .b8 buf[4096];

	mov.u64 	%rd1, %clock64;         // t0: the warp's start
	ld.param.u64 	%rd2, [spin_smem4_param_0];
	ld.param.u32 	%r1, [spin_smem4_param_1];
	cvt.u64.u32 	%rd3, %r1;
	add.s64 	%rd4, %rd1, %rd3;       // spin until this cycle

SPIN:
	mov.u64 	%rd5, %clock64;
	setp.lt.s64 	%p1, %rd5, %rd4;
	@%p1 bra 	SPIN;

	mov.u32 	%r2, %tid.x;
	mov.u32 	%r13, buf;
	st.shared.u32 	[%r13], %r2;     // the block's shared memory, touched
	and.b32 	%r3, %r2, 31;
	setp.ne.s32 	%p2, %r3, 0;
	@%p2 bra 	DONE;

	// w = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %ntid.x;
	shr.u32 	%r6, %r5, 5;
	shr.u32 	%r7, %r2, 5;
	mad.lo.s32 	%r8, %r4, %r6, %r7;
	mul.lo.s32 	%r9, %r8, 3;
	cvta.to.global.u64 	%rd6, %rd2;
	mul.wide.u32 	%rd7, %r9, 4;
	add.s64 	%rd8, %rd6, %rd7;
	cvt.u32.u64 	%r10, %rd1;
	cvt.u32.u64 	%r11, %rd5;
	mov.u32 	%r12, %smid;
	st.global.u32 	[%rd8], %r10;
	st.global.u32 	[%rd8+4], %r11;
	st.global.u32 	[%rd8+8], %r12;

DONE:
	ret;
}

.visible .entry spin_smem16(
	.param .u64 spin_smem16_param_0,         // unsigned* s: 3 words a warp
	.param .u32 spin_smem16_param_1          // unsigned  cycles
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<12>;
	.shared .align 4 .b8 buf[16384];

	mov.u64 	%rd1, %clock64;         // t0: the warp's start
	ld.param.u64 	%rd2, [spin_smem16_param_0];
	ld.param.u32 	%r1, [spin_smem16_param_1];
	cvt.u64.u32 	%rd3, %r1;
	add.s64 	%rd4, %rd1, %rd3;       // spin until this cycle

SPIN:
	mov.u64 	%rd5, %clock64;
	setp.lt.s64 	%p1, %rd5, %rd4;
	@%p1 bra 	SPIN;

	mov.u32 	%r2, %tid.x;
	mov.u32 	%r13, buf;
	st.shared.u32 	[%r13], %r2;     // the block's shared memory, touched
	and.b32 	%r3, %r2, 31;
	setp.ne.s32 	%p2, %r3, 0;
	@%p2 bra 	DONE;

	// w = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %ntid.x;
	shr.u32 	%r6, %r5, 5;
	shr.u32 	%r7, %r2, 5;
	mad.lo.s32 	%r8, %r4, %r6, %r7;
	mul.lo.s32 	%r9, %r8, 3;
	cvta.to.global.u64 	%rd6, %rd2;
	mul.wide.u32 	%rd7, %r9, 4;
	add.s64 	%rd8, %rd6, %rd7;
	cvt.u32.u64 	%r10, %rd1;
	cvt.u32.u64 	%r11, %rd5;
	mov.u32 	%r12, %smid;
	st.global.u32 	[%rd8], %r10;
	st.global.u32 	[%rd8+4], %r11;
	st.global.u32 	[%rd8+8], %r12;

DONE:
	ret;
}

.visible .entry mmb_clock(
	.param .u64 mmb_clock_param_0,       // const float* A
	.param .u64 mmb_clock_param_1,       // const float* B
	.param .u64 mmb_clock_param_2,       // float*       C
	.param .u32 mmb_clock_param_3,       // unsigned     n
	.param .u64 mmb_clock_param_4        // unsigned*    lat: 3 words a warp
)
{
	.reg .pred 	%p<3>;
	.reg .f32 	%f<36>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<32>;
	.reg .b32 	%c<16>;
	.reg .pred 	%q<2>;
	// The two tiles: float As[16][16], Bs[16][16] (1024 bytes each), one pair per block.
	.shared .align 4 .b8 As[1024];
	.shared .align 4 .b8 Bs[1024];

	mov.u64 	%rd20, %clock64;        // t0: the warp's start
	ld.param.u64 	%rd1, [mmb_clock_param_0]; // A
	ld.param.u64 	%rd2, [mmb_clock_param_1]; // B
	ld.param.u64 	%rd3, [mmb_clock_param_2]; // C
	ld.param.u32 	%r1, [mmb_clock_param_3]; // n

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

	// Batch: block z owns matrix z of the batch; move the three pointers
	// to its first element (z * n * n floats in).
	mov.u32 	%r22, %ctaid.z;
	mul.lo.s32 	%r23, %r1, %r1;         // n * n
	mul.wide.u32 	%rd15, %r22, %r23;      // z * n * n
	shl.b64 	%rd16, %rd15, 2;        // bytes
	add.s64 	%rd4, %rd4, %rd16;
	add.s64 	%rd5, %rd5, %rd16;
	add.s64 	%rd6, %rd6, %rd16;

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
	mov.u64 	%rd21, %clock64;        // t1: the warp's end

	// lane 0 of warp w = block * 8 + (ty * 16 + tx) / 32 stores t0, t1, %smid at lat[3w]
	mad.lo.s32 	%c1, %r3, 16, %r2;
	and.b32 	%c2, %c1, 31;
	setp.ne.s32 	%q1, %c2, 0;
	@%q1 bra 	DONE;
	mov.u32 	%c3, %nctaid.x;
	mov.u32 	%c4, %nctaid.y;
	mad.lo.s32 	%c5, %r22, %c4, %r7;    // z * gy + y
	mad.lo.s32 	%c6, %c5, %c3, %r4;     // block
	shr.u32 	%c7, %c1, 5;
	mad.lo.s32 	%c8, %c6, 8, %c7;       // w
	mul.lo.s32 	%c9, %c8, 3;
	ld.param.u64 	%rd22, [mmb_clock_param_4];
	cvta.to.global.u64 	%rd23, %rd22;
	mul.wide.u32 	%rd24, %c9, 4;
	add.s64 	%rd25, %rd23, %rd24;
	cvt.u32.u64 	%c10, %rd20;
	cvt.u32.u64 	%c11, %rd21;
	mov.u32 	%c12, %smid;
	st.global.u32 	[%rd25], %c10;
	st.global.u32 	[%rd25+4], %c11;
	st.global.u32 	[%rd25+8], %c12;

DONE:
	ret;
}
