//! buffer d = zeros(1024, int32)
//! launch empty grid=1 block=32 args=(d)
//! launch empty grid=132 block=32 args=(d)
//! launch empty grid=1 block=32 args=(d)
//! launch empty grid=132 block=32 args=(d)
//! check d = zeros(1024, int32) tol=0

// The empty kernel of tools/measure_launch.py, whose Nsight Compute cycles
// (traces/h200/launch.json) are what every kernel pays around its blocks'
// work: `extern "C" __global__ void empty(int* p) { if (p == 0)
// p[threadIdx.x] = 1; }` (the store never happens: p is a real buffer), as
// `nvcc -ptx -arch=sm_90 -O3` writes it; the record's run compiled the same
// source with NVRTC. The same four launches: 1 block, 132, 1, 132.
// tools/launch_figures.py derives `launch_latency_cycles` as the measured
// cycles less what simgpu simulates of this kernel itself.

.version 8.0
.target sm_90
.address_size 64

.visible .entry empty(
	.param .u64 empty_param_0
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<3>;
	.reg .b64 	%rd<6>;

	ld.param.u64 	%rd1, [empty_param_0];
	setp.ne.s64 	%p1, %rd1, 0;
	@%p1 bra 	$L__BB0_2;

	mov.u32 	%r1, %tid.x;
	mul.wide.u32 	%rd2, %r1, 4;
	mov.u64 	%rd3, 0;
	cvta.to.global.u64 	%rd4, %rd3;
	add.s64 	%rd5, %rd4, %rd2;
	mov.u32 	%r2, 1;
	st.global.u32 	[%rd5], %r2;

$L__BB0_2:
	ret;
}
