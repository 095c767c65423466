"""Where the harness's buffers land in the GPU's address space: for each
program, a fresh process (as `ncu ... -m simgpu.crosscheck --single` runs
one) makes the recipe's buffers and copies them to the device in recipe
order, as simgpu.crosscheck.run_program does, and prints each buffer's
device address, its size and its offset from the previous buffer.

    python3 tools/probe_alloc.py OUT.json PROGRAM [PROGRAM ...]

Needs CuPy and a GPU. Why: simgpu lays a launch's buffers out 256-byte
aligned with a 256-byte gap between them (simgpu/launch.py), and where a
matrix's rows fall against the L2 partitions' 4 KB homes changes which of
a step's lines are far (tools/late_window_figures.py's matmul_clock
columns); the H200's own layout decides what the measured runs saw.
"""
import datetime
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import cupy
from simgpu.recipe import parse_recipe, prepare
sizes, buffers, _, _ = prepare(parse_recipe(sys.argv[2]), {})
dev = {k: cupy.asarray(v) for k, v in buffers.items()}
print(json.dumps([[k, int(d.data.ptr), int(d.nbytes)] for k, d in dev.items()]))
"""


def main(out, *programs):
    rows = {}
    for p in programs:
        r = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), p], capture_output=True, text=True)
        if r.returncode:
            rows[p] = {"error": r.stderr[-1000:]}
            print(p, "error", r.stderr[-300:], flush=True)
            continue
        bufs = json.loads(r.stdout.strip().splitlines()[-1])
        rows[p] = bufs
        prev = None
        for name, ptr, n in bufs:
            gap = "" if prev is None else f" +{ptr - prev:,} from the previous buffer's start"
            print(f"{p} {name:8} {ptr:#x} {n:12,} B  mod 4096 {ptr % 4096:5}  mod 2 MB {ptr % (2 << 20):8}{gap}",
                  flush=True)
            prev = ptr
    smi = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                         capture_output=True, text=True).stdout.strip()
    Path(out).write_text(json.dumps({"what": "device addresses of the harness's buffers, a fresh process a program",
                                     "device": smi, "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                                     "command": " ".join(["python3", "tools/probe_alloc.py", out, *programs]),
                                     "programs": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
