//! size R = 256
//! size C = 512
//! require R >= 1 and C >= 1
//! buffer x = randn((R, C), seed=1) * 4 + 80
//! buffer y = zeros((R, C))
//! launch softmax_naive grid=(R + 3) // 4 block=128 args=(x, y, R, C)
//! check y = exp(x - x.max(axis=1).reshape((R, 1))) / exp(x - x.max(axis=1).reshape((R, 1))).sum(axis=1).reshape((R, 1)) tol=1e-5

// softmax_naive: y = softmax(x) along each row of an R x C row-major float
// matrix, in THREE passes over the row in global memory. One warp per row.
//
// In CUDA C (there is no Metal original for this one):
//
//     __global__ void softmax_naive(const float* x, float* y, unsigned R, unsigned C) {
//         unsigned row  = blockIdx.x * 4 + threadIdx.x / 32;    // 4 warps, 4 rows per block
//         unsigned lane = threadIdx.x % 32;
//         if (row >= R) return;                                 // the whole warp leaves
//         const float* xr = x + (size_t)row * C;
//         float*       yr = y + (size_t)row * C;
//         float m = -INFINITY;                                  // pass 1: the row's max
//         for (unsigned j = lane; j < C; j += 32) m = fmaxf(m, xr[j]);
//         m = warp_max(m);
//         float s = 0.0f;                                       // pass 2: sum of exp(x - m)
//         for (unsigned j = lane; j < C; j += 32) s += exp2f((xr[j] - m) * LOG2E);
//         s = warp_sum(s);
//         float inv = 1.0f / s;                                 // pass 3: normalize and write
//         for (unsigned j = lane; j < C; j += 32) yr[j] = exp2f((xr[j] - m) * LOG2E) * inv;
//     }
//
// What it teaches: THE SAFE SOFTMAX, AND WHAT IT COSTS IN MEMORY TRAFFIC.
//
//     softmax(x)_j = exp(x_j) / sum_k exp(x_k)
//
// is unchanged if the same constant is subtracted from every x_j (it cancels
// between numerator and denominator). Computing exp(x_j) directly overflows
// float32 as soon as x_j > 88.7; subtracting the row's maximum m first makes
// every exponent <= 0, so every exp(x_j - m) is in (0, 1] and the sum is in
// [1, C]. The recipe's input is randn * 4 + 80, so its largest entries are
// near 98: exp(98) is inf in float32, and only the max-subtracted form works.
//
// The price of the safe form is a third pass. The kernel needs m before it can
// sum, and the sum before it can write, so it walks the row three times:
//     pass 1: read x                 -> m = max_j x_j
//     pass 2: read x                 -> s = sum_j exp(x_j - m)
//     pass 3: read x, write y        -> y_j = exp(x_j - m) / s
// Three global reads and one global write per element. Expected counters,
// for C a multiple of 32 (every warp request = 32 consecutive floats = 4
// aligned 32-byte sectors):
//     global load sectors  = 3 * R * C * 4 / 32     (the matrix, three times)
//     global store sectors =     R * C * 4 / 32     (y, once)
// softmax_online.s computes m and s in ONE pass (Milakov & Gimelshein 2018).
//
// exp via ex2: the GPU's special-function unit computes 2^t (ex2.approx.f32),
// so exp(v) = 2^(v * log2(e)). This is what nvcc emits for __expf and, with
// -use_fast_math, for expf. The hardware's ex2.approx is accurate to a few
// ulp; simgpu computes it in double precision and rounds (isa/ISA.md).
// Rounding v * log2(e) to float adds a relative error of at most |v| * 2^-24
// to exp(v), small where it matters: the check divides the largest error by
// the largest output, and the largest outputs have v near 0. Measured error
// 3.2e-7 at the default size, the same on an H200 (driver JIT of this file)
// as in simgpu, so the 1e-5 tolerance holds with a wide margin.
//
// Thread-to-data mapping: blocks of 128 threads = 4 warps; warp w of block b
// owns row 4*b + w. Lane l reads x[row][l], x[row][l + 32], ...: each warp
// load touches 32 consecutive floats (coalesced). The per-lane partial max and
// sum are combined across the warp with a butterfly of shuffles (shfl.bfly
// with lane masks 16, 8, 4, 2, 1): after 5 steps every lane holds the result,
// with no shared memory and no barrier.
//
// Named registers (PTX allows them) keep the code readable; nvcc would number
// them %r1, %f1, ...

.version 8.0
.target sm_90
.address_size 64

.visible .entry softmax_naive(
	.param .u64 softmax_naive_param_0,      // const float* x
	.param .u64 softmax_naive_param_1,      // float*       y
	.param .u32 softmax_naive_param_2,      // unsigned     R (rows)
	.param .u32 softmax_naive_param_3       // unsigned     C (columns)
)
{
	.reg .pred 	%p, %more;
	.reg .b32 	%R, %C, %thread, %warp, %lane, %row, %j;
	.reg .b64 	%x, %y, %off, %px, %py;
	.reg .f32 	%v, %m, %s, %t, %e, %other, %inv;

	ld.param.u64 	%x, [softmax_naive_param_0];
	ld.param.u64 	%y, [softmax_naive_param_1];
	ld.param.u32 	%R, [softmax_naive_param_2];
	ld.param.u32 	%C, [softmax_naive_param_3];
	cvta.to.global.u64 	%x, %x;
	cvta.to.global.u64 	%y, %y;

	// warp = threadIdx.x / 32; lane = threadIdx.x % 32; row = blockIdx.x * 4 + warp
	mov.u32 	%thread, %tid.x;
	shr.u32 	%warp, %thread, 5;
	and.b32 	%lane, %thread, 31;
	mov.u32 	%row, %ctaid.x;
	shl.b32 	%row, %row, 2;
	add.s32 	%row, %row, %warp;

	// if (row >= R) return;  -- the same for all 32 lanes: no divergence
	setp.ge.u32 	%p, %row, %R;
	@%p bra 	DONE;

	// off = (row * C + lane) * 4: byte offset of this lane's first element.
	// 64-bit arithmetic, since R * C * 4 may exceed 2^32.
	mul.wide.u32 	%off, %row, %C;
	cvt.u64.u32 	%px, %lane;
	add.s64 	%off, %off, %px;
	shl.b64 	%off, %off, 2;

	// ---- pass 1: m = max over j = lane, lane+32, ... of x[row][j] ----------
	mov.f32 	%m, 0fFF800000;         // -inf: the identity of max
	add.s64 	%px, %x, %off;
	mov.u32 	%j, %lane;
	setp.lt.u32 	%more, %j, %C;       // lanes past the end of a short row (C < 32) skip
	@!%more bra 	MAX_REDUCE;
MAX_LOOP:
	ld.global.f32 	%v, [%px];
	max.f32 	%m, %m, %v;
	add.s64 	%px, %px, 128;          // 32 floats further along the row
	add.s32 	%j, %j, 32;
	setp.lt.u32 	%more, %j, %C;
	@%more bra 	MAX_LOOP;
MAX_REDUCE:
	// butterfly: lane l takes the value of lane l ^ mask; after masks 16..1
	// every lane has seen all 32 partial maxima
	shfl.sync.bfly.b32 	%other, %m, 16, 31, -1;
	max.f32 	%m, %m, %other;
	shfl.sync.bfly.b32 	%other, %m, 8, 31, -1;
	max.f32 	%m, %m, %other;
	shfl.sync.bfly.b32 	%other, %m, 4, 31, -1;
	max.f32 	%m, %m, %other;
	shfl.sync.bfly.b32 	%other, %m, 2, 31, -1;
	max.f32 	%m, %m, %other;
	shfl.sync.bfly.b32 	%other, %m, 1, 31, -1;
	max.f32 	%m, %m, %other;

	// ---- pass 2: s = sum over the row of exp(x - m) = 2^((x - m) * log2 e) ----
	mov.f32 	%s, 0f00000000;         // 0.0
	add.s64 	%px, %x, %off;
	mov.u32 	%j, %lane;
	setp.lt.u32 	%more, %j, %C;
	@!%more bra 	SUM_REDUCE;
SUM_LOOP:
	ld.global.f32 	%v, [%px];          // the row again, from global memory
	sub.f32 	%t, %v, %m;             // t = x - m  <= 0
	mul.f32 	%t, %t, 0f3FB8AA3B;     // t *= log2(e) = 1.4426950
	ex2.approx.f32 	%e, %t;             // e = 2^t = exp(x - m), in (0, 1]
	add.f32 	%s, %s, %e;
	add.s64 	%px, %px, 128;
	add.s32 	%j, %j, 32;
	setp.lt.u32 	%more, %j, %C;
	@%more bra 	SUM_LOOP;
SUM_REDUCE:
	shfl.sync.bfly.b32 	%other, %s, 16, 31, -1;
	add.f32 	%s, %s, %other;
	shfl.sync.bfly.b32 	%other, %s, 8, 31, -1;
	add.f32 	%s, %s, %other;
	shfl.sync.bfly.b32 	%other, %s, 4, 31, -1;
	add.f32 	%s, %s, %other;
	shfl.sync.bfly.b32 	%other, %s, 2, 31, -1;
	add.f32 	%s, %s, %other;
	shfl.sync.bfly.b32 	%other, %s, 1, 31, -1;
	add.f32 	%s, %s, %other;

	// ---- pass 3: y = exp(x - m) * (1 / s) ---------------------------------
	// one correctly rounded reciprocal per row, then a multiply per element
	// (cheaper than a division per element; one extra rounding, <= 1 ulp)
	rcp.rn.f32 	%inv, %s;
	add.s64 	%px, %x, %off;
	add.s64 	%py, %y, %off;
	mov.u32 	%j, %lane;
	setp.lt.u32 	%more, %j, %C;
	@!%more bra 	DONE;
NORM_LOOP:
	ld.global.f32 	%v, [%px];          // ... and a third time
	sub.f32 	%t, %v, %m;
	mul.f32 	%t, %t, 0f3FB8AA3B;
	ex2.approx.f32 	%e, %t;             // exp(x - m) again: pass 2 kept nothing
	mul.f32 	%e, %e, %inv;
	st.global.f32 	[%py], %e;
	add.s64 	%px, %px, 128;
	add.s64 	%py, %py, 128;
	add.s32 	%j, %j, 32;
	setp.lt.u32 	%more, %j, %C;
	@%more bra 	NORM_LOOP;

DONE:
	ret;
}
