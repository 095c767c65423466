"""Fit the DRAM bytes every launch reads besides its data: its code, and the
rest (constant bank, launch descriptor, page tables) as one figure.

    python3 tools/front_dram_figures.py [traces/h200/micro]

Nsight Compute flushes the caches before each measured launch, so a launch
reads its code from DRAM (the first SM's fetch of a line misses the L2; the
other SMs hit). The micro records of kernels that read no global data
(micro_fetch_start.json, micro_fetch.json, micro_fetch_branch.json,
micro_const_miss.json, micro_fetch_jump.json: 1-warp to 132-SM launches of
2- to 132-line kernels) give the rest as `dram__bytes_read.sum` less the
kernel's code, counted as simgpu counts it: the lowered program's
instructions (simgpu/ptx/lower.py, one to one with SASS) at 16 bytes, in
whole 128-byte lines. Whether a warp runs all of it does not matter (in
micro_fetch_jump.json a warp jumping over 24 of 29 lines reads as many
bytes as one running them). It prints each kernel's figure and the median,
`launch_dram_read_bytes` for simgpu/configs/h100.toml; nothing is written.
"""
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simgpu.launch import load  # noqa: E402

RECORDS = ROOT / "traces" / "h200" / "micro"
FILES = ("micro_fetch_start.json", "micro_fetch.json", "micro_fetch_branch.json", "micro_const_miss.json",
         "micro_fetch_jump.json")
INSTRUCTION_BYTES, LINE_BYTES = 16, 128


def code_bytes(program, kernel):
    """The lowered kernel's code in whole lines."""
    n = load(ROOT / program, kernel=kernel, lower="ptxas").program.n
    return -(-n * INSTRUCTION_BYTES // LINE_BYTES) * LINE_BYTES


def figures(folder=RECORDS):
    rows, code = [], {}
    for name in FILES:
        record = json.loads((Path(folder) / name).read_text())
        for entry in record["programs"]:
            for L, m in zip(entry["launches"], entry["ncu"]["launches"]):
                key = (entry["program"], L["kernel"])
                if key not in code:
                    code[key] = code_bytes(*key)
                rows.append((name, L["kernel"], L["grid"][0], L["block"][0], m["dram__bytes_read.sum"], code[key],
                             m["dram__bytes_read.sum"] - code[key]))
    return {"rows": rows, "launch_dram_read_bytes": int(statistics.median(r[-1] for r in rows)),
            "date": record.get("date", "")[:10], "device": record.get("device")}


def main(argv):
    f = figures(Path(argv[1]) if len(argv) > 1 else RECORDS)
    for name, kernel, g, b, dram, code, rest in f["rows"]:
        print(f"{name:26s} {kernel:11s} grid {g:3d} block {b:3d}: DRAM read {dram:6.0f}, code {code:6d}, rest {rest:5.0f}")
    rests = [r[-1] for r in f["rows"]]
    print(f"launch_dram_read_bytes = {f['launch_dram_read_bytes']}   # meas: DRAM bytes a launch reads besides its "
          f"data and code (constant bank, launch descriptor, page tables): median over {len(rests)} launches of "
          f"kernels that read no global data, {min(rests):.0f}-{max(rests):.0f} (traces/h200/micro/micro_fetch_start, "
          f"micro_fetch, micro_fetch_branch, micro_const_miss, micro_fetch_jump .json; tools/front_dram_figures.py; "
          f"{f['device']}, {f['date']})")


if __name__ == "__main__":
    main(sys.argv)
