"""What a warp's loads that hit the L2 cost it, plain against .cg, on the
H200 and in simgpu (programs/micro/l2_inflight.s).

    python3 tools/l2_inflight_figures.py [RECORD ...] [--sim]

(default: traces/h200/micro/micro_l2_inflight*.json.gz, made by
`OUT=... bash tools/device_clock_record.sh l2_inflight la,lb,lc,ld,le,lf,lg,lh,li,lj`
and gzipped). Per launch (N loads a pass, plain ld.global or .cg, all L2
hits, on 1 to 16 warps of one SM): the cycles a pass over passes 3 to the
last of every warp (p10, p50, mean, p90) and the p50's step per load added
against N = 1 of the same kind on one warp. `--sim`: simgpu's figures
alone. Nothing is written.
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dram_clock_figures import ROOT, clock_record  # noqa: E402
from inflight_figures import table as inflight_table  # noqa: E402

PROGRAM = ROOT / "programs" / "micro" / "l2_inflight.s"
RECORDS = sorted((ROOT / "traces" / "h200" / "micro").glob("micro_l2_inflight*.json*"))


def launches(recipe, sizes):
    """(label, lat buffer, N, kind, warps) of each launch but the check's repeat."""
    from simgpu.recipe import prepare
    out = []
    for L, (kernel, grid, block, _, _) in zip(recipe.launches, prepare(recipe, sizes)[3]):
        buf = L.exprs["args"].strip("() ").split(",")[-1].strip()
        warps = int(np.prod(grid)) * int(np.prod(block)) // 32
        kind, n = kernel[2:4], int(kernel[4:])
        if buf != "lz":
            out.append((f"{'plain' if kind == 'ld' else '.cg':5} N={n:<2} {warps:2} warp{'s' if warps > 1 else ' '}",
                        buf, n, kind, warps))
    return out


def main(argv):
    from simgpu.recipe import parse_recipe, run_recipe
    if argv[:1] == ["--sim"] or not (argv or RECORDS):
        recipe = parse_recipe(PROGRAM)
        sizes = {"passes": "32"}
        run = run_recipe(recipe, sizes, config="h200", lower="ptxas")
        print("simgpu alone (h200), passes = 32: cycles a pass")
        inflight_table({"simgpu": run.buffers}, recipe, sizes, launches)
        return
    for path in argv or RECORDS:
        record, entry, recipe, _, run = clock_record(path)
        sizes = {k: str(v) for k, v in entry["sizes"].items()}
        print(f"{Path(path).name}: {record['device']}, {record['date'][:16]}: cycles a pass")
        inflight_table({"H200": record["kept"]["buffers"], "simgpu": run.buffers}, recipe, sizes, launches)


if __name__ == "__main__":
    main(sys.argv[1:])
