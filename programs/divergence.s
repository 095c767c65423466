//! size n = 1 << 14
//! size k = 16
//! require k >= 1
//! buffer x = randn(n, seed=1)
//! buffer out = zeros((2, n))
//! launch divergence grid=(n + 255) // 256 block=256 args=(out, x, n, k, 1, 0)
//! launch divergence grid=(n + 255) // 256 block=256 args=(out, x, n, k, 32, 1)
//! check out = where(arange(n) // where(arange(2).reshape((2, 1)) == 0, 1, 32) % 2 == 1, k * x * x, 3 * k * x) tol=1e-5

// divergence: the same if/else, once with a condition that splits every warp
// and once with a condition that is the same for all 32 threads of a warp.
//
// In CUDA-C (there is no Metal original for this one):
//
//     __global__ void divergence(float* out, const float* x, unsigned n,
//                                unsigned k, unsigned group, unsigned row) {
//         unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
//         if (i >= n) return;
//         float v = x[i], y = 0.0f;
//         if ((i / group) % 2 == 1)
//             for (unsigned j = 0; j < k; j++) y = fmaf(v, v, y);     // "odd" side:  y = k*v*v
//         else
//             for (unsigned j = 0; j < k; j++) y = fmaf(v, 3.0f, y);  // "even" side: y = 3*k*v
//         out[row * n + i] = y;
//     }
//
// What it teaches: BRANCH DIVERGENCE. A warp issues one instruction for all
// of its 32 threads. When the threads of a warp disagree at a branch, the
// warp runs BOTH sides one after the other, each with the threads of the
// other side masked off, and the sides join again at the end of the if/else
// (label JOIN). Both sides here are the same length (k multiply-adds).
//
//   launch 1, group = 1:  the condition is i % 2 (= threadIdx.x % 2, blocks
//       are 256 threads). Every warp holds 16 odd and 16 even threads, so
//       every warp executes both loops, each at half occupancy of its lanes:
//       about 2x the issue slots of launch 2 for the same results.
//   launch 2, group = 32: the condition is (i / 32) % 2, the warp index's
//       parity. All 32 threads of a warp agree, so each warp runs one side
//       only with every lane busy; half the warps take each side.
//
// Thread-to-data mapping: i = blockIdx.x * blockDim.x + threadIdx.x; thread
// i reads x[i] and writes out[row][i]: launch 1 fills row 0, launch 2 row 1.
// The check recomputes both rows with numpy: row r uses group 1 or 32,
// odd side k*x*x, even side 3*k*x.

.version 8.0
.target sm_90
.address_size 64

.visible .entry divergence(
	.param .u64 divergence_param_0,         // float*       out   (2 x n)
	.param .u64 divergence_param_1,         // const float* x
	.param .u32 divergence_param_2,         // unsigned     n
	.param .u32 divergence_param_3,         // unsigned     k      (loop trips, >= 1)
	.param .u32 divergence_param_4,         // unsigned     group  (1 or 32)
	.param .u32 divergence_param_5          // unsigned     row    (0 or 1)
)
{
	.reg .pred 	%p<5>;
	.reg .f32 	%f<3>;
	.reg .b32 	%r<13>;
	.reg .b64 	%rd<9>;

	ld.param.u64 	%rd1, [divergence_param_0]; // out
	ld.param.u64 	%rd2, [divergence_param_1]; // x
	ld.param.u32 	%r1, [divergence_param_2]; // n
	ld.param.u32 	%r2, [divergence_param_3]; // k
	ld.param.u32 	%r3, [divergence_param_4]; // group
	ld.param.u32 	%r4, [divergence_param_5]; // row

	// i = blockIdx.x * blockDim.x + threadIdx.x
	mov.u32 	%r5, %ctaid.x;
	mov.u32 	%r6, %ntid.x;
	mov.u32 	%r7, %tid.x;
	mad.lo.s32 	%r8, %r5, %r6, %r7;

	// if (i >= n) return;
	setp.ge.u32 	%p1, %r8, %r1;
	@%p1 bra 	DONE;

	cvta.to.global.u64 	%rd3, %rd1;
	cvta.to.global.u64 	%rd4, %rd2;

	// v = x[i]
	mul.wide.u32 	%rd5, %r8, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.f32 	%f1, [%rd6];

	// y = 0.0f;  j = k (counts down)
	mov.f32 	%f2, 0f00000000;        // 0.0
	mov.u32 	%r9, %r2;

	// if ((i / group) % 2 == 0) goto EVEN;   <-- the branch that may diverge
	div.u32 	%r10, %r8, %r3;
	and.b32 	%r11, %r10, 1;
	setp.eq.u32 	%p2, %r11, 0;
	@%p2 bra 	EVEN;

	// ---- odd side: k times y = fmaf(v, v, y) ----
ODD_LOOP:
	fma.rn.f32 	%f2, %f1, %f1, %f2;
	add.s32 	%r9, %r9, -1;
	setp.ne.s32 	%p3, %r9, 0;
	@%p3 bra 	ODD_LOOP;
	// skip the else side (all threads still active here took the odd side)
	bra.uni 	JOIN;

	// ---- even side: k times y = fmaf(v, 3.0f, y) ----
EVEN:
	fma.rn.f32 	%f2, %f1, 0f40400000, %f2; // 3.0
	add.s32 	%r9, %r9, -1;
	setp.ne.s32 	%p4, %r9, 0;
	@%p4 bra 	EVEN;

	// ---- the two sides reconverge here: the warp is whole again ----
JOIN:
	// out[row * n + i] = y
	mad.lo.s32 	%r12, %r4, %r1, %r8;
	mul.wide.u32 	%rd7, %r12, 4;
	add.s64 	%rd8, %rd3, %rd7;
	st.global.f32 	[%rd8], %f2;

DONE:
	ret;
}
