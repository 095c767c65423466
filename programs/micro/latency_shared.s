//! size steps = 64
//! size n = 1024
//! size stride = 1
//! require steps >= 1 and 1 <= n <= 1024 and stride >= 1
//! buffer out1 = zeros(32, dtype=uint32)
//! buffer out2 = zeros(32, dtype=uint32)
//! launch lat_shared grid=1 block=32 args=(out1, steps, n, stride)
//! launch lat_shared grid=1 block=32 args=(out2, 2 * steps, n, stride)
//! check out1 = full(32, steps * 32 * stride % n, dtype=uint32) tol=0
//! check out2 = full(32, 2 * steps * 32 * stride % n, dtype=uint32) tol=0

// Load-to-use latency of shared memory (SASS LDS), for calibrating
// `latency_shared_cycles`: a pointer chase. The warp fills chain[i] with the
// shared address of chain[(i + stride) % n], then every lane follows the
// chain from chain[0], a = chain[a], 32 loads per iteration, each needing
// the previous one's value as its address (all lanes on one word: one
// wavefront, no bank conflict). out[lane] = the index reached,
// (32 * steps * stride) % n. Two launches (steps, 2 * steps):
//     latency = (cycles(2 * steps) - cycles(steps)) / (32 * steps)

.version 8.0
.target sm_90
.address_size 64

.shared .align 4 .b32 chain[1024];

.visible .entry lat_shared(
	.param .u64 lat_shared_param_0,     // unsigned* out (one per lane)
	.param .u32 lat_shared_param_1,     // steps: loop iterations of 32 dependent loads
	.param .u32 lat_shared_param_2,     // n: chain length (<= 1024 words)
	.param .u32 lat_shared_param_3      // stride: words between consecutive links
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [lat_shared_param_0];
	ld.param.u32 	%r1, [lat_shared_param_1];
	ld.param.u32 	%r2, [lat_shared_param_2];
	ld.param.u32 	%r3, [lat_shared_param_3];
	mov.u32 	%r4, %tid.x;
	mov.u32 	%r5, chain;
	mov.u32 	%r6, %r4;                   // i = lane
$L_init:
	setp.ge.u32 	%p1, %r6, %r2;
	@%p1 bra 	$L_init_done;
	add.s32 	%r7, %r6, %r3;
	rem.u32 	%r7, %r7, %r2;              // (i + stride) % n
	shl.b32 	%r7, %r7, 2;
	add.s32 	%r7, %r7, %r5;              // its shared address
	shl.b32 	%r8, %r6, 2;
	add.s32 	%r8, %r8, %r5;
	st.shared.u32 	[%r8], %r7;
	add.s32 	%r6, %r6, 32;
	bra.uni 	$L_init;
$L_init_done:
	bar.sync 	0;
	mov.u32 	%r9, %r5;                   // a = &chain[0]
	mov.u32 	%r10, 0;
$L_loop:
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	ld.shared.u32 	%r9, [%r9];
	add.s32 	%r10, %r10, 1;
	setp.lt.u32 	%p2, %r10, %r1;
	@%p2 bra 	$L_loop;
	sub.s32 	%r11, %r9, %r5;
	shr.u32 	%r11, %r11, 2;              // index reached
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r4, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r11;
	ret;
}
