//! buffer x = full(72 * 1024 * 1024 // 4, 1.0)
//! buffer out = zeros(115 * 32)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 4, 8, 0)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 5, 8, 1)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 6, 8, 2)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 8, 8, 3)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 9, 8, 4)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 16, 8, 5)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 17, 8, 6)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 32, 8, 7)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 33, 8, 8)
//! launch l1_sets grid=1 block=32 args=(x, out, 16, 4, 8, 9)
//! launch l1_sets grid=1 block=32 args=(x, out, 16, 5, 8, 10)
//! launch l1_sets grid=1 block=32 args=(x, out, 16, 6, 8, 11)
//! launch l1_sets grid=1 block=32 args=(x, out, 16, 8, 8, 12)
//! launch l1_sets grid=1 block=32 args=(x, out, 16, 9, 8, 13)
//! launch l1_sets grid=1 block=32 args=(x, out, 16, 16, 8, 14)
//! launch l1_sets grid=1 block=32 args=(x, out, 16, 17, 8, 15)
//! launch l1_sets grid=1 block=32 args=(x, out, 16, 32, 8, 16)
//! launch l1_sets grid=1 block=32 args=(x, out, 16, 33, 8, 17)
//! launch l1_sets grid=1 block=32 args=(x, out, 32, 4, 8, 18)
//! launch l1_sets grid=1 block=32 args=(x, out, 32, 5, 8, 19)
//! launch l1_sets grid=1 block=32 args=(x, out, 32, 6, 8, 20)
//! launch l1_sets grid=1 block=32 args=(x, out, 32, 8, 8, 21)
//! launch l1_sets grid=1 block=32 args=(x, out, 32, 9, 8, 22)
//! launch l1_sets grid=1 block=32 args=(x, out, 32, 16, 8, 23)
//! launch l1_sets grid=1 block=32 args=(x, out, 32, 17, 8, 24)
//! launch l1_sets grid=1 block=32 args=(x, out, 32, 32, 8, 25)
//! launch l1_sets grid=1 block=32 args=(x, out, 32, 33, 8, 26)
//! launch l1_sets grid=1 block=32 args=(x, out, 64, 4, 8, 27)
//! launch l1_sets grid=1 block=32 args=(x, out, 64, 5, 8, 28)
//! launch l1_sets grid=1 block=32 args=(x, out, 64, 6, 8, 29)
//! launch l1_sets grid=1 block=32 args=(x, out, 64, 8, 8, 30)
//! launch l1_sets grid=1 block=32 args=(x, out, 64, 9, 8, 31)
//! launch l1_sets grid=1 block=32 args=(x, out, 64, 16, 8, 32)
//! launch l1_sets grid=1 block=32 args=(x, out, 64, 17, 8, 33)
//! launch l1_sets grid=1 block=32 args=(x, out, 64, 32, 8, 34)
//! launch l1_sets grid=1 block=32 args=(x, out, 64, 33, 8, 35)
//! launch l1_sets grid=1 block=32 args=(x, out, 128, 4, 8, 36)
//! launch l1_sets grid=1 block=32 args=(x, out, 128, 5, 8, 37)
//! launch l1_sets grid=1 block=32 args=(x, out, 128, 6, 8, 38)
//! launch l1_sets grid=1 block=32 args=(x, out, 128, 8, 8, 39)
//! launch l1_sets grid=1 block=32 args=(x, out, 128, 9, 8, 40)
//! launch l1_sets grid=1 block=32 args=(x, out, 128, 16, 8, 41)
//! launch l1_sets grid=1 block=32 args=(x, out, 128, 17, 8, 42)
//! launch l1_sets grid=1 block=32 args=(x, out, 128, 32, 8, 43)
//! launch l1_sets grid=1 block=32 args=(x, out, 128, 33, 8, 44)
//! launch l1_sets grid=1 block=32 args=(x, out, 256, 4, 8, 45)
//! launch l1_sets grid=1 block=32 args=(x, out, 256, 5, 8, 46)
//! launch l1_sets grid=1 block=32 args=(x, out, 256, 6, 8, 47)
//! launch l1_sets grid=1 block=32 args=(x, out, 256, 8, 8, 48)
//! launch l1_sets grid=1 block=32 args=(x, out, 256, 9, 8, 49)
//! launch l1_sets grid=1 block=32 args=(x, out, 256, 16, 8, 50)
//! launch l1_sets grid=1 block=32 args=(x, out, 256, 17, 8, 51)
//! launch l1_sets grid=1 block=32 args=(x, out, 256, 32, 8, 52)
//! launch l1_sets grid=1 block=32 args=(x, out, 256, 33, 8, 53)
//! launch l1_sets grid=1 block=32 args=(x, out, 512, 4, 8, 54)
//! launch l1_sets grid=1 block=32 args=(x, out, 512, 5, 8, 55)
//! launch l1_sets grid=1 block=32 args=(x, out, 512, 6, 8, 56)
//! launch l1_sets grid=1 block=32 args=(x, out, 512, 8, 8, 57)
//! launch l1_sets grid=1 block=32 args=(x, out, 512, 9, 8, 58)
//! launch l1_sets grid=1 block=32 args=(x, out, 512, 16, 8, 59)
//! launch l1_sets grid=1 block=32 args=(x, out, 512, 17, 8, 60)
//! launch l1_sets grid=1 block=32 args=(x, out, 512, 32, 8, 61)
//! launch l1_sets grid=1 block=32 args=(x, out, 512, 33, 8, 62)
//! launch l1_sets grid=1 block=32 args=(x, out, 1024, 4, 8, 63)
//! launch l1_sets grid=1 block=32 args=(x, out, 1024, 5, 8, 64)
//! launch l1_sets grid=1 block=32 args=(x, out, 1024, 6, 8, 65)
//! launch l1_sets grid=1 block=32 args=(x, out, 1024, 8, 8, 66)
//! launch l1_sets grid=1 block=32 args=(x, out, 1024, 9, 8, 67)
//! launch l1_sets grid=1 block=32 args=(x, out, 1024, 16, 8, 68)
//! launch l1_sets grid=1 block=32 args=(x, out, 1024, 17, 8, 69)
//! launch l1_sets grid=1 block=32 args=(x, out, 1024, 32, 8, 70)
//! launch l1_sets grid=1 block=32 args=(x, out, 1024, 33, 8, 71)
//! launch l1_sets grid=1 block=32 args=(x, out, 2048, 4, 8, 72)
//! launch l1_sets grid=1 block=32 args=(x, out, 2048, 5, 8, 73)
//! launch l1_sets grid=1 block=32 args=(x, out, 2048, 6, 8, 74)
//! launch l1_sets grid=1 block=32 args=(x, out, 2048, 8, 8, 75)
//! launch l1_sets grid=1 block=32 args=(x, out, 2048, 9, 8, 76)
//! launch l1_sets grid=1 block=32 args=(x, out, 2048, 16, 8, 77)
//! launch l1_sets grid=1 block=32 args=(x, out, 2048, 17, 8, 78)
//! launch l1_sets grid=1 block=32 args=(x, out, 2048, 32, 8, 79)
//! launch l1_sets grid=1 block=32 args=(x, out, 2048, 33, 8, 80)
//! launch l1_sets grid=1 block=32 args=(x, out, 4096, 4, 8, 81)
//! launch l1_sets grid=1 block=32 args=(x, out, 4096, 5, 8, 82)
//! launch l1_sets grid=1 block=32 args=(x, out, 4096, 6, 8, 83)
//! launch l1_sets grid=1 block=32 args=(x, out, 4096, 8, 8, 84)
//! launch l1_sets grid=1 block=32 args=(x, out, 4096, 9, 8, 85)
//! launch l1_sets grid=1 block=32 args=(x, out, 4096, 16, 8, 86)
//! launch l1_sets grid=1 block=32 args=(x, out, 4096, 17, 8, 87)
//! launch l1_sets grid=1 block=32 args=(x, out, 4096, 32, 8, 88)
//! launch l1_sets grid=1 block=32 args=(x, out, 4096, 33, 8, 89)
//! launch l1_sets grid=1 block=32 args=(x, out, 8192, 4, 8, 90)
//! launch l1_sets grid=1 block=32 args=(x, out, 8192, 5, 8, 91)
//! launch l1_sets grid=1 block=32 args=(x, out, 8192, 6, 8, 92)
//! launch l1_sets grid=1 block=32 args=(x, out, 8192, 8, 8, 93)
//! launch l1_sets grid=1 block=32 args=(x, out, 8192, 9, 8, 94)
//! launch l1_sets grid=1 block=32 args=(x, out, 8192, 16, 8, 95)
//! launch l1_sets grid=1 block=32 args=(x, out, 8192, 17, 8, 96)
//! launch l1_sets grid=1 block=32 args=(x, out, 8192, 32, 8, 97)
//! launch l1_sets grid=1 block=32 args=(x, out, 8192, 33, 8, 98)
//! launch l1_sets grid=1 block=32 args=(x, out, 16384, 4, 8, 99)
//! launch l1_sets grid=1 block=32 args=(x, out, 16384, 5, 8, 100)
//! launch l1_sets grid=1 block=32 args=(x, out, 16384, 6, 8, 101)
//! launch l1_sets grid=1 block=32 args=(x, out, 16384, 8, 8, 102)
//! launch l1_sets grid=1 block=32 args=(x, out, 16384, 9, 8, 103)
//! launch l1_sets grid=1 block=32 args=(x, out, 16384, 16, 8, 104)
//! launch l1_sets grid=1 block=32 args=(x, out, 16384, 17, 8, 105)
//! launch l1_sets grid=1 block=32 args=(x, out, 16384, 32, 8, 106)
//! launch l1_sets grid=1 block=32 args=(x, out, 16384, 33, 8, 107)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 1536, 4, 108)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 1792, 4, 109)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 1920, 4, 110)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 1984, 4, 111)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 2048, 4, 112)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 2112, 4, 113)
//! launch l1_sets grid=1 block=32 args=(x, out, 1, 2176, 4, 114)
//! check out = full(115 * 32, 1.0) tol=1e-6
// The L1's sets and ways (issue 7): one warp on one SM reads k lines
// `stride` lines apart (each lane a word: a request of 4 sectors), in order,
// `reps` times over (ld.global.ca in asm volatile, so none is merged away);
// Nsight Compute's l1tex__t_sector_hit_rate says whether the k lines stay
// in the L1 between rounds (all hits but the first round's: (reps - 1) /
// reps, less the final store's 4 sectors) or evict each other (none). Over
// strides of 1 to 16,384 lines and k = 4 to 33 it shows which strides put
// lines into one set and how many a set holds; k = 1,536 to 2,176 lines in
// a row, the L1's capacity at this launch's carve-out (no shared memory).
// programs/micro/row_place.s found stores allocating in the L1 and rows'
// places deciding how many of layernorm_warp's reloads miss: this says
// which geometry does that. tools/l1_sets_figures.py prints each launch's
// hit rate next to simgpu's.
// nvcc -ptx -arch=sm_90 -O3 of this CUDA source:
//
//   extern "C" __global__ void l1_sets(const float* buf, float* out, int stride_lines, int k, int reps, int idx) {
//       int lane = threadIdx.x & 31;
//       float s = 0.f;
//       for (int r = 0; r < reps; r++)
//           for (int j = 0; j < k; j++) {
//               float v;
//               const float* p = buf + (long)j * stride_lines * 32 + lane;
//               asm volatile("ld.global.ca.f32 %0, [%1];" : "=f"(v) : "l"(p));
//               s += v;
//           }
//       out[idx * 32 + lane] = s / (float)(reps * k);
//   }
//
//
// Generated by NVIDIA NVVM Compiler
//
// Compiler Build ID: CL-36424714
// Cuda compilation tools, release 13.0, V13.0.88
// Based on NVVM 7.0.1
//

.version 9.0
.target sm_90
.address_size 64

	// .globl	l1_sets

.visible .entry l1_sets(
	.param .u64 l1_sets_param_0,
	.param .u64 l1_sets_param_1,
	.param .u32 l1_sets_param_2,
	.param .u32 l1_sets_param_3,
	.param .u32 l1_sets_param_4,
	.param .u32 l1_sets_param_5
)
{
	.reg .pred 	%p<9>;
	.reg .f32 	%f<32>;
	.reg .b32 	%r<29>;
	.reg .b64 	%rd<33>;


	ld.param.u64 	%rd7, [l1_sets_param_0];
	ld.param.u64 	%rd8, [l1_sets_param_1];
	ld.param.u32 	%r12, [l1_sets_param_2];
	ld.param.u32 	%r13, [l1_sets_param_3];
	ld.param.u32 	%r14, [l1_sets_param_4];
	ld.param.u32 	%r15, [l1_sets_param_5];
	mov.u32 	%r16, %tid.x;
	and.b32  	%r1, %r16, 31;
	setp.lt.s32 	%p1, %r14, 1;
	mov.f32 	%f30, 0f00000000;
	@%p1 bra 	$L__BB0_11;

	mul.wide.s32 	%rd1, %r12, 32;
	add.s32 	%r2, %r13, -1;
	and.b32  	%r3, %r13, 3;
	sub.s32 	%r4, %r13, %r3;
	cvt.u64.u32 	%rd2, %r1;
	mul.wide.s32 	%rd9, %r1, 4;
	add.s64 	%rd3, %rd7, %rd9;
	mul.wide.s32 	%rd4, %r12, 128;
	mov.f32 	%f30, 0f00000000;
	mov.u32 	%r25, 0;

$L__BB0_2:
	setp.lt.s32 	%p2, %r13, 1;
	@%p2 bra 	$L__BB0_10;

	setp.lt.u32 	%p3, %r2, 3;
	mov.u32 	%r28, 0;
	@%p3 bra 	$L__BB0_6;

	mov.u32 	%r28, 0;
	mov.u64 	%rd32, %rd3;
	mov.u32 	%r27, %r4;

$L__BB0_5:
	// begin inline asm
	ld.global.ca.f32 %f14, [%rd32];
	// end inline asm
	add.f32 	%f18, %f30, %f14;
	add.s64 	%rd11, %rd32, %rd4;
	// begin inline asm
	ld.global.ca.f32 %f15, [%rd11];
	// end inline asm
	add.f32 	%f19, %f18, %f15;
	add.s64 	%rd12, %rd11, %rd4;
	// begin inline asm
	ld.global.ca.f32 %f16, [%rd12];
	// end inline asm
	add.f32 	%f20, %f19, %f16;
	add.s64 	%rd13, %rd12, %rd4;
	add.s64 	%rd32, %rd13, %rd4;
	// begin inline asm
	ld.global.ca.f32 %f17, [%rd13];
	// end inline asm
	add.f32 	%f30, %f20, %f17;
	add.s32 	%r28, %r28, 4;
	add.s32 	%r27, %r27, -4;
	setp.ne.s32 	%p4, %r27, 0;
	@%p4 bra 	$L__BB0_5;

$L__BB0_6:
	setp.eq.s32 	%p5, %r3, 0;
	@%p5 bra 	$L__BB0_10;

	setp.eq.s32 	%p6, %r3, 1;
	cvt.s64.s32 	%rd15, %r28;
	mul.lo.s64 	%rd16, %rd1, %rd15;
	add.s64 	%rd17, %rd16, %rd2;
	shl.b64 	%rd18, %rd17, 2;
	add.s64 	%rd14, %rd7, %rd18;
	// begin inline asm
	ld.global.ca.f32 %f21, [%rd14];
	// end inline asm
	add.f32 	%f30, %f30, %f21;
	@%p6 bra 	$L__BB0_10;

	setp.eq.s32 	%p7, %r3, 2;
	add.s32 	%r20, %r28, 1;
	cvt.s64.s32 	%rd20, %r20;
	mul.lo.s64 	%rd21, %rd1, %rd20;
	add.s64 	%rd22, %rd21, %rd2;
	shl.b64 	%rd23, %rd22, 2;
	add.s64 	%rd19, %rd7, %rd23;
	// begin inline asm
	ld.global.ca.f32 %f22, [%rd19];
	// end inline asm
	add.f32 	%f30, %f30, %f22;
	@%p7 bra 	$L__BB0_10;

	add.s32 	%r21, %r28, 2;
	cvt.s64.s32 	%rd25, %r21;
	mul.lo.s64 	%rd26, %rd1, %rd25;
	add.s64 	%rd27, %rd26, %rd2;
	shl.b64 	%rd28, %rd27, 2;
	add.s64 	%rd24, %rd7, %rd28;
	// begin inline asm
	ld.global.ca.f32 %f23, [%rd24];
	// end inline asm
	add.f32 	%f30, %f30, %f23;

$L__BB0_10:
	add.s32 	%r25, %r25, 1;
	setp.lt.s32 	%p8, %r25, %r14;
	@%p8 bra 	$L__BB0_2;

$L__BB0_11:
	mul.lo.s32 	%r22, %r14, %r13;
	cvt.rn.f32.s32 	%f24, %r22;
	div.rn.f32 	%f25, %f30, %f24;
	shl.b32 	%r23, %r15, 5;
	or.b32  	%r24, %r23, %r1;
	cvta.to.global.u64 	%rd29, %rd8;
	mul.wide.s32 	%rd30, %r24, 4;
	add.s64 	%rd31, %rd29, %rd30;
	st.global.f32 	[%rd31], %f25;
	ret;

}

