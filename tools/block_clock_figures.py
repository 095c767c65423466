"""When blocks start on their SM and how long a slot stays empty between
blocks, on the H200 and in simgpu (programs/micro/block_clock.s and
block_smem_clock.s).

    python3 tools/block_clock_figures.py [RECORD ...] [--config CONFIG]

(default: traces/h200/micro/same_pass_block_clock.json.gz and
same_pass_block_smem_clock.json.gz, made by tools/device_block_clock.sh:
the kernels' cycles and the warps' clocks of one run, 2 passes; simgpu
takes each kernel's registers from the launches' Nsight record beside it,
micro_NAME.json). Per launch: the kernel's cycles; a warp's life (its
last clock less its first); the first wave's hand-out on an SM (the last of
its first blocks' starts less the first's); how many of the first wave's
warps an SM starts within 200 cycles of its first, and how late the rest
come (the H200 starts 48, the rest 290-920 cycles later: first_wave_warps,
first_wave_late_cycles); the gap a slot stays empty (the
k-th block to start on an SM, past its first wave, against the (k - B)-th
block to end there, B blocks an SM); and, for scan_clock, the wait for the
warp's global load (its second clock less its first) in the first wave and
after. Clocks are an SM's own, so every figure compares clocks of one SM.
Then simgpu's run of the same launches (ptxas lowering; config h200 or
--config's). Nothing is written.
"""
import gzip
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
MICRO = ROOT / "traces" / "h200" / "micro"
RECORDS = [MICRO / "same_pass_block_clock.json.gz", MICRO / "same_pass_block_smem_clock.json.gz"]
# per micro, its launches in order: buffer, words a warp, warps a block, blocks an SM
LAUNCHES = {
    "block_clock": [("s0", 3, 16, 4), ("s1", 3, 16, 4), ("s2", 3, 8, 8), ("s3", 3, 8, 8), ("s4", 3, 1, 32),
                    ("lat", 4, 16, 4)],
    "block_smem_clock": [("p0", 3, 8, 8), ("p1", 3, 16, 4), ("p2", 3, 8, 8), ("p3", 3, 16, 4), ("p4", 3, 16, 4),
                         ("p5", 3, 8, 8), ("lat", 3, 8, 8)],
}


def blocks(values, words, wpb):
    """Per block: its SM, first start, last end (the clocks unwrapped against the block's first),
    and per warp (start, end, load-done or None)."""
    a = np.asarray(values, dtype=np.int64).reshape(-1, wpb, words)
    sm = a[:, 0, -1]
    start = a[:, :, 0]
    # clocks are the low 32 bits: unwrap each against the kernel's earliest on its SM
    return sm, start, a[:, :, words - 2], a[:, :, 1] if words == 4 else None


def unwrap(x, ref):
    return ref + ((x - ref) & 0xFFFFFFFF)


def figures(values, words, wpb, bps):
    sm, start, end, mid = blocks(values, words, wpb)
    out = {"life": [], "stagger": [], "gap": [], "load1": [], "load2": [], "block_spread": [], "at_once": [],
           "late": []}
    for s in np.unique(sm):
        k = np.flatnonzero(sm == s)
        ref = start[k].min()       # the wrap cannot matter within one kernel's few thousand cycles
        st = unwrap(start[k], ref) - ref
        en = unwrap(end[k], ref) - ref
        b_start, b_end = st.min(1), en.max(1)
        order = np.argsort(b_start)
        out["life"] += list((en - st).ravel())
        out["block_spread"] += list(st.max(1) - st.min(1))
        first = b_start[order[:bps]]
        out["stagger"].append(first.max() - first.min())
        w0 = (st[order[:bps]] - first.min()).ravel()          # the first wave's warps, from its first start
        out["at_once"].append((w0 < 200).sum())
        out["late"] += list(w0[w0 >= 200])
        ends = np.sort(b_end)
        later = b_start[order[bps:]]
        out["gap"] += list(later - ends[:later.size])
        if mid is not None:
            ld = unwrap(mid[k], ref) - ref - st
            out["load1"] += list(ld[order[:bps]].ravel())
            out["load2"] += list(ld[order[bps:]].ravel())
    return {k: np.asarray(v) for k, v in out.items()}


def line(name, v):
    if v.size == 0:
        return ""
    p10, p50, p90 = np.percentile(v, [10, 50, 90])
    return f"{name} mean {v.mean():7.0f} p10/50/90 {p10:6.0f} {p50:6.0f} {p90:6.0f}"


def show(who, cycles, f):
    print(f"    {who:7} kernel {cycles:>8,.0f}  " + line("warp life", f["life"]))
    print(f"    {'':7} {'':15} " + line("1st wave hand-out on an SM", f["stagger"]))
    print(f"    {'':7} {'':15} " + line("warps' starts in a block", f["block_spread"]))
    n, c = np.unique(f["at_once"], return_counts=True)
    print(f"    {'':7} {'':15} 1st wave's warps an SM starts within 200 cycles: "
          + ", ".join(f"{a} on {b} SMs" for a, b in sorted(zip(n, c), key=lambda t: -t[1])[:3])
          + ("; " + line("the rest start", f["late"]) if f["late"].size else ""))
    if f["gap"].size:
        print(f"    {'':7} {'':15} " + line("slot empty", f["gap"]))
    for k, name in (("load1", "load wait, 1st wave"), ("load2", "load wait, later")):
        if f[k].size:
            print(f"    {'':7} {'':15} " + line(name, f[k]))


def load(path):
    raw = Path(path).read_bytes()
    return json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)


def record_and_run(path, config):
    """A same-pass clock record, its micro's name, its Nsight record (beside it) and
    simgpu's run of the same launches with the binary's registers; prints the header."""
    from simgpu.crosscheck import simulate_recorded
    record = load(path)
    name = Path(record["program"]).stem
    ncu = load(Path(path).parent / f"micro_{name}.json")["programs"][0]     # the binary's registers
    run = simulate_recorded(ncu, config)
    print(f"{Path(path).name}: {record['nvidia_smi']}, {record['date'][:16]}, {len(record['passes'])} passes")
    return record, name, ncu, run


def figures_of(path, config):
    record, name, ncu, run = record_and_run(path, config)
    for k, (buf, words, wpb, bps) in enumerate(LAUNCHES[name]):
        regs = ncu["ncu"]["launches"][k].get("launch__registers_per_thread")
        print(f"  {run.results[k].kernel.name} {buf}: blocks of {wpb} warps, {bps} an SM, {regs:.0f} registers")
        for p, one in enumerate(record["passes"]):
            show(f"H200 {p + 1}", one["launches"][k]["gpc__cycles_elapsed.max"], figures(one["buffers"][buf], words, wpb, bps))
        show("simgpu", run.results[k].stats["cycles"], figures(np.asarray(run.buffers[buf]).ravel(), words, wpb, bps))


def main(argv):
    config = "h200"
    if "--config" in argv:
        k = argv.index("--config")
        config, argv = argv[k + 1], argv[:k] + argv[k + 2:]
    for path in argv or [r for r in RECORDS if r.exists()]:
        figures_of(path, config)


if __name__ == "__main__":
    main(sys.argv[1:])
