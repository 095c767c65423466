"""Derive the instruction-fetch figures from the H200 record of programs/micro/fetch_cold.s.

    python3 tools/fetch_figures.py [traces/h200/micro/micro_fetch.json]

The record is what `tools/crosscheck_cuda.py --ncu --out $OUT/micro_fetch.json
programs/micro/fetch_cold.s` wrote on the H200: six launches, each under
Nsight Compute, which flushes the caches before each launch. From them:

    no_instruction warp-cycles of a launch = smsp__average_warps_issue_stalled_no_instruction_per_issue_active
                                             x smsp__inst_executed.sum
    cold, per instruction   = (no_instruction of fetch_1024 - of fetch_512) / (instructions of the two), steps = 1
    warm, per instruction   = (no_instruction of fetch_1024 with 2 passes - with 1) / (instructions of the two)
    fetch_line_cycles       = cold per instruction x 8 (16-byte SASS instructions per 128-byte line) + 1, rounded:
                              the warp asks for the next line as it issues the last instruction of the one
                              before, and waits in no_instruction from the cycle after that issue
    cycles per instruction  = gpc__cycles_elapsed.max differences over the same pairs (cold, warm)
    4 warps on one SM, 1 warp on each of 132 SMs: no_instruction per warp against one warp alone

It prints the figures and the TOML line for simgpu/configs/h100.toml (the
H100 and H200 share the SM), citing the record; nothing is written.
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "traces" / "h200" / "micro" / "micro_fetch.json"
NOI = "smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio"
INST = "smsp__inst_executed.sum"
CYC = "gpc__cycles_elapsed.max"
LINE_INSTRS = 8


def figures(record):
    entry = next(p for p in record["programs"] if Path(p["program"]).stem == "fetch_cold")
    L = entry["ncu"]["launches"]
    noi = [m[NOI] * m[INST] for m in L]
    inst = [m[INST] for m in L]
    cyc = [m[CYC] for m in L]
    # launches: 0 fetch_512 x1, 1 fetch_512 x2, 2 fetch_1024 x1, 3 fetch_1024 x2, 4 fetch_1024 4 warps, 5 132 SMs
    cold = (noi[2] - noi[0]) / (inst[2] - inst[0])
    warm = (noi[3] - noi[2]) / (inst[3] - inst[2])
    return {
        "cold_noi_per_instruction": cold, "warm_noi_per_instruction": warm,
        "fetch_line_cycles": round(cold * LINE_INSTRS + 1),
        "cold_cycles_per_instruction": (cyc[2] - cyc[0]) / (inst[2] - inst[0]),
        "warm_cycles_per_instruction": (cyc[3] - cyc[2]) / (inst[3] - inst[2]),
        "noi_per_warp_1_warp": noi[2], "noi_per_warp_4_warps_1_sm": noi[4] / 4,
        "noi_per_warp_132_sms": noi[5] / 132,
        "date": record.get("date", "")[:10], "device": record.get("device"),
        "launches": (noi, inst, cyc),
    }


def main(argv):
    path = Path(argv[1]) if len(argv) > 1 else RECORD
    f = figures(json.loads(path.read_text()))
    try:
        rel = path.resolve().relative_to(ROOT)
    except ValueError:
        rel = path
    noi, inst, cyc = f["launches"]
    print(f"cold: {f['cold_noi_per_instruction']:.3f} no_instruction warp-cycles per instruction "
          f"({f['cold_cycles_per_instruction']:.2f} cycles per instruction); "
          f"warm: {f['warm_noi_per_instruction']:.3f} ({f['warm_cycles_per_instruction']:.2f} cycles)")
    print(f"no_instruction per warp: 1 warp {f['noi_per_warp_1_warp']:.0f}, 4 warps on one SM "
          f"{f['noi_per_warp_4_warps_1_sm']:.0f}, 1 warp on each of 132 SMs {f['noi_per_warp_132_sms']:.0f}")
    print(f"fetch_line_cycles = {f['fetch_line_cycles']}  # meas: a cold 128-byte line of SASS (8 instructions) "
          f"costs a streaming warp {f['cold_noi_per_instruction'] * LINE_INSTRS:.1f} no_instruction cycles after "
          f"the cycle it asked for it in "
          f"({rel}: programs/micro/fetch_cold.s, launches 1 and 3, fetch_512 -> fetch_1024, no_instruction "
          f"{noi[0]:,.0f} -> {noi[2]:,.0f} warp-cycles over {inst[0]:,.0f} -> {inst[2]:,.0f} instructions; "
          f"{f['device']}, {f['date']}; tools/fetch_figures.py)")


if __name__ == "__main__":
    main(sys.argv)
