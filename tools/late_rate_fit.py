"""`dram_late_permil` against three kinds of record that time late DRAM answers.

    python3 tools/late_rate_fit.py [--draws N] [PERMIL ...]      (default: 50 70 85 99)

Three kinds of clock record see a late DRAM answer (memory/hierarchy.py
late_fill), and the share of windows blocked is fitted to all three:
  streams   one line a warp a pass (dram_clock.s's sums on 1x1 to 132x32
            warps, gather_clock.s's gather1 on 1 and 132 SMs: a warp reads
            the next line of its chunk each pass): the share of passes 3..
            more than 250 cycles past the launch's median pass
            (tools/late_window_figures.py);
  blocks    transpose_clock.s (transpose_smem's 8 warps a block, each with 4
            lines in flight, 32 lines a block read at once, n = 256 and 512):
            the share of warps whose loads came more than 250 cycles after
            their block's median warp's (tools/transpose_clock_figures.py);
  steps     matmul_clock.s (matmul_naive's steps of 8 loads, each waiting for
            about four chunks' fills, mostly other warps'): the share of
            steps 3.. past 920 cycles, in the three runs of
            traces/h200/micro/same_pass_matmul_clock.json.gz (the runs ncu
            timed: tools/record_same_pass.py; the clock records' extra runs
            had 30-34%, these 18-27%).
For each value, simgpu (h200 with that `dram_late_permil`) runs every
record's launches; the table gives each launch's share next to the H200's
and the mean difference in points per kind, over every launch, and over
the kinds (each kind's mean weighted alike). With --draws N, simgpu's share
of each launch is the mean over N draws of the late windows (dram_late_seed
0..N-1, as `simgpu compare --draws`): one draw's share of late steps moves
by several points from draw to draw. Nothing is written.
"""
import gzip
import json
import sys
from pathlib import Path
from types import MappingProxyType

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dram_clock_figures import ROOT, clock_record  # noqa: E402
from late_window_figures import LATE, STREAMS, excess, launches  # noqa: E402
from matmul_clock_figures import steps  # noqa: E402
from dram_clock_figures import LATE as STEP_LATE  # noqa: E402
from transpose_clock_figures import RECORDS as BLOCKS, late_share, phases  # noqa: E402


SAME_PASS_STEPS = ROOT / "traces" / "h200" / "micro" / "same_pass_matmul_clock.json.gz"


def shares(config):
    """[(kind, label, H200 share, simgpu share)] over every record."""
    from simgpu.crosscheck import simulate_recorded
    out = []
    for path in STREAMS:
        for kernel, blocks, warps, bufs in launches(path, config):
            if kernel in ("stream_clock", "gather1"):
                out.append(("streams", f"{path.name[6:26]} {kernel} {blocks}x{warps}",
                            excess(bufs["H200"])[0], excess(bufs["simgpu"])[0]))
    for path in BLOCKS:
        record, entry, _, _, _ = clock_record(path, simulate=False)
        run = simulate_recorded(entry, config)
        out.append(("blocks", f"{path.name[6:30]} n={entry['sizes']['n']}",
                    late_share(phases(record["kept"]["buffers"]["lat"])[0]), late_share(phases(run.buffers["lat"])[0])))
    # the steps from the runs ncu timed (tools/record_same_pass.py): the clock records' extra runs, the L2
    # flushed by a 256 MB read just before, had 30-34% of matmul_clock's steps late, these 18-27%
    raw = json.loads(gzip.decompress(SAME_PASS_STEPS.read_bytes()))
    entry = {"program": raw["program"], "sizes": raw["sizes"]}
    run = simulate_recorded(entry, config)
    n = int(entry["sizes"].get("n", 256))
    sim = float((steps(run.buffers["lat"], n)[:, 2:] > STEP_LATE).mean())
    for k, one in enumerate(raw["passes"]):
        hw = steps(one["buffers"]["lat"], n)[:, 2:]
        out.append(("steps", f"same_pass_matmul_clock pass {k + 1} n={n}", float((hw > STEP_LATE).mean()), sim))
    return out


def mean_shares(config, draws):
    """shares() with simgpu's share the mean over draws 0..draws-1 of the late windows."""
    runs = [shares(MappingProxyType(config | {"dram_late_seed": d})) for d in range(draws)]
    return [(kind, label, hw, float(np.mean([r[k][3] for r in runs]))) for k, (kind, label, hw, _) in enumerate(runs[0])]


def main(argv):
    from simgpu.config import load_config
    draws = 1
    if "--draws" in argv:
        k = argv.index("--draws")
        draws, argv = int(argv[k + 1]), argv[:k] + argv[k + 2:]
    values = [float(v) for v in argv] or [50, 70, 85, 99]
    base = dict(load_config("h200"))
    table = {v: mean_shares(base | {"dram_late_permil": v}, draws) for v in values}
    first = table[values[0]]
    print(f"share of passes (streams) or warps (blocks) more than {LATE} cycles late; simgpu ({draws} draw(s)) at "
          f"dram_late_permil =")
    print(f"  {'':8} {'':44} {'H200':>6} " + " ".join(f"{v:6g}" for v in values))
    for k, (kind, label, hw, _) in enumerate(first):
        print(f"  {kind:8} {label:44} {hw:6.1%} " + " ".join(f"{table[v][k][3]:6.1%}" for v in values))
    kinds = ("streams", "blocks", "steps")
    per = {kind: [np.mean([abs(s - h) for kd, _, h, s in table[v] if kd == kind]) * 100 for v in values]
           for kind in kinds}
    per["every launch"] = [np.mean([abs(s - h) for _, _, h, s in table[v]]) * 100 for v in values]
    per["the kinds"] = [np.mean([per[kind][i] for kind in kinds]) for i in range(len(values))]
    for name, errs in per.items():
        print(f"  mean |simgpu - H200|, {name:12} (points)" + " " * 15 + " ".join(f"{e:6.2f}" for e in errs))


if __name__ == "__main__":
    main(sys.argv[1:])
