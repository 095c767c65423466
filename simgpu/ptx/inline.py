"""Device-function calls, inlined at assembly time.

nvcc keeps a __device__ function as a .func when it decides not to inline
it, and calls it with `call (retval), func, (param0, ...)`, passing arguments
through .param variables. simgpu inlines every call, as ptxas usually does:
the callee's body is copied in with fresh registers and labels, its
parameters are renamed to the caller's argument variables (which live in
the thread's local memory), and its `ret` becomes a branch past the copy.
The system calls vprintf (printf) and __assertfail (assert) stay calls,
which exec/syscall.py runs; recursion and calls to other functions without
a body (malloc) are refused with a clear error.
"""
from dataclasses import replace

from ..errors import AssemblyError
from .codes import SYSCALL_ARGS
from .parser import Instr, Operand, Reg

MAX_DEPTH = 16


def inline_calls(module, fn, stack=()):
    """A copy of fn.instrs with every call expanded; returns (instrs, labels, extra locals)."""
    if not any(ins.opcode == "call" for ins in fn.instrs):
        return fn.instrs, dict(fn.labels), []
    at = {}
    for name, idx in fn.labels.items():
        at.setdefault(idx, []).append(name)
    out, labels, extra_local = [], {}, []
    for idx, ins in enumerate(fn.instrs):
        for name in at.get(idx, ()):
            labels[name] = len(out)
        if ins.opcode != "call":
            out.append(ins)
            continue
        callee = module.functions.get(ins.callee)
        where = (module.file, ins.line, ins.col)
        if callee is None:
            raise AssemblyError(f"call to undefined function {ins.callee!r}", *where)
        if not callee.has_body and ins.callee in SYSCALL_ARGS:     # kept: exec/syscall.py runs it
            nargs, nrets = SYSCALL_ARGS[ins.callee]
            if len(ins.call_args) != nargs or len(ins.call_rets) > nrets:
                raise AssemblyError(f"{ins.callee} takes {nargs} arguments and {nrets} result"
                                    f"{'s' if nrets != 1 else ''}", *where)
            if ins.guard is not None:
                raise AssemblyError("predicated calls are not supported", *where)
            out.append(ins)
            continue
        if not callee.has_body:
            raise AssemblyError(f"call to external function {ins.callee!r} is not supported "
                                "(only vprintf and __assertfail, printf's and assert's)", *where)
        if callee.is_entry:
            raise AssemblyError(f"{ins.callee} is a kernel (.entry) and cannot be called", *where)
        if callee.name in stack or len(stack) >= MAX_DEPTH:
            raise AssemblyError(f"recursive call to {ins.callee!r} is not supported", *where)
        if ins.guard is not None:
            raise AssemblyError("predicated calls are not supported", *where)
        if len(ins.call_args) != len(callee.params) or len(ins.call_rets) != len(callee.retvals):
            raise AssemblyError(f"{ins.callee} takes {len(callee.params)} arguments and "
                                f"{len(callee.retvals)} results", *where)
        body, blabels, blocal = inline_calls(module, callee, stack + (callee.name,))
        tag = f"{callee.name}@{len(out)}"
        names = {p.name: a for p, a in zip(callee.params, ins.call_args)}
        names.update({r.name: a for r, a in zip(callee.retvals, ins.call_rets)})
        for v in callee.local + blocal:
            nv = replace(v, name=f"{tag}:{v.name}")
            names[v.name] = nv.name
            extra_local.append(nv)
        if callee.shared:
            raise AssemblyError(f"{ins.callee} declares .shared variables; not supported in "
                                "device functions", *where)
        regs = {}

        def reg(r):
            if r is None:
                return None
            if id(r) not in regs:
                regs[id(r)] = Reg(f"{tag}:{r.name}", r.kind, fn.nregs[r.kind], r.type)
                fn.nregs[r.kind] += 1
            return regs[id(r)]

        def opnd(o):
            o = replace(o, reg=reg(o.reg) if o.reg is not None else None,
                        pair=opnd(o.pair) if o.pair is not None else None,
                        elems=[opnd(e) for e in o.elems] if o.elems else o.elems)
            if o.kind == "addr" and isinstance(o.base, Reg):
                o.base = reg(o.base)
            elif o.kind == "addr" and isinstance(o.base, str):
                o.base = names.get(o.base, o.base)
            elif o.kind == "sym":
                o.value = names.get(o.value, f"{tag}:{o.value}" if o.value in blabels else o.value)
            return o

        end = f"{tag}:return"
        bat = {}
        for name, bidx in blabels.items():
            bat.setdefault(bidx, []).append(name)
        for bidx, b in enumerate(body):
            for name in bat.get(bidx, ()):
                labels[f"{tag}:{name}"] = len(out)
            if b.opcode == "ret":
                nb = Instr("bra", [], [Operand("sym", b.line, b.col, value=end)],
                           reg(b.guard), b.guard_neg, b.line, b.col, b.text)
            else:
                nb = replace(b, operands=[opnd(o) for o in b.operands], guard=reg(b.guard))
                if b.opcode == "call":               # a system call kept in the body: its variables renamed
                    nb.call_args = [names.get(v, v) for v in b.call_args]
                    nb.call_rets = [names.get(v, v) for v in b.call_rets]
            out.append(nb)
        for name in bat.get(len(body), ()):
            labels[f"{tag}:{name}"] = len(out)
        labels[end] = len(out)
    for name in at.get(len(fn.instrs), ()):
        labels[name] = len(out)
    return out, labels, extra_local
