"""Derive `latency_branch_cycles` from the H200 record of programs/micro/fetch_branch.s.

    python3 tools/branch_figures.py [traces/h200/micro/micro_fetch_branch.json]

The record (`tools/crosscheck_cuda.py --ncu`, each launch under Nsight Compute)
has one warp on one SM running `iters` and then 2 x `iters` passes over 32
regions, each a branch on a warp-uniform predicate over two dependent FADDs:
taken (1) or not (0). The second launch of each pair minus the first is
`iters` passes from a warm instruction cache. In the not-taken pair a pass is
97 SASS instructions (ptxas's own code, the record's SASS listing: 30 BRAs
not taken, 64 FADDs in one dependent chain, the loop's branch taken) in the
same shape as simgpu's lowering of it, and its cycles per pass are what the
branches add to the FADD chain.

The script simulates the program, and programs/micro/latency_fp32.s (32
dependent FFMAs and the loop's branch a step: traces/h200/micro/micro_fp32.json),
on the h200 config with latency_branch_cycles = 1 .. 24 and prints the value
with the least sum of the relative errors of the two (the not-taken pass time,
Δcycles / iters, and the FFMA loop's step), with the taken pair's for comparison (ptxas threads the
taken jumps, 17 branches a pass, where simgpu's lowering runs all 33: there
the time per taken branch is what compares), and the TOML line; nothing is
written.
"""
import json
import sys
from pathlib import Path
from types import MappingProxyType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORD = ROOT / "traces" / "h200" / "micro" / "micro_fetch_branch.json"
FP32_RECORD = ROOT / "traces" / "h200" / "micro" / "micro_fp32.json"
CYC = "gpc__cycles_elapsed.max"
TAKEN_PER_PASS_H200 = 17     # ptxas's SASS of fetch_branch.s: 16 region branches (each jumps over the next) + the loop's
TAKEN_PER_PASS_SIM = 33      # simgpu's lowering: the 32 region branches + the loop's


def figures(path=RECORD):
    from simgpu.config import load_config
    from simgpu.recipe import parse_recipe, run_recipe
    record = json.loads(Path(path).read_text())
    entry = next(p for p in record["programs"] if Path(p["program"]).stem == "fetch_branch")
    iters = int(entry["sizes"].get("iters", 64)) if entry.get("sizes") else 64
    cyc = [m[CYC] for m in entry["ncu"]["launches"]]
    measured = {"taken": (cyc[1] - cyc[0]) / iters, "not_taken": (cyc[3] - cyc[2]) / iters}
    base = load_config("h200")
    recipe = parse_recipe(ROOT / entry["program"])
    # the loop of latency_fp32.s: 32 dependent FFMAs and the loop's branch a step (traces/h200/micro/micro_fp32.json)
    fp32 = json.loads(FP32_RECORD.read_text())
    e32 = next(p for p in fp32["programs"] if Path(p["program"]).stem == "latency_fp32")
    c32 = [m[CYC] for m in e32["ncu"]["launches"]]
    steps = int(e32["sizes"]["steps"])
    measured["fp32_step"] = (c32[1] - c32[0]) / steps
    r32 = parse_recipe(ROOT / e32["program"])
    best, table = None, {}
    for lat in range(1, 25):
        cfg = MappingProxyType({**base, "latency_branch_cycles": lat})
        c = [r.stats["cycles"] for r in run_recipe(recipe, {"iters": str(iters)}, config=cfg, lower="ptxas").results]
        d = [r.stats["cycles"] for r in run_recipe(r32, {"steps": str(steps)}, config=cfg, lower="ptxas").results]
        table[lat] = {"taken": (c[1] - c[0]) / iters, "not_taken": (c[3] - c[2]) / iters,
                      "fp32_step": (d[1] - d[0]) / steps}
        err = sum(abs(table[lat][k] / measured[k] - 1) for k in ("not_taken", "fp32_step"))
        if best is None or err < best[0]:
            best = (err, lat)
    return {"latency_branch_cycles": best[1], "measured": measured, "simulated": table[best[1]], "iters": iters,
            "device": record.get("device"), "date": record.get("date", "")[:10]}


def main(argv):
    f = figures(Path(argv[1]) if len(argv) > 1 else RECORD)
    m, s = f["measured"], f["simulated"]
    print(f"not taken: {m['not_taken']:.1f} cycles a pass on the H200, {s['not_taken']:.1f} simulated")
    print(f"latency_fp32.s: {m['fp32_step']:.1f} cycles a step (32 dependent FFMAs and the loop's branch) on the "
          f"H200, {s['fp32_step']:.1f} simulated")
    print(f"taken: {m['taken'] / TAKEN_PER_PASS_H200:.1f} cycles per taken branch on the H200, "
          f"{s['taken'] / TAKEN_PER_PASS_SIM:.1f} simulated")
    print(f"latency_branch_cycles = {f['latency_branch_cycles']}             # meas: the next instruction after a "
          f"branch, taken or not, issues this long after it: one warp's pass of 30 branches not taken and 64 "
          f"dependent FADDs takes {m['not_taken']:.0f} cycles on the H200, {s['not_taken']:.0f} simulated; a step of "
          f"latency_fp32.s (32 dependent FFMAs, the loop's branch) {m['fp32_step']:.1f}, {s['fp32_step']:.1f} "
          f"simulated (traces/h200/micro/micro_fetch_branch.json, micro_fp32.json; {f['device']}, {f['date']}; "
          f"tools/branch_figures.py fits both)")


if __name__ == "__main__":
    main(sys.argv)
