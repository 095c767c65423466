"""python3 tools/record_latency_dist.py OUT.json PROGRAM [--keep a,b] [--set k=v]:
the harness's record (simgpu.crosscheck) and, under `kept`, the --keep buffers
of one more pass whose launches each follow an L2 flush: a read of 256 MB
never written, so the L2 holds only clean lines of it (traces/h200/README.md)."""
import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from simgpu import crosscheck as X  # noqa: E402

FLUSH = 256 << 20                        # bytes read before each launch: 4x the L2


class Flushing:
    def __init__(self, path, cupy):
        self.mod, self.scratch = cupy.RawModule(path=str(path)), cupy.empty(FLUSH // 8, dtype=cupy.uint64)

    def get_function(self, name):
        fn = self.mod.get_function(name)
        return lambda *a, **kw: (self.scratch.sum(), fn(*a, **kw))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("program")
    ap.add_argument("--keep", default="lat1,sm1,idx1,lat2,sm2,idx2")
    ap.add_argument("--set", action="append", default=[])
    a = ap.parse_args()
    sets, keep, bufs = dict(s.split("=", 1) for s in a.set), a.keep.split(","), {}
    record = X.record_programs([a.program], sets, None, ncu=True)
    mod = Flushing(a.program, X._cupy())
    for _ in range(2000):                # clocks up after ncu's exit
        mod.scratch.sum()
    _, checks, _ = X.run_program(Path(a.program), sets, False, mod, outputs=bufs)
    record["kept"] = {"flush_bytes": FLUSH, "checks": [[c.buffer, c.error, c.passed] for c in checks],
                      "buffers": {k: f"@{k}@" for k in keep}}
    text = json.dumps(record, indent=1)
    for k in keep:
        text = text.replace(f'"@{k}@"', json.dumps(bufs[k].tolist(), separators=(",", ":")))
    Path(a.out).write_text(text + "\n")
    print("kept", record["kept"]["checks"], flush=True)


if __name__ == "__main__":
    main()
