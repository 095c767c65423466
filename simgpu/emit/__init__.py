"""simgpu.emit: a PTX kernel as CUDA C or Metal Shading Language source.

    src = simgpu.emit.emit("programs/reduce_sum.s", "cuda")
    src.text                      # the source: every kernel of the file
    src.kernels[0]["dynamic_base"]

One core (core.py, ops.py, prelude.py) lowers the kernel simgpu assembled --
its basic blocks to a min-PC dispatch loop with barriers in uniform control
flow, its registers to typed locals, every instruction to C with PTX's
integer widths, wrap-around, shifts, float rounding, predicates, special
registers, shared and local memory, shuffles, votes and atomics -- and one
small dialect per language spells it (cuda.py, metal.py). `simgpu emit`
prints it; tools/device_emit.sh runs the CUDA C on a GPU against the PTX.
"""
from dataclasses import dataclass

from ..launch import Kernel
from .core import emit_kernels
from .cuda import Cuda
from .kernel import EmitError, load_views
from .metal import Metal

LANGS = {"cuda": Cuda, "metal": Metal}


@dataclass
class Emitted:
    lang: str
    text: str
    kernels: list       # per kernel: name, params (type, pointer), shared_static, dynamic_base ...


def emit(path, lang, kernels=None, text=None, pointers=None, origin=None):
    """Emit the named entries of a .s/.ptx file (all when kernels is None) in `lang`
    ("cuda" or "metal"); `path` may also be a loaded Kernel (simgpu.load), whose file is
    read again for its register names. pointers: {kernel: parameter indices that are
    buffers}, where a caller knows them (a recipe); otherwise inferred from how the kernel
    uses them."""
    if lang not in LANGS:
        raise EmitError(f"unknown language {lang!r} (cuda, metal)")
    if isinstance(path, Kernel):
        path, kernels = path.path, [path.name]
    if isinstance(kernels, str):
        kernels = [kernels]
    views = load_views(path, kernels, text=text, pointers=pointers)
    body, facts = emit_kernels(views, LANGS[lang](), origin or str(path))
    return Emitted(lang, body, facts)


__all__ = ["emit", "Emitted", "EmitError", "LANGS"]
