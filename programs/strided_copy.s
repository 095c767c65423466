//! size n = 1 << 16
//! size stride = 1
//! require (n - 1) * stride < 2 ** 32 or 2 ** 32 % n == 0
//! buffer a = randn(n, seed=1)
//! buffer out = zeros(n)
//! launch strided_copy grid=(n + 255) // 256 block=256 args=(out, a, n, stride)
//! check out = a[arange(n) * stride % n] tol=0

// strided_copy: out[i] = a[(i * stride) % n], one thread per element.
//
// Ported from the Metal kernel of seed 000 (kernels.metal):
//
//     kernel void strided_copy(device float* out, device const float* a,
//                              constant uint& n, constant uint& stride,
//                              uint i [[thread_position_in_grid]]) {
//         out[i] = a[(i * stride) % n];
//     }
//
// What it teaches: COALESCING, by breaking it. Every thread moves one float,
// and with an odd stride (coprime with a power-of-two n) every element of a is
// still read exactly once, so the bytes the kernel needs never change. Only
// the ADDRESS PATTERN of a warp's read changes:
//   stride 1:  the 32 threads read 32 consecutive floats -> 4 sectors of 32 B;
//   stride 2:  they span 256 B -> 8 sectors, half of every sector unused;
//   stride 8+: every thread hits its own sector -> 32 sectors for 128 useful B.
// The writes to out stay perfectly coalesced at every stride. Try
// `--set stride=2`, `--set stride=3`, `--set stride=33`, `--set stride=1025`
// and compare the sectors fetched and the cycles.
//
// Thread-to-data mapping (CUDA terms):
//     i = blockIdx.x * blockDim.x + threadIdx.x
//     if (i < n) out[i] = a[(i * stride) % n];
// i * stride is a 32-bit unsigned product, as in Metal; the `require` line
// keeps it from wrapping, or lets it wrap only when n divides 2^32 (n a power
// of two), where (i * stride mod 2^32) % n = (i * stride) % n -- as in the
// seed's own run, n = 2^26 at stride 1025 -- so numpy's 64-bit reference
// agrees exactly.

.version 8.0
.target sm_90
.address_size 64

.visible .entry strided_copy(
	.param .u64 strided_copy_param_0,       // float*       out
	.param .u64 strided_copy_param_1,       // const float* a
	.param .u32 strided_copy_param_2,       // unsigned     n
	.param .u32 strided_copy_param_3        // unsigned     stride
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<2>;
	.reg .b32 	%r<9>;
	.reg .b64 	%rd<9>;

	ld.param.u64 	%rd1, [strided_copy_param_0]; // out
	ld.param.u64 	%rd2, [strided_copy_param_1]; // a
	ld.param.u32 	%r1, [strided_copy_param_2]; // n
	ld.param.u32 	%r2, [strided_copy_param_3]; // stride

	// i = blockIdx.x * blockDim.x + threadIdx.x
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r6, %r3, %r4, %r5;

	// if (i >= n) return;
	setp.ge.u32 	%p1, %r6, %r1;
	@%p1 bra 	DONE;

	cvta.to.global.u64 	%rd3, %rd1;
	cvta.to.global.u64 	%rd4, %rd2;

	// j = (i * stride) % n       -- the source element (unsigned 32-bit math)
	mul.lo.s32 	%r7, %r6, %r2;
	rem.u32 	%r8, %r7, %r1;

	// x = a[j]                   -- neighbouring threads read j, j+stride, ...
	mul.wide.u32 	%rd5, %r8, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.f32 	%f1, [%rd6];

	// out[i] = x                 -- neighbouring threads write neighbours
	mul.wide.u32 	%rd7, %r6, 4;
	add.s64 	%rd8, %rd3, %rd7;
	st.global.f32 	[%rd8], %f1;

DONE:
	ret;
}
