"""Local memory on the H200, from the records of tools/device_local_mem.sh
(programs/micro/local_mem.s; the held-out local_hist.ptx):

    python3 tools/local_mem_figures.py [DIR] [--sim] [--busy] [--record NAME]

DIR (default traces/h200/micro) holds micro_local_mem.json (the harness's
record: checks, Nsight counters per launch), local_mem_ncu.csv and
local_hist_ncu.csv (Nsight's local-memory counters of the same launches, and
of local_hist's). Every case of local_mem.s is launched twice, k then 2 k
steps a warp (the record's sizes and the recipe's args say k); per case:

- cyc/step: the two launches' gpc__cycles_elapsed.max difference over the k
  steps added (the harness's record; `again`: the same from the CSV's pass,
  a second measurement). One warp: a step's latency. busy_*: blocks of 256
  threads, every warp doing its steps at once: the SM's time a step with its
  ~15.5 warps (local_hist's grid at blocks=256);
- ld/st sect/req: local load (store) sectors over requests, of the steps
  added (the two launches' difference);
- ld hit %: the local load sectors that hit the L1, of those added
  (lookup_hit over sectors where the CSV has them; else Nsight's hit rate of
  the longer launch, marked ~);
- L2 wr, L2 rd: the L2's sectors written and read by the L1s
  (lts__t_sectors_srcunit_tex_op_write / _read) per warp-step added: 4 a
  step for a uniform store that writes through, 0 where stores stay in L1;
- lsb: the harness's long_scoreboard stall, warps per issue, longer launch.
Then local_hist's one launch, its counters over its 128 read-modify-writes a
thread. --sim adds simgpu's cycles a step for the one-warp cases (h200
config, ptxas lowering), --busy for the busy_* ones too (a minute or two),
with each launch's dominant warp state, the H200's / simgpu's (the longer
launch). --record NAME reads DIR/NAME instead of micro_local_mem.json
(tools/device_local_mem_sizes.sh's micro_local_mem_b132.json and _b528.json:
the busy launches on 8 and 32 warps an SM); the CSVs go with the default
record only.
A measurement, not a fit; nothing is written.
"""
import argparse
import csv
import io
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
MICRO = ROOT / "traces" / "h200" / "micro"
PROGRAM = ROOT / "programs" / "micro" / "local_mem.s"
CYC = "gpc__cycles_elapsed.max"
LD, ST = "l1tex__t_{}_pipe_lsu_mem_local_op_ld", "l1tex__t_{}_pipe_lsu_mem_local_op_st"
L2W, L2R = "lts__t_sectors_srcunit_tex_op_write.sum", "lts__t_sectors_srcunit_tex_op_read.sum"
L2WQ = "lts__t_requests_srcunit_tex_op_write.sum"
LSB = "smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio"
STALL, PER_ISSUE = "smsp__average_warps_issue_stalled_", "_per_issue_active.ratio"


def read_csv(path):
    """ncu --csv --page raw rows (one per launch, in order): {metric: float or text}."""
    if not path.exists():
        return []
    lines = [ln for ln in path.read_text().splitlines() if ln.startswith('"')]
    rows = [r for r in csv.DictReader(io.StringIO("\n".join(lines))) if r.get("ID", "").isdigit()]
    out = []
    for r in rows:
        d = {}
        for k, v in r.items():
            try:
                d[k] = float(v.replace(",", ""))
            except (ValueError, AttributeError):
                d[k] = v
        out.append(d)
    return out


def launches(record):
    """The recipe's launches at the record's sizes: (kernel, warps, steps) each."""
    from simgpu.recipe import parse_recipe, prepare
    entry = record["programs"][0]
    sets = {k: str(v) for k, v in entry["sizes"].items()}
    _, _, _, prepared = prepare(parse_recipe(PROGRAM), sets)
    out = []
    for kernel, grid, block, args, _ in prepared:
        g = int(np.prod(grid))
        b = int(np.prod(block))
        out.append((kernel, g * b // 32, int(args[1])))
    return out, prepared


def num(row, key):
    v = row.get(key) if row else None
    return v if isinstance(v, float) else None


def diff(a, b, key):
    x, y = num(a, key), num(b, key)
    return None if x is None or y is None else y - x


def ratio(x, y):
    return None if x is None or y is None or y == 0 else x / y


def fmt(v, w, p=1, suffix=""):
    return ("-" if v is None else f"{v:,.{p}f}{suffix}").rjust(w)


def simulate(prepared, busy=False):
    """simgpu's cycles of each one-warp launch, and of the busy_* ones with
    busy (kernel -> [cycles, ...]); the dominant warp state of each kernel's
    last launch (kernel -> state)."""
    from simgpu.launch import launch, load
    out, cache, state = {}, {}, {}
    for kernel, grid, block, args, shared in prepared:
        if kernel.startswith("busy_") and not busy:
            continue
        if kernel not in cache:
            cache[kernel] = load(str(PROGRAM), kernel=kernel, lower="ptxas")
        res = launch(cache[kernel], grid, block, list(args), config="h200", shared_bytes=shared)
        out.setdefault(kernel, []).append(float(res.stats["cycles"]))
        stalls = {k: v for k, v in res.stats["stall_cycles"].items() if k != "selected"}
        state[kernel] = max(stalls, key=stalls.get)
    return out, state


def dominant(row):
    """The warp state with the most warps per issue in a launch's record (selected aside)."""
    states = {k[len(STALL):-len(PER_ISSUE)]: v for k, v in row.items()
              if k.startswith(STALL) and k.endswith(PER_ISSUE) and isinstance(v, float)}
    states.pop("selected", None)
    return max(states, key=states.get) if states else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", nargs="?", default=str(MICRO))
    ap.add_argument("--sim", action="store_true")
    ap.add_argument("--busy", action="store_true")
    ap.add_argument("--record", default="micro_local_mem.json")
    ns = ap.parse_args()
    d = Path(ns.dir)
    record = json.loads((d / ns.record).read_text())
    entry = record["programs"][0]
    hw = entry["ncu"]["launches"]
    default = ns.record == "micro_local_mem.json"
    extra = read_csv(d / "local_mem_ncu.csv") if default else []
    runs, prepared = launches(record)
    if [L["kernel"] for L in hw] != [k for k, _, _ in runs]:
        sys.exit("the record's launches are not the recipe's")
    if extra and [r.get("Kernel Name") for r in extra] != [k for k, _, _ in runs]:
        print("(local_mem_ncu.csv's launches are not the recipe's: its columns left out)")
        extra = []
    sim, sim_state = simulate(prepared, ns.busy) if ns.sim or ns.busy else ({}, {})
    checks = entry.get("checks", [])
    print(f"programs/micro/local_mem.s on {record.get('device')} ({record.get('date', '')[:10]}, "
          f"{record.get('nvidia_smi', '')}); sizes {entry['sizes']}; checks "
          f"{sum(c['passed'] for c in checks)}/{len(checks)} passed")
    head = (f"{'case':<20}{'warps':>6}{'steps':>10}{'cyc/step':>10}{'again':>9}"
            + (f"{'simgpu':>8}" if sim else "")
            + f"{'ld s/req':>9}{'st s/req':>9}{'ld hit %':>9}{'st hit %':>9}{'L2 wr':>7}{'wr req':>7}{'wr/clk':>8}"
            + f"{'L2 rd':>7}{'lsb':>7}" + ("  dominant: H200 / simgpu" if sim_state else ""))
    print(head)
    order = []
    for k, (kernel, warps, steps) in enumerate(runs):
        if kernel not in order:
            order.append(kernel)
    for kernel in order:
        idx = [k for k, r in enumerate(runs) if r[0] == kernel]
        if len(idx) != 2:
            continue
        i, j = idx
        warps, dsteps = runs[i][1], runs[j][2] - runs[i][2]
        slope = ratio(diff(hw[i], hw[j], CYC), dsteps)
        e1, e2 = (extra[i], extra[j]) if extra else ({}, {})
        again = ratio(diff(e1, e2, CYC), dsteps)
        ldsr = ratio(diff(e1, e2, LD.format("sectors") + ".sum"), diff(e1, e2, LD.format("requests") + ".sum"))
        stsr = ratio(diff(e1, e2, ST.format("sectors") + ".sum"), diff(e1, e2, ST.format("requests") + ".sum"))
        hits = []
        for op in (LD, ST):
            sect = diff(e1, e2, op.format("sectors") + ".sum")
            h = ratio(diff(e1, e2, op.format("sectors") + "_lookup_hit.sum"), sect)
            if not sect:                      # no such accesses among the steps added
                hits.append("-".rjust(9))
            elif h is not None:
                hits.append(fmt(100 * h, 9))
            else:
                pct = num(e2, op.format("sector") + "_hit_rate.pct")
                hits.append(("-" if pct is None else f"~{pct:.1f}").rjust(9))
        l2w = ratio(diff(e1, e2, L2W), dsteps * warps)
        l2r = ratio(diff(e1, e2, L2R), dsteps * warps)
        l2q = ratio(diff(e1, e2, L2WQ), dsteps * warps)
        rate = ratio(diff(e1, e2, L2W), diff(e1, e2, CYC))
        simslope = ratio(sim[kernel][1] - sim[kernel][0], dsteps) if kernel in sim else None
        print(f"{kernel:<20}{warps:>6}{f'{runs[i][2]}/{runs[j][2]}':>10}{fmt(slope, 10)}{fmt(again, 9)}"
              + (fmt(simslope, 8) if sim else "")
              + f"{fmt(ldsr, 9, 2)}{fmt(stsr, 9, 2)}{hits[0]}{hits[1]}{fmt(l2w, 7, 2)}{fmt(l2q, 7, 2)}"
              + f"{fmt(rate, 8, 1)}{fmt(l2r, 7, 2)}"
              + f"{fmt(num(hw[j], LSB), 7)}"
              + (f"  {dominant(hw[j])} / {sim_state[kernel]}" if kernel in sim_state else ""))
    print("  cyc/step: Δgpc__cycles_elapsed.max / Δsteps (again: the CSV pass's); s/req, hit %: the steps added;\n"
          "  L2 wr, wr req, L2 rd: the L2's sectors written, write requests, sectors read from the L1s per warp-step\n"
          "  added; wr/clk: the whole L2's sectors written a cycle over the cycles added; lsb: long_scoreboard\n"
          "  warps per issue (the harness's, longer launch)")

    hist = read_csv(d / "local_hist_ncu.csv") if default else []
    if hist:
        r = hist[0]
        warps = 65536 // 32           # local_hist.ptx's recipe: 65,536 threads, 128 nibbles each
        rmw = warps * 128
        ld_s, ld_r = num(r, LD.format("sectors") + ".sum"), num(r, LD.format("requests") + ".sum")
        st_s, st_r = num(r, ST.format("sectors") + ".sum"), num(r, ST.format("requests") + ".sum")
        hit = ratio(num(r, LD.format("sectors") + "_lookup_hit.sum"), ld_s)
        print(f"\nprograms/holdout/local_hist.ptx ({r.get('Kernel Name')}): {fmt(num(r, CYC), 0, 0).strip()} cycles, "
              f"{fmt(ratio(num(r, CYC), 128), 0).strip()} over its 128 read-modify-writes a thread")
        print(f"  local loads {fmt(ld_r, 0, 0).strip()} requests, {fmt(ratio(ld_s, ld_r), 0, 2).strip()} sectors/request, "
              f"hit {fmt(None if hit is None else 100 * hit, 0).strip()}% "
              f"(Nsight's rate {fmt(num(r, LD.format('sector') + '_hit_rate.pct'), 0).strip()}%); "
              f"local stores {fmt(st_r, 0, 0).strip()} requests, {fmt(ratio(st_s, st_r), 0, 2).strip()} sectors/request")
        print(f"  L2 sectors from the L1s: {fmt(num(r, L2W), 0, 0).strip()} written "
              f"({fmt(ratio(num(r, L2W), rmw), 0, 2).strip()} a warp's read-modify-write; "
              f"{fmt(ratio(num(r, L2W), num(r, CYC)), 0, 1).strip()} a cycle, the whole kernel), "
              f"{fmt(num(r, L2R), 0, 0).strip()} read ({fmt(ratio(num(r, L2R), rmw), 0, 2).strip()})")


if __name__ == "__main__":
    main()
