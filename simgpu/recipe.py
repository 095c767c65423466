"""Launch recipes: the `//!` lines at the top of a program that say how to
run it -- named sizes, how each buffer is made, the launches in order, and
the numpy check of the result (format: programs/README.md).

    recipe = parse_recipe(path)
    run = run_recipe(recipe, sets={"n": 512}, config="h100")

Every expression goes through simgpu.safe_eval, never Python's eval.
"""
import ast
import re
import warnings
from dataclasses import dataclass, field

import numpy as np

from . import safe_eval
from .errors import LaunchError, RecipeError
from .launch import launch, load, read_source

_KEYS = ("grid", "block", "args", "shared")


@dataclass
class Launch:
    kernel: str
    exprs: dict
    line: int


@dataclass
class Check:
    buffer: str
    expr: str
    tol: float
    line: int


@dataclass
class Recipe:
    path: str
    sizes: dict = field(default_factory=dict)        # name -> default expression
    requires: list = field(default_factory=list)     # (expr, line)
    buffers: dict = field(default_factory=dict)      # name -> (expr, line)
    symbols: dict = field(default_factory=dict)      # module variable name -> (expr, line)
    launches: list = field(default_factory=list)
    checks: list = field(default_factory=list)


@dataclass
class CheckResult:
    buffer: str
    error: float
    tol: float
    passed: bool
    expr: str


@dataclass
class RecipeRun:
    recipe: Recipe
    sizes: dict
    buffers: dict
    results: list          # one simgpu Result per launch
    launches: list         # (kernel name, grid, block, shared) per launch
    checks: list


def _err(recipe_path, line, msg):
    return RecipeError(f"{recipe_path}:{line}: recipe: {msg}")


def parse_recipe(path, text=None):
    text = read_source(path) if text is None else text
    r = Recipe(str(path))
    for ln, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if not s.startswith("//!"):
            continue
        body = s[3:].strip()
        if not body:
            continue
        word, _, rest = body.partition(" ")
        rest = rest.strip()
        if word == "size":
            name, eq, expr = rest.partition("=")
            name = name.strip()
            if not eq or not name.isidentifier():
                raise _err(path, ln, "expected 'size NAME = EXPR'")
            r.sizes[name] = (expr.strip(), ln)
        elif word == "require":
            r.requires.append((rest, ln))
        elif word == "buffer":
            name, eq, expr = rest.partition("=")
            name = name.strip()
            if not eq or not name.isidentifier():
                raise _err(path, ln, "expected 'buffer NAME = EXPR'")
            if name in r.buffers or name in r.sizes:
                raise _err(path, ln, f"{name!r} defined twice")
            r.buffers[name] = (expr.strip(), ln)
        elif word == "symbol":
            name, eq, expr = rest.partition("=")
            name = name.strip()
            if not eq or not name.replace("$", "_").isidentifier():
                raise _err(path, ln, "expected 'symbol NAME = EXPR' (a .const or .global variable of the module)")
            if name in r.symbols:
                raise _err(path, ln, f"symbol {name!r} set twice")
            r.symbols[name] = (expr.strip(), ln)
        elif word == "launch":
            kernel, _, spec = rest.partition(" ")
            parts = re.split(r"(?:^|\s)(" + "|".join(_KEYS) + r")=", " " + spec)
            exprs = {}
            if parts[0].strip():
                raise _err(path, ln, f"unexpected {parts[0].strip()!r}; expected grid= block= args= shared=")
            for key, val in zip(parts[1::2], parts[2::2]):
                exprs[key] = val.strip()
            for key in ("grid", "block", "args"):
                if key not in exprs:
                    raise _err(path, ln, f"launch needs {key}=")
            r.launches.append(Launch(kernel.strip(), exprs, ln))
        elif word == "check":
            name, eq, expr = rest.partition("=")
            name = name.strip()
            if not eq:
                raise _err(path, ln, "expected 'check BUFFER = EXPR tol=X'")
            m = re.search(r"\stol=(\S+)\s*$", expr)
            tol = 1e-5
            if m:
                try:
                    tol = float(m.group(1))
                except ValueError:
                    raise _err(path, ln, f"bad tolerance {m.group(1)!r}") from None
                expr = expr[:m.start()]
            r.checks.append(Check(name, expr.strip(), tol, ln))
        else:
            raise _err(path, ln, f"unknown statement {word!r} (size, require, buffer, symbol, launch, check)")
    return r


def _eval(recipe, line, expr, names):
    try:
        return safe_eval.evaluate(expr, names)
    except RecipeError as e:
        raise _err(recipe.path, line, str(e)) from None
    except Exception as e:  # numpy errors inside an allowed call
        raise _err(recipe.path, line, f"{expr!r}: {type(e).__name__}: {e}") from None


def _is_text(expr):
    """Whether a size's default is a string literal (`size tile = "128x128"`)."""
    try:
        body = ast.parse(expr.strip(), mode="eval").body
    except SyntaxError:
        return False
    return isinstance(body, ast.Constant) and isinstance(body.value, str)


def kernel_name(recipe, L, sizes):
    """The entry a launch line names; `{size}` in it is replaced by that size's
    value, so `launch matmul_cublas_{tile}` with tile = "256x128" launches
    matmul_cublas_256x128."""
    def value(m):
        if m.group(1) not in sizes:
            raise _err(recipe.path, L.line, f"kernel name {L.kernel!r}: no size {m.group(1)!r}")
        return str(sizes[m.group(1)])
    return re.sub(r"\{(\w*)\}", value, L.kernel)


def resolve_sizes(recipe, sets=None):
    sets = dict(sets or {})
    unknown = set(sets) - set(recipe.sizes)
    if unknown:
        known = ", ".join(recipe.sizes) or "none"
        raise RecipeError(f"{recipe.path}: --set {sorted(unknown)[0]}: no such size (sizes: {known})")
    sizes = {}
    for name, (expr, ln) in recipe.sizes.items():
        if name in sets:
            v = sets[name]
            if isinstance(v, str) and _is_text(expr):     # a text size takes --set values verbatim
                v = v.strip()
                v = v[1:-1] if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"" else v
            elif isinstance(v, str):
                v = _eval(recipe, ln, v, sizes)
        else:
            v = _eval(recipe, ln, expr, sizes)
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        sizes[name] = v
    for expr, ln in recipe.requires:
        if not _eval(recipe, ln, expr, sizes):
            vals = ", ".join(f"{k}={v}" for k, v in sizes.items())
            raise _err(recipe.path, ln, f"requirement {expr!r} does not hold ({vals})")
    return sizes


def checked_buffers(recipe):
    """The buffers whose initial contents a check reads (every buffer if a
    check's expression does not parse: its check reports that)."""
    read = set()
    for c in recipe.checks:
        names = _names(c.expr)
        if names is None:
            return set(recipe.buffers)
        read |= names
    return read & set(recipe.buffers)


def _names(expr):
    try:
        tree = ast.parse(expr.strip(), mode="eval")
    except SyntaxError:
        return None
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


def _arrays(recipe, lines, what, sizes, buffers):
    """{name: array} of `buffer` or `symbol` lines ({name: (expr, line)}), each
    evaluated with the sizes, the buffers and the arrays before it."""
    out = {}
    for name, (expr, ln) in lines.items():
        v = _eval(recipe, ln, expr, {**sizes, **buffers, **out})
        if not isinstance(v, np.ndarray):
            raise _err(recipe.path, ln, f"{what} {name} is not an array")
        out[name] = np.ascontiguousarray(v)
    return out


def symbol_arrays(recipe, sizes, buffers):
    """{name: array} of the recipe's `symbol` lines: what each launch's module
    variables (.const, .global) are set to first, as cudaMemcpyToSymbol does."""
    return _arrays(recipe, recipe.symbols, "symbol", sizes, buffers)


def prepare(recipe, sets=None, copy_initial=True):
    """Sizes, buffers, the initial contents of the buffers the checks read,
    and the launches with their arguments evaluated: everything a backend
    needs to run the recipe (the simulator here, a real GPU in
    tools/crosscheck_cuda.py). The initial contents are copies, or with
    copy_initial=False the buffers themselves, for a caller that copies a
    buffer only when a launch is about to change it (run_recipe)."""
    if not recipe.launches:
        raise RecipeError(f"{recipe.path}: no '//! launch' line; use --kernel/--grid/--block/--arg")
    sizes = resolve_sizes(recipe, sets)
    buffers = _arrays(recipe, recipe.buffers, "buffer", sizes, {})
    read = checked_buffers(recipe)
    initial = {k: v.copy() if copy_initial else v for k, v in buffers.items() if k in read}
    launches = []
    for L in recipe.launches:
        names = {**sizes, **buffers}
        grid = _eval(recipe, L.line, L.exprs["grid"], names)
        block = _eval(recipe, L.line, L.exprs["block"], names)
        args = _eval(recipe, L.line, L.exprs["args"], names)
        shared = _eval(recipe, L.line, L.exprs.get("shared", "0"), names)
        launches.append((kernel_name(recipe, L, sizes), grid, block, args if isinstance(args, tuple) else (args,),
                         int(shared)))
    return sizes, buffers, initial, launches


def run_recipe(recipe, sets=None, config="h100", kernel_cache=None, per_launch=None, lower=None, **launch_kw):
    """Run every launch of the recipe on simgpu and check the results.
    per_launch: optional list of dicts, one per launch, of launch() keywords for
    that launch alone (e.g. the register count ptxas gave each kernel)."""
    sizes, buffers, initial, prepared = prepare(recipe, sets, copy_initial=False)

    def keep_initial(arr):
        # a launch is about to change arr: copy the checked buffers it holds that are not copied yet
        for k, v in initial.items():
            if v is buffers[k] and np.may_share_memory(v, arr):
                initial[k] = v.copy()
    kernels = kernel_cache if kernel_cache is not None else {}
    symbols = symbol_arrays(recipe, sizes, buffers)
    results, launches = [], []
    for k, (kernel, grid, block, args, shared) in enumerate(prepared):
        if kernel not in kernels:
            kernels[kernel] = load(recipe.path, kernel=kernel, lower=lower)
        kw = {**launch_kw, **(per_launch[k] if per_launch and k < len(per_launch) else {})}
        if symbols:
            kw["symbols"] = symbols
        try:
            res = launch(kernels[kernel], grid, block, list(args), config=config, shared_bytes=shared,
                         before_overwrite=keep_initial, **kw)
        except LaunchError as e:       # an impossible launch: name the recipe line that asked for it
            raise LaunchError(f"{recipe.path}:{recipe.launches[k].line}: {e}") from None
        results.append(res)
        launches.append((kernel, res.grid, res.block, shared))
    # a sampled run (sample_sms) computes only its SMs' blocks: there is no whole result to check
    checks = [] if launch_kw.get("sample_sms") else \
        [check_buffer(recipe, c, sizes, initial, buffers) for c in recipe.checks]
    return RecipeRun(recipe, sizes, buffers, results, launches, checks)


CHECK_CHUNK = 1 << 20        # elements compared at a time: 8 MB per float64 temporary


def check_buffer(recipe, c, sizes, initial, buffers):
    """The check's reference, evaluated in float64 from the initial contents
    of the buffers it reads, against the buffer: the largest difference
    relative to the reference's largest magnitude (the absolute difference
    where the reference is all zero; inf where NaNs differ)."""
    if c.buffer not in buffers:
        raise _err(recipe.path, c.line, f"check names unknown buffer {c.buffer!r}")
    read = _names(c.expr)
    ref_names = {**sizes}
    for k, v in initial.items():
        if read is None or k in read:
            ref_names[k] = v.astype(np.float64) if v.dtype.kind == "f" else v
    ref = np.asarray(_eval(recipe, c.line, c.expr, ref_names))
    del ref_names                       # the inputs' float64 copies: not needed past the reference
    out = buffers[c.buffer]
    if ref.size != out.size:
        raise _err(recipe.path, c.line, f"reference has {ref.size} elements, buffer {c.buffer} has {out.size}")
    err = _error(out.reshape(-1), ref.reshape(-1), exact=c.tol == 0)
    return CheckResult(c.buffer, err, c.tol, bool(err <= c.tol), c.expr)


def _error(out, ref, exact):
    """max |out - ref| / max |ref| over the elements in float64, CHECK_CHUNK
    elements at a time (each figure is exact, so the chunks' maxima give the
    whole arrays'). exact: the reference rounded to the buffer's type first."""
    scales, diffs = [], []
    with np.errstate(invalid="ignore"):
        for lo in range(0, out.size, CHECK_CHUNK):
            want = ref[lo:lo + CHECK_CHUNK]
            if exact:
                want = want.astype(out.dtype)
            got = out[lo:lo + CHECK_CHUNK].astype(np.float64)
            want = want.astype(np.float64)
            if np.any(np.isnan(got) != np.isnan(want)):
                return float("inf")
            scales.append(np.max(np.abs(want)))
            with warnings.catch_warnings():             # an all-NaN chunk: its NaN is skipped below
                warnings.simplefilter("ignore", RuntimeWarning)
                diffs.append(np.nanmax(np.abs(got - want)))
        scale = np.max(scales) if scales else 0.0
        d = np.nanmax(diffs) if diffs else 0.0
        return float(d / scale) if scale > 0 else float(d)
