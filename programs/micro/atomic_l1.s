//! size iters = 256
//! buffer x = zeros(64, dtype=uint32)
//! buffer o = zeros(1, dtype=uint32)
//! launch chase_red grid=1 block=1 args=(o, x, 64, iters)
//! launch chase_red grid=1 block=1 args=(o, x, 64, 2 * iters)
//! launch chase_red grid=1 block=1 args=(o, x, 0, iters)
//! launch chase_red grid=1 block=1 args=(o, x, 0, 2 * iters)
//! launch chase_red grid=1 block=1 args=(o, x, 1, iters)
//! launch chase_red grid=1 block=1 args=(o, x, 1, 2 * iters)
//! launch chase_red grid=1 block=1 args=(o, x, 16, iters)
//! launch chase_red grid=1 block=1 args=(o, x, 16, 2 * iters)
//! launch chase_red grid=1 block=1 args=(o, x, 32, iters)
//! launch chase_red grid=1 block=1 args=(o, x, 32, 2 * iters)
//! launch chase_atom grid=1 block=1 args=(o, x, 0, iters)
//! launch chase_atom grid=1 block=1 args=(o, x, 0, 2 * iters)
//! launch chase_atom grid=1 block=1 args=(o, x, 32, iters)
//! launch chase_atom grid=1 block=1 args=(o, x, 32, 2 * iters)
//! launch chase_cas grid=1 block=1 args=(o, x, 0, iters)
//! launch chase_cas grid=1 block=1 args=(o, x, 0, 2 * iters)
//! launch chase_cas grid=1 block=1 args=(o, x, 32, iters)
//! launch chase_cas grid=1 block=1 args=(o, x, 32, 2 * iters)
//! check o = zeros(1, dtype=uint32) tol=0
//! check x = zeros(64, dtype=uint32) tol=0

// Does a global atomic drop the SM's L1 copy of its line? (issue 7: the held-out
// atomic_max_cas swaps 947 times on the H100 and 4,215 in simgpu, whose L1 keeps the
// maximum's stale word; the H100's warps wait longer for their reads of it.)
// One thread chases x[i] `iters` then 2 x iters steps (x is all zeros, so i stays 0 and
// every load after the first finds its line in the L1, unless something dropped it); after
// each load it adds 0 to x[i + off]: chase_red with the result unused (RED; off = 64: none),
// chase_atom and chase_cas (a CAS that fails) with the next step's address waiting for the
// result. off = 0: the loaded word; 1: another word of its sector; 16: another sector of its
// line; 32: another line. The difference of a pair over `iters` is the cycles a step: an L1
// hit (about 32) or the L2's latency (about 280) for the load, plus the atomic's round trip
// for chase_atom and chase_cas (off = 32 is their control). nvcc -ptx -arch=sm_90 -O3 of:
//
//   // After a global atomic on a word of a line the SM's L1 holds, is the line still there?
//   // One thread chases x[i] (i stays 0: x is all zeros) `iters` steps; after each load it adds 0
//   // to x[i + off] (off = 64: no atomic) with a RED (result unused), an ATOMG.ADD whose result
//   // the next step waits for, or a failing ATOMG.CAS.
//   extern "C" __global__ void chase_red(unsigned* out, unsigned* x, int off, int iters) {
//       unsigned i = 0;
//       for (int k = 0; k < iters; k++) {
//           i = x[i];
//           if (off < 64) atomicAdd(&x[i + off], 0u);
//       }
//       out[threadIdx.x] = i;
//   }
//   extern "C" __global__ void chase_atom(unsigned* out, unsigned* x, int off, int iters) {
//       unsigned i = 0;
//       for (int k = 0; k < iters; k++) {
//           i = x[i];
//           i += atomicAdd(&x[i + off], 0u);
//       }
//       out[threadIdx.x] = i;
//   }
//   extern "C" __global__ void chase_cas(unsigned* out, unsigned* x, int off, int iters) {
//       unsigned i = 0;
//       for (int k = 0; k < iters; k++) {
//           i = x[i];
//           i += atomicCAS(&x[i + off], 1u, 2u);
//       }
//       out[threadIdx.x] = i;
//   }
//
.version 9.0
.target sm_90
.address_size 64

	// .globl	chase_red

.visible .entry chase_red(
	.param .u64 chase_red_param_0,
	.param .u64 chase_red_param_1,
	.param .u32 chase_red_param_2,
	.param .u32 chase_red_param_3
)
{
	.reg .pred 	%p<11>;
	.reg .b32 	%r<65>;
	.reg .b64 	%rd<37>;


	ld.param.u64 	%rd2, [chase_red_param_0];
	ld.param.u64 	%rd3, [chase_red_param_1];
	ld.param.u32 	%r26, [chase_red_param_2];
	ld.param.u32 	%r27, [chase_red_param_3];
	cvta.to.global.u64 	%rd1, %rd3;
	setp.lt.s32 	%p1, %r27, 1;
	mov.u32 	%r64, 0;
	@%p1 bra 	$L__BB0_12;

	setp.lt.s32 	%p2, %r26, 64;
	add.s32 	%r1, %r27, -1;
	and.b32  	%r57, %r27, 3;
	@%p2 bra 	$L__BB0_7;
	bra.uni 	$L__BB0_2;

$L__BB0_7:
	setp.lt.u32 	%p7, %r1, 3;
	mov.u32 	%r64, 0;
	@%p7 bra 	$L__BB0_10;

	sub.s32 	%r59, %r27, %r57;
	mov.u32 	%r64, 0;

$L__BB0_9:
	mul.wide.u32 	%rd14, %r64, 4;
	add.s64 	%rd15, %rd1, %rd14;
	ld.global.u32 	%r38, [%rd15];
	add.s32 	%r39, %r38, %r26;
	mul.wide.u32 	%rd16, %r39, 4;
	add.s64 	%rd17, %rd1, %rd16;
	atom.global.add.u32 	%r40, [%rd17], 0;
	mul.wide.u32 	%rd18, %r38, 4;
	add.s64 	%rd19, %rd1, %rd18;
	ld.global.u32 	%r41, [%rd19];
	add.s32 	%r42, %r41, %r26;
	mul.wide.u32 	%rd20, %r42, 4;
	add.s64 	%rd21, %rd1, %rd20;
	atom.global.add.u32 	%r43, [%rd21], 0;
	mul.wide.u32 	%rd22, %r41, 4;
	add.s64 	%rd23, %rd1, %rd22;
	ld.global.u32 	%r44, [%rd23];
	add.s32 	%r45, %r44, %r26;
	mul.wide.u32 	%rd24, %r45, 4;
	add.s64 	%rd25, %rd1, %rd24;
	atom.global.add.u32 	%r46, [%rd25], 0;
	mul.wide.u32 	%rd26, %r44, 4;
	add.s64 	%rd27, %rd1, %rd26;
	ld.global.u32 	%r64, [%rd27];
	add.s32 	%r47, %r64, %r26;
	mul.wide.u32 	%rd28, %r47, 4;
	add.s64 	%rd29, %rd1, %rd28;
	atom.global.add.u32 	%r48, [%rd29], 0;
	add.s32 	%r59, %r59, -4;
	setp.ne.s32 	%p8, %r59, 0;
	@%p8 bra 	$L__BB0_9;

$L__BB0_10:
	setp.eq.s32 	%p9, %r57, 0;
	@%p9 bra 	$L__BB0_12;

$L__BB0_11:
	.pragma "nounroll";
	mul.wide.u32 	%rd30, %r64, 4;
	add.s64 	%rd31, %rd1, %rd30;
	ld.global.u32 	%r64, [%rd31];
	add.s32 	%r49, %r64, %r26;
	mul.wide.u32 	%rd32, %r49, 4;
	add.s64 	%rd33, %rd1, %rd32;
	atom.global.add.u32 	%r50, [%rd33], 0;
	add.s32 	%r57, %r57, -1;
	setp.ne.s32 	%p10, %r57, 0;
	@%p10 bra 	$L__BB0_11;
	bra.uni 	$L__BB0_12;

$L__BB0_2:
	setp.lt.u32 	%p3, %r1, 3;
	mov.u32 	%r64, 0;
	@%p3 bra 	$L__BB0_5;

	sub.s32 	%r53, %r27, %r57;
	mov.u32 	%r64, 0;

$L__BB0_4:
	mul.wide.u32 	%rd4, %r64, 4;
	add.s64 	%rd5, %rd1, %rd4;
	ld.global.u32 	%r32, [%rd5];
	mul.wide.u32 	%rd6, %r32, 4;
	add.s64 	%rd7, %rd1, %rd6;
	ld.global.u32 	%r33, [%rd7];
	mul.wide.u32 	%rd8, %r33, 4;
	add.s64 	%rd9, %rd1, %rd8;
	ld.global.u32 	%r34, [%rd9];
	mul.wide.u32 	%rd10, %r34, 4;
	add.s64 	%rd11, %rd1, %rd10;
	ld.global.u32 	%r64, [%rd11];
	add.s32 	%r53, %r53, -4;
	setp.ne.s32 	%p4, %r53, 0;
	@%p4 bra 	$L__BB0_4;

$L__BB0_5:
	setp.eq.s32 	%p5, %r57, 0;
	@%p5 bra 	$L__BB0_12;

$L__BB0_6:
	.pragma "nounroll";
	mul.wide.u32 	%rd12, %r64, 4;
	add.s64 	%rd13, %rd1, %rd12;
	ld.global.u32 	%r64, [%rd13];
	add.s32 	%r57, %r57, -1;
	setp.eq.s32 	%p6, %r57, 0;
	@%p6 bra 	$L__BB0_12;
	bra.uni 	$L__BB0_6;

$L__BB0_12:
	mov.u32 	%r51, %tid.x;
	cvta.to.global.u64 	%rd34, %rd2;
	mul.wide.u32 	%rd35, %r51, 4;
	add.s64 	%rd36, %rd34, %rd35;
	st.global.u32 	[%rd36], %r64;
	ret;

}
	// .globl	chase_atom
.visible .entry chase_atom(
	.param .u64 chase_atom_param_0,
	.param .u64 chase_atom_param_1,
	.param .u32 chase_atom_param_2,
	.param .u32 chase_atom_param_3
)
{
	.reg .pred 	%p<6>;
	.reg .b32 	%r<47>;
	.reg .b64 	%rd<27>;


	ld.param.u64 	%rd2, [chase_atom_param_0];
	ld.param.u64 	%rd3, [chase_atom_param_1];
	ld.param.u32 	%r14, [chase_atom_param_2];
	ld.param.u32 	%r15, [chase_atom_param_3];
	cvta.to.global.u64 	%rd1, %rd3;
	setp.lt.s32 	%p1, %r15, 1;
	mov.u32 	%r46, 0;
	@%p1 bra 	$L__BB1_6;

	add.s32 	%r19, %r15, -1;
	and.b32  	%r45, %r15, 3;
	setp.lt.u32 	%p2, %r19, 3;
	mov.u32 	%r46, 0;
	@%p2 bra 	$L__BB1_4;

	sub.s32 	%r41, %r15, %r45;
	mov.u32 	%r46, 0;

$L__BB1_3:
	mul.wide.u32 	%rd4, %r46, 4;
	add.s64 	%rd5, %rd1, %rd4;
	ld.global.u32 	%r21, [%rd5];
	add.s32 	%r22, %r21, %r14;
	mul.wide.u32 	%rd6, %r22, 4;
	add.s64 	%rd7, %rd1, %rd6;
	atom.global.add.u32 	%r23, [%rd7], 0;
	add.s32 	%r24, %r23, %r21;
	mul.wide.u32 	%rd8, %r24, 4;
	add.s64 	%rd9, %rd1, %rd8;
	ld.global.u32 	%r25, [%rd9];
	add.s32 	%r26, %r25, %r14;
	mul.wide.u32 	%rd10, %r26, 4;
	add.s64 	%rd11, %rd1, %rd10;
	atom.global.add.u32 	%r27, [%rd11], 0;
	add.s32 	%r28, %r27, %r25;
	mul.wide.u32 	%rd12, %r28, 4;
	add.s64 	%rd13, %rd1, %rd12;
	ld.global.u32 	%r29, [%rd13];
	add.s32 	%r30, %r29, %r14;
	mul.wide.u32 	%rd14, %r30, 4;
	add.s64 	%rd15, %rd1, %rd14;
	atom.global.add.u32 	%r31, [%rd15], 0;
	add.s32 	%r32, %r31, %r29;
	mul.wide.u32 	%rd16, %r32, 4;
	add.s64 	%rd17, %rd1, %rd16;
	ld.global.u32 	%r33, [%rd17];
	add.s32 	%r34, %r33, %r14;
	mul.wide.u32 	%rd18, %r34, 4;
	add.s64 	%rd19, %rd1, %rd18;
	atom.global.add.u32 	%r35, [%rd19], 0;
	add.s32 	%r46, %r35, %r33;
	add.s32 	%r41, %r41, -4;
	setp.ne.s32 	%p3, %r41, 0;
	@%p3 bra 	$L__BB1_3;

$L__BB1_4:
	setp.eq.s32 	%p4, %r45, 0;
	@%p4 bra 	$L__BB1_6;

$L__BB1_5:
	.pragma "nounroll";
	mul.wide.u32 	%rd20, %r46, 4;
	add.s64 	%rd21, %rd1, %rd20;
	ld.global.u32 	%r36, [%rd21];
	add.s32 	%r37, %r36, %r14;
	mul.wide.u32 	%rd22, %r37, 4;
	add.s64 	%rd23, %rd1, %rd22;
	atom.global.add.u32 	%r38, [%rd23], 0;
	add.s32 	%r46, %r38, %r36;
	add.s32 	%r45, %r45, -1;
	setp.ne.s32 	%p5, %r45, 0;
	@%p5 bra 	$L__BB1_5;

$L__BB1_6:
	mov.u32 	%r39, %tid.x;
	cvta.to.global.u64 	%rd24, %rd2;
	mul.wide.u32 	%rd25, %r39, 4;
	add.s64 	%rd26, %rd24, %rd25;
	st.global.u32 	[%rd26], %r46;
	ret;

}
	// .globl	chase_cas
.visible .entry chase_cas(
	.param .u64 chase_cas_param_0,
	.param .u64 chase_cas_param_1,
	.param .u32 chase_cas_param_2,
	.param .u32 chase_cas_param_3
)
{
	.reg .pred 	%p<6>;
	.reg .b32 	%r<51>;
	.reg .b64 	%rd<27>;


	ld.param.u64 	%rd2, [chase_cas_param_0];
	ld.param.u64 	%rd3, [chase_cas_param_1];
	ld.param.u32 	%r14, [chase_cas_param_2];
	ld.param.u32 	%r15, [chase_cas_param_3];
	cvta.to.global.u64 	%rd1, %rd3;
	setp.lt.s32 	%p1, %r15, 1;
	mov.u32 	%r50, 0;
	@%p1 bra 	$L__BB2_6;

	add.s32 	%r19, %r15, -1;
	and.b32  	%r49, %r15, 3;
	setp.lt.u32 	%p2, %r19, 3;
	mov.u32 	%r50, 0;
	@%p2 bra 	$L__BB2_4;

	sub.s32 	%r45, %r15, %r49;
	mov.u32 	%r50, 0;

$L__BB2_3:
	mul.wide.u32 	%rd4, %r50, 4;
	add.s64 	%rd5, %rd1, %rd4;
	ld.global.u32 	%r21, [%rd5];
	add.s32 	%r22, %r21, %r14;
	mul.wide.u32 	%rd6, %r22, 4;
	add.s64 	%rd7, %rd1, %rd6;
	mov.u32 	%r23, 2;
	mov.u32 	%r24, 1;
	atom.global.cas.b32 	%r25, [%rd7], %r24, %r23;
	add.s32 	%r26, %r25, %r21;
	mul.wide.u32 	%rd8, %r26, 4;
	add.s64 	%rd9, %rd1, %rd8;
	ld.global.u32 	%r27, [%rd9];
	add.s32 	%r28, %r27, %r14;
	mul.wide.u32 	%rd10, %r28, 4;
	add.s64 	%rd11, %rd1, %rd10;
	atom.global.cas.b32 	%r29, [%rd11], %r24, %r23;
	add.s32 	%r30, %r29, %r27;
	mul.wide.u32 	%rd12, %r30, 4;
	add.s64 	%rd13, %rd1, %rd12;
	ld.global.u32 	%r31, [%rd13];
	add.s32 	%r32, %r31, %r14;
	mul.wide.u32 	%rd14, %r32, 4;
	add.s64 	%rd15, %rd1, %rd14;
	atom.global.cas.b32 	%r33, [%rd15], %r24, %r23;
	add.s32 	%r34, %r33, %r31;
	mul.wide.u32 	%rd16, %r34, 4;
	add.s64 	%rd17, %rd1, %rd16;
	ld.global.u32 	%r35, [%rd17];
	add.s32 	%r36, %r35, %r14;
	mul.wide.u32 	%rd18, %r36, 4;
	add.s64 	%rd19, %rd1, %rd18;
	atom.global.cas.b32 	%r37, [%rd19], %r24, %r23;
	add.s32 	%r50, %r37, %r35;
	add.s32 	%r45, %r45, -4;
	setp.ne.s32 	%p3, %r45, 0;
	@%p3 bra 	$L__BB2_3;

$L__BB2_4:
	setp.eq.s32 	%p4, %r49, 0;
	@%p4 bra 	$L__BB2_6;

$L__BB2_5:
	.pragma "nounroll";
	mul.wide.u32 	%rd20, %r50, 4;
	add.s64 	%rd21, %rd1, %rd20;
	ld.global.u32 	%r38, [%rd21];
	add.s32 	%r39, %r38, %r14;
	mul.wide.u32 	%rd22, %r39, 4;
	add.s64 	%rd23, %rd1, %rd22;
	mov.u32 	%r40, 2;
	mov.u32 	%r41, 1;
	atom.global.cas.b32 	%r42, [%rd23], %r41, %r40;
	add.s32 	%r50, %r42, %r38;
	add.s32 	%r49, %r49, -1;
	setp.ne.s32 	%p5, %r49, 0;
	@%p5 bra 	$L__BB2_5;

$L__BB2_6:
	mov.u32 	%r43, %tid.x;
	cvta.to.global.u64 	%rd24, %rd2;
	mul.wide.u32 	%rd25, %r43, 4;
	add.s64 	%rd26, %rd24, %rd25;
	st.global.u32 	[%rd26], %r50;
	ret;

}

