"""`simgpu bench`: how fast the simulator runs, over a suite of programs x
configs. Per row:

- simulated warp instructions per second of host time, and simulated GPU
  cycles per second, for the cycle-level model (best of `repeat` runs: the
  host is shared) and, for the instructions, for the functional engine alone;
- the slowdown: host seconds / the modeled GPU's own run time (simulated
  cycles / the config's clock);
- peak memory: the largest resident set of the process that ran the row
  (`resource.getrusage(RUSAGE_SELF).ru_maxrss`), and its resident set when the
  row started, after imports and warm-up (the Python, numpy and numba
  baseline), so the difference is what the row's simulation added. On Linux
  the high-water mark is reset when the row starts (writing 5 to
  /proc/self/clear_refs), so a warm-up that had to compile does not hide the
  row's own peak; elsewhere the baseline is the warm-up's peak.

With `memory=True` (`simgpu bench --memory`) a row measures memory alone:
the recipe's data, what the run allocated at its largest (tracemalloc: every
array, numpy's included, whether or not its pages were touched) and the
process's peak resident set, for one run with its checks, or a sampled one
(`sample_sms`). For runs too big to finish, `stop_after=N` stops each launch
after N warp instructions (the engine allocates all its state before the
first: timing/core.py make_timing_state, memory/hierarchy.py make_memsys,
exec/state.py) and then makes the checks a whole run ends with, on the
outputs as they are (their reference takes the same memory whatever the
outputs hold).

Each row runs in a fresh Python process, so that its peak memory is its own
(ru_maxrss never goes down within a process); numba's on-disk cache is warmed
first, in a process of its own (so it is the cache of the sources as they are
now), and every row's process runs a small warm-up launch before timing, so
compilation and cache loading are not counted.
"""
import csv
import json
import os
import resource
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

from .config import load_config
from .errors import KernelFault, SimgpuError
from .recipe import parse_recipe, resolve_sizes

ROOT = Path(__file__).resolve().parents[1]
SUITE = [("matmul_tiled", {"n": "256"}), ("matmul_naive", {"n": "128"}), ("vector_add", {"n": str(1 << 18)}),
         ("matmul_registers", {"n": "256"}), ("divergence", {})]
FIELDS = ["program", "config", "sizes", "threads", "warp_instructions", "cycles", "gpu_seconds", "seconds",
          "warp_instr_per_s", "cycles_per_s", "slowdown", "functional_seconds", "functional_warp_instr_per_s",
          "peak_rss_mb", "baseline_rss_mb"]
MEMORY_FIELDS = ["program", "config", "sizes", "run", "data_mb", "allocated_mb", "peak_rss_mb", "baseline_rss_mb",
                 "seconds", "warp_instructions"]


def program_path(name):
    """A suite name (programs/NAME.s, from the working directory or the repository) or a path."""
    if name.endswith((".s", ".ptx")) or os.sep in name:
        if not Path(name).exists():
            raise SimgpuError(f"--program {name}: file not found")
        return Path(name)
    for base in (Path.cwd() / "programs", ROOT / "programs"):
        p = base / f"{name}.s"
        if p.exists():
            return p
    raise SimgpuError(f"--program {name}: programs/{name}.s not found (run from the repository root, or give a path)")


def parse_program(spec):
    """'NAME' or 'NAME:k=v,k=v' -> (name, sizes)."""
    name, _, rest = spec.partition(":")
    sets = {}
    for item in filter(None, (x.strip() for x in rest.split(","))):
        k, eq, v = item.partition("=")
        if not eq or not k.strip():
            raise SimgpuError(f"--program {spec!r}: expected NAME or NAME:size=value,size=value")
        sets[k.strip()] = v.strip()
    if not name:
        raise SimgpuError(f"--program {spec!r}: no program name")
    return name, sets


def _maxrss_mb():
    """The process's peak resident set, MB: Linux's VmHWM (the one /proc/self/clear_refs
    resets: _reset_peak), else ru_maxrss (which on Linux also keeps the peaks of exited
    threads, e.g. numba's compiler's, so a reset does not clear it)."""
    try:
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) / 1024 for line in f if line.startswith("VmHWM:"))
    except (OSError, StopIteration, ValueError, IndexError):
        r = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return r / (1 << 20) if sys.platform == "darwin" else r / 1024      # bytes on macOS, KiB on Linux


def _reset_peak():
    """Reset the process's peak resident set to its current one (Linux >= 4.0;
    proc(5), /proc/pid/clear_refs "5"); the resident MB now, or None if not possible."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) / 1024 for line in f if line.startswith("VmRSS:"))
    except (OSError, StopIteration, ValueError, IndexError):
        return None


def measure(path, sets, config, repeat=2, threads=1):
    """One row, in this process: the timed model `repeat` times (best kept) on
    `threads` host threads (timing/core.py), then the functional engine as often."""
    from .recipe import run_recipe
    recipe = parse_recipe(path)
    best = {}
    for timing in (True, False):
        for _ in range(repeat):
            t0 = time.perf_counter()
            run = run_recipe(recipe, sets, config=config, timing=timing, **({"threads": threads} if timing else {}))
            dt = time.perf_counter() - t0
            best[timing] = min(best.get(timing, dt), dt)
            if timing:
                res = [r.stats for r in run.results]
                sizes = run.sizes
            del run             # its buffers are not held while the next run makes its own
    wi = sum(r["warp_instructions"] for r in res)
    cyc = sum(r["cycles"] for r in res)
    gpu_s = sum(r["time_us"] for r in res) * 1e-6
    dt, dtf = best[True], best[False]
    return dict(program=Path(path).stem, config=config,
                sizes=" ".join(f"{k}={v}" for k, v in sizes.items()), threads=max(r["host_threads"] for r in res),
                warp_instructions=wi, cycles=cyc, gpu_seconds=gpu_s, seconds=dt,
                warp_instr_per_s=round(wi / dt), cycles_per_s=round(cyc / dt), slowdown=round(dt / gpu_s),
                functional_seconds=dtf, functional_warp_instr_per_s=round(wi / dtf))


def measure_memory(path, sets, config, stop_after=None, sample_sms=None):
    """One memory row, in this process: the recipe run once (timed, checks
    included) under tracemalloc; stop_after=N stops each launch after N warp
    instructions and then makes the checks on fresh buffers (the run's are
    freed by then, as a whole run's device image and engine state are by
    its checks); sample_sms=S runs S SMs' blocks (no checks)."""
    from .recipe import check_buffer, prepare, run_recipe
    recipe = parse_recipe(path)
    kw = {} if sample_sms is None else {"sample_sms": sample_sms}
    if stop_after is not None:
        kw["max_warp_instructions"] = stop_after
    tracemalloc.start()
    try:
        t0 = time.perf_counter()
        stopped = False
        try:
            run = run_recipe(recipe, sets, config=config, **kw)
            wi = sum(r.stats["warp_instructions"] for r in run.results)
            sizes, data = run.sizes, sum(b.nbytes for b in run.buffers.values())
            what = "whole" if sample_sms is None else f"sampled, {sample_sms} SM" + "s" * (sample_sms > 1)
            del run
        except KernelFault as e:
            if stop_after is None or f"kernel stopped after {stop_after:,} warp instructions" not in str(e):
                raise
            stopped = True          # (out of the except clause, whose traceback holds the run's frames)
        if stopped:
            sizes, buffers, initial, _ = prepare(recipe, sets, copy_initial=False)
            if sample_sms is None:
                for c in recipe.checks:
                    check_buffer(recipe, c, sizes, initial, buffers)
            wi, data = None, sum(b.nbytes for b in buffers.values())
            what = f"stopped at {stop_after:,} warp instr" + ("" if sample_sms is None else f", {sample_sms} SMs")
            del buffers, initial
        dt = time.perf_counter() - t0
        allocated = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return dict(program=Path(path).stem, config=config, sizes=" ".join(f"{k}={v}" for k, v in sizes.items()),
                run=what, data_mb=round(data / 2**20, 1), allocated_mb=round(allocated / 2**20, 1), seconds=dt,
                warp_instructions=wi)


def _warm(config, threads="1"):
    """Compile, or load numba's cache of, the engines a row uses: the functional one
    and the cycle-level one on each of the host thread counts `threads` ("1,2"; on
    more than one it is a separate compilation, run_timed_parallel), so that neither
    the timing nor the peak memory of a row counts a compilation."""
    from .recipe import run_recipe
    warm = parse_recipe(program_path("vector_add"))
    for t in sorted({int(t) for t in str(threads).split(",")}):
        run_recipe(warm, {"n": "1024"}, config=config, threads=t)
    run_recipe(warm, {"n": "1024"}, config=config, timing=False)


def _child(spec):
    """Entry of a row's process: warm up, measure, print the row as JSON."""
    s = json.loads(spec)
    try:
        _warm(s["config"], str(s.get("threads", 1)))
        base = _reset_peak()
        base = _maxrss_mb() if base is None else base
        if s.get("memory") is not None:
            row = measure_memory(s["path"], s["sets"], s["config"], **s["memory"])
        else:
            row = measure(s["path"], s["sets"], s["config"], s["repeat"], s.get("threads", 1))
    except SimgpuError as e:
        print(json.dumps({"error": str(e)}))
        return
    row.update(peak_rss_mb=round(_maxrss_mb(), 1), baseline_rss_mb=round(base, 1))
    print(json.dumps(row))


def _python(code, arg, what):
    """Run `code` in a fresh Python process (sys.argv[1] = arg); its last line of output."""
    proc = subprocess.run([sys.executable, "-c", "import sys; " + code, arg], capture_output=True, text=True)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise SimgpuError(f"{what}: its process failed: {tail}")
    return lines[-1] if lines else ""


def run_row(path, sets, config, repeat=2, memory=None, threads=1):
    """measure() in a fresh Python process, with that process's peak memory
    (measure_memory(**memory) when memory is a dict)."""
    spec = json.dumps({"path": str(path), "sets": sets, "config": config, "repeat": repeat, "memory": memory,
                       "threads": threads})
    what = f"{Path(path).stem} on {config}"
    line = _python("from simgpu.bench import _child; _child(sys.argv[1])", spec, what)
    if not line.startswith("{"):
        raise SimgpuError(f"{what}: its process printed no result")
    row = json.loads(line)
    if "error" in row:
        raise SimgpuError(row["error"])
    return row


def header(width=13):
    return (f"{'program':17s} {'config':7s} {'sizes':{width}s} {'threads':>7s} {'warp instr':>11s} {'cycles':>10s} "
            f"{'timed s':>8s} "
            f"{'M instr/s':>9s} {'k cycles/s':>10s} {'slowdown':>9s} {'functional M instr/s':>20s} {'peak MB':>8s}")


def format_row(r, width=13):
    return (f"{r['program']:17s} {r['config']:7s} {r['sizes']:{width}s} {r.get('threads', 1):>7d} "
            f"{r['warp_instructions']:>11,} {r['cycles']:>10,} "
            f"{r['seconds']:>8.3f} {r['warp_instr_per_s'] / 1e6:>9.2f} {r['cycles_per_s'] / 1e3:>10.1f} "
            f"{r['slowdown']:>9.2g} {r['functional_warp_instr_per_s'] / 1e6:>20.2f} "
            f"{r['peak_rss_mb']:>8.0f}")


def memory_header(width=13):
    return (f"{'program':17s} {'config':7s} {'sizes':{width}s} {'run':32s} {'data MB':>8s} {'allocated MB':>12s} "
            f"{'peak MB':>8s} {'start MB':>8s} {'host s':>8s}")


def format_memory_row(r, width=13):
    return (f"{r['program']:17s} {r['config']:7s} {r['sizes']:{width}s} {r['run']:32s} {r['data_mb']:>8.1f} "
            f"{r['allocated_mb']:>12.1f} {r['peak_rss_mb']:>8.0f} {r['baseline_rss_mb']:>8.0f} {r['seconds']:>8.1f}")


def run_bench(quick=False, csv_path=None, config="h100", programs=None, repeat=2, out=print, memory=False,
              stop_after=None, sample_sms=None, threads="1"):
    """The suite (or `programs`, a list of 'NAME[:k=v,...]') x the configs in
    `config` (a name, a .toml path, or several separated by commas) x the host
    thread counts in `threads` (e.g. "1,2"); with memory=True, the memory rows
    (measure_memory) instead of the speed rows."""
    try:
        counts = [int(t) for t in str(threads).split(",") if t.strip()]
    except ValueError:
        raise SimgpuError(f"--threads {threads!r}: expected host thread counts, e.g. 1 or 1,2") from None
    if not counts or min(counts) < 1:
        raise SimgpuError(f"--threads {threads!r}: expected host thread counts of at least 1, e.g. 1 or 1,2")
    if memory and counts != [1]:
        raise SimgpuError("--threads measures speed: give it without --memory")
    configs = [c.strip() for c in str(config).split(",") if c.strip()]
    if not configs:
        raise SimgpuError("--config: no config given")
    for c in configs:
        load_config(c)                                  # a bad config is reported before any work
    if repeat < 1:
        raise SimgpuError(f"--repeat must be at least 1, got {repeat}")
    for flag, v in (("--stop-after", stop_after), ("--sample-sms", sample_sms)):
        if v is not None and not memory:
            raise SimgpuError(f"{flag} measures memory: give it with --memory")
        if v is not None and v < 1:
            raise SimgpuError(f"{flag} must be at least 1, got {v}")
    suite = [parse_program(p) for p in programs] if programs else (SUITE[:1] if quick else SUITE)
    suite = [(program_path(name), sets) for name, sets in suite]
    width = 13
    for path, sets in suite:                            # unknown sizes, failed requirements: before any work
        sizes = resolve_sizes(parse_recipe(path), sets)
        width = max(width, len(" ".join(f"{k}={v}" for k, v in sizes.items())))
    _python("from simgpu.bench import _warm; _warm(*sys.argv[1].rsplit(':', 1))",
            f"{configs[0]}:{','.join(str(t) for t in counts) if not memory else 1}", "warm-up")
    if memory:
        out(f"configs {', '.join(configs)}; each row in its own process: data MB the recipe's arrays, "
            "allocated MB the run's largest tracemalloc total, peak MB its ru_maxrss, start MB its resident "
            "set at the row's start")
    else:
        out(f"configs {', '.join(configs)}; host cores {os.cpu_count()}; best of {repeat}; "
            "each row in its own process (peak MB: its ru_maxrss)")
    out(memory_header(width) if memory else header(width))
    rows = []
    mem = {"stop_after": stop_after, "sample_sms": sample_sms} if memory else None
    for c in configs:
        for path, sets in suite:
            for t in counts:
                row = run_row(path, sets, c, repeat, mem, t)
                rows.append(row)
                out(format_memory_row(row, width) if memory else format_row(row, width))
    if rows:
        base = min(r["baseline_rss_mb"] for r in rows)
        out(f"(a row's process after imports and warm-up: {base:.0f} MB or more)")
    if csv_path:
        try:
            with open(csv_path, "w", newline="") as f:
                w = csv.DictWriter(f, fieldnames=MEMORY_FIELDS if memory else FIELDS)
                w.writeheader()
                w.writerows(rows)
        except OSError as e:
            raise SimgpuError(f"--csv {csv_path}: {e.strerror}") from None
    return rows
