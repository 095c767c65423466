"""The emitted CUDA C on a real GPU, against the PTX it came from (run by
tools/device_emit.sh on the H200; it needs CuPy and a GPU).

For every program (at its recipe's default sizes, plus the edge sizes in
EXTRA): the emitted CUDA C is compiled by NVRTC (CuPy RawModule), run with
the recipe's inputs through simgpu.crosscheck.run_program -- the very harness
that runs the PTX (driver JIT of the .s file) -- and every output is compared
with the PTX run's: bitwise where the recipe checks exactly or the buffer
holds integers, else within the recipe's tolerance (simgpu.emit.run.
compare_outputs). Both runs are also checked against the recipe's numpy
reference and timed with CUDA events. Each program runs in a process of its
own, so one that fails (or takes the CUDA context down) leaves the others
running; the record says what failed and why. One JSON record, with the
GPU's provenance (crosscheck.provenance).

    python3 -m simgpu.emit.device --out emit_cuda.json [PROGRAM ...] [--set k=v]
"""
import argparse
import hashlib
import json
import subprocess
import sys
import traceback
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
# sizes that take other paths than the defaults: bounds checks of rounded-up grids, tail
# chunks, rows that are not a multiple of 32, edge tiles (programs/README.md)
EXTRA = [("programs/vector_add.s", {"n": "1000"}), ("programs/reduce_sum.s", {"n": "65543"}),
         ("programs/matmul_naive.s", {"n": "100"}), ("programs/softmax_naive.s", {"C": "1000"}),
         ("programs/softmax_online.s", {"C": "1000"}), ("programs/strided_copy.s", {"stride": "33"}),
         ("programs/matmul_cublas.s", {"n": "300", "tile": "256x128"}), ("programs/divergence.s", {"k": "64"})]


def programs():
    return sorted(str(p.relative_to(ROOT)) for d in ("programs", "programs/micro") for p in (ROOT / d).glob("*.s"))


def check_one(path, sets):
    """The record of one program at one size (raises on anything that stops it)."""
    import cupy

    from .. import crosscheck as X
    from .run import compare_outputs, for_recipe, launch_shared
    recipe, _, em = for_recipe(path, sets, "cuda")
    facts = {f["kernel"]: f for f in em.kernels}
    entry = {"program": str(path), "sets": sets, "emitted_sha256": hashlib.sha256(em.text.encode()).hexdigest(),
             "emitted_chars": len(em.text), "kernels": em.kernels}
    mod = cupy.RawModule(code=em.text, options=("-std=c++17",))
    for k in facts:
        mod.get_function(k)                  # compile now: an NVRTC error is this program's error
    ptx_out, emit_out = {}, {}
    sizes, ptx_checks, ptx_times = X.run_program(Path(path), sets, outputs=ptx_out)
    _, em_checks, em_times = X.run_program(Path(path), sets, module=mod, outputs=emit_out,
                                           shared_for=lambda k, s: launch_shared(facts[k], s))
    rows = compare_outputs(recipe, ptx_out, emit_out)

    def checks(cs):
        return [{"buffer": c.buffer, "error": c.error, "tol": c.tol, "passed": c.passed} for c in cs]
    entry.update(sizes={k: int(v) if isinstance(v, (int, np.integer)) else v for k, v in sizes.items()},
                 ptx_checks=checks(ptx_checks), emitted_checks=checks(em_checks), comparison=rows,
                 ptx_launches=ptx_times, emitted_launches=em_times,
                 passed=all(r["passed"] for r in rows if r["checked"]) and bool(rows))
    return entry


def _single(path, sets, out):
    try:
        entry = check_one(path, sets)
    except Exception as e:                      # the record says why; the parent goes on
        entry = {"program": str(path), "sets": sets, "passed": False, "error": f"{type(e).__name__}: {e}",
                 "traceback": traceback.format_exc()[-3000:]}
    Path(out).write_text(json.dumps(entry, indent=1, default=str))


def record(cases, out, timeout=600):
    """Run each case in its own process; write one JSON record with provenance to `out`."""
    from .. import crosscheck as X
    try:
        prov = X.provenance()
    except Exception as e:                      # the record still says what ran
        prov = {"provenance_error": f"{type(e).__name__}: {e}"}
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    except OSError:                             # no git on the GPU machine
        head = ""
    rec = {"what": "simgpu's emitted CUDA C (simgpu emit --lang cuda) against the PTX it came from, "
                   "both through simgpu.crosscheck's harness on one GPU: outputs compared buffer by buffer",
           **prov, "simgpu_commit": head or None, "programs": []}
    tmp = Path(out).with_suffix(".part.json")
    for path, sets in cases:
        cmd = [sys.executable, "-m", "simgpu.emit.device", "--single", path, "--json", str(tmp)] + \
            [f"--set={k}={v}" for k, v in sets.items()]
        tmp.unlink(missing_ok=True)
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
            entry = json.loads(tmp.read_text()) if tmp.exists() else {
                "program": path, "sets": sets, "passed": False,
                "error": f"exit status {done.returncode}, no record", "stderr": done.stderr[-3000:]}
        except subprocess.TimeoutExpired:
            entry = {"program": path, "sets": sets, "passed": False, "error": f"timed out after {timeout} s"}
        rec["programs"].append(entry)
        print(f"{'PASS' if entry.get('passed') else 'FAIL'} {path} {sets or ''} {entry.get('error', '')}", flush=True)
    tmp.unlink(missing_ok=True)
    rec["summary"] = {"cases": len(rec["programs"]), "passed": sum(bool(e.get("passed")) for e in rec["programs"])}
    Path(out).write_text(json.dumps(rec, indent=1, default=str))
    return rec


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("programs", nargs="*", help="default: every program of programs/ and programs/micro/, "
                                                "and the edge sizes of EXTRA")
    ap.add_argument("--out", default="emit_cuda.json")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--timeout", type=int, default=600, help="seconds per case")
    ap.add_argument("--single")
    ap.add_argument("--json")
    ns = ap.parse_args(argv)
    sets = dict(s.split("=", 1) for s in ns.set)
    if ns.single:
        _single(ns.single, sets, ns.json)
        return 0
    cases = [(p, sets) for p in (ns.programs or programs())]
    if not ns.programs and not sets:
        cases += EXTRA
    rec = record(cases, ns.out, ns.timeout)
    print(f"{rec['summary']['passed']} of {rec['summary']['cases']} passed; record: {ns.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
