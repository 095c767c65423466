//! size passes = 16
//! buffer x = randn(8448 * 2048, seed=1)
//! buffer out = zeros(8448 * 32)
//! buffer la = zeros(4224 * (passes + 1), dtype=uint32)
//! buffer lb = zeros(8448 * (passes + 1), dtype=uint32)
//! buffer lc = zeros(4224 * (passes + 1), dtype=uint32)
//! buffer ld = zeros(4224 * (passes + 1), dtype=uint32)
//! buffer le = zeros(8448 * (passes + 1), dtype=uint32)
//! launch gather1 grid=132 block=1024 args=(out, x, 512, 512, passes, la)
//! launch gather1 grid=264 block=1024 args=(out, x, 512, 512, passes, lb)
//! launch gather4 grid=132 block=512 args=(out, x, 2048, 512, passes, lc)
//! launch gather4 grid=132 block=1024 args=(out, x, 2048, 512, passes, ld)
//! launch gather4 grid=264 block=1024 args=(out, x, 2048, 512, passes, le)
//! check out = x.reshape((8448, 4, 512))[:, :, :32 * passes].reshape((8448, 4, passes, 32)).sum(axis=(1, 2)).ravel() tol=1e-3
// DRAM answer time against the lines in flight, the whole GPU reading
// (issue 7): gather_clock.s's 132 blocks of 32 warps with 4 lines each
// took 1,142-1,160 cycles a pass on the H200 where simgpu, its channels
// serving the copy's bandwidth, took 928. The same kernels (gather_clock.s's,
// unchanged: one line in each of N chunks a pass, 2 KB chunks here, the
// next line of each the next pass, timed pass by pass), every SM busy:
// one line a warp with 32 and 64 warps an SM (4,224 and 8,448 lines in
// flight), 4 lines a warp with 16, 32 and 64 warps an SM (8,448, 16,896
// and 33,792). Lines a pass over the pass's cycles is the bandwidth the
// reads get at that load; the 1-line and 4-line launches of equal lines in
// flight say whether a warp's own several loads cost more than other warps'.
// The kernels are gather_clock.s's, unchanged.
//
.version 9.0
.target sm_90
.address_size 64

	// .globl	gather1

.visible .entry gather1(
	.param .u64 gather1_param_0,
	.param .u64 gather1_param_1,
	.param .u32 gather1_param_2,
	.param .u32 gather1_param_3,
	.param .u32 gather1_param_4,
	.param .u64 gather1_param_5
)
{
	.reg .pred 	%p<5>;
	.reg .f32 	%f<9>;
	.reg .b32 	%r<21>;
	.reg .b64 	%rd<36>;


	ld.param.u64 	%rd14, [gather1_param_0];
	ld.param.u64 	%rd15, [gather1_param_1];
	ld.param.u32 	%r3, [gather1_param_2];
	ld.param.u32 	%r4, [gather1_param_4];
	ld.param.u64 	%rd17, [gather1_param_5];
	mov.u32 	%r5, %ntid.x;
	shr.u32 	%r6, %r5, 5;
	mov.u32 	%r7, %ctaid.x;
	mov.u32 	%r8, %tid.x;
	shr.u32 	%r9, %r8, 5;
	mad.lo.s32 	%r10, %r6, %r7, %r9;
	and.b32  	%r11, %r8, 31;
	cvt.s64.s32 	%rd1, %r10;
	cvt.u64.u32 	%rd2, %r11;
	add.s32 	%r12, %r4, 1;
	mul.lo.s32 	%r13, %r12, %r10;
	cvt.s64.s32 	%rd3, %r13;
	cvta.to.global.u64 	%rd4, %rd17;
	// begin inline asm
	mov.u64 	%rd35, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r11, 0;
	@%p1 bra 	$L__BB0_2;

	shl.b64 	%rd18, %rd3, 2;
	add.s64 	%rd19, %rd4, %rd18;
	st.global.u32 	[%rd19], %rd35;

$L__BB0_2:
	setp.lt.s32 	%p2, %r4, 1;
	mov.f32 	%f8, 0f00000000;
	@%p2 bra 	$L__BB0_7;

	shl.b64 	%rd20, %rd3, 2;
	add.s64 	%rd21, %rd4, %rd20;
	add.s64 	%rd34, %rd21, 4;
	cvt.s64.s32 	%rd22, %r3;
	mul.lo.s64 	%rd23, %rd22, %rd1;
	add.s64 	%rd24, %rd23, %rd2;
	cvta.to.global.u64 	%rd25, %rd15;
	shl.b64 	%rd26, %rd24, 2;
	add.s64 	%rd33, %rd25, %rd26;
	mov.f32 	%f8, 0f00000000;
	mov.u32 	%r20, 0;
	cvt.u32.u64 	%r15, %rd2;

$L__BB0_4:
	.pragma "nounroll";
	setp.ne.s32 	%p3, %r15, 0;
	ld.global.f32 	%f6, [%rd33];
	add.f32 	%f8, %f6, %f8;
	// begin inline asm
	mov.u64 	%rd27, %clock64;
	// end inline asm
	@%p3 bra 	$L__BB0_6;

	sub.s64 	%rd28, %rd27, %rd35;
	min.s64 	%rd29, %rd28, 4294967295;
	st.global.u32 	[%rd34], %rd29;

$L__BB0_6:
	add.s32 	%r20, %r20, 1;
	add.s64 	%rd34, %rd34, 4;
	add.s64 	%rd33, %rd33, 128;
	setp.lt.s32 	%p4, %r20, %r4;
	mov.u64 	%rd35, %rd27;
	@%p4 bra 	$L__BB0_4;

$L__BB0_7:
	cvt.u32.u64 	%r16, %rd1;
	shl.b32 	%r17, %r16, 5;
	cvt.u32.u64 	%r18, %rd2;
	or.b32  	%r19, %r17, %r18;
	cvta.to.global.u64 	%rd30, %rd14;
	mul.wide.s32 	%rd31, %r19, 4;
	add.s64 	%rd32, %rd30, %rd31;
	st.global.f32 	[%rd32], %f8;
	ret;

}
	// .globl	gather4
.visible .entry gather4(
	.param .u64 gather4_param_0,
	.param .u64 gather4_param_1,
	.param .u32 gather4_param_2,
	.param .u32 gather4_param_3,
	.param .u32 gather4_param_4,
	.param .u64 gather4_param_5
)
{
	.reg .pred 	%p<5>;
	.reg .f32 	%f<15>;
	.reg .b32 	%r<22>;
	.reg .b64 	%rd<40>;


	ld.param.u64 	%rd15, [gather4_param_0];
	ld.param.u64 	%rd16, [gather4_param_1];
	ld.param.u32 	%r3, [gather4_param_2];
	ld.param.u32 	%r4, [gather4_param_3];
	ld.param.u32 	%r5, [gather4_param_4];
	ld.param.u64 	%rd18, [gather4_param_5];
	mov.u32 	%r6, %ntid.x;
	shr.u32 	%r7, %r6, 5;
	mov.u32 	%r8, %ctaid.x;
	mov.u32 	%r9, %tid.x;
	shr.u32 	%r10, %r9, 5;
	mad.lo.s32 	%r11, %r7, %r8, %r10;
	and.b32  	%r12, %r9, 31;
	cvt.s64.s32 	%rd1, %r11;
	cvt.u64.u32 	%rd2, %r12;
	add.s32 	%r13, %r5, 1;
	mul.lo.s32 	%r14, %r13, %r11;
	cvt.s64.s32 	%rd3, %r14;
	cvta.to.global.u64 	%rd4, %rd18;
	// begin inline asm
	mov.u64 	%rd39, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r12, 0;
	@%p1 bra 	$L__BB1_2;

	shl.b64 	%rd19, %rd3, 2;
	add.s64 	%rd20, %rd4, %rd19;
	st.global.u32 	[%rd20], %rd39;

$L__BB1_2:
	setp.lt.s32 	%p2, %r5, 1;
	mov.f32 	%f14, 0f00000000;
	@%p2 bra 	$L__BB1_7;

	shl.b64 	%rd21, %rd3, 2;
	add.s64 	%rd22, %rd4, %rd21;
	add.s64 	%rd38, %rd22, 4;
	cvt.s64.s32 	%rd23, %r3;
	mul.lo.s64 	%rd24, %rd23, %rd1;
	add.s64 	%rd25, %rd24, %rd2;
	cvta.to.global.u64 	%rd26, %rd16;
	shl.b64 	%rd27, %rd25, 2;
	add.s64 	%rd37, %rd26, %rd27;
	mul.wide.s32 	%rd8, %r4, 4;
	mov.f32 	%f14, 0f00000000;
	mov.u32 	%r21, 0;
	cvt.u32.u64 	%r16, %rd2;

$L__BB1_4:
	.pragma "nounroll";
	setp.ne.s32 	%p3, %r16, 0;
	add.s64 	%rd29, %rd37, %rd8;
	add.s64 	%rd30, %rd29, %rd8;
	add.s64 	%rd31, %rd30, %rd8;
	ld.global.f32 	%f6, [%rd37];
	ld.global.f32 	%f8, [%rd29];
	ld.global.f32 	%f10, [%rd30];
	ld.global.f32 	%f12, [%rd31];
	add.f32 	%f7, %f14, %f6;
	add.f32 	%f9, %f7, %f8;
	add.f32 	%f11, %f9, %f10;
	add.f32 	%f14, %f11, %f12;
	// begin inline asm
	mov.u64 	%rd28, %clock64;
	// end inline asm
	@%p3 bra 	$L__BB1_6;

	sub.s64 	%rd32, %rd28, %rd39;
	min.s64 	%rd33, %rd32, 4294967295;
	st.global.u32 	[%rd38], %rd33;

$L__BB1_6:
	add.s32 	%r21, %r21, 1;
	add.s64 	%rd38, %rd38, 4;
	add.s64 	%rd37, %rd37, 128;
	setp.lt.s32 	%p4, %r21, %r5;
	mov.u64 	%rd39, %rd28;
	@%p4 bra 	$L__BB1_4;

$L__BB1_7:
	cvt.u32.u64 	%r17, %rd1;
	shl.b32 	%r18, %r17, 5;
	cvt.u32.u64 	%r19, %rd2;
	or.b32  	%r20, %r18, %r19;
	cvta.to.global.u64 	%rd34, %rd15;
	mul.wide.s32 	%rd35, %r20, 4;
	add.s64 	%rd36, %rd34, %rd35;
	st.global.f32 	[%rd36], %f14;
	ret;

}
	// .globl	gather8
.visible .entry gather8(
	.param .u64 gather8_param_0,
	.param .u64 gather8_param_1,
	.param .u32 gather8_param_2,
	.param .u32 gather8_param_3,
	.param .u32 gather8_param_4,
	.param .u64 gather8_param_5
)
{
	.reg .pred 	%p<5>;
	.reg .f32 	%f<23>;
	.reg .b32 	%r<27>;
	.reg .b64 	%rd<43>;


	ld.param.u64 	%rd11, [gather8_param_0];
	ld.param.u64 	%rd12, [gather8_param_1];
	ld.param.u32 	%r5, [gather8_param_2];
	ld.param.u32 	%r6, [gather8_param_3];
	ld.param.u32 	%r7, [gather8_param_4];
	ld.param.u64 	%rd13, [gather8_param_5];
	mov.u32 	%r8, %ntid.x;
	shr.u32 	%r9, %r8, 5;
	mov.u32 	%r10, %ctaid.x;
	mov.u32 	%r11, %tid.x;
	shr.u32 	%r12, %r11, 5;
	mad.lo.s32 	%r1, %r9, %r10, %r12;
	and.b32  	%r2, %r11, 31;
	add.s32 	%r13, %r7, 1;
	mul.lo.s32 	%r14, %r13, %r1;
	cvt.s64.s32 	%rd1, %r14;
	// begin inline asm
	mov.u64 	%rd42, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r2, 0;
	@%p1 bra 	$L__BB2_2;

	cvta.to.global.u64 	%rd15, %rd13;
	shl.b64 	%rd16, %rd1, 2;
	add.s64 	%rd17, %rd15, %rd16;
	st.global.u32 	[%rd17], %rd42;

$L__BB2_2:
	setp.lt.s32 	%p2, %r7, 1;
	mov.f32 	%f22, 0f00000000;
	@%p2 bra 	$L__BB2_7;

	cvta.to.global.u64 	%rd18, %rd13;
	shl.b64 	%rd19, %rd1, 2;
	add.s64 	%rd20, %rd18, %rd19;
	add.s64 	%rd41, %rd20, 4;
	mul.wide.s32 	%rd21, %r5, %r1;
	cvt.u64.u32 	%rd22, %r2;
	add.s64 	%rd23, %rd21, %rd22;
	cvta.to.global.u64 	%rd24, %rd12;
	shl.b64 	%rd25, %rd23, 2;
	add.s64 	%rd40, %rd24, %rd25;
	mov.f32 	%f22, 0f00000000;
	mov.u32 	%r26, 0;

$L__BB2_4:
	.pragma "nounroll";
	mul.wide.s32 	%rd27, %r6, 4;
	add.s64 	%rd28, %rd40, %rd27;
	add.s64 	%rd29, %rd28, %rd27;
	add.s64 	%rd30, %rd29, %rd27;
	add.s64 	%rd31, %rd30, %rd27;
	add.s64 	%rd32, %rd31, %rd27;
	add.s64 	%rd33, %rd32, %rd27;
	add.s64 	%rd34, %rd33, %rd27;
	ld.global.f32 	%f6, [%rd40];
	ld.global.f32 	%f8, [%rd28];
	ld.global.f32 	%f10, [%rd29];
	ld.global.f32 	%f12, [%rd30];
	ld.global.f32 	%f14, [%rd31];
	ld.global.f32 	%f16, [%rd32];
	ld.global.f32 	%f18, [%rd33];
	ld.global.f32 	%f20, [%rd34];
	add.f32 	%f7, %f22, %f6;
	add.f32 	%f9, %f7, %f8;
	add.f32 	%f11, %f9, %f10;
	add.f32 	%f13, %f11, %f12;
	add.f32 	%f15, %f13, %f14;
	add.f32 	%f17, %f15, %f16;
	add.f32 	%f19, %f17, %f18;
	add.f32 	%f22, %f19, %f20;
	// begin inline asm
	mov.u64 	%rd26, %clock64;
	// end inline asm
	@%p1 bra 	$L__BB2_6;

	sub.s64 	%rd35, %rd26, %rd42;
	min.s64 	%rd36, %rd35, 4294967295;
	st.global.u32 	[%rd41], %rd36;

$L__BB2_6:
	add.s32 	%r26, %r26, 1;
	add.s64 	%rd41, %rd41, 4;
	add.s64 	%rd40, %rd40, 128;
	setp.lt.s32 	%p4, %r26, %r7;
	mov.u64 	%rd42, %rd26;
	@%p4 bra 	$L__BB2_4;

$L__BB2_7:
	bfi.b32 	%r25, %r1, %r2, 5, 27;
	cvta.to.global.u64 	%rd37, %rd11;
	mul.wide.s32 	%rd38, %r25, 4;
	add.s64 	%rd39, %rd37, %rd38;
	st.global.f32 	[%rd39], %f22;
	ret;

}
	// .globl	gather32
.visible .entry gather32(
	.param .u64 gather32_param_0,
	.param .u64 gather32_param_1,
	.param .u32 gather32_param_2,
	.param .u32 gather32_param_3,
	.param .u32 gather32_param_4,
	.param .u64 gather32_param_5
)
{
	.reg .pred 	%p<5>;
	.reg .f32 	%f<71>;
	.reg .b32 	%r<30>;
	.reg .b64 	%rd<71>;


	ld.param.u64 	%rd16, [gather32_param_1];
	ld.param.u32 	%r3, [gather32_param_2];
	ld.param.u32 	%r4, [gather32_param_3];
	ld.param.u32 	%r5, [gather32_param_4];
	ld.param.u64 	%rd18, [gather32_param_5];
	mov.u32 	%r6, %ntid.x;
	shr.u32 	%r7, %r6, 5;
	mov.u32 	%r8, %ctaid.x;
	mov.u32 	%r9, %tid.x;
	shr.u32 	%r10, %r9, 5;
	mad.lo.s32 	%r11, %r7, %r8, %r10;
	and.b32  	%r12, %r9, 31;
	cvt.s64.s32 	%rd1, %r11;
	cvt.u64.u32 	%rd2, %r12;
	add.s32 	%r13, %r5, 1;
	mul.lo.s32 	%r14, %r13, %r11;
	cvt.s64.s32 	%rd3, %r14;
	cvta.to.global.u64 	%rd4, %rd18;
	// begin inline asm
	mov.u64 	%rd70, %clock64;
	// end inline asm
	setp.ne.s32 	%p1, %r12, 0;
	@%p1 bra 	$L__BB3_2;

	shl.b64 	%rd19, %rd3, 2;
	add.s64 	%rd20, %rd4, %rd19;
	st.global.u32 	[%rd20], %rd70;

$L__BB3_2:
	setp.lt.s32 	%p2, %r5, 1;
	mov.f32 	%f70, 0f00000000;
	@%p2 bra 	$L__BB3_7;

	shl.b64 	%rd21, %rd3, 2;
	add.s64 	%rd22, %rd4, %rd21;
	add.s64 	%rd69, %rd22, 4;
	cvt.s64.s32 	%rd23, %r3;
	mul.lo.s64 	%rd24, %rd23, %rd1;
	add.s64 	%rd25, %rd24, %rd2;
	cvta.to.global.u64 	%rd26, %rd16;
	shl.b64 	%rd27, %rd25, 2;
	add.s64 	%rd68, %rd26, %rd27;
	mul.wide.s32 	%rd8, %r4, 4;
	mov.f32 	%f70, 0f00000000;
	mov.u32 	%r29, 0;
	cvt.u32.u64 	%r16, %rd2;

$L__BB3_4:
	.pragma "nounroll";
	setp.ne.s32 	%p3, %r16, 0;
	add.s64 	%rd29, %rd68, %rd8;
	add.s64 	%rd30, %rd29, %rd8;
	add.s64 	%rd31, %rd30, %rd8;
	add.s64 	%rd32, %rd31, %rd8;
	add.s64 	%rd33, %rd32, %rd8;
	add.s64 	%rd34, %rd33, %rd8;
	add.s64 	%rd35, %rd34, %rd8;
	add.s64 	%rd36, %rd35, %rd8;
	add.s64 	%rd37, %rd36, %rd8;
	add.s64 	%rd38, %rd37, %rd8;
	add.s64 	%rd39, %rd38, %rd8;
	add.s64 	%rd40, %rd39, %rd8;
	add.s64 	%rd41, %rd40, %rd8;
	add.s64 	%rd42, %rd41, %rd8;
	add.s64 	%rd43, %rd42, %rd8;
	add.s64 	%rd44, %rd43, %rd8;
	add.s64 	%rd45, %rd44, %rd8;
	add.s64 	%rd46, %rd45, %rd8;
	add.s64 	%rd47, %rd46, %rd8;
	add.s64 	%rd48, %rd47, %rd8;
	add.s64 	%rd49, %rd48, %rd8;
	add.s64 	%rd50, %rd49, %rd8;
	add.s64 	%rd51, %rd50, %rd8;
	add.s64 	%rd52, %rd51, %rd8;
	add.s64 	%rd53, %rd52, %rd8;
	add.s64 	%rd54, %rd53, %rd8;
	add.s64 	%rd55, %rd54, %rd8;
	add.s64 	%rd56, %rd55, %rd8;
	add.s64 	%rd57, %rd56, %rd8;
	add.s64 	%rd58, %rd57, %rd8;
	add.s64 	%rd59, %rd58, %rd8;
	ld.global.f32 	%f6, [%rd68];
	ld.global.f32 	%f8, [%rd29];
	ld.global.f32 	%f10, [%rd30];
	ld.global.f32 	%f12, [%rd31];
	ld.global.f32 	%f14, [%rd32];
	ld.global.f32 	%f16, [%rd33];
	ld.global.f32 	%f18, [%rd34];
	ld.global.f32 	%f20, [%rd35];
	ld.global.f32 	%f22, [%rd36];
	ld.global.f32 	%f24, [%rd37];
	ld.global.f32 	%f26, [%rd38];
	ld.global.f32 	%f28, [%rd39];
	ld.global.f32 	%f30, [%rd40];
	ld.global.f32 	%f32, [%rd41];
	ld.global.f32 	%f34, [%rd42];
	ld.global.f32 	%f36, [%rd43];
	ld.global.f32 	%f38, [%rd44];
	ld.global.f32 	%f40, [%rd45];
	ld.global.f32 	%f42, [%rd46];
	ld.global.f32 	%f44, [%rd47];
	ld.global.f32 	%f46, [%rd48];
	ld.global.f32 	%f48, [%rd49];
	ld.global.f32 	%f50, [%rd50];
	ld.global.f32 	%f52, [%rd51];
	ld.global.f32 	%f54, [%rd52];
	ld.global.f32 	%f56, [%rd53];
	ld.global.f32 	%f58, [%rd54];
	ld.global.f32 	%f60, [%rd55];
	ld.global.f32 	%f62, [%rd56];
	ld.global.f32 	%f64, [%rd57];
	ld.global.f32 	%f66, [%rd58];
	ld.global.f32 	%f68, [%rd59];
	add.f32 	%f7, %f70, %f6;
	add.f32 	%f9, %f7, %f8;
	add.f32 	%f11, %f9, %f10;
	add.f32 	%f13, %f11, %f12;
	add.f32 	%f15, %f13, %f14;
	add.f32 	%f17, %f15, %f16;
	add.f32 	%f19, %f17, %f18;
	add.f32 	%f21, %f19, %f20;
	add.f32 	%f23, %f21, %f22;
	add.f32 	%f25, %f23, %f24;
	add.f32 	%f27, %f25, %f26;
	add.f32 	%f29, %f27, %f28;
	add.f32 	%f31, %f29, %f30;
	add.f32 	%f33, %f31, %f32;
	add.f32 	%f35, %f33, %f34;
	add.f32 	%f37, %f35, %f36;
	add.f32 	%f39, %f37, %f38;
	add.f32 	%f41, %f39, %f40;
	add.f32 	%f43, %f41, %f42;
	add.f32 	%f45, %f43, %f44;
	add.f32 	%f47, %f45, %f46;
	add.f32 	%f49, %f47, %f48;
	add.f32 	%f51, %f49, %f50;
	add.f32 	%f53, %f51, %f52;
	add.f32 	%f55, %f53, %f54;
	add.f32 	%f57, %f55, %f56;
	add.f32 	%f59, %f57, %f58;
	add.f32 	%f61, %f59, %f60;
	add.f32 	%f63, %f61, %f62;
	add.f32 	%f65, %f63, %f64;
	add.f32 	%f67, %f65, %f66;
	add.f32 	%f70, %f67, %f68;
	// begin inline asm
	mov.u64 	%rd28, %clock64;
	// end inline asm
	@%p3 bra 	$L__BB3_6;

	sub.s64 	%rd60, %rd28, %rd70;
	min.s64 	%rd61, %rd60, 4294967295;
	st.global.u32 	[%rd69], %rd61;

$L__BB3_6:
	ld.param.u32 	%r21, [gather32_param_4];
	add.s32 	%r29, %r29, 1;
	add.s64 	%rd69, %rd69, 4;
	add.s64 	%rd68, %rd68, 128;
	setp.lt.s32 	%p4, %r29, %r21;
	mov.u64 	%rd70, %rd28;
	@%p4 bra 	$L__BB3_4;

$L__BB3_7:
	ld.param.u64 	%rd67, [gather32_param_0];
	mov.u32 	%r28, %tid.x;
	and.b32  	%r27, %r28, 31;
	cvt.u64.u32 	%rd66, %r27;
	mov.u32 	%r26, %ntid.x;
	shr.u32 	%r25, %r28, 5;
	mov.u32 	%r24, %ctaid.x;
	shr.u32 	%r23, %r26, 5;
	mad.lo.s32 	%r22, %r23, %r24, %r25;
	cvt.s64.s32 	%rd65, %r22;
	cvt.u32.u64 	%r17, %rd65;
	shl.b32 	%r18, %r17, 5;
	cvt.u32.u64 	%r19, %rd66;
	or.b32  	%r20, %r18, %r19;
	cvta.to.global.u64 	%rd62, %rd67;
	mul.wide.s32 	%rd63, %r20, 4;
	add.s64 	%rd64, %rd62, %rd63;
	st.global.f32 	[%rd64], %f70;
	ret;

}

