"""Measure what reaches the L2's tag lookup when several SMs read the same
sectors, on a real GPU under Nsight Compute (one record, written by this
script only):

- `lrc`: the L2 Request Coalescer's metrics the GPU's Nsight Compute has
  (`ncu --query-metrics`, names and descriptions), the basis for reading
  the rest;
- `programs`: simgpu's programs whose blocks share data (the matmuls,
  attention) and two streaming controls (vector_add, transpose_naive) with
  the L1's sectors to the L2, the LRC's sectors in and out, and the L2's own
  lookups split by read/write and hit/miss (one ncu process per program);
- `pair`: two warps on two chosen SMs read the same 256 cold lines (one
  128-byte line per load, `ld.global.cg`), the second `delay` cycles after
  the first, each line `pace` cycles after the previous one; per launch the
  L2's read lookups and hits and the LRC's counters, and in the kernel each
  load's latency (clock64 around the load and its first use). Both warps
  start when a third SM raises a flag (they poll it; the polls are counted
  so that they can be told apart from the loads).

    python3 tools/measure_l2_coalescing.py OUT.json [--programs a,b,...] [--no-pair]
"""
import csv
import io
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from simgpu.crosscheck import ncu_counters, tool_provenance  # noqa: E402

PROGRAMS = ["matmul_naive", "matmul_tiled", "matmul_tiled32", "matmul_registers", "matmul_batched",
            "attention_flash", "attention_naive", "vector_add", "transpose_naive"]

WANTED = [
    "gpc__cycles_elapsed.max", "dram__bytes_read.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_miss.sum",
    "l1tex__m_xbar2l1tex_read_sectors.sum", "l1tex__m_xbar2l1tex_read_sectors_mem_lg_op_ld.sum",
    "l1tex__m_l1tex2xbar_req.sum", "l1tex__m_l1tex2xbar_write_sectors.sum",
    "lts__t_sectors.sum", "lts__t_sectors_lookup_hit.sum", "lts__t_sectors_lookup_miss.sum",
    "lts__t_requests_srcunit_tex.sum", "lts__t_sectors_srcunit_tex.sum",
    "lts__t_sectors_srcunit_tex_lookup_hit.sum", "lts__t_sectors_srcunit_tex_lookup_miss.sum",
    "lts__t_sectors_srcunit_tex_op_read.sum", "lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum",
    "lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum", "lts__t_sectors_srcunit_tex_op_write.sum",
    "lts__t_sectors_srcunit_ltcfabric.sum", "lts__t_sectors_srcunit_ltcfabric_lookup_hit.sum",
    "lts__t_sectors_srcunit_ltcfabric_lookup_miss.sum",
]

PAIR_SRC = r'''
extern "C" __global__ void pair_read(const float* __restrict__ buf, volatile unsigned* flag, unsigned* claim,
        long long* info, long long* lat, int nlines, int stride, long long pace, long long delay,
        int sm_a, int sm_b, int sm_c) {
    unsigned smid;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    int role = smid == sm_a ? 0 : smid == sm_b ? 1 : smid == sm_c ? 2 : -1;
    if (role < 0) return;
    __shared__ int mine;
    if (threadIdx.x == 0) mine = atomicCAS(claim + role, 0u, 1u) == 0u;
    __syncwarp();
    if (!mine) return;
    int lane = threadIdx.x;
    if (role == 2) {                       // the starter: let the others reach their polls, then raise the flag
        long long t = clock64();
        while (clock64() - t < 40000) ;
        if (lane == 0) { *flag = 1u; __threadfence(); }
        return;
    }
    long long polls = 0;
    if (lane == 0) while (*flag == 0u && polls < 100000) polls++;
    __syncwarp();
    long long t0 = clock64();
    unsigned long long g0;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0));
    long long off = role == 0 ? (delay < 0 ? -delay : 0) : (delay > 0 ? delay : 0);
    __shared__ long long my_lat[1024];
    float s = 0.f;
    for (int i = 0; i < nlines; i++) {
        long long target = t0 + off + (long long)i * pace;
        while (clock64() < target) ;
        long long a, b;
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(a) :: "memory");
        float v = __ldcg(buf + (long long)i * stride + lane);
        asm volatile("add.f32 %0, %0, %1;" : "+f"(s) : "f"(v));
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(b) : "f"(s) : "memory");
        if (lane == 0) my_lat[i] = b - a;
    }
    __syncwarp();
    for (int i = lane; i < nlines; i += 32) lat[role * nlines + i] = my_lat[i];
    if (lane == 0) {
        info[role * 4 + 0] = smid;
        info[role * 4 + 1] = polls;
        info[role * 4 + 2] = (long long)g0;
        info[role * 4 + 3] = s == 1234.5f;
    }
}
'''

PAIRS = [(0, 1), (0, 2), (0, 66), (0, 131)]
STARTER = 64
DELAYS = [-600, -300, 0, 100, 200, 300, 400, 500, 600, 700, 800, 1000, 1200, 1600, 2400]
NLINES, STRIDE, PACE = 256, 32 * 37, 3000

PAIR_CHILD = r'''
import cupy, json, sys
mod = cupy.RawModule(code=SRC, options=("-arch=sm_90",))
f = mod.get_function("pair_read")
buf = cupy.random.rand(NLINES * STRIDE + 64, dtype=cupy.float32)
results = []
for a, b in PAIRS:
    for d in DELAYS:
        flag = cupy.zeros(32, cupy.uint32)
        claim = cupy.zeros(4, cupy.uint32)
        info = cupy.zeros(12, cupy.int64)
        lat = cupy.zeros(2 * NLINES, cupy.int64)
        f((264,), (32,), (buf, flag, claim, info, lat, cupy.int32(NLINES), cupy.int32(STRIDE),
                          cupy.int64(PACE), cupy.int64(d), cupy.int32(a), cupy.int32(b), cupy.int32(STARTER)))
        cupy.cuda.Device().synchronize()
        i, L = info.get().tolist(), lat.get()
        results.append({"sm_a": a, "sm_b": b, "delay": d, "info": i,
                        "lat_a": L[:NLINES].tolist(), "lat_b": L[NLINES:].tolist()})
print("PAIRJSON " + json.dumps(results))
'''


def query_metrics():
    """(base names, the lrc lines with their descriptions) from ncu's list for GH100."""
    res = subprocess.run(["ncu", "--query-metrics", "--chip", "gh100"], capture_output=True, text=True)
    lines = [ln for ln in res.stdout.splitlines() if ln.strip() and not ln.startswith(("-", "Device"))]
    names = {ln.split()[0] for ln in lines}
    return names, [ln.rstrip() for ln in lines if ln.startswith("lrc__")], res.stderr[-1000:]


def pick(names, lrc_lines):
    keep = [m for m in WANTED if m.rsplit(".", 1)[0] in names]
    lrc = [ln.split()[0] for ln in lrc_lines]
    keep += [n + ".sum" for n in lrc if "sectors" in n or "requests" in n]
    return keep


def _takes(probe, metrics):
    # ncu_counters falls back to its own list when ncu refuses these (it then says stall_error)
    res = ncu_counters(probe, {}, metrics)
    return "launches" in res and "stall_error" not in res


def working(metrics, probe):
    """The metrics ncu accepts together: all if it takes them, else the fixed list's
    (or each of those it takes alone) and each LRC metric it takes alone."""
    if _takes(probe, metrics):
        return metrics, []
    fixed = [m for m in metrics if not m.startswith("lrc__")]
    ok = fixed if _takes(probe, fixed) else [m for m in fixed if _takes(probe, [m])]
    ok += [m for m in metrics if m.startswith("lrc__") and _takes(probe, [m])]
    return ok, [m for m in metrics if m not in ok]


def pair_sweep(metrics):
    child = (f"SRC = {PAIR_SRC!r}\nPAIRS = {PAIRS!r}\nDELAYS = {DELAYS!r}\nNLINES, STRIDE, PACE, STARTER = "
             f"{NLINES}, {STRIDE}, {PACE}, {STARTER}\n" + PAIR_CHILD)
    cmd = ["ncu", "--clock-control", "none", "--csv", "--page", "raw", "--metrics", ",".join(metrics),
           "--kernel-name", "pair_read", sys.executable, "-c", child]
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=200)
    lines = [ln for ln in res.stdout.splitlines() if ln.startswith('"')]
    rows = [r for r in csv.DictReader(io.StringIO("\n".join(lines))) if r.get("ID", "").isdigit()]
    js = [ln for ln in res.stdout.splitlines() if ln.startswith("PAIRJSON ")]
    runs = json.loads(js[0][9:]) if js else []

    def num(v):
        try:
            return float(v.replace(",", ""))
        except (AttributeError, ValueError):
            return None
    for run, r in zip(runs, rows):
        run.update({m: num(r.get(m)) for m in metrics})
    return {"source": PAIR_SRC, "pairs": PAIRS, "starter_sm": STARTER, "delays": DELAYS, "nlines": NLINES,
            "stride_floats": STRIDE, "pace_cycles": PACE, "grid": [264], "block": [32], "launches": runs,
            "ncu_rows": len(rows), "stderr_tail": res.stderr[-1500:] if len(rows) != len(runs) or not runs else ""}


def main(out, programs=PROGRAMS, pair=True):
    names, lrc_lines, note = query_metrics()
    probe = ROOT / "programs" / "vector_add.s"
    metrics, refused = working(pick(names, lrc_lines), probe)
    record = {"what": "what reaches the L2's tag lookup when SMs read the same sectors "
                      "(tools/measure_l2_coalescing.py)",
              **tool_provenance("python3 " + " ".join(sys.argv)),
              "lrc_metrics": lrc_lines, "query_note": note, "metrics": metrics, "metrics_refused": refused,
              "programs": []}
    for name in programs:
        res = ncu_counters(ROOT / "programs" / f"{name}.s", {}, metrics)
        record["programs"].append({"program": f"programs/{name}.s", **res})
        print(name, [{k: v for k, v in L.items() if "lrc" in k or "srcunit_tex" in k}
                     for L in res.get("launches", [])], flush=True)
    with open(out, "w") as f:               # what there is so far, should the sweep not finish
        json.dump(record, f, indent=1)
    pair_metrics = [m for m in metrics if m.startswith(("lts__", "lrc__", "dram__"))]
    try:
        record["pair"] = pair_sweep(pair_metrics) if pair else {"error": "not run (--no-pair)"}
    except Exception as e:                   # keep the program records
        record["pair"] = {"error": f"{type(e).__name__}: {e}"}
    with open(out, "w") as f:
        json.dump(record, f, indent=1)
    for run in record["pair"].get("launches", []):
        la = sorted(run["lat_a"])[len(run["lat_a"]) // 2]
        lb = sorted(run["lat_b"])[len(run["lat_b"]) // 2]
        print(run["sm_a"], run["sm_b"], run["delay"], "smids", run["info"][0], run["info"][4], "polls",
              run["info"][1], run["info"][5], "dt_ns", run["info"][6] - run["info"][2], "lat med", la, lb,
              "rd", run.get("lts__t_sectors_srcunit_tex_op_read.sum"),
              "rd hit", run.get("lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum"))
    print("refused:", refused, record["pair"].get("stderr_tail") or record["pair"].get("error", ""))


if __name__ == "__main__":
    args = sys.argv[1:]
    chosen = args[args.index("--programs") + 1].split(",") if "--programs" in args else PROGRAMS
    main(args[0], chosen, "--no-pair" not in args)
