"""Mixed memory instructions on one SM: traces/h200/mio_mix.json against simgpu.

    python3 tools/mio_mix_figures.py [--write-ptx] [CASE ...] [--set key=value ...]

The record (tools/measure_mio_mix.py) has one block per SM of 4, 8 or 32
warps, each warp passing 512 shared loads, shared stores, L1-hit global
loads or 4-byte cp.async copies, in one warp (`a,b`: slot j of the 8 an
iteration takes the pattern's j-th op) or in even and odd warps (`a|b`) or
the block's halves (`a^b`). This compiles the record's CUDA source of each
case (`nvcc -ptx -arch=sm_90 -O3`; tests/mio/mio_mix.ptx holds the result,
rewritten by --write-ptx), runs one block on simgpu's h200 config
(ptxas lowering, the binary's 32 registers, a warm instruction cache) and
prints, per launch, the ops an SM passes a cycle (the block's clock64 span)
on the H200 and on simgpu, the warp instructions, and the warp states per
instruction that either puts above 0.5.

What it showed (2026-12-05): the SM's shared and global accesses share one
data stage (`lds32,ldg32`: 0.88 a cycle, each alone 0.94); a copy holds it
1.4 cycles more than its global read's lines (`cpa4`, `cpa8`, `cpa16`: 0.40,
0.28, 0.20); ptxas's three never-executed LDS before
an LDGSTS that follows an LDS pass through it as loads do (`cpa4,lds32`:
0.30, 5.3 L1TEX requests a pair). In the `lds32|ldg32` and `lds32^ldg32`
cases ptxas predicates the if/else inside the loop (both sides issue, the
one no lane takes included: 2.03 requests an access), and so does simgpu's
lowering since its if/else rule (ptx/lower.py if_convert, 2026-12-05):
-48%/-24%/+79% -> -28%/-6%/+10% on 4, 8, 32 warps. The other `|` and `^`
cases are branches in both, each side's block list-scheduled as ptxas
does (ptx/unroll.py schedule_loop_blocks: its 8 loads first, then their
adds): 44-70% slow on 4 and 8 warps before, the 21 `|`/`^` launches 11.0%
off on average now.
"""
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from types import MappingProxyType

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
import measure_mio_mix as M  # noqa: E402

RECORD = ROOT / "traces" / "h200" / "mio_mix.json"
PTX = ROOT / "tests" / "mio" / "mio_mix.ptx"
STATES = ("mio_throttle", "short_scoreboard", "long_scoreboard", "lg_throttle", "not_selected", "wait")


def write_ptx():
    with tempfile.TemporaryDirectory() as d:
        cu = Path(d) / "mix.cu"
        cu.write_text("\n".join(M.source(c, M.kernel_name(c)) for c in M.CASES))
        subprocess.run(["nvcc", "-ptx", "-arch=sm_90", "-O3", "-w", str(cu), "-o", str(PTX)], check=True)
    PTX.write_text("// made by tools/mio_mix_figures.py --write-ptx: tools/measure_mio_mix.py's kernels "
                   "(nvcc -ptx -arch=sm_90 -O3)\n" + PTX.read_text())


def simulate(ptx, case, warps, cfg):
    """(ops an SM passes a cycle, warp instructions, {state: warp-cycles an instruction}) on simgpu."""
    import simgpu
    prog = simgpu.load(str(ptx), kernel=M.kernel_name(case), lower="ptxas")
    clocks = np.zeros(264, np.int64)
    r = simgpu.launch(prog, 1, 32 * warps, [np.zeros(1024, np.float32), np.ones(8192, np.float32), clocks,
                                            np.zeros(132 * 32, np.int64), np.int32(M.ITERS), np.int32(0)],
                      config=cfg, regs_per_thread=32)
    n = r.stats["warp_instructions"]
    return warps * 8 * M.ITERS / clocks[0], n, {s: r.stats["stall_cycles"].get(s, 0) / n for s in STATES}


def main(argv):
    from simgpu.config import load_config
    sets = [argv[k + 1] for k, a in enumerate(argv) if a == "--set"]
    cases = [a for k, a in enumerate(argv[1:], 1) if not a.startswith("--") and argv[k - 1] != "--set"]
    cfg = {**load_config("h200"), "fetch_miss_cycles": 0}
    for kv in sets:
        k, v = kv.split("=", 1)
        cfg[k] = type(cfg[k])(v)
    cfg = MappingProxyType(cfg)
    record = json.loads(RECORD.read_text())
    print(f"{RECORD.name}: {record['device']}, {record['date'][:16]}")
    errors = []
    if "--write-ptx" in argv:
        write_ptx()
    print(f"{'case':48s} warps  ops/cycle H200 / simgpu      warp inst   states (H200 / simgpu)")
    for row in record["results"]:
        case, warps = row["case"], row["warps"]
        if cases and case not in cases:
            continue
        rate, n, st = simulate(PTX, case, warps, cfg)
        x = row["ncu"]
        h_inst = float(x["smsp__inst_executed.sum"].replace(",", "")) / 132
        m = {s: float(x[f"smsp__average_warps_issue_stalled_{s}_per_issue_active.ratio"] or 0) for s in STATES}
        err = rate / row["ops_per_cycle_per_sm"] - 1
        if "|" not in case and "^" not in case:
            errors.append(err)
        print(f"{case:48s} {warps:5d}  {row['ops_per_cycle_per_sm']:.3f} / {rate:.3f} ({err:+5.0%})   "
              f"{n / h_inst - 1:+5.0%}     " + " ".join(f"{s[:5]} {m[s]:.2f}/{st[s]:.2f}" for s in STATES
                                                     if m[s] > 0.5 or st[s] > 0.5))
    if errors:
        print(f"ops a cycle, the cases in one warp or alone: MAPE {100 * np.mean(np.abs(errors)):.1f}% "
              f"over {len(errors)} launches")


if __name__ == "__main__":
    main(sys.argv)
