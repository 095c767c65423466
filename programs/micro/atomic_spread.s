//! buffer a = zeros(32 * 16384, dtype=uint32)
//! buffer b = zeros(32 * 16384, dtype=uint32)
//! buffer c = zeros(32 * 16384, dtype=uint32)
//! buffer d = zeros(32 * 16384, dtype=uint32)
//! buffer e = zeros(32 * 16384, dtype=uint32)
//! buffer f = zeros(32 * 16384, dtype=uint32)
//! buffer g = zeros(32 * 16384, dtype=uint32)
//! launch red_spaced grid=264 block=256 args=(a, 8, 32)
//! launch red_spaced grid=264 block=256 args=(b, 8, 1024)
//! launch red_spaced grid=264 block=256 args=(c, 8, 16384)
//! launch red_spaced grid=264 block=256 args=(d, 2, 32)
//! launch red_spaced grid=264 block=256 args=(e, 2, 16384)
//! launch red_spaced grid=264 block=256 args=(f, 32, 32)
//! launch red_spaced grid=264 block=256 args=(g, 32, 16384)
//! check a = where((arange(32 * 16384) < 8 * 32), 264, 0).astype(uint32) tol=0
//! check b = where((arange(32 * 16384) % 1024 < 32) & (arange(32 * 16384) < 8 * 1024), 264, 0).astype(uint32) tol=0
//! check c = where((arange(32 * 16384) % 16384 < 32) & (arange(32 * 16384) < 8 * 16384), 264, 0).astype(uint32) tol=0
//! check d = where((arange(32 * 16384) < 2 * 32), 1056, 0).astype(uint32) tol=0
//! check f = where((arange(32 * 16384) < 32 * 32), 66, 0).astype(uint32) tol=0
//! check g = where((arange(32 * 16384) % 16384 < 32), 66, 0).astype(uint32) tol=0
// Which L2 atomic units a histogram's last adds share (issue 7): as
// atomic_lines.s, every warp adds 1 into the 32 words of one line
// (REDG.E.ADD, 4 sectors), 2,112 warps into 8 lines 128 bytes apart
// (atomic_lines.s's first launch), 4 KB apart and 64 KB apart; into 2
// lines 128 bytes and 64 KB apart; into 32 lines 128 bytes and 64 KB
// apart. If lines far apart finish sooner than neighbours, the neighbours
// share a unit; the 2-, 8- and 32-line launches give the rate per unit.
// nvcc -ptx -arch=sm_90 -O3 of this CUDA source:
//
//   extern "C" __global__ void red_spaced(unsigned* out, int lines, int space) {
//       int w = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
//       atomicAdd(&out[(w % lines) * space + (threadIdx.x & 31)], 1u);
//   }
//
//
.version 9.0
.target sm_90
.address_size 64

	// .globl	red_spaced

.visible .entry red_spaced(
	.param .u64 red_spaced_param_0,
	.param .u32 red_spaced_param_1,
	.param .u32 red_spaced_param_2
)
{
	.reg .b32 	%r<13>;
	.reg .b64 	%rd<5>;


	ld.param.u64 	%rd1, [red_spaced_param_0];
	ld.param.u32 	%r1, [red_spaced_param_1];
	ld.param.u32 	%r2, [red_spaced_param_2];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	shr.u32 	%r5, %r4, 5;
	mov.u32 	%r6, %tid.x;
	shr.u32 	%r7, %r6, 5;
	mad.lo.s32 	%r8, %r5, %r3, %r7;
	rem.s32 	%r9, %r8, %r1;
	and.b32  	%r10, %r6, 31;
	mad.lo.s32 	%r11, %r9, %r2, %r10;
	mul.wide.u32 	%rd3, %r11, 4;
	add.s64 	%rd4, %rd2, %rd3;
	atom.global.add.u32 	%r12, [%rd4], 1;
	ret;

}

