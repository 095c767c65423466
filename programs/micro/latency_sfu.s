//! size steps = 256
//! require steps >= 1
//! buffer out1 = zeros(32)
//! buffer out2 = zeros(32)
//! buffer out3 = zeros(32)
//! buffer out4 = zeros(32)
//! launch lat_sfu_ex2 grid=1 block=32 args=(out1, steps, 1.0)
//! launch lat_sfu_ex2 grid=1 block=32 args=(out2, 2 * steps, 1.0)
//! launch lat_sfu_rsqrt grid=1 block=32 args=(out3, steps, 1.0)
//! launch lat_sfu_rsqrt grid=1 block=32 args=(out4, 2 * steps, 1.0)
//! check out1 = ones(32) tol=1e-6
//! check out2 = ones(32) tol=1e-6
//! check out3 = ones(32) tol=1e-6
//! check out4 = ones(32) tol=1e-6

// Latency of the special-function unit (SASS MUFU), for calibrating
// `latency_sfu_cycles`. One warp per launch, x starting at the parameter
// 1.0 (so ptxas cannot fold it):
//   lat_sfu_ex2:   x = ex2(lg2(x)), 16 pairs per iteration (MUFU.LG2,
//                  MUFU.EX2; lg2(1) = 0 and ex2(0) = 1, so x stays 1);
//   lat_sfu_rsqrt: x = rsqrt(x), 32 per iteration (MUFU.RSQ; 1 is its
//                  fixed point).
// The .ftz forms are single MUFU instructions (without .ftz ptxas adds
// denormal handling). Each kernel runs twice (steps, 2 * steps):
//     latency = (cycles(2 * steps) - cycles(steps)) / (32 * steps)

.version 8.0
.target sm_90
.address_size 64

.visible .entry lat_sfu_ex2(
	.param .u64 lat_sfu_ex2_param_0,    // float* out (one per lane)
	.param .u32 lat_sfu_ex2_param_1,    // steps: loop iterations of 16 lg2/ex2 pairs
	.param .f32 lat_sfu_ex2_param_2     // x0 (1.0)
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<2>;
	.reg .b32 	%r<4>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [lat_sfu_ex2_param_0];
	ld.param.u32 	%r1, [lat_sfu_ex2_param_1];
	ld.param.f32 	%f1, [lat_sfu_ex2_param_2];
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, 0;
$L_loop:
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	lg2.approx.ftz.f32 	%f1, %f1;
	ex2.approx.ftz.f32 	%f1, %f1;
	add.s32 	%r3, %r3, 1;
	setp.lt.u32 	%p1, %r3, %r1;
	@%p1 bra 	$L_loop;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r2, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f1;
	ret;
}

.visible .entry lat_sfu_rsqrt(
	.param .u64 lat_sfu_rsqrt_param_0,  // float* out (one per lane)
	.param .u32 lat_sfu_rsqrt_param_1,  // steps: loop iterations of 32 rsqrt
	.param .f32 lat_sfu_rsqrt_param_2   // x0 (1.0)
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<2>;
	.reg .b32 	%r<4>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [lat_sfu_rsqrt_param_0];
	ld.param.u32 	%r1, [lat_sfu_rsqrt_param_1];
	ld.param.f32 	%f1, [lat_sfu_rsqrt_param_2];
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, 0;
$L_loop:
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	rsqrt.approx.ftz.f32 	%f1, %f1;
	add.s32 	%r3, %r3, 1;
	setp.lt.u32 	%p1, %r3, %r1;
	@%p1 bra 	$L_loop;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r2, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f1;
	ret;
}
