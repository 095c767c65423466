"""`simgpu sweep`: one program's recipe run over a grid of parameters, on Dask.

    simgpu sweep programs/matmul_cublas.s --set n=1700:1900:4 --set tile=256x128 --config a100

Each `--set NAME=VALUES` gives a size's values: `start:stop:step` (integers,
stop included when the steps land on it; `start:stop` steps by 1), a comma
list (`128x128,256x128`), or a mix (`1024,1408:1536:128`). The points are the
cartesian product of the sets, in the order given (the last varies fastest).

Every point runs the recipe on a `dask.distributed` cluster: by default a
LocalCluster on this machine (one single-threaded worker process per core),
or the scheduler at `--scheduler ADDRESS`. Workers get the program's text
and the config's values, so a remote cluster needs only simgpu installed.

Results are cached on disk, one JSON file per point under OUT/points/, named
by a hash of the program's text, the config's values, the point's resolved
sizes, the launch options and the compiled model's source hash (the name of
numba's cache directory): an interrupted sweep, run again, computes only the
points that are missing. Edits elsewhere in simgpu (the occupancy calculator,
the register estimate) do not change the key; delete OUT/points to recompute.

A point that fails (a violated `require`, a fault, a dead worker) is reported
in one line and left out of the cache; the sweep goes on. At the end
OUT/results.csv has one row per point and OUT/sweep.png the simulated time
against the swept size, with the wave boundaries marked: the points where the
longest launch's block count passes a multiple of blocks per SM x SMs.

Launch options (keywords of `simgpu.launch`, e.g. regs_per_thread) go to
every point through `sweep(..., launch_options={...})` and are part of the
cache key: `simgpu sweep --sample-sms S` passes sample_sms=S, sampled
simulation (S SMs with their blocks and the other SMs' L2 traffic; the time is
theirs, the counts are scaled to the grid, the result is not checked).
"""
import csv
import gc
import hashlib
import itertools
import json
import logging
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .config import load_config
from .errors import SimgpuError
from .recipe import parse_recipe, resolve_sizes

# per point: totals over the recipe's launches, then the longest launch's figures
TOTALS = ["cycles", "time_us", "warp_instructions", "dram_read_bytes", "dram_write_bytes", "gld_sectors",
          "gst_sectors", "shared_ld_bank_conflicts", "shared_st_bank_conflicts"]
LONGEST = ["kernel", "blocks", "blocks_per_sm", "sm_count", "waves", "regs_per_thread", "achieved_occupancy",
           "l2_hit_rate"]
FIELDS = ["config", "launches"] + TOTALS + LONGEST + ["check_passed", "check_error", "host_seconds", "error"]


# ---- the grid of points ----

def parse_values(name, spec):
    """Values of one --set: ranges 'start:stop[:step]' (stop included) and comma lists."""
    values = []
    for item in (x.strip() for x in spec.split(",")):
        if not item:
            raise SimgpuError(f"--set {name}={spec}: empty value")
        if ":" not in item:
            values.append(item)
            continue
        parts = item.split(":")
        try:
            nums = [int(p, 0) for p in parts]
        except ValueError:
            raise SimgpuError(f"--set {name}={spec}: a range is start:stop or start:stop:step in integers, "
                              f"got {item!r}") from None
        if len(nums) not in (2, 3):
            raise SimgpuError(f"--set {name}={spec}: a range is start:stop or start:stop:step, got {item!r}")
        start, stop, step = nums + [1] * (3 - len(nums))
        if step < 1 or stop < start:
            raise SimgpuError(f"--set {name}={spec}: a range needs start <= stop and a positive step")
        values += [str(v) for v in range(start, stop + 1, step)]
    return values


def parse_sets(items):
    """--set NAME=VALUES arguments -> {name: [value, ...]} in the order given."""
    sets = {}
    for item in items or ():
        name, eq, spec = item.partition("=")
        name = name.strip()
        if not eq or not name:
            raise SimgpuError(f"--set {item!r}: expected NAME=VALUES")
        if name in sets:
            raise SimgpuError(f"--set {name}: given twice")
        sets[name] = parse_values(name, spec.strip())
    return sets


def grid_points(sets):
    """The cartesian product: a list of {name: value} (strings, as --set takes them)."""
    names = list(sets)
    return [dict(zip(names, combo)) for combo in itertools.product(*(sets[n] for n in names))]


# ---- one point (runs on a worker) ----

def _digest(data):
    return hashlib.sha256(data if isinstance(data, bytes) else data.encode()).hexdigest()


def _program_file(path, text):
    """The program as a file on this worker: `path` if it holds `text`, else a private copy."""
    p = Path(path)
    try:
        if p.read_text() == text:
            return str(p)
    except OSError:
        pass
    d = Path(tempfile.gettempdir()) / f"simgpu-sweep-{_digest(text)[:16]}"
    d.mkdir(exist_ok=True)
    q = d / p.name
    if not q.exists():
        q.write_text(text)
    return str(q)


def run_point(path, text, sets, config, options):
    """Run the recipe at one point: a summary dict, or {'error': one line}
    (with 'cache': True when the error is the program's, a SimgpuError, so the
    same point would fail the same way again)."""
    from types import MappingProxyType

    from .recipe import run_recipe
    t0 = time.perf_counter()
    try:
        recipe = parse_recipe(_program_file(path, text))
        run = run_recipe(recipe, sets, config=MappingProxyType(config), **options)
    except SimgpuError as e:
        return {"error": str(e).splitlines()[0], "cache": True}
    except Exception as e:                     # a bug should not end the sweep: report it as the point's error
        return {"error": f"{type(e).__name__}: {e}".splitlines()[0]}
    return summarize(run, time.perf_counter() - t0)


def summarize(run, host_seconds):
    """A point's figures: totals over the launches, the longest launch's waves."""
    stats = [r.stats for r in run.results]
    k = max(range(len(stats)), key=lambda i: stats[i]["cycles"])
    s = stats[k]
    out = {"launches": len(stats)}
    out.update({f: sum(x[f] for x in stats) for f in TOTALS})
    out.update(kernel=run.launches[k][0], blocks=s["blocks"], blocks_per_sm=s["blocks_per_sm"],
               sm_count=run.results[k].config["sm_count"], waves=s["waves"], regs_per_thread=s["regs_per_thread"],
               achieved_occupancy=s["achieved_occupancy"], l2_hit_rate=s["l2_hit_rate"])
    # a sampled run (sample_sms) is not checked: its cells stay empty rather than claim a pass
    out.update(check_passed=all(c.passed for c in run.checks) if run.checks else None,
               check_error=max((c.error for c in run.checks), default=0.0) if run.checks else None,
               host_seconds=host_seconds)
    return out


# ---- the sweep ----

@dataclass
class Sweep:
    rows: list                      # per point in order: {**sizes, **figures} or with "error"
    names: list                     # the swept names
    computed: int = 0
    cached: int = 0
    failed: int = 0
    out_dir: Path = None
    files: list = field(default_factory=list)


class Progress:
    """A one-line bar on stderr when it is a terminal (none otherwise); a
    failed point's line is written either way."""

    def __init__(self, total, stream=None):
        self.stream = stream or sys.stderr
        self.on = self.stream.isatty()
        self.total, self.done, self.cached, self.failed = total, 0, 0, 0
        self.t0 = time.time()

    def note(self, line):
        if self.on:
            self.stream.write("\r\033[K")
        self.stream.write(line + "\n")
        self.draw()

    def step(self, cached=False, failed=False):
        self.done += 1
        self.cached += cached
        self.failed += failed
        self.draw()

    def draw(self):
        if not self.on:
            return
        width = 30
        fill = width * self.done // max(1, self.total)
        el = time.time() - self.t0
        ran = self.done - self.cached
        left = self.total - self.done
        eta = f"  eta {_clock(el / ran * left)}" if ran and left else ""
        self.stream.write(f"\r\033[K[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} points, "
                          f"{self.cached} cached, {self.failed} failed  {_clock(el)}{eta}")
        self.stream.flush()

    def close(self):
        if self.on:
            self.stream.write("\n")
            self.stream.flush()


def _clock(s):
    s = int(s)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def _cluster(scheduler, workers, processes, n_points):
    from dask.distributed import Client, LocalCluster
    if scheduler:
        try:
            return Client(scheduler, timeout="20s"), None
        except Exception as e:                 # refused, timed out, not an address
            message = f"--scheduler {scheduler}: cannot connect ({type(e).__name__}: {e})"
        # The half-made Client lives on in a reference cycle through the exception's traceback.
        # Left to the collector, its __del__ (which stops its event loop) can run in the middle
        # of a later Client's or LocalCluster's loop start, and distributed's LoopRunner then
        # waits on itself forever (a whole test run hung so). Collect it now, while nothing starts.
        gc.collect()
        raise SimgpuError(message)
    n = max(1, min(workers or os.cpu_count() or 1, n_points))
    # memory_limit=0: no per-worker budget; the nanny would otherwise pause or kill a worker
    # whose one simulation outgrows total memory / workers. dashboard_address=":0": the
    # scheduler's HTTP server on a free port (it starts one even without a dashboard, on
    # 8787 by default, which another sweep may hold)
    cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=processes, dashboard_address=":0",
                           silence_logs=logging.ERROR, memory_limit=0)
    return Client(cluster), cluster


def _label(point, names):
    return " ".join(f"{n}={point[n]}" for n in names)


def sweep(program, sets, config="h100", out_dir=None, scheduler=None, workers=None, processes=True,
          launch_options=None, plot=True, progress_stream=None):
    """Run `program`'s recipe at every point of `sets` ({name: [values]}); see the module doc."""
    path = Path(program)
    try:
        text = path.read_text()
    except OSError as e:
        raise SimgpuError(f"{program}: {e.strerror or e}") from None
    recipe = parse_recipe(str(path), text=text)
    unknown = [n for n in sets if n not in recipe.sizes]
    if unknown:
        raise SimgpuError(f"{program}: --set {unknown[0]}: no such size (sizes: {', '.join(recipe.sizes) or 'none'})")
    if workers is not None and workers < 1:
        raise SimgpuError(f"--workers must be at least 1, got {workers}")
    cfg = dict(load_config(config))
    options = dict(launch_options or {})
    out = Path(out_dir or f"sweep-{path.stem}")
    try:
        (out / "points").mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SimgpuError(f"-o {out}: {e.strerror or e}") from None
    from .exec.jit import CACHE_DIR
    ident = {"program": _digest(text), "config": _digest(json.dumps(cfg, sort_keys=True, default=str)),
             "options": options, "model": Path(CACHE_DIR).name}
    names = list(sets)
    points = grid_points(sets)
    prog = Progress(len(points), progress_stream)
    rows = [None] * len(points)
    todo = []
    result = Sweep(rows, names, out_dir=out)
    for i, point in enumerate(points):
        try:
            sizes = resolve_sizes(recipe, point)
        except SimgpuError as e:
            rows[i] = {**point, "config": config, "error": str(e).splitlines()[0]}
            result.failed += 1
            prog.note(f"{_label(point, names)}: {rows[i]['error']}")
            prog.step(failed=True)
            continue
        key = _digest(json.dumps({**ident, "sizes": {k: str(v) for k, v in sizes.items()}}, sort_keys=True))[:20]
        file = out / "points" / f"{key}.json"
        if file.exists():
            rows[i] = _row(json.loads(file.read_text()), names, config)
            result.cached += 1
            if rows[i]["error"]:
                result.failed += 1
                prog.note(f"{_label(point, names)}: {rows[i]['error']} (cached)")
            prog.step(cached=True, failed=bool(rows[i]["error"]))
        else:
            todo.append((i, point, sizes, key, file))
    if todo:
        client, cluster = _cluster(scheduler, workers, processes, len(todo))
        try:
            _compute(client, todo, str(path), text, cfg, options, config, names, ident, rows, result, prog)
        except KeyboardInterrupt:
            prog.close()
            print(f"interrupted: {result.computed + result.cached} of {len(points)} points are cached under "
                  f"{out / 'points'}; the same command again resumes", file=sys.stderr)
            raise
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    prog.close()
    result.files = [write_csv(rows, names, out / "results.csv")]
    if plot:
        result.files.append(plot_sweep(rows, names, out / "sweep.png", f"{path.name} on {cfg['name']}"))
    return result


def _compute(client, todo, path, text, cfg, options, config, names, ident, rows, result, prog):
    from dask.distributed import as_completed
    futures = {}
    for i, point, sizes, key, file in todo:
        f = client.submit(run_point, path, text, point, cfg, options, key=f"simgpu-point-{key}", pure=False)
        futures[f] = (i, point, sizes, key, file)
    for f in as_completed(list(futures)):
        i, point, sizes, key, file = futures[f]
        try:
            r = f.result()
        except Exception as e:                 # a dead worker, a cancelled task: not cached
            r = {"error": f"{type(e).__name__}: {e}".splitlines()[0]}
        record = {"key": key, **ident, "config_name": config, "sizes": sizes, "point": point, "result": r}
        if "error" not in r or r.pop("cache", False):
            tmp = file.with_suffix(".tmp")
            tmp.write_text(json.dumps(record, indent=1, default=str))
            os.replace(tmp, file)
        rows[i] = _row(record, names, config)
        result.computed += 1
        if "error" in r:
            result.failed += 1
            prog.note(f"{_label(point, names)}: {r['error']}")
        elif r["check_passed"] is False:
            prog.note(f"{_label(point, names)}: check failed (error {r['check_error']:.2e})")
        prog.step(failed="error" in r)


def _row(record, names, config):
    head = {**{n: record["sizes"][n] for n in names}, "config": config}
    r = record["result"]
    return {**head, "error": r["error"]} if "error" in r else {**head, **r, "error": ""}


def write_csv(rows, names, file):
    with open(file, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=names + FIELDS, restval="")
        w.writeheader()
        w.writerows(rows)
    return file


def _numeric(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def wave_boundaries(pts):
    """(x, row) of each point whose wave count differs from the previous
    point's: its longest launch's blocks passed a multiple of blocks per SM x SMs."""
    return [(x1, b) for (_, a), (x1, b) in zip(pts, pts[1:]) if b["waves"] != a["waves"]]


def plot_sweep(rows, names, file, title):
    """Simulated time against the swept size, a line per combination of the
    other swept names, and a dashed line where the wave count steps up."""
    import matplotlib.pyplot as plt

    from .plots import save
    ok = [r for r in rows if not r.get("error")]
    x = next((n for n in names if len({r[n] for r in ok}) > 1 and all(_numeric(r[n]) for r in ok)), None)
    others = [n for n in names if n != x]
    fig, ax = plt.subplots(figsize=(9, 5))
    series = {}
    for k, r in enumerate(ok):
        series.setdefault(tuple(r[n] for n in others), []).append((r[x] if x else k, r))
    marked = False
    xs = [p[0] for pts in series.values() for p in pts]
    mid = (min(xs) + max(xs)) / 2 if xs else 0
    for combo, pts in series.items():
        label = " ".join(f"{n}={v}" for n, v in zip(others, combo)) or "time"
        line, = ax.plot([p[0] for p in pts], [p[1]["time_us"] for p in pts], marker=".", label=label)
        for x1, b in wave_boundaries(pts):
            ax.axvline(x1, color=line.get_color(), linestyle="--", linewidth=1,
                       label=None if marked else "wave boundary")
            marked = True
            cap = b["blocks_per_sm"] * b["sm_count"]
            right = x1 > mid
            ax.annotate(f"{b['blocks']} blocks > {cap} x {b['waves'] - 1}: {b['waves']} waves",
                        (x1, b["time_us"]), textcoords="offset points", xytext=(-4 if right else 4, -12),
                        ha="right" if right else "left", fontsize=8, color=line.get_color())
    ax.set_xlabel(x or "point")
    ax.set_ylabel("simulated time (us at the config's clock)")
    ax.set_title(f"{title}: simulated time vs {x or 'point'}")
    ax.grid(alpha=0.3)
    if ok:
        ax.legend(fontsize=8)
    save(fig, file)
    return file


def format_summary(result):
    total = len(result.rows)
    files = ", ".join(str(f) for f in result.files)
    return (f"{total} points: {result.computed} computed, {result.cached} from the cache, "
            f"{result.failed} failed; wrote {files}")
