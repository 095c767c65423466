//! size steps = 256
//! require steps >= 1 and steps * 32 + 32 <= 2 ** 24
//! buffer out1 = zeros(32)
//! buffer out2 = zeros(32)
//! launch lat_fp32 grid=1 block=32 args=(out1, steps, 1.0, 1.0)
//! launch lat_fp32 grid=1 block=32 args=(out2, 2 * steps, 1.0, 1.0)
//! check out1 = arange(32) + steps * 32 tol=0
//! check out2 = arange(32) + 2 * steps * 32 tol=0

// Latency of a dependent FP32 fused multiply-add (SASS FFMA), for calibrating
// `latency_fp32_cycles`. One warp runs x = x * a + b, 32 times per loop
// iteration, each FMA waiting for the previous one; a = b = 1.0 come in as
// parameters so ptxas cannot fold them, and x starts at the lane index, so
// out[lane] = lane + 32 * steps exactly (floats below 2^24).
//
// The recipe launches the kernel twice, with `steps` and `2 * steps`
// iterations: the difference of the two launches' cycles is steps x 32 FMAs,
// free of the launch cost and the prologue, so
//     latency = (cycles(2 * steps) - cycles(steps)) / (32 * steps)
// (tools/calibrate_h200.py; the loop's counter, compare and branch issue in
// the FMAs' shadow).

.version 8.0
.target sm_90
.address_size 64

.visible .entry lat_fp32(
	.param .u64 lat_fp32_param_0,       // float* out (one per lane)
	.param .u32 lat_fp32_param_1,       // steps: loop iterations of 32 FMAs
	.param .f32 lat_fp32_param_2,       // a (1.0)
	.param .f32 lat_fp32_param_3        // b (1.0)
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<4>;
	.reg .b32 	%r<4>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [lat_fp32_param_0];
	ld.param.u32 	%r1, [lat_fp32_param_1];
	ld.param.f32 	%f2, [lat_fp32_param_2];
	ld.param.f32 	%f3, [lat_fp32_param_3];
	mov.u32 	%r2, %tid.x;
	cvt.rn.f32.u32 	%f1, %r2;
	mov.u32 	%r3, 0;
$L_loop:
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	fma.rn.f32 	%f1, %f1, %f2, %f3;
	add.s32 	%r3, %r3, 1;
	setp.lt.u32 	%p1, %r3, %r1;
	@%p1 bra 	$L_loop;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r2, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f1;
	ret;
}
