//! size N = 256
//! size d = 64
//! require N % 32 == 0 and d % 32 == 0
//! buffer Q = randn((N, d), seed=1)
//! buffer K = randn((N, d), seed=2)
//! buffer V = randn((N, d), seed=3)
//! buffer O = zeros((N, d))
//! launch attention_flash grid=N // 32 block=1024 shared=516 * d + 128 args=(Q, K, V, O, N, d, 1 / (log(2) * sqrt(d)))
//! check O = exp(Q @ K.T / sqrt(d)) @ V / exp(Q @ K.T / sqrt(d)).sum(axis=1).reshape((N, 1)) tol=1e-5

// attention_flash: O = softmax(Q K^T / sqrt(d)) V in ONE kernel that never
// writes the N x N score matrix anywhere: FlashAttention (Dao et al., 2022),
// in the loop order of FlashAttention-2 (each block owns a tile of query rows
// and streams all of K and V past it). Same inputs and check as
// attention_naive.s; Q, K, V, O are N x d row-major float32.
//
// In CUDA C (no Metal original). A block owns 32 query rows (Br = 32) and walks
// K and V in tiles of 32 keys (Bc = 32). It has 32 warps: warp w owns query
// row q0 + w, and lane j of it scores key kb + j of the current tile, so the
// 32 x 32 tile of S is exactly one register in each of the 1,024 threads.
// c = log2(e) / sqrt(d).
//
//     __global__ void attention_flash(const float* Q, const float* K, const float* V,
//                                     float* O, unsigned N, unsigned d, float c) {
//         extern __shared__ float sm[];            // Qs[32][d] Os[32][d] Ks[32][d+1] Vt[d][33]
//         unsigned w = threadIdx.x / 32, lane = threadIdx.x % 32, q0 = blockIdx.x * 32;
//         for (x = lane; x < d; x += 32) { Qs[w][x] = Q[q0 + w][x]; Os[w][x] = 0; }
//         float m = -INFINITY, l = 0;              // my row's running max and sum
//         for (unsigned kb = 0; kb < N; kb += 32) {
//             for (x = lane; x < d; x += 32) {     // warp w copies key row kb + w
//                 Ks[w][x] = K[kb + w][x];  Vt[x][w] = V[kb + w][x];
//             }
//             __syncthreads();
//             float t = 0;                         // S[q0 + w][kb + lane], log2 units
//             for (k = 0; k < d; k++) t += Qs[w][k] * Ks[lane][k];
//             t *= c;
//             float m_new = fmaxf(m, warp_max(t));
//             float alpha = exp2f(m - m_new);      // rescales the old o and l
//             float p = exp2f(t - m_new);          // key kb + lane's weight
//             l = l * alpha + warp_sum(p);  m = m_new;
//             for (x = lane; x < d; x += 32) {     // lane: output column x
//                 float o = Os[w][x] * alpha;
//                 for (j = 0; j < 32; j++) o += __shfl_sync(~0u, p, j) * Vt[x][j];
//                 Os[w][x] = o;
//             }
//             __syncthreads();
//         }
//         for (x = lane; x < d; x += 32) O[q0 + w][x] = Os[w][x] / l;
//     }
//
// What it teaches: FUSION + TILING + THE ONLINE SOFTMAX = FLASHATTENTION.
// attention_naive.s writes S = Q K^T to global memory only because the softmax
// needs a whole row (its max and its sum) before any weight is final. The
// online normalizer (softmax_online.s) removes that need. For one query row,
// after the keys seen so far, keep
//     m = the running max of the scores,
//     l = sum over those keys of exp(s_j - m),
//     o = sum over those keys of exp(s_j - m) * V[j]      (a d-vector)
// When a new tile of 32 scores arrives with tile max m_t, the max becomes
// m_new = max(m, m_t); everything accumulated so far was weighted relative to
// the old max, and multiplying by alpha = exp(m - m_new) re-weights it
// relative to the new one:
//     l = l * alpha + sum_j exp(s_j - m_new)
//     o = o * alpha + sum_j exp(s_j - m_new) * V[j]
// (alpha = 1 when the max did not move; on the first tile m = -inf and
// alpha = exp(-inf) = 0.) After the last tile, o / l is exactly the softmax-
// weighted sum of the rows of V: the same O as the three-kernel version, up to
// float rounding. A tile's scores exist only in registers, and are gone once
// folded into o and l.
//
// MEMORY TRAFFIC. Global memory sees Q read once, O written once, and K and V
// read once per block, i.e. N/32 times each. Expected sectors (exact):
//     loads  = N*d/8 (Q) + 2 * (N/32) * N*d/8 (K and V) = N*d/8 + N*N*d/128
//     stores = N*d/8 (O)
// At N = 512, d = 64: 135,168 + 4,096 sectors = 4.5 MB, against 20.1 MB for
// attention_naive.s (which moves 4.2 MB of S alone). The quadratic term that
// remains is K and V re-read by every query tile: a bigger Br shrinks it
// (FlashAttention sizes Br and Bc to fill the SM's shared memory), and on a
// real GPU those re-reads mostly hit in the L2 cache.
//
// PARALLELISM, the price: one block per 32 query rows is N/32 blocks, 8 at
// N = 256, for a GPU of 132 SMs. Production kernels also spread the batch and
// the heads over the grid; this single-head version idles most SMs at small N.
// simgpu, N = 256: 92,727 cycles against 32,281 for attention_naive.s's three
// launches (N = 512: 182,089 against 64,372), for the same number of warp
// instructions. On an H200: 49 us against 27 us at N = 256, 168 against 60 at
// N = 1,024, and only at N = 4,096 (128 blocks) does flash win, 643 against
// 703 us. More warps per SM, vector shared loads (ld.shared.v4 of Qs) and
// register-blocked rows are the next steps; this version stays readable.
//
// Shared memory (dynamic, 516*d + 128 bytes: 33,152 for d = 64; above 48 KB,
// i.e. d >= 96, a real GPU needs the cudaFuncAttributeMaxDynamicSharedMemorySize
// opt-in, up to 227 KB on Hopper), every layout chosen for its reads:
//     Qs[32][d]    the block's query rows. Warp w reads Qs[w][k] with all 32
//                  lanes at once: one word, broadcast.
//     Os[32][d]    the accumulators o (d is a run-time size, and registers
//                  cannot be indexed by a loop variable, so o lives here).
//                  Lane x owns column x (and x+32, ...) of its warp's row:
//                  32 consecutive words, conflict-free.
//     Ks[32][d+1]  lane j reads row j: Ks[lane][k]. With rows of d floats (d
//                  a multiple of 32) all 32 lanes would hit one bank, a 32-way
//                  conflict; rows of d+1 floats put lane j in bank (j + k) % 32.
//     Vt[d][33]    V stored TRANSPOSED: lane x needs V[kb+j][x] for j = 0..31;
//                  in Vt those are 32 consecutive words of row x, at constant
//                  offsets 4j from one base register, so the unrolled loop
//                  needs no address arithmetic. Rows of 33 floats keep both
//                  the transposing store (lanes 33 words apart) and the reads
//                  (lane x in bank (x + j) % 32) free of conflicts.
// (m and l are per row, the same in all 32 lanes of the warp: registers.)
//
// Synchronization: two bar.sync per tile, as in matmul_tiled.s (the tile is
// complete before anyone reads it; everyone is done before it is
// overwritten). A warp's rows of Qs and Os are its own, and p_j travels within
// the warp by shfl.sync, so nothing else needs synchronizing.
//
// exp is 2^t with ex2.approx.f32: the scale c = log2(e)/sqrt(d) (passed in
// by the recipe, as 1 / (ln 2 * sqrt d)) turns q.k into base-2 units once per
// score, and then alpha and p are plain ex2 of differences, as in
// softmax_online.s.

.version 8.0
.target sm_90
.address_size 64

.extern .shared .align 16 .b8 smem[];

.visible .entry attention_flash(
	.param .u64 attention_flash_param_0,    // const float* Q  (N x d)
	.param .u64 attention_flash_param_1,    // const float* K  (N x d)
	.param .u64 attention_flash_param_2,    // const float* V  (N x d)
	.param .u64 attention_flash_param_3,    // float*       O  (N x d)
	.param .u32 attention_flash_param_4,    // unsigned     N  (multiple of 32)
	.param .u32 attention_flash_param_5,    // unsigned     d  (multiple of 32)
	.param .f32 attention_flash_param_6     // float        c = log2(e) / sqrt(d)
)
{
	.reg .pred 	%more;
	.reg .b32 	%N, %d, %thread, %warp, %lane, %q0, %idx, %tmp;
	.reg .b32 	%rowbytes, %kstride, %chunks, %tiles, %i, %k;
	.reg .b32 	%sQs, %sOs, %sKs, %sVt;             // shared arrays
	.reg .b32 	%qrow, %orow, %ks_st, %vt_st, %krow, %vtcol; // this thread's places in them
	.reg .b32 	%qs, %os, %qp, %kp, %op, %vtp;      // cursors
	.reg .b64 	%Q, %K, %V, %O, %off, %gq, %gk_tile, %gv_tile, %gk, %gv, %go, %tilebytes;
	.reg .f32 	%c, %v, %kload, %vload, %t, %other, %m, %m_new, %alpha, %p, %psum, %l;
	.reg .f32 	%acc, %inv, %qv0, %qv1, %qv2, %qv3, %kv0, %kv1, %kv2, %kv3;
	.reg .f32 	%p0, %p1, %p2, %p3, %v0, %v1, %v2, %v3;

	ld.param.u64 	%Q, [attention_flash_param_0];
	ld.param.u64 	%K, [attention_flash_param_1];
	ld.param.u64 	%V, [attention_flash_param_2];
	ld.param.u64 	%O, [attention_flash_param_3];
	ld.param.u32 	%N, [attention_flash_param_4];
	ld.param.u32 	%d, [attention_flash_param_5];
	ld.param.f32 	%c, [attention_flash_param_6];
	cvta.to.global.u64 	%Q, %Q;
	cvta.to.global.u64 	%K, %K;
	cvta.to.global.u64 	%V, %V;
	cvta.to.global.u64 	%O, %O;

	// warp = threadIdx.x / 32 (my query row in the tile, and the key row I load),
	// lane = threadIdx.x % 32; q0 = blockIdx.x * 32, the tile's first query row
	mov.u32 	%thread, %tid.x;
	shr.u32 	%warp, %thread, 5;
	and.b32 	%lane, %thread, 31;
	mov.u32 	%q0, %ctaid.x;
	shl.b32 	%q0, %q0, 5;

	// ---- the shared-memory layout, in bytes from smem -----------------------
	//   Qs: 0   Os: 128d   Ks: 256d (32 padded rows of 4(d+1) bytes)
	//   Vt: 384d + 128 (d rows of 132 bytes)   end: 516d + 128
	shl.b32 	%rowbytes, %d, 2;       // 4d: a row of d floats
	add.s32 	%kstride, %rowbytes, 4; // 4(d+1): a padded row of Ks
	shl.b32 	%tmp, %d, 7;            // 128d: 32 rows of d floats
	mov.u32 	%sQs, smem;
	add.s32 	%sOs, %sQs, %tmp;
	add.s32 	%sKs, %sOs, %tmp;
	shl.b32 	%tmp, %kstride, 5;
	add.s32 	%sVt, %sKs, %tmp;
	shr.u32 	%chunks, %d, 5;         // d / 32 column chunks per row

	// this thread's places:
	//   qrow  = &Qs[warp][0]     (my query row; read as a broadcast)
	//   orow  = &Os[warp][lane]  (my output columns lane, lane+32, ...)
	//   ks_st = &Ks[warp][lane], vt_st = &Vt[lane][warp]  (where I store the tiles)
	//   krow  = &Ks[lane][0]     (the key I score)
	//   vtcol = &Vt[lane][0]     (V's column lane, as a row of Vt)
	mul.lo.s32 	%tmp, %warp, %rowbytes;
	add.s32 	%qrow, %sQs, %tmp;
	add.s32 	%orow, %sOs, %tmp;
	shl.b32 	%idx, %lane, 2;
	add.s32 	%orow, %orow, %idx;
	mad.lo.s32 	%ks_st, %warp, %kstride, %sKs;
	add.s32 	%ks_st, %ks_st, %idx;
	mad.lo.s32 	%vtcol, %lane, 132, %sVt;
	shl.b32 	%tmp, %warp, 2;
	add.s32 	%vt_st, %vtcol, %tmp;
	mad.lo.s32 	%krow, %lane, %kstride, %sKs;

	// ---- 1. my query row into Qs, o = 0, m = -inf, l = 0 -------------------
	add.s32 	%idx, %q0, %warp;
	mad.lo.s32 	%idx, %idx, %d, %lane;  // (q0 + warp) * d + lane
	mul.wide.u32 	%off, %idx, 4;
	add.s64 	%gq, %Q, %off;
	shl.b32 	%idx, %lane, 2;
	add.s32 	%qs, %qrow, %idx;       // &Qs[warp][lane]
	mov.u32 	%os, %orow;             // &Os[warp][lane]
	mov.u32 	%i, %chunks;
Q_LOAD:
	ld.global.f32 	%v, [%gq];          // a coalesced 128-byte piece of Q's row
	st.shared.f32 	[%qs], %v;
	st.shared.f32 	[%os], 0f00000000;
	add.s64 	%gq, %gq, 128;
	add.s32 	%qs, %qs, 128;
	add.s32 	%os, %os, 128;
	add.s32 	%i, %i, -1;
	setp.ne.s32 	%more, %i, 0;
	@%more bra 	Q_LOAD;
	mov.f32 	%m, 0fFF800000;         // m = -inf
	mov.f32 	%l, 0f00000000;         // l = 0

	// global cursors: gk_tile = &K[warp][lane] (+ kb*d per tile), same for V;
	// a tile is 32 rows = 128d bytes
	mad.lo.s32 	%idx, %warp, %d, %lane;
	mul.wide.u32 	%off, %idx, 4;
	add.s64 	%gk_tile, %K, %off;
	add.s64 	%gv_tile, %V, %off;
	mul.wide.u32 	%tilebytes, %d, 128;

	// ---- 2. stream K and V past the query tile, 32 keys at a time ----------
	shr.u32 	%tiles, %N, 5;
TILE_LOOP:
	// -- warp w copies key row kb + w: Ks[w][x] = K[kb+w][x], Vt[x][w] = V[kb+w][x]
	mov.b64 	%gk, %gk_tile;
	mov.b64 	%gv, %gv_tile;
	mov.u32 	%qs, %ks_st;            // (qs, os reused as the Ks and Vt cursors)
	mov.u32 	%os, %vt_st;
	mov.u32 	%i, %chunks;
LOAD_CHUNK:
	ld.global.f32 	%kload, [%gk];      // 32 consecutive floats of K's row: coalesced
	ld.global.f32 	%vload, [%gv];
	st.shared.f32 	[%qs], %kload;      // Ks[w][x]
	st.shared.f32 	[%os], %vload;      // Vt[x][w]: lanes 33 words apart, 32 banks
	add.s64 	%gk, %gk, 128;
	add.s64 	%gv, %gv, 128;
	add.s32 	%qs, %qs, 128;          // 32 columns right in Ks
	add.s32 	%os, %os, 4224;         // 32 rows down in Vt (32 * 132 bytes)
	add.s32 	%i, %i, -1;
	setp.ne.s32 	%more, %i, 0;
	@%more bra 	LOAD_CHUNK;
	bar.sync 	0;                      // the whole tile is in shared memory

	// (a) t = q . k: lane j scores key kb + j against my query row, 4 k's per
	//     iteration. Qs[w][k] is a broadcast, Ks[lane][k] conflict-free.
	mov.f32 	%t, 0f00000000;
	mov.u32 	%qp, %qrow;
	mov.u32 	%kp, %krow;
	shr.u32 	%k, %d, 2;
DOT_LOOP:
	ld.shared.f32 	%qv0, [%qp];
	ld.shared.f32 	%kv0, [%kp];
	ld.shared.f32 	%qv1, [%qp+4];
	ld.shared.f32 	%kv1, [%kp+4];
	ld.shared.f32 	%qv2, [%qp+8];
	ld.shared.f32 	%kv2, [%kp+8];
	ld.shared.f32 	%qv3, [%qp+12];
	ld.shared.f32 	%kv3, [%kp+12];
	fma.rn.f32 	%t, %qv0, %kv0, %t;
	fma.rn.f32 	%t, %qv1, %kv1, %t;
	fma.rn.f32 	%t, %qv2, %kv2, %t;
	fma.rn.f32 	%t, %qv3, %kv3, %t;
	add.s32 	%qp, %qp, 16;
	add.s32 	%kp, %kp, 16;
	add.s32 	%k, %k, -1;
	setp.ne.s32 	%more, %k, 0;
	@%more bra 	DOT_LOOP;
	mul.f32 	%t, %t, %c;             // the score * log2(e), i.e. in base-2 units

	// (b) the online-softmax step: m_new = max(m, max over the 32 lanes of t)
	shfl.sync.bfly.b32 	%other, %t, 16, 31, -1;
	max.f32 	%m_new, %t, %other;
	shfl.sync.bfly.b32 	%other, %m_new, 8, 31, -1;
	max.f32 	%m_new, %m_new, %other;
	shfl.sync.bfly.b32 	%other, %m_new, 4, 31, -1;
	max.f32 	%m_new, %m_new, %other;
	shfl.sync.bfly.b32 	%other, %m_new, 2, 31, -1;
	max.f32 	%m_new, %m_new, %other;
	shfl.sync.bfly.b32 	%other, %m_new, 1, 31, -1;
	max.f32 	%m_new, %m_new, %other;
	max.f32 	%m_new, %m_new, %m;
	//     alpha = exp(m - m_new): 1 if the max held, 0 on the first tile
	sub.f32 	%alpha, %m, %m_new;
	ex2.approx.f32 	%alpha, %alpha;
	mov.f32 	%m, %m_new;
	//     p = exp(score - m_new): this lane's key weight, in (0, 1]
	sub.f32 	%p, %t, %m;
	ex2.approx.f32 	%p, %p;
	//     l = l * alpha + sum over the 32 lanes of p
	shfl.sync.bfly.b32 	%other, %p, 16, 31, -1;
	add.f32 	%psum, %p, %other;
	shfl.sync.bfly.b32 	%other, %psum, 8, 31, -1;
	add.f32 	%psum, %psum, %other;
	shfl.sync.bfly.b32 	%other, %psum, 4, 31, -1;
	add.f32 	%psum, %psum, %other;
	shfl.sync.bfly.b32 	%other, %psum, 2, 31, -1;
	add.f32 	%psum, %psum, %other;
	shfl.sync.bfly.b32 	%other, %psum, 1, 31, -1;
	add.f32 	%psum, %psum, %other;
	fma.rn.f32 	%l, %l, %alpha, %psum;

	// (c) o = o * alpha + sum_j p_j * V[kb + j]: lane x updates column x of my
	//     row (then x + 32, ...); p_j comes from lane j by shfl.idx, V[kb+j][x]
	//     is Vt[x][j] at offset 4j from vtp. Unrolled over the 32 keys; p0..p3
	//     and v0..v3 rotate so that consecutive steps do not wait on each other.
	mov.u32 	%op, %orow;
	mov.u32 	%vtp, %vtcol;
	mov.u32 	%i, %chunks;
PV_CHUNK:
	ld.shared.f32 	%acc, [%op];        // o[x]
	mul.f32 	%acc, %acc, %alpha;     // re-weighted to the new max
	shfl.sync.idx.b32 	%p0, %p, 0, 31, -1;
	ld.shared.f32 	%v0, [%vtp];
	fma.rn.f32 	%acc, %p0, %v0, %acc;
	shfl.sync.idx.b32 	%p1, %p, 1, 31, -1;
	ld.shared.f32 	%v1, [%vtp+4];
	fma.rn.f32 	%acc, %p1, %v1, %acc;
	shfl.sync.idx.b32 	%p2, %p, 2, 31, -1;
	ld.shared.f32 	%v2, [%vtp+8];
	fma.rn.f32 	%acc, %p2, %v2, %acc;
	shfl.sync.idx.b32 	%p3, %p, 3, 31, -1;
	ld.shared.f32 	%v3, [%vtp+12];
	fma.rn.f32 	%acc, %p3, %v3, %acc;
	shfl.sync.idx.b32 	%p0, %p, 4, 31, -1;
	ld.shared.f32 	%v0, [%vtp+16];
	fma.rn.f32 	%acc, %p0, %v0, %acc;
	shfl.sync.idx.b32 	%p1, %p, 5, 31, -1;
	ld.shared.f32 	%v1, [%vtp+20];
	fma.rn.f32 	%acc, %p1, %v1, %acc;
	shfl.sync.idx.b32 	%p2, %p, 6, 31, -1;
	ld.shared.f32 	%v2, [%vtp+24];
	fma.rn.f32 	%acc, %p2, %v2, %acc;
	shfl.sync.idx.b32 	%p3, %p, 7, 31, -1;
	ld.shared.f32 	%v3, [%vtp+28];
	fma.rn.f32 	%acc, %p3, %v3, %acc;
	shfl.sync.idx.b32 	%p0, %p, 8, 31, -1;
	ld.shared.f32 	%v0, [%vtp+32];
	fma.rn.f32 	%acc, %p0, %v0, %acc;
	shfl.sync.idx.b32 	%p1, %p, 9, 31, -1;
	ld.shared.f32 	%v1, [%vtp+36];
	fma.rn.f32 	%acc, %p1, %v1, %acc;
	shfl.sync.idx.b32 	%p2, %p, 10, 31, -1;
	ld.shared.f32 	%v2, [%vtp+40];
	fma.rn.f32 	%acc, %p2, %v2, %acc;
	shfl.sync.idx.b32 	%p3, %p, 11, 31, -1;
	ld.shared.f32 	%v3, [%vtp+44];
	fma.rn.f32 	%acc, %p3, %v3, %acc;
	shfl.sync.idx.b32 	%p0, %p, 12, 31, -1;
	ld.shared.f32 	%v0, [%vtp+48];
	fma.rn.f32 	%acc, %p0, %v0, %acc;
	shfl.sync.idx.b32 	%p1, %p, 13, 31, -1;
	ld.shared.f32 	%v1, [%vtp+52];
	fma.rn.f32 	%acc, %p1, %v1, %acc;
	shfl.sync.idx.b32 	%p2, %p, 14, 31, -1;
	ld.shared.f32 	%v2, [%vtp+56];
	fma.rn.f32 	%acc, %p2, %v2, %acc;
	shfl.sync.idx.b32 	%p3, %p, 15, 31, -1;
	ld.shared.f32 	%v3, [%vtp+60];
	fma.rn.f32 	%acc, %p3, %v3, %acc;
	shfl.sync.idx.b32 	%p0, %p, 16, 31, -1;
	ld.shared.f32 	%v0, [%vtp+64];
	fma.rn.f32 	%acc, %p0, %v0, %acc;
	shfl.sync.idx.b32 	%p1, %p, 17, 31, -1;
	ld.shared.f32 	%v1, [%vtp+68];
	fma.rn.f32 	%acc, %p1, %v1, %acc;
	shfl.sync.idx.b32 	%p2, %p, 18, 31, -1;
	ld.shared.f32 	%v2, [%vtp+72];
	fma.rn.f32 	%acc, %p2, %v2, %acc;
	shfl.sync.idx.b32 	%p3, %p, 19, 31, -1;
	ld.shared.f32 	%v3, [%vtp+76];
	fma.rn.f32 	%acc, %p3, %v3, %acc;
	shfl.sync.idx.b32 	%p0, %p, 20, 31, -1;
	ld.shared.f32 	%v0, [%vtp+80];
	fma.rn.f32 	%acc, %p0, %v0, %acc;
	shfl.sync.idx.b32 	%p1, %p, 21, 31, -1;
	ld.shared.f32 	%v1, [%vtp+84];
	fma.rn.f32 	%acc, %p1, %v1, %acc;
	shfl.sync.idx.b32 	%p2, %p, 22, 31, -1;
	ld.shared.f32 	%v2, [%vtp+88];
	fma.rn.f32 	%acc, %p2, %v2, %acc;
	shfl.sync.idx.b32 	%p3, %p, 23, 31, -1;
	ld.shared.f32 	%v3, [%vtp+92];
	fma.rn.f32 	%acc, %p3, %v3, %acc;
	shfl.sync.idx.b32 	%p0, %p, 24, 31, -1;
	ld.shared.f32 	%v0, [%vtp+96];
	fma.rn.f32 	%acc, %p0, %v0, %acc;
	shfl.sync.idx.b32 	%p1, %p, 25, 31, -1;
	ld.shared.f32 	%v1, [%vtp+100];
	fma.rn.f32 	%acc, %p1, %v1, %acc;
	shfl.sync.idx.b32 	%p2, %p, 26, 31, -1;
	ld.shared.f32 	%v2, [%vtp+104];
	fma.rn.f32 	%acc, %p2, %v2, %acc;
	shfl.sync.idx.b32 	%p3, %p, 27, 31, -1;
	ld.shared.f32 	%v3, [%vtp+108];
	fma.rn.f32 	%acc, %p3, %v3, %acc;
	shfl.sync.idx.b32 	%p0, %p, 28, 31, -1;
	ld.shared.f32 	%v0, [%vtp+112];
	fma.rn.f32 	%acc, %p0, %v0, %acc;
	shfl.sync.idx.b32 	%p1, %p, 29, 31, -1;
	ld.shared.f32 	%v1, [%vtp+116];
	fma.rn.f32 	%acc, %p1, %v1, %acc;
	shfl.sync.idx.b32 	%p2, %p, 30, 31, -1;
	ld.shared.f32 	%v2, [%vtp+120];
	fma.rn.f32 	%acc, %p2, %v2, %acc;
	shfl.sync.idx.b32 	%p3, %p, 31, 31, -1;
	ld.shared.f32 	%v3, [%vtp+124];
	fma.rn.f32 	%acc, %p3, %v3, %acc;
	st.shared.f32 	[%op], %acc;
	add.s32 	%op, %op, 128;          // columns x + 32 of my row
	add.s32 	%vtp, %vtp, 4224;       // rows x + 32 of Vt
	add.s32 	%i, %i, -1;
	setp.ne.s32 	%more, %i, 0;
	@%more bra 	PV_CHUNK;

	bar.sync 	0;                      // all warps done with this Ks and Vt
	add.s64 	%gk_tile, %gk_tile, %tilebytes;
	add.s64 	%gv_tile, %gv_tile, %tilebytes;
	add.s32 	%tiles, %tiles, -1;
	setp.ne.s32 	%more, %tiles, 0;
	@%more bra 	TILE_LOOP;

	// ---- 3. O[q0 + warp][x] = o[x] / l --------------------------------------
	rcp.rn.f32 	%inv, %l;
	add.s32 	%idx, %q0, %warp;
	mad.lo.s32 	%idx, %idx, %d, %lane;
	mul.wide.u32 	%off, %idx, 4;
	add.s64 	%go, %O, %off;
	mov.u32 	%op, %orow;
	mov.u32 	%i, %chunks;
OUT_CHUNK:
	ld.shared.f32 	%acc, [%op];
	mul.f32 	%acc, %acc, %inv;
	st.global.f32 	[%go], %acc;        // the only global store: O, once
	add.s32 	%op, %op, 128;
	add.s64 	%go, %go, 128;
	add.s32 	%i, %i, -1;
	setp.ne.s32 	%more, %i, 0;
	@%more bra 	OUT_CHUNK;
	ret;
}
