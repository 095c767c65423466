//! size N = 256
//! size d = 64
//! require N % 16 == 0 and N >= 32 and d % 16 == 0
//! buffer Q = randn((N, d), seed=1)
//! buffer K = randn((N, d), seed=2)
//! buffer V = randn((N, d), seed=3)
//! buffer S = zeros((N, N))
//! buffer O = zeros((N, d))
//! launch attn_scores grid=(N // 16, N // 16) block=(16, 16) args=(Q, K, S, N, d, 1 / sqrt(d))
//! launch attn_softmax grid=N // 4 block=128 shared=4 * N * 4 args=(S, N)
//! launch attn_pv grid=(d // 16, N // 16) block=(16, 16) args=(S, V, O, N, d)
//! check S = exp(Q @ K.T / sqrt(d)) / exp(Q @ K.T / sqrt(d)).sum(axis=1).reshape((N, 1)) tol=1e-5
//! check O = exp(Q @ K.T / sqrt(d)) @ V / exp(Q @ K.T / sqrt(d)).sum(axis=1).reshape((N, 1)) tol=1e-5

// attention_naive: single-head attention O = softmax(Q K^T / sqrt(d)) V the
// standard way: three kernels, with the N x N score matrix S written to and
// read back from global memory between them. Q, K, V, O are N x d row-major
// float32 (N = sequence length, d = head dimension); S is N x N.
//
//     launch 1  attn_scores    S = Q K^T / sqrt(d)            (tiled matmul)
//     launch 2  attn_softmax   S = softmax(S) row by row      (in place: S becomes P)
//     launch 3  attn_pv        O = P V                        (tiled matmul)
//
// In CUDA C (no Metal original), with the two matmuls as in matmul_tiled.s:
//
//     __global__ void attn_scores(const float* Q, const float* K, float* S,
//                                 unsigned N, unsigned d, float scale) {
//         __shared__ float Qs[16][16], Ks[16][17];         // Ks padded: see below
//         unsigned tx = threadIdx.x, ty = threadIdx.y;
//         unsigned i = blockIdx.y * 16 + ty, j = blockIdx.x * 16 + tx;   // S[i][j]
//         float acc = 0.0f;
//         for (unsigned k0 = 0; k0 < d; k0 += 16) {
//             Qs[ty][tx] = Q[i * d + k0 + tx];
//             Ks[ty][tx] = K[(blockIdx.x * 16 + ty) * d + k0 + tx];
//             __syncthreads();
//             for (unsigned k = 0; k < 16; k++) acc += Qs[ty][k] * Ks[tx][k];
//             __syncthreads();
//         }
//         S[(size_t)i * N + j] = acc * scale;
//     }
//     attn_softmax: softmax_online.s's kernel with x = y = S and R = C = N
//     attn_pv:      matmul_tiled.s's kernel with A = P (N x N), B = V (N x d)
//
// What it teaches: THE COST OF MATERIALIZING S. Each kernel on its own is a
// decent kernel (16 x 16 shared-memory tiles, coalesced loads, the one-read
// softmax), but between them the N x N matrix makes a round trip through
// global memory: written by launch 1, read and rewritten by launch 2, read by
// launch 3. At N = 4096 that is 64 MiB of scores per head, four times over;
// it grows as N^2 while Q, K, V and O grow as N * d.
// attention_flash.s computes the same O in one kernel that never stores S.
//
// Expected counters (32-byte sectors; every warp request here covers whole
// aligned sectors, so these are exact):
//     attn_scores   loads  N*N*d/64  Q and K, each read N/16 times (once per
//                                    16-wide tile of the other): 2 * (N/16) * N*d*4/32
//                   stores N*N/8     S: N*N floats * 4 bytes / 32
//     attn_softmax  loads  N*N/8     S, once (the row is kept in shared memory)
//                   stores N*N/8     P, over S
//     attn_pv       loads  N*N*d/64  P read d/16 times, V read N/16 times:
//                                    (d/16) * N*N/8 + (N/16) * N*d/8
//                   stores N*d/8     O
// At N = 512, d = 64: 557,056 load and 69,632 store sectors, 20.1 MB; the S
// traffic alone (4 * N*N/8 sectors) is 4.2 MB of it. Most of the rest is the
// 16 x 16 tiles re-reading Q, K, P and V; those re-reads would mostly hit in
// the L2 cache on a real GPU, the S round trip stops fitting in it once
// N*N*4 bytes outgrow the L2 (50 MB on an H100: N > ~3500).
//
// Kernel 1, bank conflicts: thread (tx, ty) needs row tx of the K tile, so a
// half-warp reads Ks[0..15][k], 16 words one tile row apart. With rows of 16
// floats those are 16 words in 2 banks (8-way conflict); padding each row to
// 17 floats puts them in 16 different banks. (The tile-filling stores then
// have one 2-way conflict per warp: row ty+1's last word lands in row ty's
// first bank.) Kernel 3 needs no padding: Vs[k][tx] is 16 consecutive words.
//
// The scale 1/sqrt(d) is applied to S in launch 1; the softmax then uses exp(s - max)
// = 2^((s - max) * log2 e) with ex2.approx.f32, as softmax_naive.s explains.

.version 8.0
.target sm_90
.address_size 64

// ===========================================================================
// launch 1: S = Q K^T * scale. Blocks of 16 x 16 threads, one S element each.
// ===========================================================================
.visible .entry attn_scores(
	.param .u64 attn_scores_param_0,        // const float* Q  (N x d)
	.param .u64 attn_scores_param_1,        // const float* K  (N x d)
	.param .u64 attn_scores_param_2,        // float*       S  (N x N)
	.param .u32 attn_scores_param_3,        // unsigned     N
	.param .u32 attn_scores_param_4,        // unsigned     d
	.param .f32 attn_scores_param_5         // float        scale = 1/sqrt(d)
)
{
	.reg .pred 	%more;
	.reg .b32 	%N, %d, %tx, %ty, %i, %j, %krow0, %idx, %tiles;
	.reg .b32 	%qs_st, %ks_st, %qrow, %krow;
	.reg .b64 	%Q, %K, %S, %pq, %pk, %ps, %off;
	.reg .f32 	%scale, %acc, %a, %b, %a1, %b1;
	// float Qs[16][16] (1024 bytes) and Ks[16][17] (1088 bytes: padded rows)
	.shared .align 4 .b8 Qs[1024];
	.shared .align 4 .b8 Ks[1088];

	ld.param.u64 	%Q, [attn_scores_param_0];
	ld.param.u64 	%K, [attn_scores_param_1];
	ld.param.u64 	%S, [attn_scores_param_2];
	ld.param.u32 	%N, [attn_scores_param_3];
	ld.param.u32 	%d, [attn_scores_param_4];
	ld.param.f32 	%scale, [attn_scores_param_5];
	cvta.to.global.u64 	%Q, %Q;
	cvta.to.global.u64 	%K, %K;
	cvta.to.global.u64 	%S, %S;

	// i = blockIdx.y * 16 + ty (query: row of S); j = blockIdx.x * 16 + tx (key: column)
	mov.u32 	%tx, %tid.x;
	mov.u32 	%ty, %tid.y;
	mov.u32 	%i, %ctaid.y;
	shl.b32 	%i, %i, 4;
	add.s32 	%i, %i, %ty;
	mov.u32 	%krow0, %ctaid.x;
	shl.b32 	%krow0, %krow0, 4;      // first key of this block's 16 columns
	add.s32 	%j, %krow0, %tx;

	// shared addresses: the slots this thread fills, and the rows it multiplies
	mov.u32 	%qrow, Qs;
	mad.lo.s32 	%qrow, %ty, 64, %qrow;   // &Qs[ty][0]   (rows of 16 floats = 64 bytes)
	mad.lo.s32 	%qs_st, %tx, 4, %qrow;   // &Qs[ty][tx]
	mov.u32 	%krow, Ks;
	mad.lo.s32 	%ks_st, %ty, 68, %krow;  // &Ks[ty][0]   (padded rows: 17 floats = 68 bytes)
	mad.lo.s32 	%ks_st, %tx, 4, %ks_st;  // &Ks[ty][tx]
	mad.lo.s32 	%krow, %tx, 68, %krow;   // &Ks[tx][0]: the key row this thread multiplies

	// pq = &Q[i*d + tx];  pk = &K[(krow0 + ty)*d + tx]; both move 16 floats per tile
	mad.lo.s32 	%idx, %i, %d, %tx;
	mul.wide.u32 	%off, %idx, 4;
	add.s64 	%pq, %Q, %off;
	add.s32 	%idx, %krow0, %ty;
	mad.lo.s32 	%idx, %idx, %d, %tx;
	mul.wide.u32 	%off, %idx, 4;
	add.s64 	%pk, %K, %off;

	mov.f32 	%acc, 0f00000000;
	shr.u32 	%tiles, %d, 4;          // d / 16 tiles along the head dimension
QK_TILE:
	// Qs[ty][tx] = Q[i][k0 + tx];  Ks[ty][tx] = K[krow0 + ty][k0 + tx]   (coalesced)
	ld.global.f32 	%a, [%pq];
	st.shared.f32 	[%qs_st], %a;
	ld.global.f32 	%b, [%pk];
	st.shared.f32 	[%ks_st], %b;
	bar.sync 	0;

	// acc += Qs[ty][k] * Ks[tx][k], k = 0..15 (unrolled: offsets 4k from each row)
	ld.shared.f32 	%a, [%qrow];
	ld.shared.f32 	%b, [%krow];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%qrow+4];
	ld.shared.f32 	%b1, [%krow+4];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%qrow+8];
	ld.shared.f32 	%b, [%krow+8];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%qrow+12];
	ld.shared.f32 	%b1, [%krow+12];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%qrow+16];
	ld.shared.f32 	%b, [%krow+16];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%qrow+20];
	ld.shared.f32 	%b1, [%krow+20];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%qrow+24];
	ld.shared.f32 	%b, [%krow+24];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%qrow+28];
	ld.shared.f32 	%b1, [%krow+28];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%qrow+32];
	ld.shared.f32 	%b, [%krow+32];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%qrow+36];
	ld.shared.f32 	%b1, [%krow+36];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%qrow+40];
	ld.shared.f32 	%b, [%krow+40];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%qrow+44];
	ld.shared.f32 	%b1, [%krow+44];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%qrow+48];
	ld.shared.f32 	%b, [%krow+48];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%qrow+52];
	ld.shared.f32 	%b1, [%krow+52];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%qrow+56];
	ld.shared.f32 	%b, [%krow+56];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%qrow+60];
	ld.shared.f32 	%b1, [%krow+60];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	bar.sync 	0;                      // tiles fully used before the next overwrite

	add.s64 	%pq, %pq, 64;
	add.s64 	%pk, %pk, 64;
	add.s32 	%tiles, %tiles, -1;
	setp.ne.s32 	%more, %tiles, 0;
	@%more bra 	QK_TILE;

	// S[i*N + j] = acc * scale: the N x N matrix goes out to global memory
	mul.f32 	%acc, %acc, %scale;
	mul.wide.u32 	%off, %i, %N;
	cvt.u64.u32 	%ps, %j;
	add.s64 	%off, %off, %ps;
	shl.b64 	%off, %off, 2;
	add.s64 	%ps, %S, %off;
	st.global.f32 	[%ps], %acc;
	ret;
}

// ===========================================================================
// launch 2: S = softmax(S) along rows, in place. One warp per row, 4 per block;
// the kernel of softmax_online.s (see there) with x = y = S, R = C = N:
// S is read once and written once.
// ===========================================================================
.extern .shared .align 16 .b8 rowbuf[];     // 4 rows of N floats (shared=4*N*4)

.visible .entry attn_softmax(
	.param .u64 attn_softmax_param_0,       // float*   S  (N x N), overwritten by P
	.param .u32 attn_softmax_param_1        // unsigned N  (>= 32)
)
{
	.reg .pred 	%p, %more, %grew;
	.reg .b32 	%N, %thread, %warp, %lane, %row, %j, %ps, %sbase;
	.reg .b64 	%S, %off, %px;
	.reg .f32 	%v, %m, %s, %lo, %t, %e, %s_grew, %s_kept, %m_o, %s_o, %inv;

	ld.param.u64 	%S, [attn_softmax_param_0];
	ld.param.u32 	%N, [attn_softmax_param_1];
	cvta.to.global.u64 	%S, %S;

	// row = blockIdx.x * 4 + warp; the grid is exactly N / 4 blocks
	mov.u32 	%thread, %tid.x;
	shr.u32 	%warp, %thread, 5;
	and.b32 	%lane, %thread, 31;
	mov.u32 	%row, %ctaid.x;
	shl.b32 	%row, %row, 2;
	add.s32 	%row, %row, %warp;

	// off = (row * N + lane) * 4;  sbase = &rowbuf[warp * N + lane]
	mul.wide.u32 	%off, %row, %N;
	cvt.u64.u32 	%px, %lane;
	add.s64 	%off, %off, %px;
	shl.b64 	%off, %off, 2;
	mov.u32 	%sbase, rowbuf;
	mad.lo.s32 	%ps, %warp, %N, %lane;
	shl.b32 	%ps, %ps, 2;
	add.s32 	%sbase, %sbase, %ps;

	// one pass over the row: stage it in shared memory, running (m, s)
	mov.f32 	%m, 0fFF800000;         // -inf
	mov.f32 	%s, 0f00000000;
	add.s64 	%px, %S, %off;
	mov.u32 	%ps, %sbase;
	mov.u32 	%j, %lane;
STATS_LOOP:
	ld.global.f32 	%v, [%px];
	st.shared.f32 	[%ps], %v;
	setp.gt.f32 	%grew, %v, %m;
	min.f32 	%lo, %m, %v;
	max.f32 	%m, %m, %v;
	sub.f32 	%t, %lo, %m;
	mul.f32 	%t, %t, 0f3FB8AA3B;     // * log2(e)
	ex2.approx.f32 	%e, %t;             // exp(min(m, v) - max(m, v))
	fma.rn.f32 	%s_grew, %s, %e, 0f3F800000;   // new max: s * exp(m_old - v) + 1
	add.f32 	%s_kept, %s, %e;               // same max: s + exp(v - m)
	selp.f32 	%s, %s_grew, %s_kept, %grew;
	add.s64 	%px, %px, 128;
	add.s32 	%ps, %ps, 128;
	add.s32 	%j, %j, 32;
	setp.lt.u32 	%more, %j, %N;
	@%more bra 	STATS_LOOP;

	// merge the lanes' (m, s): the smaller max's sum is rescaled (masks 16..1)
	shfl.sync.bfly.b32 	%m_o, %m, 16, 31, -1;
	shfl.sync.bfly.b32 	%s_o, %s, 16, 31, -1;
	setp.gt.f32 	%grew, %m_o, %m;
	min.f32 	%lo, %m, %m_o;
	max.f32 	%m, %m, %m_o;
	sub.f32 	%t, %lo, %m;
	mul.f32 	%t, %t, 0f3FB8AA3B;
	ex2.approx.f32 	%e, %t;
	fma.rn.f32 	%s_grew, %s, %e, %s_o;
	fma.rn.f32 	%s_kept, %s_o, %e, %s;
	selp.f32 	%s, %s_grew, %s_kept, %grew;
	shfl.sync.bfly.b32 	%m_o, %m, 8, 31, -1;
	shfl.sync.bfly.b32 	%s_o, %s, 8, 31, -1;
	setp.gt.f32 	%grew, %m_o, %m;
	min.f32 	%lo, %m, %m_o;
	max.f32 	%m, %m, %m_o;
	sub.f32 	%t, %lo, %m;
	mul.f32 	%t, %t, 0f3FB8AA3B;
	ex2.approx.f32 	%e, %t;
	fma.rn.f32 	%s_grew, %s, %e, %s_o;
	fma.rn.f32 	%s_kept, %s_o, %e, %s;
	selp.f32 	%s, %s_grew, %s_kept, %grew;
	shfl.sync.bfly.b32 	%m_o, %m, 4, 31, -1;
	shfl.sync.bfly.b32 	%s_o, %s, 4, 31, -1;
	setp.gt.f32 	%grew, %m_o, %m;
	min.f32 	%lo, %m, %m_o;
	max.f32 	%m, %m, %m_o;
	sub.f32 	%t, %lo, %m;
	mul.f32 	%t, %t, 0f3FB8AA3B;
	ex2.approx.f32 	%e, %t;
	fma.rn.f32 	%s_grew, %s, %e, %s_o;
	fma.rn.f32 	%s_kept, %s_o, %e, %s;
	selp.f32 	%s, %s_grew, %s_kept, %grew;
	shfl.sync.bfly.b32 	%m_o, %m, 2, 31, -1;
	shfl.sync.bfly.b32 	%s_o, %s, 2, 31, -1;
	setp.gt.f32 	%grew, %m_o, %m;
	min.f32 	%lo, %m, %m_o;
	max.f32 	%m, %m, %m_o;
	sub.f32 	%t, %lo, %m;
	mul.f32 	%t, %t, 0f3FB8AA3B;
	ex2.approx.f32 	%e, %t;
	fma.rn.f32 	%s_grew, %s, %e, %s_o;
	fma.rn.f32 	%s_kept, %s_o, %e, %s;
	selp.f32 	%s, %s_grew, %s_kept, %grew;
	shfl.sync.bfly.b32 	%m_o, %m, 1, 31, -1;
	shfl.sync.bfly.b32 	%s_o, %s, 1, 31, -1;
	setp.gt.f32 	%grew, %m_o, %m;
	min.f32 	%lo, %m, %m_o;
	max.f32 	%m, %m, %m_o;
	sub.f32 	%t, %lo, %m;
	mul.f32 	%t, %t, 0f3FB8AA3B;
	ex2.approx.f32 	%e, %t;
	fma.rn.f32 	%s_grew, %s, %e, %s_o;
	fma.rn.f32 	%s_kept, %s_o, %e, %s;
	selp.f32 	%s, %s_grew, %s_kept, %grew;

	// write P = exp(S - m) / s over S, from the shared copy
	rcp.rn.f32 	%inv, %s;
	add.s64 	%px, %S, %off;
	mov.u32 	%ps, %sbase;
	mov.u32 	%j, %lane;
WRITE_LOOP:
	ld.shared.f32 	%v, [%ps];
	sub.f32 	%t, %v, %m;
	mul.f32 	%t, %t, 0f3FB8AA3B;
	ex2.approx.f32 	%e, %t;
	mul.f32 	%e, %e, %inv;
	st.global.f32 	[%px], %e;
	add.s64 	%px, %px, 128;
	add.s32 	%ps, %ps, 128;
	add.s32 	%j, %j, 32;
	setp.lt.u32 	%more, %j, %N;
	@%more bra 	WRITE_LOOP;
	ret;
}

// ===========================================================================
// launch 3: O = P V, P = the softmaxed S (N x N), V (N x d). Blocks of 16 x 16
// threads, one O element each: matmul_tiled.s with the strides of P and V.
// ===========================================================================
.visible .entry attn_pv(
	.param .u64 attn_pv_param_0,            // const float* P  (N x N)
	.param .u64 attn_pv_param_1,            // const float* V  (N x d)
	.param .u64 attn_pv_param_2,            // float*       O  (N x d)
	.param .u32 attn_pv_param_3,            // unsigned     N
	.param .u32 attn_pv_param_4             // unsigned     d
)
{
	.reg .pred 	%more;
	.reg .b32 	%N, %d, %tx, %ty, %i, %c, %idx, %tiles;
	.reg .b32 	%ps_st, %vs_st, %prow, %vcol;
	.reg .b64 	%P, %V, %O, %pp, %pv, %po, %off, %vstep;
	.reg .f32 	%acc, %a, %b, %a1, %b1;
	// float Ps[16][16], Vs[16][16]
	.shared .align 4 .b8 Ps[1024];
	.shared .align 4 .b8 Vs[1024];

	ld.param.u64 	%P, [attn_pv_param_0];
	ld.param.u64 	%V, [attn_pv_param_1];
	ld.param.u64 	%O, [attn_pv_param_2];
	ld.param.u32 	%N, [attn_pv_param_3];
	ld.param.u32 	%d, [attn_pv_param_4];
	cvta.to.global.u64 	%P, %P;
	cvta.to.global.u64 	%V, %V;
	cvta.to.global.u64 	%O, %O;

	// i = blockIdx.y * 16 + ty (query row of O); c = blockIdx.x * 16 + tx (column of O)
	mov.u32 	%tx, %tid.x;
	mov.u32 	%ty, %tid.y;
	mov.u32 	%i, %ctaid.y;
	shl.b32 	%i, %i, 4;
	add.s32 	%i, %i, %ty;
	mov.u32 	%c, %ctaid.x;
	shl.b32 	%c, %c, 4;
	add.s32 	%c, %c, %tx;

	mov.u32 	%prow, Ps;
	mad.lo.s32 	%prow, %ty, 64, %prow;   // &Ps[ty][0]
	mad.lo.s32 	%ps_st, %tx, 4, %prow;   // &Ps[ty][tx]
	mov.u32 	%vcol, Vs;
	mad.lo.s32 	%vcol, %tx, 4, %vcol;    // &Vs[0][tx]
	mad.lo.s32 	%vs_st, %ty, 64, %vcol;  // &Vs[ty][tx]

	// pp = &P[i*N + tx] (moves 16 floats right); pv = &V[ty*d + c] (moves 16 rows down)
	mul.wide.u32 	%off, %i, %N;
	cvt.u64.u32 	%pp, %tx;
	add.s64 	%off, %off, %pp;
	shl.b64 	%off, %off, 2;
	add.s64 	%pp, %P, %off;
	mad.lo.s32 	%idx, %ty, %d, %c;
	mul.wide.u32 	%off, %idx, 4;
	add.s64 	%pv, %V, %off;
	mul.wide.u32 	%vstep, %d, 64;         // 16 rows of V = 16 * d * 4 bytes

	mov.f32 	%acc, 0f00000000;
	shr.u32 	%tiles, %N, 4;          // N / 16 tiles along the keys
PV_TILE:
	// Ps[ty][tx] = P[i][j0 + tx];  Vs[ty][tx] = V[j0 + ty][c]
	ld.global.f32 	%a, [%pp];
	st.shared.f32 	[%ps_st], %a;
	ld.global.f32 	%b, [%pv];
	st.shared.f32 	[%vs_st], %b;
	bar.sync 	0;

	// acc += Ps[ty][k] * Vs[k][tx], k = 0..15
	ld.shared.f32 	%a, [%prow];
	ld.shared.f32 	%b, [%vcol];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%prow+4];
	ld.shared.f32 	%b1, [%vcol+64];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%prow+8];
	ld.shared.f32 	%b, [%vcol+128];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%prow+12];
	ld.shared.f32 	%b1, [%vcol+192];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%prow+16];
	ld.shared.f32 	%b, [%vcol+256];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%prow+20];
	ld.shared.f32 	%b1, [%vcol+320];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%prow+24];
	ld.shared.f32 	%b, [%vcol+384];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%prow+28];
	ld.shared.f32 	%b1, [%vcol+448];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%prow+32];
	ld.shared.f32 	%b, [%vcol+512];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%prow+36];
	ld.shared.f32 	%b1, [%vcol+576];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%prow+40];
	ld.shared.f32 	%b, [%vcol+640];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%prow+44];
	ld.shared.f32 	%b1, [%vcol+704];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%prow+48];
	ld.shared.f32 	%b, [%vcol+768];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%prow+52];
	ld.shared.f32 	%b1, [%vcol+832];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	ld.shared.f32 	%a, [%prow+56];
	ld.shared.f32 	%b, [%vcol+896];
	fma.rn.f32 	%acc, %a, %b, %acc;
	ld.shared.f32 	%a1, [%prow+60];
	ld.shared.f32 	%b1, [%vcol+960];
	fma.rn.f32 	%acc, %a1, %b1, %acc;
	bar.sync 	0;

	add.s64 	%pp, %pp, 64;
	add.s64 	%pv, %pv, %vstep;
	add.s32 	%tiles, %tiles, -1;
	setp.ne.s32 	%more, %tiles, 0;
	@%more bra 	PV_TILE;

	// O[i*d + c] = acc
	mad.lo.s32 	%idx, %i, %d, %c;
	mul.wide.u32 	%off, %idx, 4;
	add.s64 	%po, %O, %off;
	st.global.f32 	[%po], %acc;
	ret;
}
