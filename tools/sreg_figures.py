"""Derive `latency_s2r_cycles` and `latency_ldc_cycles` from the H200 record of
programs/micro/sreg_ldc.s.

    python3 tools/sreg_figures.py [traces/h200/micro/micro_sreg_ldc.json]

The record (`tools/crosscheck_cuda.py --ncu`, each launch under Nsight
Compute, caches flushed) has kernels that read one special register or one
constant through LDC, and a reader that waits for it; its SASS (ptxas 13.0,
the record's `sass` listing beside it) is, past the stack pointer's LDC:
  tid:      S2R R3, SR_TID.X; S2UR SR_CgaCtaId; UMOV; ULEA; LEA R0, R3; STS
  ctaid:    S2UR SR_CgaCtaId; S2R R0, SR_CTAID.X; UMOV; ULEA; STS [UR4], R0
  tid_lane: S2R SR_TID.X; S2UR; UMOV; S2R SR_LANEID; ULEA; IADD3; LEA; STS
  ntid:     S2UR SR_CgaCtaId; UMOV; LDC R0, c[0x0][RZ]; ULEA; STS [UR4], R0
  ptr:      LDC.64 R2, c[0x0][0x210]; HFMA2.MMA; ULDC.64 c[0x0][0x208]; STG [R2]
A lone warp's `short_scoreboard` warp-cycles are the S2R's (S2UR's) latency
less the instructions issued meanwhile; the LDCs' also hold their constant
line's miss (ntid: 69 short_scoreboard, 0 imc_miss; ptr: the ULDC.64 of the
same line waits in imc_miss, 40, and STG 22 more in short_scoreboard).

The script simulates the one-warp launches on the h200 config with each
latency from 1 to 60 (the S2R's on tid, ctaid, tid_lane: short_scoreboard;
the LDC's on ntid and ptr: short_scoreboard + imc_miss, the constant line's
arrival being constants.py's), and prints for each the value with the least
sum of relative errors, the table around it, and the TOML lines; nothing is
written. Launches of 8 warps and of 132 SMs are printed for comparison
(simgpu's constant cache is per SM: the 132-SM launches wait longer on the
H200, constants.py says why).
"""
import json
import sys
from pathlib import Path
from types import MappingProxyType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORD = ROOT / "traces" / "h200" / "micro" / "micro_sreg_ldc.json"
STATE = "smsp__average_warps_issue_stalled_%s_per_issue_active.ratio"
S2R_FIT = ("tid", "ctaid", "tid_lane")
LDC_FIT = ("ntid", "ptr")


def measured(path=RECORD):
    """Per launch (kernel, threads, blocks): short_scoreboard and imc_miss warp-cycles a warp."""
    rec = json.loads(Path(path).read_text())
    entry = rec["programs"][0]
    out = []
    for launch, m in zip(entry["launches"], entry["ncu"]["launches"]):
        warps = launch["grid"][0] * launch["block"][0] // 32
        per = m["smsp__inst_executed.sum"] / warps
        out.append({"kernel": launch["kernel"], "grid": launch["grid"][0], "block": launch["block"][0],
                    "short": m[STATE % "short_scoreboard"] * per, "imc": m[STATE % "imc_miss"] * per})
    return entry, out


def simulated(recipe, cfg):
    from simgpu.recipe import run_recipe
    run = run_recipe(recipe, {}, config=cfg, lower="ptxas")
    out = []
    for r in run.results:
        sc = r.stats["stall_cycles"]
        out.append({"short": sc["short_scoreboard"] / r.stats["warps"], "imc": sc["imc_miss"] / r.stats["warps"]})
    return out


def figures(path=RECORD, lats=range(1, 61)):
    from simgpu.config import load_config
    from simgpu.recipe import parse_recipe
    entry, meas = measured(path)
    recipe = parse_recipe(ROOT / entry["program"])
    base = load_config("h200")
    one = [k for k, m in enumerate(meas) if m["grid"] == 1 and m["block"] == 32]
    table = {}
    for lat in lats:
        table[lat] = simulated(recipe, MappingProxyType({**base, "latency_s2r_cycles": lat, "latency_ldc_cycles": lat}))

    def error(lat, kernels, total):
        e = 0.0
        for k in one:
            if meas[k]["kernel"] in kernels:
                want = meas[k]["short"] + (meas[k]["imc"] if total else 0)
                got = table[lat][k]["short"] + (table[lat][k]["imc"] if total else 0)
                e += abs(got - want) / want
        return e
    s2r = min(lats, key=lambda v: error(v, S2R_FIT, False))
    ldc = min(lats, key=lambda v: error(v, LDC_FIT, True))
    return meas, table, s2r, ldc


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else RECORD
    meas, table, s2r, ldc = figures(path)
    print("launch                  H200 short imc   simgpu short imc (s2r %d, ldc %d)" % (s2r, ldc))
    for k, m in enumerate(meas):
        fit = table[s2r if m["kernel"] in S2R_FIT else ldc][k]
        print(f"{m['kernel']:9s} {m['grid']:4d} x {m['block']:4d}   {m['short']:6.1f} {m['imc']:6.1f}"
              f"   {fit['short']:6.1f} {fit['imc']:6.1f}")
    print(f"latency_s2r_cycles = {s2r}")
    print(f"latency_ldc_cycles = {ldc}")


if __name__ == "__main__":
    main()
