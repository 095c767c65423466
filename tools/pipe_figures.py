"""Which pipe each program's warp instructions issue to, on the H200 (Nsight
Compute's `smsp__inst_executed_pipe_*`, traces/h200/pipes.json) and in
simgpu (stats["pipe_instructions"] of a timed run at the same sizes).

    python3 tools/pipe_figures.py [--config CONFIG] [programs...]

simgpu's pipes map to Nsight's so: `int` is the ALU (`alu`, and the uniform
datapath's instructions, which take the ALU's time: `uniform`), `fp32` the
FMA pipe (`fma`: `fmaheavy` + `fmalite`, where the integer multiplies and the
adds and moves ptxas moves off the ALU run), `fp64`, `sfu` the XU (`xu`),
`lsu` + `mio` the LSU (`lsu`; shared memory, shuffles and barriers' arrivals
go through the MIO), `branch` + `sync` the ADU and CBU. simgpu's other
instructions (S2R, LDC, parameter loads) are on its `int` pipe, where the
H200 runs them elsewhere. Each row: the share of the launch's warp
instructions on the ALU side and the FMA side, simgpu against the H200.
Nothing is written.
"""
import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(argv=None):
    from simgpu.crosscheck import simulate_recorded
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--config", default="h200")
    ap.add_argument("programs", nargs="*", help="only these (substrings of the program paths)")
    args = ap.parse_args(argv)
    record = json.loads((ROOT / "traces" / "h200" / "pipes.json").read_text())
    print(f"warp instructions by pipe, share of the launch's: simgpu ({args.config}) / the {record['device']} "
          f"(traces/h200/pipes.json)")
    print(f"  {'launch':44} {'ALU + uniform':>15} {'FMA':>15} {'LSU':>15}")
    diffs = []
    for entry in record["programs"]:
        if args.programs and not any(p in entry["program"] for p in args.programs):
            continue
        run = simulate_recorded({"program": entry["program"], "sizes": {}, "ncu": entry["ncu"]}, args.config)
        for res, hw in zip(run.results, entry["ncu"]["launches"]):
            ours = res.stats["pipe_instructions"]
            n = sum(ours.values())
            total = hw["smsp__inst_executed.sum"]

            def h(*keys):
                return sum(hw.get(f"smsp__inst_executed_pipe_{k}.sum", 0) for k in keys) / total
            cols = [(ours["int"] / n, h("alu", "uniform")), (ours["fp32"] / n, h("fma")),
                    ((ours["lsu"] + ours["mio"]) / n, h("lsu"))]
            print(f"  {entry['program'] + ':' + hw['kernel']:44} " + " ".join(f"{a:6.3f} / {b:6.3f}" for a, b in cols),
                  flush=True)
            diffs.append([abs(a - b) for a, b in cols])
    mean = [sum(d[k] for d in diffs) / len(diffs) for k in range(3)]
    print(f"  mean absolute difference of the shares over {len(diffs)} launches: ALU {mean[0]:.3f}, FMA {mean[1]:.3f}, "
          f"LSU {mean[2]:.3f}")


if __name__ == "__main__":
    main()
