"""The `simgpu` command line.

    simgpu run programs/matmul_tiled.s [--set n=512] [--config h100]
    simgpu run kernel.ptx --kernel NAME --grid 64 --block 256 --arg "zeros(1024)" --arg 1024
    simgpu bench
    simgpu compare [--json FILE] [--plot FILE.png] [--html FILE.html]
    simgpu configs
    simgpu isa

Every user error is one line on stderr and exit status 2; a failed check
exits 1.
"""
import argparse
import sys
import time

from .errors import CheckFailed, SimgpuError
from .exec.syscall import PRINTF_FIFO_BYTES


def _parse_sets(items):
    sets = {}
    for item in items or ():
        key, eq, val = item.partition("=")
        if not eq or not key.strip():
            raise SimgpuError(f"--set {item!r}: expected NAME=VALUE")
        sets[key.strip()] = val.strip()
    return sets


def device_output(results):
    """Device printf's text, as the CUDA host prints it when a kernel ends."""
    for res in results:
        sys.stdout.write("".join(res.printf))
        if res.printf_dropped:
            print(f"simgpu: the printf FIFO ({PRINTF_FIFO_BYTES >> 20} MiB) was full: {res.printf_dropped:,} "
                  "printf calls dropped", file=sys.stderr)


def _run_recipe(ns, **kw):
    """The recipe of ns.program with ns.set on ns.config, with a progress bar
    on a terminal (simgpu.progress) while it simulates."""
    from .progress import LaunchProgress
    from .recipe import parse_recipe, run_recipe
    bar = LaunchProgress()
    try:
        return run_recipe(parse_recipe(ns.program), _parse_sets(ns.set), config=ns.config, progress=bar,
                          lower=getattr(ns, "lower", None), **kw)
    finally:
        bar.clear()


def cmd_run(ns):
    from .config import load_config
    from .recipe import parse_recipe
    from .report import format_launch, format_run
    load_config(ns.config)                     # a bad config is reported before any work
    kw = {}
    if ns.max_instructions is not None:
        if ns.max_instructions < 1:
            raise SimgpuError(f"--max-instructions must be at least 1, got {ns.max_instructions}")
        kw["max_warp_instructions"] = ns.max_instructions
    if ns.sample_sms is not None:
        if ns.sample_sms < 1:
            raise SimgpuError(f"--sample-sms must be at least 1, got {ns.sample_sms}")
        kw["sample_sms"] = ns.sample_sms
    if ns.threads is not None:
        if ns.threads < 1:
            raise SimgpuError(f"--threads must be at least 1, got {ns.threads}")
        kw["threads"] = ns.threads
    if ns.kernel or ns.grid or ns.block or ns.arg:
        return _run_plain(ns, kw, format_launch)
    parse_recipe(ns.program)                   # a bad recipe is reported before any work
    if ns.trace:
        from .traces import DEFAULT_CAPACITY
        kw["trace_capacity"] = DEFAULT_CAPACITY
    t0 = time.perf_counter()
    run = _run_recipe(ns, **kw)
    elapsed = time.perf_counter() - t0
    device_output(run.results)
    print(format_run(run, ns.config, elapsed))
    if ns.trace:
        from .traces import write_trace
        for k, res in enumerate(run.results):
            out = ns.trace if len(run.results) == 1 else f"{ns.trace.rsplit('.', 1)[0]}.{k}.{ns.trace.rsplit('.', 1)[-1]}"
            n, count, _ = write_trace(res, out, "json" if out.endswith(".json") else "perfetto")
            print(f"trace    {out} ({n / 1e6:.2f} MB, {count:,} intervals, {n / max(1, count):.0f} B each): "
                  "open it in ui.perfetto.dev")
    failed = [c for c in run.checks if not c.passed]
    if failed:
        c = failed[0]
        raise CheckFailed(f"check failed: {c.buffer} differs from {c.expr} by {c.error:.2e} "
                          f"(tolerance {c.tol:g})")
    return 0


def _run_plain(ns, kw, format_launch):
    from . import safe_eval
    from .launch import launch, load
    if not (ns.grid and ns.block):
        raise SimgpuError("a launch without a recipe needs --grid and --block (and --kernel if the file has several)")
    k = load(ns.program, kernel=ns.kernel)
    sizes = {k2: safe_eval.evaluate(v, {}) for k2, v in _parse_sets(ns.set).items()}
    grid = safe_eval.evaluate(ns.grid, sizes)
    block = safe_eval.evaluate(ns.block, sizes)
    args = [safe_eval.evaluate(a, sizes) for a in ns.arg or ()]
    shared = int(safe_eval.evaluate(ns.shared, sizes)) if ns.shared else 0
    res = launch(k, grid, block, args, config=ns.config, shared_bytes=shared, **kw)
    device_output([res])
    print(f"program  {ns.program}\nconfig   {ns.config}: {res.config['name']}\n")
    print("\n".join(format_launch(k.name, res.grid, res.block, shared, res)))
    return 0


def cmd_bench(ns):
    from .bench import run_bench
    run_bench(quick=ns.quick, csv_path=ns.csv, config=ns.config, programs=ns.program, repeat=ns.repeat,
              memory=ns.memory, stop_after=ns.stop_after, sample_sms=ns.sample_sms, threads=ns.threads)
    return 0


def cmd_sweep(ns):
    from .sweep import format_summary, parse_sets, sweep
    sets = parse_sets(ns.set)
    if not sets:
        raise SimgpuError("sweep needs at least one --set NAME=VALUES, e.g. --set n=1700:1900:4")
    options = {}
    if ns.sample_sms is not None:
        if ns.sample_sms < 1:
            raise SimgpuError(f"--sample-sms must be at least 1, got {ns.sample_sms}")
        options["sample_sms"] = ns.sample_sms
    res = sweep(ns.program, sets, config=ns.config, out_dir=ns.output, scheduler=ns.scheduler, workers=ns.workers,
                launch_options=options)
    print(format_summary(res))
    return 0


def cmd_batching(ns):
    from .batching import batching_demo
    if ns.count < 1 or ns.n < 16 or ns.n % 16:
        raise SimgpuError(f"batching needs --count >= 1 and --n a positive multiple of 16 "
                          f"(got --count {ns.count} --n {ns.n})")
    text, _ = batching_demo(ns.count, ns.n, ns.config)
    print(text)
    return 0


def cmd_crosscheck(ns):
    from . import crosscheck as X
    if ns.backend == "metal":
        from .emit.command import crosscheck_metal
        return crosscheck_metal(ns)
    if ns.backend == "cuda":
        X.record_programs([ns.program], _parse_sets(ns.set), ns.out, ns.ncu)
        if not ns.out:
            print("(add --out FILE to keep the record; compare it later with --record FILE)")
        return 0
    if ns.set:
        raise SimgpuError("--set applies to --backend cuda; a recorded run has its own sizes")
    record, entry = X.find_recorded(ns.program, ns.record)
    run, rows = X.compare(ns.program, entry, ns.config)
    print(X.format_comparison(ns.program, record, entry, rows, ns.config))
    return 0


def cmd_emit(ns):
    from .emit.command import cmd_emit as run
    return run(ns)


def cmd_compare(ns):
    from .compare import cli_compare
    return cli_compare(ns)


def cmd_plot(ns):
    from .plots import plot
    kw = {}
    if ns.kind == "timeline":
        from .traces import PICTURE_CAPACITY
        kw["trace_capacity"] = PICTURE_CAPACITY
    run = _run_recipe(ns, **kw)
    plot(ns.kind, run, ns.output, ns.config)
    print(f"wrote {ns.output}")
    return 0


def cmd_report(ns):
    from .config import load_config
    from .report_html import write_report
    from .traces import PICTURE_CAPACITY
    load_config(ns.config)
    t0 = time.perf_counter()
    run = _run_recipe(ns, trace_capacity=PICTURE_CAPACITY)
    n = write_report(run, ns.config, ns.output, time.perf_counter() - t0)
    print(f"wrote {ns.output} ({n / 1e6:.2f} MB): open it in a browser")
    failed = [c for c in run.checks if not c.passed]
    if failed:
        raise CheckFailed(f"check failed: {failed[0].buffer} differs from {failed[0].expr} by {failed[0].error:.2e} "
                          f"(tolerance {failed[0].tol:g}); the report shows it")
    return 0


def _parse_window(text):
    if text is None:
        return None
    a, sep, b = text.partition(":")
    try:
        lo, hi = int(a or 0), int(b) if b else 1 << 62
    except ValueError:
        raise SimgpuError(f"--window {text!r}: expected START:END in cycles") from None
    if not sep or hi <= lo:
        raise SimgpuError(f"--window {text!r}: expected START:END with START < END")
    return lo, hi


def _parse_sms(text):
    if text is None:
        return None
    try:
        return {int(x) for x in text.split(",") if x.strip()}
    except ValueError:
        raise SimgpuError(f"--sms {text!r}: expected SM numbers like 0,1,2") from None


def cmd_trace(ns):
    from .traces import recording_capacity, write_trace
    if ns.sample_warps < 1:
        raise SimgpuError(f"--sample-warps must be at least 1, got {ns.sample_warps}")
    run = _run_recipe(ns, trace_capacity=ns.capacity or recording_capacity(ns.sample_warps))
    outs = [ns.output] if len(run.results) == 1 else \
        [f"{ns.output.rsplit('.', 1)[0]}.{k}.{ns.output.rsplit('.', 1)[-1]}" for k in range(len(run.results))]
    for res, out, (kernel, *_) in zip(run.results, outs, run.launches):
        n, k, kept = write_trace(res, out, ns.format, _parse_sms(ns.sms), _parse_window(ns.window), ns.sample_warps)
        dropped = res.stats["trace"]["dropped"]
        print(f"wrote {out} ({n / 1e6:.2f} MB, {kernel}, {k:,} intervals, {n / max(1, k):.0f} B each"
              + (f"; kept {kept}" if kept else "")
              + (f"; {dropped:,} more did not fit: raise --capacity or narrow --sms/--window" if dropped else "")
              + "); open it in ui.perfetto.dev")
    return 0


def cmd_occupancy(ns):
    """Static occupancy prediction: the recipe's launch (or --block/--regs/--smem) through the calculator."""
    from .config import load_config
    from .launch import _dim3, load
    from .occupancy import carveout_kb, l1_data_bytes, occupancy
    from .recipe import parse_recipe, prepare
    from .regalloc import max_live_registers
    from .timing.run import barrier_count
    cfg = load_config(ns.config)
    grid = None
    if ns.block is None:
        recipe = parse_recipe(ns.program)
        _, _, _, launches = prepare(recipe, _parse_sets(ns.set))
        kernel, grid, block, _, dyn = launches[ns.launch]
        k = load(ns.program, kernel=kernel)
        block = _dim3(block, "block")
        grid = _dim3(grid, "grid")
        threads = block[0] * block[1] * block[2]
    else:
        k = load(ns.program, kernel=ns.kernel)
        threads, dyn = ns.block, ns.smem or 0
    prog = k.program
    regs = ns.regs if ns.regs is not None else max_live_registers(prog)
    shared = prog.shared_static + dyn
    occ = occupancy(cfg, regs, threads, shared, barrier_count(prog))
    print(f"kernel   {prog.name} on {cfg['name']}: {threads} threads/block, {regs} registers/thread"
          f"{' (estimated by liveness)' if ns.regs is None else ''}, {shared} B shared/block")
    print(f"  blocks per SM      {occ.blocks_per_sm}  (limits: " +
          ", ".join(f"{k} {v}" for k, v in occ.limits.items()) + f"; binding: {occ.limit})")
    print(f"  active warps / SM  {occ.active_warps} of {cfg['max_warps_per_sm']}: occupancy {100 * occ.occupancy:.1f}%")
    carve = carveout_kb(cfg, occ)
    fits = min(cfg["max_blocks_per_sm"], carve * 1024 // occ.shared_per_block) if occ.shared_per_block else "-"
    print(f"  L1 data            {l1_data_bytes(cfg, occ) // 1024} KB  (less the driver's shared-memory carve-out, "
          f"{carve} KB: {fits} blocks of {occ.shared_per_block:,} B, Nsight's launch__occupancy_limit_shared_mem; "
          f"measured for kernels without shared memory)")
    if grid is not None:
        nblocks = grid[0] * grid[1] * grid[2]
        waves = -(-nblocks // (occ.blocks_per_sm * cfg["sm_count"]))
        print(f"  waves              {waves}  ({nblocks:,} blocks / ({occ.blocks_per_sm} x {cfg['sm_count']} SMs))")
    return 0


def cmd_coalesce(ns):
    """Static memory prediction from the address streams of the first blocks."""
    from .recipe import parse_recipe, run_recipe
    from .report import per_request
    run = run_recipe(parse_recipe(ns.program), _parse_sets(ns.set), config=ns.config, timing=False,
                     sample_blocks=ns.blocks)
    for (kernel, grid, block, _), res in zip(run.launches, run.results):
        prog = res.kernel.program
        m = res.stats["memory_by_pc"]
        print(f"{kernel}: memory instructions of the first {min(ns.blocks, res.stats['blocks'])} block(s) "
              f"of {grid} x {block}")
        print(f"  {'line':>5s}  {'instruction':44s} {'space':6s} {'per request':>17s} {'ideal':>6s} {'efficiency':>10s}")
        for i in range(prog.n):
            if m[i, 0] == 0:
                continue
            loc, text = prog.where(i)
            text = " ".join(text.split())[:44]
            space, per, ideal, unit = per_request(m, i)
            print(f"  {loc.rsplit(':', 1)[-1]:>5s}  {text:44s} {space:6s} {per:>6.2f} {unit:<10s} {ideal:>6.2f} "
                  f"{100 * ideal / per:>9.0f}%")
    return 0


def cmd_configs(ns):
    from .config import config_names, load_config
    for name in config_names():
        c = load_config(name)
        print(f"{name:10s} {c['name']}: {c['sm_count']} SMs at {c['clock_mhz']} MHz")
    return 0


def cmd_isa(ns):
    from .ptx.assemble import _table
    for name, spec in _table().items():
        types = " ".join("." + t for t in spec.types[:10]) + (" ..." if len(spec.types) > 10 else "")
        print(f"{name:11s} {spec.summary}\n{'':11s} types: {types or '-'}")
    return 0


def build_parser():
    p = argparse.ArgumentParser(
        prog="simgpu",
        description="simgpu: a cycle-level SIMT GPU simulator that runs a documented subset of NVIDIA PTX.",
        epilog="Start with: simgpu run programs/matmul_tiled.s")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    r = sub.add_parser("run", help="run a program (its recipe launches it and checks the result)",
                       description="Run a PTX program. With a launch recipe (//! lines at its top) no flags "
                                   "are needed; without one, give --kernel/--grid/--block/--arg.")
    r.add_argument("program", help="a .s or .ptx file")
    r.add_argument("--set", action="append", metavar="NAME=VALUE",
                   help="override a recipe size, e.g. --set n=512 (repeatable)")
    r.add_argument("--config", default="h100",
                   help="machine config: a built-in name (h100 h200 a100 apple-m4) or a .toml path (default h100)")
    r.add_argument("--kernel", help="entry to launch (files with several kernels)")
    r.add_argument("--grid", help="grid without a recipe: an int or a tuple, e.g. '(64, 64)'")
    r.add_argument("--block", help="block without a recipe, e.g. 256 or '(16, 16)'")
    r.add_argument("--arg", action="append", metavar="EXPR",
                   help="kernel argument without a recipe, in order: an array maker such as "
                        "'randn(1024, seed=1)' or 'zeros(1024)', or a number (repeatable)")
    r.add_argument("--shared", help="dynamic shared memory in bytes (without a recipe)")
    r.add_argument("--trace", metavar="FILE",
                   help="also write a warp-state trace for ui.perfetto.dev (.pftrace; .json for Chrome's format)")
    r.add_argument("--max-instructions", type=int, metavar="N",
                   help="stop a runaway kernel after N warp instructions (default 2e9)")
    r.add_argument("--lower", choices=["ptxas", "metal"],
                   help="compile as the driver does before running: ptxas: unroll counted loops, issue global "
                        "loads early in loops and straight code, remove, fuse and expand instructions as ptxas's SASS "
                        "does; metal: unroll loops of a "
                        "fixed trip count and merge adjacent shared loads, as Apple's Metal compiler is assumed to "
                        "(simgpu/ptx/lower.py); by default the PTX runs as written")
    r.add_argument("--sample-sms", type=int, metavar="S",
                   help="simulate only S SMs with the blocks they would run, the other SMs' L2 and DRAM "
                        "accesses added from their blocks' addresses, and scale the counts to the grid (fast estimates for big grids of alike blocks; "
                        "the result is not checked)")
    r.add_argument("--threads", type=int, metavar="N",
                   help="advance the SMs on N host threads (default $SIMGPU_THREADS, else 1); the result is "
                        "the same for every N, cycle for cycle (a program with global atomics runs on one)")
    r.set_defaults(fn=cmd_run)
    b = sub.add_parser("bench", help="measure simulation speed (warp instructions per second)",
                       description="Run the benchmark suite (programs x configs) and print, per row, simulated "
                                   "warp instructions and cycles per second of host time, the slowdown against "
                                   "the modeled GPU, and the peak memory (ru_maxrss) of the process that ran "
                                   "the row; every row runs in its own process, numba's cache warmed first.")
    b.add_argument("--quick", action="store_true", help="one small program only")
    b.add_argument("--csv", metavar="FILE", help="also write the table as CSV")
    b.add_argument("--config", default="h100",
                   help="machine config, or several separated by commas, e.g. h100,a100 (default h100)")
    b.add_argument("--program", action="append", metavar="NAME[:k=v,...]",
                   help="run this program instead of the suite, e.g. matmul_tiled:n=512 (repeatable)")
    b.add_argument("--repeat", type=int, default=2, help="timed runs per row, best kept (default 2)")
    b.add_argument("--memory", action="store_true",
                   help="measure memory instead of speed: per row, the recipe's data, the most the run "
                        "allocated (tracemalloc) and the process's peak resident set, one run with its checks")
    b.add_argument("--stop-after", type=int, metavar="N",
                   help="with --memory: stop each launch after N warp instructions, then make the checks "
                        "(the memory of a run too big to finish: the engine allocates its state up front)")
    b.add_argument("--sample-sms", type=int, metavar="S",
                   help="with --memory: a sampled run of S SMs (as simgpu run --sample-sms)")
    b.add_argument("--threads", default="1", metavar="N[,N...]",
                   help="host threads for the SMs, a row per count, e.g. 1,2 (default 1; the simulated "
                        "figures are the same for every count)")
    b.set_defaults(fn=cmd_bench)
    s = sub.add_parser("sweep", help="run a program over a grid of sizes on Dask, cached per point",
                       description="Run PROGRAM's recipe at every point of the --set grid on a dask.distributed "
                                   "cluster (a LocalCluster, one worker process per core, unless --scheduler), "
                                   "caching each point's figures as JSON under OUT/points so that an interrupted "
                                   "sweep resumes; write OUT/results.csv and OUT/sweep.png (simulated time vs "
                                   "the swept size, wave boundaries marked).")
    s.add_argument("program")
    s.add_argument("--set", action="append", metavar="NAME=VALUES",
                   help="a size's values: start:stop:step (stop included), a comma list, or both, e.g. "
                        "n=1700:1900:4 or tile=128x128,256x128 (repeatable: the points are the product)")
    s.add_argument("--config", default="h100", help="machine config (default h100)")
    s.add_argument("--scheduler", metavar="ADDRESS", help="an existing Dask scheduler, e.g. tcp://host:8786")
    s.add_argument("--workers", type=int, help="LocalCluster worker processes (default: the host's cores)")
    s.add_argument("-o", "--output", metavar="DIR", help="output folder (default sweep-PROGRAM)")
    s.add_argument("--sample-sms", type=int, metavar="S",
                   help="sampled simulation at every point: S SMs with their blocks, the other SMs' L2 and "
                        "DRAM accesses added (as simgpu run --sample-sms)")
    s.set_defaults(fn=cmd_sweep)
    h = sub.add_parser("batching", help="seed 000's lesson: many small launches vs one batched launch",
                       description="Simulate COUNT matmuls of N x N launched one at a time (queued, and "
                                   "waiting for each) and as one batched launch: kernel times from the "
                                   "cycle core, launch and synchronization costs from the host model "
                                   "(simgpu/host.py, measured on an H200).")
    h.add_argument("--count", type=int, default=1024, help="number of matmuls (default 1024)")
    h.add_argument("--n", type=int, default=64, help="matrix size, a multiple of 16 (default 64)")
    h.add_argument("--config", default="h100", help="machine config (default h100)")
    h.set_defaults(fn=cmd_batching)
    x = sub.add_parser("crosscheck", help="compare simgpu's figures with a real GPU's",
                       description="Without --backend: simulate PROGRAM at the sizes of a recorded hardware run "
                                   "(default traces/h200/programs.json) and print simgpu's figures next to "
                                   "Nsight Compute's. With --backend cuda (a machine with an NVIDIA GPU and "
                                   "CuPy): run PROGRAM's recipe on the GPU, check it, time it with CUDA events "
                                   "and, with --ncu, collect Nsight Compute counters.")
    x.add_argument("program", help="a program with a launch recipe")
    x.add_argument("--backend", choices=["cuda", "metal"],
                   help="run on this machine's GPU: cuda (NVIDIA, CuPy) or metal (macOS: the program emitted as "
                        "Metal by simgpu emit, through torch.mps.compile_shader)")
    x.add_argument("--record", default=None, help="recorded run to compare with (default traces/h200/programs.json)")
    x.add_argument("--ncu", action="store_true", help="with --backend cuda: also collect Nsight Compute counters")
    x.add_argument("--out", help="with --backend cuda or metal: write the record (JSON) here")
    x.add_argument("--set", action="append", metavar="NAME=VALUE", help="with --backend cuda or metal: recipe sizes")
    x.add_argument("--config", default="h200", help="config to simulate (default h200)")
    x.set_defaults(fn=cmd_crosscheck)
    g = sub.add_parser("plot", help="draw a run: stalls, occupancy, roofline, memory, timeline or counters",
                       description="Run PROGRAM's recipe and draw one figure (PNG or SVG by the file name): "
                                   "stalls (warp states, total and per instruction), occupancy (vs block size, "
                                   "registers and shared memory), roofline (the config's ceilings and the "
                                   "kernel's point), memory (sectors/wavefronts per request per instruction) "
                                   "timeline (warps x time, colored by warp state) or counters (IPC, issue-slot "
                                   "use, L2 and DRAM traffic, resident warps over time). A recipe with several "
                                   "launches is drawn for its last launch (roofline: all of them).")
    g.add_argument("program")
    g.add_argument("--kind", required=True,
                   choices=["stalls", "occupancy", "roofline", "memory", "timeline", "counters"])
    g.add_argument("-o", "--output", required=True, help="output file (.png or .svg)")
    g.add_argument("--set", action="append", metavar="NAME=VALUE", help="recipe sizes")
    g.add_argument("--config", default="h100", help="machine config (default h100)")
    g.set_defaults(fn=cmd_plot)
    w = sub.add_parser("report", help="one self-contained HTML page: figures, warp states, source, plots",
                       description="Run PROGRAM's recipe once, with the warp-state trace, and write one HTML page "
                                   "that needs no network: the launches and recipe, the check, per launch the "
                                   "figures of simgpu run with their Nsight Compute metrics, the warp states, the "
                                   "source with warp-cycles and memory figures per line, and the roofline, stalls, "
                                   "timeline, memory and occupancy plots.")
    w.add_argument("program")
    w.add_argument("-o", "--output", required=True, help="output file, e.g. report.html")
    w.add_argument("--set", action="append", metavar="NAME=VALUE", help="recipe sizes")
    w.add_argument("--config", default="h100", help="machine config (default h100)")
    w.set_defaults(fn=cmd_report)
    t = sub.add_parser("trace", help="record warp states over time for Perfetto (ui.perfetto.dev)",
                       description="Run PROGRAM's recipe through the cycle core and write a trace: one process "
                                   "per SM, one track per warp slot with its states (Nsight Compute's names) and "
                                   "the instruction of each, block lifetimes, and counters over time (IPC, "
                                   "issue-slot use, L2 lookups and hit rate, DRAM bandwidth, resident warps). "
                                   "Time is in cycles (shown as ns). A recipe with several launches writes one "
                                   "file per launch (NAME.0.pftrace, ...).")
    t.add_argument("program")
    t.add_argument("-o", "--output", required=True, help="output file, e.g. run.pftrace")
    t.add_argument("--format", default="perfetto", choices=["perfetto", "json"],
                   help="perfetto (native protobuf, default) or json (Chrome trace events)")
    t.add_argument("--sms", help="only these SMs, e.g. 0,1 (keeps files small)")
    t.add_argument("--window", help="only cycles START:END")
    t.add_argument("--capacity", type=int,
                   help="most intervals to record (default 2,000,000, times K with --sample-warps K, up to 16,000,000)")
    t.add_argument("--sample-warps", type=int, default=1, metavar="K",
                   help="keep the state track of every K-th warp slot only (block lifetimes and counters "
                        "stay whole; default 1, every slot)")
    t.add_argument("--set", action="append", metavar="NAME=VALUE", help="recipe sizes")
    t.add_argument("--config", default="h100", help="machine config (default h100)")
    t.set_defaults(fn=cmd_trace)
    o = sub.add_parser("occupancy", help="predict occupancy and waves without simulating",
                       description="The CUDA occupancy calculator's answer for PROGRAM: by default for its "
                                   "recipe's launch (registers estimated by liveness unless --regs), or for "
                                   "--block/--regs/--smem given by hand.")
    o.add_argument("program")
    o.add_argument("--block", type=int, help="threads per block (instead of the recipe's)")
    o.add_argument("--regs", type=int, help="registers per thread (default: liveness estimate)")
    o.add_argument("--smem", type=int, help="dynamic shared memory per block, bytes (with --block)")
    o.add_argument("--kernel", help="entry, with --block, for files with several kernels")
    o.add_argument("--launch", type=int, default=0, help="which of the recipe's launches (default 0)")
    o.add_argument("--set", action="append", metavar="NAME=VALUE", help="recipe sizes")
    o.add_argument("--config", default="h100", help="machine config (default h100)")
    o.set_defaults(fn=cmd_occupancy)
    q = sub.add_parser("coalesce", help="predict sectors per request and bank conflicts per memory instruction",
                       description="Run the first BLOCKS blocks of PROGRAM's recipe functionally and report, per "
                                   "memory instruction, sectors per request (global/local) or wavefronts per "
                                   "request (shared) against the ideal, and the efficiency.")
    q.add_argument("program")
    q.add_argument("--blocks", type=int, default=2, help="blocks to sample (default 2)")
    q.add_argument("--set", action="append", metavar="NAME=VALUE", help="recipe sizes")
    q.add_argument("--config", default="h100", help="machine config (default h100)")
    q.set_defaults(fn=cmd_coalesce)
    m = sub.add_parser("compare", help="every recorded program: simgpu vs the real GPU, with error figures",
                       description="Simulate every program recorded on the H200 (traces/h200/programs.json) at its "
                                   "recorded sizes and print, per launch, the counters that must match exactly, "
                                   "the errors of cycles, warp instructions, DRAM bytes and hit rates, the dominant "
                                   "stall, and the suite's MAPE, Pearson and rank correlation of cycles. With "
                                   "--config apple-m4: the config's predicted ratios (stride sweep, matmul ladder, "
                                   "vector_add bandwidth vs peak) against seed 000's Apple M4 measurements.")
    m.add_argument("--config", default="h200", help="config to simulate (default h200; apple-m4: the seed's M4 ratios)")
    m.add_argument("--record", default=None, help="record to compare with (default traces/h200/programs.json; "
                                                  "for apple-m4 traces/apple-m4/seed000.json)")
    m.add_argument("--set", action="append", metavar="NAME=N",
                   help="apple-m4 only: simulated sizes stride_n, vector_n, matmul_n (e.g. matmul_n=512)")
    m.add_argument("--programs", help="only these programs, e.g. vector_add,matmul_tiled")
    m.add_argument("--draws", type=int, default=1, metavar="N",
                   help="simulate each launch N times, each with another draw of the late DRAM windows "
                        "(config key dram_late_seed 0..N-1), and compare the draws' mean cycles (default 1)")
    m.add_argument("--json", metavar="FILE", help="also write the rows and the summary as JSON")
    m.add_argument("--plot", metavar="FILE", help="also draw the cycles scatter and stall bars (.png or .svg)")
    m.add_argument("--html", metavar="FILE", help="also write the comparison as one self-contained HTML page "
                                                  "(tables, the targets, the picture; no network needed)")
    m.set_defaults(fn=cmd_compare)
    e = sub.add_parser("emit", help="write a kernel as CUDA C or Metal Shading Language source",
                       description="Translate PROGRAM's kernels (or --kernel K) into CUDA C or Metal with the PTX's "
                                   "semantics: integer widths and wrap-around, float rounding, predicates, special "
                                   "registers, shared memory, barriers, shuffles, votes, atomics; control flow as a "
                                   "dispatch loop with barriers in uniform control flow (simgpu/emit/).")
    e.add_argument("program")
    e.add_argument("--kernel", help="only this entry (default: every entry of the file)")
    e.add_argument("--lang", required=True, choices=["cuda", "metal"], help="cuda (CUDA C) or metal (MSL)")
    e.add_argument("-o", "--output", help="output file (default: standard output)")
    e.set_defaults(fn=cmd_emit)
    c = sub.add_parser("configs", help="list the built-in machine configs")
    c.set_defaults(fn=cmd_configs)
    i = sub.add_parser("isa", help="list the supported PTX instructions (isa/ISA.md has the full reference)")
    i.set_defaults(fn=cmd_isa)
    return p


def main(argv=None):
    parser = build_parser()
    ns = parser.parse_args(argv)
    if not getattr(ns, "fn", None):
        parser.print_help()
        return 2
    try:
        return ns.fn(ns)
    except SimgpuError as e:
        if e.__dict__.get("printf"):               # what the kernel printed before it stopped (launch._fault)
            sys.stdout.write("".join(e.printf))
            sys.stdout.flush()
        print(f"simgpu: {e}" if not str(e).startswith(("/", ".")) and ":" not in str(e).split()[0] else str(e),
              file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        print("simgpu: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
