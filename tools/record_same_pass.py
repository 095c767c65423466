"""python3 tools/record_same_pass.py OUT.json PROGRAM --keep a,b [--passes N] [--set k=v]

A clock micro's kernel cycles and its clock buffers from one and the same
run: Nsight Compute measures only gpc__cycles_elapsed.max (one pass a
launch, no replay: the run it measures is the run the buffers come from),
caches flushed before each launch as in every ncu record here, clocks left
alone; the recipe's launches run N times in order (default 3), and the
--keep buffers are saved after each. tools/record_latency_dist.py's records
take the cycles from the ncu pass and the buffers from one more run, and a
kernel's warps' loops move from run to run by more than the start and end
that the two are compared for (tools/matmul_loop_figures.py).

The record: provenance (simgpu.crosscheck.provenance), "program", "sizes",
"passes": [{"launches": [{"kernel", "gpc__cycles_elapsed.max"}],
"buffers": {name: values}}]. Run on the GPU machine.
"""
import argparse
import csv
import io
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from simgpu import crosscheck as X  # noqa: E402

METRIC = "gpc__cycles_elapsed.max"


def child(a):
    """Under ncu: run the launches a.passes times, keeping the buffers after each."""
    sets = dict(s.split("=", 1) for s in a.set)
    passes = []
    for _ in range(a.passes):
        bufs = {}
        sizes, checks, _ = X.run_program(Path(a.program), sets, False, outputs=bufs)
        passes.append({"checks": [[c.buffer, c.error, c.passed] for c in checks],
                       "buffers": {k: bufs[k].ravel().tolist() for k in a.keep.split(",")}})
    Path(a.out).write_text(json.dumps({"sizes": {k: int(v) if str(v).isdigit() else v for k, v in sizes.items()},
                                       "passes": passes}, separators=(",", ":")))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("program")
    ap.add_argument("--keep", required=True)
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        return child(a)
    part = Path(a.out).with_suffix(".part.json")
    cmd = ["ncu", "--clock-control", "none", "--csv", "--page", "raw", "--metrics", METRIC,
           sys.executable, str(Path(__file__).resolve()), str(part), a.program, "--keep", a.keep,
           "--passes", str(a.passes), "--child"] + [f"--set={s}" for s in a.set]
    out = subprocess.run(cmd, capture_output=True, text=True)
    rows = [r for r in csv.DictReader(io.StringIO("\n".join(ln for ln in out.stdout.splitlines()
                                                             if ln.startswith('"'))))
            if r.get("ID", "").isdigit()]
    if not part.exists() or not rows or len(rows) % a.passes:
        sys.exit(f"record_same_pass: ncu gave {len(rows)} rows: {(out.stderr or out.stdout)[-2000:]}")
    kept = json.loads(part.read_text())
    part.unlink()
    n = len(rows) // a.passes
    record = {"what": "a clock micro's kernel cycles (Nsight Compute, one metric, no replay) and its clock "
                      "buffers from the same run", **X.provenance(), "program": a.program, "sizes": kept["sizes"],
              "passes": [{"launches": [{"kernel": r["Kernel Name"], METRIC: float(r[METRIC].replace(",", ""))}
                                       for r in rows[p * n:(p + 1) * n]], **kept["passes"][p]}
                         for p in range(a.passes)]}
    record["command"] = " ".join(sys.argv) + " (ncu: " + " ".join(cmd[:8]) + ")"
    Path(a.out).write_text(json.dumps(record, separators=(",", ":")) + "\n")
    print(a.program, [[c[2] for c in p["checks"]] for p in record["passes"]],
          [[x[METRIC] for x in p["launches"]] for p in record["passes"]], flush=True)


if __name__ == "__main__":
    main()
