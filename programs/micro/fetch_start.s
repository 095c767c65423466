//! size steps = 1
//! buffer o1 = zeros(32)
//! buffer o2 = zeros(8 * 32)
//! buffer o3 = zeros(33 * 32)
//! buffer o4 = zeros(66 * 32)
//! buffer o5 = zeros(132 * 32)
//! buffer o6 = zeros(132 * 256)
//! buffer o7 = zeros(264 * 256)
//! buffer o8 = zeros(32)
//! buffer o9 = zeros(132 * 32)
//! buffer o10 = zeros(66 * 32)
//! launch start_tiny grid=1 block=32 args=(o1, 1.0)
//! launch start_tiny grid=8 block=32 args=(o2, 1.0)
//! launch start_tiny grid=33 block=32 args=(o3, 1.0)
//! launch start_tiny grid=66 block=32 args=(o4, 1.0)
//! launch start_tiny grid=132 block=32 args=(o5, 1.0)
//! launch start_tiny grid=132 block=256 args=(o6, 1.0)
//! launch start_tiny grid=264 block=256 args=(o7, 1.0)
//! launch start_16 grid=1 block=32 args=(o8, steps, 1.0, 1.0)
//! launch start_16 grid=132 block=32 args=(o9, steps, 1.0, 1.0)
//! launch start_16 grid=66 block=32 args=(o10, steps, 1.0, 1.0)
//! check o1 = arange(32) * 1.0 tol=0
//! check o2 = arange(8 * 32) * 1.0 tol=0
//! check o3 = arange(33 * 32) * 1.0 tol=0
//! check o4 = arange(66 * 32) * 1.0 tol=0
//! check o5 = arange(132 * 32) * 1.0 tol=0
//! check o6 = arange(132 * 256) * 1.0 tol=0
//! check o7 = arange(264 * 256) * 1.0 tol=0
//! check o8 = full(32, 128 * steps) tol=0
//! check o9 = full(132 * 32, 128 * steps) tol=0
//! check o10 = full(66 * 32, 128 * steps) tol=0

// Instruction fetch at kernel start, on few and on many SMs
// (simgpu/timing/fetch.py). Nsight Compute flushes the caches before each
// launch, so each launch starts cold. start_tiny is about one 128-byte line
// of SASS (each thread writes its index); start_16 is 16 lines (128
// independent fma.rn.f32, FFMA, in `steps` passes). One warp per SM on 1 to
// 132 SMs (a grid of up to 132 blocks takes one SM each), then 8 warps per SM
// and 2 blocks per SM: no_instruction warp-cycles per warp against the
// number of SMs that start at once and the lines of code, to tell a cost
// per line from a cost per start. tools/fetch_figures.py reads the record.

.version 8.0
.target sm_90
.address_size 64

.visible .entry start_tiny(
	.param .u64 start_tiny_param_0,      // float* out (one per thread)
	.param .f32 start_tiny_param_1       // scale (1.0)
)
{
	.reg .f32 	%f<3>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [start_tiny_param_0];
	ld.param.f32 	%f1, [start_tiny_param_1];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	cvt.rn.f32.u32 	%f2, %r4;
	mul.f32 	%f2, %f2, %f1;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r4, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f2;
	ret;
}

.visible .entry start_16(
	.param .u64 start_16_param_0,        // float* out (one per thread)
	.param .u32 start_16_param_1,        // steps: passes over the 128-instruction body
	.param .f32 start_16_param_2,        // a (1.0)
	.param .f32 start_16_param_3         // b (1.0)
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<12>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [start_16_param_0];
	ld.param.u32 	%r1, [start_16_param_1];
	ld.param.f32 	%f9, [start_16_param_2];
	ld.param.f32 	%f10, [start_16_param_3];
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r4, %ctaid.x;
	mov.u32 	%r5, %ntid.x;
	mad.lo.s32 	%r2, %r4, %r5, %r2;
	mov.f32 	%f1, 0f00000000;
	mov.f32 	%f2, 0f00000000;
	mov.f32 	%f3, 0f00000000;
	mov.f32 	%f4, 0f00000000;
	mov.f32 	%f5, 0f00000000;
	mov.f32 	%f6, 0f00000000;
	mov.f32 	%f7, 0f00000000;
	mov.f32 	%f8, 0f00000000;
	mov.u32 	%r3, 0;
$L_start_16:
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	fma.rn.f32 	%f1, %f1, %f9, %f10;
	fma.rn.f32 	%f2, %f2, %f9, %f10;
	fma.rn.f32 	%f3, %f3, %f9, %f10;
	fma.rn.f32 	%f4, %f4, %f9, %f10;
	fma.rn.f32 	%f5, %f5, %f9, %f10;
	fma.rn.f32 	%f6, %f6, %f9, %f10;
	fma.rn.f32 	%f7, %f7, %f9, %f10;
	fma.rn.f32 	%f8, %f8, %f9, %f10;
	add.s32 	%r3, %r3, 1;
	setp.lt.u32 	%p1, %r3, %r1;
	@%p1 bra 	$L_start_16;
	add.f32 	%f1, %f1, %f2;
	add.f32 	%f3, %f3, %f4;
	add.f32 	%f5, %f5, %f6;
	add.f32 	%f7, %f7, %f8;
	add.f32 	%f1, %f1, %f3;
	add.f32 	%f5, %f5, %f7;
	add.f32 	%f1, %f1, %f5;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r2, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f1;
	ret;
}
