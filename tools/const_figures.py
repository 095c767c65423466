"""Fit the constant-cache figures to the H200 record of programs/micro/const_miss.s.

    python3 tools/const_figures.py [traces/h200/micro]

The record is what `tools/crosscheck_cuda.py --ncu` wrote on the H200 for
const_miss.s (micro_const_miss.json), each launch under Nsight Compute, which
flushes the caches before it. A launch's imc_miss warp-cycles are

    smsp__average_warps_issue_stalled_imc_miss_per_issue_active x smsp__inst_executed.sum

Each kernel (tools/gen_front_micros.py CONST_SETS) reads its output pointer
(c[0x0][0x210]) and a set of float parameters (c[0x0][0x218 + 4k]) in a
dependent chain, so a lone warp meets each new line of the bank in turn.
simgpu/timing/constants.py's model -- each line an SM has not got costs
`const_miss_cycles`, the SM's first `const_cold_cycles` more -- gives a
lone warp cold + miss x (distinct lines); for each line size (32 to 256
bytes) the two figures are the least-squares line through the six lone-warp
launches, and the line size with the least mean relative error wins. It
prints the fit, the launches of several warps (per warp), and the TOML lines
for simgpu/configs/h100.toml citing the record; nothing is written.
"""
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from gen_front_micros import CONST_SETS  # noqa: E402
from simgpu.timing.constants import PARAM_BANK_OFFSET  # noqa: E402

RECORDS = ROOT / "traces" / "h200" / "micro"
IMC = "smsp__average_warps_issue_stalled_imc_miss_per_issue_active.ratio"
INST = "smsp__inst_executed.sum"


def distinct_lines(kernel, line_bytes):
    """Lines of bank 0 the kernel's parameters occupy: the pointer at 0 and
    the floats p_k at 8 + 4k, from PARAM_BANK_OFFSET."""
    offsets = [0] + [8 + 4 * k for k in CONST_SETS[kernel]]
    return len({(PARAM_BANK_OFFSET + o) // line_bytes for o in offsets})


def launches(folder=RECORDS):
    record = json.loads((Path(folder) / "micro_const_miss.json").read_text())
    entry = record["programs"][0]
    out = []
    for L, m in zip(entry["launches"], entry["ncu"]["launches"]):
        warps = math.prod(L["grid"]) * math.prod(L["block"]) // 32
        out.append((L["kernel"], L["grid"][0], L["block"][0], m[IMC] * m[INST] / warps))
    return record, out


def fit(points):
    """Least-squares (intercept, slope) of y on x."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    slope = sum((x - mx) * (y - my) for x, y in points) / sxx
    return my - slope * mx, slope


def figures(folder=RECORDS):
    record, ls = launches(folder)
    lone = [(k, v) for k, g, b, v in ls if g == 1 and b == 32]
    best = None
    for line in (32, 64, 128, 256):
        pts = [(distinct_lines(k, line), v) for k, v in lone]
        cold, miss = fit(pts)
        err = sum(abs(cold + miss * x - v) / v for x, v in pts) / len(pts)
        if best is None or err < best[0]:
            best = (err, line, round(miss), round(cold))
    err, line, miss, cold = best
    return {"const_line_bytes": line, "const_miss_cycles": miss, "const_cold_cycles": cold, "mean_rel_error": err,
            "lone": [(k, distinct_lines(k, line), v, cold + miss * distinct_lines(k, line)) for k, v in lone],
            "many": [(k, g, b, v) for k, g, b, v in ls if not (g == 1 and b == 32)],
            "date": record.get("date", "")[:10], "device": record.get("device")}


def main(argv):
    f = figures(Path(argv[1]) if len(argv) > 1 else RECORDS)
    for k, n, v, sim in f["lone"]:
        print(f"{k:9s} {n} lines: imc_miss {v:6.1f} measured, {sim:4d} fitted ({100 * (sim / v - 1):+.0f}%)")
    for k, g, b, v in f["many"]:
        print(f"{k:9s} grid {g:3d} block {b:3d}: imc_miss {v:6.1f} per warp")
    pts = ", ".join(f"{n} lines {v:.0f}" for _, n, v, _ in f["lone"])
    src = (f"traces/h200/micro/micro_const_miss.json: one warp reading parameters in a dependent chain, imc_miss "
           f"warp-cycles {pts}; least squares by tools/const_figures.py, mean error "
           f"{100 * f['mean_rel_error']:.0f}%; {f['device']}, {f['date']}")
    print(f"const_line_bytes = {f['const_line_bytes']}    # meas: the line size that fits best of 32-256 ({src})")
    print(f"const_miss_cycles = {f['const_miss_cycles']}   # meas: a line of constant bank 0 an SM has not got "
          f"arrives this long after an instruction asks for it (as above)")
    print(f"const_cold_cycles = {f['const_cold_cycles']}   # meas: the SM's first line of the kernel this much "
          f"later still (the least-squares intercept, as above)")


if __name__ == "__main__":
    main(sys.argv)
