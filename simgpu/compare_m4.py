"""`simgpu compare --config apple-m4`: the apple-m4 config's predictions against
seed 000's measurements on an Apple M4 (traces/apple-m4/seed000.json, parsed
from the seed's printed tables by tools/extract_seed_m4.py).

The seed timed Metal ports of simgpu's programs through
torch.mps.compile_shader; simgpu has no cycle counts of the M4 to compare
with, so the comparison is of RATIOS, which a model can get right even where
its absolute clock or bandwidth is off:

- stride sweep: strided_copy's bandwidth at stride s over its bandwidth at
  stride 1 (the same bytes moved, so simulated: time(1) / time(s));
- matmul ladder: each kernel's GFLOP/s over matmul_naive's at the same n
  (simulated: time(naive) / time(kernel));
- vector_add: achieved bandwidth (3 x 4 bytes x n / time, the seed's formula)
  as a fraction of the config's peak DRAM bandwidth (`dram_bandwidth_gbs`,
  Apple's 120 GB/s specification); measured: the seed's GB/s over the same.

The kernels are compiled as Apple's Metal compiler is assumed to compile
the seed's Metal ports (`lower="metal"`, simgpu/ptx/lower.py lower_metal:
loops of a fixed trip count unrolled, adjacent threadgroup loads merged into
vector loads, loops of a run-time trip count as written), as `simgpu
compare` on the H200 records applies ptxas's lowering.

Sizes: the seed used n = 2^26 floats for the bandwidth runs and n = 512, 1024,
2048 for the ladder. simgpu runs the ladder at the seed's smallest n, 512
(about a minute), and the bandwidth runs at the smallest sizes that still
show each phenomenon, and says so in the output:
- the bandwidth runs need arrays larger than the last-level cache (the M4's
  8 MB SLC, `l2_bytes`), or DRAM never sees the traffic, and the output left
  dirty in the cache at the end (never written back) must be a small share:
  strided_copy and vector_add get n = the smallest power of two with
  4n >= 2 x l2_bytes (2^22, arrays of 16 MB). That shows strides 3, 9 and 33.
  At stride 1025, thread i + n/1025 reads next to thread i, so a 128-byte line
  comes back after about n/1025 other lines: at the seed's n = 2^26 that is
  65,000 lines, the 8 MB cache, but at 2^22 only 4,000, which the cache still
  serves; the stride-1025 point is shown but does not measure the same thing
  (`stride_n=67108864` is the seed's experiment, about 20 minutes).
"""
import json
from pathlib import Path

from .compare import WITHIN, mape, rel_error
from .config import load_config
from .errors import SimgpuError
from .recipe import parse_recipe, run_recipe

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "traces" / "apple-m4" / "seed000.json"
PROGRAMS = ROOT / "programs"
LADDER = {"naive": "matmul_naive", "tiled": "matmul_tiled", "tiled 32": "matmul_tiled32",
          "registers": "matmul_registers"}
SIZE_KEYS = ("stride_n", "vector_n", "matmul_n")
LOWER = "metal"     # the kernels as Apple's Metal compiler is assumed to compile them (simgpu/ptx/lower.py lower_metal)


def default_sizes(cfg):
    """The smallest sizes that show each phenomenon on this config (module doc)."""
    def pow2_at_least(x):
        n = 1
        while n < x:
            n *= 2
        return n
    n = pow2_at_least(2 * cfg["l2_bytes"] / 4)
    return {"stride_n": n, "vector_n": n, "matmul_n": 512}


def load_reference(path=None):
    path = Path(path or REFERENCE)
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise SimgpuError(f"cannot read the reference {path}: {e}") from None


def _time_us(program, sets, config):
    run = run_recipe(parse_recipe(PROGRAMS / f"{program}.s"), {k: str(v) for k, v in sets.items()}, config=config,
                     lower=LOWER)
    failed = [c for c in run.checks if not c.passed]
    if failed:
        raise SimgpuError(f"{program} {sets}: simgpu's result fails its check ({failed[0].error:.2e})")
    return sum(r.stats["time_us"] for r in run.results)


def _point(group, name, measured, sim, lines, note=""):
    return {"group": group, "name": name, "measured": measured, "simgpu": sim,
            "rel_error": rel_error(sim, measured), "seed_lines": lines, "note": note}


def compare_m4(config="apple-m4", reference=None, sizes=None):
    """Points (group, name, measured ratio, simulated ratio, relative error,
    seed lines) and a summary; sizes: stride_n, vector_n, matmul_n overrides."""
    cfg = load_config(config)
    ref = load_reference(reference)
    sz = default_sizes(cfg)
    unknown = set(sizes or {}) - set(SIZE_KEYS)
    if unknown:
        raise SimgpuError(f"--set {sorted(unknown)[0]}: no such size (sizes: {', '.join(SIZE_KEYS)})")
    sz.update({k: int(v) for k, v in (sizes or {}).items()})
    points = []
    # stride sweep
    bw = ref["bandwidth"]
    sweep = {r["stride"]: r for r in bw["strided_copy"]}
    if 1 not in sweep:
        raise SimgpuError("the reference has no stride-1 figure to divide by")
    t = {s: _time_us("strided_copy", {"n": sz["stride_n"], "stride": s}, config) for s in sweep}
    for s, r in sweep.items():
        if s != 1:
            points.append(_point("stride sweep: bandwidth / bandwidth at stride 1", f"stride {s}",
                                 r["gbs"] / sweep[1]["gbs"], t[1] / t[s], [sweep[1]["line"], r["line"]]))
    # matmul ladder at the seed's n closest to (and not below) the simulated one
    ladder = [r for r in ref["matmul_ladder"] if r["kernel"] in LADDER]
    ns = sorted({r["n"] for r in ladder})
    n_ref = next((n for n in ns if n >= sz["matmul_n"]), ns[-1])
    rows = {r["kernel"]: r for r in ladder if r["n"] == n_ref}
    tm = {k: _time_us(p, {"n": sz["matmul_n"]}, config) for k, p in LADDER.items() if k in rows}
    for k in tm:
        if k != "naive":
            points.append(_point(f"matmul ladder: GFLOP/s / naive's (seed n = {n_ref})", f"{k} / naive",
                                 rows[k]["gflops"] / rows["naive"]["gflops"], tm["naive"] / tm[k],
                                 [rows["naive"]["line"], rows[k]["line"]]))
    # vector_add bandwidth as a fraction of peak
    peak = cfg["dram_bandwidth_gbs"]
    tv = _time_us("vector_add", {"n": sz["vector_n"]}, config)
    points.append(_point(f"vector_add: bandwidth / the config's {peak:g} GB/s peak", "vector_add",
                         bw["vector_add"]["gbs"] / peak, 3 * 4 * sz["vector_n"] / (tv * 1e-6) / 1e9 / peak,
                         [bw["vector_add"]["line"]]))
    errs = [p for p in points if p["rel_error"] is not None]
    summary = {"points": len(points),
               "mape_pct": mape([p["simgpu"] for p in errs], [p["measured"] for p in errs]) if errs else None,
               "within_25pct": sum(abs(p["rel_error"]) <= WITHIN for p in errs)}
    source = {"reference": str(reference or REFERENCE), "seed": ref.get("source"), "device": ref.get("device"),
              "config": config, "lower": LOWER, "config_name": cfg["name"], "sizes": sz, "seed_sizes":
              {"stride_n": bw["n"]["value"], "vector_n": bw["n"]["value"], "matmul_n": n_ref}}
    return {"source": source, "points": points, "summary": summary}


def format_m4(result):
    src, s = result["source"], result["summary"]
    sz, seed = src["sizes"], src["seed_sizes"]
    out = [f"simgpu compare: the {src['config']} config ({src['config_name']}) vs seed 000's measurements",
           f"  measured: {src['device']}; {src['seed']} via {src['reference']}",
           f"  compiled with the {src.get('lower')} lowering (simgpu/ptx/lower.py); "
           f"simulated at smaller sizes than the seed's (simgpu/compare_m4.py says why): strided_copy "
           f"n = {sz['stride_n']:,} (seed {seed['stride_n']:,}), vector_add n = {sz['vector_n']:,} "
           f"(seed {seed['vector_n']:,}), matmuls n = {sz['matmul_n']} (seed {seed['matmul_n']})", "",
           f"  {'figure':30s} {'measured':>9s} {'simgpu':>9s} {'rel. error':>11s}  seed lines"]
    group = None
    for p in result["points"]:
        if p["group"] != group:
            group = p["group"]
            out.append(group)
        e = "n/a" if p["rel_error"] is None else f"{100 * p['rel_error']:+.1f}%"
        out.append(f"  {p['name']:30s} {p['measured']:>9.3f} {p['simgpu']:>9.3f} {e:>11s}  "
                   + ", ".join(str(x) for x in p["seed_lines"]))
    m = s["mape_pct"]
    out += ["", f"summary: {s['points']} ratios, MAPE {'n/a' if m is None else f'{m:.1f}%'}, "
                f"within 25%: {s['within_25pct']} of {s['points']}"]
    return "\n".join(out)


def plot_m4(result, out, fmt=None):
    """Measured and simulated ratios side by side, one pair of bars per point;
    to a path, or a file object in format `fmt` (plots.save)."""
    import matplotlib.pyplot as plt
    import numpy as np

    from .plots import save
    pts = result["points"]
    fig, ax = plt.subplots(figsize=(11, 0.5 * len(pts) + 2))
    y = np.arange(len(pts))
    ax.barh(y - 0.2, [p["measured"] for p in pts], 0.4, color="tab:gray", label="measured (seed 000, Apple M4)")
    ax.barh(y + 0.2, [p["simgpu"] for p in pts], 0.4, color="tab:blue", label=f"simgpu ({result['source']['config']})")
    ax.set_yticks(y)
    ax.set_yticklabels([f"{p['group'].split(':')[0]}: {p['name']}" for p in pts], fontsize=8)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("ratio (log scale): bandwidth vs stride 1, GFLOP/s vs naive, bandwidth vs peak")
    s = result["summary"]
    ax.set_title(f"{result['source']['config_name']}: ratios vs seed 000's M4 measurements "
                 f"(MAPE {s['mape_pct']:.1f}%, {s['within_25pct']}/{s['points']} within 25%)")
    ax.grid(True, axis="x", which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    save(fig, out, fmt)
