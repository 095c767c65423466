"""Running emitted source against a program's recipe: what every runner of the
emitted code shares (the GPU check in device.py, the Metal backend below, the
host stand-in in the tests).

    emitted, prepared = for_recipe(path, sets, "cuda")
    compare_outputs(recipe, ref_buffers, got_buffers)

Outputs are compared buffer by buffer against the PTX's own run through the
same harness: bitwise where the recipe checks exactly (tol=0) or the buffer
holds integers, else by the recipe's relative error (max|got - ref| /
max|ref|) against its tolerance.
"""
import platform
import time

import numpy as np

from ..errors import SimgpuError
from ..recipe import check_buffer, parse_recipe, prepare
from . import emit


def pointer_args(launches):
    """{kernel: indices of the arguments that are buffers}, from a recipe's launches."""
    out = {}
    for kernel, _, _, args, _ in launches:
        out.setdefault(kernel, set()).update(k for k, a in enumerate(args) if isinstance(a, np.ndarray))
    return out


def for_recipe(path, sets, lang):
    """(recipe, (sizes, buffers, initial, launches), Emitted) for the kernels the recipe launches."""
    recipe = parse_recipe(path)
    prepared = prepare(recipe, sets)
    launches = prepared[3]
    names = list(dict.fromkeys(k for k, *_ in launches))
    return recipe, prepared, emit(path, lang, kernels=names, pointers=pointer_args(launches))


def launch_shared(facts, shared):
    """Dynamic shared bytes a launch of the emitted kernel asks for: its static variables
    live in the same array as the dynamic ones (see cuda.py)."""
    return facts["dynamic_base"] + int(shared) if facts["dynamic_shared"] else 0


def dims(v):
    t = tuple(int(x) for x in v) if isinstance(v, tuple) else (int(v),)
    return t + (1,) * (3 - len(t))


def compare_outputs(recipe, ref, got):
    """One record per buffer: checked buffers decide `passed`; the others are reported
    (bitwise equal or not) but do not count: they may hold device addresses."""
    checked = {c.buffer: c for c in recipe.checks}
    rows = []
    for name in ref:
        a, b = np.asarray(got[name]), np.asarray(ref[name])
        exact = name in checked and (checked[name].tol == 0 or a.dtype.kind in "iub")
        same = a.shape == b.shape and a.tobytes() == b.tobytes()
        row = {"buffer": name, "checked": name in checked, "bitwise_equal": bool(same)}
        if name in checked and not exact:
            with np.errstate(invalid="ignore"):
                diff = np.abs(a.astype(np.float64) - b.astype(np.float64))
                scale = float(np.max(np.abs(b.astype(np.float64)))) if b.size else 0.0
                if np.any(np.isnan(a) != np.isnan(b)):
                    err = float("inf")
                else:
                    d = float(np.nanmax(diff)) if diff.size else 0.0
                    err = d / scale if scale > 0 else d
            row.update(mode="tolerance", error=err, tol=checked[name].tol, passed=bool(err <= checked[name].tol))
        elif name in checked:
            row.update(mode="bitwise", passed=bool(same),
                       mismatches=int(np.count_nonzero(a.view(np.uint8) != b.view(np.uint8))) if a.shape == b.shape
                       else None)
        rows.append(row)
    return rows


# ---- Metal (macOS, torch.mps): seed 000's gpu_util.py timing ----

def _first_line(e):
    lines = [ln.strip() for ln in str(e).splitlines() if ln.strip()]
    return lines[0] if lines else type(e).__name__


def metal_available():
    """(True, torch) on a Mac whose PyTorch has MPS; else (False, why)."""
    if platform.system() != "Darwin":
        return False, f"this is {platform.system()}, not macOS"
    try:
        import torch
    except ImportError:
        return False, "PyTorch is not installed"
    if not (hasattr(torch, "mps") and hasattr(torch.mps, "compile_shader") and torch.backends.mps.is_available()):
        return False, "this PyTorch has no MPS device or no torch.mps.compile_shader"
    return True, torch


def timed(fn, sync, trials=50):
    """Median seconds per call, waiting for the GPU before each clock reading (gpu_util.timed)."""
    fn()
    sync()
    times = []
    for _ in range(trials):
        t0 = time.perf_counter()
        fn()
        sync()
        times.append(time.perf_counter() - t0)
    return sorted(times)[trials // 2]


def timed_queued(fn, sync, reps=200):
    """Seconds per call with `reps` calls queued and one wait (gpu_util.timed_queued)."""
    fn()
    sync()
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
    sync()
    return (time.perf_counter() - t0) / reps


def run_metal(path, sets):
    """Run PROGRAM's recipe as emitted MSL on this Mac's GPU; check it; time each launch."""
    ok, torch = metal_available()
    if not ok:
        raise SimgpuError(f"Metal is unavailable here ({torch}); --backend metal needs macOS with PyTorch's MPS")
    recipe, (sizes, buffers, initial, launches), em = for_recipe(path, sets, "metal")
    facts = {f["kernel"]: f for f in em.kernels}
    dyn = max(int(s) for *_, s in launches)       # threadgroup arrays are sized when the source compiles
    try:
        lib = torch.mps.compile_shader(f"#define SIMGPU_DYNAMIC_SHARED_BYTES {dyn}\n" + em.text)
    except Exception as e:                        # the Metal compiler's message, on one line
        raise SimgpuError(f"{path}: Metal did not compile the emitted source: {_first_line(e)}") from None
    dev = {k: torch.from_numpy(v.view(np.uint8).reshape(-1).copy()).to("mps") for k, v in buffers.items()}
    ids = {id(v): k for k, v in buffers.items()}
    calls = []
    for kernel, grid, block, args, shared in launches:
        targs = []
        for a, prm in zip(args, facts[kernel]["params"]):
            if isinstance(a, np.ndarray):
                targs.append(dev[ids[id(a)]])
            else:
                dt = {"u32": np.uint32, "i32": np.int32, "f32": np.float32, "u64": np.uint64, "i64": np.int64,
                      "u16": np.uint16, "i16": np.int16, "u8": np.uint8, "i8": np.int8}[prm["type"]]
                targs.append(torch.from_numpy(np.array([a], dt).view(np.uint8).copy()).to("mps"))
        g, b = dims(grid), dims(block)
        fn = getattr(lib, kernel)
        calls.append((kernel, lambda fn=fn, t=targs, g=g, b=b: fn(*t, threads=tuple(x * y for x, y in zip(g, b)),
                                                                     group_size=b), g, b))
    try:
        for _, call, _, _ in calls:
            call()
        torch.mps.synchronize()
    except Exception as e:                        # e.g. more threadgroup memory than the GPU has
        raise SimgpuError(f"{path}: Metal refused a launch: {_first_line(e)}") from None
    for k, v in buffers.items():
        v.view(np.uint8).reshape(-1)[...] = dev[k].cpu().numpy()
    checks = [check_buffer(recipe, c, sizes, initial, buffers) for c in recipe.checks]
    times = [{"kernel": k, "grid": list(g), "block": list(b),
              "median_us": timed(call, torch.mps.synchronize) * 1e6,
              "queued_us": timed_queued(call, torch.mps.synchronize) * 1e6} for k, call, g, b in calls]
    return sizes, checks, times
