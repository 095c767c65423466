"""What an instruction on the uniform datapath costs on the H200, and which
instructions run there, next to simgpu's (simgpu/timing/uniform.py; the
`uniform_datapath`, `interval_uniform_cycles` and `latency_uniform_cycles`
config keys).

    python3 tools/uniform_figures.py [--config CONFIG] [--programs]

From programs/micro/uniform_pipe.s's records (traces/h200/micro/
micro_uniform_pipe.json.gz and _r2: cycles of each launch under Nsight;
micro_uniform_pipes.json.gz: its instructions per pipe at the default
size), for each kernel and launch shape: the cycles a pass takes (the
difference of its launches at steps and 2 x steps over steps), what a warp
issues a pass to the ALU, the FMA pipe (ptxas's VIADD and IMAD.* for
integer adds and moves, `fmaheavy`) and the uniform datapath, and what a
pass would take on 8 warps a scheduler if the ALU took 2 cycles a warp
instruction and a uniform one U cycles of the ALU's time (U = 1, 1.5, 2)
or a pipe of its own (the scheduler issuing one a cycle). Then simgpu's
cycles a pass on CONFIG (default h200): its instructions are the PTX's as
simgpu lowers it, all integer adds on its int pipe (ptxas puts some on the
FMA pipe) and every chain on %ctaid.x uniform (ptxas moves half of them to
vector registers), so they differ from the SASS's counts above.

With --programs instead: for every program and held-out kernel of
traces/h200/pipes.json, the warp instructions simgpu runs on the uniform
datapath (its functional run at the recorded size) against Nsight's
`smsp__inst_executed_pipe_uniform`. Nothing is written.
"""
import argparse
import gzip
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
MICRO = ROOT / "traces" / "h200" / "micro"
RECORDS = [MICRO / f"micro_uniform_pipe{r}.json.gz" for r in ("", "_r2")]
PIPES = MICRO / "micro_uniform_pipes.json.gz"
PROGRAM = ROOT / "programs" / "micro" / "uniform_pipe.s"


def load(path):
    raw = Path(path).read_bytes()
    return json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)


def pairs(launches):
    """(kernel, grid, block, first launch's index) of each steps / 2 x steps pair."""
    return [(launches[k]["kernel"], int(np.prod(launches[k]["grid"])), int(np.prod(launches[k]["block"])), k)
            for k in range(0, len(launches), 2)]


def per_pass(a, b, key, warps, steps):
    return (b.get(key, 0.0) - a.get(key, 0.0)) / (warps * steps)


def micro(config, sim_steps=16):
    from simgpu.recipe import parse_recipe, run_recipe
    records = [load(p) for p in RECORDS]
    counts = load(PIPES)["programs"][0]["ncu"]["launches"]
    default_steps = int(parse_recipe(PROGRAM).sizes["steps"][0])
    first = records[0]["programs"][0]
    steps = int(first["sizes"]["steps"])
    print(f"{PROGRAM.relative_to(ROOT)} on the {records[0]['device']}, {records[0]['date'][:10]}: cycles a pass "
          f"(gpc__cycles_elapsed.max, launches at {steps} and {2 * steps} steps, two runs), a warp's instructions a pass "
          f"by pipe (at {default_steps} and {2 * default_steps} steps), and on 8 warps a scheduler what a pass takes "
          f"if a uniform instruction holds the ALU U cycles (an ALU one 2) or has a pipe of its own")
    run = run_recipe(parse_recipe(PROGRAM), {"steps": str(sim_steps)}, config=config, lower="ptxas")
    sim = [r.stats["cycles"] for r in run.results]
    print(f"  {'kernel':12} {'warps':>9} {'H200':>15} {'all':>5} {'ALU':>5} {'FMA':>5} {'unif':>5}   "
          f"{'U=1':>5} {'U=1.5':>5} {'U=2':>5} {'own':>5}   simgpu ({config})")
    for kernel, grid, block, k in pairs(first["launches"]):
        warps = grid * block // 32
        hw = [(r["programs"][0]["ncu"]["launches"][k + 1]["gpc__cycles_elapsed.max"]
               - r["programs"][0]["ncu"]["launches"][k]["gpc__cycles_elapsed.max"]) / steps for r in records]
        a, b = counts[k], counts[k + 1]
        mix = {p: per_pass(a, b, f"smsp__inst_executed_pipe_{p}.sum", warps, default_steps)
               for p in ("alu", "fmaheavy", "uniform")}
        total = per_pass(a, b, "smsp__inst_executed.sum", warps, default_steps)
        per_sched = warps // (grid * 4) if grid > 1 else 1
        model = ""
        if per_sched >= 8:              # enough warps to hide latencies: the pipes bound a pass
            def bound(u):
                return per_sched * max(total, 2 * mix["alu"] + u * mix["uniform"], 2 * mix["fmaheavy"])
            own = per_sched * max(total, 2 * mix["alu"], 2 * mix["fmaheavy"], mix["uniform"])
            model = " ".join(f"{bound(u):5.0f}" for u in (1, 1.5, 2)) + f" {own:5.0f}"
        model = model or f"{'(latency-bound: 1 warp a scheduler)':>23}"
        ours = (sim[k + 1] - sim[k]) / sim_steps
        print(f"  {kernel:12} {grid:4}x{block // 32:<4} {hw[0]:7.1f} {hw[1]:7.1f} {total:5.1f} {mix['alu']:5.1f} "
              f"{mix['fmaheavy']:5.1f} {mix['uniform']:5.1f}   {model}   {ours:7.1f}")
    lat = [(r["programs"][0]["ncu"]["launches"][1]["gpc__cycles_elapsed.max"]
            - r["programs"][0]["ncu"]["launches"][0]["gpc__cycles_elapsed.max"]) / (32 * steps) for r in records]
    print(f"  lat_uniform: {lat[0]:.2f} and {lat[1]:.2f} cycles a dependent uniform instruction (32 a pass, the "
          f"loop's branch included); simgpu {(sim[1] - sim[0]) / (32 * sim_steps):.2f}")


def programs(config):
    from simgpu.recipe import parse_recipe, run_recipe
    from simgpu.timing.uniform import uniform_instructions
    record = load(ROOT / "traces" / "h200" / "pipes.json")
    print(f"warp instructions on the uniform datapath: simgpu's rule (timing/uniform.py, functional run) against "
          f"the {record['device']}'s smsp__inst_executed_pipe_uniform (traces/h200/pipes.json), and their share")
    exact = 0
    n = 0
    for entry in record["programs"]:
        run = run_recipe(parse_recipe(ROOT / entry["program"]), {}, config=config, lower="ptxas", timing=False)
        for res, hw in zip(run.results, entry["ncu"]["launches"]):
            per_pc = np.asarray(res.per_pc)
            ours = int(per_pc[uniform_instructions(res.kernel.program)].sum())
            theirs = int(hw.get("smsp__inst_executed_pipe_uniform.sum", 0))
            total = hw["smsp__inst_executed.sum"]
            exact += ours == theirs
            n += 1
            print(f"  {entry['program']:34} {hw['kernel'][:22]:22} simgpu {ours:9,} ({ours / per_pc.sum():6.1%})  "
                  f"H200 {theirs:9,} ({theirs / total:6.1%})", flush=True)
    print(f"  the same count on {exact} of {n} launches")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--config", default="h200")
    ap.add_argument("--programs", action="store_true", help="every program's uniform instructions instead")
    args = ap.parse_args(argv)
    (programs if args.programs else micro)(args.config)


if __name__ == "__main__":
    main()
