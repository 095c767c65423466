//! size n = 1 << 16
//! buffer a = randn(n, seed=1)
//! buffer b = randn(n, seed=2)
//! buffer out = zeros(n)
//! launch vector_add grid=(n + 255) // 256 block=256 args=(out, a, b, n)
//! check out = float32(a + b) tol=0

// vector_add: out[i] = a[i] + b[i], one thread per element.
//
// The "hello world" of GPU programming, ported from the Metal kernel of
// seed 000 (kernels.metal):
//
//     kernel void vector_add(device float* out, device const float* a,
//                            device const float* b,
//                            uint i [[thread_position_in_grid]]) {
//         out[i] = a[i] + b[i];
//     }
//
// What it teaches: COALESCING. Thread i touches element i, so the 32 threads
// of a warp read 32 neighbouring floats of a (128 consecutive bytes, four
// 32-byte sectors), 32 of b, and write 32 of out: every byte the memory
// system fetches is used. The kernel does one add per 12 bytes moved, so it
// is limited by memory bandwidth, never by arithmetic.
//
// Thread-to-data mapping (CUDA terms):
//     i = blockIdx.x * blockDim.x + threadIdx.x      (Metal: thread_position_in_grid)
//     if (i < n) out[i] = a[i] + b[i];
// Metal launches exactly n threads; a CUDA grid is rounded up to whole blocks
// of 256, so the last block needs the bounds check.
//
// The check rounds the float64 reference to float32: a float32 add is
// correctly rounded, so out must equal float32(a + b) bit for bit (tol=0).

.version 8.0
.target sm_90
.address_size 64

.visible .entry vector_add(
	.param .u64 vector_add_param_0,         // float*       out
	.param .u64 vector_add_param_1,         // const float* a
	.param .u64 vector_add_param_2,         // const float* b
	.param .u32 vector_add_param_3          // unsigned     n
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<4>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<11>;

	// Load the parameters; pointers arrive as generic addresses and are
	// converted to global-space addresses once.
	ld.param.u64 	%rd1, [vector_add_param_0]; // out
	ld.param.u64 	%rd2, [vector_add_param_1]; // a
	ld.param.u64 	%rd3, [vector_add_param_2]; // b
	ld.param.u32 	%r1, [vector_add_param_3]; // n

	// i = blockIdx.x * blockDim.x + threadIdx.x
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %tid.x;
	mad.lo.s32 	%r5, %r2, %r3, %r4;

	// if (i >= n) return;   -- only the last block has threads past the end
	setp.ge.u32 	%p1, %r5, %r1;
	@%p1 bra 	DONE;

	cvta.to.global.u64 	%rd4, %rd1;
	cvta.to.global.u64 	%rd5, %rd2;
	cvta.to.global.u64 	%rd6, %rd3;

	// byte offset of element i: i * sizeof(float)
	mul.wide.u32 	%rd7, %r5, 4;

	// x = a[i]; y = b[i]
	add.s64 	%rd8, %rd5, %rd7;
	ld.global.f32 	%f1, [%rd8];
	add.s64 	%rd9, %rd6, %rd7;
	ld.global.f32 	%f2, [%rd9];

	// out[i] = x + y
	add.f32 	%f3, %f1, %f2;
	add.s64 	%rd10, %rd4, %rd7;
	st.global.f32 	[%rd10], %f3;

DONE:
	ret;
}
