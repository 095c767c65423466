"""How much of the L2 reads take, and how many stored lines it keeps dirty among
reads: the H200's records of programs/micro/l2_capacity.s beside simgpu's run of
the same launches.

    python3 tools/l2_capacity_figures.py [--config CONFIG] [RECORD ...]

(default: traces/h200/micro/micro_l2_capacity.json and _r2.json, made by
tools/device_l2_capacity.sh; Nsight flushes the caches before each launch.)

cap_read reads F bytes twice: its DRAM read bytes less F are the second pass's
misses, printed as a share of F (0: the L2 kept all F; 1: none). cap_both stores
34.6 MB while other warps read R bytes once, cap_copy copies F bytes: their DRAM
write bytes are the stores written back within the launch, the rest of the
stores stayed dirty. A measurement, not a fit; nothing is written.
"""
import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_l2_capacity{r}.json" for r in ("", "_r2")]
MB = 1e6


def _read_bytes(launch):
    """The bytes a launch reads once (cap_read: a pass), from its recipe's third argument (float4s)."""
    return 16 * int(launch.exprs["args"].strip("()").split(",")[2])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("records", nargs="*")
    ap.add_argument("--config", default="h200")
    a = ap.parse_args(argv)
    paths = [Path(p) for p in a.records] or RECORDS
    missing = [str(p.relative_to(ROOT)) if p.is_relative_to(ROOT) else str(p) for p in paths if not p.exists()]
    if missing:
        sys.exit(f"l2_capacity_figures: no {', '.join(missing)} yet: "
                 "`OUT=... bash tools/device_l2_capacity.sh` on the device makes them")
    from simgpu.crosscheck import simulate_recorded
    from simgpu.recipe import parse_recipe
    whole = [json.loads(p.read_text()) for p in paths]
    records = [r["programs"][0] for r in whole]
    run = simulate_recorded(records[0], a.config)
    recipe = parse_recipe(ROOT / records[0]["program"])
    hw = [e["ncu"]["launches"] for e in records]
    cols = [f"{r['device'].split()[1]} #{k + 1}" for k, r in enumerate(whole)] + [f"simgpu {a.config}"]
    print(f"{'launch':30} {'MB':>6}  " + "".join(f"{c:>12}" for c in cols))
    for k, (launch, res) in enumerate(zip(recipe.launches, run.results)):
        kernel = launch.kernel
        size = _read_bytes(launch)
        rd = [h[k]["dram__bytes_read.sum"] for h in hw] + [res.stats["dram_read_bytes"]]
        wr = [h[k]["dram__bytes_write.sum"] for h in hw] + [res.stats["dram_write_bytes"]]
        if kernel == "cap_read":
            vals = [(r - size) / size for r in rd]
            print(f"{'cap_read: 2nd pass missed':30} {size / MB:6.1f}  " + "".join(f"{v:12.3f}" for v in vals))
        else:
            what = "cap_both: read, written back" if kernel == "cap_both" else "cap_copy: written back"
            print(f"{what:30} {size / MB:6.1f}  " + "".join(f"{v / MB:12.2f}" for v in wr))


if __name__ == "__main__":
    main()
