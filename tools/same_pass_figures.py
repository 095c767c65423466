"""The clock micros' loops against the kernel's cycles of the same run, on
the H200 and in simgpu.

    python3 tools/same_pass_figures.py [RECORD ...]

(default: traces/h200/micro/same_pass_*.json.gz, made by
tools/record_same_pass.py: each pass's gpc__cycles_elapsed.max under Nsight
Compute and the clock buffers of that same run). Per pass and launch: the
kernel's cycles, the slowest warp's timed span (matmul_loop_clock's loop,
matmul_clock's and mm_smem_clock's steps summed, spin_clock's spin), what
the kernel spends outside it (launch, prologue, epilogue), and the warps'
mean cycles a pass or step; then simgpu's (h200) run of the same launches.
tools/record_latency_dist.py's records time the warps in one more run, not
under ncu, whose steps are 5-7% longer than these (matmul_clock's mean step
851-881 cycles there, 786-830 here). Nothing is written.
"""
import gzip
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORDS = sorted((ROOT / "traces" / "h200" / "micro").glob("same_pass_*.json.gz"))


def spans(program, buffers):
    """[(launch label, the warps' timed spans, cycles a pass or step of each)] of one run's buffers."""
    out = []
    b = {k: np.asarray(v, dtype=np.int64).ravel() for k, v in buffers.items()}
    if program == "matmul_loop_clock":
        loop = b["loop"].reshape(-1, 2)[:, 1]
        steps = b["lat"].reshape(-1, 65)[:, 1:]
        out += [("mm_loop_clock", loop, loop / 64), ("mm_smem_clock", steps.sum(1), steps[:, 2:].mean(1))]
    elif program == "matmul_clock":
        steps = b["lat"].reshape(-1, 65)[:, 1:]
        out.append(("matmul_clock", steps.sum(1), steps[:, 2:].mean(1)))
    elif program == "spin_clock":
        for name in [f"{c}{i}" for c in "lm" for i in range(7)]:
            spun = b[name].reshape(-1, 2)[:, 1]
            out.append((f"spin {name} ({spun.size} blocks)", spun, spun))
    return out


def row(who, cycles, span, per):
    return (f"    {who:7} kernel {cycles:>8,.0f}  slowest {span.max():>8,}  outside {cycles - span.max():>6,.0f}  "
            f"mean a pass {per.mean():7.1f}")


def figures(path):
    from simgpu.recipe import parse_recipe, run_recipe
    raw = Path(path).read_bytes()
    record = json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)
    program = Path(record["program"]).stem
    run = run_recipe(parse_recipe(ROOT / record["program"]), {k: str(v) for k, v in record["sizes"].items()},
                     config="h200", lower="ptxas")
    print(f"{Path(path).name}: {record['nvidia_smi']}, {record['date'][:16]}, {len(record['passes'])} passes")
    sim_cycles = [r.stats["cycles"] for r in run.results]
    sim = spans(program, run.buffers)
    for p, one in enumerate(record["passes"]):
        cycles = [L["gpc__cycles_elapsed.max"] for L in one["launches"]]
        hw = spans(program, one["buffers"])
        # spin_clock: one launch a buffer; the matmuls: the launches in the buffers' order
        for k, ((label, span, per), (_, s_span, s_per)) in enumerate(zip(hw, sim)):
            print(f"  pass {p + 1} {label}")
            print(row("H200", cycles[k], span, per))
            if p == 0:
                print(row("simgpu", sim_cycles[k], s_span, s_per))


def main(records):
    for r in records or RECORDS:
        figures(r)


if __name__ == "__main__":
    main(sys.argv[1:])
