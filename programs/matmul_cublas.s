//! size n = 256
//! size tile = "128x128"
//! require tile == "128x128" or tile == "256x128"
//! require n >= 1
//! buffer A = randn((n, n), seed=1)
//! buffer B = randn((n, n), seed=2)
//! buffer C = zeros((n, n))
//! launch matmul_cublas_{tile} grid=((n + 127) // 128, (n + 127) // 128 if tile == "128x128" else (n + 255) // 256) block=256 args=(A, B, C, n)
//! check C = A @ B tol=1e-5

// matmul_cublas: C = A @ B (fp32, row-major, any n) shaped like the SIMT
// SGEMM kernels of cuBLAS and CUTLASS (threadblock tiles of 128x128 and
// 256x128, 256 threads, two shared-memory stages; Scott Gray's maxas SGEMM is
// the classic write-up): a block of 256 threads computes a BM x 128 tile of C,
// each thread an 8 x 8 (BM = 128) or 16 x 8 (BM = 256) register tile, over
// slices of k that are BK wide and double-buffered in shared memory: BK = 16
// for 128x128, 8 for 256x128 (16 would need 49,664 bytes of static shared
// memory, over the 48 KB limit). Two entries, one per tile shape; the
// recipe's `tile` picks one:
//
//     simgpu run programs/matmul_cublas.s --set n=1793 --set tile=256x128 --config a100
//
// What it shows: TILE AND WAVE QUANTIZATION (seed 000's wave table, seed 003's
// 1792-vs-1793 puzzle). The grid is ceil(n/128) x ceil(n/BM) blocks, every
// block does a whole tile's work (edge tiles compute partly on zeros), and one
// block fits per SM, so a launch runs in ceil(blocks / SMs) waves: on an A100
// (108 SMs) with 256x128 tiles, n = 1792 makes 14 x 7 = 98 blocks (one wave)
// and n = 1793 makes 15 x 8 = 120 (two); on an H100 (132 SMs) with 128x128
// tiles, n = 1408 makes 121 blocks (one wave) and n = 1536 makes 144 (two).
//
// One block per SM comes from the registers: `.minnctapersm 1` (CUDA's
// __launch_bounds__(256, 1)) lets ptxas use up to 255 registers per thread,
// and it uses 138 (128x128) and 221 (256x128) (ptxas 13.0 -arch=sm_90 -v);
// simgpu's liveness estimate is 140 and 216. Two blocks of 256 threads would
// need at most 128. Without the directive ptxas squeezes the 128x128 kernel
// into exactly 128 registers and two blocks share an SM.
//
// In CUDA terms (TM = BM / 16 rows per thread):
//
//     __global__ __launch_bounds__(256, 1) void matmul_cublas_128x128(
//             const float* A, const float* B, float* C, unsigned n) {
//         __shared__ __align__(16) float As[2][BK][BM + 4], Bs[2][BK][128];
//         unsigned tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
//         unsigned row0 = blockIdx.y * BM, col0 = blockIdx.x * 128;
//         float acc[TM][8] = {}, a[2][TM], b[2][8], s[BM * BK / 256 + BK / 2];
//         load(s, 0); store(s, stage 0); __syncthreads();
//         for (unsigned k0 = 0, st = 0; k0 < n; k0 += BK, st ^= 1) {
//             load(s, k0 + BK);                     // global -> registers, bounds-checked
//             for (unsigned k = 0; k < BK; k++) {   // a[k&1], b[k&1] ping-pong (unrolled by 2)
//                 for (i < TM) a[i] = As[st][k][ty*4 + 64*(i/4) + i%4];   // ld.shared.v4
//                 for (j < 8)  b[j] = Bs[st][k][tx*4 + 64*(j/4) + j%4];   // ld.shared.v4
//                 for (i < TM) for (j < 8) acc[i][j] += a[i] * b[j];
//             }
//             store(s, stage st ^ 1); __syncthreads();
//         }
//         for (i < TM) for (j < 8)                  // C[row][col] = acc[i][j] if row, col < n
//     }
//     load(s, k0), with m = BK / 8 and q < BM * BK / 256 (0 outside the matrix):
//         s[q]      = A[row0 + tid/8 + 32(q/m)][k0 + tid%8 + 8(q%m)]
//         s[..+q']  = B[k0 + tid/128 + 2q'][col0 + tid%128]           (q' < BK / 2)
//     store(s, st): the same elements into As[st][k][row] and Bs[st][k][col]
//
// Design notes:
// - As is stored k-major (transposed) so that a thread's TM values of A for
//   one k are contiguous: two (four) ld.shared.v4.f32 per k. Its rows are
//   padded by 4 floats (BM + 4), which puts the 32 lanes of each transposing
//   store in 32 different banks (bank = (4 * (tid%8) + tid/8) mod 32) and
//   keeps every row 16-byte aligned for the vector loads.
// - A thread's rows are ty*4 + {0..3} and ty*4 + 64 + {0..3} (+128, +192 for
//   BM = 256), its columns tx*4 + {0..3} and tx*4 + 64 + {0..3}: a warp's A
//   fragment loads are two broadcast addresses, its B loads 256 contiguous bytes.
// - Double buffering: the next slice's global loads are issued before the
//   compute on the current stage and stored into the other stage after it,
//   so one barrier per slice suffices (every thread finished reading that
//   stage before the previous barrier) and global latency hides behind
//   BK x TM x 8 multiply-adds. The last iteration finds every bound check
//   false, loads nothing and stores zeros into the unused stage.
// - Any n: loads outside the matrix are predicated off and read as 0 (so the
//   partial last k slice adds nothing); stores check row and column. Global
//   accesses are scalar, since rows of A, B and C are 16-byte aligned only
//   when n % 4 == 0. (cuBLAS proper stages the C tile through shared memory
//   for wider stores; this epilogue writes scalars straight from registers.)
//
// Register map: acc[i][j] = %c(8i + j); fragments a[s][i] = %a(TM*s + i),
// b[s][j] = %b(8s + j); staging s[q] = %s(q); %r8/%r9 = the k index this
// thread loads from A/B (kA, kB: += BK per slice); %rd7/%rd9 = its A/B
// pointers; %r18 = the stage offset being computed on; %r19 = slices left.
// Predicates %p1..%p8: the A rows this thread loads exist; %p9: its B column
// exists; %p20..%p27: its 8 C columns exist.
//
// The unrolled blocks (multiply-adds, loads, stores) were written with a
// throwaway expansion script; edit them as a pattern, all entries alike.

.version 8.0
.target sm_90
.address_size 64

.visible .entry matmul_cublas_128x128(
	.param .u64 matmul_cublas_128x128_param_0,   // const float* A  (n x n, row-major)
	.param .u64 matmul_cublas_128x128_param_1,   // const float* B  (n x n, row-major)
	.param .u64 matmul_cublas_128x128_param_2,   // float*       C  (n x n, row-major)
	.param .u32 matmul_cublas_128x128_param_3    // unsigned     n
)
.reqntid 256, 1, 1
.minnctapersm 1
{
	.reg .pred 	%p<40>;
	.reg .f32 	%c<64>;       // acc[8][8]: this thread's outputs
	.reg .f32 	%a<16>;        // two A fragments of 8 (ping-pong over k)
	.reg .f32 	%b<16>;        // two B fragments of 8
	.reg .f32 	%s<16>;        // the next slice's 8 A and 8 B elements, global -> shared
	.reg .b32 	%r<32>;
	.reg .b64 	%rd<20>;
	// two stages, each As[16][128+4] (8448 bytes) then Bs[16][128] (8192 bytes)
	.shared .align 16 .b8 smem_128[33280];

	ld.param.u64 	%rd1, [matmul_cublas_128x128_param_0];
	ld.param.u64 	%rd2, [matmul_cublas_128x128_param_1];
	ld.param.u64 	%rd3, [matmul_cublas_128x128_param_2];
	ld.param.u32 	%r1, [matmul_cublas_128x128_param_3];      // n
	cvta.to.global.u64 	%rd4, %rd1;
	cvta.to.global.u64 	%rd5, %rd2;
	cvta.to.global.u64 	%rd6, %rd3;

	mov.u32 	%r2, %tid.x;              // tid
	and.b32 	%r3, %r2, 15;             // tx = tid % 16
	shr.u32 	%r4, %r2, 4;              // ty = tid / 16
	mov.u32 	%r11, %ctaid.x;
	shl.b32 	%r5, %r11, 7;             // col0 = blockIdx.x * 128
	mov.u32 	%r11, %ctaid.y;
	shl.b32 	%r6, %r11, 7;             // row0 = blockIdx.y * 128

	// ---- global -> shared mapping: A element q < 8 of a thread is As row k = tid % 8 + 8(q%2),
	//      tile row tid / 8 + 32(q/2); B element q < 8 is Bs row tid / 128 + 2q,
	//      tile column tid % 128
	shr.u32 	%r7, %r2, 3;              // rowA = tid / 8
	and.b32 	%r8, %r2, 7;              // kA = tid % 8: the A column (k) this thread loads
	shr.u32 	%r9, %r2, 7;              // kB = tid / 128: the B row (k) this thread loads
	and.b32 	%r10, %r2, 127;           // colB = tid % 128
	// pA = &A[(row0 + rowA) * n + kA]
	add.s32 	%r11, %r6, %r7;
	mul.wide.u32 	%rd7, %r11, %r1;
	cvt.u64.u32 	%rd12, %r8;
	add.s64 	%rd7, %rd7, %rd12;
	shl.b64 	%rd7, %rd7, 2;
	add.s64 	%rd7, %rd4, %rd7;
	mul.wide.u32 	%rd8, %r1, 128;        // 32 rows of A in bytes: pA's step per q
	// rows of A this thread loads exist? (row0 + rowA + 32q < n), fixed for the whole kernel
	add.s32 	%r12, %r11, 0;
	setp.lt.u32 	%p1, %r12, %r1;
	add.s32 	%r12, %r11, 32;
	setp.lt.u32 	%p2, %r12, %r1;
	add.s32 	%r12, %r11, 64;
	setp.lt.u32 	%p3, %r12, %r1;
	add.s32 	%r12, %r11, 96;
	setp.lt.u32 	%p4, %r12, %r1;
	// pB = &B[kB * n + col0 + colB]
	add.s32 	%r12, %r5, %r10;          // col0 + colB
	setp.lt.u32 	%p9, %r12, %r1;          // the B column this thread loads exists
	mul.wide.u32 	%rd9, %r9, %r1;
	cvt.u64.u32 	%rd12, %r12;
	add.s64 	%rd9, %rd9, %rd12;
	shl.b64 	%rd9, %rd9, 2;
	add.s64 	%rd9, %rd5, %rd9;
	mul.wide.u32 	%rd10, %r1, 8;         // 2 rows of B in bytes: pB's step per q
	mul.wide.u32 	%rd11, %r1, 64;        // 16 rows of B in bytes: pB's step per slice
	// shared addresses in stage 0: sA = &As[kA][rowA], sB = &Bs[kB][colB] (stores);
	// rA = &As[0][ty*4], rB = &Bs[0][tx*4] (fragment loads)
	mov.u32 	%r13, smem_128;
	mad.lo.s32 	%r14, %r8, 528, %r13;
	shl.b32 	%r11, %r7, 2;
	add.s32 	%r14, %r14, %r11;
	mad.lo.s32 	%r15, %r9, 512, %r13;
	shl.b32 	%r11, %r10, 2;
	add.s32 	%r15, %r15, %r11;
	add.s32 	%r15, %r15, 8448;
	shl.b32 	%r11, %r4, 4;
	add.s32 	%r16, %r13, %r11;
	shl.b32 	%r11, %r3, 4;
	add.s32 	%r17, %r13, %r11;
	add.s32 	%r17, %r17, 8448;
	mov.u32 	%r18, 0;                  // stage offset: 0 or 16640
	add.s32 	%r19, %r1, 15;
	shr.u32 	%r19, %r19, 4;            // slices = ceil(n / 16)

	// float acc[8][8] = {}
	mov.f32 	%c0, 0f00000000;
	mov.f32 	%c1, 0f00000000;
	mov.f32 	%c2, 0f00000000;
	mov.f32 	%c3, 0f00000000;
	mov.f32 	%c4, 0f00000000;
	mov.f32 	%c5, 0f00000000;
	mov.f32 	%c6, 0f00000000;
	mov.f32 	%c7, 0f00000000;
	mov.f32 	%c8, 0f00000000;
	mov.f32 	%c9, 0f00000000;
	mov.f32 	%c10, 0f00000000;
	mov.f32 	%c11, 0f00000000;
	mov.f32 	%c12, 0f00000000;
	mov.f32 	%c13, 0f00000000;
	mov.f32 	%c14, 0f00000000;
	mov.f32 	%c15, 0f00000000;
	mov.f32 	%c16, 0f00000000;
	mov.f32 	%c17, 0f00000000;
	mov.f32 	%c18, 0f00000000;
	mov.f32 	%c19, 0f00000000;
	mov.f32 	%c20, 0f00000000;
	mov.f32 	%c21, 0f00000000;
	mov.f32 	%c22, 0f00000000;
	mov.f32 	%c23, 0f00000000;
	mov.f32 	%c24, 0f00000000;
	mov.f32 	%c25, 0f00000000;
	mov.f32 	%c26, 0f00000000;
	mov.f32 	%c27, 0f00000000;
	mov.f32 	%c28, 0f00000000;
	mov.f32 	%c29, 0f00000000;
	mov.f32 	%c30, 0f00000000;
	mov.f32 	%c31, 0f00000000;
	mov.f32 	%c32, 0f00000000;
	mov.f32 	%c33, 0f00000000;
	mov.f32 	%c34, 0f00000000;
	mov.f32 	%c35, 0f00000000;
	mov.f32 	%c36, 0f00000000;
	mov.f32 	%c37, 0f00000000;
	mov.f32 	%c38, 0f00000000;
	mov.f32 	%c39, 0f00000000;
	mov.f32 	%c40, 0f00000000;
	mov.f32 	%c41, 0f00000000;
	mov.f32 	%c42, 0f00000000;
	mov.f32 	%c43, 0f00000000;
	mov.f32 	%c44, 0f00000000;
	mov.f32 	%c45, 0f00000000;
	mov.f32 	%c46, 0f00000000;
	mov.f32 	%c47, 0f00000000;
	mov.f32 	%c48, 0f00000000;
	mov.f32 	%c49, 0f00000000;
	mov.f32 	%c50, 0f00000000;
	mov.f32 	%c51, 0f00000000;
	mov.f32 	%c52, 0f00000000;
	mov.f32 	%c53, 0f00000000;
	mov.f32 	%c54, 0f00000000;
	mov.f32 	%c55, 0f00000000;
	mov.f32 	%c56, 0f00000000;
	mov.f32 	%c57, 0f00000000;
	mov.f32 	%c58, 0f00000000;
	mov.f32 	%c59, 0f00000000;
	mov.f32 	%c60, 0f00000000;
	mov.f32 	%c61, 0f00000000;
	mov.f32 	%c62, 0f00000000;
	mov.f32 	%c63, 0f00000000;

	// ---- prologue: slice 0 into stage 0 ----
	// A elements of this slice: A[row0 + rowA + 32(q/2)][k0 + kA + 8(q%2)], 0 where outside the matrix
	setp.lt.u32 	%p11, %r8, %r1;          // k0 + kA < n
	add.s32 	%r12, %r8, 8;
	setp.lt.u32 	%p17, %r12, %r1;         // k0 + kA + 8 < n
	mov.b64 	%rd12, %rd7;
	and.pred 	%p12, %p1, %p11;
	mov.f32 	%s0, 0f00000000;
	@%p12 ld.global.f32 	%s0, [%rd12+0];
	and.pred 	%p12, %p1, %p17;
	mov.f32 	%s1, 0f00000000;
	@%p12 ld.global.f32 	%s1, [%rd12+32];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p2, %p11;
	mov.f32 	%s2, 0f00000000;
	@%p12 ld.global.f32 	%s2, [%rd12+0];
	and.pred 	%p12, %p2, %p17;
	mov.f32 	%s3, 0f00000000;
	@%p12 ld.global.f32 	%s3, [%rd12+32];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p3, %p11;
	mov.f32 	%s4, 0f00000000;
	@%p12 ld.global.f32 	%s4, [%rd12+0];
	and.pred 	%p12, %p3, %p17;
	mov.f32 	%s5, 0f00000000;
	@%p12 ld.global.f32 	%s5, [%rd12+32];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p4, %p11;
	mov.f32 	%s6, 0f00000000;
	@%p12 ld.global.f32 	%s6, [%rd12+0];
	and.pred 	%p12, %p4, %p17;
	mov.f32 	%s7, 0f00000000;
	@%p12 ld.global.f32 	%s7, [%rd12+32];
	// B elements: B[k0 + kB + 2q][col0 + colB], 0 where outside the matrix
	mov.b64 	%rd12, %rd9;
	add.s32 	%r12, %r9, 0;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s8, 0f00000000;
	@%p13 ld.global.f32 	%s8, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 2;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s9, 0f00000000;
	@%p13 ld.global.f32 	%s9, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 4;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s10, 0f00000000;
	@%p13 ld.global.f32 	%s10, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 6;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s11, 0f00000000;
	@%p13 ld.global.f32 	%s11, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 8;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s12, 0f00000000;
	@%p13 ld.global.f32 	%s12, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 10;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s13, 0f00000000;
	@%p13 ld.global.f32 	%s13, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 12;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s14, 0f00000000;
	@%p13 ld.global.f32 	%s14, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 14;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s15, 0f00000000;
	@%p13 ld.global.f32 	%s15, [%rd12];
	add.s32 	%r11, %r14, %r18;
	st.shared.f32 	[%r11+0], %s0;        // As[kA][rowA + 0]
	st.shared.f32 	[%r11+4224], %s1;        // As[kA + 8][rowA + 0]
	st.shared.f32 	[%r11+128], %s2;        // As[kA][rowA + 32]
	st.shared.f32 	[%r11+4352], %s3;        // As[kA + 8][rowA + 32]
	st.shared.f32 	[%r11+256], %s4;        // As[kA][rowA + 64]
	st.shared.f32 	[%r11+4480], %s5;        // As[kA + 8][rowA + 64]
	st.shared.f32 	[%r11+384], %s6;        // As[kA][rowA + 96]
	st.shared.f32 	[%r11+4608], %s7;        // As[kA + 8][rowA + 96]
	add.s32 	%r12, %r15, %r18;
	st.shared.f32 	[%r12+0], %s8;       // Bs[kB + 0][colB]
	st.shared.f32 	[%r12+1024], %s9;       // Bs[kB + 2][colB]
	st.shared.f32 	[%r12+2048], %s10;       // Bs[kB + 4][colB]
	st.shared.f32 	[%r12+3072], %s11;       // Bs[kB + 6][colB]
	st.shared.f32 	[%r12+4096], %s12;       // Bs[kB + 8][colB]
	st.shared.f32 	[%r12+5120], %s13;       // Bs[kB + 10][colB]
	st.shared.f32 	[%r12+6144], %s14;       // Bs[kB + 12][colB]
	st.shared.f32 	[%r12+7168], %s15;       // Bs[kB + 14][colB]
	bar.sync 	0;

SLICE_128:
	// ---- the next slice's global loads go out first (k0 += 16); past the last slice every
	//      bound check fails, nothing is loaded and the zeros stored below are never read ----
	add.s64 	%rd7, %rd7, 64;
	add.s64 	%rd9, %rd9, %rd11;
	add.s32 	%r8, %r8, 16;
	add.s32 	%r9, %r9, 16;
	// A elements of this slice: A[row0 + rowA + 32(q/2)][k0 + kA + 8(q%2)], 0 where outside the matrix
	setp.lt.u32 	%p11, %r8, %r1;          // k0 + kA < n
	add.s32 	%r12, %r8, 8;
	setp.lt.u32 	%p17, %r12, %r1;         // k0 + kA + 8 < n
	mov.b64 	%rd12, %rd7;
	and.pred 	%p12, %p1, %p11;
	mov.f32 	%s0, 0f00000000;
	@%p12 ld.global.f32 	%s0, [%rd12+0];
	and.pred 	%p12, %p1, %p17;
	mov.f32 	%s1, 0f00000000;
	@%p12 ld.global.f32 	%s1, [%rd12+32];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p2, %p11;
	mov.f32 	%s2, 0f00000000;
	@%p12 ld.global.f32 	%s2, [%rd12+0];
	and.pred 	%p12, %p2, %p17;
	mov.f32 	%s3, 0f00000000;
	@%p12 ld.global.f32 	%s3, [%rd12+32];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p3, %p11;
	mov.f32 	%s4, 0f00000000;
	@%p12 ld.global.f32 	%s4, [%rd12+0];
	and.pred 	%p12, %p3, %p17;
	mov.f32 	%s5, 0f00000000;
	@%p12 ld.global.f32 	%s5, [%rd12+32];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p4, %p11;
	mov.f32 	%s6, 0f00000000;
	@%p12 ld.global.f32 	%s6, [%rd12+0];
	and.pred 	%p12, %p4, %p17;
	mov.f32 	%s7, 0f00000000;
	@%p12 ld.global.f32 	%s7, [%rd12+32];
	// B elements: B[k0 + kB + 2q][col0 + colB], 0 where outside the matrix
	mov.b64 	%rd12, %rd9;
	add.s32 	%r12, %r9, 0;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s8, 0f00000000;
	@%p13 ld.global.f32 	%s8, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 2;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s9, 0f00000000;
	@%p13 ld.global.f32 	%s9, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 4;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s10, 0f00000000;
	@%p13 ld.global.f32 	%s10, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 6;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s11, 0f00000000;
	@%p13 ld.global.f32 	%s11, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 8;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s12, 0f00000000;
	@%p13 ld.global.f32 	%s12, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 10;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s13, 0f00000000;
	@%p13 ld.global.f32 	%s13, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 12;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s14, 0f00000000;
	@%p13 ld.global.f32 	%s14, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 14;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s15, 0f00000000;
	@%p13 ld.global.f32 	%s15, [%rd12];

	// ---- compute on this stage: 16 steps of k, fragments ping-ponged so that step k+1's
	//      shared loads are in flight while step k's multiply-adds issue ----
	add.s32 	%r20, %r16, %r18;
	add.s32 	%r21, %r17, %r18;
	ld.shared.v4.f32 	{%a0, %a1, %a2, %a3}, [%r20+0];
	ld.shared.v4.f32 	{%a4, %a5, %a6, %a7}, [%r20+256];
	ld.shared.v4.f32 	{%b0, %b1, %b2, %b3}, [%r21+0];
	ld.shared.v4.f32 	{%b4, %b5, %b6, %b7}, [%r21+256];
	mov.u32 	%r22, 8;                  // pairs of k steps
K_LOOP_128:
	// fragment 1 <- step k+1: As[k+1][ty*4 + 64i ..], Bs[k+1][tx*4 + 64j ..]
	ld.shared.v4.f32 	{%a8, %a9, %a10, %a11}, [%r20+528];
	ld.shared.v4.f32 	{%a12, %a13, %a14, %a15}, [%r20+784];
	ld.shared.v4.f32 	{%b8, %b9, %b10, %b11}, [%r21+512];
	ld.shared.v4.f32 	{%b12, %b13, %b14, %b15}, [%r21+768];
	// acc += a0 (x) b0: 64 multiply-adds of step k
	fma.rn.f32 	%c0, %a0, %b0, %c0;
	fma.rn.f32 	%c1, %a0, %b1, %c1;
	fma.rn.f32 	%c2, %a0, %b2, %c2;
	fma.rn.f32 	%c3, %a0, %b3, %c3;
	fma.rn.f32 	%c4, %a0, %b4, %c4;
	fma.rn.f32 	%c5, %a0, %b5, %c5;
	fma.rn.f32 	%c6, %a0, %b6, %c6;
	fma.rn.f32 	%c7, %a0, %b7, %c7;
	fma.rn.f32 	%c8, %a1, %b0, %c8;
	fma.rn.f32 	%c9, %a1, %b1, %c9;
	fma.rn.f32 	%c10, %a1, %b2, %c10;
	fma.rn.f32 	%c11, %a1, %b3, %c11;
	fma.rn.f32 	%c12, %a1, %b4, %c12;
	fma.rn.f32 	%c13, %a1, %b5, %c13;
	fma.rn.f32 	%c14, %a1, %b6, %c14;
	fma.rn.f32 	%c15, %a1, %b7, %c15;
	fma.rn.f32 	%c16, %a2, %b0, %c16;
	fma.rn.f32 	%c17, %a2, %b1, %c17;
	fma.rn.f32 	%c18, %a2, %b2, %c18;
	fma.rn.f32 	%c19, %a2, %b3, %c19;
	fma.rn.f32 	%c20, %a2, %b4, %c20;
	fma.rn.f32 	%c21, %a2, %b5, %c21;
	fma.rn.f32 	%c22, %a2, %b6, %c22;
	fma.rn.f32 	%c23, %a2, %b7, %c23;
	fma.rn.f32 	%c24, %a3, %b0, %c24;
	fma.rn.f32 	%c25, %a3, %b1, %c25;
	fma.rn.f32 	%c26, %a3, %b2, %c26;
	fma.rn.f32 	%c27, %a3, %b3, %c27;
	fma.rn.f32 	%c28, %a3, %b4, %c28;
	fma.rn.f32 	%c29, %a3, %b5, %c29;
	fma.rn.f32 	%c30, %a3, %b6, %c30;
	fma.rn.f32 	%c31, %a3, %b7, %c31;
	fma.rn.f32 	%c32, %a4, %b0, %c32;
	fma.rn.f32 	%c33, %a4, %b1, %c33;
	fma.rn.f32 	%c34, %a4, %b2, %c34;
	fma.rn.f32 	%c35, %a4, %b3, %c35;
	fma.rn.f32 	%c36, %a4, %b4, %c36;
	fma.rn.f32 	%c37, %a4, %b5, %c37;
	fma.rn.f32 	%c38, %a4, %b6, %c38;
	fma.rn.f32 	%c39, %a4, %b7, %c39;
	fma.rn.f32 	%c40, %a5, %b0, %c40;
	fma.rn.f32 	%c41, %a5, %b1, %c41;
	fma.rn.f32 	%c42, %a5, %b2, %c42;
	fma.rn.f32 	%c43, %a5, %b3, %c43;
	fma.rn.f32 	%c44, %a5, %b4, %c44;
	fma.rn.f32 	%c45, %a5, %b5, %c45;
	fma.rn.f32 	%c46, %a5, %b6, %c46;
	fma.rn.f32 	%c47, %a5, %b7, %c47;
	fma.rn.f32 	%c48, %a6, %b0, %c48;
	fma.rn.f32 	%c49, %a6, %b1, %c49;
	fma.rn.f32 	%c50, %a6, %b2, %c50;
	fma.rn.f32 	%c51, %a6, %b3, %c51;
	fma.rn.f32 	%c52, %a6, %b4, %c52;
	fma.rn.f32 	%c53, %a6, %b5, %c53;
	fma.rn.f32 	%c54, %a6, %b6, %c54;
	fma.rn.f32 	%c55, %a6, %b7, %c55;
	fma.rn.f32 	%c56, %a7, %b0, %c56;
	fma.rn.f32 	%c57, %a7, %b1, %c57;
	fma.rn.f32 	%c58, %a7, %b2, %c58;
	fma.rn.f32 	%c59, %a7, %b3, %c59;
	fma.rn.f32 	%c60, %a7, %b4, %c60;
	fma.rn.f32 	%c61, %a7, %b5, %c61;
	fma.rn.f32 	%c62, %a7, %b6, %c62;
	fma.rn.f32 	%c63, %a7, %b7, %c63;
	add.s32 	%r20, %r20, 1056;
	add.s32 	%r21, %r21, 1024;
	add.s32 	%r22, %r22, -1;
	setp.ne.s32 	%p14, %r22, 0;
	// fragment 0 <- step k+2 (not after the last pair)
	@%p14 ld.shared.v4.f32 	{%a0, %a1, %a2, %a3}, [%r20+0];
	@%p14 ld.shared.v4.f32 	{%a4, %a5, %a6, %a7}, [%r20+256];
	@%p14 ld.shared.v4.f32 	{%b0, %b1, %b2, %b3}, [%r21+0];
	@%p14 ld.shared.v4.f32 	{%b4, %b5, %b6, %b7}, [%r21+256];
	// acc += a1 (x) b1: step k+1
	fma.rn.f32 	%c0, %a8, %b8, %c0;
	fma.rn.f32 	%c1, %a8, %b9, %c1;
	fma.rn.f32 	%c2, %a8, %b10, %c2;
	fma.rn.f32 	%c3, %a8, %b11, %c3;
	fma.rn.f32 	%c4, %a8, %b12, %c4;
	fma.rn.f32 	%c5, %a8, %b13, %c5;
	fma.rn.f32 	%c6, %a8, %b14, %c6;
	fma.rn.f32 	%c7, %a8, %b15, %c7;
	fma.rn.f32 	%c8, %a9, %b8, %c8;
	fma.rn.f32 	%c9, %a9, %b9, %c9;
	fma.rn.f32 	%c10, %a9, %b10, %c10;
	fma.rn.f32 	%c11, %a9, %b11, %c11;
	fma.rn.f32 	%c12, %a9, %b12, %c12;
	fma.rn.f32 	%c13, %a9, %b13, %c13;
	fma.rn.f32 	%c14, %a9, %b14, %c14;
	fma.rn.f32 	%c15, %a9, %b15, %c15;
	fma.rn.f32 	%c16, %a10, %b8, %c16;
	fma.rn.f32 	%c17, %a10, %b9, %c17;
	fma.rn.f32 	%c18, %a10, %b10, %c18;
	fma.rn.f32 	%c19, %a10, %b11, %c19;
	fma.rn.f32 	%c20, %a10, %b12, %c20;
	fma.rn.f32 	%c21, %a10, %b13, %c21;
	fma.rn.f32 	%c22, %a10, %b14, %c22;
	fma.rn.f32 	%c23, %a10, %b15, %c23;
	fma.rn.f32 	%c24, %a11, %b8, %c24;
	fma.rn.f32 	%c25, %a11, %b9, %c25;
	fma.rn.f32 	%c26, %a11, %b10, %c26;
	fma.rn.f32 	%c27, %a11, %b11, %c27;
	fma.rn.f32 	%c28, %a11, %b12, %c28;
	fma.rn.f32 	%c29, %a11, %b13, %c29;
	fma.rn.f32 	%c30, %a11, %b14, %c30;
	fma.rn.f32 	%c31, %a11, %b15, %c31;
	fma.rn.f32 	%c32, %a12, %b8, %c32;
	fma.rn.f32 	%c33, %a12, %b9, %c33;
	fma.rn.f32 	%c34, %a12, %b10, %c34;
	fma.rn.f32 	%c35, %a12, %b11, %c35;
	fma.rn.f32 	%c36, %a12, %b12, %c36;
	fma.rn.f32 	%c37, %a12, %b13, %c37;
	fma.rn.f32 	%c38, %a12, %b14, %c38;
	fma.rn.f32 	%c39, %a12, %b15, %c39;
	fma.rn.f32 	%c40, %a13, %b8, %c40;
	fma.rn.f32 	%c41, %a13, %b9, %c41;
	fma.rn.f32 	%c42, %a13, %b10, %c42;
	fma.rn.f32 	%c43, %a13, %b11, %c43;
	fma.rn.f32 	%c44, %a13, %b12, %c44;
	fma.rn.f32 	%c45, %a13, %b13, %c45;
	fma.rn.f32 	%c46, %a13, %b14, %c46;
	fma.rn.f32 	%c47, %a13, %b15, %c47;
	fma.rn.f32 	%c48, %a14, %b8, %c48;
	fma.rn.f32 	%c49, %a14, %b9, %c49;
	fma.rn.f32 	%c50, %a14, %b10, %c50;
	fma.rn.f32 	%c51, %a14, %b11, %c51;
	fma.rn.f32 	%c52, %a14, %b12, %c52;
	fma.rn.f32 	%c53, %a14, %b13, %c53;
	fma.rn.f32 	%c54, %a14, %b14, %c54;
	fma.rn.f32 	%c55, %a14, %b15, %c55;
	fma.rn.f32 	%c56, %a15, %b8, %c56;
	fma.rn.f32 	%c57, %a15, %b9, %c57;
	fma.rn.f32 	%c58, %a15, %b10, %c58;
	fma.rn.f32 	%c59, %a15, %b11, %c59;
	fma.rn.f32 	%c60, %a15, %b12, %c60;
	fma.rn.f32 	%c61, %a15, %b13, %c61;
	fma.rn.f32 	%c62, %a15, %b14, %c62;
	fma.rn.f32 	%c63, %a15, %b15, %c63;
	@%p14 bra 	K_LOOP_128;

	// ---- the next slice into the other stage; one barrier per slice suffices: every thread
	//      finished reading that stage before the previous barrier ----
	xor.b32 	%r18, %r18, 16640;
	add.s32 	%r11, %r14, %r18;
	st.shared.f32 	[%r11+0], %s0;        // As[kA][rowA + 0]
	st.shared.f32 	[%r11+4224], %s1;        // As[kA + 8][rowA + 0]
	st.shared.f32 	[%r11+128], %s2;        // As[kA][rowA + 32]
	st.shared.f32 	[%r11+4352], %s3;        // As[kA + 8][rowA + 32]
	st.shared.f32 	[%r11+256], %s4;        // As[kA][rowA + 64]
	st.shared.f32 	[%r11+4480], %s5;        // As[kA + 8][rowA + 64]
	st.shared.f32 	[%r11+384], %s6;        // As[kA][rowA + 96]
	st.shared.f32 	[%r11+4608], %s7;        // As[kA + 8][rowA + 96]
	add.s32 	%r12, %r15, %r18;
	st.shared.f32 	[%r12+0], %s8;       // Bs[kB + 0][colB]
	st.shared.f32 	[%r12+1024], %s9;       // Bs[kB + 2][colB]
	st.shared.f32 	[%r12+2048], %s10;       // Bs[kB + 4][colB]
	st.shared.f32 	[%r12+3072], %s11;       // Bs[kB + 6][colB]
	st.shared.f32 	[%r12+4096], %s12;       // Bs[kB + 8][colB]
	st.shared.f32 	[%r12+5120], %s13;       // Bs[kB + 10][colB]
	st.shared.f32 	[%r12+6144], %s14;       // Bs[kB + 12][colB]
	st.shared.f32 	[%r12+7168], %s15;       // Bs[kB + 14][colB]
	bar.sync 	0;
	add.s32 	%r19, %r19, -1;
	setp.ne.s32 	%p15, %r19, 0;
	@%p15 bra 	SLICE_128;

	// ---- epilogue: C[row0 + ty*4 + 64i + r][col0 + tx*4 + 64j + c] = acc, inside the matrix only ----
	shl.b32 	%r11, %r4, 2;
	add.s32 	%r23, %r6, %r11;          // crow = row0 + ty*4
	shl.b32 	%r11, %r3, 2;
	add.s32 	%r24, %r5, %r11;          // ccol = col0 + tx*4
	add.s32 	%r12, %r24, 0;
	setp.lt.u32 	%p20, %r12, %r1;     // column ccol + 0 exists
	add.s32 	%r12, %r24, 1;
	setp.lt.u32 	%p21, %r12, %r1;     // column ccol + 1 exists
	add.s32 	%r12, %r24, 2;
	setp.lt.u32 	%p22, %r12, %r1;     // column ccol + 2 exists
	add.s32 	%r12, %r24, 3;
	setp.lt.u32 	%p23, %r12, %r1;     // column ccol + 3 exists
	add.s32 	%r12, %r24, 64;
	setp.lt.u32 	%p24, %r12, %r1;     // column ccol + 64 exists
	add.s32 	%r12, %r24, 65;
	setp.lt.u32 	%p25, %r12, %r1;     // column ccol + 65 exists
	add.s32 	%r12, %r24, 66;
	setp.lt.u32 	%p26, %r12, %r1;     // column ccol + 66 exists
	add.s32 	%r12, %r24, 67;
	setp.lt.u32 	%p27, %r12, %r1;     // column ccol + 67 exists
	mul.wide.u32 	%rd13, %r24, 4;
	add.s64 	%rd13, %rd6, %rd13;        // &C[0][ccol]
	// row crow + 0
	add.s32 	%r25, %r23, 0;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW0_DONE_128;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c0;
	@%p21 st.global.f32 	[%rd14+4], %c1;
	@%p22 st.global.f32 	[%rd14+8], %c2;
	@%p23 st.global.f32 	[%rd14+12], %c3;
	@%p24 st.global.f32 	[%rd14+256], %c4;
	@%p25 st.global.f32 	[%rd14+260], %c5;
	@%p26 st.global.f32 	[%rd14+264], %c6;
	@%p27 st.global.f32 	[%rd14+268], %c7;
ROW0_DONE_128:
	// row crow + 1
	add.s32 	%r25, %r23, 1;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW1_DONE_128;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c8;
	@%p21 st.global.f32 	[%rd14+4], %c9;
	@%p22 st.global.f32 	[%rd14+8], %c10;
	@%p23 st.global.f32 	[%rd14+12], %c11;
	@%p24 st.global.f32 	[%rd14+256], %c12;
	@%p25 st.global.f32 	[%rd14+260], %c13;
	@%p26 st.global.f32 	[%rd14+264], %c14;
	@%p27 st.global.f32 	[%rd14+268], %c15;
ROW1_DONE_128:
	// row crow + 2
	add.s32 	%r25, %r23, 2;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW2_DONE_128;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c16;
	@%p21 st.global.f32 	[%rd14+4], %c17;
	@%p22 st.global.f32 	[%rd14+8], %c18;
	@%p23 st.global.f32 	[%rd14+12], %c19;
	@%p24 st.global.f32 	[%rd14+256], %c20;
	@%p25 st.global.f32 	[%rd14+260], %c21;
	@%p26 st.global.f32 	[%rd14+264], %c22;
	@%p27 st.global.f32 	[%rd14+268], %c23;
ROW2_DONE_128:
	// row crow + 3
	add.s32 	%r25, %r23, 3;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW3_DONE_128;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c24;
	@%p21 st.global.f32 	[%rd14+4], %c25;
	@%p22 st.global.f32 	[%rd14+8], %c26;
	@%p23 st.global.f32 	[%rd14+12], %c27;
	@%p24 st.global.f32 	[%rd14+256], %c28;
	@%p25 st.global.f32 	[%rd14+260], %c29;
	@%p26 st.global.f32 	[%rd14+264], %c30;
	@%p27 st.global.f32 	[%rd14+268], %c31;
ROW3_DONE_128:
	// row crow + 64
	add.s32 	%r25, %r23, 64;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW4_DONE_128;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c32;
	@%p21 st.global.f32 	[%rd14+4], %c33;
	@%p22 st.global.f32 	[%rd14+8], %c34;
	@%p23 st.global.f32 	[%rd14+12], %c35;
	@%p24 st.global.f32 	[%rd14+256], %c36;
	@%p25 st.global.f32 	[%rd14+260], %c37;
	@%p26 st.global.f32 	[%rd14+264], %c38;
	@%p27 st.global.f32 	[%rd14+268], %c39;
ROW4_DONE_128:
	// row crow + 65
	add.s32 	%r25, %r23, 65;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW5_DONE_128;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c40;
	@%p21 st.global.f32 	[%rd14+4], %c41;
	@%p22 st.global.f32 	[%rd14+8], %c42;
	@%p23 st.global.f32 	[%rd14+12], %c43;
	@%p24 st.global.f32 	[%rd14+256], %c44;
	@%p25 st.global.f32 	[%rd14+260], %c45;
	@%p26 st.global.f32 	[%rd14+264], %c46;
	@%p27 st.global.f32 	[%rd14+268], %c47;
ROW5_DONE_128:
	// row crow + 66
	add.s32 	%r25, %r23, 66;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW6_DONE_128;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c48;
	@%p21 st.global.f32 	[%rd14+4], %c49;
	@%p22 st.global.f32 	[%rd14+8], %c50;
	@%p23 st.global.f32 	[%rd14+12], %c51;
	@%p24 st.global.f32 	[%rd14+256], %c52;
	@%p25 st.global.f32 	[%rd14+260], %c53;
	@%p26 st.global.f32 	[%rd14+264], %c54;
	@%p27 st.global.f32 	[%rd14+268], %c55;
ROW6_DONE_128:
	// row crow + 67
	add.s32 	%r25, %r23, 67;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW7_DONE_128;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c56;
	@%p21 st.global.f32 	[%rd14+4], %c57;
	@%p22 st.global.f32 	[%rd14+8], %c58;
	@%p23 st.global.f32 	[%rd14+12], %c59;
	@%p24 st.global.f32 	[%rd14+256], %c60;
	@%p25 st.global.f32 	[%rd14+260], %c61;
	@%p26 st.global.f32 	[%rd14+264], %c62;
	@%p27 st.global.f32 	[%rd14+268], %c63;
ROW7_DONE_128:
	ret;
}

.visible .entry matmul_cublas_256x128(
	.param .u64 matmul_cublas_256x128_param_0,   // const float* A  (n x n, row-major)
	.param .u64 matmul_cublas_256x128_param_1,   // const float* B  (n x n, row-major)
	.param .u64 matmul_cublas_256x128_param_2,   // float*       C  (n x n, row-major)
	.param .u32 matmul_cublas_256x128_param_3    // unsigned     n
)
.reqntid 256, 1, 1
.minnctapersm 1
{
	.reg .pred 	%p<40>;
	.reg .f32 	%c<128>;       // acc[16][8]: this thread's outputs
	.reg .f32 	%a<32>;        // two A fragments of 16 (ping-pong over k)
	.reg .f32 	%b<16>;        // two B fragments of 8
	.reg .f32 	%s<12>;        // the next slice's 8 A and 4 B elements, global -> shared
	.reg .b32 	%r<32>;
	.reg .b64 	%rd<20>;
	// two stages, each As[8][256+4] (8320 bytes) then Bs[8][128] (4096 bytes)
	.shared .align 16 .b8 smem_256[24832];

	ld.param.u64 	%rd1, [matmul_cublas_256x128_param_0];
	ld.param.u64 	%rd2, [matmul_cublas_256x128_param_1];
	ld.param.u64 	%rd3, [matmul_cublas_256x128_param_2];
	ld.param.u32 	%r1, [matmul_cublas_256x128_param_3];      // n
	cvta.to.global.u64 	%rd4, %rd1;
	cvta.to.global.u64 	%rd5, %rd2;
	cvta.to.global.u64 	%rd6, %rd3;

	mov.u32 	%r2, %tid.x;              // tid
	and.b32 	%r3, %r2, 15;             // tx = tid % 16
	shr.u32 	%r4, %r2, 4;              // ty = tid / 16
	mov.u32 	%r11, %ctaid.x;
	shl.b32 	%r5, %r11, 7;             // col0 = blockIdx.x * 128
	mov.u32 	%r11, %ctaid.y;
	shl.b32 	%r6, %r11, 8;             // row0 = blockIdx.y * 256

	// ---- global -> shared mapping: A element q < 8 of a thread is As row k = tid % 8,
	//      tile row tid / 8 + 32q; B element q < 4 is Bs row tid / 128 + 2q,
	//      tile column tid % 128
	shr.u32 	%r7, %r2, 3;              // rowA = tid / 8
	and.b32 	%r8, %r2, 7;              // kA = tid % 8: the A column (k) this thread loads
	shr.u32 	%r9, %r2, 7;              // kB = tid / 128: the B row (k) this thread loads
	and.b32 	%r10, %r2, 127;           // colB = tid % 128
	// pA = &A[(row0 + rowA) * n + kA]
	add.s32 	%r11, %r6, %r7;
	mul.wide.u32 	%rd7, %r11, %r1;
	cvt.u64.u32 	%rd12, %r8;
	add.s64 	%rd7, %rd7, %rd12;
	shl.b64 	%rd7, %rd7, 2;
	add.s64 	%rd7, %rd4, %rd7;
	mul.wide.u32 	%rd8, %r1, 128;        // 32 rows of A in bytes: pA's step per q
	// rows of A this thread loads exist? (row0 + rowA + 32q < n), fixed for the whole kernel
	add.s32 	%r12, %r11, 0;
	setp.lt.u32 	%p1, %r12, %r1;
	add.s32 	%r12, %r11, 32;
	setp.lt.u32 	%p2, %r12, %r1;
	add.s32 	%r12, %r11, 64;
	setp.lt.u32 	%p3, %r12, %r1;
	add.s32 	%r12, %r11, 96;
	setp.lt.u32 	%p4, %r12, %r1;
	add.s32 	%r12, %r11, 128;
	setp.lt.u32 	%p5, %r12, %r1;
	add.s32 	%r12, %r11, 160;
	setp.lt.u32 	%p6, %r12, %r1;
	add.s32 	%r12, %r11, 192;
	setp.lt.u32 	%p7, %r12, %r1;
	add.s32 	%r12, %r11, 224;
	setp.lt.u32 	%p8, %r12, %r1;
	// pB = &B[kB * n + col0 + colB]
	add.s32 	%r12, %r5, %r10;          // col0 + colB
	setp.lt.u32 	%p9, %r12, %r1;          // the B column this thread loads exists
	mul.wide.u32 	%rd9, %r9, %r1;
	cvt.u64.u32 	%rd12, %r12;
	add.s64 	%rd9, %rd9, %rd12;
	shl.b64 	%rd9, %rd9, 2;
	add.s64 	%rd9, %rd5, %rd9;
	mul.wide.u32 	%rd10, %r1, 8;         // 2 rows of B in bytes: pB's step per q
	mul.wide.u32 	%rd11, %r1, 32;        // 8 rows of B in bytes: pB's step per slice
	// shared addresses in stage 0: sA = &As[kA][rowA], sB = &Bs[kB][colB] (stores);
	// rA = &As[0][ty*4], rB = &Bs[0][tx*4] (fragment loads)
	mov.u32 	%r13, smem_256;
	mad.lo.s32 	%r14, %r8, 1040, %r13;
	shl.b32 	%r11, %r7, 2;
	add.s32 	%r14, %r14, %r11;
	mad.lo.s32 	%r15, %r9, 512, %r13;
	shl.b32 	%r11, %r10, 2;
	add.s32 	%r15, %r15, %r11;
	add.s32 	%r15, %r15, 8320;
	shl.b32 	%r11, %r4, 4;
	add.s32 	%r16, %r13, %r11;
	shl.b32 	%r11, %r3, 4;
	add.s32 	%r17, %r13, %r11;
	add.s32 	%r17, %r17, 8320;
	mov.u32 	%r18, 0;                  // stage offset: 0 or 12416
	add.s32 	%r19, %r1, 7;
	shr.u32 	%r19, %r19, 3;            // slices = ceil(n / 8)

	// float acc[16][8] = {}
	mov.f32 	%c0, 0f00000000;
	mov.f32 	%c1, 0f00000000;
	mov.f32 	%c2, 0f00000000;
	mov.f32 	%c3, 0f00000000;
	mov.f32 	%c4, 0f00000000;
	mov.f32 	%c5, 0f00000000;
	mov.f32 	%c6, 0f00000000;
	mov.f32 	%c7, 0f00000000;
	mov.f32 	%c8, 0f00000000;
	mov.f32 	%c9, 0f00000000;
	mov.f32 	%c10, 0f00000000;
	mov.f32 	%c11, 0f00000000;
	mov.f32 	%c12, 0f00000000;
	mov.f32 	%c13, 0f00000000;
	mov.f32 	%c14, 0f00000000;
	mov.f32 	%c15, 0f00000000;
	mov.f32 	%c16, 0f00000000;
	mov.f32 	%c17, 0f00000000;
	mov.f32 	%c18, 0f00000000;
	mov.f32 	%c19, 0f00000000;
	mov.f32 	%c20, 0f00000000;
	mov.f32 	%c21, 0f00000000;
	mov.f32 	%c22, 0f00000000;
	mov.f32 	%c23, 0f00000000;
	mov.f32 	%c24, 0f00000000;
	mov.f32 	%c25, 0f00000000;
	mov.f32 	%c26, 0f00000000;
	mov.f32 	%c27, 0f00000000;
	mov.f32 	%c28, 0f00000000;
	mov.f32 	%c29, 0f00000000;
	mov.f32 	%c30, 0f00000000;
	mov.f32 	%c31, 0f00000000;
	mov.f32 	%c32, 0f00000000;
	mov.f32 	%c33, 0f00000000;
	mov.f32 	%c34, 0f00000000;
	mov.f32 	%c35, 0f00000000;
	mov.f32 	%c36, 0f00000000;
	mov.f32 	%c37, 0f00000000;
	mov.f32 	%c38, 0f00000000;
	mov.f32 	%c39, 0f00000000;
	mov.f32 	%c40, 0f00000000;
	mov.f32 	%c41, 0f00000000;
	mov.f32 	%c42, 0f00000000;
	mov.f32 	%c43, 0f00000000;
	mov.f32 	%c44, 0f00000000;
	mov.f32 	%c45, 0f00000000;
	mov.f32 	%c46, 0f00000000;
	mov.f32 	%c47, 0f00000000;
	mov.f32 	%c48, 0f00000000;
	mov.f32 	%c49, 0f00000000;
	mov.f32 	%c50, 0f00000000;
	mov.f32 	%c51, 0f00000000;
	mov.f32 	%c52, 0f00000000;
	mov.f32 	%c53, 0f00000000;
	mov.f32 	%c54, 0f00000000;
	mov.f32 	%c55, 0f00000000;
	mov.f32 	%c56, 0f00000000;
	mov.f32 	%c57, 0f00000000;
	mov.f32 	%c58, 0f00000000;
	mov.f32 	%c59, 0f00000000;
	mov.f32 	%c60, 0f00000000;
	mov.f32 	%c61, 0f00000000;
	mov.f32 	%c62, 0f00000000;
	mov.f32 	%c63, 0f00000000;
	mov.f32 	%c64, 0f00000000;
	mov.f32 	%c65, 0f00000000;
	mov.f32 	%c66, 0f00000000;
	mov.f32 	%c67, 0f00000000;
	mov.f32 	%c68, 0f00000000;
	mov.f32 	%c69, 0f00000000;
	mov.f32 	%c70, 0f00000000;
	mov.f32 	%c71, 0f00000000;
	mov.f32 	%c72, 0f00000000;
	mov.f32 	%c73, 0f00000000;
	mov.f32 	%c74, 0f00000000;
	mov.f32 	%c75, 0f00000000;
	mov.f32 	%c76, 0f00000000;
	mov.f32 	%c77, 0f00000000;
	mov.f32 	%c78, 0f00000000;
	mov.f32 	%c79, 0f00000000;
	mov.f32 	%c80, 0f00000000;
	mov.f32 	%c81, 0f00000000;
	mov.f32 	%c82, 0f00000000;
	mov.f32 	%c83, 0f00000000;
	mov.f32 	%c84, 0f00000000;
	mov.f32 	%c85, 0f00000000;
	mov.f32 	%c86, 0f00000000;
	mov.f32 	%c87, 0f00000000;
	mov.f32 	%c88, 0f00000000;
	mov.f32 	%c89, 0f00000000;
	mov.f32 	%c90, 0f00000000;
	mov.f32 	%c91, 0f00000000;
	mov.f32 	%c92, 0f00000000;
	mov.f32 	%c93, 0f00000000;
	mov.f32 	%c94, 0f00000000;
	mov.f32 	%c95, 0f00000000;
	mov.f32 	%c96, 0f00000000;
	mov.f32 	%c97, 0f00000000;
	mov.f32 	%c98, 0f00000000;
	mov.f32 	%c99, 0f00000000;
	mov.f32 	%c100, 0f00000000;
	mov.f32 	%c101, 0f00000000;
	mov.f32 	%c102, 0f00000000;
	mov.f32 	%c103, 0f00000000;
	mov.f32 	%c104, 0f00000000;
	mov.f32 	%c105, 0f00000000;
	mov.f32 	%c106, 0f00000000;
	mov.f32 	%c107, 0f00000000;
	mov.f32 	%c108, 0f00000000;
	mov.f32 	%c109, 0f00000000;
	mov.f32 	%c110, 0f00000000;
	mov.f32 	%c111, 0f00000000;
	mov.f32 	%c112, 0f00000000;
	mov.f32 	%c113, 0f00000000;
	mov.f32 	%c114, 0f00000000;
	mov.f32 	%c115, 0f00000000;
	mov.f32 	%c116, 0f00000000;
	mov.f32 	%c117, 0f00000000;
	mov.f32 	%c118, 0f00000000;
	mov.f32 	%c119, 0f00000000;
	mov.f32 	%c120, 0f00000000;
	mov.f32 	%c121, 0f00000000;
	mov.f32 	%c122, 0f00000000;
	mov.f32 	%c123, 0f00000000;
	mov.f32 	%c124, 0f00000000;
	mov.f32 	%c125, 0f00000000;
	mov.f32 	%c126, 0f00000000;
	mov.f32 	%c127, 0f00000000;

	// ---- prologue: slice 0 into stage 0 ----
	// A elements of this slice: A[row0 + rowA + 32q][k0 + kA], 0 where outside the matrix
	setp.lt.u32 	%p11, %r8, %r1;          // k0 + kA < n
	mov.b64 	%rd12, %rd7;
	and.pred 	%p12, %p1, %p11;
	mov.f32 	%s0, 0f00000000;
	@%p12 ld.global.f32 	%s0, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p2, %p11;
	mov.f32 	%s1, 0f00000000;
	@%p12 ld.global.f32 	%s1, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p3, %p11;
	mov.f32 	%s2, 0f00000000;
	@%p12 ld.global.f32 	%s2, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p4, %p11;
	mov.f32 	%s3, 0f00000000;
	@%p12 ld.global.f32 	%s3, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p5, %p11;
	mov.f32 	%s4, 0f00000000;
	@%p12 ld.global.f32 	%s4, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p6, %p11;
	mov.f32 	%s5, 0f00000000;
	@%p12 ld.global.f32 	%s5, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p7, %p11;
	mov.f32 	%s6, 0f00000000;
	@%p12 ld.global.f32 	%s6, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p8, %p11;
	mov.f32 	%s7, 0f00000000;
	@%p12 ld.global.f32 	%s7, [%rd12+0];
	// B elements: B[k0 + kB + 2q][col0 + colB], 0 where outside the matrix
	mov.b64 	%rd12, %rd9;
	add.s32 	%r12, %r9, 0;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s8, 0f00000000;
	@%p13 ld.global.f32 	%s8, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 2;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s9, 0f00000000;
	@%p13 ld.global.f32 	%s9, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 4;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s10, 0f00000000;
	@%p13 ld.global.f32 	%s10, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 6;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s11, 0f00000000;
	@%p13 ld.global.f32 	%s11, [%rd12];
	add.s32 	%r11, %r14, %r18;
	st.shared.f32 	[%r11+0], %s0;        // As[kA][rowA + 0]
	st.shared.f32 	[%r11+128], %s1;        // As[kA][rowA + 32]
	st.shared.f32 	[%r11+256], %s2;        // As[kA][rowA + 64]
	st.shared.f32 	[%r11+384], %s3;        // As[kA][rowA + 96]
	st.shared.f32 	[%r11+512], %s4;        // As[kA][rowA + 128]
	st.shared.f32 	[%r11+640], %s5;        // As[kA][rowA + 160]
	st.shared.f32 	[%r11+768], %s6;        // As[kA][rowA + 192]
	st.shared.f32 	[%r11+896], %s7;        // As[kA][rowA + 224]
	add.s32 	%r12, %r15, %r18;
	st.shared.f32 	[%r12+0], %s8;       // Bs[kB + 0][colB]
	st.shared.f32 	[%r12+1024], %s9;       // Bs[kB + 2][colB]
	st.shared.f32 	[%r12+2048], %s10;       // Bs[kB + 4][colB]
	st.shared.f32 	[%r12+3072], %s11;       // Bs[kB + 6][colB]
	bar.sync 	0;

SLICE_256:
	// ---- the next slice's global loads go out first (k0 += 8); past the last slice every
	//      bound check fails, nothing is loaded and the zeros stored below are never read ----
	add.s64 	%rd7, %rd7, 32;
	add.s64 	%rd9, %rd9, %rd11;
	add.s32 	%r8, %r8, 8;
	add.s32 	%r9, %r9, 8;
	// A elements of this slice: A[row0 + rowA + 32q][k0 + kA], 0 where outside the matrix
	setp.lt.u32 	%p11, %r8, %r1;          // k0 + kA < n
	mov.b64 	%rd12, %rd7;
	and.pred 	%p12, %p1, %p11;
	mov.f32 	%s0, 0f00000000;
	@%p12 ld.global.f32 	%s0, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p2, %p11;
	mov.f32 	%s1, 0f00000000;
	@%p12 ld.global.f32 	%s1, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p3, %p11;
	mov.f32 	%s2, 0f00000000;
	@%p12 ld.global.f32 	%s2, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p4, %p11;
	mov.f32 	%s3, 0f00000000;
	@%p12 ld.global.f32 	%s3, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p5, %p11;
	mov.f32 	%s4, 0f00000000;
	@%p12 ld.global.f32 	%s4, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p6, %p11;
	mov.f32 	%s5, 0f00000000;
	@%p12 ld.global.f32 	%s5, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p7, %p11;
	mov.f32 	%s6, 0f00000000;
	@%p12 ld.global.f32 	%s6, [%rd12+0];
	add.s64 	%rd12, %rd12, %rd8;
	and.pred 	%p12, %p8, %p11;
	mov.f32 	%s7, 0f00000000;
	@%p12 ld.global.f32 	%s7, [%rd12+0];
	// B elements: B[k0 + kB + 2q][col0 + colB], 0 where outside the matrix
	mov.b64 	%rd12, %rd9;
	add.s32 	%r12, %r9, 0;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s8, 0f00000000;
	@%p13 ld.global.f32 	%s8, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 2;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s9, 0f00000000;
	@%p13 ld.global.f32 	%s9, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 4;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s10, 0f00000000;
	@%p13 ld.global.f32 	%s10, [%rd12];
	add.s64 	%rd12, %rd12, %rd10;
	add.s32 	%r12, %r9, 6;
	setp.lt.u32 	%p13, %r12, %r1;
	and.pred 	%p13, %p13, %p9;
	mov.f32 	%s11, 0f00000000;
	@%p13 ld.global.f32 	%s11, [%rd12];

	// ---- compute on this stage: 8 steps of k, fragments ping-ponged so that step k+1's
	//      shared loads are in flight while step k's multiply-adds issue ----
	add.s32 	%r20, %r16, %r18;
	add.s32 	%r21, %r17, %r18;
	ld.shared.v4.f32 	{%a0, %a1, %a2, %a3}, [%r20+0];
	ld.shared.v4.f32 	{%a4, %a5, %a6, %a7}, [%r20+256];
	ld.shared.v4.f32 	{%a8, %a9, %a10, %a11}, [%r20+512];
	ld.shared.v4.f32 	{%a12, %a13, %a14, %a15}, [%r20+768];
	ld.shared.v4.f32 	{%b0, %b1, %b2, %b3}, [%r21+0];
	ld.shared.v4.f32 	{%b4, %b5, %b6, %b7}, [%r21+256];
	mov.u32 	%r22, 4;                  // pairs of k steps
K_LOOP_256:
	// fragment 1 <- step k+1: As[k+1][ty*4 + 64i ..], Bs[k+1][tx*4 + 64j ..]
	ld.shared.v4.f32 	{%a16, %a17, %a18, %a19}, [%r20+1040];
	ld.shared.v4.f32 	{%a20, %a21, %a22, %a23}, [%r20+1296];
	ld.shared.v4.f32 	{%a24, %a25, %a26, %a27}, [%r20+1552];
	ld.shared.v4.f32 	{%a28, %a29, %a30, %a31}, [%r20+1808];
	ld.shared.v4.f32 	{%b8, %b9, %b10, %b11}, [%r21+512];
	ld.shared.v4.f32 	{%b12, %b13, %b14, %b15}, [%r21+768];
	// acc += a0 (x) b0: 128 multiply-adds of step k
	fma.rn.f32 	%c0, %a0, %b0, %c0;
	fma.rn.f32 	%c1, %a0, %b1, %c1;
	fma.rn.f32 	%c2, %a0, %b2, %c2;
	fma.rn.f32 	%c3, %a0, %b3, %c3;
	fma.rn.f32 	%c4, %a0, %b4, %c4;
	fma.rn.f32 	%c5, %a0, %b5, %c5;
	fma.rn.f32 	%c6, %a0, %b6, %c6;
	fma.rn.f32 	%c7, %a0, %b7, %c7;
	fma.rn.f32 	%c8, %a1, %b0, %c8;
	fma.rn.f32 	%c9, %a1, %b1, %c9;
	fma.rn.f32 	%c10, %a1, %b2, %c10;
	fma.rn.f32 	%c11, %a1, %b3, %c11;
	fma.rn.f32 	%c12, %a1, %b4, %c12;
	fma.rn.f32 	%c13, %a1, %b5, %c13;
	fma.rn.f32 	%c14, %a1, %b6, %c14;
	fma.rn.f32 	%c15, %a1, %b7, %c15;
	fma.rn.f32 	%c16, %a2, %b0, %c16;
	fma.rn.f32 	%c17, %a2, %b1, %c17;
	fma.rn.f32 	%c18, %a2, %b2, %c18;
	fma.rn.f32 	%c19, %a2, %b3, %c19;
	fma.rn.f32 	%c20, %a2, %b4, %c20;
	fma.rn.f32 	%c21, %a2, %b5, %c21;
	fma.rn.f32 	%c22, %a2, %b6, %c22;
	fma.rn.f32 	%c23, %a2, %b7, %c23;
	fma.rn.f32 	%c24, %a3, %b0, %c24;
	fma.rn.f32 	%c25, %a3, %b1, %c25;
	fma.rn.f32 	%c26, %a3, %b2, %c26;
	fma.rn.f32 	%c27, %a3, %b3, %c27;
	fma.rn.f32 	%c28, %a3, %b4, %c28;
	fma.rn.f32 	%c29, %a3, %b5, %c29;
	fma.rn.f32 	%c30, %a3, %b6, %c30;
	fma.rn.f32 	%c31, %a3, %b7, %c31;
	fma.rn.f32 	%c32, %a4, %b0, %c32;
	fma.rn.f32 	%c33, %a4, %b1, %c33;
	fma.rn.f32 	%c34, %a4, %b2, %c34;
	fma.rn.f32 	%c35, %a4, %b3, %c35;
	fma.rn.f32 	%c36, %a4, %b4, %c36;
	fma.rn.f32 	%c37, %a4, %b5, %c37;
	fma.rn.f32 	%c38, %a4, %b6, %c38;
	fma.rn.f32 	%c39, %a4, %b7, %c39;
	fma.rn.f32 	%c40, %a5, %b0, %c40;
	fma.rn.f32 	%c41, %a5, %b1, %c41;
	fma.rn.f32 	%c42, %a5, %b2, %c42;
	fma.rn.f32 	%c43, %a5, %b3, %c43;
	fma.rn.f32 	%c44, %a5, %b4, %c44;
	fma.rn.f32 	%c45, %a5, %b5, %c45;
	fma.rn.f32 	%c46, %a5, %b6, %c46;
	fma.rn.f32 	%c47, %a5, %b7, %c47;
	fma.rn.f32 	%c48, %a6, %b0, %c48;
	fma.rn.f32 	%c49, %a6, %b1, %c49;
	fma.rn.f32 	%c50, %a6, %b2, %c50;
	fma.rn.f32 	%c51, %a6, %b3, %c51;
	fma.rn.f32 	%c52, %a6, %b4, %c52;
	fma.rn.f32 	%c53, %a6, %b5, %c53;
	fma.rn.f32 	%c54, %a6, %b6, %c54;
	fma.rn.f32 	%c55, %a6, %b7, %c55;
	fma.rn.f32 	%c56, %a7, %b0, %c56;
	fma.rn.f32 	%c57, %a7, %b1, %c57;
	fma.rn.f32 	%c58, %a7, %b2, %c58;
	fma.rn.f32 	%c59, %a7, %b3, %c59;
	fma.rn.f32 	%c60, %a7, %b4, %c60;
	fma.rn.f32 	%c61, %a7, %b5, %c61;
	fma.rn.f32 	%c62, %a7, %b6, %c62;
	fma.rn.f32 	%c63, %a7, %b7, %c63;
	fma.rn.f32 	%c64, %a8, %b0, %c64;
	fma.rn.f32 	%c65, %a8, %b1, %c65;
	fma.rn.f32 	%c66, %a8, %b2, %c66;
	fma.rn.f32 	%c67, %a8, %b3, %c67;
	fma.rn.f32 	%c68, %a8, %b4, %c68;
	fma.rn.f32 	%c69, %a8, %b5, %c69;
	fma.rn.f32 	%c70, %a8, %b6, %c70;
	fma.rn.f32 	%c71, %a8, %b7, %c71;
	fma.rn.f32 	%c72, %a9, %b0, %c72;
	fma.rn.f32 	%c73, %a9, %b1, %c73;
	fma.rn.f32 	%c74, %a9, %b2, %c74;
	fma.rn.f32 	%c75, %a9, %b3, %c75;
	fma.rn.f32 	%c76, %a9, %b4, %c76;
	fma.rn.f32 	%c77, %a9, %b5, %c77;
	fma.rn.f32 	%c78, %a9, %b6, %c78;
	fma.rn.f32 	%c79, %a9, %b7, %c79;
	fma.rn.f32 	%c80, %a10, %b0, %c80;
	fma.rn.f32 	%c81, %a10, %b1, %c81;
	fma.rn.f32 	%c82, %a10, %b2, %c82;
	fma.rn.f32 	%c83, %a10, %b3, %c83;
	fma.rn.f32 	%c84, %a10, %b4, %c84;
	fma.rn.f32 	%c85, %a10, %b5, %c85;
	fma.rn.f32 	%c86, %a10, %b6, %c86;
	fma.rn.f32 	%c87, %a10, %b7, %c87;
	fma.rn.f32 	%c88, %a11, %b0, %c88;
	fma.rn.f32 	%c89, %a11, %b1, %c89;
	fma.rn.f32 	%c90, %a11, %b2, %c90;
	fma.rn.f32 	%c91, %a11, %b3, %c91;
	fma.rn.f32 	%c92, %a11, %b4, %c92;
	fma.rn.f32 	%c93, %a11, %b5, %c93;
	fma.rn.f32 	%c94, %a11, %b6, %c94;
	fma.rn.f32 	%c95, %a11, %b7, %c95;
	fma.rn.f32 	%c96, %a12, %b0, %c96;
	fma.rn.f32 	%c97, %a12, %b1, %c97;
	fma.rn.f32 	%c98, %a12, %b2, %c98;
	fma.rn.f32 	%c99, %a12, %b3, %c99;
	fma.rn.f32 	%c100, %a12, %b4, %c100;
	fma.rn.f32 	%c101, %a12, %b5, %c101;
	fma.rn.f32 	%c102, %a12, %b6, %c102;
	fma.rn.f32 	%c103, %a12, %b7, %c103;
	fma.rn.f32 	%c104, %a13, %b0, %c104;
	fma.rn.f32 	%c105, %a13, %b1, %c105;
	fma.rn.f32 	%c106, %a13, %b2, %c106;
	fma.rn.f32 	%c107, %a13, %b3, %c107;
	fma.rn.f32 	%c108, %a13, %b4, %c108;
	fma.rn.f32 	%c109, %a13, %b5, %c109;
	fma.rn.f32 	%c110, %a13, %b6, %c110;
	fma.rn.f32 	%c111, %a13, %b7, %c111;
	fma.rn.f32 	%c112, %a14, %b0, %c112;
	fma.rn.f32 	%c113, %a14, %b1, %c113;
	fma.rn.f32 	%c114, %a14, %b2, %c114;
	fma.rn.f32 	%c115, %a14, %b3, %c115;
	fma.rn.f32 	%c116, %a14, %b4, %c116;
	fma.rn.f32 	%c117, %a14, %b5, %c117;
	fma.rn.f32 	%c118, %a14, %b6, %c118;
	fma.rn.f32 	%c119, %a14, %b7, %c119;
	fma.rn.f32 	%c120, %a15, %b0, %c120;
	fma.rn.f32 	%c121, %a15, %b1, %c121;
	fma.rn.f32 	%c122, %a15, %b2, %c122;
	fma.rn.f32 	%c123, %a15, %b3, %c123;
	fma.rn.f32 	%c124, %a15, %b4, %c124;
	fma.rn.f32 	%c125, %a15, %b5, %c125;
	fma.rn.f32 	%c126, %a15, %b6, %c126;
	fma.rn.f32 	%c127, %a15, %b7, %c127;
	add.s32 	%r20, %r20, 2080;
	add.s32 	%r21, %r21, 1024;
	add.s32 	%r22, %r22, -1;
	setp.ne.s32 	%p14, %r22, 0;
	// fragment 0 <- step k+2 (not after the last pair)
	@%p14 ld.shared.v4.f32 	{%a0, %a1, %a2, %a3}, [%r20+0];
	@%p14 ld.shared.v4.f32 	{%a4, %a5, %a6, %a7}, [%r20+256];
	@%p14 ld.shared.v4.f32 	{%a8, %a9, %a10, %a11}, [%r20+512];
	@%p14 ld.shared.v4.f32 	{%a12, %a13, %a14, %a15}, [%r20+768];
	@%p14 ld.shared.v4.f32 	{%b0, %b1, %b2, %b3}, [%r21+0];
	@%p14 ld.shared.v4.f32 	{%b4, %b5, %b6, %b7}, [%r21+256];
	// acc += a1 (x) b1: step k+1
	fma.rn.f32 	%c0, %a16, %b8, %c0;
	fma.rn.f32 	%c1, %a16, %b9, %c1;
	fma.rn.f32 	%c2, %a16, %b10, %c2;
	fma.rn.f32 	%c3, %a16, %b11, %c3;
	fma.rn.f32 	%c4, %a16, %b12, %c4;
	fma.rn.f32 	%c5, %a16, %b13, %c5;
	fma.rn.f32 	%c6, %a16, %b14, %c6;
	fma.rn.f32 	%c7, %a16, %b15, %c7;
	fma.rn.f32 	%c8, %a17, %b8, %c8;
	fma.rn.f32 	%c9, %a17, %b9, %c9;
	fma.rn.f32 	%c10, %a17, %b10, %c10;
	fma.rn.f32 	%c11, %a17, %b11, %c11;
	fma.rn.f32 	%c12, %a17, %b12, %c12;
	fma.rn.f32 	%c13, %a17, %b13, %c13;
	fma.rn.f32 	%c14, %a17, %b14, %c14;
	fma.rn.f32 	%c15, %a17, %b15, %c15;
	fma.rn.f32 	%c16, %a18, %b8, %c16;
	fma.rn.f32 	%c17, %a18, %b9, %c17;
	fma.rn.f32 	%c18, %a18, %b10, %c18;
	fma.rn.f32 	%c19, %a18, %b11, %c19;
	fma.rn.f32 	%c20, %a18, %b12, %c20;
	fma.rn.f32 	%c21, %a18, %b13, %c21;
	fma.rn.f32 	%c22, %a18, %b14, %c22;
	fma.rn.f32 	%c23, %a18, %b15, %c23;
	fma.rn.f32 	%c24, %a19, %b8, %c24;
	fma.rn.f32 	%c25, %a19, %b9, %c25;
	fma.rn.f32 	%c26, %a19, %b10, %c26;
	fma.rn.f32 	%c27, %a19, %b11, %c27;
	fma.rn.f32 	%c28, %a19, %b12, %c28;
	fma.rn.f32 	%c29, %a19, %b13, %c29;
	fma.rn.f32 	%c30, %a19, %b14, %c30;
	fma.rn.f32 	%c31, %a19, %b15, %c31;
	fma.rn.f32 	%c32, %a20, %b8, %c32;
	fma.rn.f32 	%c33, %a20, %b9, %c33;
	fma.rn.f32 	%c34, %a20, %b10, %c34;
	fma.rn.f32 	%c35, %a20, %b11, %c35;
	fma.rn.f32 	%c36, %a20, %b12, %c36;
	fma.rn.f32 	%c37, %a20, %b13, %c37;
	fma.rn.f32 	%c38, %a20, %b14, %c38;
	fma.rn.f32 	%c39, %a20, %b15, %c39;
	fma.rn.f32 	%c40, %a21, %b8, %c40;
	fma.rn.f32 	%c41, %a21, %b9, %c41;
	fma.rn.f32 	%c42, %a21, %b10, %c42;
	fma.rn.f32 	%c43, %a21, %b11, %c43;
	fma.rn.f32 	%c44, %a21, %b12, %c44;
	fma.rn.f32 	%c45, %a21, %b13, %c45;
	fma.rn.f32 	%c46, %a21, %b14, %c46;
	fma.rn.f32 	%c47, %a21, %b15, %c47;
	fma.rn.f32 	%c48, %a22, %b8, %c48;
	fma.rn.f32 	%c49, %a22, %b9, %c49;
	fma.rn.f32 	%c50, %a22, %b10, %c50;
	fma.rn.f32 	%c51, %a22, %b11, %c51;
	fma.rn.f32 	%c52, %a22, %b12, %c52;
	fma.rn.f32 	%c53, %a22, %b13, %c53;
	fma.rn.f32 	%c54, %a22, %b14, %c54;
	fma.rn.f32 	%c55, %a22, %b15, %c55;
	fma.rn.f32 	%c56, %a23, %b8, %c56;
	fma.rn.f32 	%c57, %a23, %b9, %c57;
	fma.rn.f32 	%c58, %a23, %b10, %c58;
	fma.rn.f32 	%c59, %a23, %b11, %c59;
	fma.rn.f32 	%c60, %a23, %b12, %c60;
	fma.rn.f32 	%c61, %a23, %b13, %c61;
	fma.rn.f32 	%c62, %a23, %b14, %c62;
	fma.rn.f32 	%c63, %a23, %b15, %c63;
	fma.rn.f32 	%c64, %a24, %b8, %c64;
	fma.rn.f32 	%c65, %a24, %b9, %c65;
	fma.rn.f32 	%c66, %a24, %b10, %c66;
	fma.rn.f32 	%c67, %a24, %b11, %c67;
	fma.rn.f32 	%c68, %a24, %b12, %c68;
	fma.rn.f32 	%c69, %a24, %b13, %c69;
	fma.rn.f32 	%c70, %a24, %b14, %c70;
	fma.rn.f32 	%c71, %a24, %b15, %c71;
	fma.rn.f32 	%c72, %a25, %b8, %c72;
	fma.rn.f32 	%c73, %a25, %b9, %c73;
	fma.rn.f32 	%c74, %a25, %b10, %c74;
	fma.rn.f32 	%c75, %a25, %b11, %c75;
	fma.rn.f32 	%c76, %a25, %b12, %c76;
	fma.rn.f32 	%c77, %a25, %b13, %c77;
	fma.rn.f32 	%c78, %a25, %b14, %c78;
	fma.rn.f32 	%c79, %a25, %b15, %c79;
	fma.rn.f32 	%c80, %a26, %b8, %c80;
	fma.rn.f32 	%c81, %a26, %b9, %c81;
	fma.rn.f32 	%c82, %a26, %b10, %c82;
	fma.rn.f32 	%c83, %a26, %b11, %c83;
	fma.rn.f32 	%c84, %a26, %b12, %c84;
	fma.rn.f32 	%c85, %a26, %b13, %c85;
	fma.rn.f32 	%c86, %a26, %b14, %c86;
	fma.rn.f32 	%c87, %a26, %b15, %c87;
	fma.rn.f32 	%c88, %a27, %b8, %c88;
	fma.rn.f32 	%c89, %a27, %b9, %c89;
	fma.rn.f32 	%c90, %a27, %b10, %c90;
	fma.rn.f32 	%c91, %a27, %b11, %c91;
	fma.rn.f32 	%c92, %a27, %b12, %c92;
	fma.rn.f32 	%c93, %a27, %b13, %c93;
	fma.rn.f32 	%c94, %a27, %b14, %c94;
	fma.rn.f32 	%c95, %a27, %b15, %c95;
	fma.rn.f32 	%c96, %a28, %b8, %c96;
	fma.rn.f32 	%c97, %a28, %b9, %c97;
	fma.rn.f32 	%c98, %a28, %b10, %c98;
	fma.rn.f32 	%c99, %a28, %b11, %c99;
	fma.rn.f32 	%c100, %a28, %b12, %c100;
	fma.rn.f32 	%c101, %a28, %b13, %c101;
	fma.rn.f32 	%c102, %a28, %b14, %c102;
	fma.rn.f32 	%c103, %a28, %b15, %c103;
	fma.rn.f32 	%c104, %a29, %b8, %c104;
	fma.rn.f32 	%c105, %a29, %b9, %c105;
	fma.rn.f32 	%c106, %a29, %b10, %c106;
	fma.rn.f32 	%c107, %a29, %b11, %c107;
	fma.rn.f32 	%c108, %a29, %b12, %c108;
	fma.rn.f32 	%c109, %a29, %b13, %c109;
	fma.rn.f32 	%c110, %a29, %b14, %c110;
	fma.rn.f32 	%c111, %a29, %b15, %c111;
	fma.rn.f32 	%c112, %a30, %b8, %c112;
	fma.rn.f32 	%c113, %a30, %b9, %c113;
	fma.rn.f32 	%c114, %a30, %b10, %c114;
	fma.rn.f32 	%c115, %a30, %b11, %c115;
	fma.rn.f32 	%c116, %a30, %b12, %c116;
	fma.rn.f32 	%c117, %a30, %b13, %c117;
	fma.rn.f32 	%c118, %a30, %b14, %c118;
	fma.rn.f32 	%c119, %a30, %b15, %c119;
	fma.rn.f32 	%c120, %a31, %b8, %c120;
	fma.rn.f32 	%c121, %a31, %b9, %c121;
	fma.rn.f32 	%c122, %a31, %b10, %c122;
	fma.rn.f32 	%c123, %a31, %b11, %c123;
	fma.rn.f32 	%c124, %a31, %b12, %c124;
	fma.rn.f32 	%c125, %a31, %b13, %c125;
	fma.rn.f32 	%c126, %a31, %b14, %c126;
	fma.rn.f32 	%c127, %a31, %b15, %c127;
	@%p14 bra 	K_LOOP_256;

	// ---- the next slice into the other stage; one barrier per slice suffices: every thread
	//      finished reading that stage before the previous barrier ----
	xor.b32 	%r18, %r18, 12416;
	add.s32 	%r11, %r14, %r18;
	st.shared.f32 	[%r11+0], %s0;        // As[kA][rowA + 0]
	st.shared.f32 	[%r11+128], %s1;        // As[kA][rowA + 32]
	st.shared.f32 	[%r11+256], %s2;        // As[kA][rowA + 64]
	st.shared.f32 	[%r11+384], %s3;        // As[kA][rowA + 96]
	st.shared.f32 	[%r11+512], %s4;        // As[kA][rowA + 128]
	st.shared.f32 	[%r11+640], %s5;        // As[kA][rowA + 160]
	st.shared.f32 	[%r11+768], %s6;        // As[kA][rowA + 192]
	st.shared.f32 	[%r11+896], %s7;        // As[kA][rowA + 224]
	add.s32 	%r12, %r15, %r18;
	st.shared.f32 	[%r12+0], %s8;       // Bs[kB + 0][colB]
	st.shared.f32 	[%r12+1024], %s9;       // Bs[kB + 2][colB]
	st.shared.f32 	[%r12+2048], %s10;       // Bs[kB + 4][colB]
	st.shared.f32 	[%r12+3072], %s11;       // Bs[kB + 6][colB]
	bar.sync 	0;
	add.s32 	%r19, %r19, -1;
	setp.ne.s32 	%p15, %r19, 0;
	@%p15 bra 	SLICE_256;

	// ---- epilogue: C[row0 + ty*4 + 64i + r][col0 + tx*4 + 64j + c] = acc, inside the matrix only ----
	shl.b32 	%r11, %r4, 2;
	add.s32 	%r23, %r6, %r11;          // crow = row0 + ty*4
	shl.b32 	%r11, %r3, 2;
	add.s32 	%r24, %r5, %r11;          // ccol = col0 + tx*4
	add.s32 	%r12, %r24, 0;
	setp.lt.u32 	%p20, %r12, %r1;     // column ccol + 0 exists
	add.s32 	%r12, %r24, 1;
	setp.lt.u32 	%p21, %r12, %r1;     // column ccol + 1 exists
	add.s32 	%r12, %r24, 2;
	setp.lt.u32 	%p22, %r12, %r1;     // column ccol + 2 exists
	add.s32 	%r12, %r24, 3;
	setp.lt.u32 	%p23, %r12, %r1;     // column ccol + 3 exists
	add.s32 	%r12, %r24, 64;
	setp.lt.u32 	%p24, %r12, %r1;     // column ccol + 64 exists
	add.s32 	%r12, %r24, 65;
	setp.lt.u32 	%p25, %r12, %r1;     // column ccol + 65 exists
	add.s32 	%r12, %r24, 66;
	setp.lt.u32 	%p26, %r12, %r1;     // column ccol + 66 exists
	add.s32 	%r12, %r24, 67;
	setp.lt.u32 	%p27, %r12, %r1;     // column ccol + 67 exists
	mul.wide.u32 	%rd13, %r24, 4;
	add.s64 	%rd13, %rd6, %rd13;        // &C[0][ccol]
	// row crow + 0
	add.s32 	%r25, %r23, 0;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW0_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c0;
	@%p21 st.global.f32 	[%rd14+4], %c1;
	@%p22 st.global.f32 	[%rd14+8], %c2;
	@%p23 st.global.f32 	[%rd14+12], %c3;
	@%p24 st.global.f32 	[%rd14+256], %c4;
	@%p25 st.global.f32 	[%rd14+260], %c5;
	@%p26 st.global.f32 	[%rd14+264], %c6;
	@%p27 st.global.f32 	[%rd14+268], %c7;
ROW0_DONE_256:
	// row crow + 1
	add.s32 	%r25, %r23, 1;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW1_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c8;
	@%p21 st.global.f32 	[%rd14+4], %c9;
	@%p22 st.global.f32 	[%rd14+8], %c10;
	@%p23 st.global.f32 	[%rd14+12], %c11;
	@%p24 st.global.f32 	[%rd14+256], %c12;
	@%p25 st.global.f32 	[%rd14+260], %c13;
	@%p26 st.global.f32 	[%rd14+264], %c14;
	@%p27 st.global.f32 	[%rd14+268], %c15;
ROW1_DONE_256:
	// row crow + 2
	add.s32 	%r25, %r23, 2;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW2_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c16;
	@%p21 st.global.f32 	[%rd14+4], %c17;
	@%p22 st.global.f32 	[%rd14+8], %c18;
	@%p23 st.global.f32 	[%rd14+12], %c19;
	@%p24 st.global.f32 	[%rd14+256], %c20;
	@%p25 st.global.f32 	[%rd14+260], %c21;
	@%p26 st.global.f32 	[%rd14+264], %c22;
	@%p27 st.global.f32 	[%rd14+268], %c23;
ROW2_DONE_256:
	// row crow + 3
	add.s32 	%r25, %r23, 3;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW3_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c24;
	@%p21 st.global.f32 	[%rd14+4], %c25;
	@%p22 st.global.f32 	[%rd14+8], %c26;
	@%p23 st.global.f32 	[%rd14+12], %c27;
	@%p24 st.global.f32 	[%rd14+256], %c28;
	@%p25 st.global.f32 	[%rd14+260], %c29;
	@%p26 st.global.f32 	[%rd14+264], %c30;
	@%p27 st.global.f32 	[%rd14+268], %c31;
ROW3_DONE_256:
	// row crow + 64
	add.s32 	%r25, %r23, 64;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW4_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c32;
	@%p21 st.global.f32 	[%rd14+4], %c33;
	@%p22 st.global.f32 	[%rd14+8], %c34;
	@%p23 st.global.f32 	[%rd14+12], %c35;
	@%p24 st.global.f32 	[%rd14+256], %c36;
	@%p25 st.global.f32 	[%rd14+260], %c37;
	@%p26 st.global.f32 	[%rd14+264], %c38;
	@%p27 st.global.f32 	[%rd14+268], %c39;
ROW4_DONE_256:
	// row crow + 65
	add.s32 	%r25, %r23, 65;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW5_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c40;
	@%p21 st.global.f32 	[%rd14+4], %c41;
	@%p22 st.global.f32 	[%rd14+8], %c42;
	@%p23 st.global.f32 	[%rd14+12], %c43;
	@%p24 st.global.f32 	[%rd14+256], %c44;
	@%p25 st.global.f32 	[%rd14+260], %c45;
	@%p26 st.global.f32 	[%rd14+264], %c46;
	@%p27 st.global.f32 	[%rd14+268], %c47;
ROW5_DONE_256:
	// row crow + 66
	add.s32 	%r25, %r23, 66;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW6_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c48;
	@%p21 st.global.f32 	[%rd14+4], %c49;
	@%p22 st.global.f32 	[%rd14+8], %c50;
	@%p23 st.global.f32 	[%rd14+12], %c51;
	@%p24 st.global.f32 	[%rd14+256], %c52;
	@%p25 st.global.f32 	[%rd14+260], %c53;
	@%p26 st.global.f32 	[%rd14+264], %c54;
	@%p27 st.global.f32 	[%rd14+268], %c55;
ROW6_DONE_256:
	// row crow + 67
	add.s32 	%r25, %r23, 67;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW7_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c56;
	@%p21 st.global.f32 	[%rd14+4], %c57;
	@%p22 st.global.f32 	[%rd14+8], %c58;
	@%p23 st.global.f32 	[%rd14+12], %c59;
	@%p24 st.global.f32 	[%rd14+256], %c60;
	@%p25 st.global.f32 	[%rd14+260], %c61;
	@%p26 st.global.f32 	[%rd14+264], %c62;
	@%p27 st.global.f32 	[%rd14+268], %c63;
ROW7_DONE_256:
	// row crow + 128
	add.s32 	%r25, %r23, 128;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW8_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c64;
	@%p21 st.global.f32 	[%rd14+4], %c65;
	@%p22 st.global.f32 	[%rd14+8], %c66;
	@%p23 st.global.f32 	[%rd14+12], %c67;
	@%p24 st.global.f32 	[%rd14+256], %c68;
	@%p25 st.global.f32 	[%rd14+260], %c69;
	@%p26 st.global.f32 	[%rd14+264], %c70;
	@%p27 st.global.f32 	[%rd14+268], %c71;
ROW8_DONE_256:
	// row crow + 129
	add.s32 	%r25, %r23, 129;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW9_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c72;
	@%p21 st.global.f32 	[%rd14+4], %c73;
	@%p22 st.global.f32 	[%rd14+8], %c74;
	@%p23 st.global.f32 	[%rd14+12], %c75;
	@%p24 st.global.f32 	[%rd14+256], %c76;
	@%p25 st.global.f32 	[%rd14+260], %c77;
	@%p26 st.global.f32 	[%rd14+264], %c78;
	@%p27 st.global.f32 	[%rd14+268], %c79;
ROW9_DONE_256:
	// row crow + 130
	add.s32 	%r25, %r23, 130;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW10_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c80;
	@%p21 st.global.f32 	[%rd14+4], %c81;
	@%p22 st.global.f32 	[%rd14+8], %c82;
	@%p23 st.global.f32 	[%rd14+12], %c83;
	@%p24 st.global.f32 	[%rd14+256], %c84;
	@%p25 st.global.f32 	[%rd14+260], %c85;
	@%p26 st.global.f32 	[%rd14+264], %c86;
	@%p27 st.global.f32 	[%rd14+268], %c87;
ROW10_DONE_256:
	// row crow + 131
	add.s32 	%r25, %r23, 131;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW11_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c88;
	@%p21 st.global.f32 	[%rd14+4], %c89;
	@%p22 st.global.f32 	[%rd14+8], %c90;
	@%p23 st.global.f32 	[%rd14+12], %c91;
	@%p24 st.global.f32 	[%rd14+256], %c92;
	@%p25 st.global.f32 	[%rd14+260], %c93;
	@%p26 st.global.f32 	[%rd14+264], %c94;
	@%p27 st.global.f32 	[%rd14+268], %c95;
ROW11_DONE_256:
	// row crow + 192
	add.s32 	%r25, %r23, 192;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW12_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c96;
	@%p21 st.global.f32 	[%rd14+4], %c97;
	@%p22 st.global.f32 	[%rd14+8], %c98;
	@%p23 st.global.f32 	[%rd14+12], %c99;
	@%p24 st.global.f32 	[%rd14+256], %c100;
	@%p25 st.global.f32 	[%rd14+260], %c101;
	@%p26 st.global.f32 	[%rd14+264], %c102;
	@%p27 st.global.f32 	[%rd14+268], %c103;
ROW12_DONE_256:
	// row crow + 193
	add.s32 	%r25, %r23, 193;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW13_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c104;
	@%p21 st.global.f32 	[%rd14+4], %c105;
	@%p22 st.global.f32 	[%rd14+8], %c106;
	@%p23 st.global.f32 	[%rd14+12], %c107;
	@%p24 st.global.f32 	[%rd14+256], %c108;
	@%p25 st.global.f32 	[%rd14+260], %c109;
	@%p26 st.global.f32 	[%rd14+264], %c110;
	@%p27 st.global.f32 	[%rd14+268], %c111;
ROW13_DONE_256:
	// row crow + 194
	add.s32 	%r25, %r23, 194;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW14_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c112;
	@%p21 st.global.f32 	[%rd14+4], %c113;
	@%p22 st.global.f32 	[%rd14+8], %c114;
	@%p23 st.global.f32 	[%rd14+12], %c115;
	@%p24 st.global.f32 	[%rd14+256], %c116;
	@%p25 st.global.f32 	[%rd14+260], %c117;
	@%p26 st.global.f32 	[%rd14+264], %c118;
	@%p27 st.global.f32 	[%rd14+268], %c119;
ROW14_DONE_256:
	// row crow + 195
	add.s32 	%r25, %r23, 195;
	setp.ge.u32 	%p16, %r25, %r1;
	@%p16 bra 	ROW15_DONE_256;
	mul.wide.u32 	%rd14, %r25, %r1;
	shl.b64 	%rd14, %rd14, 2;
	add.s64 	%rd14, %rd13, %rd14;
	@%p20 st.global.f32 	[%rd14+0], %c120;
	@%p21 st.global.f32 	[%rd14+4], %c121;
	@%p22 st.global.f32 	[%rd14+8], %c122;
	@%p23 st.global.f32 	[%rd14+12], %c123;
	@%p24 st.global.f32 	[%rd14+256], %c124;
	@%p25 st.global.f32 	[%rd14+260], %c125;
	@%p26 st.global.f32 	[%rd14+264], %c126;
	@%p27 st.global.f32 	[%rd14+268], %c127;
ROW15_DONE_256:
	ret;
}
