//! size R = 256
//! size C = 512
//! require R >= 1 and C >= 32
//! buffer x = randn((R, C), seed=1) * 4 + 80
//! buffer y = zeros((R, C))
//! launch softmax_online grid=(R + 3) // 4 block=128 shared=4 * C * 4 args=(x, y, R, C)
//! check y = exp(x - x.max(axis=1).reshape((R, 1))) / exp(x - x.max(axis=1).reshape((R, 1))).sum(axis=1).reshape((R, 1)) tol=1e-5

// softmax_online: the same row softmax as softmax_naive.s (same input, same
// check), but the row's max m and normalizer s come out of ONE pass: the
// online normalizer of Milakov & Gimelshein, "Online normalizer calculation
// for softmax" (2018), the trick that makes FlashAttention possible.
//
// In CUDA C (no Metal original):
//
//     __global__ void softmax_online(const float* x, float* y, unsigned R, unsigned C) {
//         extern __shared__ float rows[];                      // 4 rows of C floats
//         unsigned row = blockIdx.x * 4 + threadIdx.x / 32, lane = threadIdx.x % 32;
//         if (row >= R) return;
//         float* buf = rows + (threadIdx.x / 32) * C;          // this warp's row, on chip
//         float m = -INFINITY, s = 0.0f;                       // running max, running sum
//         for (unsigned j = lane; j < C; j += 32) {            // the ONLY pass over x
//             float v = x[(size_t)row * C + j];
//             buf[j] = v;
//             float e = exp2f((fminf(m, v) - fmaxf(m, v)) * LOG2E);
//             s = v > m ? s * e + 1.0f : s + e;                // see "the update" below
//             m = fmaxf(m, v);
//         }
//         (m, s) = warp_merge(m, s);                           // same rule, lane with lane
//         float inv = 1.0f / s;
//         for (unsigned j = lane; j < C; j += 32)              // write, reading the chip copy
//             y[(size_t)row * C + j] = exp2f((buf[j] - m) * LOG2E) * inv;
//     }
//
// What it teaches: THE ONLINE NORMALIZER. The safe softmax (softmax_naive.s)
// needs the row's max before it can sum exp(x - max), hence one pass for the
// max and another for the sum. Milakov & Gimelshein keep both as running
// values, m_j = max(x_1..x_j) and s_j = sum_{k<=j} exp(x_k - m_j), and update
// them one element at a time:
//
//     m_j = max(m_{j-1}, x_j)
//     s_j = s_{j-1} * exp(m_{j-1} - m_j)  +  exp(x_j - m_j)
//
// The first term RESCALES the old sum: it was taken relative to the old max,
// and multiplying by exp(m_old - m_new) re-expresses every term in it relative
// to the new one (exp(a - m_old) * exp(m_old - m_new) = exp(a - m_new)). At the
// end s_C is exactly sum_k exp(x_k - m_C): the same normalizer, from one pass.
//
// The update, with one exponential instead of two: one of the two exponents
// is always zero. Either x_j <= m_{j-1}, the max does not move, the rescale
// factor is exp(0) = 1 and s += exp(x_j - m); or x_j is the new max, its own
// term is exp(0) = 1 and s = s * exp(m_old - x_j) + 1. Both cases need only
// e = exp(min(m, x_j) - max(m, x_j)), and a select picks the formula. (The
// special-function unit that computes 2^t issues at 1/8 the rate of the FP32
// unit on Hopper, so halving the exponentials matters.) The first element
// finds m = -inf: e = exp(-inf) = 0 and s = 0 * 0 + 1 = 1, as it should.
//
// The same rule merges two partial results (m_a, s_a) and (m_b, s_b): the
// pair with the smaller max has its sum rescaled by exp(m_small - m_big).
// That is how the 32 lanes' partial results are combined across the warp
// (a shuffle butterfly, as in softmax_naive.s), and how FlashAttention merges
// one tile of scores into the next (attention_flash.s). Both lanes of a
// butterfly pair evaluate the same fma with the same operands, so all 32
// lanes end with bit-identical (m, s). A lane with no element would hold
// (-inf, 0), and merging two of those computes -inf - (-inf) = NaN; the
// `require C >= 32` gives every lane at least one element.
//
// MEMORY TRAFFIC. The statistics pass reads x once. The write pass needs x
// again; softmax_naive.s reads it from global memory a third time. Here each
// lane copies what it reads into shared memory (the warp's row buffer, C
// floats; 4 warps per block, so shared = 4 * C * 4 bytes) and the write pass
// reads that copy. Expected counters, for C a multiple of 32:
//     global load sectors  = R * C * 4 / 32     (x exactly once; naive: 3x this)
//     global store sectors = R * C * 4 / 32     (y once, as in naive)
//     shared stores = shared loads = R * C / 32 requests, 1 wavefront each
// Two things cut the reads from 3 to 1: the online normalizer merges the max
// and sum passes (3 -> 2, as in the paper, which re-reads x to write), and
// keeping the row on chip removes the re-read (2 -> 1). Only the first needs
// the trick: it is what lets FlashAttention handle rows far too long to keep
// on chip, one tile at a time.
//
// Why shared memory and not registers: lane l's elements are x[l], x[l+32],
// ..., C/32 of them, a number known only at run time; registers cannot be
// indexed by a loop variable, shared memory can. Each lane reads back only the
// words it wrote itself, so no barrier (and no __syncwarp) is needed; the
// words of one warp access are 32 consecutive floats, one per bank: no
// conflicts.
//
// exp is 2^(v * log2 e) with ex2.approx.f32, as in softmax_naive.s (see the
// error discussion there); measured error 3.2e-7, the same as naive's.

.version 8.0
.target sm_90
.address_size 64

// dynamic shared memory: 4 row buffers of C floats, sized by the launch (shared=)
.extern .shared .align 16 .b8 rowbuf[];

.visible .entry softmax_online(
	.param .u64 softmax_online_param_0,     // const float* x
	.param .u64 softmax_online_param_1,     // float*       y
	.param .u32 softmax_online_param_2,     // unsigned     R (rows)
	.param .u32 softmax_online_param_3      // unsigned     C (columns, >= 32)
)
{
	.reg .pred 	%p, %more, %grew;
	.reg .b32 	%R, %C, %thread, %warp, %lane, %row, %j, %ps, %sbase;
	.reg .b64 	%x, %y, %off, %px, %py;
	.reg .f32 	%v, %m, %s, %lo, %t, %e, %s_grew, %s_kept, %m_o, %s_o, %inv;

	ld.param.u64 	%x, [softmax_online_param_0];
	ld.param.u64 	%y, [softmax_online_param_1];
	ld.param.u32 	%R, [softmax_online_param_2];
	ld.param.u32 	%C, [softmax_online_param_3];
	cvta.to.global.u64 	%x, %x;
	cvta.to.global.u64 	%y, %y;

	// warp = threadIdx.x / 32; lane = threadIdx.x % 32; row = blockIdx.x * 4 + warp
	mov.u32 	%thread, %tid.x;
	shr.u32 	%warp, %thread, 5;
	and.b32 	%lane, %thread, 31;
	mov.u32 	%row, %ctaid.x;
	shl.b32 	%row, %row, 2;
	add.s32 	%row, %row, %warp;

	// if (row >= R) return;  (warp-uniform)
	setp.ge.u32 	%p, %row, %R;
	@%p bra 	DONE;

	// off = (row * C + lane) * 4, the byte offset of this lane's first element
	mul.wide.u32 	%off, %row, %C;
	cvt.u64.u32 	%px, %lane;
	add.s64 	%off, %off, %px;
	shl.b64 	%off, %off, 2;

	// sbase = &rowbuf[warp * C + lane]: the lane's first slot in its warp's row buffer
	mov.u32 	%sbase, rowbuf;         // the buffer's address in the shared window
	mad.lo.s32 	%ps, %warp, %C, %lane;
	shl.b32 	%ps, %ps, 2;
	add.s32 	%sbase, %sbase, %ps;

	// ---- the one pass over x: stage the row on chip, update (m, s) --------
	mov.f32 	%m, 0fFF800000;         // m = -inf
	mov.f32 	%s, 0f00000000;         // s = 0
	add.s64 	%px, %x, %off;
	mov.u32 	%ps, %sbase;
	mov.u32 	%j, %lane;              // C >= 32: every lane has at least one element
STATS_LOOP:
	ld.global.f32 	%v, [%px];
	st.shared.f32 	[%ps], %v;          // keep it for the write pass
	// e = exp(min(m, v) - max(m, v)) = 2^((min - max) * log2 e), in [0, 1]
	setp.gt.f32 	%grew, %v, %m;       // does v raise the max?
	min.f32 	%lo, %m, %v;
	max.f32 	%m, %m, %v;             // m = m_new
	sub.f32 	%t, %lo, %m;
	mul.f32 	%t, %t, 0f3FB8AA3B;     // * log2(e)
	ex2.approx.f32 	%e, %t;
	// grew:  s = s * exp(m_old - m_new) + exp(v - v)  = s * e + 1
	// kept:  s = s * exp(0)           + exp(v - m)  = s + e
	fma.rn.f32 	%s_grew, %s, %e, 0f3F800000;
	add.f32 	%s_kept, %s, %e;
	selp.f32 	%s, %s_grew, %s_kept, %grew;
	add.s64 	%px, %px, 128;          // 32 floats further along the row
	add.s32 	%ps, %ps, 128;
	add.s32 	%j, %j, 32;
	setp.lt.u32 	%more, %j, %C;
	@%more bra 	STATS_LOOP;

	// ---- merge the 32 lanes' (m, s) with the same rule ---------------------
	// partner (m_o, s_o) = lane ^ mask's pair; the smaller max's sum is rescaled.
	// The five butterfly steps are identical but for the mask (16, 8, 4, 2, 1).
	shfl.sync.bfly.b32 	%m_o, %m, 16, 31, -1;
	shfl.sync.bfly.b32 	%s_o, %s, 16, 31, -1;
	setp.gt.f32 	%grew, %m_o, %m;
	min.f32 	%lo, %m, %m_o;
	max.f32 	%m, %m, %m_o;
	sub.f32 	%t, %lo, %m;
	mul.f32 	%t, %t, 0f3FB8AA3B;
	ex2.approx.f32 	%e, %t;             // e = exp(m_small - m_big)
	fma.rn.f32 	%s_grew, %s, %e, %s_o;   // partner's max is bigger: rescale mine
	fma.rn.f32 	%s_kept, %s_o, %e, %s;   // mine is bigger (or equal): rescale the partner's
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

	// ---- write pass: y = exp(x - m) / s, x read from the on-chip copy ------
	rcp.rn.f32 	%inv, %s;
	add.s64 	%py, %y, %off;
	mov.u32 	%ps, %sbase;
	mov.u32 	%j, %lane;
WRITE_LOOP:
	ld.shared.f32 	%v, [%ps];          // not global memory: the copy made above
	sub.f32 	%t, %v, %m;
	mul.f32 	%t, %t, 0f3FB8AA3B;
	ex2.approx.f32 	%e, %t;
	mul.f32 	%e, %e, %inv;
	st.global.f32 	[%py], %e;
	add.s64 	%py, %py, 128;
	add.s32 	%ps, %ps, 128;
	add.s32 	%j, %j, 32;
	setp.lt.u32 	%more, %j, %C;
	@%more bra 	WRITE_LOOP;

DONE:
	ret;
}
