"""Cross-checks: simgpu's predictions next to what a real GPU measured.

On a machine with an NVIDIA GPU and CuPy, record the hardware's figures:

    python3 tools/crosscheck_cuda.py --out OUT.json [--ncu] programs/*.s
    simgpu crosscheck PROGRAM --backend cuda [--ncu] [--out OUT.json]

Anywhere, compare a program's simulation with a recorded run:

    simgpu crosscheck PROGRAM            # against traces/h200/programs.json

For each program (at its recipe's default sizes, or --set k=v): the very
same PTX file is loaded by the CUDA driver (which JIT-compiles it), the
recipe's buffers are made and copied in, each launch runs, the output is
checked against the recipe's numpy reference, and each launch is timed with
CUDA events (3 warm-ups, median of 20). With --ncu, a second pass under
Nsight Compute collects counters for each launch (one ncu process per
program). Records are written only by this harness, from real runs.
"""
import argparse
import csv
import datetime
import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

from .errors import SimgpuError
from .launch import load
from .ptx import codes as C
from .recipe import check_buffer, parse_recipe, prepare, symbol_arrays

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_RECORD = ROOT / "traces" / "h200" / "programs.json"
# simgpu stat -> Nsight Compute metric, for the comparison table
COMPARED = [
    ("cycles", "gpc__cycles_elapsed.max"), ("warp_instructions", "smsp__inst_executed.sum"),
    ("gld_requests", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"),
    ("gld_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"),
    ("gst_requests", "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"),
    ("gst_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"),
    ("shared_ld_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"),
    ("shared_ld_bank_conflicts", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"),
    ("shared_st_bank_conflicts", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"),
    ("dram_read_bytes", "dram__bytes_read.sum"), ("dram_write_bytes", "dram__bytes_write.sum"),
    ("regs_per_thread", "launch__registers_per_thread"),
]

METRICS = [
    "gpu__time_duration.sum", "gpc__cycles_elapsed.max", "sm__cycles_elapsed.avg", "sm__cycles_active.avg",
    "smsp__inst_executed.sum", "smsp__thread_inst_executed_pred_on.sum",
    "sm__warps_active.avg.pct_of_peak_sustained_active", "sm__maximum_warps_per_active_cycle_pct",
    "launch__registers_per_thread", "launch__occupancy_limit_registers", "launch__occupancy_limit_shared_mem",
    "launch__occupancy_limit_warps", "launch__occupancy_limit_blocks", "launch__waves_per_multiprocessor",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "l1tex__t_sector_hit_rate.pct", "lts__t_sector_hit_rate.pct", "dram__bytes_read.sum", "dram__bytes_write.sum",
    # the L2 as the SMs see it: lts__t_sector_hit_rate also counts the traffic between the
    # L2's two partitions (srcunit_ltcfabric); simgpu's l2_hit_rate is hits / sectors from the SMs
    "lts__t_sectors_srcunit_tex.sum", "lts__t_sectors_srcunit_tex_lookup_hit.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_red.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
]
# Warp State Statistics: average warps in each state per issue-active cycle (Nsight Compute's
# WarpStateStats section; `selected` is 1 by definition). Collected when ncu accepts them all.
STALL_REASONS = ("barrier", "branch_resolving", "dispatch_stall", "drain", "imc_miss", "lg_throttle",
                 "long_scoreboard", "math_pipe_throttle", "membar", "mio_throttle", "misc", "no_instruction",
                 "not_selected", "selected", "short_scoreboard", "sleeping", "tex_throttle", "wait")
STALL_METRICS = [f"smsp__average_warps_issue_stalled_{r}_per_issue_active.ratio" for r in STALL_REASONS]


def _cupy():
    try:
        import cupy
        cupy.cuda.runtime.getDeviceCount()
    except Exception as e:  # no CuPy, no driver, no GPU
        raise SimgpuError(f"the cuda backend needs CuPy and an NVIDIA GPU ({type(e).__name__}: {e}); "
                          "without one, compare with a recorded run: simgpu crosscheck PROGRAM") from None
    return cupy


def run_program(path, sets, timing=True, module=None, shared_for=None, outputs=None, passes=1):
    """Run the recipe of `path` on the GPU: (sizes, checks, times); passes > 1
    runs the recipe's launches that many times in order, and nothing else, each
    pass from the buffers the recipe made (and each timed launch from what the
    first pass gave it).
    module: the CuPy module the kernels come from (default: the PTX file itself, JIT-compiled
    by the driver; simgpu.emit.device passes the emitted CUDA C, compiled by NVRTC);
    shared_for(kernel, shared): the dynamic shared bytes a launch asks for (default: the
    recipe's); outputs: a dict to fill with every buffer after the first pass of launches."""
    cupy = _cupy()
    recipe = parse_recipe(path)
    sizes, buffers, initial, launches = prepare(recipe, sets)
    mod = cupy.RawModule(path=str(path)) if module is None else module
    for name, arr in symbol_arrays(recipe, sizes, buffers).items():    # cudaMemcpyToSymbol (sizes: launch.module_bytes)
        mod.get_global(name).copy_from_host(arr.ctypes.data, arr.nbytes)
    dev = {k: cupy.asarray(v) for k, v in buffers.items()}
    ids = {id(v): k for k, v in buffers.items()}
    calls = []
    for kernel, grid, block, args, shared in launches:
        fn = mod.get_function(kernel)
        params = load(path, kernel=kernel).params
        cargs = []
        for a, p in zip(args, params):
            if isinstance(a, np.ndarray):
                cargs.append(dev[ids[id(a)]])
            else:
                bits, kind = C.TYPE_BITS[p.type], C.TYPE_KIND[p.type]
                dt = {(32, 2): np.float32, (64, 2): np.float64, (32, 1): np.int32, (64, 1): np.int64,
                      (32, 0): np.uint32, (64, 0): np.uint64}[(bits, kind)]
                cargs.append(dt(a))
        g = tuple(grid) if isinstance(grid, tuple) else (int(grid),)
        b = tuple(block) if isinstance(block, tuple) else (int(block),)
        shared = shared_for(kernel, shared) if shared_for else shared
        if shared > 48 * 1024:
            fn.max_dynamic_shared_size_bytes = shared
        calls.append((kernel, fn, g, b, tuple(cargs), shared))
    # the buffers before each launch of the first pass, and after it: every later pass starts
    # from the first's start, and each timed launch from its own start, since a kernel's work may
    # depend on what its outputs held (atomic_max_cas's compare-and-swap loop goes round only
    # while the maximum is below its value: run again on its own result, it swaps nothing). The
    # written buffers are put back by copies from the host, which launch no kernel (ncu counts
    # kernels).
    states = [{k: v.copy() for k, v in buffers.items()}]
    for kernel, fn, g, b, cargs, shared in calls:       # one pass for the results
        fn(g, b, cargs, shared_mem=shared)
        cupy.cuda.Device().synchronize()
        states.append({k: cupy.asnumpy(dev[k]) for k in buffers})
    written = [k for k in buffers if any(not np.array_equal(a[k], z[k], equal_nan=True)
                                         for a, z in zip(states, states[1:]))]

    def restore(j):
        for k in written:
            dev[k].set(states[j][k])
        cupy.cuda.Device().synchronize()
    for _ in range(passes - 1):                         # more passes (under ncu: repeated measurements)
        restore(0)
        for kernel, fn, g, b, cargs, shared in calls:
            fn(g, b, cargs, shared_mem=shared)
    cupy.cuda.Device().synchronize()
    if passes > 1:                                      # the results are the first pass's only
        return sizes, [], []
    for k in buffers:
        buffers[k][...] = states[-1][k]
    if outputs is not None:
        outputs.update({k: v.copy() for k, v in buffers.items()})
    checks = [check_buffer(recipe, c, sizes, initial, buffers) for c in recipe.checks]
    times = []
    if timing:
        for j, (kernel, fn, g, b, cargs, shared) in enumerate(calls):
            start, end = cupy.cuda.Event(), cupy.cuda.Event()
            samples = []
            for rep in range(23):
                restore(j)
                start.record()
                fn(g, b, cargs, shared_mem=shared)
                end.record()
                end.synchronize()
                if rep >= 3:
                    samples.append(cupy.cuda.get_elapsed_time(start, end) * 1e3)
            times.append({"kernel": kernel, "grid": list(g), "block": list(b), "shared": shared,
                          "median_us": float(np.median(samples)), "min_us": float(min(samples))})
    return sizes, checks, times


def repeated_cycles(path, sets, passes, metrics=("gpc__cycles_elapsed.max", "sm__cycles_active.avg")):
    """`passes` measurements of each launch of the program under Nsight Compute,
    in one ncu process (the recipe's launches run `passes` times in order):
    {"launches": [{"kernel": k, metric: [one value a pass]}], "command": ...}."""
    cmd = ["ncu", "--clock-control", "none", "--csv", "--page", "raw", "--metrics", ",".join(metrics),
           sys.executable, "-m", "simgpu.crosscheck", "--single", str(path), f"--passes={passes}"] + \
        [f"--set={k}={v}" for k, v in sets.items()]
    out = subprocess.run(cmd, capture_output=True, text=True)
    rows = [r for r in csv.DictReader(io.StringIO("\n".join(ln for ln in out.stdout.splitlines()
                                                             if ln.startswith('"'))))
            if r.get("ID", "").isdigit()]
    if not rows or len(rows) % passes:
        return {"error": (out.stderr or out.stdout)[-2000:], "command": " ".join(cmd)}
    n = len(rows) // passes
    launches = [{"kernel": rows[k].get("Kernel Name"),
                 **{m: [float(rows[r * n + k][m].replace(",", "")) for r in range(passes)] for m in metrics}}
                for k in range(n)]
    return {"launches": launches, "command": " ".join(cmd)}


def ncu_counters(path, sets, metrics=None):
    """Nsight Compute's counters for each launch of the program (one ncu process).
    If ncu refuses the warp-state metrics, the run is repeated without them."""
    metrics = metrics or METRICS + STALL_METRICS
    cmd = ["ncu", "--clock-control", "none", "--csv", "--page", "raw", "--metrics", ",".join(metrics),
           sys.executable, "-m", "simgpu.crosscheck", "--single", str(path)] + [f"--set={k}={v}" for k, v in sets.items()]
    out = subprocess.run(cmd, capture_output=True, text=True)
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith('"')]
    if not lines and metrics != METRICS:
        retry = ncu_counters(path, sets, METRICS)
        retry["stall_error"] = (out.stderr or out.stdout)[-2000:]
        return retry
    if not lines:
        return {"error": (out.stderr or out.stdout)[-2000:]}
    rows = list(csv.DictReader(io.StringIO("\n".join(lines))))
    data = [r for r in rows if r.get("ID", "").isdigit()]
    result = []
    for r in data:
        rec = {"kernel": r.get("Kernel Name")}
        for m in metrics:
            v = r.get(m)
            try:
                rec[m] = float(v.replace(",", "")) if v not in (None, "", "n/a") else None
            except ValueError:
                rec[m] = v
        result.append(rec)
    units = {m: rows[0].get(m) for m in metrics} if rows and not rows[0].get("ID", "").isdigit() else {}
    return {"launches": result, "units": units, "command": " ".join(cmd)}


def tool_provenance(command):
    """Where and when a measurement ran, for every record a harness writes:
    the GPU, driver and clocks as nvidia-smi reports them, the ncu version,
    the UTC date and the command."""
    smi = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem",
                          "--format=csv,noheader"], capture_output=True, text=True).stdout.strip()
    ncu = subprocess.run(["ncu", "--version"], capture_output=True, text=True).stdout.strip().splitlines()
    return {"nvidia_smi": smi, "ncu": ncu[-1] if ncu else None,
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"), "command": command}


def provenance():
    cupy = _cupy()
    from cupy.cuda import runtime
    props = runtime.getDeviceProperties(0)
    return {"device": props["name"].decode() if isinstance(props["name"], bytes) else props["name"],
            "cuda_runtime": runtime.runtimeGetVersion(), "cupy": cupy.__version__,
            "sm_count": props["multiProcessorCount"], **tool_provenance(" ".join(sys.argv))}


def record_programs(programs, sets, out, ncu=False):
    """Run programs on the GPU and write the JSON record (see the module doc)."""
    record = {"what": "simgpu programs on a real GPU: results checked, launches timed, Nsight Compute counters",
              **provenance(), "programs": []}
    for p in programs:
        entry = {"program": str(p)}
        try:
            sizes, checks, times = run_program(Path(p), sets)
            entry.update(sizes={k: int(v) if isinstance(v, (int, np.integer)) else v for k, v in sizes.items()},
                         checks=[{"buffer": c.buffer, "error": c.error, "tol": c.tol, "passed": c.passed}
                                 for c in checks], launches=times)
            if ncu:
                entry["ncu"] = ncu_counters(Path(p), sets)
        except SimgpuError:
            raise
        except Exception as e:          # record the failure, go on with the others
            entry["error"] = f"{type(e).__name__}: {e}"
        record["programs"].append(entry)
        print(p, entry.get("error") or [c["passed"] for c in entry["checks"]],
              [round(t["median_us"], 2) for t in entry.get("launches", [])], flush=True)
    if out:
        with open(out, "w") as f:
            json.dump(record, f, indent=1)
    return record


def find_recorded(program, record_path=None):
    record_path = record_path or DEFAULT_RECORD
    try:
        record = json.loads(Path(record_path).read_text())
    except (OSError, ValueError) as e:
        raise SimgpuError(f"cannot read the record {record_path}: {e}") from None
    stem = Path(program).stem
    for entry in record["programs"]:
        if Path(entry["program"]).stem == stem and "ncu" in entry and "launches" in entry["ncu"]:
            return record, entry
    raise SimgpuError(f"{record_path} has no run of {stem}; record one with --backend cuda on a GPU machine")


def simulate_recorded(entry, config="h200", program=None, binary_regs=True, lower="ptxas"):
    """simgpu's run of a recorded program at the record's sizes (a RecipeRun).

    binary_regs: each launch gets the register count ptxas gave the kernel on
    the hardware (`launch__registers_per_thread`), so occupancy is the binary's;
    False keeps simgpu's liveness estimate. lower: "ptxas" (the default here)
    rewrites the PTX as the driver's compiler did for the measured run
    (simgpu/ptx/lower.py); None runs the PTX as written."""
    from .recipe import run_recipe
    program = Path(program or entry["program"])
    if not program.exists() and (ROOT / program).exists():
        program = ROOT / program
    per_launch = None
    if binary_regs and "launches" in entry.get("ncu", {}):
        per_launch = [{"regs_per_thread": int(hw["launch__registers_per_thread"])}
                      if hw.get("launch__registers_per_thread") else {} for hw in entry["ncu"]["launches"]]
    return run_recipe(parse_recipe(program), {k: str(v) for k, v in entry["sizes"].items()}, config=config,
                      per_launch=per_launch, lower=lower)


def compare(program, entry, config):
    """Rows (launch, stat, simgpu, hardware, ratio) for one recorded program
    (simulated with simgpu's own register estimate, which the table compares)."""
    run = simulate_recorded(entry, config, program, binary_regs=False)
    rows = []
    for k, (res, hw) in enumerate(zip(run.results, entry["ncu"]["launches"])):
        for ours, theirs in COMPARED:
            sv, hv = res.stats.get(ours), hw.get(theirs)
            if sv is None or hv is None:
                continue
            ratio = sv / hv if hv else (1.0 if sv == 0 else float("inf"))
            rows.append((k, run.launches[k][0], ours, sv, hv, ratio))
        t = entry["launches"][k]["median_us"] if k < len(entry.get("launches", [])) else None
        if t:
            rows.append((k, run.launches[k][0], "time_us (CUDA events)", res.stats["time_us"], t,
                         res.stats["time_us"] / t))
    return run, rows


def format_comparison(program, record, entry, rows, config):
    sizes = ", ".join(f"{k}={v}" for k, v in entry["sizes"].items())
    out = [f"{program} ({sizes}): simgpu on {config} vs {record['device']} "
           f"({record['date'][:10]}, driver {record['nvidia_smi'].split(',')[1].strip()}, {record.get('ncu') or 'no ncu'})",
           f"  {'launch':16s} {'figure':26s} {'simgpu':>14s} {'hardware':>14s} {'ratio':>7s}"]
    for k, kernel, name, sv, hv, ratio in rows:
        mark = "  exact" if sv == hv else f"{ratio:7.2f}"
        fmt = (lambda v: f"{v:>14,.2f}") if max(abs(sv), abs(hv)) < 100 else (lambda v: f"{v:>14,.0f}")
        out.append(f"  {kernel[:16]:16s} {name:26s} {fmt(sv)} {fmt(hv)} {mark}")
    out.append("  (DEVIATIONS.md says why figures other than sectors and DRAM writes differ)")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("programs", nargs="*")
    ap.add_argument("--out")
    ap.add_argument("--ncu", action="store_true")
    ap.add_argument("--single")
    ap.add_argument("--passes", type=int, default=1)
    ap.add_argument("--set", action="append", default=[])
    ns = ap.parse_args()
    sets = dict(s.split("=", 1) for s in ns.set)
    if ns.single:                      # the child run under ncu: each launch once
        run_program(Path(ns.single), sets, timing=False, passes=ns.passes)
        return
    record_programs(ns.programs, sets, ns.out, ns.ncu)


if __name__ == "__main__":
    main()
