"""Each pass of a streaming warp, timed on the H200 and in simgpu
(programs/micro/dram_clock.s).

    python3 tools/dram_clock_figures.py [RECORD ...]

(default: traces/h200/micro/micro_dram_clock.json.gz and _r2.json.gz, made by
tools/device_dram_clock.sh and gzipped). Each record's `kept` buffers hold, per warp, the
cycles of each of its passes (a grid-stride loop's period: one line's DRAM
answer a warp a pass, or two and a store for the read-modify-write); the
script prints their spread over the warps' passes 3 to the last (the first
two fill the pipes), the mean of a warp's whole loop and the slowest warp's,
next to simgpu's (the h200 config, the same launches and inputs). A
measurement of what the DRAM model does and does not reproduce; nothing is
written.
"""
import gzip
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORDS = [ROOT / "traces" / "h200" / "micro" / f"micro_dram_clock{r}.json.gz" for r in ("", "_r2")]
LATE = 920           # cycles: past both partitions' DRAM answers (latency_dist_figures.py's split)


def per_pass(buffers, launches, passes):
    """{launch label: (warps x passes) cycles}, from the lat buffers in launch order."""
    out = {}
    for kernel, grid, block, name in launches:
        lat = np.asarray(buffers[name], dtype=np.int64).reshape(-1, passes + 1)[:, 1:]
        out[f"{kernel.replace('_clock', '')} {grid}x{block // 32}"] = lat
    return out


def row(label, a):
    s = a[:, 2:]
    sums = a.sum(axis=1)
    p5, p50, p95, p99 = np.percentile(s, [5, 50, 95, 99])
    return (f"  {label:8} {p5:6.0f} {p50:6.0f} {s.mean():7.1f} {p95:6.0f} {p99:6.0f} {(s > LATE).mean():6.1%}"
            f" {sums.mean() / a.shape[1]:8.1f} {sums.max() / a.shape[1]:8.1f}")


def config_and_records(argv):
    """(the --config CONFIG value, default h200; the other arguments: the records)."""
    if "--config" in argv:
        k = argv.index("--config")
        return argv[k + 1], argv[:k] + argv[k + 2:]
    return "h200", argv


def clock_record(path, simulate=True, config="h200"):
    """A clock micro's record (gzipped or not), its recipe, the lat buffer
    each launch writes (its last argument), and simgpu's run of it (on
    config; None with simulate=False)."""
    from simgpu.crosscheck import simulate_recorded
    from simgpu.recipe import parse_recipe
    raw = Path(path).read_bytes()
    record = json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)
    entry = record["programs"][0]
    recipe = parse_recipe(ROOT / entry["program"])
    names = [L.exprs["args"].strip("() ").split(",")[-1].strip() for L in recipe.launches]
    return record, entry, recipe, names, simulate_recorded(entry, config) if simulate else None


def figures(path):
    from simgpu.recipe import prepare
    record, entry, recipe, names, run = clock_record(path)
    passes = int(entry["sizes"]["passes"])
    sizes = {k: str(v) for k, v in entry["sizes"].items()}
    launches = [(k, int(np.prod(g)), int(np.prod(b)), name)
                for (k, g, b, _, _), name in zip(prepare(recipe, sizes)[3], names)]
    hw = per_pass(record["kept"]["buffers"], launches, passes)
    sim = per_pass({k: np.asarray(v).ravel() for k, v in run.buffers.items()}, launches, passes)
    print(f"{Path(path).name}: {record['device']}, {record['date'][:16]}, {passes} passes a warp; "
          f"cycles a pass over passes 3-{passes} of every warp, then a warp's whole loop / passes")
    print(f"  {'':18} {'p5':>6} {'p50':>6} {'mean':>7} {'p95':>6} {'p99':>6} {'>' + str(LATE):>6} "
          f"{'warp avg':>8} {'slowest':>8}")
    for label in hw:
        print(row(label + " H200", hw[label]))
        print(row(label + " simgpu", sim[label]))


def main(*records):
    for r in records or RECORDS:
        figures(r)


if __name__ == "__main__":
    main(*sys.argv[1:])
