"""The command-line ends of the emitter: `simgpu emit` and
`simgpu crosscheck PROGRAM --backend metal` (cli.py calls these)."""
import ast
import json
import platform
import sys
from pathlib import Path

from ..errors import RecipeError, SimgpuError
from ..launch import read_source
from ..recipe import kernel_name, parse_recipe, resolve_sizes
from . import emit


def recipe_pointers(path, text):
    """{kernel: indices of its buffer arguments} from the launch lines of a program's recipe,
    at its default sizes (without making the buffers); {} without a recipe."""
    if "//!" not in text:
        return {}
    try:
        recipe = parse_recipe(path, text)
        sizes = resolve_sizes(recipe)
    except RecipeError:
        return {}
    out = {}
    for L in recipe.launches:
        try:
            args = ast.parse(L.exprs["args"], mode="eval").body
            name = kernel_name(recipe, L, sizes)
        except (SyntaxError, RecipeError):
            continue
        elts = args.elts if isinstance(args, ast.Tuple) else [args]
        out.setdefault(name, set()).update(k for k, e in enumerate(elts)
                                           if isinstance(e, ast.Name) and e.id in recipe.buffers)
    return out


def cmd_emit(ns):
    text = read_source(ns.program)
    pointers = recipe_pointers(ns.program, text)
    em = emit(ns.program, ns.lang, kernels=[ns.kernel] if ns.kernel else None, text=text, pointers=pointers)
    if not ns.output:
        sys.stdout.write(em.text)
        return 0
    try:
        Path(ns.output).write_text(em.text)
    except OSError as e:
        raise SimgpuError(f"cannot write {ns.output}: {e.strerror}") from None
    names = ", ".join(f["kernel"] for f in em.kernels)
    dyn = [f"{f['kernel']}: {f['dynamic_base']} + the launch's dynamic bytes" for f in em.kernels
           if f["dynamic_shared"]]
    print(f"wrote {ns.output}: {names} as {'CUDA C' if ns.lang == 'cuda' else 'Metal Shading Language'}"
          + (f" (dynamic shared memory: {'; '.join(dyn)})" if dyn else ""))
    return 0


def crosscheck_metal(ns):
    """Run the program's recipe as emitted Metal on this Mac (torch.mps.compile_shader), check it,
    time each launch as seed 000's gpu_util.py does; elsewhere a one-line error (exit 2)."""
    from .run import run_metal
    sets = dict(s.split("=", 1) for s in (ns.set or []))
    sizes, checks, times = run_metal(ns.program, sets)
    for c in checks:
        print(f"check    {c.buffer} = {c.expr}: max relative error {c.error:.3g} (tolerance {c.tol:g})  "
              f"{'PASS' if c.passed else 'FAIL'}")
    for t in times:
        print(f"launch   {t['kernel']} grid={tuple(t['grid'])} block={tuple(t['block'])}: "
              f"{t['median_us']:.1f} us a call waited for (median of 50), {t['queued_us']:.1f} us queued (200 calls)")
    if ns.out:
        import datetime
        import torch
        rec = {"what": "simgpu's emitted Metal on an Apple GPU (torch.mps.compile_shader), timed as seed 000's "
                       "gpu_util.py", "machine": platform.platform(), "processor": platform.processor(),
               "torch": torch.__version__, "date": datetime.datetime.now(datetime.timezone.utc).isoformat(
                   timespec="seconds"), "command": " ".join(sys.argv), "program": ns.program,
               "sizes": {k: str(v) for k, v in sizes.items()},
               "checks": [{"buffer": c.buffer, "error": c.error, "tol": c.tol, "passed": c.passed} for c in checks],
               "launches": times}
        Path(ns.out).write_text(json.dumps(rec, indent=1))
    return 0 if all(c.passed for c in checks) else 1
