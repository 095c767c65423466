//! size iters = 64
//! require iters >= 1 and iters <= 2 ** 20
//! buffer o1 = zeros(32)
//! buffer o2 = zeros(32)
//! buffer o3 = zeros(32)
//! buffer o4 = zeros(32)
//! launch jumps grid=1 block=32 args=(o1, iters, 1)
//! launch jumps grid=1 block=32 args=(o2, 2 * iters, 1)
//! launch jumps grid=1 block=32 args=(o3, iters, 0)
//! launch jumps grid=1 block=32 args=(o4, 2 * iters, 0)
//! check o1 = zeros(32) tol=0
//! check o2 = zeros(32) tol=0
//! check o3 = full(32, 64 * iters) tol=0
//! check o4 = full(32, 128 * iters) tol=0

// Taken branches from a warm instruction cache (simgpu/timing/fetch.py).
// One warp on one SM runs `iters` passes over 32 regions, each a branch on a
// warp-uniform predicate (the `taken` parameter) over two FADDs: ptxas keeps
// the 32 BRAs (code size: the regions' FADDs predicated instead are 32
// instructions fewer). taken = 1: 33 taken branches a pass (the 32 and the
// loop's); taken = 0: 1 (the loop's). The second launch of each pair doubles
// the passes: the differences, per added taken branch, are what a taken
// branch costs a warp in no_instruction (and branch_resolving) once the code
// is warm, free of the cold start.

.version 8.0
.target sm_90
.address_size 64

.visible .entry jumps(
	.param .u64 jumps_param_0,           // float* out (one per thread)
	.param .u32 jumps_param_1,           // iters
	.param .u32 jumps_param_2            // taken: 1 branch over every region, 0 run them
)
{
	.reg .pred 	%p<3>;
	.reg .f32 	%f<2>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [jumps_param_0];
	ld.param.u32 	%r1, [jumps_param_1];
	ld.param.u32 	%r2, [jumps_param_2];
	setp.ne.u32 	%p2, %r2, 0;
	mov.f32 	%f1, 0f00000000;
	mov.u32 	%r3, 0;
$L_jumps:
	@%p2 bra 	$J0;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J0:
	@%p2 bra 	$J1;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J1:
	@%p2 bra 	$J2;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J2:
	@%p2 bra 	$J3;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J3:
	@%p2 bra 	$J4;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J4:
	@%p2 bra 	$J5;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J5:
	@%p2 bra 	$J6;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J6:
	@%p2 bra 	$J7;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J7:
	@%p2 bra 	$J8;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J8:
	@%p2 bra 	$J9;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J9:
	@%p2 bra 	$J10;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J10:
	@%p2 bra 	$J11;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J11:
	@%p2 bra 	$J12;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J12:
	@%p2 bra 	$J13;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J13:
	@%p2 bra 	$J14;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J14:
	@%p2 bra 	$J15;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J15:
	@%p2 bra 	$J16;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J16:
	@%p2 bra 	$J17;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J17:
	@%p2 bra 	$J18;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J18:
	@%p2 bra 	$J19;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J19:
	@%p2 bra 	$J20;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J20:
	@%p2 bra 	$J21;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J21:
	@%p2 bra 	$J22;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J22:
	@%p2 bra 	$J23;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J23:
	@%p2 bra 	$J24;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J24:
	@%p2 bra 	$J25;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J25:
	@%p2 bra 	$J26;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J26:
	@%p2 bra 	$J27;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J27:
	@%p2 bra 	$J28;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J28:
	@%p2 bra 	$J29;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J29:
	@%p2 bra 	$J30;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J30:
	@%p2 bra 	$J31;
	add.f32 	%f1, %f1, 0f3F800000;
	add.f32 	%f1, %f1, 0f3F800000;
$J31:
	add.s32 	%r3, %r3, 1;
	setp.lt.u32 	%p1, %r3, %r1;
	@%p1 bra 	$L_jumps;
	cvta.to.global.u64 	%rd1, %rd1;
	mov.u32 	%r4, %tid.x;
	mul.wide.u32 	%rd2, %r4, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f1;
	ret;
}
