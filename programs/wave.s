//! size blocks = 264
//! size iters = 4096
//! require blocks >= 1 and iters >= 8 and iters % 8 == 0
//! require blocks * 128 + iters <= 2 ** 24
//! buffer out = zeros(blocks * 128)
//! launch wave grid=blocks block=128 shared=128 * 1024 args=(out, iters)
//! check out = arange(blocks * 128) + iters tol=0

// wave: `blocks` blocks of identical, fixed work -- a chain of `iters`
// dependent FMAs per thread, then one store -- sized so that exactly ONE
// block fits on an SM at a time.
//
// The CUDA it is written from:
//
//     __global__ void wave(float* out, unsigned iters) {
//         extern __shared__ float reserved[];     // 128 KB, never touched
//         unsigned i = blockIdx.x * 128 + threadIdx.x;
//         float x = (float)i;
//         for (unsigned k = 0; k < iters; k++)
//             x = fmaf(x, 1.0f, 1.0f);            // x += 1, one FMA at a time
//         out[i] = x;                             // = i + iters, exactly
//     }
//     // launched as wave<<<blocks, 128, 128 * 1024>>>(out, iters), after
//     // cudaFuncSetAttribute(wave, cudaFuncAttributeMaxDynamicSharedMemorySize,
//     //                      128 * 1024)  (more than 48 KB needs the opt-in)
//
// What it teaches: WAVES AND THE TAIL EFFECT. The GPU runs a grid by handing
// blocks to SMs; a block stays on its SM until it finishes, and an SM holds
// only as many blocks as its resources allow (here: one). With 132 SMs (the
// h100 config; 108 on a100) the grid runs in waves of 132 blocks:
//   blocks = 1 .. 132:   one wave  -- every block runs at once, and the run
//                        takes as long as ONE block (1 and 132 blocks take
//                        the same number of cycles: the other SMs were idle);
//   blocks = 133:        two waves -- the 133rd block starts when a first-wave
//                        block finishes, so the run takes TWICE as long, while
//                        131 SMs sit idle through the second wave (the tail);
//   blocks = 133 .. 264: still two waves, all the same time.
// Run time is a staircase in the block count with steps at multiples of the
// SM count. Try `simgpu run programs/wave.s --set blocks=132` and then
// `--set blocks=133` (and `--config a100` with 108 / 109); `simgpu run`
// prints the number of waves. The practical rule: size grids to whole waves,
// or to so many waves that the last partial one does not matter.
//
// The same staircase on a real H200 (132 SMs; CUDA events around one
// launch, median of 200, iters = 4096, 2026-11-29): 1 block 18.8 us,
// 132 blocks 19.2 us, 133 blocks 28.7 us, 264 blocks 28.8 us, 265 blocks
// 38.4 us -- a step of about 9.6 us (one block's 4,096 dependent FMAs) per
// wave, on top of the launch's fixed cost.
//
// Why exactly one block per SM: the launch asks for 128 KB of dynamic
// shared memory per block. An SM has 228 KB (h100) or 164 KB (a100) and each
// block also costs 1 KB reserved by the system, so a second block never fits
// (2 x 129 KB > 228 KB) while one always does (the per-block maximum is
// 227 KB or 163 KB). `simgpu run` reports "1 blocks/SM, limited by
// shared_memory". The kernel never touches the memory -- it only stands in
// for the tile a real kernel would keep there. Registers and warps would
// allow 16 such 128-thread blocks per SM.
//
// Why the work is a dependent chain: each FMA needs the previous result,
// so a warp issues one FMA per 4 cycles (the FP32 latency) no matter what
// else the SM does; with 4 warps per block, one per scheduler, no warp ever
// waits for another. A block's time is therefore fixed -- about 4 cycles per
// iteration plus the loop's start and the final store -- and identical on
// every SM, which makes the wave staircase exact in simgpu.
//
// The check is exact (tol=0): x starts at i and each FMA adds exactly 1.0
// (x * 1.0 + 1.0 is exact while x < 2^24, which the second `require` keeps),
// so out[i] = i + iters.
//
// Thread-to-data mapping (CUDA terms):
//     i = blockIdx.x * 128 + threadIdx.x    (the grid is exactly `blocks` x 128)
//
// How the PTX is arranged:
//   * the loop is unrolled by 8 (iters % 8 == 0): 8 dependent FMAs, then the
//     counter's add/setp/bra, which issue while the FMAs wait on each other;
//   * `.extern .shared ... reserved[]` (at module level, as nvcc puts
//     `extern __shared__`) names the dynamic shared memory; its size comes
//     from the launch's shared= bytes.

.version 8.0
.target sm_90
.address_size 64

// extern __shared__ float reserved[];  -- sized by the launch (128 KB)
.extern .shared .align 16 .b8 reserved[];

.visible .entry wave(
	.param .u64 wave_param_0,               // float*   out
	.param .u32 wave_param_1                // unsigned iters
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<2>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<6>;

	ld.param.u64 	%rd1, [wave_param_0]; // out
	ld.param.u32 	%r1, [wave_param_1]; // iters
	cvta.to.global.u64 	%rd2, %rd1;

	// i = blockIdx.x * 128 + threadIdx.x;  x = (float)i
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %tid.x;
	shl.b32 	%r4, %r2, 7;
	add.s32 	%r5, %r4, %r3;          // i
	cvt.rn.f32.u32 	%f1, %r5;           // x

	// trips = iters / 8  (iters >= 8, so at least one trip)
	shr.u32 	%r6, %r1, 3;

LOOP:
	// x = x * 1.0 + 1.0, eight times: each FMA waits for the one before
	fma.rn.f32 	%f1, %f1, 0f3F800000, 0f3F800000;   // 0f3F800000 = 1.0
	fma.rn.f32 	%f1, %f1, 0f3F800000, 0f3F800000;
	fma.rn.f32 	%f1, %f1, 0f3F800000, 0f3F800000;
	fma.rn.f32 	%f1, %f1, 0f3F800000, 0f3F800000;
	fma.rn.f32 	%f1, %f1, 0f3F800000, 0f3F800000;
	fma.rn.f32 	%f1, %f1, 0f3F800000, 0f3F800000;
	fma.rn.f32 	%f1, %f1, 0f3F800000, 0f3F800000;
	fma.rn.f32 	%f1, %f1, 0f3F800000, 0f3F800000;
	// while (--trips != 0)
	add.s32 	%r6, %r6, -1;
	setp.ne.s32 	%p1, %r6, 0;
	@%p1 bra 	LOOP;

	// out[i] = x   -- the block's one store: 128 consecutive floats
	mul.wide.u32 	%rd3, %r5, 4;
	add.s64 	%rd4, %rd2, %rd3;
	st.global.f32 	[%rd4], %f1;

	ret;
}
