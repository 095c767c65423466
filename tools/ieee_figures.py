"""What an IEEE div.rn / rcp.rn / sqrt.rn.f32 and a div.u32's conversions
cost on the H200, read from programs/micro/ieee_div.s's records
(tools/device_ieee.sh), beside simgpu's figures for the same launches.

    python3 tools/ieee_figures.py [--config CONFIG] [--simulate] [--dir DIR]

(DIR: the records' folder, traces/h200/micro by default; the H100's, whose SMs
are the H200's, are in traces/h100/micro.)

Each kernel runs at `steps` and 2 x `steps` loop passes of 16 operations, so
per operation

    cycles = (cycles(2 x steps) - cycles(steps)) / (16 x steps)

(Nsight's `gpc__cycles_elapsed.max` of each launch): for the _dep kernels
(one warp) that is the latency of one operation's whole sequence; for the
_thr kernels (8 blocks of 256 threads on each of 132 SMs, 16 warps a
scheduler) the time a scheduler takes per warp-operation is that figure
divided by 16. Also printed per launch: its warp states (Nsight's
`smsp__average_warps_issue_stalled_*`, the shares over 2%) and, from the
pipes record at steps = 16, its instructions on the XU, the ALU and the FMA
pipes per operation. --simulate runs simgpu (the ptxas lowering) on the
recipe at steps = 16, its launches at 16 and 32 passes (the _thr kernels on
the same grid: a few minutes).
"""
import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
MICRO = ROOT / "traces" / "h200" / "micro"
OPS = 16                      # operations a loop pass


def _pairs(launches, key):
    """(kernel, value at steps, value at 2 x steps) of consecutive launches of one kernel."""
    return [(a["kernel"], key(a), key(b)) for a, b in zip(launches[::2], launches[1::2])]


def _states(launch):
    pre = "smsp__average_warps_issue_stalled_"
    got = {k[len(pre):].split("_per_issue_active")[0]: v for k, v in launch.items()
           if k.startswith(pre) and k.endswith("_per_issue_active.ratio")}
    total = sum(got.values()) or 1.0
    return {k: v / total for k, v in sorted(got.items(), key=lambda kv: -kv[1]) if v / total > 0.02}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--config", default="h200")
    ap.add_argument("--simulate", action="store_true", help="also run simgpu on the same launches")
    ap.add_argument("--dir", default=str(MICRO), help="the records' folder (default traces/h200/micro)")
    args = ap.parse_args(argv)
    micro = Path(args.dir)
    missing = [n for n in ("micro_ieee_div.json", "micro_ieee_div_r2.json", "micro_ieee_pipes.json")
               if not (micro / n).exists()]
    if missing:
        sys.exit(f"ieee_figures: no {', '.join(missing)} under {micro} yet: "
                 "`OUT=... bash tools/device_ieee.sh` on the device makes them")
    for name in ("micro_ieee_div.json", "micro_ieee_div_r2.json"):
        rec = json.loads((micro / name).read_text())
        prog = rec["programs"][0]
        steps = prog["sizes"]["steps"]
        lts = prog["ncu"]["launches"]
        print(f"{name} ({rec['device']}, {rec['date']}): steps = {steps}, {OPS} operations a pass")
        for (kernel, c1, c2), (a, b) in zip(_pairs(lts, lambda x: x["gpc__cycles_elapsed.max"]),
                                            zip(lts[::2], lts[1::2])):
            per = (c2 - c1) / (OPS * steps)
            what = f"{per:7.2f} cycles an operation (latency)" if kernel.endswith("_dep") \
                else f"{per / 16:7.2f} cycles a warp-operation a scheduler"
            states = ", ".join(f"{k} {v:.2f}" for k, v in _states(b).items())
            print(f"  {kernel:9} {c1:12,.0f} -> {c2:12,.0f}  {what}   [{states}]")
    pipes = json.loads((micro / "micro_ieee_pipes.json").read_text())
    entry = pipes["programs"][0]
    print(f"instructions by pipe per operation at steps = 16 (micro_ieee_pipes.json):")
    warps = {"_dep": 1, "_thr": 132 * 8 * 8}
    for a, b in zip(entry["ncu"]["launches"][::2], entry["ncu"]["launches"][1::2]):
        n = warps[a["kernel"][-4:]] * OPS * 16          # warp-operations of the steps = 16 launch
        per = {p: (b[f"smsp__inst_executed_pipe_{p}.sum"] - a[f"smsp__inst_executed_pipe_{p}.sum"]) / n
               for p in ("xu", "alu", "fma", "fmaheavy", "fmalite", "cbu", "adu", "uniform")
               if f"smsp__inst_executed_pipe_{p}.sum" in a}
        total = (b["smsp__inst_executed.sum"] - a["smsp__inst_executed.sum"]) / n
        print(f"  {a['kernel']:9} {total:5.2f} instructions: " + ", ".join(f"{k} {v:.2f}" for k, v in per.items() if v))
    if args.simulate:
        from simgpu.recipe import parse_recipe, run_recipe
        recipe = parse_recipe(ROOT / "programs" / "micro" / "ieee_div.s")
        run = run_recipe(recipe, {"steps": "16"}, config=args.config, lower="ptxas")
        print(f"simgpu ({args.config}), steps 16 (each kernel at 16 and 32 passes, as recorded):")
        for r1, r2 in zip(run.results[::2], run.results[1::2]):
            k = r1.kernel.name
            per = (r2.stats["cycles"] - r1.stats["cycles"]) / (OPS * 16)
            what = f"{per:7.2f} cycles an operation (latency)" if k.endswith("_dep") \
                else f"{per / 16:7.2f} cycles a warp-operation a scheduler"
            pipe = {p: (r2.stats["pipe_instructions"][p] - r1.stats["pipe_instructions"][p])
                    / (warps[k[-4:]] * OPS * 16) for p in ("sfu", "int", "fp32")}
            print(f"  {k:9} {what}  per operation: " + ", ".join(f"{p} {v:.2f}" for p, v in pipe.items()))

if __name__ == "__main__":
    main()
