"""Which of Nsight Compute's shared-memory counts depend on the access
pattern alone, and which on what else the SM was doing.

    python3 tools/probe_shared_sass.py OUT.json [programs...]

(default: every program of programs/ and programs/holdout/). It prints, per
launch, the hardware's shared load and store wavefronts and bank conflicts
and the SASS-level load and store wavefronts.

The hardware counters `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_*`
count, on a busy SM, conflicts that the addresses do not have (traces/h200/
programs.json: attention_flash, and the held-out scan_block, stencil1d and
transpose_nvcc, whose shared accesses are conflict-free by their addresses).
Nsight Compute also has SASS-level counters (`smsp__sass_*`, counted by
instrumenting the code), among them shared wavefronts per instruction and the
ideal wavefronts of the addresses; those depend on the addresses only.

The tool asks ncu which metrics this GPU has whose names mention shared
memory (`ncu --query-metrics`), keeps every counter among them, and measures
them with the hardware ones on each program's launches (one ncu process per
program, simgpu.crosscheck.ncu_counters), writing one record with the
provenance every harness record carries.
"""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from simgpu.crosscheck import ncu_counters, provenance  # noqa: E402

HARDWARE = ["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
            "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
            "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
            "smsp__inst_executed_op_shared_ld.sum", "smsp__inst_executed_op_shared_st.sum"]
SASS_WAVEFRONTS = ["smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
                   "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum"]


def default_programs():
    """Every program of the suite and the held-out set, at its default sizes."""
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "programs").glob("*.s")) + \
        sorted(str(p.relative_to(ROOT)) for p in (ROOT / "programs" / "holdout").glob("*.ptx"))


def shared_counters():
    """(every line of `ncu --query-metrics` that mentions shared memory,
    the counters among them as `.sum` metrics)."""
    out = subprocess.run(["ncu", "--query-metrics"], capture_output=True, text=True).stdout
    lines = [ln for ln in out.splitlines() if "shared" in ln.lower()]
    counters = []
    for ln in lines:
        parts = ln.split()
        if len(parts) >= 2 and parts[1] == "Counter" and parts[0].startswith(("smsp__sass", "sass__")):
            counters.append(parts[0] + ".sum")
    return lines, counters


def main(out, programs=None):
    programs = programs or default_programs()
    lines, counters = shared_counters()
    record = {"what": "shared-memory counters of Nsight Compute: the hardware's and the SASS-level ones "
                      "(instrumented), on programs whose hardware bank conflicts differ from their addresses'",
              **provenance(), "query_metrics_shared": lines, "sass_counters": counters, "programs": []}
    for p in programs:
        entry = {"program": p, "ncu": ncu_counters(ROOT / p, {}, HARDWARE + counters)}
        record["programs"].append(entry)
        for k, hw in enumerate(entry["ncu"].get("launches", [])):
            print(p, k, " ".join(str(hw.get(m)) for m in HARDWARE[:4] + SASS_WAVEFRONTS), flush=True)
        if "error" in entry["ncu"]:
            print(p, entry["ncu"]["error"][-300:], flush=True)
    Path(out).write_text(json.dumps(record, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:] or None)
