//! size steps = 256
//! require steps >= 1
//! buffer out1 = zeros(32, dtype=int64)
//! buffer out2 = zeros(32, dtype=int64)
//! buffer out3 = zeros(32, dtype=int64)
//! buffer out4 = zeros(32, dtype=int64)
//! launch lat_i2f64 grid=1 block=32 args=(out1, steps, 0)
//! launch lat_i2f64 grid=1 block=32 args=(out2, 2 * steps, 0)
//! launch lat_f2i64 grid=1 block=32 args=(out3, steps, 0)
//! launch lat_f2i64 grid=1 block=32 args=(out4, 2 * steps, 0)
//! check out1 = zeros(32, dtype=int64) tol=0
//! check out2 = zeros(32, dtype=int64) tol=0
//! check out3 = zeros(32, dtype=int64) tol=0
//! check out4 = zeros(32, dtype=int64) tol=0

// Latency of the conversions between 64-bit integers and doubles (SASS I2F.F64.S64 and
// F2I.S64.F64), for the held-out pi_f64 (issue 7), whose I2F.F64.S64's reader waits in
// `short_scoreboard` on the H100, 80 of its samples against 4 issued (traces/h100/
// pc_sampling/pi_f64_source.csv.gz): a variable-latency conversion, where simgpu times
// cvt.rn.f64.s64 on the FP64 pipe at latency_fp64_cycles. One warp, 32 dependent
// conversions a step: lat_i2f64 converts the integer 0 to 0.0 and takes its bits back as
// the integer (mov.b64: no instruction), lat_f2i64 the double 0.0 to the integer 0 and its
// bits back, so the chain stays at 0 (out = 0). Two launches each (steps, 2 * steps):
//     latency = (cycles(2 * steps) - cycles(steps)) / (32 * steps)

.version 8.0
.target sm_90
.address_size 64

.visible .entry lat_i2f64(
	.param .u64 lat_i2f64_param_0,       // long long* out (one per lane)
	.param .u32 lat_i2f64_param_1,       // steps: loop iterations of 32 conversions
	.param .u64 lat_i2f64_param_2        // the start, 0 (a parameter, so ptxas cannot fold the chain)
)
{
	.reg .pred 	%p<2>;
	.reg .f64 	%fd<2>;
	.reg .b32 	%r<4>;
	.reg .b64 	%rd<5>;

	ld.param.u64 	%rd1, [lat_i2f64_param_0];
	ld.param.u32 	%r1, [lat_i2f64_param_1];
	ld.param.u64 	%rd4, [lat_i2f64_param_2];
	mov.b64 	%fd1, %rd4;
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, 0;
$L_loop:
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	cvt.rn.f64.s64 	%fd1, %rd4;
	mov.b64 	%rd4, %fd1;
	add.s32 	%r3, %r3, 1;
	setp.lt.u32 	%p1, %r3, %r1;
	@%p1 bra 	$L_loop;
	mov.b64 	%rd4, %fd1;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r2, 8;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u64 	[%rd3], %rd4;
	ret;
}

.visible .entry lat_f2i64(
	.param .u64 lat_f2i64_param_0,       // long long* out (one per lane)
	.param .u32 lat_f2i64_param_1,       // steps: loop iterations of 32 conversions
	.param .u64 lat_f2i64_param_2        // the start, 0 (a parameter, so ptxas cannot fold the chain)
)
{
	.reg .pred 	%p<2>;
	.reg .f64 	%fd<2>;
	.reg .b32 	%r<4>;
	.reg .b64 	%rd<5>;

	ld.param.u64 	%rd1, [lat_f2i64_param_0];
	ld.param.u32 	%r1, [lat_f2i64_param_1];
	ld.param.u64 	%rd4, [lat_f2i64_param_2];
	mov.b64 	%fd1, %rd4;
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, 0;
$L_loop:
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	cvt.rzi.s64.f64 	%rd4, %fd1;
	mov.b64 	%fd1, %rd4;
	add.s32 	%r3, %r3, 1;
	setp.lt.u32 	%p1, %r3, %r1;
	@%p1 bra 	$L_loop;
	mov.b64 	%rd4, %fd1;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r2, 8;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u64 	[%rd3], %rd4;
	ret;
}
