//! buffer o32 = zeros(4224 * 32)
//! buffer o128 = zeros(2112 * 128)
//! buffer o1024 = zeros(264 * 1024)
//! launch fill grid=132 block=32 args=(o32)
//! launch fill grid=264 block=32 args=(o32)
//! launch fill grid=528 block=32 args=(o32)
//! launch fill grid=1056 block=32 args=(o32)
//! launch fill grid=2112 block=32 args=(o32)
//! launch fill grid=4224 block=32 args=(o32)
//! launch fill grid=132 block=128 args=(o128)
//! launch fill grid=528 block=128 args=(o128)
//! launch fill grid=2112 block=128 args=(o128)
//! launch fill grid=132 block=1024 args=(o1024)
//! launch fill grid=264 block=1024 args=(o1024)
//! check o32 = ones(4224 * 32) tol=0
//! check o128 = ones(2112 * 128) tol=0
//! check o1024 = ones(264 * 1024) tol=0

// What starting a block costs: every thread writes one 1.0 and exits, in
// grids of 1 to 32 blocks per SM that are all resident at once (132 SMs; a
// block of 32 threads is one warp, 32 fit an SM; 16 of 128 threads; 2 of
// 1,024). The cycles against the number of blocks per SM, for blocks of one
// warp and of 4 and 32 warps, tell a cost per block (the SM or the grid's
// work distributor setting up each block) from a cost per warp or per byte
// stored. Nsight Compute flushes the caches before each launch.

.version 8.0
.target sm_90
.address_size 64

.visible .entry fill(
	.param .u64 fill_param_0             // float* out, one per thread of the grid
)
{
	.reg .f32 	%f<2>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [fill_param_0];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r4, 4;
	add.s64 	%rd3, %rd1, %rd2;
	mov.f32 	%f1, 0f3F800000;
	st.global.f32 	[%rd3], %f1;
	ret;
}
