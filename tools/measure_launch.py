"""Measure what an empty kernel costs on the GPU as Nsight Compute counts it
(gpc__cycles_elapsed.max: the cycles from the kernel's start in the front end
to its end), for 1 block and for one block per SM. simgpu's configs take
`launch_latency_cycles` from this record (traces/h200/launch.json).

    python3 tools/measure_launch.py OUT.json
"""
import csv
import io
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from simgpu.crosscheck import tool_provenance  # noqa: E402

CHILD = r'''
import cupy
k = cupy.RawKernel(r'extern "C" __global__ void empty(int* p) { if (p == 0) p[threadIdx.x] = 1; }', "empty")
d = cupy.zeros(1024, cupy.int32)
for grid in (1, 132, 1, 132):
    k((grid,), (32,), (d,))
cupy.cuda.Device().synchronize()
'''
METRICS = "gpc__cycles_elapsed.max,sm__cycles_active.avg,gpu__time_duration.sum"


def main(out):
    cmd = ["ncu", "--clock-control", "none", "--csv", "--page", "raw", "--metrics", METRICS,
           sys.executable, "-c", CHILD]
    res = subprocess.run(cmd, capture_output=True, text=True)
    lines = [ln for ln in res.stdout.splitlines() if ln.startswith('"')]
    rows = [r for r in csv.DictReader(io.StringIO("\n".join(lines))) if r.get("ID", "").isdigit()]
    launches = [{"grid": g, **{m: float(r[m].replace(",", "")) for m in METRICS.split(",")}}
                for g, r in zip((1, 132, 1, 132), rows)]
    record = {"what": "an empty kernel (32 threads per block) under Nsight Compute, 1 block and 132 blocks, twice",
              **tool_provenance("python3 tools/measure_launch.py " + out), "launches": launches,
              "stderr_tail": res.stderr[-500:] if not rows else ""}
    with open(out, "w") as f:
        json.dump(record, f, indent=1)
    print(json.dumps(record, indent=1))


if __name__ == "__main__":
    main(sys.argv[1])
