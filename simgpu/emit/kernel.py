"""What the emitter reads from one assembled kernel: its Program (the flat
arrays simgpu runs), the symbolic instructions they came from (register
names and declared types, the variable an address names), its basic blocks,
and which parameters are buffer pointers.

The Program alone holds every decoded field (types, modifiers, operand
slots, immediates as bits); the symbolic instructions, kept by the assembler
in the same order after inlining, add what the arrays drop: a register's
name and declared type, and whether an immediate is the address of a
module-level .global variable. Nothing here changes simgpu.ptx.
"""
import re
from dataclasses import dataclass

from ..errors import SimgpuError
from ..launch import read_source
from ..ptx import assemble, parse_module
from ..ptx import codes as C

# PTX type code -> the C-family value type the emitter computes with
# (8/16-bit registers keep their width: PTX truncates to it on every write)
CTYPE = {C.T_PRED: "bool", C.T_B8: "u8", C.T_U8: "u8", C.T_S8: "i8", C.T_B16: "u16", C.T_U16: "u16",
         C.T_S16: "i16", C.T_F16: "u16", C.T_BF16: "u16", C.T_B32: "u32", C.T_U32: "u32", C.T_S32: "i32",
         C.T_F32: "f32", C.T_B64: "u64", C.T_U64: "u64", C.T_S64: "i64", C.T_F64: "f64"}
WIDTH = {"bool": 1, "u8": 8, "i8": 8, "u16": 16, "i16": 16, "u32": 32, "i32": 32, "u64": 64, "i64": 64,
         "f32": 32, "f64": 64}
CONTROL = (C.OP_BRA, C.OP_RET, C.OP_EXIT, C.OP_BAR, C.OP_BARRIER)
# nvcc's register names (%r12 %rd3 %f7 %fd1 %p2 %rs4 ...) stay as they are; any other name
# gets a prefix, so that no register can shadow a C keyword or a function the code calls
_PLAIN = re.compile(r"^%(r|rd|f|fd|p|rs|rc|h|hh|rq)\d+$")


class EmitError(SimgpuError):
    """A kernel the emitter cannot express in the chosen language, said in one line."""


def is_float(ct):
    return ct in ("f32", "f64")


def is_signed(ct):
    return ct.startswith("i")


@dataclass
class Param:
    name: str              # the PTX name
    cname: str             # the C name
    ct: str
    offset: int            # in the PTX parameter space
    pointer: bool          # a buffer (a pointer the kernel dereferences)


@dataclass
class KernelView:
    prog: object           # simgpu.ptx.assemble.Program
    instrs: list           # symbolic Instr per pc (after inlining)
    regs: dict             # (kind, index) -> (C name, ctype)
    params: list
    blocks: list           # (first pc, end pc) per basic block, in PTX order
    block_at: dict         # first pc -> block index
    global_vars: dict      # name -> parser Var of the module's .global variables
    symbols: dict          # every variable name -> parser Var (shared, local, global, param)
    global_bytes: bytes
    source: str

    @property
    def name(self):
        return self.prog.name

    def block_of_pc(self, pc):
        """The block that starts at pc; len(blocks) (the exit) for pc == n."""
        return self.block_at.get(int(pc), len(self.blocks))

    def where(self, pc):
        return f"{self.prog.file}:{self.prog.lines[pc]}"


def _sanitize(name):
    s = re.sub(r"[^A-Za-z0-9_]", "_", name.lstrip("%"))
    return s if _PLAIN.match(name) else "v_" + s


def _registers(instrs):
    found = {}

    def add(reg):
        if reg is not None:
            found.setdefault((reg.kind, reg.index), reg)

    for ins in instrs:
        add(ins.guard)
        stack = list(ins.operands)
        while stack:
            o = stack.pop()
            add(o.reg)
            if o.kind == "addr" and not isinstance(o.base, (str, type(None))):
                add(o.base)
            if o.pair is not None:
                stack.append(o.pair)
            stack.extend(o.elems or [])
    regs, taken = {}, set()
    for key in sorted(found):
        reg = found[key]
        cname = _sanitize(reg.name)
        if cname in taken:
            cname = f"{cname}_{key[0]}_{key[1]}"
        taken.add(cname)
        regs[key] = (cname, CTYPE[reg.type])
    return regs


def basic_blocks(prog):
    """Leaders: pc 0, every branch target, and the pc after each branch, exit or barrier
    (a barrier ends a block so that the warp can wait between blocks)."""
    n = prog.n
    leaders = {0} if n else set()
    for i in range(n):
        op = int(prog.op[i])
        if op == C.OP_BRA and int(prog.obits[i, 0]) < n:
            leaders.add(int(prog.obits[i, 0]))
        if op in CONTROL and i + 1 < n:
            leaders.add(i + 1)
    starts = sorted(leaders)
    blocks = [(s, starts[k + 1] if k + 1 < len(starts) else n) for k, s in enumerate(starts)]
    return blocks, {s: k for k, (s, _) in enumerate(blocks)}


def pointer_params(prog, instrs):
    """Indices of the 64-bit parameters whose value reaches the address of a global or
    generic access: through ld.param, then mov, cvta, add, sub, selp and the addend of
    mad.wide (a forward, flow-insensitive closure). Used where no launch says which
    arguments are buffers."""
    pnames = {p.name: k for k, p in enumerate(prog.params)}
    taint = {}
    changed = True
    carried = (C.OP_MOV, C.OP_CVTA, C.OP_ADD, C.OP_SUB, C.OP_SELP, C.OP_MAD)
    while changed:
        changed = False
        for i, ins in enumerate(instrs):
            op = int(prog.op[i])
            dk = int(prog.okind[i, 0])
            if dk != C.K_R64:
                continue
            dst = (dk, int(prog.oreg[i, 0]))
            got = set()
            if op == C.OP_LD and int(prog.space[i]) == C.SPACE_PARAM:
                addr = next((o for o in ins.operands if o.kind == "addr"), None)
                if addr is not None and addr.base in pnames:
                    got.add(pnames[addr.base])
            elif op in carried:
                slots = (3,) if op == C.OP_MAD else (1, 2)
                for k in slots:
                    if int(prog.okind[i, k]) == C.K_R64:
                        got |= taint.get((C.K_R64, int(prog.oreg[i, k])), set())
            if got - taint.get(dst, set()):
                taint[dst] = taint.get(dst, set()) | got
                changed = True
    used = set()
    for i in range(prog.n):
        op = int(prog.op[i])
        if op in (C.OP_LD, C.OP_LDU, C.OP_ST, C.OP_ATOM, C.OP_RED, C.OP_PREFETCH) and \
                int(prog.space[i]) in (C.SPACE_GLOBAL, C.SPACE_GENERIC) and int(prog.oreg2[i, 4]) == C.ABASE_R64:
            used |= taint.get((C.K_R64, int(prog.oreg[i, 4])), set())
    return used


def load_views(path, kernels=None, text=None, pointers=None):
    """KernelViews of the named entries of a .s/.ptx file (all entries when kernels is
    None), in file order. pointers: {kernel: set of parameter indices that are buffers}
    for the kernels a caller knows (a recipe's launches); the others are inferred."""
    path = str(path)
    text = read_source(path) if text is None else text
    entries = [f.name for f in parse_module(text, path).functions.values() if f.is_entry]
    if not entries:
        assemble(parse_module(text, path))         # raises the assembler's own error
    names = entries if kernels is None else list(kernels)
    views = []
    for name in names:
        module = parse_module(text, path)          # the assembler rewrites the function it assembles
        prog = assemble(module, name)
        fn = module.functions[prog.name]
        if len(fn.instrs) != prog.n:
            raise EmitError(f"{path}: kernel {name}: the assembler's instruction list changed shape")
        known = (pointers or {}).get(prog.name)
        ptrs = set(known) if known is not None else pointer_params(prog, fn.instrs)
        params = [Param(p.name, f"a{k}_" + re.sub(r"[^A-Za-z0-9_]", "_", p.name), CTYPE[p.type], p.offset,
                        k in ptrs) for k, p in enumerate(prog.params)]
        for p, v in zip(params, prog.params):
            if v.size != max(1, C.TYPE_BITS[v.type] // 8):
                raise EmitError(f"{path}: kernel {name}: parameter {v.name} is an array (.b8 [{v.size}]); "
                                "only scalar and pointer parameters can be emitted")
        const = [v.name for v in module.globals if v.space == C.SPACE_CONST]
        if const:
            raise EmitError(f"{path}: kernel {name}: .const variables ({', '.join(const)}) cannot be emitted yet")
        blocks, block_at = basic_blocks(prog)
        symbols = {v.name: v for v in list(module.globals) + list(prog.shared_vars) + list(fn.local)
                   + list(prog.params)}
        views.append(KernelView(prog, fn.instrs, _registers(fn.instrs), params, blocks, block_at,
                                {v.name: v for v in module.globals}, symbols, prog.global_init, text))
    return views
