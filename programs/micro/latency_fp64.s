//! size steps = 256
//! require steps >= 1
//! buffer out1 = zeros(32, dtype=float64)
//! buffer out2 = zeros(32, dtype=float64)
//! launch lat_fp64 grid=1 block=32 args=(out1, steps, 1.0, 1.0)
//! launch lat_fp64 grid=1 block=32 args=(out2, 2 * steps, 1.0, 1.0)
//! check out1 = arange(32) + steps * 32 tol=0
//! check out2 = arange(32) + 2 * steps * 32 tol=0

// Latency of a dependent FP64 fused multiply-add (SASS DFMA), for calibrating
// `latency_fp64_cycles`: one warp, x = x * a + b 32 times per iteration,
// a = b = 1.0 as parameters, out[lane] = lane + 32 * steps exactly.
// Two launches (steps, 2 * steps):
//     latency = (cycles(2 * steps) - cycles(steps)) / (32 * steps)

.version 8.0
.target sm_90
.address_size 64

.visible .entry lat_fp64(
	.param .u64 lat_fp64_param_0,       // double* out (one per lane)
	.param .u32 lat_fp64_param_1,       // steps: loop iterations of 32 FMAs
	.param .f64 lat_fp64_param_2,       // a (1.0)
	.param .f64 lat_fp64_param_3        // b (1.0)
)
{
	.reg .pred 	%p<2>;
	.reg .f64 	%fd<4>;
	.reg .b32 	%r<4>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [lat_fp64_param_0];
	ld.param.u32 	%r1, [lat_fp64_param_1];
	ld.param.f64 	%fd2, [lat_fp64_param_2];
	ld.param.f64 	%fd3, [lat_fp64_param_3];
	mov.u32 	%r2, %tid.x;
	cvt.rn.f64.u32 	%fd1, %r2;
	mov.u32 	%r3, 0;
$L_loop:
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	fma.rn.f64 	%fd1, %fd1, %fd2, %fd3;
	add.s32 	%r3, %r3, 1;
	setp.lt.u32 	%p1, %r3, %r1;
	@%p1 bra 	$L_loop;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r2, 8;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f64 	[%rd3], %fd1;
	ret;
}
