"""nvcuda::wmma: PTX's `wmma.load`, `wmma.mma` and `wmma.store` as the instructions ptxas
makes of them (PTX ISA 9.7.13).

PTX leaves a wmma fragment's layout to the implementation. On the H200 (sm_90) it is the
layout of mma.sync's fragments (PTX ISA 9.7.14.5), tile by tile: read from the hardware by
tools/wmma_layout.cu's probes, every fragment kind, load and store
(traces/h200/wmma/layout.json; tests/test_wmma.py checks FRAGMENTS against it element by
element). A 16 x 16 x 16 fragment of A is one m16n8k16 A fragment, of B two B fragments
(n = 0..7, 8..15), of C two C fragments; 32 x 8 x 16 stacks two tiles along m; 8 x 32 x 16
is the transpose (D^T = B^T A^T: B's fragment is two mma A fragments, A's one B fragment);
16 x 16 x 8 tf32 is m16n8k8's; 8 x 8 x 4 f64 is m8n8k4's. f16 A and B fragments list
every register twice or four times (8 registers for 4 or 2 distinct ones): the copies
are copies.

So, as ptxas does (traces/h200/wmma/wmma.sass, wmma_layout.sass):
- wmma.load: each lane computes its offset from %laneid (g = lane / 4, t = lane % 4) and
  the leading dimension, then loads each register's elements where they are contiguous in
  memory: one 32-bit load a register (LDG.E), one 64- or 128-bit load for two registers
  that are adjacent in memory (a row-major f32 C: LDG.E.64). A 16-bit fragment stored the
  other way round (A column-major, B row-major) is loaded as its transpose and turned with
  `movmatrix.trans` (MOVM.16.MT88); an 8-bit one byte by byte (LDG.E.U8, packed with two
  IMAD and a PRMT). The movmatrix, packing and copies wait for the first instruction that
  needs them, in the same block: the next fragment's loads go first (wmma_gemm's SASS:
  A's four LDGs, B's four, A's four MOVMs, two HMMAs).
- wmma.mma: one mma.sync a tile: m16n16k16 and the other 16-bit and 8-bit shapes two
  (HMMA.16816 / IMMA.16816), tf32 m16n16k8 four m16n8k4 (HMMA.1684.F32.TF32), f64 one
  (DMMA.884).
- wmma.store: wmma.load's accesses the other way.
Global and generic loads are exactly these; shared f16 A/B fragments are LDSM.16.MT88.4
on the H200 (one ldmatrix where simgpu issues four loads and four movmatrix: not modeled).
"""
from . import codes as C
from .cfg import FLOW
from .parser import Instr, Operand, Reg
from .splice import Splice

SHAPES = {"m16n16k16": (16, 16, 16), "m32n8k16": (32, 8, 16), "m8n32k16": (8, 32, 16),
          "m16n16k8": (16, 16, 8), "m8n8k4": (8, 8, 4)}
AB_TYPES = {"m16n16k16": ("f16", "bf16", "s8", "u8"), "m32n8k16": ("f16", "bf16", "s8", "u8"),
            "m8n32k16": ("f16", "bf16", "s8", "u8"), "m16n16k8": ("tf32",), "m8n8k4": ("f64",)}
CD_TYPES = {"f16": ("f16", "f32"), "bf16": ("f32",), "s8": ("s32",), "u8": ("s32",), "tf32": ("f32",),
            "f64": ("f64",)}
BITS = {"f16": 16, "bf16": 16, "s8": 8, "u8": 8, "tf32": 32, "f32": 32, "s32": 32, "f64": 64}
SPACES = {"global": "global", "shared": "shared", "shared::cta": "shared"}


# ---- mma.sync's fragments: each register's elements as linear forms of g = lane/4, t = lane%4 ----
# An element is (rg, rt, r0, cg, ct, c0): row = rg g + rt t + r0, column = cg g + ct t + c0.

def _a16():      # m16n8k16 A (16 x 16): a register holds row g (+8), columns 2t, 2t+1 (+8)
    return [[(1, 0, 8 * (j & 1), 0, 2, h + 8 * (j >> 1)) for h in range(2)] for j in range(4)]


def _b16():      # m16n8k16 B (16 x 8): rows 2t, 2t+1 (+8), column g
    return [[(0, 2, h + 8 * j, 1, 0, 0) for h in range(2)] for j in range(2)]


def _c32():      # m16n8 C/D, 32-bit: row g (+8), column 2t (+1)
    return [[(1, 0, 8 * (j >> 1), 0, 2, j & 1)] for j in range(4)]


def _c16():      # m16n8 C/D, f16: row g (+8), columns 2t, 2t+1
    return [[(1, 0, 8 * j, 0, 2, h) for h in range(2)] for j in range(2)]


def _a8():       # m16n8k16 A, 8-bit: row g (+8), columns 4t .. 4t+3
    return [[(1, 0, 8 * j, 0, 4, i) for i in range(4)] for j in range(2)]


def _b8():       # m16n8k16 B, 8-bit: rows 4t .. 4t+3, column g
    return [[(0, 4, i, 1, 0, 0) for i in range(4)]]


def _a32():      # m16n8k8 A, tf32: row g (+8), column t (+4)
    return [[(1, 0, 8 * (j & 1), 0, 1, 4 * (j >> 1))] for j in range(4)]


def _b32():      # m16n8k8 B, tf32: row t (+4), column g
    return [[(0, 1, 4 * j, 1, 0, 0)] for j in range(2)]


def _a64():      # m8n8k4 A, f64: row g, column t
    return [[(1, 0, 0, 0, 1, 0)]]


def _b64():      # m8n8k4 B, f64: row t, column g
    return [[(0, 1, 0, 1, 0, 0)]]


def _c64():      # m8n8 C/D, f64: row g, columns 2t, 2t+1
    return [[(1, 0, 0, 0, 2, j)] for j in range(2)]


def _tile(regs, dr, dc, transposed):
    """A fragment's registers moved by (dr, dc) rows and columns of the mma's own matrix;
    transposed: the wmma matrix is that matrix's transpose (m8n32k16)."""
    out = []
    for reg in regs:
        els = []
        for rg, rt, r0, cg, ct, c0 in reg:
            e = (rg, rt, r0 + dr, cg, ct, c0 + dc)
            els.append(e[3:] + e[:3] if transposed else e)
        out.append(els)
    return out


def _tiles(use, shape, bits):
    """The mma tiles a wmma fragment is made of: [(registers, ...)], one list a tile."""
    acc = use in ("c", "d")
    if shape == "m8n8k4":
        return [{"a": _a64, "b": _b64}.get(use, _c64)()]
    if shape == "m16n16k8":
        if acc:
            return [_tile(_c32(), 0, 0, False), _tile(_c32(), 0, 8, False)]
        return [_a32()] if use == "a" else [_tile(_b32(), 0, 0, False), _tile(_b32(), 0, 8, False)]
    a, b = (_a8, _b8) if bits == 8 else (_a16, _b16)
    c = _c16 if bits == 16 and acc else _c32
    if shape == "m16n16k16":
        return {"a": [a()], "b": [_tile(b(), 0, 0, False), _tile(b(), 0, 8, False)]}.get(
            use, [_tile(c(), 0, 0, False), _tile(c(), 0, 8, False)])
    if shape == "m32n8k16":
        return {"a": [_tile(a(), 0, 0, False), _tile(a(), 16, 0, False)], "b": [b()]}.get(
            use, [_tile(c(), 0, 0, False), _tile(c(), 16, 0, False)])
    # m8n32k16: D^T (32 x 8) = B^T (32 x 16) A^T (16 x 8), computed as m32n8k16
    return {"a": [_tile(b(), 0, 0, True)], "b": [_tile(a(), 0, 0, True), _tile(a(), 16, 0, True)]}.get(
        use, [_tile(c(), 0, 0, True), _tile(c(), 16, 0, True)])


def fragment(use, shape, type_name):
    """(distinct registers, registers in PTX's list) of a fragment: each distinct register a
    list of its elements' linear forms (row, column as functions of g and t)."""
    bits = BITS[type_name]
    regs = [r for tile in _tiles(use, shape, bits) for r in tile]
    listed = 8 if type_name == "f16" and use in ("a", "b") else len(regs)
    return regs, listed


def element_position(form, lane):
    """(row, column) of an element's linear form for one lane."""
    g, t = lane >> 2, lane & 3
    rg, rt, r0, cg, ct, c0 = form
    return rg * g + rt * t + r0, cg * g + ct * t + c0


# ---- the expansion ----

class _Emitter:
    def __init__(self, fn, ins, error):       # ins: the instruction whose place the new ones take
        self.fn, self.ins, self.error = fn, ins, error
        self.out = []

    def reg(self, kind=C.K_R32, ty=C.T_B32):
        r = Reg(f"%__wmma{self.fn.nregs[kind]}", kind, self.fn.nregs[kind], ty)
        self.fn.nregs[kind] += 1
        return self.op(r)

    def op(self, r):
        return Operand("reg", self.ins.line, self.ins.col, reg=r)

    def imm(self, v):
        return Operand("imm", self.ins.line, self.ins.col, value=v)

    def addr(self, base, off):
        return Operand("addr", self.ins.line, self.ins.col, base=base.reg, offset=off)

    def vec(self, regs):
        return Operand("vec", self.ins.line, self.ins.col, elems=list(regs))

    def emit(self, opcode, sfx, *ops):
        self.out.append(Instr(opcode, list(sfx), list(ops), line=self.ins.line, col=self.ins.col,
                              text=self.ins.text))


def _lane(e):
    """g = %laneid / 4 and t = %laneid % 4 (S2R SR_LANEID, SHF, LOP3)."""
    lane, g, t = e.reg(), e.reg(), e.reg()
    e.emit("mov", ["u32"], lane, Operand("sreg", e.ins.line, e.ins.col, value="%laneid"))
    e.emit("shr", ["u32"], g, lane, e.imm(2))
    e.emit("and", ["b32"], t, lane, e.imm(3))
    return g, t


def _offset(e, g, t, ld, cg, ct, const=(0, 0)):
    """A register holding g (cg[0] ld + cg[1]) + t (ct[0] ld + ct[1]) + const[0] ld + const[1]."""
    sg, st = _scaled(e, ld, *cg), _scaled(e, ld, *ct)
    off = e.reg()
    e.emit("mul", ["lo", "u32"], off, t, st)
    e.emit("mad", ["lo", "u32"], off, g, sg, off)
    if const != (0, 0):
        e.emit("add", ["u32"], off, off, _scaled(e, ld, *const))
    return off


def _scaled(e, ld, a, b):
    """a * ld + b (ld a register or an int) as an operand."""
    if isinstance(ld, int):
        return e.imm(a * ld + b)
    if a == 0:
        return e.imm(b)
    r = e.reg()
    e.emit("mad", ["lo", "u32"], r, ld, e.imm(a), e.imm(b))
    return r


def _plan(regs, layout, bits):
    """The accesses of a fragment: [(kind, [register indices], (a, b) of the first element)],
    kind "word" (the register's elements contiguous), "pair" (two registers adjacent in
    memory), "trans" (a 16-bit register stored the other way round: its transpose's word,
    then movmatrix) or "bytes" (an 8-bit register element by element: (a, b) of each).
    Memory index of (row, col): a * ld + b, (row, col) row-major, (col, row) column-major.
    Returns also the lane's part, (Ag, At, Bg, Bt): index = (Ag g + At t) ld + Bg g + Bt t + piece."""
    def index(form):
        rg, rt, r0, cg, ct, c0 = form
        major, minor = ((rg, rt, r0), (cg, ct, c0)) if layout == "row" else ((cg, ct, c0), (rg, rt, r0))
        return major, minor

    pieces = []
    lane_part = None
    for j, els in enumerate(regs):
        (mg, mt, m0), (ng, nt, n0) = index(els[0])
        contiguous = all(index(x) == ((mg, mt, m0), (ng, nt, n0 + h)) for h, x in enumerate(els))
        if contiguous:
            part, piece = (mg, mt, ng, nt), [("word", [j], (m0, n0))]
        elif bits == 16 and (mg, mt, ng, nt) == (0, 2, 1, 0) and index(els[1]) == ((0, 2, m0 + 1), (1, 0, n0)):
            # the register's 8 x 8 block X(i, c) (lane 4 i + c / 2, half c % 2) runs along the
            # major index: X(i, c) at (c + m0) ld + i + n0. Lane (g, t) loads X^T's row g,
            # columns 2t, 2t+1 (contiguous: (g + m0) ld + 2t + n0), then movmatrix turns it
            part, piece = (1, 0, 0, 2), [("trans", [j], (m0, n0))]
        elif bits == 8 and all(index(x)[0][:2] == (mg, mt) and index(x)[1][:2] == (ng, nt) for x in els):
            part, piece = (mg, mt, ng, nt), [("bytes", [j], [(index(x)[0][2], index(x)[1][2]) for x in els])]
        else:
            raise ValueError("a fragment register this model cannot load")
        if lane_part is None:
            lane_part = part
        elif part != lane_part:
            raise ValueError("a fragment's registers disagree on the lane's offset")
        pieces += piece
    merged = []
    for p in pieces:                           # two 32/64-bit registers adjacent in memory: one access
        if merged and p[0] == "word" and merged[-1][0] == "word" and len(merged[-1][1]) == 1 \
                and p[1][0] == merged[-1][1][0] + 1 and len(regs[p[1][0]]) * bits >= 32 \
                and p[2] == (merged[-1][2][0], merged[-1][2][1] + len(regs[p[1][0]])) \
                and all(v % (2 * len(regs[p[1][0]])) == 0 for v in (merged[-1][2][1], lane_part[2], lane_part[3])):
            merged[-1] = ("pair", merged[-1][1] + p[1], merged[-1][2])
        else:
            merged.append(p)
    return merged, lane_part


def _suffixes(ins, error):
    """(verb, use, layouts, shape, space, types, modifiers) of a wmma instruction."""
    sfx = ins.suffixes
    if not sfx or sfx[0] not in ("load", "store", "mma"):
        error("wmma is wmma.load, wmma.store or wmma.mma")
    verb, rest = sfx[0], sfx[1:]
    use = None
    if verb != "mma":
        if not rest or rest[0] not in (("a", "b", "c") if verb == "load" else ("d",)):
            error(f"wmma.{verb} names its matrix: " + ("wmma.load.a, .b or .c" if verb == "load" else "wmma.store.d"))
        use, rest = rest[0], rest[1:]
    for need in ("sync", "aligned"):
        if need not in rest:
            error(f"wmma.{verb} needs .sync.aligned (every lane of the warp executes it together)")
    layouts = [s for s in rest if s in ("row", "col")]
    shapes = [s for s in rest if s in SHAPES]
    if len(shapes) != 1:
        error(f"wmma.{verb} needs one shape ({', '.join('.' + s for s in SHAPES)})")
    spaces = [s for s in rest if s in SPACES]
    types = [s for s in rest if s in BITS]
    mods = [s for s in rest if s in ("satfinite", "rn")]
    other = [s for s in rest if s not in ("sync", "aligned", "row", "col") and s not in SHAPES
             and s not in SPACES and s not in BITS and s not in mods]
    if other:
        error(f"unknown modifier .{other[0]} for wmma.{verb}")
    if len(layouts) != (2 if verb == "mma" else 1):
        error(f"wmma.{verb} needs " + ("A's and B's layouts (.row/.col twice)" if verb == "mma" else "a layout: .row or .col"))
    return verb, use, layouts, shapes[0], SPACES.get(spaces[0]) if spaces else None, types, mods


def _registers(e, o, want, bits, what):
    """The registers of a brace list, checked: `want` of them, `bits` wide."""
    elems = o.elems if o.kind == "vec" else [o]
    if o.kind not in ("vec", "reg") or any(x.kind != "reg" for x in elems):
        e.error(f"{what} is a brace list of registers {{r0, r1, ...}}", o)
    if len(elems) != want:
        e.error(f"{what} is {want} register{'s' if want > 1 else ''} a lane, found {len(elems)}", o)
    for x in elems:
        if x.reg.kind == C.K_PRED or C.TYPE_BITS[x.reg.type] != bits:
            e.error(f"{what}: {x.reg.name} is .{C.TYPES[x.reg.type][0]}; this fragment takes {bits}-bit registers", x)
    return [e.op(x.reg) for x in elems]


def _access(e, verb, use, layout, shape, space, ty, frag_op, addr_op, stride_op, lane_offset, constants):
    """wmma.load / wmma.store: the lane's offset (lane_offset(ld, cg, ct): a register holding
    g cg + t ct bytes), then one access a piece (_plan). constants: {register: value} of the
    registers written once, with an immediate (nvcc's `mov.u32 %r, 16` for a stride)."""
    m, n, k = SHAPES[shape]
    rows, cols = {"a": (m, k), "b": (k, n)}.get(use, (m, n))
    bits = BITS[ty]
    regs, listed = fragment(use, shape, ty)
    rbits = 64 if bits == 64 else 32
    frag = _registers(e, frag_op, listed, rbits, f"wmma.{verb}'s fragment")
    if addr_op.kind != "addr":
        e.error(f"wmma.{verb}'s address is [register], [variable] or [register+offset]", addr_op)
    if stride_op is None:
        ld = cols if layout == "row" else rows
    elif stride_op.kind == "imm":
        ld = int(stride_op.value)
    elif stride_op.kind == "reg" and stride_op.reg.kind == C.K_R32:
        ld = constants.get((stride_op.reg.kind, stride_op.reg.index), e.op(stride_op.reg))
    else:
        e.error(f"wmma.{verb}'s stride is a 32-bit register or an immediate", stride_op)
    wide = space != "shared"
    es = bits // 8
    pieces, (ag, at, bg, bt) = _plan(regs, layout, bits)
    # the base address as a register
    base = addr_op.base
    if isinstance(base, Reg):
        wide = base.kind == C.K_R64
        b = e.op(base)
    else:
        b = e.reg(C.K_R64, C.T_B64) if wide else e.reg()
        e.emit("mov", ["u64" if wide else "u32"], b,
               Operand("sym", e.ins.line, e.ins.col, value=base) if base is not None else e.imm(0))
    cg, ct = (ag * es, bg * es), (at * es, bt * es)          # g (ag ld + bg) es + t (at ld + bt) es
    # tf32 fragments with a run-time stride: ptxas computes each register's address apart (a
    # 32-bit index a register, hoisted, then IMAD.WIDE + LD.E a load: wmma_tf32's SASS)
    apart = ty == "tf32" and not isinstance(ld, int)
    off = None if apart else lane_offset(ld, cg, ct)
    a0 = e.reg(C.K_R64, C.T_B64) if wide else e.reg()
    if apart:
        pass
    elif wide:
        e.emit("mad", ["wide", "u32"], a0, off, e.imm(1), b)
    else:
        e.emit("add", ["u32"], a0, b, off)
    rows_at = {}

    def at_(major, minor):
        """An address operand for memory index major ld + minor (elements) from a0."""
        if apart:
            r = e.reg(C.K_R64, C.T_B64) if wide else e.reg()
            o = lane_offset(ld, cg, ct, (major * es, minor * es))
            if wide:
                e.emit("mad", ["wide", "u32"], r, o, e.imm(1), b)
            else:
                e.emit("add", ["u32"], r, b, o)
            return e.addr(r, addr_op.offset)
        if isinstance(ld, int) or major == 0:
            return e.addr(a0, addr_op.offset + ((major * ld if isinstance(ld, int) else 0) + minor) * es)
        if major not in rows_at:
            r = e.reg(C.K_R64, C.T_B64) if wide else e.reg()
            e.emit("mad", ["wide" if wide else "lo", "u32"], r, ld, e.imm(major * es), a0)
            rows_at[major] = r
        return e.addr(rows_at[major], addr_op.offset + minor * es)

    sp = [space] if space else []
    tb = "b64" if bits == 64 else "b32"
    load = verb == "load"
    late = e.late                               # a load's work on what it loaded: after all the loads
    for kind, js, where in pieces:
        rs = [frag[j] for j in js]
        if kind == "word":
            e.emit("ld" if load else "st", sp + [tb], *((rs[0], at_(*where)) if load else (at_(*where), rs[0])))
        elif kind == "pair":
            v = e.vec(rs)
            e.emit("ld" if load else "st", sp + ["v2", tb], *((v, at_(*where)) if load else (at_(*where), v)))
        elif kind == "trans":
            mv = ["sync", "aligned", "m8n8", "trans", "b16"]
            if e.warpsync:                          # WARPSYNC.ALL before MOVM in conditional code
                (late if load else e).emit("bar", ["warp", "sync"], e.imm(0xFFFFFFFF))
                e.warpsync = False
            if load:
                e.emit("ld", sp + ["b32"], rs[0], at_(*where))
                late.emit("movmatrix", mv, rs[0], rs[0])
            else:
                tmp = e.reg()
                e.emit("movmatrix", mv, tmp, rs[0])
                e.emit("st", sp + ["b32"], at_(*where), tmp)
        else:                                   # bytes: LDG.E.U8 x4, IMAD x2, PRMT
            if not load:
                e.error("wmma.store of an 8-bit fragment")
            by = [e.reg() for _ in where]
            for r, w in zip(by, where):
                e.emit("ld", sp + ["u8"], r, at_(*w))
            lo, hi = e.reg(), e.reg()
            late.emit("mad", ["lo", "u32"], lo, by[1], e.imm(256), by[0])
            late.emit("mad", ["lo", "u32"], hi, by[3], e.imm(256), by[2])
            late.emit("prmt", ["b32"], rs[0], lo, hi, e.imm(0x5410))
    if load:                                    # the listed copies of the distinct registers
        for j in range(len(regs), listed):
            late.emit("mov", [tb], frag[j], frag[j % len(regs)])


def _mma(e, shape, types, mods):
    """wmma.mma: one mma.sync a tile (tf32: two m16n8k4 a tile). A's and B's layouts do not
    matter here: the loads already put every fragment in mma.sync's row.col form."""
    if len(types) == 2:                         # f16 inputs: .dtype.ctype
        dt, ct = types
        at = bt = "f16"
    elif len(types) == 4:
        dt, at, bt, ct = types
    else:
        e.error("wmma.mma needs .dtype.ctype (f16 inputs) or .dtype.atype.btype.ctype")
    if at != bt or shape not in SHAPES or at not in AB_TYPES[shape]:
        e.error(f"wmma.mma.{shape} does not multiply .{at} by .{bt}")
    if dt not in CD_TYPES[at] or ct not in CD_TYPES[at]:
        e.error(f"wmma.mma with .{at} inputs accumulates in {' or '.join('.' + t for t in CD_TYPES[at])}")
    if "satfinite" in mods and at not in ("s8", "u8"):
        e.error("wmma.mma's .satfinite is for integer inputs (.s8/.u8)")
    ops = e.ins.operands
    if len(ops) != 4:
        e.error(f"wmma.mma takes 4 operands (D, A, B, C), found {len(ops)}")
    rb = 64 if at == "f64" else 32
    frags = {}
    for o, use, ty in zip(ops, "dabc", (dt, at, bt, ct)):
        regs, listed = fragment(use, shape, ty)
        frags[use] = _registers(e, o, listed, rb, f"wmma.mma's {use.upper()}")[:len(regs)]
    na, nb, nc = (len(_tiles(u, shape, BITS[t])[0]) for u, t in (("a", at), ("b", bt), ("c", ct)))
    nd = len(_tiles("d", shape, BITS[dt])[0])

    def tile(use, q, size):
        return frags[use][q * size:(q + 1) * size]

    sat = ["satfinite"] if "satfinite" in mods else []
    out = []
    for q in range(2 if shape != "m8n8k4" else 1):
        if shape == "m16n16k8":                   # two m16n8k4: k = 0..3, 4..7
            a, b = frags["a"], tile("b", q, nb)
            c = tile("c", q, nc)
            for h in range(2):
                d = tile("d", q, nd)
                out.append(("m16n8k4", d, [a[h * 2], a[h * 2 + 1]], [b[h]], c, dt, "tf32", "tf32", ct))
                c = d
            continue
        if shape == "m8n8k4":
            out.append(("m8n8k4", frags["d"], frags["a"], frags["b"], frags["c"], dt, at, bt, ct))
            continue
        mshape = "m16n8k16"
        if shape == "m16n16k16":
            a, b = frags["a"], tile("b", q, nb)
            out.append((mshape, tile("d", q, nd), a, b, tile("c", q, nc), dt, at, bt, ct))
        elif shape == "m32n8k16":
            out.append((mshape, tile("d", q, nd), tile("a", q, na), frags["b"], tile("c", q, nc), dt, at, bt, ct))
        else:                                     # m8n32k16: D^T = B^T A^T
            out.append((mshape, tile("d", q, nd), tile("b", q, nb), frags["a"], tile("c", q, nc), dt, bt, at, ct))
    for s, d, a, b, c, t1, t2, t3, t4 in out:
        e.emit("mma", ["sync", "aligned", s, "row", "col", t1, t2, t3, t4] + sat,
               e.vec(d), e.vec(a), e.vec(b), e.vec(c))


def _conditional_in_loop(fn):
    """Indices of the wmma instructions inside an `if` inside a loop: a forward conditional
    branch within the loop jumps over them. ptxas hoists a wmma access's lane offset out of
    its loop (wmma.cu's wmma_gemm: S2R SR_LANEID before the loop), but not out of such an
    `if`, where it computes it again every iteration and puts a WARPSYNC.ALL before the
    MOVMs (programs/holdout/wmma_gemm's SASS, traces/ptxas/sm90_holdout3.sass)."""
    from .lower import backward_branches
    out = set()
    loops = backward_branches(fn.instrs, fn.labels)
    for k, ins in enumerate(fn.instrs):
        if ins.opcode != "wmma":
            continue
        for head, back in loops:
            if not head <= k < back:
                continue
            for b in range(head, k):
                br = fn.instrs[b]
                if br.opcode == "bra" and br.guard is not None and br.operands:
                    target = fn.labels.get(br.operands[0].value, -1)
                    if k < target <= back + 1:
                        out.add(k)
    return out


def expand_wmma(fn, table, error):
    """Every wmma instruction of fn replaced by its expansion (see the module's docstring).
    As ptxas, the lane's g and t are computed once, at the kernel's start, and each lane
    offset once: at the start for an immediate leading dimension, right after the one
    instruction that writes a leading-dimension register written once (a parameter's
    ld.param), else at the access. error(message, line, col) raises. Returns the count."""
    from .unroll import _key, _regs_of, defs_uses
    if not any(ins.opcode == "wmma" for ins in fn.instrs):
        return 0
    conditional = _conditional_in_loop(fn)
    writes = {}
    for k, ins in enumerate(fn.instrs):
        if ins.opcode != "wmma" and ins.opcode in table:       # (an unknown one: the assembler's error next)
            for r in defs_uses(ins, table)[0]:
                writes.setdefault(_key(r), []).append(k)
    constants = {}
    for key, ks in writes.items():
        d = fn.instrs[ks[0]]
        if len(ks) == 1 and d.opcode == "mov" and d.guard is None and d.operands[1].kind == "imm" \
                and not d.operands[1].is_float_lit:
            constants[key] = int(d.operands[1].value)
    pro = _Emitter(fn, next(ins for ins in fn.instrs if ins.opcode == "wmma"), None)
    g, t = _lane(pro)
    after = {}                                  # instruction index -> emitter of what follows it
    offsets = {}

    def lane_offset_for(e):
        def lane_offset(ld, cg, ct, const=(0, 0)):
            if e.ins_index in conditional:          # recomputed where it is (S2R SR_LANEID and all)
                gi, ti = _lane(e)
                return _offset(e, gi, ti, ld, cg, ct, const)
            if isinstance(ld, int):
                key, where = ("imm", ld, cg, ct, const), pro
            else:
                ks = writes.get(_key(ld.reg), [])
                if len(ks) != 1:
                    return _offset(e, g, t, ld, cg, ct, const)
                key = (_key(ld.reg), cg, ct, const)
                where = after.setdefault(ks[0], _Emitter(fn, e.ins, None))
            if key not in offsets:
                offsets[key] = _offset(where, g, t, ld, cg, ct, const)
            return offsets[key]
        return lane_offset

    bodies, lates, loads, done = {}, {}, set(), 0
    for k, ins in enumerate(fn.instrs):
        if ins.opcode != "wmma":
            continue
        done += 1
        e = _Emitter(fn, ins, lambda msg, o=None, ins=ins: error(msg, o.line if o else ins.line,
                                                                   o.col if o else ins.col))
        e.ins_index, e.warpsync = k, k in conditional
        e.late = _Emitter(fn, ins, None)
        if ins.guard is not None:
            e.error("wmma cannot be predicated (every lane of the warp executes it together)")
        verb, use, layouts, shape, space, types, mods = _suffixes(ins, e.error)
        if verb == "load":
            loads.add(k)
        if verb == "mma":
            _mma(e, shape, types, mods)
        else:
            if len(types) != 1:
                e.error(f"wmma.{verb} needs one element type")
            ty = types[0]
            ok = AB_TYPES[shape] if use in ("a", "b") else \
                sorted({c for t in AB_TYPES[shape] for c in CD_TYPES[t]})
            if ty not in ok:
                e.error(f"wmma.{verb}.{use}.{shape} takes {', '.join('.' + t for t in ok)}, not .{ty}")
            ops = ins.operands
            if len(ops) not in (2, 3):
                e.error(f"wmma.{verb} takes a fragment, an address and an optional stride")
            frag_op, addr_op = (ops[0], ops[1]) if verb == "load" else (ops[1], ops[0])
            _access(e, verb, use, layouts[0], shape, space, ty, frag_op, addr_op, ops[2] if len(ops) == 3 else None,
                    lane_offset_for(e), constants)
        bodies[k] = e.out
        if e.late.out:
            lates[k] = e.late.out
    # A load's movmatrix, byte packing and register copies wait until an instruction needs
    # what they write (or the block ends): ptxas issues the next fragment's loads first
    # (wmma_gemm's SASS: A's four LDGs, B's four, then A's four MOVMs).
    targets = set(fn.labels.values())
    s, pending, held = Splice(fn, pro.out), [], set()
    out = s.out
    for k, ins in s:
        if pending:
            regs = [r for o in ins.operands for r in _regs_of(o, [])] + \
                ([ins.guard] if ins.guard is not None else [])
            straight = ins.opcode not in FLOW and not (ins.opcode == "wmma" and k not in loads)
            if k in targets or not straight or any(_key(r) in held for r in regs):
                out.extend(pending)
                pending, held = [], set()
        s.mark(k)                       # after the held-back loads just placed
        out.extend(bodies.get(k, [ins]))
        if k in lates:
            pending.extend(lates[k])
            held |= {_key(r) for i in lates[k] for o in i.operands for r in _regs_of(o, [])}
        if k in after:
            out.extend(after[k].out)
    out.extend(pending)
    s.where[0] = 0                      # instruction 0's labels stay before the prologue
    s.close()
    return done
