"""What a warp's loads in flight cost, on the H200 and in simgpu
(programs/micro/inflight_clock.s).

    python3 tools/inflight_figures.py [RECORD ...] [--sim]

(default: traces/h200/micro/micro_inflight_clock*.json, made by
tools/device_transpose_clock.sh). Per launch: N loads a warp a pass from
DRAM (new lines each pass), the L2 (ld.global.cg of the same lines) or the
L1 (ld.global of the same lines), on 1 to 16 warps of one SM; the cycles a
pass over passes 3 to the last of every warp (p10, p50, mean, p90), and
the p50's step per load added against N = 1 of the same level. `--sim`:
simgpu's figures alone. Nothing is written.
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dram_clock_figures import ROOT, clock_record  # noqa: E402

PROGRAM = ROOT / "programs" / "micro" / "inflight_clock.s"
RECORDS = sorted((ROOT / "traces" / "h200" / "micro").glob("micro_inflight_clock*.json*"))


def launches(recipe, sizes):
    """(label, lat buffer name, N, level, warps) of each launch but the check's repeat."""
    from simgpu.recipe import prepare
    out = []
    for L, (kernel, grid, block, args, _) in zip(recipe.launches, prepare(recipe, sizes)[3]):
        words = [w.strip() for w in L.exprs["args"].strip("() ").split(",")]
        n, reuse = int(kernel[2:]), words[4] == "1"
        level = "DRAM" if not reuse else ("L2" if kernel.startswith("cg") else "L1")
        warps = int(np.prod(grid)) * int(np.prod(block)) // 32
        if words[-1] != "lz":
            out.append((f"{level:4} N={n:<2} {warps:2} warp{'s' if warps > 1 else ' '}", words[-1], n, level, warps))
    return out


def passes_of(buf, passes):
    return np.asarray(buf, dtype=np.int64).ravel().reshape(-1, passes + 1)[:, 3:]


def table(columns, recipe, sizes, launches_of=None):
    """columns: {who: buffers}; launches_of(recipe, sizes): the launches'
    (label, lat buffer, N, level, warps), `launches` by default (the step per
    load is against N = 1 of the same level on one warp)."""
    passes = int(sizes["passes"])
    base = {}
    print(f"  {'':19}" + "".join(f" {who + ' p10 p50 mean p90':>29} {'/load':>6}" for who in columns))
    for label, name, n, level, warps in (launches_of or launches)(recipe, sizes):
        cells = []
        for who, bufs in columns.items():
            s = passes_of(bufs[name], passes)
            p10, p50, p90 = np.percentile(s, [10, 50, 90])
            if n == 1 and warps == 1:
                base[(who, level)] = p50
            b = base.get((who, level))
            step = f"{(p50 - b) / (n - 1):6.1f}" if b is not None and n > 1 else f"{'':6}"
            cells.append(f" {p10:7.0f} {p50:6.0f} {s.mean():7.1f} {p90:6.0f} {step}")
        print(f"  {label:19}" + "".join(cells))


def main(argv):
    from simgpu.recipe import parse_recipe, run_recipe
    if argv[:1] == ["--sim"]:
        recipe = parse_recipe(PROGRAM)
        sizes = {"passes": "32"}
        run = run_recipe(recipe, sizes, config="h200", lower="ptxas")
        print("simgpu alone (h200), passes = 32: cycles a pass")
        table({"simgpu": run.buffers}, recipe, sizes)
        return
    for path in argv or RECORDS:
        record, entry, recipe, _, run = clock_record(path)
        sizes = {k: str(v) for k, v in entry["sizes"].items()}
        print(f"{Path(path).name}: {record['device']}, {record['date'][:16]}: cycles a pass")
        table({"H200": record["kept"]["buffers"], "simgpu": run.buffers}, recipe, sizes)


if __name__ == "__main__":
    main(sys.argv[1:])
