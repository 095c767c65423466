"""DRAM answer time under load, from the H200 record of programs/micro/dram_loaded.s.

    python3 tools/dram_load_figures.py [RECORD ...]

(default: the records of programs/micro/dram_loaded.s (twice), dram_causes.s and
dram_spread.s; stream_read_sector's "lines" are sectors)

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
RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_{p}.json"
           for p in ("dram_loaded", "dram_loaded_repeat", "dram_causes", "dram_spread")]
# lines a warp loads and stores a pass, by kernel
LINES = {"stream_rmw": (2, 1), "stream_read": (1, 0), "stream_axpy_to": (2, 1), "stream_read2": (2, 0),
         "stream_write": (0, 1), "stream_read_sector": (1, 0)}
CYC = "gpc__cycles_elapsed.max"


def main(*records):
    for record in records or RECORDS:
        figures(record)


def figures(record):
    from simgpu.crosscheck import simulate_recorded
    entry = json.loads(Path(record).read_text())["programs"][0]
    measured = [L[CYC] for L in entry["ncu"]["launches"]]
    from simgpu.recipe import parse_recipe, prepare
    sizes = {k: str(v) for k, v in entry["sizes"].items()}
    n = [args[-1] for _, _, _, args, _ in prepare(parse_recipe(ROOT / entry["program"]), sizes)[3]]
    run = simulate_recorded(entry, "h200")
    simulated = [r.stats["cycles"] for r in run.results]
    print(Path(record).name)
    print(f"{'kernel':14} {'blocks':>6} {'warps/SM':>8} {'lines a pass':>12} {'H200 cycles/pass':>17} {'simgpu':>7} {'err':>7}")
    for k in range(0, len(measured), 2):
        name, grid, block, _ = run.launches[k]
        passes = (n[k + 1] - n[k]) // (grid[0] * block[0])      # passes more in the second launch
        warps = block[0] // 32
        lines = grid[0] * warps * (LINES[name][0] or LINES[name][1])     # loads, or stores where none
        hw = (measured[k + 1] - measured[k]) / passes
        sim = (simulated[k + 1] - simulated[k]) / passes
        print(f"{name:14} {grid[0]:6d} {warps:8d} {lines:12,d} {hw:17.1f} {sim:7.1f} {sim / hw - 1:+7.1%}")


if __name__ == "__main__":
    main(*sys.argv[1:])
