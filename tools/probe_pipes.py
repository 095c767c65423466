"""Which pipe of the SM executes each program's instructions, as Nsight
Compute counts them.

    python3 tools/probe_pipes.py OUT.json [programs...]

(default: every program of programs/ and programs/holdout/, at its default
sizes). The SM sends each warp instruction to one pipe: the FMA pipes (FP32
and IMAD), the ALU (integer and logic, compares, conversions), FP64, the
XU (MUFU), the LSU (global, local and shared memory), the ADU and CBU
(address divergence, branches and barriers), and since Turing a *uniform*
datapath that runs an instruction once for the warp on uniform registers
(ULEA, UIADD3, UMOV, S2UR, ULDC: ptxas's choice for values every lane shares).
The tool asks ncu which `smsp__inst_executed_pipe_*` counters this GPU has
(`ncu --query-metrics`), and measures them all with `smsp__inst_executed`
on every launch of each program (one ncu process per program,
simgpu.crosscheck.ncu_counters), writing one record with the provenance
every harness record carries.
"""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
from probe_shared_sass import default_programs  # noqa: E402
from simgpu.crosscheck import ncu_counters, provenance  # noqa: E402


def pipe_counters():
    """(the lines of `ncu --query-metrics` naming an executed-instruction pipe
    counter, those counters as `.sum` metrics)."""
    out = subprocess.run(["ncu", "--query-metrics"], capture_output=True, text=True).stdout
    lines = [ln for ln in out.splitlines() if "inst_executed_pipe_" in ln]
    counters = sorted({ln.split()[0] + ".sum" for ln in lines
                       if len(ln.split()) >= 2 and ln.split()[1] == "Counter" and ln.startswith("smsp__")})
    return lines, counters


def main(out, programs=None):
    programs = programs or default_programs()
    lines, counters = pipe_counters()
    metrics = ["smsp__inst_executed.sum"] + counters
    record = {"what": "executed warp instructions per pipe (smsp__inst_executed_pipe_*) of every program",
              **provenance(), "query_metrics_pipes": lines, "pipe_counters": counters, "programs": []}
    for p in programs:
        entry = {"program": p, "ncu": ncu_counters(ROOT / p, {}, metrics)}
        record["programs"].append(entry)
        for k, hw in enumerate(entry["ncu"].get("launches", [])):
            top = sorted(((v, m) for m, v in hw.items() if m in counters and isinstance(v, (int, float)) and v),
                         reverse=True)[:6]
            print(p, k, hw.get("smsp__inst_executed.sum"),
                  " ".join(f"{m.replace('smsp__inst_executed_pipe_', '')[:-4]}={v:.0f}" for v, m in top), flush=True)
        if "error" in entry["ncu"]:
            print(p, entry["ncu"]["error"][-300:], flush=True)
        Path(out).write_text(json.dumps(record, indent=1) + "\n")    # after each program: a cut-off run keeps the rest


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:] or None)
