//! buffer w8 = zeros(128, dtype=uint32)
//! buffer w8b = zeros(128, dtype=uint32)
//! buffer l4 = zeros(128, dtype=uint32)
//! buffer l4b = zeros(128, dtype=uint32)
//! buffer d2 = zeros(128, dtype=uint32)
//! buffer d2b = zeros(128, dtype=uint32)
//! buffer d4 = zeros(128, dtype=uint32)
//! buffer d4b = zeros(128, dtype=uint32)
//! buffer s2 = zeros(128, dtype=uint32)
//! buffer s2b = zeros(128, dtype=uint32)
//! buffer s32l4 = zeros(128, dtype=uint32)
//! buffer s32l4b = zeros(128, dtype=uint32)
//! buffer d8l4 = zeros(128, dtype=uint32)
//! buffer d8l4b = zeros(128, dtype=uint32)
//! buffer q4 = zeros(128, dtype=uint32)
//! buffer q4b = zeros(128, dtype=uint32)
//! buffer fl4 = zeros(128, dtype=float32)
//! buffer fl4b = zeros(128, dtype=float32)
//! buffer fd8l4 = zeros(128, dtype=float32)
//! buffer fd8l4b = zeros(128, dtype=float32)
//! buffer a1 = zeros(128, dtype=uint32)
//! buffer a1b = zeros(128, dtype=uint32)
//! buffer al4 = zeros(128, dtype=uint32)
//! buffer al4b = zeros(128, dtype=uint32)
//! buffer as32l4 = zeros(128, dtype=uint32)
//! buffer as32l4b = zeros(128, dtype=uint32)
//! launch red_mod_u32 grid=1056 block=32 args=(w8, 1, 0, 8, 1, 32)
//! launch red_mod_u32 grid=1056 block=32 args=(w8b, 1, 0, 8, 1, 8)
//! launch red_mod_u32 grid=1056 block=32 args=(l4, 1, 0, 4, 32, 32)
//! launch red_mod_u32 grid=1056 block=32 args=(l4b, 1, 0, 4, 32, 8)
//! launch red_mod_u32 grid=1056 block=32 args=(d2, 2, 1, 1, 0, 32)
//! launch red_mod_u32 grid=1056 block=32 args=(d2b, 2, 1, 1, 0, 8)
//! launch red_mod_u32 grid=1056 block=32 args=(d4, 4, 1, 1, 0, 32)
//! launch red_mod_u32 grid=1056 block=32 args=(d4b, 4, 1, 1, 0, 8)
//! launch red_mod_u32 grid=1056 block=32 args=(s2, 2, 0, 1, 0, 32)
//! launch red_mod_u32 grid=1056 block=32 args=(s2b, 2, 0, 1, 0, 8)
//! launch red_mod_u32 grid=1056 block=32 args=(s32l4, 32, 0, 4, 32, 32)
//! launch red_mod_u32 grid=1056 block=32 args=(s32l4b, 32, 0, 4, 32, 8)
//! launch red_mod_u32 grid=1056 block=32 args=(d8l4, 8, 1, 4, 32, 32)
//! launch red_mod_u32 grid=1056 block=32 args=(d8l4b, 8, 1, 4, 32, 8)
//! launch red_mod_u32 grid=1056 block=32 args=(q4, 1, 0, 4, 8, 32)
//! launch red_mod_u32 grid=1056 block=32 args=(q4b, 1, 0, 4, 8, 8)
//! launch red_mod_f32 grid=1056 block=32 args=(fl4, 1, 0, 4, 32, 32)
//! launch red_mod_f32 grid=1056 block=32 args=(fl4b, 1, 0, 4, 32, 8)
//! launch red_mod_f32 grid=1056 block=32 args=(fd8l4, 8, 1, 4, 32, 32)
//! launch red_mod_f32 grid=1056 block=32 args=(fd8l4b, 8, 1, 4, 32, 8)
//! launch atom_mod_u32 grid=1056 block=32 args=(a1, 1, 0, 1, 0, 32)
//! launch atom_mod_u32 grid=1056 block=32 args=(a1b, 1, 0, 1, 0, 8)
//! launch atom_mod_u32 grid=1056 block=32 args=(al4, 1, 0, 4, 32, 32)
//! launch atom_mod_u32 grid=1056 block=32 args=(al4b, 1, 0, 4, 32, 8)
//! launch atom_mod_u32 grid=1056 block=32 args=(as32l4, 32, 0, 4, 32, 32)
//! launch atom_mod_u32 grid=1056 block=32 args=(as32l4b, 32, 0, 4, 32, 8)
//! check w8 = where(arange(128) < 8, 132 * 32, 0).astype(uint32) tol=0
//! check w8b = where(arange(128) < 8, 132 * 8, 0).astype(uint32) tol=0
//! check l4 = where(arange(128) % 32 == 0, 264 * 32, 0).astype(uint32) tol=0
//! check l4b = where(arange(128) % 32 == 0, 264 * 8, 0).astype(uint32) tol=0
//! check d2 = where(arange(128) < 2, 1056 * 32, 0).astype(uint32) tol=0
//! check d2b = where(arange(128) < 2, 1056 * 8, 0).astype(uint32) tol=0
//! check d4 = where(arange(128) < 4, 1056 * 32, 0).astype(uint32) tol=0
//! check d4b = where(arange(128) < 4, 1056 * 8, 0).astype(uint32) tol=0
//! check s2 = where(arange(128) == 0, 2 * 1056 * 32, 0).astype(uint32) tol=0
//! check s2b = where(arange(128) == 0, 2 * 1056 * 8, 0).astype(uint32) tol=0
//! check s32l4 = where(arange(128) % 32 == 0, 32 * 264 * 32, 0).astype(uint32) tol=0
//! check s32l4b = where(arange(128) % 32 == 0, 32 * 264 * 8, 0).astype(uint32) tol=0
//! check d8l4 = where(arange(128) % 32 < 8, 264 * 32, 0).astype(uint32) tol=0
//! check d8l4b = where(arange(128) % 32 < 8, 264 * 8, 0).astype(uint32) tol=0
//! check q4 = where((arange(128) % 8 == 0) & (arange(128) < 32), 264 * 32, 0).astype(uint32) tol=0
//! check q4b = where((arange(128) % 8 == 0) & (arange(128) < 32), 264 * 8, 0).astype(uint32) tol=0
//! check fl4 = where(arange(128) % 32 == 0, 264 * 32, 0).astype(float32) tol=0
//! check fl4b = where(arange(128) % 32 == 0, 264 * 8, 0).astype(float32) tol=0
//! check fd8l4 = where(arange(128) % 32 < 8, 264 * 32, 0).astype(float32) tol=0
//! check fd8l4b = where(arange(128) % 32 < 8, 264 * 8, 0).astype(float32) tol=0
//! check a1 = where(arange(128) == 0, 1056 * 32, 0).astype(uint32) tol=0
//! check a1b = where(arange(128) == 0, 1056 * 8, 0).astype(uint32) tol=0
//! check al4 = where(arange(128) % 32 == 0, 264 * 32, 0).astype(uint32) tol=0
//! check al4b = where(arange(128) % 32 == 0, 264 * 8, 0).astype(uint32) tol=0
//! check as32l4 = where(arange(128) % 32 == 0, 32 * 264 * 32, 0).astype(uint32) tol=0
//! check as32l4b = where(arange(128) % 32 == 0, 32 * 264 * 8, 0).astype(uint32) tol=0
// Which L2 atomic operations queue behind each other (issue 7, after
// atomic_queue.s found one lane's adds into one word slower, 1.45 cycles a
// red, than 8 lanes' adds into 8 words of that sector, 1.15): warp w of
// 1,056 one-warp blocks adds 1 `reps` times (RED) from its first `lanes`
// lanes, lane l into word (w % wmod) * wstride + l * spread. Cases: one lane,
// warps spread over 8 words of one sector; one lane, warps over 4 lines of
// one 512-byte chunk (one unit); 2 and 4 words of a sector; 2 lanes on one
// word; 32 lanes on one word, warps over 4 lines of one unit (as memsys.json's
// atom_same_per_warp, whose units are faster than atomic_queue.s's 32 lanes
// on one word); 8 words of a sector, warps over 4 lines of one unit; one
// lane, warps over the 4 sectors of one line; then float adds (red_mod_f32,
// the same with float* and 1.0f): one lane, and 8 words of a sector, warps
// over 4 lines of one unit; then adds that return the old value (ATOM,
// atom_mod_u32: each lane sums what it gets back): one lane into one word,
// one lane and 32 lanes on one word, warps over 4 lines of one unit. Each
// case with 32 and 8 adds a warp: the difference over 1,056 x 24 is the
// unit's time a red with its queue full. Timed by the launches' cycles.
// nvcc -ptx -arch=sm_90 -O3 of this CUDA source:
//
//   extern "C" __global__ void red_mod_u32(unsigned* out, int lanes, int spread, int wmod, int wstride, int reps) {
//       int lane = threadIdx.x & 31;
//       if (lane >= lanes) return;
//       int w = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
//       unsigned* p = out + (w % wmod) * wstride + lane * spread;
//       for (int r = 0; r < reps; ++r) atomicAdd(p, 1u);
//   }
//   extern "C" __global__ void atom_mod_u32(unsigned* out, int lanes, int spread, int wmod, int wstride, int reps) {
//       ... as red_mod_u32, then
//       unsigned s = 0;
//       for (int r = 0; r < reps; ++r) s += atomicAdd(p, 1u);
//       if (s == 0xdeadbeefu) out[127] = s;
//   }
//
.version 9.0
.target sm_90
.address_size 64

	// .globl	red_mod_u32

.visible .entry red_mod_u32(
	.param .u64 red_mod_u32_param_0,
	.param .u32 red_mod_u32_param_1,
	.param .u32 red_mod_u32_param_2,
	.param .u32 red_mod_u32_param_3,
	.param .u32 red_mod_u32_param_4,
	.param .u32 red_mod_u32_param_5
)
{
	.reg .pred 	%p<7>;
	.reg .b32 	%r<30>;
	.reg .b64 	%rd<8>;


	ld.param.u64 	%rd2, [red_mod_u32_param_0];
	ld.param.u32 	%r13, [red_mod_u32_param_1];
	ld.param.u32 	%r9, [red_mod_u32_param_2];
	ld.param.u32 	%r10, [red_mod_u32_param_3];
	ld.param.u32 	%r11, [red_mod_u32_param_4];
	ld.param.u32 	%r12, [red_mod_u32_param_5];
	mov.u32 	%r1, %tid.x;
	and.b32  	%r2, %r1, 31;
	setp.ge.s32 	%p1, %r2, %r13;
	@%p1 bra 	$L__BB0_7;

	cvta.to.global.u64 	%rd3, %rd2;
	mov.u32 	%r14, %ntid.x;
	shr.u32 	%r15, %r14, 5;
	mov.u32 	%r16, %ctaid.x;
	shr.u32 	%r17, %r1, 5;
	mad.lo.s32 	%r18, %r15, %r16, %r17;
	rem.s32 	%r19, %r18, %r10;
	mul.lo.s32 	%r20, %r19, %r11;
	cvt.s64.s32 	%rd4, %r20;
	mul.lo.s32 	%r21, %r2, %r9;
	cvt.s64.s32 	%rd5, %r21;
	add.s64 	%rd6, %rd4, %rd5;
	shl.b64 	%rd7, %rd6, 2;
	add.s64 	%rd1, %rd3, %rd7;
	setp.lt.s32 	%p2, %r12, 1;
	@%p2 bra 	$L__BB0_7;

	add.s32 	%r22, %r12, -1;
	and.b32  	%r29, %r12, 3;
	setp.lt.u32 	%p3, %r22, 3;
	@%p3 bra 	$L__BB0_5;

	sub.s32 	%r28, %r12, %r29;

$L__BB0_4:
	atom.global.add.u32 	%r23, [%rd1], 1;
	atom.global.add.u32 	%r24, [%rd1], 1;
	atom.global.add.u32 	%r25, [%rd1], 1;
	atom.global.add.u32 	%r26, [%rd1], 1;
	add.s32 	%r28, %r28, -4;
	setp.ne.s32 	%p4, %r28, 0;
	@%p4 bra 	$L__BB0_4;

$L__BB0_5:
	setp.eq.s32 	%p5, %r29, 0;
	@%p5 bra 	$L__BB0_7;

$L__BB0_6:
	.pragma "nounroll";
	atom.global.add.u32 	%r27, [%rd1], 1;
	add.s32 	%r29, %r29, -1;
	setp.ne.s32 	%p6, %r29, 0;
	@%p6 bra 	$L__BB0_6;

$L__BB0_7:
	ret;

}
	// .globl	red_mod_f32
.visible .entry red_mod_f32(
	.param .u64 red_mod_f32_param_0,
	.param .u32 red_mod_f32_param_1,
	.param .u32 red_mod_f32_param_2,
	.param .u32 red_mod_f32_param_3,
	.param .u32 red_mod_f32_param_4,
	.param .u32 red_mod_f32_param_5
)
{
	.reg .pred 	%p<7>;
	.reg .f32 	%f<6>;
	.reg .b32 	%r<25>;
	.reg .b64 	%rd<8>;


	ld.param.u64 	%rd2, [red_mod_f32_param_0];
	ld.param.u32 	%r13, [red_mod_f32_param_1];
	ld.param.u32 	%r9, [red_mod_f32_param_2];
	ld.param.u32 	%r10, [red_mod_f32_param_3];
	ld.param.u32 	%r11, [red_mod_f32_param_4];
	ld.param.u32 	%r12, [red_mod_f32_param_5];
	mov.u32 	%r1, %tid.x;
	and.b32  	%r2, %r1, 31;
	setp.ge.s32 	%p1, %r2, %r13;
	@%p1 bra 	$L__BB1_7;

	cvta.to.global.u64 	%rd3, %rd2;
	mov.u32 	%r14, %ntid.x;
	shr.u32 	%r15, %r14, 5;
	mov.u32 	%r16, %ctaid.x;
	shr.u32 	%r17, %r1, 5;
	mad.lo.s32 	%r18, %r15, %r16, %r17;
	rem.s32 	%r19, %r18, %r10;
	mul.lo.s32 	%r20, %r19, %r11;
	cvt.s64.s32 	%rd4, %r20;
	mul.lo.s32 	%r21, %r2, %r9;
	cvt.s64.s32 	%rd5, %r21;
	add.s64 	%rd6, %rd4, %rd5;
	shl.b64 	%rd7, %rd6, 2;
	add.s64 	%rd1, %rd3, %rd7;
	setp.lt.s32 	%p2, %r12, 1;
	@%p2 bra 	$L__BB1_7;

	add.s32 	%r22, %r12, -1;
	and.b32  	%r24, %r12, 3;
	setp.lt.u32 	%p3, %r22, 3;
	@%p3 bra 	$L__BB1_5;

	sub.s32 	%r23, %r12, %r24;

$L__BB1_4:
	atom.global.add.f32 	%f1, [%rd1], 0f3F800000;
	atom.global.add.f32 	%f2, [%rd1], 0f3F800000;
	atom.global.add.f32 	%f3, [%rd1], 0f3F800000;
	atom.global.add.f32 	%f4, [%rd1], 0f3F800000;
	add.s32 	%r23, %r23, -4;
	setp.ne.s32 	%p4, %r23, 0;
	@%p4 bra 	$L__BB1_4;

$L__BB1_5:
	setp.eq.s32 	%p5, %r24, 0;
	@%p5 bra 	$L__BB1_7;

$L__BB1_6:
	.pragma "nounroll";
	atom.global.add.f32 	%f5, [%rd1], 0f3F800000;
	add.s32 	%r24, %r24, -1;
	setp.ne.s32 	%p6, %r24, 0;
	@%p6 bra 	$L__BB1_6;

$L__BB1_7:
	ret;

}
	// .globl	atom_mod_u32
.visible .entry atom_mod_u32(
	.param .u64 atom_mod_u32_param_0,
	.param .u32 atom_mod_u32_param_1,
	.param .u32 atom_mod_u32_param_2,
	.param .u32 atom_mod_u32_param_3,
	.param .u32 atom_mod_u32_param_4,
	.param .u32 atom_mod_u32_param_5
)
{
	.reg .pred 	%p<8>;
	.reg .b32 	%r<49>;
	.reg .b64 	%rd<8>;


	ld.param.u64 	%rd4, [atom_mod_u32_param_0];
	ld.param.u32 	%r20, [atom_mod_u32_param_1];
	ld.param.u32 	%r16, [atom_mod_u32_param_2];
	ld.param.u32 	%r17, [atom_mod_u32_param_3];
	ld.param.u32 	%r18, [atom_mod_u32_param_4];
	ld.param.u32 	%r19, [atom_mod_u32_param_5];
	cvta.to.global.u64 	%rd1, %rd4;
	mov.u32 	%r1, %tid.x;
	and.b32  	%r2, %r1, 31;
	setp.ge.s32 	%p1, %r2, %r20;
	@%p1 bra 	$L__BB2_9;

	mov.u32 	%r21, %ctaid.x;
	mov.u32 	%r22, %ntid.x;
	shr.u32 	%r23, %r22, 5;
	shr.u32 	%r24, %r1, 5;
	mad.lo.s32 	%r25, %r23, %r21, %r24;
	rem.s32 	%r26, %r25, %r17;
	mul.lo.s32 	%r27, %r26, %r18;
	cvt.s64.s32 	%rd5, %r27;
	mul.lo.s32 	%r28, %r2, %r16;
	cvt.s64.s32 	%rd6, %r28;
	add.s64 	%rd2, %rd5, %rd6;
	setp.lt.s32 	%p2, %r19, 1;
	@%p2 bra 	$L__BB2_9;

	shl.b64 	%rd7, %rd2, 2;
	add.s64 	%rd3, %rd1, %rd7;
	add.s32 	%r31, %r19, -1;
	and.b32  	%r47, %r19, 3;
	setp.lt.u32 	%p3, %r31, 3;
	mov.u32 	%r48, 0;
	@%p3 bra 	$L__BB2_5;

	sub.s32 	%r43, %r19, %r47;
	mov.u32 	%r48, 0;

$L__BB2_4:
	atom.global.add.u32 	%r33, [%rd3], 1;
	add.s32 	%r34, %r33, %r48;
	atom.global.add.u32 	%r35, [%rd3], 1;
	add.s32 	%r36, %r35, %r34;
	atom.global.add.u32 	%r37, [%rd3], 1;
	add.s32 	%r38, %r37, %r36;
	atom.global.add.u32 	%r39, [%rd3], 1;
	add.s32 	%r48, %r39, %r38;
	add.s32 	%r43, %r43, -4;
	setp.ne.s32 	%p4, %r43, 0;
	@%p4 bra 	$L__BB2_4;

$L__BB2_5:
	setp.eq.s32 	%p5, %r47, 0;
	@%p5 bra 	$L__BB2_7;

$L__BB2_6:
	.pragma "nounroll";
	atom.global.add.u32 	%r40, [%rd3], 1;
	add.s32 	%r48, %r40, %r48;
	add.s32 	%r47, %r47, -1;
	setp.ne.s32 	%p6, %r47, 0;
	@%p6 bra 	$L__BB2_6;

$L__BB2_7:
	setp.ne.s32 	%p7, %r48, -559038737;
	@%p7 bra 	$L__BB2_9;

	mov.u32 	%r41, -559038737;
	st.global.u32 	[%rd1+508], %r41;

$L__BB2_9:
	ret;

}

