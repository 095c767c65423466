"""DRAM answer time against the reads in flight, from the H200 records of
programs/micro/row_stream.s (or the H100's: traces/h100/micro/, --config h100).

    python3 tools/row_stream_figures.py [--config CONFIG] [RECORD ...]
    python3 tools/row_stream_figures.py --fit 0,24,32,40,48,56

(--fit: for each value of `dram_inflight_cycles_per_kline` on the config,
the mean absolute error over the pairs against the records' mean: how the
h200 config's value was chosen)

(default: traces/h200/micro/micro_row_stream.json and _r2.json)

The records (`tools/crosscheck_cuda.py --ncu`, caches flushed before each
launch) have every SM holding W warps that each stream their own contiguous
span, U lines a round (U loads issued together), 8 then 16 rounds: the
difference of a pair over 8 is a round's cycles, free of the launch. The
script prints, for each (U, W), the lines in flight (132 W U), the H200's
cycles a round in each record and the bytes a cycle they give, next to
simgpu's (the same launches, the config given). A measurement, not a fit:
nothing is written.
"""
import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_row_stream{r}.json" for r in ("", "_r2")]
CYC = "gpc__cycles_elapsed.max"
ROUNDS = 8                      # rounds more in the second launch of each pair


def rounds(entry, cycles, launches):
    """Per pair of launches: (U, W, lines in flight, cycles a round)."""
    out = []
    for k in range(0, len(cycles), 2):
        name, grid, block, _ = launches[k]
        u = int(name[3:])
        warps = grid[0] * block[0] // 32
        out.append((u, warps // 132, warps * u, (cycles[k + 1] - cycles[k]) / ROUNDS))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("records", nargs="*")
    ap.add_argument("--config", default="h200")
    ap.add_argument("--fit", help="comma-separated values of dram_inflight_cycles_per_kline to compare")
    a = ap.parse_args()
    from simgpu.crosscheck import simulate_recorded
    whole = [json.loads(Path(r).read_text()) for r in (a.records or RECORDS)]
    entries = [r["programs"][0] for r in whole]
    gpu = whole[0]["device"].split()[1]            # "NVIDIA H200 ..." -> H200
    if a.fit:
        fit(entries, a.config, [float(v) for v in a.fit.split(",")])
        return
    run = simulate_recorded(entries[0], a.config)
    sim = rounds(entries[0], [r.stats["cycles"] for r in run.results], run.launches)
    hw = [rounds(e, [L[CYC] for L in e["ncu"]["launches"]], run.launches) for e in entries]
    head = "  ".join(f"{gpu + ' #%d' % (i + 1):>9} {'B/cyc':>6}" for i in range(len(hw)))
    print(f"{'U':>2} {'W':>3} {'in flight':>9}  {head}  {'simgpu':>9} {'B/cyc':>6} {'err':>7}")
    for i, (u, w, lines, c) in enumerate(sim):
        meas = [h[i][3] for h in hw]
        cols = "  ".join(f"{m:9.1f} {lines * 128 / m:6.0f}" for m in meas)
        mean = sum(meas) / len(meas)
        print(f"{u:2d} {w:3d} {lines:9,d}  {cols}  {c:9.1f} {lines * 128 / c:6.0f} {c / mean - 1:+7.1%}")


def fit(entries, config, values):
    from types import MappingProxyType
    from simgpu.config import load_config
    from simgpu.crosscheck import simulate_recorded
    base = dict(load_config(config))
    for v in values:
        cfg = MappingProxyType(dict(base, dram_inflight_cycles_per_kline=v))
        run = simulate_recorded(entries[0], cfg)
        sim = rounds(entries[0], [r.stats["cycles"] for r in run.results], run.launches)
        hw = [rounds(e, [L[CYC] for L in e["ncu"]["launches"]], run.launches) for e in entries]
        errs = [abs(c / (sum(h[i][3] for h in hw) / len(hw)) - 1) for i, (_, _, _, c) in enumerate(sim)]
        print(f"dram_inflight_cycles_per_kline = {v:g}: mean error {100 * sum(errs) / len(errs):.1f}% "
              f"over {len(errs)} pairs, largest {100 * max(errs):.1f}%", flush=True)


if __name__ == "__main__":
    main()
