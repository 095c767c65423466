"""What a predicated-off global load costs the instruction that reads its
register, on the H200 and in simgpu (programs/micro/pred_ld.s).

    python3 tools/pred_ld_figures.py [--latency N ...] [RECORD ...]

(default: traces/h200/micro/micro_pred_ld.json and micro_pred_ld_4096.json:
256/512 and 4,096/8,192 steps). Each pair of launches runs a one-warp chain
`iters` then 2 x iters steps; the difference over `iters` is the cycles a
step, free of the launch: `@q ld.global` with q false before each step
(off), with q true (on: an L1 hit), and the chain alone. The script prints
them next to simgpu's (the h200 config, the same launches), for the
config's `latency_global_off_cycles` or each --latency given. The last
column, free of what both steps share (simgpu's lowering keeps the guard's
setp in the loop, ptxas hoists it: 13 cycles of latency_guard_cycles a step
in both), is what the config's value is read from: the value whose
simulated (off - on) is nearest the records' mean. Nothing is written.
"""
import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_pred_ld{r}.json" for r in ("", "_4096")]
CYC = "gpc__cycles_elapsed.max"
LABELS = ("off", "on (L1 hit)", "chain alone", "off - on")


def per_step(cycles, iters):
    off, on, chain = ((cycles[k + 1] - cycles[k]) / iters for k in (0, 2, 4))
    return off, on, chain, off - on


def simulated(entry, latency):
    from simgpu.crosscheck import simulate_recorded
    config = "h200"
    if latency is not None:
        tmp = Path(tempfile.mkdtemp()) / "h200_off.toml"
        tmp.write_text(f'base = "h200"\nlatency_global_off_cycles = {latency}\n')
        config = str(tmp)
    return [r.stats["cycles"] for r in simulate_recorded(entry, config).results]


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("records", nargs="*")
    ap.add_argument("--latency", type=int, action="append")
    a = ap.parse_args(argv)
    for record in a.records or RECORDS:
        entry = json.loads(Path(record).read_text())["programs"][0]
        iters = int(entry["sizes"]["iters"])
        hw = per_step([L[CYC] for L in entry["ncu"]["launches"]], iters)
        print(f"{Path(record).name}: {iters} and {2 * iters} steps; cycles a step")
        print(f"  {'':22}" + "".join(f"{x:>13}" for x in LABELS))
        print(f"  {'H200':22}" + "".join(f"{x:13.2f}" for x in hw))
        for lat in a.latency or [None]:
            sim = per_step(simulated(entry, lat), iters)
            label = "simgpu" + ("" if lat is None else f" (off = {lat})")
            print(f"  {label:22}" + "".join(f"{x:13.2f}" for x in sim))


if __name__ == "__main__":
    main()
