"""Derive a config's latencies and bandwidths from microbenchmark records.

    python3 tools/calibrate_h200.py [--config h100] RECORD.json [RECORD.json ...]   (or a folder of micro_*.json)

The records are what tools/device_micro.sh has tools/crosscheck_cuda.py write
on the GPU (traces/h200/micro/ on the H200, for h200.toml; traces/h100/micro/
on an H100, for h100.toml): the programs of programs/micro/ run under Nsight
Compute. Every microbenchmark launches the same kernel twice, the second time with twice
the work (chain steps, chase steps, bytes or passes); the difference of the
two launches' Nsight figures is the work added, free of the launch cost,
the prologue and the cold start:

    latency   = (gpc__cycles_elapsed.max of launch 2 - of launch 1) / dependent operations added
    bandwidth = bytes added / (gpu__time_duration.sum of launch 2 - of launch 1)   (DRAM copy)
    L2        = bytes added / cycles added, as sectors per cycle per L2 slice

It prints TOML lines for the config, each value rounded as its
key takes it and followed by a comment that cites the record (file,
program, sizes, launches, the two figures it came from). Nothing is written;
a person copies the lines. Figures without a config key (the shuffle's
latency, IMAD's next to IADD3/LOP3's) are printed as comments.
"""
import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CYC = "gpc__cycles_elapsed.max"
NS = "gpu__time_duration.sum"
# program stem -> [(kernel, operations per step, what, config key or None)]
CHAINS = {
    "latency_fp32": [("lat_fp32", 32, "dependent FFMA", "latency_fp32_cycles")],
    "latency_fp64": [("lat_fp64", 32, "dependent DFMA", "latency_fp64_cycles")],
    "latency_int": [("lat_int_add", 32, "dependent IADD3/LOP3 (add, xor alternating)", "latency_int_cycles"),
                    ("lat_int_mad", 32, "dependent IMAD", None)],
    "latency_sfu": [("lat_sfu_ex2", 32, "dependent MUFU.LG2/EX2", "latency_sfu_cycles"),
                    ("lat_sfu_rsqrt", 32, "dependent MUFU.RSQ", None)],
    "latency_shfl": [("lat_shfl", 32, "dependent SHFL.BFLY (no config key: simgpu charges latency_shared_cycles)",
                      None)],
    "latency_shared": [("lat_shared", 32, "shared-memory pointer chase (LDS)", "latency_shared_cycles")],
}
LEVEL_KEYS = {"l1": "latency_l1_cycles", "l2": "latency_l2_cycles", "dram": "latency_dram_cycles"}


@dataclass
class Figure:
    key: str            # config key, or "" for a comment-only figure
    value: float        # in the key's unit
    text: str           # what was measured, with its unit
    cite: str           # record, program, sizes, launches, the figures used


def load_records(paths):
    """(path, record) for each record file; a folder contributes its micro_*.json."""
    out = []
    for p in map(Path, paths):
        files = sorted(p.glob("micro_*.json")) if p.is_dir() else [p]
        for f in files:
            try:
                out.append((f, json.loads(f.read_text())))
            except (OSError, ValueError) as e:
                raise SystemExit(f"cannot read the record {f}: {e}")
    if not out:
        raise SystemExit("no records given (micro_*.json from tools/device_micro.sh)")
    return out


def _rel(path):
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def _pair(entry, kernel, metric):
    """The metric of the first two launches of `kernel` in the entry's Nsight counters."""
    runs = [L for L in entry["ncu"]["launches"] if L.get("kernel") == kernel]
    idx = [k for k, L in enumerate(entry["ncu"]["launches"]) if L.get("kernel") == kernel]
    if len(runs) < 2 or runs[0].get(metric) is None or runs[1].get(metric) is None:
        raise ValueError(f"needs two launches of {kernel} with {metric}")
    return runs[0][metric], runs[1][metric], (idx[0] + 1, idx[1] + 1)


def _cite(path, record, entry, launches, metric, a, b):
    sizes = " ".join(f"{k}={v}" for k, v in entry["sizes"].items())
    return (f"{_rel(path)}: {entry['program']} {sizes}, launches {launches[0]} and {launches[1]}, "
            f"{metric} {a:,.0f} -> {b:,.0f}; {record.get('device', '?')}, {str(record.get('date', '?'))[:10]}")


def derive(records, l2_slices):
    """Figures from every microbenchmark entry in the records; problems as strings."""
    figs, problems = [], []
    for path, record in records:
        for entry in record.get("programs", []):
            stem = Path(entry.get("program", "")).stem
            if "error" in entry or "launches" not in entry.get("ncu", {}):
                problems.append(f"{_rel(path)}: {entry.get('program')}: no Nsight counters "
                                f"({entry.get('error') or entry.get('ncu', {}).get('error', 'not collected')[:200]})")
                continue
            if any(not c["passed"] for c in entry.get("checks", [])):
                problems.append(f"{_rel(path)}: {entry['program']}: its check failed on the GPU; not used")
                continue
            try:
                figs += _entry_figures(path, record, entry, stem, l2_slices)
            except (ValueError, KeyError) as e:
                problems.append(f"{_rel(path)}: {entry.get('program')}: {e}")
    return figs, problems


def _entry_figures(path, record, entry, stem, l2_slices):
    sz = entry["sizes"]
    if stem in CHAINS:
        out = []
        for kernel, per_step, what, key in CHAINS[stem]:
            a, b, launches = _pair(entry, kernel, CYC)
            lat = (b - a) / (per_step * sz["steps"])
            out.append(Figure(key or "", lat, f"{what}: {lat:.2f} cycles",
                              _cite(path, record, entry, launches, CYC, a, b)))
        return out
    if stem == "latency_global":
        level = sz.get("level")
        if level not in LEVEL_KEYS:
            raise ValueError(f"level {level!r} is not one of {', '.join(LEVEL_KEYS)}")
        n, stride, steps = sz["n"], sz["stride"], sz["steps"]
        ring = n // math.gcd(n, stride)
        if level != "dram" and steps < ring:
            raise ValueError(f"level {level}: {steps} steps do not go once around the {ring}-link chain, "
                             "so the added steps are not all hits")
        if level == "dram" and 2 * steps > ring:
            raise ValueError(f"level dram: {2 * steps} steps come back around the {ring}-link chain")
        a, b, launches = _pair(entry, "chase", CYC)
        lat = (b - a) / steps
        return [Figure(LEVEL_KEYS[level], lat, f"{level.upper()} load-to-use latency (pointer chase, "
                       f"{8 * n:,} B footprint, {8 * stride} B per step): {lat:.1f} cycles",
                       _cite(path, record, entry, launches, CYC, a, b))]
    if stem == "bandwidth_copy":
        a, b, launches = _pair(entry, "copy_v4", NS)
        gbs = 8 * sz["n"] / (b - a)                     # bytes per ns = GB/s
        return [Figure("dram_bandwidth_gbs", gbs, f"achieved copy bandwidth, read + write: {gbs:,.0f} GB/s "
                       "(simgpu's channels deliver their configured bandwidth, so the achieved figure is the one "
                       "to configure)", _cite(path, record, entry, launches, NS, a, b))]
    if stem == "bandwidth_l2":
        a, b, launches = _pair(entry, "read_l2", CYC)
        bpc = 4 * sz["n"] * sz["passes"] / (b - a)
        spc = bpc / 32 / l2_slices
        return [Figure("l2_slice_sectors_per_cycle", spc, f"L2 read bandwidth: {bpc:,.0f} B/cycle over "
                       f"{l2_slices} slices", _cite(path, record, entry, launches, CYC, a, b))]
    return []


def toml_lines(figs, problems):
    """The lines to paste: one per config key (the first record's figure; any other for the same key as a
    comment), then comment-only figures and the problems."""
    lines = ["# calibrated from the microbenchmarks (programs/micro/) by tools/calibrate_h200.py"]
    seen = set()
    for f in figs:
        if not f.key:
            continue
        if f.key in seen:
            lines.append(f"# also {f.key}: {f.text} ({f.cite})")
            continue
        seen.add(f.key)
        v = round(f.value, 2) if f.key == "l2_slice_sectors_per_cycle" else int(round(f.value))
        lines.append(f"{f.key} = {v}  # meas: {f.text} ({f.cite})")
    for f in figs:
        if not f.key:
            lines.append(f"# {f.text} ({f.cite})")
    wanted = set(LEVEL_KEYS.values()) | {"latency_fp32_cycles", "latency_fp64_cycles", "latency_int_cycles",
                                        "latency_sfu_cycles", "latency_shared_cycles", "dram_bandwidth_gbs",
                                        "l2_slice_sectors_per_cycle"}
    for key in sorted(wanted - seen):
        lines.append(f"# {key}: no record")
    lines += [f"# not used: {p}" for p in problems]
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records", nargs="+", help="record files, or folders of micro_*.json")
    ap.add_argument("--config", default="h200", help="config whose l2_slices divides the L2 bandwidth (default h200)")
    ns = ap.parse_args(argv)
    from simgpu.config import load_config
    from simgpu.errors import SimgpuError
    try:
        slices = load_config(ns.config)["l2_slices"]
    except SimgpuError as e:
        raise SystemExit(str(e))
    figs, problems = derive(load_records(ns.records), slices)
    print("\n".join(toml_lines(figs, problems)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
