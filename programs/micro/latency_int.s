//! size steps = 256
//! require steps >= 1
//! buffer out1 = zeros(32, dtype=uint32)
//! buffer out2 = zeros(32, dtype=uint32)
//! buffer out3 = zeros(32, dtype=uint32)
//! buffer out4 = zeros(32, dtype=uint32)
//! launch lat_int_add grid=1 block=32 args=(out1, steps, 1, 0)
//! launch lat_int_add grid=1 block=32 args=(out2, 2 * steps, 1, 0)
//! launch lat_int_mad grid=1 block=32 args=(out3, steps, 1, 1)
//! launch lat_int_mad grid=1 block=32 args=(out4, 2 * steps, 1, 1)
//! check out1 = arange(32) + steps * 16 tol=0
//! check out2 = arange(32) + 2 * steps * 16 tol=0
//! check out3 = arange(32) + steps * 32 tol=0
//! check out4 = arange(32) + 2 * steps * 32 tol=0

// Latencies of dependent integer instructions, for calibrating
// `latency_int_cycles`. One warp per launch, x starting at the lane index:
//   lat_int_add: x = (x + b) ^ c, 16 pairs per iteration (SASS IADD3 and
//     LOP3; alternating them keeps ptxas from summing the adds into one);
//     b = 1, c = 0 as parameters: out[lane] = lane + 16 * steps;
//   lat_int_mad: x = x * a + b, 32 per iteration (SASS IMAD); a = b = 1:
//     out[lane] = lane + 32 * steps.
// Each kernel runs twice (steps, 2 * steps):
//     latency = (cycles(2 * steps) - cycles(steps)) / (32 * steps)

.version 8.0
.target sm_90
.address_size 64

.visible .entry lat_int_add(
	.param .u64 lat_int_add_param_0,    // unsigned* out (one per lane)
	.param .u32 lat_int_add_param_1,    // steps: loop iterations of 16 add/xor pairs
	.param .u32 lat_int_add_param_2,    // b (1)
	.param .u32 lat_int_add_param_3     // c (0)
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [lat_int_add_param_0];
	ld.param.u32 	%r1, [lat_int_add_param_1];
	ld.param.u32 	%r4, [lat_int_add_param_2];
	ld.param.u32 	%r5, [lat_int_add_param_3];
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r6, %r2;
	mov.u32 	%r3, 0;
$L_loop:
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r6, %r6, %r4;
	xor.b32 	%r6, %r6, %r5;
	add.s32 	%r3, %r3, 1;
	setp.lt.u32 	%p1, %r3, %r1;
	@%p1 bra 	$L_loop;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r2, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r6;
	ret;
}

.visible .entry lat_int_mad(
	.param .u64 lat_int_mad_param_0,    // unsigned* out (one per lane)
	.param .u32 lat_int_mad_param_1,    // steps: loop iterations of 32 multiply-adds
	.param .u32 lat_int_mad_param_2,    // a (1)
	.param .u32 lat_int_mad_param_3     // b (1)
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [lat_int_mad_param_0];
	ld.param.u32 	%r1, [lat_int_mad_param_1];
	ld.param.u32 	%r4, [lat_int_mad_param_2];
	ld.param.u32 	%r5, [lat_int_mad_param_3];
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r6, %r2;
	mov.u32 	%r3, 0;
$L_loop:
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	mad.lo.s32 	%r6, %r6, %r4, %r5;
	add.s32 	%r3, %r3, 1;
	setp.lt.u32 	%p1, %r3, %r1;
	@%p1 bra 	$L_loop;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r2, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r6;
	ret;
}
