//! size steps1 = 2048
//! size space1 = 144
//! size jump1 = 1265
//! size sms = 132
//! size steps2 = 256
//! size space2 = 16
//! size jump2 = 20885
//! size rounds = 2
//! require steps1 >= 8 and steps2 >= 8 and rounds >= 1 and (rounds * steps1) % 8 == 0 and (rounds * steps2) % 8 == 0
//! require space1 >= 16 and space2 >= 16 and sms >= 1 and sms * steps2 * space2 < (1 << 32)
//! require 0 < jump1 < steps1 and 0 < jump2 < sms * steps2
//! buffer p1 = zeros(steps1 * space1, dtype=uint64)
//! buffer lat1 = zeros(rounds * steps1 + 1, dtype=uint32)
//! buffer sm1 = zeros(1, dtype=uint32)
//! buffer idx1 = zeros(1, dtype=uint32)
//! buffer p2 = zeros(sms * steps2 * space2, dtype=uint64)
//! buffer lat2 = zeros(sms * (rounds * steps2 + 1), dtype=uint32)
//! buffer sm2 = zeros(sms, dtype=uint32)
//! buffer idx2 = zeros(sms, dtype=uint32)
//! launch lat_init grid=(steps1 + 255) // 256 block=256 args=(p1, steps1, steps1, space1, jump1)
//! launch lat_chase grid=1 block=1 args=(p1, steps1, steps1, space1, jump1, rounds * steps1, lat1, sm1, idx1)
//! launch lat_init grid=(sms * steps2 + 255) // 256 block=256 args=(p2, sms * steps2, steps2, space2, jump2)
//! launch lat_chase grid=sms block=1 args=(p2, sms * steps2, steps2, space2, jump2, rounds * steps2, lat2, sm2, idx2)
//! check idx1 = full(1, ((rounds * steps1 + 1) % steps1) * jump1 % steps1 * space1) tol=0
//! check idx2 = (arange(sms, dtype=int64) * steps2 + (rounds * steps2 + 1) % steps2) * jump2 % (sms * steps2) * space2 tol=0

// The latency of every load of a pointer chase, one by one: the spread that
// one fixed `latency_l2_cycles` and `latency_dram_cycles` (latency_global.s's
// averages) leave out.
//   lat_init:  the chain buffer holds n entries, `space` 64-bit words apart
//              (space1 = 144: 9 lines, 2.4 MB; space2 = 16: every line,
//              4.3 MB), one per 128-byte line; position g of the chain is
//              entry (g * jump) % n (jump is prime to n, so every entry once,
//              consecutive positions far apart in memory). Block b owns
//              positions b*steps .. (b+1)*steps - 1, a closed cycle: the
//              entry at each holds the global address of the next one's.
//   lat_chase: one thread per block follows its cycle with `total`
//              dependent ld.global.cg.u64 (the L1 bypassed), 8 a loop
//              iteration, reading %clock64 right after issuing each load:
//              the issue of load j waits for load j-1's data, so
//                  lat[b*(total+1) + j] = clock(j) - clock(j-1), j = 1..total,
//              is load j-1's load-to-use latency (plus the issue of the
//              next load; simgpu runs the same code, so its figure has it
//              too); one more load after the loop times the last one
//              (j = total); lat[b*(total+1)] is the first load's issue.
//              Each difference is of the whole 64-bit clocks, saturated to
//              32 bits (min.u64): with only their low halves needed, ptxas
//              reads every other clock with S2UR instead of CS2R. The SASS
//              (ptxas -arch=sm_90 -O3) has each CS2R right after its LDG
//              (LDG.E.64.STRONG.GPU) and the 8 stores after the 8th.
//              sm[b] = %smid; idx[b] = the entry (in words) that the extra
//              load's value points to, (b*steps + (total+1) % steps) * jump
//              % n * space, checked exactly: the whole chase went where it
//              should.
// With total = rounds * steps, the first round reads each line once, cold
// (Nsight Compute and simgpu start every launch with empty caches:
// tools/record_latency_dist.py flushes the L2 before each launch in the pass
// whose buffers it keeps), from DRAM; the later rounds find them in the L2.
// Two chases: one warp on one SM (steps1 = 2,048 entries a round), and one
// warp on each of 132 SMs at once (`sms` blocks of one thread, steps2 = 256
// entries each, 33,792 lines in all). tools/latency_dist_figures.py prints
// the distributions, per round and per SM, next to simgpu's run of the same
// recipe.

.version 8.0
.target sm_90
.address_size 64

.visible .entry lat_init(
	.param .u64 lat_init_param_0,       // uint64_t* p
	.param .u32 lat_init_param_1,       // n: entries (blocks * steps)
	.param .u32 lat_init_param_2,       // steps: the entries of one block's cycle
	.param .u32 lat_init_param_3,       // space: 64-bit words between entries
	.param .u32 lat_init_param_4        // jump: position g is entry (g * jump) % n
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<16>;

	ld.param.u64 	%rd1, [lat_init_param_0];
	ld.param.u32 	%r1, [lat_init_param_1];
	ld.param.u32 	%r2, [lat_init_param_2];
	ld.param.u32 	%r3, [lat_init_param_3];
	ld.param.u32 	%r4, [lat_init_param_4];
	mov.u32 	%r5, %ctaid.x;
	mov.u32 	%r6, %ntid.x;
	mov.u32 	%r7, %tid.x;
	mad.lo.s32 	%r8, %r5, %r6, %r7;         // g: a position of the chain
	setp.ge.u32 	%p1, %r8, %r1;
	@%p1 bra 	$L_done;
	cvta.to.global.u64 	%rd1, %rd1;
	rem.u32 	%r9, %r8, %r2;              // i = g % steps
	sub.s32 	%r10, %r8, %r9;             // b * steps
	add.s32 	%r11, %r9, 1;
	setp.eq.u32 	%p2, %r11, %r2;
	selp.u32 	%r11, 0, %r11, %p2;         // (i + 1) % steps
	add.s32 	%r12, %r10, %r11;           // the next position of the block's cycle
	cvt.u64.u32 	%rd2, %r1;
	cvt.u64.u32 	%rd3, %r3;
	mul.wide.u32 	%rd4, %r8, %r4;
	rem.u64 	%rd4, %rd4, %rd2;           // this position's entry
	mul.lo.s64 	%rd4, %rd4, %rd3;
	shl.b64 	%rd4, %rd4, 3;
	add.s64 	%rd5, %rd1, %rd4;
	mul.wide.u32 	%rd6, %r12, %r4;
	rem.u64 	%rd6, %rd6, %rd2;           // the next position's entry
	mul.lo.s64 	%rd6, %rd6, %rd3;
	shl.b64 	%rd6, %rd6, 3;
	add.s64 	%rd7, %rd1, %rd6;           // its global address
	st.global.u64 	[%rd5], %rd7;
$L_done:
	ret;
}

.visible .entry lat_chase(
	.param .u64 lat_chase_param_0,      // uint64_t* p, as lat_init left it
	.param .u32 lat_chase_param_1,      // n
	.param .u32 lat_chase_param_2,      // steps
	.param .u32 lat_chase_param_3,      // space
	.param .u32 lat_chase_param_4,      // jump
	.param .u32 lat_chase_param_5,      // total: loads timed (a multiple of 8)
	.param .u64 lat_chase_param_6,      // unsigned* lat: total + 1 a block
	.param .u64 lat_chase_param_7,      // unsigned* sm: %smid a block
	.param .u64 lat_chase_param_8       // unsigned* idx: the entry reached a block
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<40>;

	ld.param.u64 	%rd1, [lat_chase_param_0];
	ld.param.u32 	%r1, [lat_chase_param_1];
	ld.param.u32 	%r2, [lat_chase_param_2];
	ld.param.u32 	%r3, [lat_chase_param_3];
	ld.param.u32 	%r4, [lat_chase_param_4];
	ld.param.u32 	%r5, [lat_chase_param_5];
	ld.param.u64 	%rd2, [lat_chase_param_6];
	ld.param.u64 	%rd3, [lat_chase_param_7];
	ld.param.u64 	%rd4, [lat_chase_param_8];
	cvta.to.global.u64 	%rd1, %rd1;
	cvta.to.global.u64 	%rd2, %rd2;
	cvta.to.global.u64 	%rd3, %rd3;
	cvta.to.global.u64 	%rd4, %rd4;
	mov.u32 	%r6, %ctaid.x;
	mov.u32 	%r7, %smid;
	mul.wide.u32 	%rd5, %r6, 4;
	add.s64 	%rd6, %rd3, %rd5;
	st.global.u32 	[%rd6], %r7;                // sm[b]
	add.s64 	%rd7, %rd4, %rd5;               // &idx[b]
	mul.lo.s32 	%r8, %r6, %r2;              // b * steps: the block's first position
	mul.wide.u32 	%rd8, %r8, %r4;
	cvt.u64.u32 	%rd9, %r1;
	rem.u64 	%rd8, %rd8, %rd9;
	cvt.u64.u32 	%rd10, %r3;
	mul.lo.s64 	%rd8, %rd8, %rd10;
	shl.b64 	%rd8, %rd8, 3;
	add.s64 	%rd11, %rd1, %rd8;              // q: its entry
	add.s32 	%r9, %r5, 1;
	mul.lo.s32 	%r10, %r6, %r9;
	mul.wide.u32 	%rd12, %r10, 4;
	add.s64 	%rd13, %rd2, %rd12;             // o: &lat[b * (total + 1)]
	mov.u32 	%r11, 0;
	mov.u64 	%rd20, %clock64;
$L_loop:
	ld.global.cg.u64 	%rd11, [%rd11];
	mov.u64 	%rd21, %clock64;
	ld.global.cg.u64 	%rd11, [%rd11];
	mov.u64 	%rd22, %clock64;
	ld.global.cg.u64 	%rd11, [%rd11];
	mov.u64 	%rd23, %clock64;
	ld.global.cg.u64 	%rd11, [%rd11];
	mov.u64 	%rd24, %clock64;
	ld.global.cg.u64 	%rd11, [%rd11];
	mov.u64 	%rd25, %clock64;
	ld.global.cg.u64 	%rd11, [%rd11];
	mov.u64 	%rd26, %clock64;
	ld.global.cg.u64 	%rd11, [%rd11];
	mov.u64 	%rd27, %clock64;
	ld.global.cg.u64 	%rd11, [%rd11];
	mov.u64 	%rd28, %clock64;
	sub.s64 	%rd30, %rd21, %rd20;
	min.u64 	%rd30, %rd30, 4294967295;
	cvt.u32.u64 	%r12, %rd30;
	st.global.u32 	[%rd13], %r12;
	sub.s64 	%rd30, %rd22, %rd21;
	min.u64 	%rd30, %rd30, 4294967295;
	cvt.u32.u64 	%r12, %rd30;
	st.global.u32 	[%rd13+4], %r12;
	sub.s64 	%rd30, %rd23, %rd22;
	min.u64 	%rd30, %rd30, 4294967295;
	cvt.u32.u64 	%r12, %rd30;
	st.global.u32 	[%rd13+8], %r12;
	sub.s64 	%rd30, %rd24, %rd23;
	min.u64 	%rd30, %rd30, 4294967295;
	cvt.u32.u64 	%r12, %rd30;
	st.global.u32 	[%rd13+12], %r12;
	sub.s64 	%rd30, %rd25, %rd24;
	min.u64 	%rd30, %rd30, 4294967295;
	cvt.u32.u64 	%r12, %rd30;
	st.global.u32 	[%rd13+16], %r12;
	sub.s64 	%rd30, %rd26, %rd25;
	min.u64 	%rd30, %rd30, 4294967295;
	cvt.u32.u64 	%r12, %rd30;
	st.global.u32 	[%rd13+20], %r12;
	sub.s64 	%rd30, %rd27, %rd26;
	min.u64 	%rd30, %rd30, 4294967295;
	cvt.u32.u64 	%r12, %rd30;
	st.global.u32 	[%rd13+24], %r12;
	sub.s64 	%rd30, %rd28, %rd27;
	min.u64 	%rd30, %rd30, 4294967295;
	cvt.u32.u64 	%r12, %rd30;
	st.global.u32 	[%rd13+28], %r12;
	mov.u64 	%rd20, %rd28;
	add.s64 	%rd13, %rd13, 32;
	add.s32 	%r11, %r11, 8;
	setp.lt.u32 	%p1, %r11, %r5;
	@%p1 bra 	$L_loop;
	ld.global.cg.u64 	%rd14, [%rd11];         // one more: its issue times the last load
	mov.u64 	%rd21, %clock64;
	sub.s64 	%rd30, %rd21, %rd20;
	min.u64 	%rd30, %rd30, 4294967295;
	cvt.u32.u64 	%r12, %rd30;
	st.global.u32 	[%rd13], %r12;
	sub.s64 	%rd15, %rd14, %rd1;
	shr.u64 	%rd15, %rd15, 3;
	cvt.u32.u64 	%r13, %rd15;
	st.global.u32 	[%rd7], %r13;               // idx[b]: the entry it read
	ret;
}
