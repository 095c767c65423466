"""DRAM answer time under load, from the H200 record of programs/micro/dram_loaded.s.

    python3 tools/dram_load_figures.py [traces/h200/micro/micro_dram_loaded.json]

The record (`tools/crosscheck_cuda.py --ncu`, caches flushed before each
launch) has 132 blocks of 1, 4, 16 and 32 warps streaming with a grid-stride
loop, 16 then 32 passes a thread: stream_rmw (y = a x + y: two LDGs, an
FFMA, an STG a pass) and stream_read (an LDG and a dependent FADD a pass).
ptxas unrolls neither loop (the record's .sass), so each warp has one pass's
loads in flight and the cycles a pass, the difference of a pair over 16, are
the memory system's answer time at that load. The script prints them next
to simgpu's (the h200 config, the same launches): a measurement of what the
DRAM model does not reproduce, not a fit; nothing is written.
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORD = ROOT / "traces" / "h200" / "micro" / "micro_dram_loaded.json"
CYC = "gpc__cycles_elapsed.max"
PASSES = 16                  # the second launch of a pair runs 16 passes more than the first


def main(record=RECORD):
    from simgpu.crosscheck import simulate_recorded
    entry = json.loads(Path(record).read_text())["programs"][0]
    measured = [L[CYC] for L in entry["ncu"]["launches"]]
    run = simulate_recorded(entry, "h200")
    simulated = [r.stats["cycles"] for r in run.results]
    print(f"{'kernel':12} {'warps/SM':>8} {'lines in flight':>15} {'H200 cycles/pass':>17} {'simgpu':>7} {'err':>7}")
    for k in range(0, len(measured), 2):
        name, _, block, _ = run.launches[k]
        warps = block[0] // 32
        lines = 132 * warps * (2 if name == "stream_rmw" else 1)
        hw = (measured[k + 1] - measured[k]) / PASSES
        sim = (simulated[k + 1] - simulated[k]) / PASSES
        print(f"{name:12} {warps:8d} {lines:15,d} {hw:17.1f} {sim:7.1f} {sim / hw - 1:+7.1%}")


if __name__ == "__main__":
    main(*sys.argv[1:])
