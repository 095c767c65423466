//! size n = 1 << 14
//! size blocks = 4
//! size passes = 2
//! require n % (4 * blocks * 256) == 0 and passes >= 1
//! buffer a = randint(0, 16, n, seed=1, dtype=uint32)
//! buffer out1 = zeros(blocks * 256, dtype=uint32)
//! buffer out2 = zeros(blocks * 256, dtype=uint32)
//! launch read_l2 grid=blocks block=256 args=(out1, a, n // 4, passes)
//! launch read_l2 grid=blocks block=256 args=(out2, a, n // 4, 2 * passes)
//! check out1 = a.reshape((n // (4 * blocks * 256), blocks * 256, 4)).sum(2).sum(0) * passes tol=0
//! check out2 = a.reshape((n // (4 * blocks * 256), blocks * 256, 4)).sum(2).sum(0) * 2 * passes tol=0

// L2 bandwidth, for calibrating `l2_slice_sectors_per_cycle`: every thread
// of the grid sums its share of an n-word buffer that fits in the L2, read
// with ld.global.cg (cached in the L2 only, so the L1 does not serve the
// repeats) as 16-byte vectors, `passes` times over; out[thread] = its sum.
// The second launch makes twice the passes; Nsight flushes the caches
// before each launch, so the first pass comes from DRAM in both and the
// difference, passes x 4n bytes, is all L2 hits:
//     bytes per cycle = 4 n passes / (cycles(launch 2) - cycles(launch 1))
// (tools/device_micro.sh: 16 MB, 8 blocks of 256 threads per SM).

.version 8.0
.target sm_90
.address_size 64

.visible .entry read_l2(
	.param .u64 read_l2_param_0,        // unsigned* out (one per thread)
	.param .u64 read_l2_param_1,        // const uint4* a
	.param .u32 read_l2_param_2,        // vectors (n / 4)
	.param .u32 read_l2_param_3         // passes
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<20>;
	.reg .b64 	%rd<8>;

	ld.param.u64 	%rd1, [read_l2_param_0];
	ld.param.u64 	%rd2, [read_l2_param_1];
	ld.param.u32 	%r1, [read_l2_param_2];
	ld.param.u32 	%r2, [read_l2_param_3];
	cvta.to.global.u64 	%rd1, %rd1;
	cvta.to.global.u64 	%rd2, %rd2;
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r6, %r3, %r4, %r5;         // thread index t
	mov.u32 	%r7, %nctaid.x;
	mul.lo.s32 	%r8, %r7, %r4;              // threads T
	mov.u32 	%r9, 0;                     // sum
	mov.u32 	%r10, 0;                    // pass
$L_pass:
	mov.u32 	%r11, %r6;                  // i = t
$L_read:
	setp.ge.u32 	%p1, %r11, %r1;
	@%p1 bra 	$L_pass_done;
	mul.wide.u32 	%rd3, %r11, 16;
	add.s64 	%rd4, %rd2, %rd3;
	ld.global.cg.v4.u32 	{%r12, %r13, %r14, %r15}, [%rd4];
	add.s32 	%r9, %r9, %r12;
	add.s32 	%r9, %r9, %r13;
	add.s32 	%r9, %r9, %r14;
	add.s32 	%r9, %r9, %r15;
	add.s32 	%r11, %r11, %r8;
	bra.uni 	$L_read;
$L_pass_done:
	add.s32 	%r10, %r10, 1;
	setp.lt.u32 	%p2, %r10, %r2;
	@%p2 bra 	$L_pass;
	mul.wide.u32 	%rd5, %r6, 4;
	add.s64 	%rd6, %rd1, %rd5;
	st.global.u32 	[%rd6], %r9;
	ret;
}
