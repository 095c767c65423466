//! size steps = 256
//! require steps >= 1
//! buffer out1 = zeros(32, dtype=uint32)
//! buffer out2 = zeros(32, dtype=uint32)
//! launch lat_shfl grid=1 block=32 args=(out1, steps)
//! launch lat_shfl grid=1 block=32 args=(out2, 2 * steps)
//! check out1 = arange(32) tol=0
//! check out2 = arange(32) tol=0

// Latency of a dependent warp shuffle (SASS SHFL.BFLY): one warp swaps x
// with the neighbouring lane (butterfly, lane mask 1) 32 times per
// iteration, each shuffle reading the previous one's result; an even number
// of swaps gives every lane its own index back. Two launches (steps,
// 2 * steps):
//     latency = (cycles(2 * steps) - cycles(steps)) / (32 * steps)
// simgpu has no config key of its own for it (a shuffle takes
// `latency_shared_cycles`); tools/calibrate_h200.py prints it as a comment.

.version 8.0
.target sm_90
.address_size 64

.visible .entry lat_shfl(
	.param .u64 lat_shfl_param_0,       // unsigned* out (one per lane)
	.param .u32 lat_shfl_param_1        // steps: loop iterations of 32 shuffles
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [lat_shfl_param_0];
	ld.param.u32 	%r1, [lat_shfl_param_1];
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r6, %r2;
	mov.u32 	%r3, 0;
$L_loop:
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	shfl.sync.bfly.b32 	%r6, %r6, 1, 31, -1;
	add.s32 	%r3, %r3, 1;
	setp.lt.u32 	%p1, %r3, %r1;
	@%p1 bra 	$L_loop;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r2, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r6;
	ret;
}
