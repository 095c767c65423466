"""Integer codes shared by the assembler (which writes them) and the compiled
executor (which dispatches on them). Numba reads these module-level ints as
compile-time constants, so they are fixed here rather than numbered from the
ISA table at import (a reordered table must never meet a stale on-disk cache).
"""

# ---- opcodes (one per PTX opcode name in isa/instructions.toml) ----
OPCODES = (
    "nop", "mov", "add", "sub", "mul", "mad", "mul24", "mad24", "fma", "div", "rem",
    "abs", "neg", "min", "max", "and", "or", "xor", "not", "cnot", "lop3", "shl", "shr",
    "setp", "selp", "cvt", "cvta", "rcp", "sqrt", "rsqrt", "ex2", "lg2", "sin", "cos",
    "tanh", "copysign", "testp", "bfe", "bfi", "popc", "clz", "brev", "prmt",
    "ld", "ldu", "st", "prefetch", "atom", "red", "bra", "ret", "exit", "bar", "barrier",
    "membar", "fence", "shfl", "vote", "activemask", "redux", "shf", "match", "sad", "nanosleep", "cp",
    "set", "call", "mma", "ldmatrix", "stmatrix", "movmatrix", "bfind", "fns", "dp4a", "dp2a",
)
OP = {name: i for i, name in enumerate(OPCODES)}
(OP_NOP, OP_MOV, OP_ADD, OP_SUB, OP_MUL, OP_MAD, OP_MUL24, OP_MAD24, OP_FMA, OP_DIV, OP_REM,
 OP_ABS, OP_NEG, OP_MIN, OP_MAX, OP_AND, OP_OR, OP_XOR, OP_NOT, OP_CNOT, OP_LOP3, OP_SHL, OP_SHR,
 OP_SETP, OP_SELP, OP_CVT, OP_CVTA, OP_RCP, OP_SQRT, OP_RSQRT, OP_EX2, OP_LG2, OP_SIN, OP_COS,
 OP_TANH, OP_COPYSIGN, OP_TESTP, OP_BFE, OP_BFI, OP_POPC, OP_CLZ, OP_BREV, OP_PRMT,
 OP_LD, OP_LDU, OP_ST, OP_PREFETCH, OP_ATOM, OP_RED, OP_BRA, OP_RET, OP_EXIT, OP_BAR, OP_BARRIER,
 OP_MEMBAR, OP_FENCE, OP_SHFL, OP_VOTE, OP_ACTIVEMASK, OP_REDUX, OP_SHF, OP_MATCH, OP_SAD,
 OP_NANOSLEEP, OP_CP, OP_SET, OP_CALL, OP_MMA, OP_LDMATRIX, OP_STMATRIX,
 OP_MOVMATRIX, OP_BFIND, OP_FNS, OP_DP4A, OP_DP2A) = range(len(OPCODES))

# ---- data types: code -> (name, bits, kind) ; kind 0 unsigned/bits, 1 signed, 2 float ----
TYPES = (
    ("none", 0, 0), ("pred", 1, 0),
    ("b8", 8, 0), ("u8", 8, 0), ("s8", 8, 1),
    ("b16", 16, 0), ("u16", 16, 0), ("s16", 16, 1), ("f16", 16, 2), ("bf16", 16, 2),
    ("b32", 32, 0), ("u32", 32, 0), ("s32", 32, 1), ("f32", 32, 2),
    ("b64", 64, 0), ("u64", 64, 0), ("s64", 64, 1), ("f64", 64, 2),
    ("f16x2", 32, 2), ("bf16x2", 32, 2),      # two halves packed in a 32-bit register, low half first
    ("tf32", 32, 2),                          # an f32 whose low 13 mantissa bits mma ignores
)
TYPE = {name: i for i, (name, _, _) in enumerate(TYPES)}
(T_NONE, T_PRED, T_B8, T_U8, T_S8, T_B16, T_U16, T_S16, T_F16, T_BF16,
 T_B32, T_U32, T_S32, T_F32, T_B64, T_U64, T_S64, T_F64, T_F16X2, T_BF16X2, T_TF32) = range(len(TYPES))
HALF_TYPES = (T_F16, T_BF16, T_F16X2, T_BF16X2)
TYPE_BITS = tuple(b for _, b, _ in TYPES)
TYPE_KIND = tuple(k for _, _, k in TYPES)
KIND_UNSIGNED, KIND_SIGNED, KIND_FLOAT = 0, 1, 2

# ---- operand kinds ----
K_NONE = 0      # absent (or the sink `_`)
K_R32 = 1       # 32-bit register file (also holds 8/16-bit registers)
K_R64 = 2       # 64-bit register file
K_PRED = 3      # predicate register (value), `!p` sets the NEG flag
K_IMM = 4       # immediate: bits in imm_bits, value as float in imm_f
K_SREG = 5      # special register (index into SREG_NAMES)
K_ADDR = 6      # memory operand: base register (reg field, file in reg2) + imm offset
K_LABEL = 7     # branch target: pc in imm_bits
K_RGRP = 8      # a brace list of registers (mma's fragments, ldmatrix's destinations): the
                # program's `groups` row in oreg, how many in obits, their file (K_R32/K_R64) in oreg2

# address base register file for K_ADDR (stored in opnd_reg2)
ABASE_NONE, ABASE_R32, ABASE_R64 = 0, 1, 2

# a float register source's modifiers (in opnd_reg2), set only by the ptxas lowering: SASS reads
# |x| and -x in the instruction that uses them (FADD R0, -R1, |R2|; FSETP |R2|; FFMA -R3, R2, 1),
# so `abs`/`neg` and a contracted `sub` cost no instruction (lower.fold_float_modifiers). |x| is
# taken first: both bits read -|x|.
FMOD_NEG, FMOD_ABS = 1, 2

# ---- special registers ----
SREG_NAMES = (
    "%tid.x", "%tid.y", "%tid.z", "%ntid.x", "%ntid.y", "%ntid.z",
    "%ctaid.x", "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y", "%nctaid.z",
    "%laneid", "%warpid", "%smid", "%nwarpid", "%nsmid", "%clock", "%clock64",
    "%lanemask_eq", "%lanemask_lt", "%lanemask_le", "%lanemask_gt", "%lanemask_ge",
    "%gridid",
)
SREG = {name: i for i, name in enumerate(SREG_NAMES)}
SREG["%tid"] = SREG["%tid.x"]            # PTX allows the bare vector name for .x
(SR_TID_X, SR_TID_Y, SR_TID_Z, SR_NTID_X, SR_NTID_Y, SR_NTID_Z,
 SR_CTAID_X, SR_CTAID_Y, SR_CTAID_Z, SR_NCTAID_X, SR_NCTAID_Y, SR_NCTAID_Z,
 SR_LANEID, SR_WARPID, SR_SMID, SR_NWARPID, SR_NSMID, SR_CLOCK, SR_CLOCK64,
 SR_LANEMASK_EQ, SR_LANEMASK_LT, SR_LANEMASK_LE, SR_LANEMASK_GT, SR_LANEMASK_GE,
 SR_GRIDID) = range(len(SREG_NAMES))

# ---- state spaces ----
SPACE_GENERIC, SPACE_GLOBAL, SPACE_SHARED, SPACE_LOCAL, SPACE_PARAM, SPACE_CONST = range(6)
SPACE_NAMES = ("generic", "global", "shared", "local", "param", "const")

# ---- sub-operation (field `sub`): one meaning per opcode family ----
# mul/mad: which part of the product
MUL_LO, MUL_HI, MUL_WIDE = 0, 1, 2
# setp comparisons
CMP_NAMES = ("eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
             "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan")
CMP = {n: i for i, n in enumerate(CMP_NAMES)}
(CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_LO, CMP_LS, CMP_HI, CMP_HS,
 CMP_EQU, CMP_NEU, CMP_LTU, CMP_LEU, CMP_GTU, CMP_GEU, CMP_NUM, CMP_NAN) = range(len(CMP_NAMES))
# setp boolean combination (field `sub2`)
BOOL_NONE, BOOL_AND, BOOL_OR, BOOL_XOR = 0, 1, 2, 3
# atomics / redux operations
ATOM_NAMES = ("add", "min", "max", "exch", "cas", "and", "or", "xor", "inc", "dec")
ATOM = {n: i for i, n in enumerate(ATOM_NAMES)}
(A_ADD, A_MIN, A_MAX, A_EXCH, A_CAS, A_AND, A_OR, A_XOR, A_INC, A_DEC) = range(len(ATOM_NAMES))
# shuffle modes
SHFL = {"up": 0, "down": 1, "bfly": 2, "idx": 3}
SHFL_UP, SHFL_DOWN, SHFL_BFLY, SHFL_IDX = range(4)
# vote modes
VOTE = {"all": 0, "any": 1, "uni": 2, "ballot": 3}
VOTE_ALL, VOTE_ANY, VOTE_UNI, VOTE_BALLOT = range(4)
# bar: sync or arrive
BAR_SYNC, BAR_ARRIVE = 0, 1
# bar.red's reduction (sub2; operands: 0 the result, 1 the barrier, 2 the thread count, 3 the predicate)
BARRED_NONE, BARRED_POPC, BARRED_AND, BARRED_OR = 0, 1, 2, 3
# nop (sub): an instruction the lowering removed, or bar.warp.sync (a warp's lanes only part at
# branches and meet again at their join in simgpu, so there is nothing for it to wait for)
NOP_PLAIN, NOP_WARPSYNC = 0, 1
# match modes
MATCH = {"any": 0, "all": 1}
MATCH_ANY, MATCH_ALL = 0, 1
# cp.async forms (sub): the copy (operands: 1 its size, 2 the source's size, 4 the global source, 5 the
# shared destination), commit_group, wait_group N (operand 1), wait_all
CP_ASYNC, CP_COMMIT, CP_WAIT_GROUP, CP_WAIT_ALL = 0, 1, 2, 3
# call (sub): the system calls a `call` is left as (other calls are inlined: ptx/inline.py);
# operands: 0 the result's .param variable, 1... the arguments' (all in local memory)
SYSCALLS = {"vprintf": 0, "__assertfail": 1}
SYS_VPRINTF, SYS_ASSERTFAIL = 0, 1
SYSCALL_ARGS = {"vprintf": (2, 1), "__assertfail": (5, 0)}     # (arguments, results)
# mma shapes (sub): (M, N, K) of D = A * B + C, a warp's matrices spread over its lanes'
# registers (exec/tensor.py); operands 0 D, 1 A, 2 B, 3 C (groups), sub2 the C/D element type
MMA_SHAPES = ("m16n8k16", "m16n8k8", "m16n8k4", "m8n8k4", "m16n8k32", "m8n8k16")
MMA_M = (16, 16, 16, 8, 16, 8)
MMA_N = (8, 8, 8, 8, 8, 8)
MMA_K = (16, 8, 4, 4, 32, 16)
# ldmatrix/stmatrix (sub): how many 8x8 matrices (1, 2, 4); sub2 1 for .trans; operands 0 the
# registers (a group), 4 the address
# membar/fence scope (sub): the CTA's, or wider (.gl, .gpu, .sys, .cluster: timing/tables.py)
FENCE_CTA, FENCE_GPU = 0, 1
# testp classes
TESTP = {"finite": 0, "infinite": 1, "number": 2, "notanumber": 3, "normal": 4, "subnormal": 5}
# cvta direction (sub) ; space in `space`
CVTA_TO_GENERIC, CVTA_FROM_GENERIC = 0, 1
# prmt modes
PRMT = {"": 0, "f4e": 1, "b4e": 2, "rc8": 3, "ecl": 4, "ecr": 5, "rc16": 6}

# ---- rounding (field `rnd`) ----
RND = {"": 0, "rn": 0, "rz": 1, "rm": 2, "rp": 3, "rni": 4, "rzi": 5, "rmi": 6, "rpi": 7, "rna": 8}
RND_RN, RND_RZ, RND_RM, RND_RP, RND_RNI, RND_RZI, RND_RMI, RND_RPI, RND_RNA = range(9)
# (.rna, to nearest with ties away from zero: cvt.rna.tf32.f32 only)

# ---- flags (field `flags`, a bit set) ----
F_FTZ = 1
F_SAT = 2
F_APPROX = 4
F_UNI = 8
F_VOLATILE = 16
F_RELU = 32
F_HAS_RND = 64      # a rounding modifier was written
F_L2_ONLY = 128     # a global load that bypasses the L1: .cg, .cv, .volatile (PTX ISA, "Cache Operators")
F_NAN = 256         # min.NaN / max.NaN: a NaN operand gives the canonical NaN (PTX ISA 9.7.3.11-12)
F_SHARED_SYM = 512  # an operand is a shared variable's address (ptxas: a ULEA of the block's shared window)
F_BSYNC = 1024      # the ptxas lowering's BSYNC (convergence.py): each path of a split warp issues it
F_TEST = 2048       # the ptxas lowering's bit test (lower.fuse_bit_tests): setp.eq/ne.b32 p, a, m compares a & m with 0
F_HIGH_HALF = 4096  # the ptxas lowering's HADD2.F32 of a pair's high half (lower.fold_half_unpacks): cvt.f32.f16 reads bits 16-31
F_SPIN = 8192       # the ptxas lowering's ATOMS.CAST.SPIN (lower.expand_shared_float_atomics): atom.shared.cas
#                     stores where it compares equal and writes 1, else 0; one lane a bank tries, the others fail
F_GUARD = 16384     # the ptxas lowering's FSETP that a branch reads right after it (ieee.py's div.rn.f64 check):
#                     its reader waits latency_guard_cycles, as ptxas's S13 there (tables.build_tables)

# ---- execution status returned by the warp step ----
ST_OK, ST_BARRIER, ST_EXITED, ST_FAULT = 0, 1, 2, 3

# ---- fault codes (err[0]) ----
(E_NONE, E_OOB, E_MISALIGNED, E_DEADLOCK, E_RUNAWAY, E_BAD_SPACE, E_STACK, E_TRAP, E_ASSERT,
 E_PARTIAL_WARP) = range(10)
# E_PARTIAL_WARP: a .sync.aligned warp-wide instruction (mma, ldmatrix, stmatrix) ran with some of
# the warp's lanes inactive (err[5]: the active mask); PTX leaves that undefined
