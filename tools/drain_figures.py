"""Derive `store_ack_cycles` from the H200 records of lone warps that end with one store.

    python3 tools/drain_figures.py [traces/h200/micro]

An exited warp waits in Nsight Compute's `drain` state until its stores are
done. The records of programs/micro/fetch_start.s and fetch_cold.s
(micro_fetch_start.json, micro_fetch.json; `tools/crosscheck_cuda.py --ncu`)
hold launches of ONE warp per SM whose last instruction before EXIT is a
single 128-byte store (4 sectors, one line): their drain warp-cycles per warp

    smsp__average_warps_issue_stalled_drain_per_issue_active x smsp__inst_executed.sum / warps

are 18-22 cycles, far less than an L2 round trip (about 290): a warp's drain
ends when its stores have left the SM, not when the L2 answers. simgpu models
it so (simgpu/timing/requests.py): a store is done `store_ack_cycles` after its
last 32-byte beat left the SM's store path. This script simulates the same
launches with store_ack_cycles = 0 and prints the difference of the medians,
measured minus simulated, as the config line (drain grows one for one with the
figure for a lone warp); nothing is written.
"""
import json
import math
import statistics
import sys
from pathlib import Path
from types import MappingProxyType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORDS = ROOT / "traces" / "h200" / "micro"
DRAIN = "smsp__average_warps_issue_stalled_drain_per_issue_active.ratio"
INST = "smsp__inst_executed.sum"


def lone_warps(folder):
    """(program, launch index, measured drain per warp) of the one-warp-per-SM launches."""
    out = []
    for name in ("micro_fetch_start.json", "micro_fetch.json"):
        record = json.loads((Path(folder) / name).read_text())
        for p in record["programs"]:
            for i, (L, m) in enumerate(zip(p["launches"], p["ncu"]["launches"])):
                if math.prod(L["block"]) == 32:
                    warps = math.prod(L["grid"])
                    out.append((p["program"], p.get("sizes", {}), i, m[DRAIN] * m[INST] / warps))
    return out


def figures(folder=RECORDS):
    from simgpu.config import load_config
    from simgpu.recipe import parse_recipe, run_recipe
    cfg = MappingProxyType({**load_config("h200"), "store_ack_cycles": 0})
    pts = lone_warps(folder)
    sims = {}
    for prog, sizes in {(p, json.dumps(s)) for p, s, _, _ in pts}:
        run = run_recipe(parse_recipe(ROOT / prog), json.loads(sizes), config=cfg, lower="ptxas")
        sims[prog] = [r.stats["stall_cycles"].get("drain", 0) / r.stats["warps"] for r in run.results]
    sim = [sims[p][i] for p, _, i, _ in pts]
    measured = [d for *_, d in pts]
    return {"measured": measured, "simulated_at_0": sim,
            "store_ack_cycles": round(statistics.median(measured) - statistics.median(sim)), "launches": len(pts)}


def main(argv):
    f = figures(Path(argv[1]) if len(argv) > 1 else RECORDS)
    print(f"drain per lone warp after one 4-sector store: measured {min(f['measured']):.1f}-{max(f['measured']):.1f} "
          f"(median {statistics.median(f['measured']):.1f}) over {f['launches']} launches; simulated with "
          f"store_ack_cycles = 0: median {statistics.median(f['simulated_at_0']):.1f}")
    print(f"store_ack_cycles = {f['store_ack_cycles']}                 # meas: an exited warp's drain ends this long "
          f"after its last store left the SM's store path: lone warps ending with one 128-byte store drain "
          f"{min(f['measured']):.0f}-{max(f['measured']):.0f} cycles on the H200 (traces/h200/micro/micro_fetch_start.json "
          f"and micro_fetch.json, {f['launches']} launches; tools/drain_figures.py), not an L2 round trip")


if __name__ == "__main__":
    main(sys.argv)
