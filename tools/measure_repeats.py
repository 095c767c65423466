"""Measure every program's launches several times under Nsight Compute, to
know how much the H200's own cycles vary from run to run (which decides
whether two launches a few percent apart have an order at all).

    python3 tools/measure_repeats.py OUT.json [PASSES] [programs/*.s]

One ncu process per program (simgpu.crosscheck.repeated_cycles): the recipe's
launches run PASSES times (default 7) in order at the recipe's default sizes,
each launch measured alone, caches flushed before each (ncu's default);
gpc__cycles_elapsed.max and sm__cycles_active.avg of every pass. The record
carries the provenance of every harness record (device, driver, clocks, date,
command). `simgpu compare` reads it for the order by time.
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from simgpu.crosscheck import provenance, repeated_cycles  # noqa: E402


def main(out, passes=7, programs=None):
    programs = programs or sorted(str(p.relative_to(ROOT)) for p in (ROOT / "programs").glob("*.s"))
    record = {"what": f"every program's launches measured {passes} times under Nsight Compute "
                      "(gpc__cycles_elapsed.max, sm__cycles_active.avg), default sizes",
              **provenance(), "passes": passes, "programs": []}
    for p in programs:
        entry = {"program": p, **repeated_cycles(Path(ROOT / p), {}, passes)}
        record["programs"].append(entry)
        print(p, entry.get("error") or [min(l["gpc__cycles_elapsed.max"]) for l in entry["launches"]], flush=True)
    with open(out, "w") as f:
        json.dump(record, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 7, sys.argv[3:] or None)
