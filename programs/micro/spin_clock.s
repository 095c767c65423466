//! buffer l0 = zeros(2, dtype=uint32)
//! buffer l1 = zeros(2, dtype=uint32)
//! buffer l2 = zeros(2, dtype=uint32)
//! buffer l3 = zeros(2, dtype=uint32)
//! buffer l4 = zeros(2, dtype=uint32)
//! buffer l5 = zeros(2, dtype=uint32)
//! buffer l6 = zeros(2, dtype=uint32)
//! buffer m0 = zeros(2 * 132, dtype=uint32)
//! buffer m1 = zeros(2 * 132, dtype=uint32)
//! buffer m2 = zeros(2 * 132, dtype=uint32)
//! buffer m3 = zeros(2 * 132, dtype=uint32)
//! buffer m4 = zeros(2 * 132, dtype=uint32)
//! buffer m5 = zeros(2 * 132, dtype=uint32)
//! buffer m6 = zeros(2 * 132, dtype=uint32)
//! launch spin_clock grid=1 block=32 args=(l0, 0)
//! launch spin_clock grid=1 block=32 args=(l1, 1000)
//! launch spin_clock grid=1 block=32 args=(l2, 2000)
//! launch spin_clock grid=1 block=32 args=(l3, 4000)
//! launch spin_clock grid=1 block=32 args=(l4, 8000)
//! launch spin_clock grid=1 block=32 args=(l5, 16000)
//! launch spin_clock grid=1 block=32 args=(l6, 64000)
//! launch spin_clock grid=132 block=32 args=(m0, 0)
//! launch spin_clock grid=132 block=32 args=(m1, 1000)
//! launch spin_clock grid=132 block=32 args=(m2, 2000)
//! launch spin_clock grid=132 block=32 args=(m3, 4000)
//! launch spin_clock grid=132 block=32 args=(m4, 8000)
//! launch spin_clock grid=132 block=32 args=(m5, 16000)
//! launch spin_clock grid=132 block=32 args=(m6, 64000)
// Is a kernel's fixed start and end cost a prefix, or part of it overlapped
// with the kernel's own work (issue 7)? The empty kernel takes 2,970
// cycles on the H200 (`launch_latency_cycles` is that less simgpu's own
// run of it), yet matmul_clock.s's kernel is only 1,300-2,100 cycles
// longer than its slowest warp's loop. Here one warp per block spins on
// %clock64 for at least CYCLES cycles and lane 0 stores the clock's low
// half at its start and the cycles it spun (l?/m?[2 * block], [2 * block +
// 1]); one block (l0..l6) and 132 blocks (m0..m6), CYCLES = 0, 1,000,
// 2,000, 4,000, 8,000, 16,000 and 64,000. The kernel's cycles
// (gpc__cycles_elapsed.max) less the cycles spun is the cost outside the
// warps' work: constant if it is a prefix, shrinking if it overlaps.
// nvcc -ptx -arch=sm_90 -O3 of this CUDA source:
//
//   extern "C" __global__ void spin_clock(unsigned* lat, long long cycles) {
//       long long start = clock64(), now = start;
//       while (now - start < cycles) now = clock64();
//       if (threadIdx.x == 0) {
//           lat[2 * blockIdx.x] = (unsigned)start;
//           lat[2 * blockIdx.x + 1] = (unsigned)(now - start);
//       }
//   }
//
//
.version 9.0
.target sm_90
.address_size 64

	// .globl	spin_clock

.visible .entry spin_clock(
	.param .u64 spin_clock_param_0,
	.param .u64 spin_clock_param_1
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<10>;


	ld.param.u64 	%rd3, [spin_clock_param_0];
	ld.param.u64 	%rd4, [spin_clock_param_1];
	// begin inline asm
	mov.u64 	%rd5, %clock64;
	// end inline asm
	setp.lt.s64 	%p1, %rd4, 1;
	mov.u32 	%r7, 0;
	@%p1 bra 	$L__BB0_3;

$L__BB0_1:
	// begin inline asm
	mov.u64 	%rd6, %clock64;
	// end inline asm
	sub.s64 	%rd2, %rd6, %rd5;
	setp.lt.s64 	%p2, %rd2, %rd4;
	@%p2 bra 	$L__BB0_1;

	cvt.u32.u64 	%r7, %rd2;

$L__BB0_3:
	mov.u32 	%r4, %tid.x;
	setp.ne.s32 	%p3, %r4, 0;
	@%p3 bra 	$L__BB0_5;

	mov.u32 	%r5, %ctaid.x;
	shl.b32 	%r6, %r5, 1;
	cvta.to.global.u64 	%rd7, %rd3;
	mul.wide.u32 	%rd8, %r6, 4;
	add.s64 	%rd9, %rd7, %rd8;
	st.global.u32 	[%rd9], %rd5;
	st.global.u32 	[%rd9+4], %r7;

$L__BB0_5:
	ret;

}

