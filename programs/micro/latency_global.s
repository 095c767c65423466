//! size level = "l1"
//! size n = 2048 if level == "l1" else (1 << 19 if level == "l2" else 1 << 25)
//! size stride = 4 if level == "l1" else (32 if level == "l2" else 4099)
//! size steps = 16384 if level == "l2" else 2048
//! require level == "l1" or level == "l2" or level == "dram"
//! require n >= 1 and stride >= 1 and steps >= 8 and steps % 8 == 0
//! buffer p1 = zeros(n, dtype=uint64)
//! buffer p2 = zeros(n, dtype=uint64)
//! buffer out1 = zeros(1, dtype=uint32)
//! buffer out2 = zeros(1, dtype=uint32)
//! launch chase_init grid=(n + 255) // 256 block=256 args=(p1, n, stride)
//! launch chase_init grid=(n + 255) // 256 block=256 args=(p2, n, stride)
//! launch chase grid=1 block=1 args=(p1, out1, steps)
//! launch chase grid=1 block=1 args=(p2, out2, 2 * steps)
//! check out1 = full(1, steps * stride % n, dtype=uint32) tol=0
//! check out2 = full(1, 2 * steps * stride % n, dtype=uint32) tol=0

// Load-to-use latency of global memory by pointer chasing, for calibrating
// `latency_l1_cycles`, `latency_l2_cycles` and `latency_dram_cycles`: the
// footprint chosen by the sizes decides which level serves the loads.
//   chase_init: p[i] = the global address of p[(i + stride) % n] (8 bytes each);
//   chase:      one thread follows q = *q from p[0], `steps` dependent
//               64-bit loads (8 per loop iteration), and writes the index
//               reached, (steps * stride) % n.
// Each chase has its own buffer (p1, p2), initialized by its own launch, and
// the second chase takes twice the steps:
//     latency = (cycles(chase 2) - cycles(chase 1)) / steps
// The extra steps are served by the intended level when the first chase has
// already gone once around the chain (steps >= n / gcd(n, stride) for the L1
// and L2 cases: the first round trip misses in both launches and cancels)
// or never comes back to a line (the DRAM case). Nsight Compute flushes the
// caches before each launch, so every launch starts cold. `level` picks the
// sizes (each can still be set alone) and names the level the run measures,
// which tools/calibrate_h200.py reads from the record and checks:
//   l1:   16 KB (2,048 pointers), one 32-byte sector per step, 4 rounds;
//   l2:   4 MB, 256 bytes per step (16,384 lines, beyond the L1), 1 round;
//   dram: 256 MB per buffer, 4,099 pointers (~32 KB) per step, never revisited
//         (simulating it takes minutes: the init launches write 512 MB).

.version 8.0
.target sm_90
.address_size 64

.visible .entry chase_init(
	.param .u64 chase_init_param_0,     // uint64_t* p
	.param .u32 chase_init_param_1,     // n
	.param .u32 chase_init_param_2      // stride (elements)
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<10>;
	.reg .b64 	%rd<8>;

	ld.param.u64 	%rd1, [chase_init_param_0];
	ld.param.u32 	%r1, [chase_init_param_1];
	ld.param.u32 	%r2, [chase_init_param_2];
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r6, %r3, %r4, %r5;         // i
	setp.ge.u32 	%p1, %r6, %r1;
	@%p1 bra 	$L_done;
	cvta.to.global.u64 	%rd1, %rd1;
	add.s32 	%r7, %r6, %r2;
	rem.u32 	%r7, %r7, %r1;              // (i + stride) % n
	mul.wide.u32 	%rd2, %r7, 8;
	add.s64 	%rd3, %rd1, %rd2;           // its global address
	mul.wide.u32 	%rd4, %r6, 8;
	add.s64 	%rd5, %rd1, %rd4;
	st.global.u64 	[%rd5], %rd3;
$L_done:
	ret;
}

.visible .entry chase(
	.param .u64 chase_param_0,          // uint64_t* p, as chase_init left it
	.param .u64 chase_param_1,          // unsigned* out: the index reached
	.param .u32 chase_param_2           // steps (a multiple of 8)
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<8>;

	ld.param.u64 	%rd1, [chase_param_0];
	ld.param.u64 	%rd2, [chase_param_1];
	ld.param.u32 	%r1, [chase_param_2];
	cvta.to.global.u64 	%rd1, %rd1;
	cvta.to.global.u64 	%rd2, %rd2;
	mov.u64 	%rd3, %rd1;                 // q = &p[0]
	mov.u32 	%r2, 0;
$L_loop:
	ld.global.u64 	%rd3, [%rd3];
	ld.global.u64 	%rd3, [%rd3];
	ld.global.u64 	%rd3, [%rd3];
	ld.global.u64 	%rd3, [%rd3];
	ld.global.u64 	%rd3, [%rd3];
	ld.global.u64 	%rd3, [%rd3];
	ld.global.u64 	%rd3, [%rd3];
	ld.global.u64 	%rd3, [%rd3];
	add.s32 	%r2, %r2, 8;
	setp.lt.u32 	%p1, %r2, %r1;
	@%p1 bra 	$L_loop;
	sub.s64 	%rd4, %rd3, %rd1;
	shr.u64 	%rd4, %rd4, 3;
	cvt.u32.u64 	%r3, %rd4;
	st.global.u32 	[%rd2], %r3;
	ret;
}
