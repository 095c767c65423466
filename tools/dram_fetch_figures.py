"""How many bytes a DRAM read moves on the H200: for every recorded launch
that missed in the L2, Nsight Compute's DRAM read bytes against the L2's
missed lookups (`lts__t_sectors_srcunit_tex.sum` less `_lookup_hit`) x 32.

    python3 tools/dram_fetch_figures.py [--min-kb 100] [--all]

A ratio of 1 is every missed sector read alone, or with the other sector of
its pair also missed (a warp reading whole lines: both are asked for before
either comes); 2 is each miss reading its 64-byte pair, the other sector
then found in the L2 (a warp reading one sector a line: sector_clock.s,
the pointer chases of latency_global.s and latency_dist.s, spmv_ell). The
driver's CU_LIMIT_MAX_L2_FETCH_GRANULARITY, 64 on the H200 here
(traces/h200/limits.json, tools/probe_device_limits.py), says the same:
simgpu's `dram_fetch_bytes` (memory/hierarchy.py l2_sector). Below 1: the
L2 held lines from an earlier launch or from the front end's reads (small
launches). Only launches whose misses pass --min-kb are listed, and only
those off 1 by more than 8% unless --all.
A measurement, not a fit: nothing is written.
"""
import argparse
import gzip
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load(path):
    return json.loads(gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_text())


def rows(min_bytes):
    """(record, program, kernel, missed bytes, DRAM read bytes) of every launch with both counters."""
    paths = sorted((ROOT / "traces/h200").glob("*.json")) + sorted((ROOT / "traces/h200/micro").glob("*.json*"))
    for path in paths:
        record = load(path)
        for prog in record.get("programs", []) if isinstance(record, dict) else []:
            launches = prog.get("ncu", {}).get("launches", []) if isinstance(prog, dict) else []
            for hw in launches:
                tex, hit = hw.get("lts__t_sectors_srcunit_tex.sum"), hw.get("lts__t_sectors_srcunit_tex_lookup_hit.sum")
                dram = hw.get("dram__bytes_read.sum")
                if tex is None or hit is None or not dram or (tex - hit) * 32 < min_bytes:
                    continue
                yield path.name, Path(prog["program"]).name, hw.get("kernel", "?"), (tex - hit) * 32, dram


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min-kb", type=float, default=100)
    ap.add_argument("--all", action="store_true", help="every launch, not only those off 1 by more than 8%%")
    a = ap.parse_args()
    near_one = 0
    print(f"{'record':34} {'program':22} {'kernel':20} {'missed MB':>9} {'DRAM MB':>9} {'ratio':>6}")
    for rec, prog, kernel, missed, dram in rows(a.min_kb * 1000):
        r = dram / missed
        if not a.all and abs(r - 1) <= 0.08:
            near_one += 1
            continue
        print(f"{rec[:34]:34} {prog[:22]:22} {kernel[:20]:20} {missed / 1e6:9.2f} {dram / 1e6:9.2f} {r:6.2f}")
    if not a.all:
        print(f"(and {near_one} launches within 8% of 1)")


if __name__ == "__main__":
    main()
