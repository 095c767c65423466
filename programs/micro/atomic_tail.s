//! buffer same = zeros(1)
//! buffer spread = zeros(1056 * 32)
//! buffer plain = zeros(1056 * 32)
//! buffer old = zeros(1056)
//! launch red_one grid=132 block=32 args=(same, 0)
//! launch red_one grid=132 block=32 args=(spread, 32)
//! launch st_one grid=132 block=32 args=(plain, 32)
//! launch red_one grid=1056 block=32 args=(same, 0)
//! launch red_one grid=1056 block=32 args=(spread, 32)
//! launch st_one grid=1056 block=32 args=(plain, 32)
//! launch atom_one grid=1056 block=32 args=(same, old)
//! check same = full(1, 132 + 1056 + 1056) tol=0
//! check spread = where(arange(1056 * 32) % 32 == 0, where(arange(1056 * 32) < 132 * 32, 2.0, 1.0), 0.0) tol=0
//! check plain = where(arange(1056 * 32) % 32 == 0, 1.0, 0.0) tol=0

// The end of a reduction: one thread of every block adds 1.0 into global
// memory, as reduce_sum's `atomicAdd(out, v)` does, and the block exits.
// red_one with stride 0 sends every block's add to the same word (the L2
// slice's atomic unit takes them one after another); with stride 32 each
// block has its own 128-byte line (spread over the slices); st_one is the
// same kernel with a plain store instead of the add. One block per SM (132
// blocks) and eight (1,056). atom_one is the same-word add that returns the
// old value (ATOM, not RED), whose warp waits for it before it exits.
// The cycles of the same-word launches less the spread ones say whether the
// serialised adds lengthen the kernel and by how much a block: the figure
// behind `l2_slice_atomic_ops_per_cycle` for one address.

.version 8.0
.target sm_90
.address_size 64

.visible .entry red_one(
	.param .u64 red_one_param_0,         // float* out
	.param .u32 red_one_param_1          // stride in floats between blocks' words
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<2>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [red_one_param_0];
	ld.param.u32 	%r1, [red_one_param_1];
	mov.u32 	%r2, %tid.x;
	setp.ne.s32 	%p1, %r2, 0;
	@%p1 bra 	$L__done;
	mov.u32 	%r3, %ctaid.x;
	mul.lo.s32 	%r4, %r3, %r1;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r4, 4;
	add.s64 	%rd3, %rd1, %rd2;
	mov.f32 	%f1, 0f3F800000;
	red.global.add.f32 	[%rd3], %f1;
$L__done:
	ret;
}

.visible .entry st_one(
	.param .u64 st_one_param_0,          // float* out
	.param .u32 st_one_param_1           // stride in floats between blocks' words
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<2>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [st_one_param_0];
	ld.param.u32 	%r1, [st_one_param_1];
	mov.u32 	%r2, %tid.x;
	setp.ne.s32 	%p1, %r2, 0;
	@%p1 bra 	$L__done;
	mov.u32 	%r3, %ctaid.x;
	mul.lo.s32 	%r4, %r3, %r1;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r4, 4;
	add.s64 	%rd3, %rd1, %rd2;
	mov.f32 	%f1, 0f3F800000;
	st.global.f32 	[%rd3], %f1;
$L__done:
	ret;
}

.visible .entry atom_one(
	.param .u64 atom_one_param_0,        // float* out (one word)
	.param .u64 atom_one_param_1         // float* old (one per block)
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<3>;
	.reg .b32 	%r<3>;
	.reg .b64 	%rd<5>;

	ld.param.u64 	%rd1, [atom_one_param_0];
	ld.param.u64 	%rd2, [atom_one_param_1];
	mov.u32 	%r1, %tid.x;
	setp.ne.s32 	%p1, %r1, 0;
	@%p1 bra 	$L__done;
	mov.u32 	%r2, %ctaid.x;
	cvta.to.global.u64 	%rd1, %rd1;
	cvta.to.global.u64 	%rd2, %rd2;
	mov.f32 	%f1, 0f3F800000;
	atom.global.add.f32 	%f2, [%rd1], %f1;
	mul.wide.u32 	%rd3, %r2, 4;
	add.s64 	%rd4, %rd2, %rd3;
	st.global.f32 	[%rd4], %f2;
$L__done:
	ret;
}
