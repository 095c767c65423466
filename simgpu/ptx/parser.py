"""PTX text -> a Module of kernels whose instructions are still symbolic.

Handles the module directives (.version .target .address_size), kernel entries
with their .param lists and performance directives (.maxntid .reqntid
.maxnreg .minnctapersm), register declarations (``%r<N>`` ranges), .shared and
.local variables, labels, ``{ }`` scopes, predicated instructions and every
operand syntax nvcc emits (vectors ``{a, b}``, ``p|q``, ``[reg+imm]``, ``_``).
Anything outside the subset is an AssemblyError pointing at file:line:col.
"""
from dataclasses import dataclass, field

from ..errors import AssemblyError
from . import codes as C
from .lexer import tokenize


@dataclass
class Reg:
    name: str
    kind: int          # C.K_R32, C.K_R64 or C.K_PRED
    index: int
    type: int          # declared type code


@dataclass
class Var:
    """A .shared, .local or .param variable (or a module-level .shared one)."""
    name: str
    space: int
    type: int
    align: int
    size: int          # bytes; 0 for an .extern .shared array (dynamic shared memory)
    extern: bool = False
    offset: int = 0    # assigned when the kernel is laid out
    line: int = 0
    col: int = 0
    init: bytes = None # .global: initial contents


@dataclass
class Operand:
    kind: str          # reg imm sreg addr label vec sink sym
    line: int
    col: int
    reg: "Reg" = None
    value: object = None       # int or float immediate, label/symbol name, sreg name
    is_float_lit: bool = False
    neg: bool = False          # !p
    pair: "Operand" = None     # second destination in p|q or d|p
    base: object = None        # addr: Reg or symbol name or None
    offset: int = 0            # addr: immediate offset
    elems: list = None         # vec: list of Operands
    fmod: int = 0              # a float register source's |x| / -x (codes.FMOD_*): the ptxas lowering's only


@dataclass
class Instr:
    opcode: str
    suffixes: list
    operands: list
    guard: "Reg" = None
    guard_neg: bool = False
    line: int = 0
    col: int = 0
    text: str = ""
    callee: str = None         # call: the function called, its return and argument variables
    call_rets: list = None
    call_args: list = None
    fused: str = None          # set by the ptxas lowering only: "test", a setp fused with its `and` (C.F_TEST);
    #                            "high", a cvt.f32.f16 of a packed pair's high half (C.F_HIGH_HALF);
    #                            "xu", an instruction ptxas runs on the XU with MUFU (ieee.py's FCHK)
    #                            "spin", an atom.shared.cas that is ptxas's ATOMS.CAST.SPIN (C.F_SPIN)


@dataclass
class Function:
    name: str
    is_entry: bool
    params: list = field(default_factory=list)
    retvals: list = field(default_factory=list)
    has_body: bool = False
    regs: dict = field(default_factory=dict)
    nregs: list = field(default_factory=lambda: [0, 0, 0, 0])   # by kind index
    shared: list = field(default_factory=list)
    local: list = field(default_factory=list)
    instrs: list = field(default_factory=list)
    labels: dict = field(default_factory=dict)                 # name -> instr index
    label_pos: dict = field(default_factory=dict)
    maxntid: tuple = None
    reqntid: tuple = None
    maxnreg: int = None
    minnctapersm: int = None
    line: int = 0
    nounroll: set = field(default_factory=set)                 # labels of loops marked .pragma "nounroll"


@dataclass
class Module:
    file: str
    version: str = None
    target: str = None
    address_size: int = 64
    functions: dict = field(default_factory=dict)
    shared: list = field(default_factory=list)        # module-level .shared variables
    globals: list = field(default_factory=list)       # module-level .global and .const variables (with .init bytes)
    source_lines: list = field(default_factory=list)


_VAR_TYPES = {name for name, _, _ in C.TYPES if name not in ("none", "tf32")}
_SKIP_DIRECTIVES = {".loc", ".file", ".pragma"}
_PERF = {".maxntid", ".reqntid", ".maxnreg", ".minnctapersm", ".maxnctapersm",
         ".noreturn", ".explicitcluster", ".reqnctapercluster", ".maxclusterrank"}


def reg_kind_for(type_code):
    if type_code == C.T_PRED:
        return C.K_PRED
    return C.K_R64 if C.TYPE_BITS[type_code] == 64 else C.K_R32


class Parser:
    def __init__(self, text, file="<ptx>"):
        self.file = file
        self.toks = tokenize(text, file)
        self.i = 0
        self.module = Module(file, source_lines=text.splitlines())

    # ---- token helpers ----
    def peek(self, k=0):
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def next(self):
        t = self.toks[self.i]
        if t.kind != "eof":
            self.i += 1
        return t

    def error(self, msg, tok=None):
        tok = tok or self.peek()
        raise AssemblyError(msg, self.file, tok.line, tok.col)

    def expect(self, text, what=None):
        t = self.next()
        if t.text != text:
            self.error(f"expected {what or repr(text)}, found {t.text!r}" if t.kind != "eof"
                       else f"expected {what or repr(text)}, found end of file", t)
        return t

    def accept(self, text):
        if self.peek().text == text:
            return self.next()
        return None

    def expect_int(self, what="an integer"):
        neg = self.accept("-")
        t = self.next()
        if t.kind != "int":
            self.error(f"expected {what}, found {t.text!r}", t)
        v = parse_int(t.text)
        return -v if neg else v

    def skip_directive(self):
        """.loc and .file end at the end of their line (no ';'); .pragma at its ';'."""
        t = self.next()
        if t.text == ".pragma":
            self.skip_statement()
            return
        while self.peek().line == t.line and self.peek().kind != "eof":
            self.next()
        self.accept(";")

    def skip_statement(self):
        while self.peek().text != ";" and self.peek().kind != "eof":
            self.next()
        self.accept(";")

    def skip_braces(self):
        self.expect("{")
        depth = 1
        while depth:
            t = self.next()
            if t.kind == "eof":
                self.error("unbalanced '{'", t)
            depth += (t.text == "{") - (t.text == "}")

    # ---- module level ----
    def parse(self):
        m = self.module
        while self.peek().kind != "eof":
            t = self.peek()
            if t.text == ".version":
                self.next()
                v = self.next()
                m.version = v.text
            elif t.text == ".target":
                self.next()
                targets = [self.next().text]
                while self.accept(","):
                    targets.append(self.next().text)
                m.target = ",".join(targets)
            elif t.text == ".address_size":
                self.next()
                m.address_size = self.expect_int("an address size")
                if m.address_size != 64:
                    self.error("only .address_size 64 is supported", t)
            elif t.text in (".visible", ".weak", ".extern", ".entry", ".func", ".shared",
                            ".global", ".const", ".common"):
                self.parse_declaration()
            elif t.text in _SKIP_DIRECTIVES:
                self.skip_directive()
            elif t.text == ".section":
                self.next()
                self.next()
                self.skip_braces()
            elif t.kind == "directive":
                self.error(f"unsupported directive {t.text}")
            else:
                self.error(f"expected a directive or a kernel, found {t.text!r}")
        if m.version is None:
            pass  # hand-written files may omit it; nvcc always writes it
        return m

    def parse_declaration(self):
        extern = False
        while self.peek().text in (".visible", ".weak", ".extern", ".common"):
            extern |= self.next().text == ".extern"
        t = self.peek()
        if t.text == ".entry":
            self.next()
            self.parse_function(is_entry=True)
        elif t.text == ".func":
            self.next()
            self.parse_function(is_entry=False)
        elif t.text == ".shared":
            self.next()
            for var in self.parse_var_decl(C.SPACE_SHARED, extern):
                self.module.shared.append(var)
        elif t.text in (".global", ".const"):       # both live in global memory (simgpu/exec/memory.py)
            self.next()
            self.module.globals.extend(self.parse_var_decl(C.SPACE_GLOBAL if t.text == ".global" else C.SPACE_CONST,
                                                           extern))
        else:
            self.error(f"expected .entry, .func or a variable after {t.text}")

    def parse_var_decl(self, space, extern=False):
        """`.align A .type name[N], name2;` after the state-space directive."""
        align, type_code = None, None
        while self.peek().kind == "directive":
            d = self.next()
            if d.text == ".align":
                align = self.expect_int("an alignment")
            elif d.text[1:] in _VAR_TYPES:
                type_code = C.TYPE[d.text[1:]]
            elif d.text in (".v2", ".v4", ".ptr"):
                self.error(f"{d.text} variables are not supported", d)
            else:
                self.error(f"unexpected {d.text} in a variable declaration", d)
        if type_code is None:
            self.error("expected a type (.b8, .f32, ...) in a variable declaration")
        elem = max(1, C.TYPE_BITS[type_code] // 8)
        out = []
        while True:
            nt = self.next()
            if nt.kind != "word":
                self.error(f"expected a variable name, found {nt.text!r}", nt)
            count = 1
            dims = []
            while self.accept("["):
                if self.accept("]"):
                    dims.append(0)
                else:
                    dims.append(self.expect_int("an array size"))
                    self.expect("]")
            for dd in dims:
                count *= dd
            is_ext = extern or (dims and dims[0] == 0)
            init = None
            if self.accept("="):
                if space not in (C.SPACE_GLOBAL, C.SPACE_CONST):
                    self.error("only .global and .const variables may have initializers")
                init = self.parse_initializer()
            var = Var(nt.text, space, type_code, align or elem, count * elem,
                      extern=bool(is_ext and count == 0), line=nt.line, col=nt.col)
            if space in (C.SPACE_GLOBAL, C.SPACE_CONST):
                var.init = _pack_init(init or [], type_code, count, self, nt)
            out.append(var)
            if not self.accept(","):
                break
        self.expect(";")
        return out

    def parse_initializer(self):
        """`{1, 2, 3}` (nested braces flattened) or a single value."""
        vals = []
        if self.accept("{"):
            while not self.accept("}"):
                if self.peek().text == "{":
                    vals.extend(self.parse_initializer())
                else:
                    vals.append(self.parse_number())
                self.accept(",")
            return vals
        return [self.parse_number()]

    def parse_number(self):
        neg = bool(self.accept("-"))
        t = self.next()
        if t.kind == "int":
            v = parse_int(t.text)
        elif t.kind in ("float", "fimm"):
            v = parse_float(t.text)
        else:
            self.error(f"expected a number, found {t.text!r}", t)
        return -v if neg else v

    def parse_function(self, is_entry):
        retvals = []
        if not is_entry and self.peek().text == "(":
            # .func with return values: .func (.param .b32 ret) name (...)
            self.next()
            while True:
                retvals.append(self.parse_param())
                if self.accept(")"):
                    break
                self.expect(",", "',' or ')' in the return list")
        nt = self.next()
        if nt.kind != "word":
            self.error(f"expected a kernel name, found {nt.text!r}", nt)
        fn = Function(nt.text, is_entry, line=nt.line, retvals=retvals)
        prev = self.module.functions.get(nt.text)
        if prev is not None and (prev.has_body or is_entry):
            self.error(f"duplicate function {nt.text!r}", nt)
        if self.accept("("):
            if not self.accept(")"):
                while True:
                    fn.params.append(self.parse_param())
                    if self.accept(")"):
                        break
                    self.expect(",", "',' or ')' in the parameter list")
        while self.peek().text in _PERF:
            d = self.next()
            vals = []
            if d.text not in (".noreturn", ".explicitcluster"):
                vals.append(self.expect_int())
                while self.accept(","):
                    vals.append(self.expect_int())
            if d.text == ".maxntid":
                fn.maxntid = tuple(vals)
            elif d.text == ".reqntid":
                fn.reqntid = tuple(vals)
            elif d.text == ".maxnreg":
                fn.maxnreg = vals[0]
            elif d.text == ".minnctapersm":
                fn.minnctapersm = vals[0]
        if self.accept(";"):
            if not is_entry:
                self.module.functions.setdefault(fn.name, fn)   # a prototype (.extern .func)
                return
            self.error("a kernel needs a body", nt)
        self.parse_body(fn)
        fn.has_body = True
        self.module.functions[fn.name] = fn

    def skip_parens(self):
        self.expect("(")
        depth = 1
        while depth:
            t = self.next()
            if t.kind == "eof":
                self.error("unbalanced '('", t)
            depth += (t.text == "(") - (t.text == ")")

    def parse_param(self):
        self.expect(".param", "'.param'")
        align, type_code = None, None
        while self.peek().kind == "directive":
            d = self.next()
            if d.text == ".align":
                align = self.expect_int("an alignment")
            elif d.text in (".ptr", ".global", ".shared", ".local", ".const"):
                pass                  # pointer attributes: accepted, no effect on a launch
            elif d.text[1:] in _VAR_TYPES:
                type_code = C.TYPE[d.text[1:]]
            else:
                self.error(f"unexpected {d.text} in a parameter", d)
        if type_code is None:
            self.error("expected a parameter type")
        nt = self.next()
        if nt.kind != "word":
            self.error(f"expected a parameter name, found {nt.text!r}", nt)
        elem = max(1, C.TYPE_BITS[type_code] // 8)
        count = 1
        if self.accept("["):
            count = self.expect_int("an array size")
            self.expect("]")
        return Var(nt.text, C.SPACE_PARAM, type_code, align or elem, elem * count,
                   line=nt.line, col=nt.col)

    # ---- function bodies ----
    def parse_body(self, fn):
        self.expect("{")
        scopes = [{}]          # name -> Reg or Var, innermost last
        for v in fn.params + fn.retvals:
            scopes[0][v.name] = v
        self.scopes = scopes
        self.fn = fn
        self.nvars = 0
        while True:
            t = self.peek()
            if t.kind == "eof":
                self.error(f"missing '}}' at the end of kernel {fn.name}", t)
            if t.text == "}":
                self.next()
                if len(scopes) == 1:
                    break
                scopes.pop()
                continue
            if t.text == "{":
                self.next()
                scopes.append({})
                continue
            if t.text == ".reg":
                self.next()
                self.parse_reg_decl(fn, scopes[-1])
            elif t.text in (".shared", ".local", ".param"):
                self.next()
                space = C.SPACE_SHARED if t.text == ".shared" else C.SPACE_LOCAL
                for v in self.parse_var_decl(space):
                    if v.name in scopes[-1]:
                        self.error(f"duplicate variable {v.name!r}", t)
                    scopes[-1][v.name] = v
                    if len(scopes) > 1 or t.text == ".param":
                        # call arguments (.param in a body) live in the thread's local memory;
                        # names in inner scopes are made unique
                        self.nvars += 1
                        v.name = f"{v.name}#{self.nvars}"
                    (fn.shared if space == C.SPACE_SHARED else fn.local).append(v)
            elif t.text == ".pragma" and self.peek(1).text == '"nounroll"':
                # a loop's `.pragma "nounroll";` (nvcc puts it in a remainder loop's header):
                # the labels here name a loop ptxas must not unroll (ptx/unroll.py)
                fn.nounroll.update(name for name, k in fn.labels.items() if k == len(fn.instrs))
                self.skip_directive()
            elif t.text in _SKIP_DIRECTIVES:
                self.skip_directive()
            elif t.text == ".const":
                self.error(".const variables are not supported (pass the data as a kernel argument)")
            elif t.kind == "directive":
                self.error(f"unsupported directive {t.text} in a kernel body")
            elif t.kind == "word" and self.peek(1).text == ":":
                self.next()
                self.next()
                if t.text in fn.labels:
                    self.error(f"duplicate label {t.text!r}", t)
                fn.labels[t.text] = len(fn.instrs)
                fn.label_pos[t.text] = (t.line, t.col)
            else:
                fn.instrs.append(self.parse_instr())
        self.scopes = None

    def parse_reg_decl(self, fn, scope):
        type_code = None
        while self.peek().kind == "directive":
            d = self.next()
            if d.text[1:] in _VAR_TYPES:
                type_code = C.TYPE[d.text[1:]]
            elif d.text in (".v2", ".v4"):
                self.error("vector registers are not supported", d)
            else:
                self.error(f"unexpected {d.text} in a register declaration", d)
        if type_code is None:
            self.error("expected a register type (.b32, .f32, .pred, ...)")
        kind = reg_kind_for(type_code)
        while True:
            nt = self.next()
            if nt.kind != "word":
                self.error(f"expected a register name, found {nt.text!r}", nt)
            names = [nt.text]
            if self.accept("<"):
                count = self.expect_int("a register count")
                self.expect(">")
                names = [f"{nt.text}{k}" for k in range(count)]
            for name in names:
                if name in scope:
                    self.error(f"register {name} declared twice", nt)
                if name in C.SREG:
                    self.error(f"{name} is a special register", nt)
                reg = Reg(name, kind, fn.nregs[kind], type_code)
                fn.nregs[kind] += 1
                scope[name] = reg
            if not self.accept(","):
                break
        self.expect(";")

    def lookup(self, name):
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return None

    def lookup_reg(self, name):
        r = self.lookup(name)
        return r if isinstance(r, Reg) else None

    def var_name(self, name):
        v = self.lookup(name)
        return v.name if isinstance(v, Var) else name

    def parse_call(self, ins):
        """call{.uni} (ret, ...), func, (arg, ...);  -- the return list and args are optional."""
        rets, args = [], []
        if self.accept("("):
            while not self.accept(")"):
                rets.append(self.var_name(self.next().text))
                self.accept(",")
            self.expect(",")
        ft = self.next()
        if ft.kind != "word":
            self.error(f"expected a function name, found {ft.text!r}", ft)
        if self.accept(","):
            self.expect("(")
            while not self.accept(")"):
                args.append(self.var_name(self.next().text))
                self.accept(",")
        if self.accept(","):
            self.error("indirect calls (prototype lists) are not supported", self.peek())
        ins.callee, ins.call_rets, ins.call_args = ft.text, rets, args

    def parse_instr(self):
        start = self.peek()
        guard, guard_neg = None, False
        if self.accept("@"):
            guard_neg = bool(self.accept("!"))
            gt = self.next()
            guard = self.lookup_reg(gt.text)
            if guard is None:
                self.error(f"undeclared predicate {gt.text}", gt)
            if guard.kind != C.K_PRED:
                self.error(f"guard {gt.text} is not a .pred register", gt)
        ot = self.next()
        if ot.kind != "word":
            self.error(f"expected an instruction, found {ot.text!r}", ot)
        parts = ot.text.split(".")
        opcode, suffixes = parts[0], parts[1:]
        operands = []
        if opcode == "call":
            ins = Instr(opcode, suffixes, [], guard, guard_neg, ot.line, ot.col,
                        self.module.source_lines[start.line - 1].strip())
            self.parse_call(ins)
            self.expect(";")
            return ins
        if self.peek().text != ";":
            while True:
                operands.append(self.parse_operand())
                if not self.accept(","):
                    break
        end = self.peek()
        if end.text != ";":
            self.error(f"expected ',' or ';' after an operand, found {end.text!r}", end)
        self.next()
        src = self.module.source_lines[start.line - 1].strip() if start.line - 1 < len(self.module.source_lines) else ""
        return Instr(opcode, suffixes, operands, guard, guard_neg, ot.line, ot.col, src)

    def parse_operand(self):
        t = self.peek()
        if t.text == "{":
            self.next()
            elems = []
            while True:
                elems.append(self.parse_operand())
                if self.accept("}"):
                    break
                self.expect(",", "',' or '}' in a vector")
            return Operand("vec", t.line, t.col, elems=elems)
        if t.text == "[":
            self.next()
            op = Operand("addr", t.line, t.col)
            bt = self.peek()
            if bt.kind == "word":
                self.next()
                reg = self.lookup_reg(bt.text)
                op.base = reg if reg is not None else self.var_name(bt.text)
                if reg is not None and reg.kind == C.K_PRED:
                    self.error("an address cannot be a predicate", bt)
                if self.accept("+"):
                    op.offset = self.expect_int("an address offset")
                elif self.peek().text == "-":
                    op.offset = self.expect_int("an address offset")
            else:
                op.offset = self.expect_int("an address")
            self.expect("]", "']'")
            return op
        if t.text == "!":
            self.next()
            op = self.parse_operand()
            if op.kind != "reg" or op.reg.kind != C.K_PRED:
                self.error("'!' applies only to a predicate", t)
            op.neg = True
            return op
        if t.text == "-" or t.kind in ("int", "float", "fimm"):
            neg = bool(self.accept("-"))
            nt = self.next()
            if nt.kind == "int":
                v = parse_int(nt.text)
                return Operand("imm", t.line, t.col, value=-v if neg else v)
            if nt.kind in ("float", "fimm"):
                v = parse_float(nt.text)
                return Operand("imm", t.line, t.col, value=-v if neg else v, is_float_lit=True)
            self.error(f"expected a number after '-', found {nt.text!r}", nt)
        if t.kind == "word":
            self.next()
            if t.text == "_":
                op = Operand("sink", t.line, t.col)
            elif t.text in C.SREG:
                op = Operand("sreg", t.line, t.col, value=t.text)
            elif t.text == "WARP_SZ":        # PTX's predefined constant (CUDA's warpSize)
                op = Operand("imm", t.line, t.col, value=32)
            else:
                reg = self.lookup_reg(t.text)
                if reg is not None:
                    op = Operand("reg", t.line, t.col, reg=reg)
                elif t.text.startswith("%"):
                    self.error(f"undeclared register {t.text}", t)
                else:
                    op = Operand("sym", t.line, t.col, value=self.var_name(t.text))
                    if self.peek().text == "+" and self.peek(1).kind == "int":
                        self.next()
                        op.offset = self.expect_int()
            if self.accept("|"):
                op.pair = self.parse_operand()
            return op
        self.error(f"expected an operand, found {t.text!r}", t)


def parse_int(text):
    s = text.rstrip("U")
    if s[:2] in ("0x", "0X"):
        return int(s[2:], 16)
    if s[:2] in ("0b", "0B"):
        return int(s[2:], 2)
    if len(s) > 1 and s[0] == "0":
        return int(s, 8)        # PTX follows C: a leading 0 means octal
    return int(s)


def parse_float(text):
    import struct
    if text[:2] in ("0f", "0F"):
        return struct.unpack("<f", int(text[2:], 16).to_bytes(4, "little"))[0]
    if text[:2] in ("0d", "0D"):
        return struct.unpack("<d", int(text[2:], 16).to_bytes(8, "little"))[0]
    return float(text)


def _pack_init(vals, type_code, count, parser, tok):
    import struct
    bits, kind = C.TYPE_BITS[type_code], C.TYPE_KIND[type_code]
    if len(vals) > count:
        parser.error(f"{len(vals)} initializers for {count} elements", tok)
    out = bytearray()
    for v in list(vals) + [0] * (count - len(vals)):
        if kind == C.KIND_FLOAT:
            out += struct.pack("<f" if bits == 32 else "<d", float(v))
        else:
            out += (int(v) & ((1 << bits) - 1)).to_bytes(bits // 8, "little")
    return bytes(out)


def parse_module(text, file="<ptx>"):
    return Parser(text, file).parse()
