//! size n = 256
//! require n % 64 == 0
//! buffer A = randn((n, n), seed=1)
//! buffer B = randn((n, n), seed=2)
//! buffer C = zeros((n, n))
//! launch matmul_registers grid=(n // 64, n // 64) block=(16, 16) args=(A, B, C, n)
//! check C = A @ B tol=1e-5

// matmul_registers: C = A @ B where each thread computes a 4 x 4 block of C
// in registers, so a 16 x 16 block of threads computes a 64 x 64 tile.
//
// Ported from the Metal kernel of seed 000 (kernels.metal):
//
//     kernel void matmul_registers(device const float* A, device const float* B,
//                                  device float* C, constant uint& n,
//                                  uint2 g [[threadgroup_position_in_grid]],
//                                  uint2 t [[thread_position_in_threadgroup]]) {
//         threadgroup float As[64][16];
//         threadgroup float Bs[16][64];
//         float acc[4][4] = {};
//         uint row0 = g.y * 64, col0 = g.x * 64, id = t.y * 16 + t.x;
//         for (uint k0 = 0; k0 < n; k0 += 16) {
//             for (uint e = id; e < 1024; e += 256) {
//                 As[e / 16][e % 16] = A[(row0 + e / 16) * n + k0 + e % 16];
//                 Bs[e / 64][e % 64] = B[(k0 + e / 64) * n + col0 + e % 64];
//             }
//             threadgroup_barrier(mem_flags::mem_threadgroup);
//             for (uint k = 0; k < 16; k++) {
//                 float a[4], b[4];
//                 for (uint i = 0; i < 4; i++) a[i] = As[t.y * 4 + i][k];
//                 for (uint j = 0; j < 4; j++) b[j] = Bs[k][t.x * 4 + j];
//                 for (uint i = 0; i < 4; i++)
//                     for (uint j = 0; j < 4; j++)
//                         acc[i][j] += a[i] * b[j];
//             }
//             threadgroup_barrier(mem_flags::mem_threadgroup);
//         }
//         for (uint i = 0; i < 4; i++)
//             for (uint j = 0; j < 4; j++)
//                 C[(row0 + t.y * 4 + i) * n + col0 + t.x * 4 + j] = acc[i][j];
//     }
//
// What it teaches: REGISTER BLOCKING, one level of reuse below shared memory.
// In matmul_tiled every multiply-add costs two shared-memory loads. Here, per
// step k, a thread loads a column a[0..3] of its 4 rows of As and a row
// b[0..3] of its 4 columns of Bs (8 shared loads) and does all 16 products
// a[i] * b[j] with them: 2 loads per 4 multiply-adds instead of 2 per 1. The
// 16 accumulators acc[i][j] live in registers %f1..%f16 for the whole kernel
// (registers cannot be indexed, which is why every loop over i and j below is
// unrolled). A block also reuses each global float 64 times instead of 16.
//
// Thread-to-data mapping (CUDA terms), blocks of 16 x 16 threads, grid of
// n/64 x n/64 blocks (the `require` line; no bounds checks, as in Metal):
//     tx = threadIdx.x, ty = threadIdx.y, id = ty * 16 + tx   (0..255)
//     row0 = blockIdx.y * 64, col0 = blockIdx.x * 64          (the block's C tile)
//   loading, per slice k0 = 0, 16, 32, ...: 1,024 floats of A and of B, four
//   per thread, e = id + 256*q for q = 0..3 (the Metal e-loop, unrolled):
//     As[e/16][e%16] = A[(row0 + e/16)*n + k0 + e%16]   -- flat As index is e
//     Bs[e/64][e%64] = B[(k0 + e/64)*n + col0 + e%64]   -- flat Bs index is e
//   Since 256 is a multiple of 64, e%16 = id%16, e/16 = id/16 + 16q,
//   e%64 = id%64, e/64 = id/64 + 4q: step q moves 16 rows down A, 4 rows
//   down B, and 256 floats (1,024 bytes) along As and Bs. A warp (ids 32w ..
//   32w+31) reads two 64-byte row pieces of A and one 128-byte row piece of B.
//   computing: thread (tx, ty) owns C rows row0 + ty*4 + i, columns
//   col0 + tx*4 + j, i, j = 0..3:
//     a[i] = As[ty*4 + i][k]  at  &As[ty*4][0] + 64*i + 4*k   bytes
//     b[j] = Bs[k][tx*4 + j]  at  &Bs[0][tx*4] + 256*k + 4*j  bytes
//
// How the PTX is arranged: all eight global loads of a slice are issued
// before the eight shared stores, so their memory latencies overlap (the
// compiler may reorder them: global and shared memory cannot alias). The
// k loop stays a loop (nvcc would unroll it too), walking two shared
// pointers: pa += 4 bytes (next column of As), pb += 256 bytes (next row of
// Bs). Register map: acc[i][j] = %f(1 + 4i + j), a[i] = %f(17 + i),
// b[j] = %f(21 + j).

.version 8.0
.target sm_90
.address_size 64

.visible .entry matmul_registers(
	.param .u64 matmul_registers_param_0,   // const float* A
	.param .u64 matmul_registers_param_1,   // const float* B
	.param .u64 matmul_registers_param_2,   // float*       C
	.param .u32 matmul_registers_param_3    // unsigned     n
)
{
	.reg .pred 	%p<4>;
	.reg .f32 	%f<41>;
	.reg .b32 	%r<35>;
	.reg .b64 	%rd<22>;
	// float As[64][16] and Bs[16][64]: 4,096 bytes each
	.shared .align 4 .b8 As[4096];
	.shared .align 4 .b8 Bs[4096];

	ld.param.u64 	%rd1, [matmul_registers_param_0]; // A
	ld.param.u64 	%rd2, [matmul_registers_param_1]; // B
	ld.param.u64 	%rd3, [matmul_registers_param_2]; // C
	ld.param.u32 	%r1, [matmul_registers_param_3]; // n
	cvta.to.global.u64 	%rd4, %rd1;
	cvta.to.global.u64 	%rd5, %rd2;
	cvta.to.global.u64 	%rd6, %rd3;

	// tx = threadIdx.x; ty = threadIdx.y
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, %tid.y;
	// row0 = blockIdx.y * 64; col0 = blockIdx.x * 64
	mov.u32 	%r4, %ctaid.y;
	shl.b32 	%r5, %r4, 6;
	mov.u32 	%r6, %ctaid.x;
	shl.b32 	%r7, %r6, 6;
	// id = ty * 16 + tx
	mad.lo.s32 	%r8, %r3, 16, %r2;

	// ---- addresses for the loading phase (q = 0, k0 = 0) ----
	// pA = &A[(row0 + id/16)*n + id%16]
	shr.u32 	%r9, %r8, 4;            // id / 16
	and.b32 	%r10, %r8, 15;          // id % 16
	add.s32 	%r11, %r5, %r9;         // row0 + id/16
	mad.lo.s32 	%r12, %r11, %r1, %r10;
	mul.wide.u32 	%rd7, %r12, 4;
	add.s64 	%rd8, %rd4, %rd7;
	// pB = &B[(id/64)*n + col0 + id%64]
	shr.u32 	%r13, %r8, 6;           // id / 64
	and.b32 	%r14, %r8, 63;          // id % 64
	add.s32 	%r15, %r7, %r14;        // col0 + id%64
	mad.lo.s32 	%r16, %r13, %r1, %r15;
	mul.wide.u32 	%rd9, %r16, 4;
	add.s64 	%rd10, %rd5, %rd9;
	// rows16 = 16 rows in bytes = n*64: pA's step per q, pB's step per k0
	mul.wide.u32 	%rd11, %r1, 64;
	// rows4 = 4 rows in bytes = n*16: pB's step per q
	mul.wide.u32 	%rd12, %r1, 16;
	// sA = &As[0][0] + id*4 = &As[id/16][id%16];  sB = &Bs[0][0] + id*4 = &Bs[id/64][id%64]
	mov.u32 	%r17, As;
	mov.u32 	%r18, Bs;
	shl.b32 	%r19, %r8, 2;
	add.s32 	%r20, %r17, %r19;
	add.s32 	%r21, %r18, %r19;

	// ---- addresses for the compute phase ----
	// arow = &As[ty*4][0] = As + ty*256 bytes;  bcol = &Bs[0][tx*4] = Bs + tx*16 bytes
	shl.b32 	%r22, %r3, 8;
	add.s32 	%r23, %r17, %r22;
	shl.b32 	%r24, %r2, 4;
	add.s32 	%r25, %r18, %r24;

	// float acc[4][4] = {};
	mov.f32 	%f1, 0f00000000;
	mov.f32 	%f2, 0f00000000;
	mov.f32 	%f3, 0f00000000;
	mov.f32 	%f4, 0f00000000;
	mov.f32 	%f5, 0f00000000;
	mov.f32 	%f6, 0f00000000;
	mov.f32 	%f7, 0f00000000;
	mov.f32 	%f8, 0f00000000;
	mov.f32 	%f9, 0f00000000;
	mov.f32 	%f10, 0f00000000;
	mov.f32 	%f11, 0f00000000;
	mov.f32 	%f12, 0f00000000;
	mov.f32 	%f13, 0f00000000;
	mov.f32 	%f14, 0f00000000;
	mov.f32 	%f15, 0f00000000;
	mov.f32 	%f16, 0f00000000;

	// slices = n / 16
	shr.u32 	%r26, %r1, 4;
	setp.eq.s32 	%p1, %r26, 0;
	@%p1 bra 	STORE;

SLICE_LOOP:
	// ---- load the slice: for (e = id; e < 1024; e += 256), unrolled ----
	// A[(row0 + e/16)*n + k0 + e%16], q = 0..3: pA + q * rows16
	ld.global.f32 	%f33, [%rd8];
	add.s64 	%rd14, %rd8, %rd11;
	ld.global.f32 	%f34, [%rd14];
	add.s64 	%rd15, %rd14, %rd11;
	ld.global.f32 	%f35, [%rd15];
	add.s64 	%rd16, %rd15, %rd11;
	ld.global.f32 	%f36, [%rd16];
	// B[(k0 + e/64)*n + col0 + e%64], q = 0..3: pB + q * rows4
	ld.global.f32 	%f37, [%rd10];
	add.s64 	%rd17, %rd10, %rd12;
	ld.global.f32 	%f38, [%rd17];
	add.s64 	%rd18, %rd17, %rd12;
	ld.global.f32 	%f39, [%rd18];
	add.s64 	%rd19, %rd18, %rd12;
	ld.global.f32 	%f40, [%rd19];
	// As[e/16][e%16] = ...: flat index e = id + 256q, byte offset 1024q
	st.shared.f32 	[%r20], %f33;
	st.shared.f32 	[%r20+1024], %f34;
	st.shared.f32 	[%r20+2048], %f35;
	st.shared.f32 	[%r20+3072], %f36;
	// Bs[e/64][e%64] = ...: flat index e = id + 256q, byte offset 1024q
	st.shared.f32 	[%r21], %f37;
	st.shared.f32 	[%r21+1024], %f38;
	st.shared.f32 	[%r21+2048], %f39;
	st.shared.f32 	[%r21+3072], %f40;

	// threadgroup_barrier: the whole slice is in shared memory
	bar.sync 	0;

	// ---- for (k = 0; k < 16; k++): 8 shared loads, 16 multiply-adds ----
	mov.u32 	%r27, %r23;             // pa = &As[ty*4][k]
	mov.u32 	%r28, %r25;             // pb = &Bs[k][tx*4]
	mov.u32 	%r29, 16;               // k counts down
K_LOOP:
	// a[i] = As[ty*4 + i][k]: one column, rows 64 bytes apart
	ld.shared.f32 	%f17, [%r27];
	ld.shared.f32 	%f18, [%r27+64];
	ld.shared.f32 	%f19, [%r27+128];
	ld.shared.f32 	%f20, [%r27+192];
	// b[j] = Bs[k][tx*4 + j]: four neighbours in one row
	ld.shared.f32 	%f21, [%r28];
	ld.shared.f32 	%f22, [%r28+4];
	ld.shared.f32 	%f23, [%r28+8];
	ld.shared.f32 	%f24, [%r28+12];
	fma.rn.f32 	%f1, %f17, %f21, %f1;   // acc[0][0] += a[0] * b[0]
	fma.rn.f32 	%f2, %f17, %f22, %f2;   // acc[0][1] += a[0] * b[1]
	fma.rn.f32 	%f3, %f17, %f23, %f3;   // acc[0][2] += a[0] * b[2]
	fma.rn.f32 	%f4, %f17, %f24, %f4;   // acc[0][3] += a[0] * b[3]
	fma.rn.f32 	%f5, %f18, %f21, %f5;   // acc[1][0] += a[1] * b[0]
	fma.rn.f32 	%f6, %f18, %f22, %f6;   // acc[1][1] += a[1] * b[1]
	fma.rn.f32 	%f7, %f18, %f23, %f7;   // acc[1][2] += a[1] * b[2]
	fma.rn.f32 	%f8, %f18, %f24, %f8;   // acc[1][3] += a[1] * b[3]
	fma.rn.f32 	%f9, %f19, %f21, %f9;   // acc[2][0] += a[2] * b[0]
	fma.rn.f32 	%f10, %f19, %f22, %f10; // acc[2][1] += a[2] * b[1]
	fma.rn.f32 	%f11, %f19, %f23, %f11; // acc[2][2] += a[2] * b[2]
	fma.rn.f32 	%f12, %f19, %f24, %f12; // acc[2][3] += a[2] * b[3]
	fma.rn.f32 	%f13, %f20, %f21, %f13; // acc[3][0] += a[3] * b[0]
	fma.rn.f32 	%f14, %f20, %f22, %f14; // acc[3][1] += a[3] * b[1]
	fma.rn.f32 	%f15, %f20, %f23, %f15; // acc[3][2] += a[3] * b[2]
	fma.rn.f32 	%f16, %f20, %f24, %f16; // acc[3][3] += a[3] * b[3]
	// pa += 1 column of As; pb += 1 row of Bs; while (--k != 0)
	add.s32 	%r27, %r27, 4;
	add.s32 	%r28, %r28, 256;
	add.s32 	%r29, %r29, -1;
	setp.ne.s32 	%p2, %r29, 0;
	@%p2 bra 	K_LOOP;

	// threadgroup_barrier: done reading before the next slice overwrites
	bar.sync 	0;

	// k0 += 16: pA moves 16 floats right, pB moves 16 rows down
	add.s64 	%rd8, %rd8, 64;
	add.s64 	%rd10, %rd10, %rd11;
	add.s32 	%r26, %r26, -1;
	setp.ne.s32 	%p3, %r26, 0;
	@%p3 bra 	SLICE_LOOP;

STORE:
	// pC = &C[(row0 + ty*4)*n + col0 + tx*4]; rowbytes = n*4
	shl.b32 	%r30, %r3, 2;
	add.s32 	%r31, %r30, %r5;        // row0 + ty*4
	shl.b32 	%r32, %r2, 2;
	add.s32 	%r33, %r32, %r7;        // col0 + tx*4
	mad.lo.s32 	%r34, %r31, %r1, %r33;
	mul.wide.u32 	%rd21, %r34, 4;
	add.s64 	%rd20, %rd6, %rd21;
	mul.wide.u32 	%rd13, %r1, 4;
	// row i = 0: C[(row0 + ty*4 + 0)*n + col0 + tx*4 + j] = acc[0][j], j = 0..3
	st.global.f32 	[%rd20], %f1;
	st.global.f32 	[%rd20+4], %f2;
	st.global.f32 	[%rd20+8], %f3;
	st.global.f32 	[%rd20+12], %f4;
	add.s64 	%rd20, %rd20, %rd13;    // next row of C
	// row i = 1: C[(row0 + ty*4 + 1)*n + col0 + tx*4 + j] = acc[1][j], j = 0..3
	st.global.f32 	[%rd20], %f5;
	st.global.f32 	[%rd20+4], %f6;
	st.global.f32 	[%rd20+8], %f7;
	st.global.f32 	[%rd20+12], %f8;
	add.s64 	%rd20, %rd20, %rd13;    // next row of C
	// row i = 2: C[(row0 + ty*4 + 2)*n + col0 + tx*4 + j] = acc[2][j], j = 0..3
	st.global.f32 	[%rd20], %f9;
	st.global.f32 	[%rd20+4], %f10;
	st.global.f32 	[%rd20+8], %f11;
	st.global.f32 	[%rd20+12], %f12;
	add.s64 	%rd20, %rd20, %rd13;    // next row of C
	// row i = 3: C[(row0 + ty*4 + 3)*n + col0 + tx*4 + j] = acc[3][j], j = 0..3
	st.global.f32 	[%rd20], %f13;
	st.global.f32 	[%rd20+4], %f14;
	st.global.f32 	[%rd20+8], %f15;
	st.global.f32 	[%rd20+12], %f16;

	ret;
}
