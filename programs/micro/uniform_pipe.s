//! size steps = 256
//! require steps >= 1
//! buffer o1 = zeros(32, dtype=uint32)
//! buffer o2 = zeros(32, dtype=uint32)
//! buffer v1 = zeros(132 * 1024, dtype=uint32)
//! buffer v2 = zeros(132 * 1024, dtype=uint32)
//! buffer m1 = zeros(132 * 1024, dtype=uint32)
//! buffer m2 = zeros(132 * 1024, dtype=uint32)
//! buffer u1 = zeros(132 * 1024, dtype=uint32)
//! buffer u2 = zeros(132 * 1024, dtype=uint32)
//! buffer v3 = zeros(132 * 128, dtype=uint32)
//! buffer v4 = zeros(132 * 128, dtype=uint32)
//! buffer m3 = zeros(132 * 128, dtype=uint32)
//! buffer m4 = zeros(132 * 128, dtype=uint32)
//! buffer u3 = zeros(132 * 128, dtype=uint32)
//! buffer u4 = zeros(132 * 128, dtype=uint32)
//! launch lat_uniform grid=1 block=32 args=(o1, steps, 1, 0)
//! launch lat_uniform grid=1 block=32 args=(o2, 2 * steps, 1, 0)
//! launch thr_vector grid=132 block=1024 args=(v1, steps, 1, 0)
//! launch thr_vector grid=132 block=1024 args=(v2, 2 * steps, 1, 0)
//! launch thr_mixed grid=132 block=1024 args=(m1, steps, 1, 0)
//! launch thr_mixed grid=132 block=1024 args=(m2, 2 * steps, 1, 0)
//! launch thr_uniform grid=132 block=1024 args=(u1, steps, 1, 0)
//! launch thr_uniform grid=132 block=1024 args=(u2, 2 * steps, 1, 0)
//! launch thr_vector grid=132 block=128 args=(v3, steps, 1, 0)
//! launch thr_vector grid=132 block=128 args=(v4, 2 * steps, 1, 0)
//! launch thr_mixed grid=132 block=128 args=(m3, steps, 1, 0)
//! launch thr_mixed grid=132 block=128 args=(m4, 2 * steps, 1, 0)
//! launch thr_uniform grid=132 block=128 args=(u3, steps, 1, 0)
//! launch thr_uniform grid=132 block=128 args=(u4, 2 * steps, 1, 0)
//! check o1 = (arange(32) + steps * 16) % 32 tol=0
//! check o2 = (arange(32) + 2 * steps * 16) % 32 tol=0
//! check v1 = 8 * (arange(132 * 1024) % 1024) + 28 + 16 * steps tol=0
//! check m1 = 8 * ((8 * (arange(132 * 1024) // 1024) + 28 + 16 * steps + arange(132 * 1024)) % 1024) + 28 + 16 * steps tol=0
//! check u1 = 8 * (arange(132 * 1024) // 1024) + 28 + 16 * steps + arange(132 * 1024) % 1024 tol=0
//! check v2 = 8 * (arange(132 * 1024) % 1024) + 28 + 32 * steps tol=0
//! check m2 = 8 * ((8 * (arange(132 * 1024) // 1024) + 28 + 32 * steps + arange(132 * 1024)) % 1024) + 28 + 32 * steps tol=0
//! check u2 = 8 * (arange(132 * 1024) // 1024) + 28 + 32 * steps + arange(132 * 1024) % 1024 tol=0
//! check v3 = 8 * (arange(132 * 128) % 128) + 28 + 16 * steps tol=0
//! check m3 = 8 * ((8 * (arange(132 * 128) // 128) + 28 + 16 * steps + arange(132 * 128)) % 128) + 28 + 16 * steps tol=0
//! check u3 = 8 * (arange(132 * 128) // 128) + 28 + 16 * steps + arange(132 * 128) % 128 tol=0
//! check v4 = 8 * (arange(132 * 128) % 128) + 28 + 32 * steps tol=0
//! check m4 = 8 * ((8 * (arange(132 * 128) // 128) + 28 + 32 * steps + arange(132 * 128)) % 128) + 28 + 32 * steps tol=0
//! check u4 = 8 * (arange(132 * 128) // 128) + 28 + 32 * steps + arange(132 * 128) % 128 tol=0
// The uniform datapath (issue 7): integer instructions on values every lane
// of a warp shares run once for the warp, on uniform registers
// (simgpu/timing/uniform.py). What one costs:
//   lat_uniform: one warp, x = (x + b) ^ c 16 times a pass on x = %ctaid.x,
//     b = 1, c = 0 as parameters: a chain of 32 dependent UIADD3/ULOP3 a
//     pass (the SASS, traces/h200/micro/micro_uniform_pipe.sass; 33 of the
//     pass's 35 instructions on the uniform pipe, Nsight's counters):
//     (cycles(2 * steps) - cycles(steps)) / (32 * steps) is its latency;
//   thr_vector: each lane 8 independent chains of the same on its %tid.x,
//     2 steps each a pass (ptxas makes 12 of the 16 adds VIADD, on the FMA
//     pipe, the rest IADD3 and the xors LOP3, on the ALU);
//   thr_mixed: the same with 8 more chains on %ctaid.x (ptxas keeps 4 of
//     them in uniform registers, 16 uniform instructions a pass, and moves
//     4 to vector registers);
//   thr_uniform: the chains on %ctaid.x alone (again 4 of them uniform).
// Each kernel runs at steps and 2 * steps (the difference of the two
// launches' cycles is the loops' alone), the throughput kernels on 132
// blocks of 32 warps (8 a scheduler: the pipes bound a pass) and of 4 (1 a
// scheduler). tools/uniform_figures.py prints what each pass issues to which
// pipe and what it takes, on the H200 and in simgpu.
// nvcc -ptx -arch=sm_90 -O3 of this CUDA source:
//
//   // x = (x + b) ^ c, 16 a pass: with b = 1, c = 0 each chain ends 16 * steps past its start
//   #define STEP(x) x = (x + b) ^ c
//   extern "C" __global__ void lat_uniform(unsigned* out, int steps, unsigned b, unsigned c) {
//       __shared__ unsigned s[32];
//       unsigned x = blockIdx.x;                       // every lane's alike: a uniform register
//   #pragma unroll 1
//       for (int i = 0; i < steps; i++) {
//   #pragma unroll
//           for (int k = 0; k < 16; k++) STEP(x);
//       }
//       s[threadIdx.x] = threadIdx.x;
//       __syncthreads();
//       out[threadIdx.x] = s[(x + threadIdx.x) & 31];
//   }
//   extern "C" __global__ void thr_vector(unsigned* out, int steps, unsigned b, unsigned c) {
//       unsigned t = threadIdx.x;
//       unsigned v0 = t, v1 = t + 1, v2 = t + 2, v3 = t + 3, v4 = t + 4, v5 = t + 5, v6 = t + 6, v7 = t + 7;
//   #pragma unroll 1
//       for (int i = 0; i < steps; i++) {
//   #pragma unroll
//           for (int k = 0; k < 2; k++) { STEP(v0); STEP(v1); STEP(v2); STEP(v3); STEP(v4); STEP(v5); STEP(v6); STEP(v7); }
//       }
//       out[blockIdx.x * blockDim.x + t] = v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7;
//   }
//   extern "C" __global__ void thr_mixed(unsigned* out, int steps, unsigned b, unsigned c) {
//       __shared__ unsigned s[1024];
//       unsigned t = threadIdx.x, u = blockIdx.x;
//       unsigned v0 = t, v1 = t + 1, v2 = t + 2, v3 = t + 3, v4 = t + 4, v5 = t + 5, v6 = t + 6, v7 = t + 7;
//       unsigned u0 = u, u1 = u + 1, u2 = u + 2, u3 = u + 3, u4 = u + 4, u5 = u + 5, u6 = u + 6, u7 = u + 7;
//   #pragma unroll 1
//       for (int i = 0; i < steps; i++) {
//   #pragma unroll
//           for (int k = 0; k < 2; k++) {
//               STEP(v0); STEP(v1); STEP(v2); STEP(v3); STEP(v4); STEP(v5); STEP(v6); STEP(v7);
//               STEP(u0); STEP(u1); STEP(u2); STEP(u3); STEP(u4); STEP(u5); STEP(u6); STEP(u7);
//           }
//       }
//       s[t] = v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7;
//       __syncthreads();
//       out[blockIdx.x * blockDim.x + t] = s[(u0 + u1 + u2 + u3 + u4 + u5 + u6 + u7 + t) & (blockDim.x - 1)];   // blockDim.x a power of 2
//   }
//   extern "C" __global__ void thr_uniform(unsigned* out, int steps, unsigned b, unsigned c) {
//       unsigned u = blockIdx.x;
//       unsigned u0 = u, u1 = u + 1, u2 = u + 2, u3 = u + 3, u4 = u + 4, u5 = u + 5, u6 = u + 6, u7 = u + 7;
//   #pragma unroll 1
//       for (int i = 0; i < steps; i++) {
//   #pragma unroll
//           for (int k = 0; k < 2; k++) { STEP(u0); STEP(u1); STEP(u2); STEP(u3); STEP(u4); STEP(u5); STEP(u6); STEP(u7); }
//       }
//       out[blockIdx.x * blockDim.x + threadIdx.x] = u0 + u1 + u2 + u3 + u4 + u5 + u6 + u7 + threadIdx.x;
//   }
//
.version 9.0
.target sm_90
.address_size 64

	// .globl	lat_uniform
// _ZZ11lat_uniformE1s has been demoted
// _ZZ9thr_mixedE1s has been demoted

.visible .entry lat_uniform(
	.param .u64 lat_uniform_param_0,
	.param .u32 lat_uniform_param_1,
	.param .u32 lat_uniform_param_2,
	.param .u32 lat_uniform_param_3
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<54>;
	.reg .b64 	%rd<5>;
	// demoted variable
	.shared .align 4 .b8 _ZZ11lat_uniformE1s[128];

	ld.param.u64 	%rd1, [lat_uniform_param_0];
	ld.param.u32 	%r7, [lat_uniform_param_1];
	ld.param.u32 	%r8, [lat_uniform_param_2];
	ld.param.u32 	%r9, [lat_uniform_param_3];
	mov.u32 	%r53, %ctaid.x;
	setp.lt.s32 	%p1, %r7, 1;
	@%p1 bra 	$L__BB0_3;

	mov.u32 	%r51, 0;

$L__BB0_2:
	.pragma "nounroll";
	add.s32 	%r11, %r53, %r8;
	xor.b32  	%r12, %r11, %r9;
	add.s32 	%r13, %r12, %r8;
	xor.b32  	%r14, %r13, %r9;
	add.s32 	%r15, %r14, %r8;
	xor.b32  	%r16, %r15, %r9;
	add.s32 	%r17, %r16, %r8;
	xor.b32  	%r18, %r17, %r9;
	add.s32 	%r19, %r18, %r8;
	xor.b32  	%r20, %r19, %r9;
	add.s32 	%r21, %r20, %r8;
	xor.b32  	%r22, %r21, %r9;
	add.s32 	%r23, %r22, %r8;
	xor.b32  	%r24, %r23, %r9;
	add.s32 	%r25, %r24, %r8;
	xor.b32  	%r26, %r25, %r9;
	add.s32 	%r27, %r26, %r8;
	xor.b32  	%r28, %r27, %r9;
	add.s32 	%r29, %r28, %r8;
	xor.b32  	%r30, %r29, %r9;
	add.s32 	%r31, %r30, %r8;
	xor.b32  	%r32, %r31, %r9;
	add.s32 	%r33, %r32, %r8;
	xor.b32  	%r34, %r33, %r9;
	add.s32 	%r35, %r34, %r8;
	xor.b32  	%r36, %r35, %r9;
	add.s32 	%r37, %r36, %r8;
	xor.b32  	%r38, %r37, %r9;
	add.s32 	%r39, %r38, %r8;
	xor.b32  	%r40, %r39, %r9;
	add.s32 	%r41, %r40, %r8;
	xor.b32  	%r53, %r41, %r9;
	add.s32 	%r51, %r51, 1;
	setp.lt.s32 	%p2, %r51, %r7;
	@%p2 bra 	$L__BB0_2;

$L__BB0_3:
	mov.u32 	%r42, %tid.x;
	shl.b32 	%r43, %r42, 2;
	mov.u32 	%r44, _ZZ11lat_uniformE1s;
	add.s32 	%r45, %r44, %r43;
	st.shared.u32 	[%r45], %r42;
	bar.sync 	0;
	add.s32 	%r46, %r53, %r42;
	shl.b32 	%r47, %r46, 2;
	and.b32  	%r48, %r47, 124;
	add.s32 	%r49, %r44, %r48;
	ld.shared.u32 	%r50, [%r49];
	cvta.to.global.u64 	%rd2, %rd1;
	mul.wide.u32 	%rd3, %r42, 4;
	add.s64 	%rd4, %rd2, %rd3;
	st.global.u32 	[%rd4], %r50;
	ret;

}
	// .globl	thr_vector
.visible .entry thr_vector(
	.param .u64 thr_vector_param_0,
	.param .u32 thr_vector_param_1,
	.param .u32 thr_vector_param_2,
	.param .u32 thr_vector_param_3
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<90>;
	.reg .b64 	%rd<5>;


	ld.param.u64 	%rd1, [thr_vector_param_0];
	ld.param.u32 	%r35, [thr_vector_param_1];
	ld.param.u32 	%r36, [thr_vector_param_2];
	ld.param.u32 	%r37, [thr_vector_param_3];
	mov.u32 	%r1, %tid.x;
	add.s32 	%r85, %r1, 1;
	add.s32 	%r84, %r1, 2;
	add.s32 	%r83, %r1, 3;
	add.s32 	%r82, %r1, 4;
	add.s32 	%r87, %r1, 5;
	add.s32 	%r88, %r1, 6;
	add.s32 	%r89, %r1, 7;
	setp.lt.s32 	%p1, %r35, 1;
	mov.u32 	%r86, %r1;
	@%p1 bra 	$L__BB1_3;

	mov.u32 	%r73, 0;
	mov.u32 	%r86, %r1;

$L__BB1_2:
	.pragma "nounroll";
	add.s32 	%r39, %r86, %r36;
	xor.b32  	%r40, %r39, %r37;
	add.s32 	%r41, %r85, %r36;
	xor.b32  	%r42, %r41, %r37;
	add.s32 	%r43, %r84, %r36;
	xor.b32  	%r44, %r43, %r37;
	add.s32 	%r45, %r83, %r36;
	xor.b32  	%r46, %r45, %r37;
	add.s32 	%r47, %r82, %r36;
	xor.b32  	%r48, %r47, %r37;
	add.s32 	%r49, %r87, %r36;
	xor.b32  	%r50, %r49, %r37;
	add.s32 	%r51, %r88, %r36;
	xor.b32  	%r52, %r51, %r37;
	add.s32 	%r53, %r89, %r36;
	xor.b32  	%r54, %r53, %r37;
	add.s32 	%r55, %r40, %r36;
	xor.b32  	%r86, %r55, %r37;
	add.s32 	%r56, %r42, %r36;
	xor.b32  	%r85, %r56, %r37;
	add.s32 	%r57, %r44, %r36;
	xor.b32  	%r84, %r57, %r37;
	add.s32 	%r58, %r46, %r36;
	xor.b32  	%r83, %r58, %r37;
	add.s32 	%r59, %r48, %r36;
	xor.b32  	%r82, %r59, %r37;
	add.s32 	%r60, %r50, %r36;
	xor.b32  	%r87, %r60, %r37;
	add.s32 	%r61, %r52, %r36;
	xor.b32  	%r88, %r61, %r37;
	add.s32 	%r62, %r54, %r36;
	xor.b32  	%r89, %r62, %r37;
	add.s32 	%r73, %r73, 1;
	setp.lt.s32 	%p2, %r73, %r35;
	@%p2 bra 	$L__BB1_2;

$L__BB1_3:
	add.s32 	%r63, %r83, %r82;
	add.s32 	%r64, %r63, %r84;
	add.s32 	%r65, %r64, %r85;
	add.s32 	%r66, %r65, %r86;
	add.s32 	%r67, %r66, %r87;
	add.s32 	%r68, %r67, %r88;
	add.s32 	%r69, %r68, %r89;
	mov.u32 	%r70, %ntid.x;
	mov.u32 	%r71, %ctaid.x;
	mad.lo.s32 	%r72, %r71, %r70, %r1;
	cvta.to.global.u64 	%rd2, %rd1;
	mul.wide.u32 	%rd3, %r72, 4;
	add.s64 	%rd4, %rd2, %rd3;
	st.global.u32 	[%rd4], %r69;
	ret;

}
	// .globl	thr_mixed
.visible .entry thr_mixed(
	.param .u64 thr_mixed_param_0,
	.param .u32 thr_mixed_param_1,
	.param .u32 thr_mixed_param_2,
	.param .u32 thr_mixed_param_3
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<192>;
	.reg .b64 	%rd<5>;
	// demoted variable
	.shared .align 4 .b8 _ZZ9thr_mixedE1s[4096];

	ld.param.u64 	%rd1, [thr_mixed_param_0];
	ld.param.u32 	%r82, [thr_mixed_param_1];
	ld.param.u32 	%r83, [thr_mixed_param_2];
	ld.param.u32 	%r84, [thr_mixed_param_3];
	mov.u32 	%r1, %tid.x;
	add.s32 	%r186, %r1, 1;
	add.s32 	%r185, %r1, 2;
	add.s32 	%r184, %r1, 3;
	add.s32 	%r183, %r1, 4;
	add.s32 	%r182, %r1, 5;
	add.s32 	%r181, %r1, 6;
	add.s32 	%r180, %r1, 7;
	mov.u32 	%r9, %ctaid.x;
	add.s32 	%r178, %r9, 1;
	add.s32 	%r177, %r9, 2;
	add.s32 	%r176, %r9, 3;
	add.s32 	%r188, %r9, 4;
	add.s32 	%r189, %r9, 5;
	add.s32 	%r190, %r9, 6;
	add.s32 	%r191, %r9, 7;
	setp.lt.s32 	%p1, %r82, 1;
	mov.u32 	%r179, %r9;
	mov.u32 	%r187, %r1;
	@%p1 bra 	$L__BB2_3;

	mov.u32 	%r179, %ctaid.x;
	add.s32 	%r191, %r179, 7;
	add.s32 	%r190, %r179, 6;
	add.s32 	%r189, %r179, 5;
	add.s32 	%r188, %r179, 4;
	mov.u32 	%r187, %tid.x;
	add.s32 	%r186, %r187, 1;
	add.s32 	%r185, %r187, 2;
	add.s32 	%r184, %r187, 3;
	add.s32 	%r183, %r187, 4;
	add.s32 	%r182, %r187, 5;
	add.s32 	%r181, %r187, 6;
	add.s32 	%r180, %r187, 7;
	add.s32 	%r178, %r179, 1;
	add.s32 	%r177, %r179, 2;
	mov.u32 	%r159, 0;

$L__BB2_2:
	.pragma "nounroll";
	add.s32 	%r86, %r187, %r83;
	xor.b32  	%r87, %r86, %r84;
	add.s32 	%r88, %r186, %r83;
	xor.b32  	%r89, %r88, %r84;
	add.s32 	%r90, %r185, %r83;
	xor.b32  	%r91, %r90, %r84;
	add.s32 	%r92, %r184, %r83;
	xor.b32  	%r93, %r92, %r84;
	add.s32 	%r94, %r183, %r83;
	xor.b32  	%r95, %r94, %r84;
	add.s32 	%r96, %r182, %r83;
	xor.b32  	%r97, %r96, %r84;
	add.s32 	%r98, %r181, %r83;
	xor.b32  	%r99, %r98, %r84;
	add.s32 	%r100, %r180, %r83;
	xor.b32  	%r101, %r100, %r84;
	add.s32 	%r102, %r179, %r83;
	xor.b32  	%r103, %r102, %r84;
	add.s32 	%r104, %r178, %r83;
	xor.b32  	%r105, %r104, %r84;
	add.s32 	%r106, %r177, %r83;
	xor.b32  	%r107, %r106, %r84;
	add.s32 	%r108, %r176, %r83;
	xor.b32  	%r109, %r108, %r84;
	add.s32 	%r110, %r188, %r83;
	xor.b32  	%r111, %r110, %r84;
	add.s32 	%r112, %r189, %r83;
	xor.b32  	%r113, %r112, %r84;
	add.s32 	%r114, %r190, %r83;
	xor.b32  	%r115, %r114, %r84;
	add.s32 	%r116, %r191, %r83;
	xor.b32  	%r117, %r116, %r84;
	add.s32 	%r118, %r87, %r83;
	xor.b32  	%r187, %r118, %r84;
	add.s32 	%r119, %r89, %r83;
	xor.b32  	%r186, %r119, %r84;
	add.s32 	%r120, %r91, %r83;
	xor.b32  	%r185, %r120, %r84;
	add.s32 	%r121, %r93, %r83;
	xor.b32  	%r184, %r121, %r84;
	add.s32 	%r122, %r95, %r83;
	xor.b32  	%r183, %r122, %r84;
	add.s32 	%r123, %r97, %r83;
	xor.b32  	%r182, %r123, %r84;
	add.s32 	%r124, %r99, %r83;
	xor.b32  	%r181, %r124, %r84;
	add.s32 	%r125, %r101, %r83;
	xor.b32  	%r180, %r125, %r84;
	add.s32 	%r126, %r103, %r83;
	xor.b32  	%r179, %r126, %r84;
	add.s32 	%r127, %r105, %r83;
	xor.b32  	%r178, %r127, %r84;
	add.s32 	%r128, %r107, %r83;
	xor.b32  	%r177, %r128, %r84;
	add.s32 	%r129, %r109, %r83;
	xor.b32  	%r176, %r129, %r84;
	add.s32 	%r130, %r111, %r83;
	xor.b32  	%r188, %r130, %r84;
	add.s32 	%r131, %r113, %r83;
	xor.b32  	%r189, %r131, %r84;
	add.s32 	%r132, %r115, %r83;
	xor.b32  	%r190, %r132, %r84;
	add.s32 	%r133, %r117, %r83;
	xor.b32  	%r191, %r133, %r84;
	add.s32 	%r159, %r159, 1;
	setp.lt.s32 	%p2, %r159, %r82;
	@%p2 bra 	$L__BB2_2;

$L__BB2_3:
	add.s32 	%r134, %r181, %r180;
	add.s32 	%r135, %r134, %r182;
	add.s32 	%r136, %r135, %r183;
	add.s32 	%r137, %r136, %r184;
	add.s32 	%r138, %r137, %r185;
	add.s32 	%r139, %r138, %r186;
	add.s32 	%r140, %r139, %r187;
	shl.b32 	%r141, %r1, 2;
	mov.u32 	%r142, _ZZ9thr_mixedE1s;
	add.s32 	%r143, %r142, %r141;
	st.shared.u32 	[%r143], %r140;
	bar.sync 	0;
	add.s32 	%r144, %r176, %r1;
	add.s32 	%r145, %r144, %r177;
	add.s32 	%r146, %r145, %r178;
	add.s32 	%r147, %r146, %r179;
	add.s32 	%r148, %r147, %r188;
	add.s32 	%r149, %r148, %r189;
	add.s32 	%r150, %r149, %r190;
	add.s32 	%r151, %r150, %r191;
	mov.u32 	%r152, %ntid.x;
	add.s32 	%r153, %r152, -1;
	and.b32  	%r154, %r151, %r153;
	shl.b32 	%r155, %r154, 2;
	add.s32 	%r156, %r142, %r155;
	ld.shared.u32 	%r157, [%r156];
	mad.lo.s32 	%r158, %r9, %r152, %r1;
	cvta.to.global.u64 	%rd2, %rd1;
	mul.wide.u32 	%rd3, %r158, 4;
	add.s64 	%rd4, %rd2, %rd3;
	st.global.u32 	[%rd4], %r157;
	ret;

}
	// .globl	thr_uniform
.visible .entry thr_uniform(
	.param .u64 thr_uniform_param_0,
	.param .u32 thr_uniform_param_1,
	.param .u32 thr_uniform_param_2,
	.param .u32 thr_uniform_param_3
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<91>;
	.reg .b64 	%rd<5>;


	ld.param.u64 	%rd1, [thr_uniform_param_0];
	ld.param.u32 	%r35, [thr_uniform_param_1];
	ld.param.u32 	%r36, [thr_uniform_param_2];
	ld.param.u32 	%r37, [thr_uniform_param_3];
	mov.u32 	%r1, %ctaid.x;
	add.s32 	%r86, %r1, 1;
	add.s32 	%r85, %r1, 2;
	add.s32 	%r84, %r1, 3;
	add.s32 	%r83, %r1, 4;
	add.s32 	%r88, %r1, 5;
	add.s32 	%r89, %r1, 6;
	add.s32 	%r90, %r1, 7;
	setp.lt.s32 	%p1, %r35, 1;
	mov.u32 	%r87, %r1;
	@%p1 bra 	$L__BB3_3;

	mov.u32 	%r74, 0;
	mov.u32 	%r87, %r1;

$L__BB3_2:
	.pragma "nounroll";
	add.s32 	%r39, %r87, %r36;
	xor.b32  	%r40, %r39, %r37;
	add.s32 	%r41, %r86, %r36;
	xor.b32  	%r42, %r41, %r37;
	add.s32 	%r43, %r85, %r36;
	xor.b32  	%r44, %r43, %r37;
	add.s32 	%r45, %r84, %r36;
	xor.b32  	%r46, %r45, %r37;
	add.s32 	%r47, %r83, %r36;
	xor.b32  	%r48, %r47, %r37;
	add.s32 	%r49, %r88, %r36;
	xor.b32  	%r50, %r49, %r37;
	add.s32 	%r51, %r89, %r36;
	xor.b32  	%r52, %r51, %r37;
	add.s32 	%r53, %r90, %r36;
	xor.b32  	%r54, %r53, %r37;
	add.s32 	%r55, %r40, %r36;
	xor.b32  	%r87, %r55, %r37;
	add.s32 	%r56, %r42, %r36;
	xor.b32  	%r86, %r56, %r37;
	add.s32 	%r57, %r44, %r36;
	xor.b32  	%r85, %r57, %r37;
	add.s32 	%r58, %r46, %r36;
	xor.b32  	%r84, %r58, %r37;
	add.s32 	%r59, %r48, %r36;
	xor.b32  	%r83, %r59, %r37;
	add.s32 	%r60, %r50, %r36;
	xor.b32  	%r88, %r60, %r37;
	add.s32 	%r61, %r52, %r36;
	xor.b32  	%r89, %r61, %r37;
	add.s32 	%r62, %r54, %r36;
	xor.b32  	%r90, %r62, %r37;
	add.s32 	%r74, %r74, 1;
	setp.lt.s32 	%p2, %r74, %r35;
	@%p2 bra 	$L__BB3_2;

$L__BB3_3:
	mov.u32 	%r63, %tid.x;
	add.s32 	%r64, %r83, %r63;
	add.s32 	%r65, %r64, %r84;
	add.s32 	%r66, %r65, %r85;
	add.s32 	%r67, %r66, %r86;
	add.s32 	%r68, %r67, %r87;
	add.s32 	%r69, %r68, %r88;
	add.s32 	%r70, %r69, %r89;
	add.s32 	%r71, %r70, %r90;
	mov.u32 	%r72, %ntid.x;
	mad.lo.s32 	%r73, %r1, %r72, %r63;
	cvta.to.global.u64 	%rd2, %rd1;
	mul.wide.u32 	%rd3, %r73, 4;
	add.s64 	%rd4, %rd2, %rd3;
	st.global.u32 	[%rd4], %r71;
	ret;

}

