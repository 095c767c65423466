//! size steps = 32
//! size blocks = 2
//! size lsteps = 16
//! require steps % 16 == 0 and lsteps % 16 == 0 and steps >= 16 and lsteps >= 16 and blocks >= 1
//! buffer ld_chase_1 = zeros(32, dtype=uint32)
//! buffer ld_chase_2 = zeros(32, dtype=uint32)
//! buffer ld_chase_div_1 = zeros(32, dtype=uint32)
//! buffer ld_chase_div_2 = zeros(32, dtype=uint32)
//! buffer ld_next_1 = zeros(32, dtype=uint32)
//! buffer ld_next_2 = zeros(32, dtype=uint32)
//! buffer ld_next_div_1 = zeros(32, dtype=uint32)
//! buffer ld_next_div_2 = zeros(32, dtype=uint32)
//! buffer rmw_same_1 = zeros(32, dtype=uint32)
//! buffer rmw_same_2 = zeros(32, dtype=uint32)
//! buffer rmw_d2_1 = zeros(32, dtype=uint32)
//! buffer rmw_d2_2 = zeros(32, dtype=uint32)
//! buffer rmw_d4_1 = zeros(32, dtype=uint32)
//! buffer rmw_d4_2 = zeros(32, dtype=uint32)
//! buffer rmw_d8_1 = zeros(32, dtype=uint32)
//! buffer rmw_d8_2 = zeros(32, dtype=uint32)
//! buffer rmw_ring_1 = zeros(32, dtype=uint32)
//! buffer rmw_ring_2 = zeros(32, dtype=uint32)
//! buffer rmw_same_div_1 = zeros(32, dtype=uint32)
//! buffer rmw_same_div_2 = zeros(32, dtype=uint32)
//! buffer rmw_ring_div_1 = zeros(32, dtype=uint32)
//! buffer rmw_ring_div_2 = zeros(32, dtype=uint32)
//! buffer st_other_1 = zeros(32, dtype=uint32)
//! buffer st_other_2 = zeros(32, dtype=uint32)
//! buffer st_other_div_1 = zeros(32, dtype=uint32)
//! buffer st_other_div_2 = zeros(32, dtype=uint32)
//! buffer st_stream_1 = zeros(32, dtype=uint32)
//! buffer st_stream_2 = zeros(32, dtype=uint32)
//! buffer busy_ld_next_1 = zeros(blocks * 256, dtype=uint32)
//! buffer busy_ld_next_2 = zeros(blocks * 256, dtype=uint32)
//! buffer busy_ld_next_div_1 = zeros(blocks * 256, dtype=uint32)
//! buffer busy_ld_next_div_2 = zeros(blocks * 256, dtype=uint32)
//! buffer busy_rmw_same_1 = zeros(blocks * 256, dtype=uint32)
//! buffer busy_rmw_same_2 = zeros(blocks * 256, dtype=uint32)
//! buffer busy_rmw_ring_div_1 = zeros(blocks * 256, dtype=uint32)
//! buffer busy_rmw_ring_div_2 = zeros(blocks * 256, dtype=uint32)
//! buffer busy_st_other_div_1 = zeros(blocks * 256, dtype=uint32)
//! buffer busy_st_other_div_2 = zeros(blocks * 256, dtype=uint32)
//! buffer busy_st_stream_1 = zeros(blocks * 256, dtype=uint32)
//! buffer busy_st_stream_2 = zeros(blocks * 256, dtype=uint32)
//! launch ld_chase grid=1 block=32 args=(ld_chase_1, steps, 0)
//! launch ld_chase grid=1 block=32 args=(ld_chase_2, 2 * steps, 0)
//! launch ld_chase_div grid=1 block=32 args=(ld_chase_div_1, steps, 15)
//! launch ld_chase_div grid=1 block=32 args=(ld_chase_div_2, 2 * steps, 15)
//! launch ld_next grid=1 block=32 args=(ld_next_1, steps, 0, 16)
//! launch ld_next grid=1 block=32 args=(ld_next_2, 2 * steps, 0, 16)
//! launch ld_next_div grid=1 block=32 args=(ld_next_div_1, steps, 15, 16)
//! launch ld_next_div grid=1 block=32 args=(ld_next_div_2, 2 * steps, 15, 16)
//! launch rmw_same grid=1 block=32 args=(rmw_same_1, steps, 0, 1, 0)
//! launch rmw_same grid=1 block=32 args=(rmw_same_2, 2 * steps, 0, 1, 0)
//! launch rmw_d2 grid=1 block=32 args=(rmw_d2_1, steps, 0, 2, 0)
//! launch rmw_d2 grid=1 block=32 args=(rmw_d2_2, 2 * steps, 0, 2, 0)
//! launch rmw_d4 grid=1 block=32 args=(rmw_d4_1, steps, 0, 4, 0)
//! launch rmw_d4 grid=1 block=32 args=(rmw_d4_2, 2 * steps, 0, 4, 0)
//! launch rmw_d8 grid=1 block=32 args=(rmw_d8_1, steps, 0, 8, 0)
//! launch rmw_d8 grid=1 block=32 args=(rmw_d8_2, 2 * steps, 0, 8, 0)
//! launch rmw_ring grid=1 block=32 args=(rmw_ring_1, steps, 0, 16, 0)
//! launch rmw_ring grid=1 block=32 args=(rmw_ring_2, 2 * steps, 0, 16, 0)
//! launch rmw_same_div grid=1 block=32 args=(rmw_same_div_1, steps, 15, 1, 0)
//! launch rmw_same_div grid=1 block=32 args=(rmw_same_div_2, 2 * steps, 15, 1, 0)
//! launch rmw_ring_div grid=1 block=32 args=(rmw_ring_div_1, steps, 15, 16, 0)
//! launch rmw_ring_div grid=1 block=32 args=(rmw_ring_div_2, 2 * steps, 15, 16, 0)
//! launch st_other grid=1 block=32 args=(st_other_1, steps, 0, 8, 32)
//! launch st_other grid=1 block=32 args=(st_other_2, 2 * steps, 0, 8, 32)
//! launch st_other_div grid=1 block=32 args=(st_other_div_1, steps, 7, 8, 32)
//! launch st_other_div grid=1 block=32 args=(st_other_div_2, 2 * steps, 7, 8, 32)
//! launch st_stream grid=1 block=32 args=(st_stream_1, steps, 0, 5)
//! launch st_stream grid=1 block=32 args=(st_stream_2, 2 * steps, 0, 5)
//! launch busy_ld_next grid=blocks block=256 args=(busy_ld_next_1, lsteps, 0, 16)
//! launch busy_ld_next grid=blocks block=256 args=(busy_ld_next_2, 2 * lsteps, 0, 16)
//! launch busy_ld_next_div grid=blocks block=256 args=(busy_ld_next_div_1, lsteps, 15, 16)
//! launch busy_ld_next_div grid=blocks block=256 args=(busy_ld_next_div_2, 2 * lsteps, 15, 16)
//! launch busy_rmw_same grid=blocks block=256 args=(busy_rmw_same_1, lsteps, 0, 1, 0)
//! launch busy_rmw_same grid=blocks block=256 args=(busy_rmw_same_2, 2 * lsteps, 0, 1, 0)
//! launch busy_rmw_ring_div grid=blocks block=256 args=(busy_rmw_ring_div_1, lsteps, 15, 16, 0)
//! launch busy_rmw_ring_div grid=blocks block=256 args=(busy_rmw_ring_div_2, 2 * lsteps, 15, 16, 0)
//! launch busy_st_other_div grid=blocks block=256 args=(busy_st_other_div_1, lsteps, 7, 8, 32)
//! launch busy_st_other_div grid=blocks block=256 args=(busy_st_other_div_2, 2 * lsteps, 7, 8, 32)
//! launch busy_st_stream grid=blocks block=256 args=(busy_st_stream_1, lsteps, 0, 5)
//! launch busy_st_stream grid=blocks block=256 args=(busy_st_stream_2, 2 * lsteps, 0, 5)
//! check ld_chase_1 = zeros(32, dtype=uint32) tol=0
//! check ld_chase_2 = zeros(32, dtype=uint32) tol=0
//! check ld_chase_div_1 = (arange(32) % 32 % 16).astype(uint32) tol=0
//! check ld_chase_div_2 = (arange(32) % 32 % 16).astype(uint32) tol=0
//! check ld_next_1 = full(32, 262144, dtype=uint32) tol=0
//! check ld_next_2 = full(32, 262144, dtype=uint32) tol=0
//! check ld_next_div_1 = (((arange(32) % 32 % 16 + 1) % 16) * 262144).astype(uint32) tol=0
//! check ld_next_div_2 = (((arange(32) % 32 % 16 + 1) % 16) * 262144).astype(uint32) tol=0
//! check rmw_same_1 = full(32, steps // 1, dtype=uint32) tol=0
//! check rmw_same_2 = full(32, (2 * steps) // 1, dtype=uint32) tol=0
//! check rmw_d2_1 = full(32, 262144 + steps // 2, dtype=uint32) tol=0
//! check rmw_d2_2 = full(32, 262144 + (2 * steps) // 2, dtype=uint32) tol=0
//! check rmw_d4_1 = full(32, 262144 + steps // 4, dtype=uint32) tol=0
//! check rmw_d4_2 = full(32, 262144 + (2 * steps) // 4, dtype=uint32) tol=0
//! check rmw_d8_1 = full(32, 262144 + steps // 8, dtype=uint32) tol=0
//! check rmw_d8_2 = full(32, 262144 + (2 * steps) // 8, dtype=uint32) tol=0
//! check rmw_ring_1 = full(32, 262144 + steps // 16, dtype=uint32) tol=0
//! check rmw_ring_2 = full(32, 262144 + (2 * steps) // 16, dtype=uint32) tol=0
//! check rmw_same_div_1 = ((arange(32) % 32 % 16) * 262144 + steps // 1).astype(uint32) tol=0
//! check rmw_same_div_2 = ((arange(32) % 32 % 16) * 262144 + (2 * steps) // 1).astype(uint32) tol=0
//! check rmw_ring_div_1 = (((arange(32) % 32 % 16 + 1) % 16) * 262144 + steps // 16).astype(uint32) tol=0
//! check rmw_ring_div_2 = (((arange(32) % 32 % 16 + 1) % 16) * 262144 + (2 * steps) // 16).astype(uint32) tol=0
//! check st_other_1 = full(32, 262144, dtype=uint32) tol=0
//! check st_other_2 = full(32, 262144, dtype=uint32) tol=0
//! check st_other_div_1 = (((arange(32) % 32 % 8 + 1) % 8) * 262144).astype(uint32) tol=0
//! check st_other_div_2 = (((arange(32) % 32 % 8 + 1) % 8) * 262144).astype(uint32) tol=0
//! check st_stream_1 = full(32, steps // 16 - 1, dtype=uint32) tol=0
//! check st_stream_2 = full(32, (2 * steps) // 16 - 1, dtype=uint32) tol=0
//! check busy_ld_next_1 = full(blocks * 256, 262144, dtype=uint32) tol=0
//! check busy_ld_next_2 = full(blocks * 256, 262144, dtype=uint32) tol=0
//! check busy_ld_next_div_1 = (((arange(blocks * 256) % 32 % 16 + 1) % 16) * 262144).astype(uint32) tol=0
//! check busy_ld_next_div_2 = (((arange(blocks * 256) % 32 % 16 + 1) % 16) * 262144).astype(uint32) tol=0
//! check busy_rmw_same_1 = full(blocks * 256, lsteps // 1, dtype=uint32) tol=0
//! check busy_rmw_same_2 = full(blocks * 256, (2 * lsteps) // 1, dtype=uint32) tol=0
//! check busy_rmw_ring_div_1 = (((arange(blocks * 256) % 32 % 16 + 1) % 16) * 262144 + lsteps // 16).astype(uint32) tol=0
//! check busy_rmw_ring_div_2 = (((arange(blocks * 256) % 32 % 16 + 1) % 16) * 262144 + (2 * lsteps) // 16).astype(uint32) tol=0
//! check busy_st_other_div_1 = (((arange(blocks * 256) % 32 % 8 + 1) % 8) * 262144).astype(uint32) tol=0
//! check busy_st_other_div_2 = (((arange(blocks * 256) % 32 % 8 + 1) % 8) * 262144).astype(uint32) tol=0
//! check busy_st_stream_1 = full(blocks * 256, lsteps // 16 - 1, dtype=uint32) tol=0
//! check busy_st_stream_2 = full(blocks * 256, (2 * lsteps) // 16 - 1, dtype=uint32) tol=0
// Local memory (issue: the held-out local_hist.cu keeps `int h[16]` indexed by
// data in local memory; per nibble its SASS is LDL -> VIADD -> STL, and the
// H200 took ~1,280 cycles a read-modify-write a warp where simgpu's fixed L1
// latency predicts ~30,000 cycles for the kernel, -86%). Each thread owns a
// 16-word `.local` array (64 bytes, as local_hist's); local memory interleaves
// the threads' words, so word k of a warp's 32 threads is one 128-byte line:
// a uniform index is one line (4 sectors), index lane & 15 is 16 lines (32
// sectors, lanes l and l + 16 on one line), as local_hist's random nibbles
// (23.4 sectors a request on the H200). Every kernel runs `steps` steps, 16 a loop
// iteration (`.pragma "nounroll"`), and is launched twice, steps then 2 x
// steps: the launches' difference over the added steps is the cycles a step.
// Each step depends on the one before (the SASS in traces/h200/micro/
// micro_local_mem.sass):
//   ld_chase(_div): p = *p, arr[i] holding &arr[(i + 1) % 16]: LDL -> LDL,
//     the LDL hit latency; _div from word lane & 15 (16 lines).
//   ld_next(_div): v = *p; p = arr + (v >> 16) (LDL -> LEA.HI -> LDL), word i
//     holding next(i) << 18 with next(i) = i - i % n + (i + 1) % n (rings of n
//     words) and a count in its low 16 bits: the baseline of the rmw kernels.
//   rmw_*: v = *p; *(p + off) = v + 1; p = arr + (v >> 16) (LDL -> VIADD ->
//     STL, LEA.HI -> LDL: local_hist's read-modify-write, the next load issued
//     after the store). rmw_same: n = 1, each load reads the word the store
//     just before it wrote; rmw_d2, _d4, _d8, rmw_ring: n = 2, 4, 8, 16, the
//     load reads the line stored n - 1 steps before; rmw_same_div and
//     rmw_ring_div: the same on 16 lines (lane & 15).
//   st_other(_div): off = 32: loads from words 0-7 (ring of 8), stores to
//     word + 8 (lines never loaded): is it any load after a store that waits,
//     or a load of the stored line?
//   st_stream: 16 independent stores a loop iteration (STL [R+imm]), one to
//     each word (uniform: a line each), the last read back: the stores'
//     throughput; with Nsight's lts__t_sectors_srcunit_tex_op_write, whether
//     local stores write through to the L2.
// One warp (grid=1 block=32) for the latencies; busy_* are the same bodies on
// `blocks` blocks of 256 threads (local_hist's launch at blocks=256: about
// 15.5 warps an SM), lsteps then 2 x lsteps steps. The defaults are small for
// simgpu; tools/device_local_mem.sh records steps=256, blocks=256, lsteps=64.
// The kernels of one kind share their body (only the names differ, so that
// Nsight's rows name the case); every result is checked: the word reached, its
// count of read-modify-writes (steps / n; 0 where the stores went elsewhere),
// st_stream's last iteration. tools/local_mem_figures.py prints the H200's
// cycles a step and the local-memory counters (tools/device_local_mem.sh).

.version 8.0
.target sm_90
.address_size 64

.visible .entry ld_chase(
	.param .u64 ld_chase_param_0,          // unsigned* out, a word a thread
	.param .u32 ld_chase_param_1,          // steps: a multiple of 16
	.param .u32 ld_chase_param_2           // dmask: the thread starts at word lane & dmask
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [ld_chase_param_0];
	ld.param.u32 	%r1, [ld_chase_param_1];
	ld.param.u32 	%r2, [ld_chase_param_2];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_ld_chase_init:                                // arr[i] = &arr[(i + 1) % 16]
	add.s32 	%r5, %r4, 1;
	and.b32 	%r5, %r5, 15;
	shl.b32 	%r5, %r5, 2;
	add.s32 	%r5, %r5, %r3;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_ld_chase_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_ld_chase_loop:
	.pragma "nounroll";
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_ld_chase_loop;
	sub.s32 	%r12, %r9, %r3;
	shr.u32 	%r12, %r12, 2;              // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry ld_chase_div(
	.param .u64 ld_chase_div_param_0,      // unsigned* out, a word a thread
	.param .u32 ld_chase_div_param_1,      // steps: a multiple of 16
	.param .u32 ld_chase_div_param_2       // dmask: the thread starts at word lane & dmask
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [ld_chase_div_param_0];
	ld.param.u32 	%r1, [ld_chase_div_param_1];
	ld.param.u32 	%r2, [ld_chase_div_param_2];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_ld_chase_div_init:                                // arr[i] = &arr[(i + 1) % 16]
	add.s32 	%r5, %r4, 1;
	and.b32 	%r5, %r5, 15;
	shl.b32 	%r5, %r5, 2;
	add.s32 	%r5, %r5, %r3;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_ld_chase_div_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_ld_chase_div_loop:
	.pragma "nounroll";
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	ld.local.u32 	%r9, [%r9];
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_ld_chase_div_loop;
	sub.s32 	%r12, %r9, %r3;
	shr.u32 	%r12, %r12, 2;              // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry ld_next(
	.param .u64 ld_next_param_0,           // unsigned* out, a word a thread
	.param .u32 ld_next_param_1,           // steps: a multiple of 16
	.param .u32 ld_next_param_2,           // dmask: the thread starts at word lane & dmask
	.param .u32 ld_next_param_3            // n: the rings' length: word i leads to i - i % n + (i + 1) % n
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [ld_next_param_0];
	ld.param.u32 	%r1, [ld_next_param_1];
	ld.param.u32 	%r2, [ld_next_param_2];
	ld.param.u32 	%r20, [ld_next_param_3];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_ld_next_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_ld_next_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_ld_next_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_ld_next_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry ld_next_div(
	.param .u64 ld_next_div_param_0,       // unsigned* out, a word a thread
	.param .u32 ld_next_div_param_1,       // steps: a multiple of 16
	.param .u32 ld_next_div_param_2,       // dmask: the thread starts at word lane & dmask
	.param .u32 ld_next_div_param_3        // n: the rings' length: word i leads to i - i % n + (i + 1) % n
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [ld_next_div_param_0];
	ld.param.u32 	%r1, [ld_next_div_param_1];
	ld.param.u32 	%r2, [ld_next_div_param_2];
	ld.param.u32 	%r20, [ld_next_div_param_3];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_ld_next_div_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_ld_next_div_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_ld_next_div_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_ld_next_div_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry rmw_same(
	.param .u64 rmw_same_param_0,          // unsigned* out, a word a thread
	.param .u32 rmw_same_param_1,          // steps: a multiple of 16
	.param .u32 rmw_same_param_2,          // dmask: the thread starts at word lane & dmask
	.param .u32 rmw_same_param_3,          // n: the rings' length: word i leads to i - i % n + (i + 1) % n
	.param .u32 rmw_same_param_4           // off: bytes from the word loaded to the word stored
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [rmw_same_param_0];
	ld.param.u32 	%r1, [rmw_same_param_1];
	ld.param.u32 	%r2, [rmw_same_param_2];
	ld.param.u32 	%r20, [rmw_same_param_3];
	ld.param.u32 	%r21, [rmw_same_param_4];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_rmw_same_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_rmw_same_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_rmw_same_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_rmw_same_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry rmw_d2(
	.param .u64 rmw_d2_param_0,            // unsigned* out, a word a thread
	.param .u32 rmw_d2_param_1,            // steps: a multiple of 16
	.param .u32 rmw_d2_param_2,            // dmask: the thread starts at word lane & dmask
	.param .u32 rmw_d2_param_3,            // n: the rings' length: word i leads to i - i % n + (i + 1) % n
	.param .u32 rmw_d2_param_4             // off: bytes from the word loaded to the word stored
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [rmw_d2_param_0];
	ld.param.u32 	%r1, [rmw_d2_param_1];
	ld.param.u32 	%r2, [rmw_d2_param_2];
	ld.param.u32 	%r20, [rmw_d2_param_3];
	ld.param.u32 	%r21, [rmw_d2_param_4];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_rmw_d2_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_rmw_d2_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_rmw_d2_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_rmw_d2_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry rmw_d4(
	.param .u64 rmw_d4_param_0,            // unsigned* out, a word a thread
	.param .u32 rmw_d4_param_1,            // steps: a multiple of 16
	.param .u32 rmw_d4_param_2,            // dmask: the thread starts at word lane & dmask
	.param .u32 rmw_d4_param_3,            // n: the rings' length: word i leads to i - i % n + (i + 1) % n
	.param .u32 rmw_d4_param_4             // off: bytes from the word loaded to the word stored
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [rmw_d4_param_0];
	ld.param.u32 	%r1, [rmw_d4_param_1];
	ld.param.u32 	%r2, [rmw_d4_param_2];
	ld.param.u32 	%r20, [rmw_d4_param_3];
	ld.param.u32 	%r21, [rmw_d4_param_4];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_rmw_d4_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_rmw_d4_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_rmw_d4_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_rmw_d4_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry rmw_d8(
	.param .u64 rmw_d8_param_0,            // unsigned* out, a word a thread
	.param .u32 rmw_d8_param_1,            // steps: a multiple of 16
	.param .u32 rmw_d8_param_2,            // dmask: the thread starts at word lane & dmask
	.param .u32 rmw_d8_param_3,            // n: the rings' length: word i leads to i - i % n + (i + 1) % n
	.param .u32 rmw_d8_param_4             // off: bytes from the word loaded to the word stored
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [rmw_d8_param_0];
	ld.param.u32 	%r1, [rmw_d8_param_1];
	ld.param.u32 	%r2, [rmw_d8_param_2];
	ld.param.u32 	%r20, [rmw_d8_param_3];
	ld.param.u32 	%r21, [rmw_d8_param_4];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_rmw_d8_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_rmw_d8_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_rmw_d8_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_rmw_d8_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry rmw_ring(
	.param .u64 rmw_ring_param_0,          // unsigned* out, a word a thread
	.param .u32 rmw_ring_param_1,          // steps: a multiple of 16
	.param .u32 rmw_ring_param_2,          // dmask: the thread starts at word lane & dmask
	.param .u32 rmw_ring_param_3,          // n: the rings' length: word i leads to i - i % n + (i + 1) % n
	.param .u32 rmw_ring_param_4           // off: bytes from the word loaded to the word stored
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [rmw_ring_param_0];
	ld.param.u32 	%r1, [rmw_ring_param_1];
	ld.param.u32 	%r2, [rmw_ring_param_2];
	ld.param.u32 	%r20, [rmw_ring_param_3];
	ld.param.u32 	%r21, [rmw_ring_param_4];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_rmw_ring_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_rmw_ring_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_rmw_ring_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_rmw_ring_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry rmw_same_div(
	.param .u64 rmw_same_div_param_0,      // unsigned* out, a word a thread
	.param .u32 rmw_same_div_param_1,      // steps: a multiple of 16
	.param .u32 rmw_same_div_param_2,      // dmask: the thread starts at word lane & dmask
	.param .u32 rmw_same_div_param_3,      // n: the rings' length: word i leads to i - i % n + (i + 1) % n
	.param .u32 rmw_same_div_param_4       // off: bytes from the word loaded to the word stored
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [rmw_same_div_param_0];
	ld.param.u32 	%r1, [rmw_same_div_param_1];
	ld.param.u32 	%r2, [rmw_same_div_param_2];
	ld.param.u32 	%r20, [rmw_same_div_param_3];
	ld.param.u32 	%r21, [rmw_same_div_param_4];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_rmw_same_div_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_rmw_same_div_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_rmw_same_div_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_rmw_same_div_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry rmw_ring_div(
	.param .u64 rmw_ring_div_param_0,      // unsigned* out, a word a thread
	.param .u32 rmw_ring_div_param_1,      // steps: a multiple of 16
	.param .u32 rmw_ring_div_param_2,      // dmask: the thread starts at word lane & dmask
	.param .u32 rmw_ring_div_param_3,      // n: the rings' length: word i leads to i - i % n + (i + 1) % n
	.param .u32 rmw_ring_div_param_4       // off: bytes from the word loaded to the word stored
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [rmw_ring_div_param_0];
	ld.param.u32 	%r1, [rmw_ring_div_param_1];
	ld.param.u32 	%r2, [rmw_ring_div_param_2];
	ld.param.u32 	%r20, [rmw_ring_div_param_3];
	ld.param.u32 	%r21, [rmw_ring_div_param_4];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_rmw_ring_div_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_rmw_ring_div_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_rmw_ring_div_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_rmw_ring_div_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry st_other(
	.param .u64 st_other_param_0,          // unsigned* out, a word a thread
	.param .u32 st_other_param_1,          // steps: a multiple of 16
	.param .u32 st_other_param_2,          // dmask: the thread starts at word lane & dmask
	.param .u32 st_other_param_3,          // n: the rings' length: word i leads to i - i % n + (i + 1) % n
	.param .u32 st_other_param_4           // off: bytes from the word loaded to the word stored
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [st_other_param_0];
	ld.param.u32 	%r1, [st_other_param_1];
	ld.param.u32 	%r2, [st_other_param_2];
	ld.param.u32 	%r20, [st_other_param_3];
	ld.param.u32 	%r21, [st_other_param_4];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_st_other_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_st_other_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_st_other_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_st_other_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry st_other_div(
	.param .u64 st_other_div_param_0,      // unsigned* out, a word a thread
	.param .u32 st_other_div_param_1,      // steps: a multiple of 16
	.param .u32 st_other_div_param_2,      // dmask: the thread starts at word lane & dmask
	.param .u32 st_other_div_param_3,      // n: the rings' length: word i leads to i - i % n + (i + 1) % n
	.param .u32 st_other_div_param_4       // off: bytes from the word loaded to the word stored
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [st_other_div_param_0];
	ld.param.u32 	%r1, [st_other_div_param_1];
	ld.param.u32 	%r2, [st_other_div_param_2];
	ld.param.u32 	%r20, [st_other_div_param_3];
	ld.param.u32 	%r21, [st_other_div_param_4];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_st_other_div_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_st_other_div_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_st_other_div_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_st_other_div_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry st_stream(
	.param .u64 st_stream_param_0,         // unsigned* out, a word a thread
	.param .u32 st_stream_param_1,         // steps: a multiple of 16
	.param .u32 st_stream_param_2,         // zero: 0 (keeps the stores' address unknown to ptxas)
	.param .u32 st_stream_param_3          // x: the word read back at the end
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [st_stream_param_0];
	ld.param.u32 	%r1, [st_stream_param_1];
	ld.param.u32 	%r2, [st_stream_param_2];
	ld.param.u32 	%r20, [st_stream_param_3];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	add.s32 	%r9, %r3, %r2;              // p = arr + zero
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_st_stream_loop:
	.pragma "nounroll";
	st.local.u32 	[%r9+0], %r11;
	st.local.u32 	[%r9+4], %r11;
	st.local.u32 	[%r9+8], %r11;
	st.local.u32 	[%r9+12], %r11;
	st.local.u32 	[%r9+16], %r11;
	st.local.u32 	[%r9+20], %r11;
	st.local.u32 	[%r9+24], %r11;
	st.local.u32 	[%r9+28], %r11;
	st.local.u32 	[%r9+32], %r11;
	st.local.u32 	[%r9+36], %r11;
	st.local.u32 	[%r9+40], %r11;
	st.local.u32 	[%r9+44], %r11;
	st.local.u32 	[%r9+48], %r11;
	st.local.u32 	[%r9+52], %r11;
	st.local.u32 	[%r9+56], %r11;
	st.local.u32 	[%r9+60], %r11;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_st_stream_loop;
	and.b32 	%r8, %r20, 15;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;
	ld.local.u32 	%r12, [%r9];             // arr[x % 16]
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry busy_ld_next(
	.param .u64 busy_ld_next_param_0,      // unsigned* out, a word a thread
	.param .u32 busy_ld_next_param_1,      // steps: a multiple of 16
	.param .u32 busy_ld_next_param_2,      // dmask: the thread starts at word lane & dmask
	.param .u32 busy_ld_next_param_3       // n: the rings' length: word i leads to i - i % n + (i + 1) % n
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [busy_ld_next_param_0];
	ld.param.u32 	%r1, [busy_ld_next_param_1];
	ld.param.u32 	%r2, [busy_ld_next_param_2];
	ld.param.u32 	%r20, [busy_ld_next_param_3];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_busy_ld_next_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_busy_ld_next_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_busy_ld_next_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_busy_ld_next_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry busy_ld_next_div(
	.param .u64 busy_ld_next_div_param_0,  // unsigned* out, a word a thread
	.param .u32 busy_ld_next_div_param_1,  // steps: a multiple of 16
	.param .u32 busy_ld_next_div_param_2,  // dmask: the thread starts at word lane & dmask
	.param .u32 busy_ld_next_div_param_3   // n: the rings' length: word i leads to i - i % n + (i + 1) % n
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [busy_ld_next_div_param_0];
	ld.param.u32 	%r1, [busy_ld_next_div_param_1];
	ld.param.u32 	%r2, [busy_ld_next_div_param_2];
	ld.param.u32 	%r20, [busy_ld_next_div_param_3];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_busy_ld_next_div_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_busy_ld_next_div_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_busy_ld_next_div_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_busy_ld_next_div_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry busy_rmw_same(
	.param .u64 busy_rmw_same_param_0,     // unsigned* out, a word a thread
	.param .u32 busy_rmw_same_param_1,     // steps: a multiple of 16
	.param .u32 busy_rmw_same_param_2,     // dmask: the thread starts at word lane & dmask
	.param .u32 busy_rmw_same_param_3,     // n: the rings' length: word i leads to i - i % n + (i + 1) % n
	.param .u32 busy_rmw_same_param_4      // off: bytes from the word loaded to the word stored
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [busy_rmw_same_param_0];
	ld.param.u32 	%r1, [busy_rmw_same_param_1];
	ld.param.u32 	%r2, [busy_rmw_same_param_2];
	ld.param.u32 	%r20, [busy_rmw_same_param_3];
	ld.param.u32 	%r21, [busy_rmw_same_param_4];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_busy_rmw_same_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_busy_rmw_same_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_busy_rmw_same_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_busy_rmw_same_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry busy_rmw_ring_div(
	.param .u64 busy_rmw_ring_div_param_0, // unsigned* out, a word a thread
	.param .u32 busy_rmw_ring_div_param_1, // steps: a multiple of 16
	.param .u32 busy_rmw_ring_div_param_2, // dmask: the thread starts at word lane & dmask
	.param .u32 busy_rmw_ring_div_param_3, // n: the rings' length: word i leads to i - i % n + (i + 1) % n
	.param .u32 busy_rmw_ring_div_param_4  // off: bytes from the word loaded to the word stored
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [busy_rmw_ring_div_param_0];
	ld.param.u32 	%r1, [busy_rmw_ring_div_param_1];
	ld.param.u32 	%r2, [busy_rmw_ring_div_param_2];
	ld.param.u32 	%r20, [busy_rmw_ring_div_param_3];
	ld.param.u32 	%r21, [busy_rmw_ring_div_param_4];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_busy_rmw_ring_div_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_busy_rmw_ring_div_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_busy_rmw_ring_div_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_busy_rmw_ring_div_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry busy_st_other_div(
	.param .u64 busy_st_other_div_param_0, // unsigned* out, a word a thread
	.param .u32 busy_st_other_div_param_1, // steps: a multiple of 16
	.param .u32 busy_st_other_div_param_2, // dmask: the thread starts at word lane & dmask
	.param .u32 busy_st_other_div_param_3, // n: the rings' length: word i leads to i - i % n + (i + 1) % n
	.param .u32 busy_st_other_div_param_4  // off: bytes from the word loaded to the word stored
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [busy_st_other_div_param_0];
	ld.param.u32 	%r1, [busy_st_other_div_param_1];
	ld.param.u32 	%r2, [busy_st_other_div_param_2];
	ld.param.u32 	%r20, [busy_st_other_div_param_3];
	ld.param.u32 	%r21, [busy_st_other_div_param_4];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	mov.u32 	%r4, 0;
$L_busy_st_other_div_init:                                // arr[i] = next(i) << 18, next(i) = i - i % n + (i + 1) % n
	rem.u32 	%r5, %r4, %r20;
	sub.s32 	%r5, %r4, %r5;
	add.s32 	%r6, %r4, 1;
	rem.u32 	%r6, %r6, %r20;
	add.s32 	%r5, %r5, %r6;
	shl.b32 	%r5, %r5, 18;
	shl.b32 	%r6, %r4, 2;
	add.s32 	%r6, %r6, %r3;
	st.local.u32 	[%r6], %r5;
	add.s32 	%r4, %r4, 1;
	setp.lt.u32 	%p1, %r4, 16;
	@%p1 bra 	$L_busy_st_other_div_init;
	and.b32 	%r8, %r7, %r2;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;              // p = &arr[lane & dmask]
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_busy_st_other_div_loop:
	.pragma "nounroll";
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	ld.local.u32 	%r16, [%r9];
	add.s32 	%r18, %r9, %r21;
	add.s32 	%r19, %r16, 1;
	st.local.u32 	[%r18], %r19;
	shr.u32 	%r17, %r16, 16;
	add.s32 	%r9, %r3, %r17;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_busy_st_other_div_loop;
	ld.local.u32 	%r12, [%r9];             // the word reached
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}

.visible .entry busy_st_stream(
	.param .u64 busy_st_stream_param_0,    // unsigned* out, a word a thread
	.param .u32 busy_st_stream_param_1,    // steps: a multiple of 16
	.param .u32 busy_st_stream_param_2,    // zero: 0 (keeps the stores' address unknown to ptxas)
	.param .u32 busy_st_stream_param_3     // x: the word read back at the end
)
{
	.local .align 16 .b32 	arr[16];
	.reg .pred 	%p<3>;
	.reg .b32 	%r<24>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [busy_st_stream_param_0];
	ld.param.u32 	%r1, [busy_st_stream_param_1];
	ld.param.u32 	%r2, [busy_st_stream_param_2];
	ld.param.u32 	%r20, [busy_st_stream_param_3];
	mov.u32 	%r3, arr;                   // the array's local address
	mov.u32 	%r7, %tid.x;
	add.s32 	%r9, %r3, %r2;              // p = arr + zero
	shr.u32 	%r10, %r1, 4;               // iterations of 16 steps
	mov.u32 	%r11, 0;
$L_busy_st_stream_loop:
	.pragma "nounroll";
	st.local.u32 	[%r9+0], %r11;
	st.local.u32 	[%r9+4], %r11;
	st.local.u32 	[%r9+8], %r11;
	st.local.u32 	[%r9+12], %r11;
	st.local.u32 	[%r9+16], %r11;
	st.local.u32 	[%r9+20], %r11;
	st.local.u32 	[%r9+24], %r11;
	st.local.u32 	[%r9+28], %r11;
	st.local.u32 	[%r9+32], %r11;
	st.local.u32 	[%r9+36], %r11;
	st.local.u32 	[%r9+40], %r11;
	st.local.u32 	[%r9+44], %r11;
	st.local.u32 	[%r9+48], %r11;
	st.local.u32 	[%r9+52], %r11;
	st.local.u32 	[%r9+56], %r11;
	st.local.u32 	[%r9+60], %r11;
	add.s32 	%r11, %r11, 1;
	setp.lt.u32 	%p2, %r11, %r10;
	@%p2 bra 	$L_busy_st_stream_loop;
	and.b32 	%r8, %r20, 15;
	shl.b32 	%r8, %r8, 2;
	add.s32 	%r9, %r3, %r8;
	ld.local.u32 	%r12, [%r9];             // arr[x % 16]
	mov.u32 	%r13, %ctaid.x;
	mov.u32 	%r14, %ntid.x;
	mad.lo.s32 	%r15, %r13, %r14, %r7;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r15, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r12;
	ret;
}
