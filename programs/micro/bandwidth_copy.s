//! size n = 1 << 16
//! require n >= 1024 and n % 1024 == 0
//! buffer a1 = rand(n, seed=1)
//! buffer out1 = zeros(n)
//! buffer a2 = rand(2 * n, seed=2)
//! buffer out2 = zeros(2 * n)
//! launch copy_v4 grid=n // 1024 block=256 args=(out1, a1, n // 4)
//! launch copy_v4 grid=2 * n // 1024 block=256 args=(out2, a2, n // 2)
//! check out1 = a1 tol=0
//! check out2 = a2 tol=0

// DRAM copy bandwidth, for calibrating `dram_bandwidth_gbs`: out = a, one
// 16-byte vector (4 floats) per thread, n floats in the first launch and 2n
// in the second, each launch with its own buffers (so neither finds the
// other's data in the L2). With n far beyond the L2 (tools/device_micro.sh:
// n = 2^26, 256 MB per array) the difference of the two launches moves
// 2 x 4 x n more bytes, free of the launch cost and the ramp:
//     bandwidth = 8 n / (time(launch 2) - time(launch 1))
// (Nsight's gpu__time_duration.sum; read + write, as the seed's copy figure).

.version 8.0
.target sm_90
.address_size 64

.visible .entry copy_v4(
	.param .u64 copy_v4_param_0,        // float4* out
	.param .u64 copy_v4_param_1,        // const float4* a
	.param .u32 copy_v4_param_2         // vectors (n / 4)
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<5>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<8>;

	ld.param.u64 	%rd1, [copy_v4_param_0];
	ld.param.u64 	%rd2, [copy_v4_param_1];
	ld.param.u32 	%r1, [copy_v4_param_2];
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mov.u32 	%r4, %tid.x;
	mad.lo.s32 	%r5, %r2, %r3, %r4;
	setp.ge.u32 	%p1, %r5, %r1;
	@%p1 bra 	$L_done;
	cvta.to.global.u64 	%rd1, %rd1;
	cvta.to.global.u64 	%rd2, %rd2;
	mul.wide.u32 	%rd3, %r5, 16;
	add.s64 	%rd4, %rd2, %rd3;
	ld.global.v4.f32 	{%f1, %f2, %f3, %f4}, [%rd4];
	add.s64 	%rd5, %rd1, %rd3;
	st.global.v4.f32 	[%rd5], {%f1, %f2, %f3, %f4};
$L_done:
	ret;
}
