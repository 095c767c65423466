"""Which warps a scheduler issues first, on the H200 and in simgpu
(programs/micro/issue_age.s and the block-clock records).

    python3 tools/issue_age_figures.py [RECORD ...] [--config CONFIG]

(default: traces/h200/micro/same_pass_issue_age.json.gz, made by
`tools/device_block_clock.sh issue_age`, and the block-clock records whose
kernels contend for their SMs: block_clock.s's scan_clock and
block_smem_clock.s's mmb_clock.) Per launch and per rank r, the r-th block to
start on its SM: its start and its end (its last warp's), medians over the
SMs, on the SM's own clock from its first block's start. With the oldest
block's warps issued first, ranks end one after another in the order they
started; with every warp in turn, an SM's blocks of one wave end together.
Then simgpu's run of the same launches (ptxas lowering; config h200 or
--config's). Nothing is written.
"""
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
from block_clock_figures import LAUNCHES, MICRO, blocks, record_and_run, unwrap  # noqa: E402

LAUNCHES = {**LAUNCHES, "issue_age": [("a0", 3, 4, 16), ("a1", 3, 32, 2), ("a2", 3, 4, 16), ("a3", 3, 4, 1),
                                     ("a4", 3, 8, 1)]}
# (record, launches to show); the block-clock records' spinning launches do not contend
RECORDS = [(MICRO / "same_pass_issue_age.json.gz", None),
           (MICRO / "same_pass_block_clock.json.gz", [5]),
           (MICRO / "same_pass_block_smem_clock.json.gz", [6])]
RANKS = 16


def ranks(values, words, wpb):
    """Per rank on an SM (blocks in the order they started there): the starts and the ends."""
    sm, start, end, _ = blocks(values, words, wpb)
    out = {}
    for s in np.unique(sm):
        k = np.flatnonzero(sm == s)
        ref = start[k].min()
        b_start = (unwrap(start[k], ref) - ref).min(1)
        b_end = (unwrap(end[k], ref) - ref).max(1)
        for r, j in enumerate(np.argsort(b_start, kind="stable")):
            out.setdefault(r, []).append((b_start[j], b_end[j]))
    return {r: np.asarray(v) for r, v in out.items()}


def show(who, cycles, by_rank):
    cells = [f"{np.median(v[:, 0]):6.0f} {np.median(v[:, 1]):6.0f}" for r, v in sorted(by_rank.items())[:RANKS]]
    print(f"    {who:7} kernel {cycles:>8,.0f}  rank: start end (medians)")
    for i in range(0, len(cells), 8):
        print(f"    {'':7} {'':15} " + "  ".join(f"{r:2d}: {c}" for r, c in enumerate(cells[i:i + 8], i)))


def figures_of(path, only, config):
    record, name, _, run = record_and_run(path, config)
    for k, (buf, words, wpb, bps) in enumerate(LAUNCHES[name]):
        if only is not None and k not in only:
            continue
        print(f"  {run.results[k].kernel.name} {buf}: blocks of {wpb} warps, {bps} an SM")
        for p, one in enumerate(record["passes"]):
            show(f"H200 {p + 1}", one["launches"][k]["gpc__cycles_elapsed.max"],
                 ranks(one["buffers"][buf], words, wpb))
        show("simgpu", run.results[k].stats["cycles"], ranks(np.asarray(run.buffers[buf]).ravel(), words, wpb))


def main(argv):
    config = "h200"
    if "--config" in argv:
        k = argv.index("--config")
        config, argv = argv[k + 1], argv[:k] + argv[k + 2:]
    for path, only in [(Path(a), None) for a in argv] or [r for r in RECORDS if r[0].exists()]:
        figures_of(path, only, config)


if __name__ == "__main__":
    main(sys.argv[1:])
