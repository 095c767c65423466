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
// cvt.rn.f64.s64 on the FP64 pipe at latency_fp64_cycles (now latency_cvt64_cycles, this
// micro's 19.0 cycles a link on the H100: traces/h100/micro/micro_latency_cvt64*.json). One warp, 32 dependent
// conversions a step: lat_i2f64 converts the integer 0 to 0.0 and takes its bits back as
// the integer (mov.b64 into a register of its own: no instruction, in ptxas and in simgpu's
// lowering; the step's last, into the loop's register, is one in simgpu), lat_f2i64 the
// double 0.0 to the integer 0 and its bits back, so the chain stays at 0 (out = 0). Two
// launches each (steps, 2 * steps):
//     latency = (cycles(2 * steps) - cycles(steps)) / (32 * steps)
// (The first version, run once on an H100 on 2026-12-06 and not committed, carried nothing from
// one step to the next, so ptxas removed both loops: 256 and 512 steps took the same 4,300
// cycles. Each loop now ends with its chain's value in the register its next step reads.)

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
	.reg .f64 	%fd<232>;
	.reg .b32 	%r<4>;
	.reg .b64 	%rd<232>;

	ld.param.u64 	%rd1, [lat_i2f64_param_0];
	ld.param.u32 	%r1, [lat_i2f64_param_1];
	ld.param.u64 	%rd4, [lat_i2f64_param_2];
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, 0;
$L_loop:
	cvt.rn.f64.s64 	%fd100, %rd4;
	mov.b64 	%rd200, %fd100;
	cvt.rn.f64.s64 	%fd101, %rd200;
	mov.b64 	%rd201, %fd101;
	cvt.rn.f64.s64 	%fd102, %rd201;
	mov.b64 	%rd202, %fd102;
	cvt.rn.f64.s64 	%fd103, %rd202;
	mov.b64 	%rd203, %fd103;
	cvt.rn.f64.s64 	%fd104, %rd203;
	mov.b64 	%rd204, %fd104;
	cvt.rn.f64.s64 	%fd105, %rd204;
	mov.b64 	%rd205, %fd105;
	cvt.rn.f64.s64 	%fd106, %rd205;
	mov.b64 	%rd206, %fd106;
	cvt.rn.f64.s64 	%fd107, %rd206;
	mov.b64 	%rd207, %fd107;
	cvt.rn.f64.s64 	%fd108, %rd207;
	mov.b64 	%rd208, %fd108;
	cvt.rn.f64.s64 	%fd109, %rd208;
	mov.b64 	%rd209, %fd109;
	cvt.rn.f64.s64 	%fd110, %rd209;
	mov.b64 	%rd210, %fd110;
	cvt.rn.f64.s64 	%fd111, %rd210;
	mov.b64 	%rd211, %fd111;
	cvt.rn.f64.s64 	%fd112, %rd211;
	mov.b64 	%rd212, %fd112;
	cvt.rn.f64.s64 	%fd113, %rd212;
	mov.b64 	%rd213, %fd113;
	cvt.rn.f64.s64 	%fd114, %rd213;
	mov.b64 	%rd214, %fd114;
	cvt.rn.f64.s64 	%fd115, %rd214;
	mov.b64 	%rd215, %fd115;
	cvt.rn.f64.s64 	%fd116, %rd215;
	mov.b64 	%rd216, %fd116;
	cvt.rn.f64.s64 	%fd117, %rd216;
	mov.b64 	%rd217, %fd117;
	cvt.rn.f64.s64 	%fd118, %rd217;
	mov.b64 	%rd218, %fd118;
	cvt.rn.f64.s64 	%fd119, %rd218;
	mov.b64 	%rd219, %fd119;
	cvt.rn.f64.s64 	%fd120, %rd219;
	mov.b64 	%rd220, %fd120;
	cvt.rn.f64.s64 	%fd121, %rd220;
	mov.b64 	%rd221, %fd121;
	cvt.rn.f64.s64 	%fd122, %rd221;
	mov.b64 	%rd222, %fd122;
	cvt.rn.f64.s64 	%fd123, %rd222;
	mov.b64 	%rd223, %fd123;
	cvt.rn.f64.s64 	%fd124, %rd223;
	mov.b64 	%rd224, %fd124;
	cvt.rn.f64.s64 	%fd125, %rd224;
	mov.b64 	%rd225, %fd125;
	cvt.rn.f64.s64 	%fd126, %rd225;
	mov.b64 	%rd226, %fd126;
	cvt.rn.f64.s64 	%fd127, %rd226;
	mov.b64 	%rd227, %fd127;
	cvt.rn.f64.s64 	%fd128, %rd227;
	mov.b64 	%rd228, %fd128;
	cvt.rn.f64.s64 	%fd129, %rd228;
	mov.b64 	%rd229, %fd129;
	cvt.rn.f64.s64 	%fd130, %rd229;
	mov.b64 	%rd230, %fd130;
	cvt.rn.f64.s64 	%fd131, %rd230;
	mov.b64 	%rd4, %fd131;
	add.s32 	%r3, %r3, 1;
	setp.lt.u32 	%p1, %r3, %r1;
	@%p1 bra 	$L_loop;
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
	.reg .f64 	%fd<232>;
	.reg .b32 	%r<4>;
	.reg .b64 	%rd<232>;

	ld.param.u64 	%rd1, [lat_f2i64_param_0];
	ld.param.u32 	%r1, [lat_f2i64_param_1];
	ld.param.u64 	%rd4, [lat_f2i64_param_2];
	mov.b64 	%fd1, %rd4;
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, 0;
$L_loop:
	cvt.rzi.s64.f64 	%rd100, %fd1;
	mov.b64 	%fd200, %rd100;
	cvt.rzi.s64.f64 	%rd101, %fd200;
	mov.b64 	%fd201, %rd101;
	cvt.rzi.s64.f64 	%rd102, %fd201;
	mov.b64 	%fd202, %rd102;
	cvt.rzi.s64.f64 	%rd103, %fd202;
	mov.b64 	%fd203, %rd103;
	cvt.rzi.s64.f64 	%rd104, %fd203;
	mov.b64 	%fd204, %rd104;
	cvt.rzi.s64.f64 	%rd105, %fd204;
	mov.b64 	%fd205, %rd105;
	cvt.rzi.s64.f64 	%rd106, %fd205;
	mov.b64 	%fd206, %rd106;
	cvt.rzi.s64.f64 	%rd107, %fd206;
	mov.b64 	%fd207, %rd107;
	cvt.rzi.s64.f64 	%rd108, %fd207;
	mov.b64 	%fd208, %rd108;
	cvt.rzi.s64.f64 	%rd109, %fd208;
	mov.b64 	%fd209, %rd109;
	cvt.rzi.s64.f64 	%rd110, %fd209;
	mov.b64 	%fd210, %rd110;
	cvt.rzi.s64.f64 	%rd111, %fd210;
	mov.b64 	%fd211, %rd111;
	cvt.rzi.s64.f64 	%rd112, %fd211;
	mov.b64 	%fd212, %rd112;
	cvt.rzi.s64.f64 	%rd113, %fd212;
	mov.b64 	%fd213, %rd113;
	cvt.rzi.s64.f64 	%rd114, %fd213;
	mov.b64 	%fd214, %rd114;
	cvt.rzi.s64.f64 	%rd115, %fd214;
	mov.b64 	%fd215, %rd115;
	cvt.rzi.s64.f64 	%rd116, %fd215;
	mov.b64 	%fd216, %rd116;
	cvt.rzi.s64.f64 	%rd117, %fd216;
	mov.b64 	%fd217, %rd117;
	cvt.rzi.s64.f64 	%rd118, %fd217;
	mov.b64 	%fd218, %rd118;
	cvt.rzi.s64.f64 	%rd119, %fd218;
	mov.b64 	%fd219, %rd119;
	cvt.rzi.s64.f64 	%rd120, %fd219;
	mov.b64 	%fd220, %rd120;
	cvt.rzi.s64.f64 	%rd121, %fd220;
	mov.b64 	%fd221, %rd121;
	cvt.rzi.s64.f64 	%rd122, %fd221;
	mov.b64 	%fd222, %rd122;
	cvt.rzi.s64.f64 	%rd123, %fd222;
	mov.b64 	%fd223, %rd123;
	cvt.rzi.s64.f64 	%rd124, %fd223;
	mov.b64 	%fd224, %rd124;
	cvt.rzi.s64.f64 	%rd125, %fd224;
	mov.b64 	%fd225, %rd125;
	cvt.rzi.s64.f64 	%rd126, %fd225;
	mov.b64 	%fd226, %rd126;
	cvt.rzi.s64.f64 	%rd127, %fd226;
	mov.b64 	%fd227, %rd127;
	cvt.rzi.s64.f64 	%rd128, %fd227;
	mov.b64 	%fd228, %rd128;
	cvt.rzi.s64.f64 	%rd129, %fd228;
	mov.b64 	%fd229, %rd129;
	cvt.rzi.s64.f64 	%rd130, %fd229;
	mov.b64 	%fd230, %rd130;
	cvt.rzi.s64.f64 	%rd131, %fd230;
	mov.b64 	%fd1, %rd131;
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
