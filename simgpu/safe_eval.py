"""A small, restricted expression evaluator for launch recipes.

Recipes are data inside a program file, so running someone else's .s must
never run their code: expressions are parsed with Python's `ast` (parsing
executes nothing) and evaluated by walking a whitelist of node types. Names
resolve only to the recipe's sizes and buffers and to a fixed table of
functions; attribute access is limited to a fixed set of array methods; no
dunder names, no imports, no lambdas, no comprehensions. Array sizes made by
the evaluator are capped so that a hostile recipe cannot exhaust memory.
"""
import ast
import operator

import numpy as np

from .errors import RecipeError

MAX_ELEMENTS = 1 << 28           # 256 Mi elements per array made by a recipe

_DTYPES = {n: getattr(np, n) for n in ("float16", "float32", "float64", "int8", "int16", "int32",
                                       "int64", "uint8", "uint16", "uint32", "uint64")}


def _shape(shape):
    shape = (shape,) if np.isscalar(shape) else tuple(shape)
    n = 1
    for d in shape:
        if not isinstance(d, (int, np.integer)) or d < 0:
            raise RecipeError(f"bad array shape {shape}")
        n *= int(d)
    if n > MAX_ELEMENTS:
        raise RecipeError(f"array of {n} elements is larger than the recipe limit ({MAX_ELEMENTS})")
    return tuple(int(d) for d in shape)


def _dtype(dtype):
    if dtype is None:
        return np.float32
    if isinstance(dtype, type) and dtype in _DTYPES.values():
        return dtype
    raise RecipeError(f"unknown dtype {dtype!r} (use one of {', '.join(_DTYPES)})")


def randn(shape, seed=0, dtype=None):
    return np.random.default_rng(seed).standard_normal(_shape(shape)).astype(_dtype(dtype))


def rand(shape, seed=0, dtype=None):
    return np.random.default_rng(seed).random(_shape(shape)).astype(_dtype(dtype))


def randint(lo, hi, shape, seed=0, dtype=None):
    return np.random.default_rng(seed).integers(lo, hi, _shape(shape)).astype(_dtype(dtype or np.int32))


def zeros(shape, dtype=None):
    return np.zeros(_shape(shape), _dtype(dtype))


def ones(shape, dtype=None):
    return np.ones(_shape(shape), _dtype(dtype))


def full(shape, value, dtype=None):
    return np.full(_shape(shape), value, _dtype(dtype))


def arange(n, dtype=None):
    _shape(n)
    return np.arange(n, dtype=_dtype(dtype or np.int32))


FUNCTIONS = {
    "randn": randn, "rand": rand, "randint": randint, "zeros": zeros, "ones": ones,
    "full": full, "arange": arange,
    "exp": np.exp, "log": np.log, "sqrt": np.sqrt, "abs": np.abs, "maximum": np.maximum,
    "minimum": np.minimum, "where": np.where, "sum": np.sum, "max": np.max, "min": np.min,
    "mean": np.mean, "transpose": np.transpose, "reshape": np.reshape, "cumsum": np.cumsum,
    "sort": np.sort,
    "sin": np.sin, "cos": np.cos, "tanh": np.tanh, "floor": np.floor, "ceil": np.ceil,
    "int": int, "float": float, "len": len, "round": round,
    **_DTYPES,
}
CONSTANTS = {"pi": np.pi, "inf": np.inf, "True": True, "False": False}
METHODS = {"reshape", "sum", "max", "min", "mean", "ravel", "astype", "copy", "cumsum"}
ATTRIBUTES = {"T", "shape", "size", "ndim"}

_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
           ast.Pow: operator.pow, ast.MatMult: operator.matmul, ast.LShift: operator.lshift,
           ast.RShift: operator.rshift, ast.BitAnd: operator.and_, ast.BitOr: operator.or_,
           ast.BitXor: operator.xor}
_CMPOPS = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
           ast.Gt: operator.gt, ast.GtE: operator.ge}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_, ast.Invert: operator.invert}


MAX_INT_BITS = 4096                  # integers beyond this are an attack, not a size


def _check_pow(a, b):
    if isinstance(a, (int, np.integer)) and isinstance(b, (int, np.integer)) and abs(a) > 1 and b > 0:
        if b * int(abs(a)).bit_length() > MAX_INT_BITS:
            raise RecipeError("integer power too large in a recipe expression")
    elif np.isscalar(b) and abs(b) > 4096 and np.isscalar(a) and abs(a) > 1:
        raise RecipeError("exponent too large in a recipe expression")


def _check_result(v):
    if isinstance(v, int) and v.bit_length() > MAX_INT_BITS:
        raise RecipeError("integer too large in a recipe expression")
    return v


def evaluate(text, names):
    """Evaluate one recipe expression with the given names (sizes, buffers)."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as e:
        raise RecipeError(f"cannot parse expression {text.strip()!r}: {e.msg}") from None
    return _eval(tree.body, names)


def _eval(node, names):
    if isinstance(node, ast.Constant):
        if isinstance(node.value, (bool, int, float, str)) or node.value is None:
            return node.value
        raise RecipeError(f"constant {node.value!r} is not allowed")
    if isinstance(node, ast.Name):
        if node.id.startswith("_"):
            raise RecipeError(f"name {node.id!r} is not allowed")
        if node.id in names:
            return names[node.id]
        if node.id in CONSTANTS:
            return CONSTANTS[node.id]
        if node.id in FUNCTIONS:
            return FUNCTIONS[node.id]
        raise RecipeError(f"unknown name {node.id!r}")
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        a, b = _eval(node.left, names), _eval(node.right, names)
        if isinstance(node.op, ast.Pow):
            _check_pow(a, b)
        if isinstance(node.op, ast.LShift) and np.isscalar(b) and b > 62:
            raise RecipeError("shift too large in a recipe expression")
        if isinstance(a, (str, bytes, list, tuple)) or isinstance(b, (str, bytes, list, tuple)):
            raise RecipeError("arithmetic on strings, lists or tuples is not allowed")
        try:
            return _check_result(_BINOPS[type(node.op)](a, b))
        except ZeroDivisionError:
            raise RecipeError(f"division by zero in {ast.unparse(node)!r}") from None
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        return _UNARY[type(node.op)](_eval(node.operand, names))
    if isinstance(node, ast.BoolOp):
        vals = [_eval(v, names) for v in node.values]
        if isinstance(node.op, ast.And):
            return all(vals)
        return any(vals)
    if isinstance(node, ast.Compare):
        left = _eval(node.left, names)
        if len(node.ops) == 1 and type(node.ops[0]) in _CMPOPS:      # elementwise on arrays
            return _CMPOPS[type(node.ops[0])](left, _eval(node.comparators[0], names))
        for op, comp in zip(node.ops, node.comparators):
            if type(op) not in _CMPOPS:
                raise RecipeError(f"comparison {type(op).__name__} is not allowed")
            right = _eval(comp, names)
            if not _CMPOPS[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.IfExp):
        return _eval(node.body, names) if _eval(node.test, names) else _eval(node.orelse, names)
    if isinstance(node, ast.Tuple):
        return tuple(_eval(e, names) for e in node.elts)
    if isinstance(node, ast.List):
        return [_eval(e, names) for e in node.elts]
    if isinstance(node, ast.Slice):
        return slice(*(None if x is None else _eval(x, names) for x in (node.lower, node.upper, node.step)))
    if isinstance(node, ast.Subscript):
        return _eval(node.value, names)[_eval(node.slice, names)]
    if isinstance(node, ast.Attribute):
        if node.attr in ATTRIBUTES:
            obj = _eval(node.value, names)
            if not isinstance(obj, np.ndarray):
                raise RecipeError(f"attribute .{node.attr} applies to arrays only")
            return getattr(obj, node.attr)
        raise RecipeError(f"attribute .{node.attr} is not allowed")
    if isinstance(node, ast.Call):
        kwargs = {}
        for kw in node.keywords:
            if kw.arg is None:
                raise RecipeError("**kwargs is not allowed")
            kwargs[kw.arg] = _eval(kw.value, names)
        args = []
        for a in node.args:
            if isinstance(a, ast.Starred):
                raise RecipeError("*args is not allowed")
            args.append(_eval(a, names))
        if isinstance(node.func, ast.Attribute):
            if node.func.attr not in METHODS:
                raise RecipeError(f"method .{node.func.attr}() is not allowed")
            obj = _eval(node.func.value, names)
            if not isinstance(obj, (np.ndarray, np.generic)):
                raise RecipeError(f"method .{node.func.attr}() applies to arrays only")
            if node.func.attr == "astype" and args:
                args[0] = _dtype(args[0])
            return getattr(obj, node.func.attr)(*args, **kwargs)
        if isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS and node.func.id not in names:
            try:
                return FUNCTIONS[node.func.id](*args, **kwargs)
            except RecipeError:
                raise
            except (TypeError, ValueError) as e:
                raise RecipeError(f"{node.func.id}(): {e}") from None
        raise RecipeError(f"calling {ast.unparse(node.func)!r} is not allowed")
    raise RecipeError(f"{type(node).__name__} is not allowed in a recipe expression")
