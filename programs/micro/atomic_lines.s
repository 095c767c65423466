//! buffer ra = zeros(8 * 32, dtype=uint32)
//! buffer rb = zeros(2112 * 32, dtype=uint32)
//! buffer rc = zeros(32, dtype=uint32)
//! buffer rd = zeros(8 * 32, dtype=uint32)
//! buffer sa = zeros(8 * 32, dtype=uint32)
//! buffer sb = zeros(2112 * 32, dtype=uint32)
//! launch red_lines grid=264 block=256 args=(ra, 8)
//! launch red_lines grid=264 block=256 args=(rb, 2112)
//! launch red_lines grid=264 block=256 args=(rc, 1)
//! launch red_lines grid=1056 block=256 args=(rd, 8)
//! launch st_lines grid=264 block=256 args=(sa, 8)
//! launch st_lines grid=264 block=256 args=(sb, 2112)
//! check ra = full(8 * 32, 264, dtype=uint32) tol=0
//! check rb = ones(2112 * 32, dtype=uint32) tol=0
//! check rc = full(32, 2112, dtype=uint32) tol=0
//! check rd = full(8 * 32, 1056, dtype=uint32) tol=0
//! check sb = (arange(2112 * 32) // 32).astype(uint32) tol=0
// The end of a block-wide histogram (issue 7): every warp adds 1 into the
// 32 words of one line, as `atomicAdd(&hist[i], h[i])` does for 256 bins
// (REDG.E.ADD of 32 lanes on 32 consecutive words: 4 sectors, each a
// sector operation of the L2's atomic unit). 264 blocks of 8 warps send
// their 2,112 adds into 8 lines (264 each: the held-out histogram's end),
// into 2,112 lines of their own, into one line; 1,056 blocks into 8 lines
// (1,056 each); then the same kernel with plain stores (8 lines, 2,112
// lines). The cycles of the 8-line launches less the own-line one say how
// long a line's atomic unit takes for a 4-sector add, against
// atomic_tail.s's one-word adds (`l2_slice_atomic_ops_per_cycle`).
// nvcc -ptx -arch=sm_90 -O3 of this CUDA source:
//
//   extern "C" __global__ void red_lines(unsigned* out, int lines) {
//       int w = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
//       atomicAdd(&out[(w % lines) * 32 + (threadIdx.x & 31)], 1u);
//   }
//   extern "C" __global__ void st_lines(unsigned* out, int lines) {
//       int w = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
//       out[(w % lines) * 32 + (threadIdx.x & 31)] = w;
//   }
//
//
.version 9.0
.target sm_90
.address_size 64

	// .globl	red_lines

.visible .entry red_lines(
	.param .u64 red_lines_param_0,
	.param .u32 red_lines_param_1
)
{
	.reg .b32 	%r<12>;
	.reg .b64 	%rd<5>;


	ld.param.u64 	%rd1, [red_lines_param_0];
	ld.param.u32 	%r1, [red_lines_param_1];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	shr.u32 	%r4, %r3, 5;
	mov.u32 	%r5, %tid.x;
	shr.u32 	%r6, %r5, 5;
	mad.lo.s32 	%r7, %r4, %r2, %r6;
	rem.s32 	%r8, %r7, %r1;
	and.b32  	%r9, %r5, 31;
	bfi.b32 	%r10, %r8, %r9, 5, 27;
	mul.wide.u32 	%rd3, %r10, 4;
	add.s64 	%rd4, %rd2, %rd3;
	atom.global.add.u32 	%r11, [%rd4], 1;
	ret;

}
	// .globl	st_lines
.visible .entry st_lines(
	.param .u64 st_lines_param_0,
	.param .u32 st_lines_param_1
)
{
	.reg .b32 	%r<11>;
	.reg .b64 	%rd<5>;


	ld.param.u64 	%rd1, [st_lines_param_0];
	ld.param.u32 	%r1, [st_lines_param_1];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	shr.u32 	%r4, %r3, 5;
	mov.u32 	%r5, %tid.x;
	shr.u32 	%r6, %r5, 5;
	mad.lo.s32 	%r7, %r4, %r2, %r6;
	rem.s32 	%r8, %r7, %r1;
	and.b32  	%r9, %r5, 31;
	bfi.b32 	%r10, %r8, %r9, 5, 27;
	mul.wide.u32 	%rd3, %r10, 4;
	add.s64 	%rd4, %rd2, %rd3;
	st.global.u32 	[%rd4], %r7;
	ret;

}

