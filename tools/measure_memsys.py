"""Measure the memory-system rules simgpu's hierarchy needs, on a real GPU,
under Nsight Compute (one record, written by this script only):

- how `lts__t_sector_hit_rate` counts reads, writes and atomics: a buffer read
  once from DRAM, written once, read twice (the second pass hits), atomics on
  a resident buffer, with the per-operation lookup counters where the ncu
  version has them;
- the L2 bandwidth one SM can draw (1 block) and the whole GPU can draw
  (every SM), reading an 8 MB buffer that stays in the L2 (`ld.global.cg`,
  so the L1 is bypassed): bytes / gpc__cycles_elapsed.max;
- atomic throughput at the L2: coalesced distinct addresses, every lane of a
  warp on one address (each warp its own), and `red` (no return value);
- shared-memory atomics: distinct addresses and one address per warp.

    python3 tools/measure_memsys.py OUT.json
"""
import csv
import io
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from simgpu.crosscheck import tool_provenance  # noqa: E402

SRC_PATH = Path(__file__).resolve().parents[1] / "tests" / "memsys" / "memsys.cu"
SRC = SRC_PATH.read_text()

# What each launch is, in the order the child makes them.
CASES = [
    ("read_once_dram", "read a 256 MB buffer once (cold: every sector from DRAM), 132x4 blocks of 256"),
    ("write_once", "write a 256 MB buffer once, 132x4 blocks of 256 (full 16-byte stores)"),
    ("read_l2_warm_1pass", "read an 8 MB buffer once that the previous launch left in the L2"),
    ("read_l2_1sm", "read an 8 MB L2-resident buffer 8 times with 1 block of 1024 threads (one SM's L2 bandwidth)"),
    ("read_l2_all", "read an 8 MB L2-resident buffer 64 times with 132x2 blocks of 1024 (the whole GPU's L2 bandwidth)"),
    ("atom_distinct", "atom.global.add.u32 on 1M distinct coalesced words (L2-resident), 16 passes, 132x2 blocks of 1024"),
    ("red_distinct", "red.global.add.u32 on 1M distinct coalesced words, 16 passes, 132x2 blocks of 1024"),
    ("atom_same_per_warp", "atom.global.add.u32, all 32 lanes of a warp on one word (each warp its own), 64 per thread, 132x2 blocks of 1024"),
    ("atom_shared_distinct", "atom.shared.add.u32 on distinct words, 4096 per thread, 132 blocks of 1024"),
    ("atom_shared_same", "atom.shared.add.u32, a warp's 32 lanes on one word, 1024 per thread, 132 blocks of 1024"),
] + [(f"read_l2_ilp4_{g}sm", f"read an 8 MB L2-resident buffer with 4 loads in flight per thread, {g} block(s) of 1024 "
      f"(one per SM), {r} passes") for g, r in ((1, 4), (8, 16), (33, 32), (66, 64), (132, 64))]

CHILD = r'''
import cupy, sys
mod = cupy.RawModule(code=SRC, options=("-arch=sm_90",))
f = {n: mod.get_function(n) for n in ("read_once", "read_ilp4", "write_once", "atom_distinct", "red_distinct",
                                        "atom_same_per_warp", "atom_shared")}
big = cupy.random.rand(64 << 20, dtype=cupy.float32)          # 256 MB: far beyond the L2
out = cupy.zeros(4, cupy.float32)
small = cupy.random.rand(2 << 20, dtype=cupy.float32)         # 8 MB: stays in the L2
words = cupy.zeros(1 << 20, cupy.uint32)
L = cupy.int64
f["read_once"]((528,), (256,), (big, out, L(big.size // 4), cupy.int32(1)))
f["write_once"]((528,), (256,), (big, L(big.size // 4)))
f["read_once"]((528,), (256,), (small, out, L(small.size // 4), cupy.int32(1)))
f["read_once"]((528,), (256,), (small, out, L(small.size // 4), cupy.int32(1)))
f["read_once"]((1,), (1024,), (small, out, L(small.size // 4), cupy.int32(8)))
f["read_once"]((264,), (1024,), (small, out, L(small.size // 4), cupy.int32(64)))
f["atom_distinct"]((264,), (1024,), (words, L(words.size), cupy.int32(16)))
f["red_distinct"]((264,), (1024,), (words, L(words.size), cupy.int32(16)))
f["atom_same_per_warp"]((264,), (1024,), (words, cupy.int32(64)))
f["atom_shared"]((132,), (1024,), (words, cupy.int32(4096), cupy.int32(0)))
f["atom_shared"]((132,), (1024,), (words, cupy.int32(1024), cupy.int32(1)))
for g, r in ((1, 4), (8, 16), (33, 32), (66, 64), (132, 64)):
    f["read_ilp4"]((g,), (1024,), (small, out, L(small.size // 4), cupy.int32(r)))
cupy.cuda.Device().synchronize()
'''
# the third launch (a first pass over `small`) only warms the L2 for the fourth
SKIP = {2}

WANTED = [
    "gpc__cycles_elapsed.max", "sm__cycles_elapsed.avg", "gpu__time_duration.sum", "smsp__inst_executed.sum",
    "dram__bytes_read.sum", "dram__bytes_write.sum",
    "lts__t_sectors.sum", "lts__t_sector_hit_rate.pct", "lts__t_sectors_lookup_hit.sum",
    "lts__t_sectors_lookup_miss.sum",
    "lts__t_sectors_op_read.sum", "lts__t_sectors_op_write.sum", "lts__t_sectors_op_atom.sum",
    "lts__t_sectors_op_red.sum", "lts__t_sector_op_read_hit_rate.pct", "lts__t_sector_op_write_hit_rate.pct",
    "lts__t_sector_op_atom_hit_rate.pct", "lts__t_sector_op_red_hit_rate.pct",
    "lts__t_sectors_srcunit_tex.sum", "lts__t_sectors_srcunit_tex_lookup_hit.sum",
    "lts__t_sectors_srcunit_tex_lookup_miss.sum", "lts__t_sectors_srcunit_tex_op_read.sum",
    "lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum", "lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum",
    "lts__t_sectors_srcunit_tex_op_write_lookup_hit.sum", "lts__t_sectors_srcunit_tex_op_write_lookup_miss.sum",
    "lts__t_sectors_srcunit_ltcfabric.sum", "lts__t_requests_srcunit_tex.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum", "l1tex__t_requests_pipe_lsu_mem_global_op_red.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
]

CORE = {"gpc__cycles_elapsed.max", "sm__cycles_elapsed.avg", "gpu__time_duration.sum", "smsp__inst_executed.sum",
        "dram__bytes_read.sum", "dram__bytes_write.sum", "lts__t_sector_hit_rate.pct",
        "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
        "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"}


def available_metrics():
    res = subprocess.run(["ncu", "--query-metrics", "--chip", "gh100"], capture_output=True, text=True)
    names = {ln.split()[0] for ln in res.stdout.splitlines() if ln.strip() and not ln.startswith(("-", "Device"))}
    if not names:                       # no metric list: the ones every record so far has had
        return [m for m in WANTED if m in CORE], res.stdout[-2000:] + res.stderr[-2000:]
    keep = []
    for m in WANTED:
        base = m.rsplit(".", 1)[0]
        if base in names:
            keep.append(m)
    return keep, res.stdout[-2000:] if not keep else ""


def main(out):
    metrics, note = available_metrics()
    cmd = ["ncu", "--clock-control", "none", "--csv", "--page", "raw", "--metrics", ",".join(metrics),
           "--kernel-name", "regex:^(read_once|read_ilp4|write_once|atom_distinct|red_distinct|atom_same_per_warp|atom_shared)$",
           sys.executable, "-c", "SRC = " + repr(SRC) + "\n" + CHILD]
    res = subprocess.run(cmd, capture_output=True, text=True)
    lines = [ln for ln in res.stdout.splitlines() if ln.startswith('"')]
    rows = [r for r in csv.DictReader(io.StringIO("\n".join(lines))) if r.get("ID", "").isdigit()]

    def num(v):
        try:
            return float(v.replace(",", ""))
        except ValueError:
            return None
    launches = []
    case = iter(CASES)
    if len(rows) != len(CASES) + len(SKIP):
        print("unexpected launches:", [r.get("Kernel Name") for r in rows], res.stderr[-1500:])
    for k, r in enumerate(rows[:len(CASES) + len(SKIP)]):
        if k in SKIP:
            continue
        name, what = next(case)
        launches.append({"case": name, "what": what, "kernel": r.get("Kernel Name"),
                         **{m: num(r[m]) for m in metrics if m in r}})
    record = {"what": "memory-system microbenchmarks under Nsight Compute (tools/measure_memsys.py)",
              **tool_provenance("python3 tools/measure_memsys.py " + out), "source": SRC, "launches": launches,
              "metrics_missing": [m for m in WANTED if m not in metrics], "query_note": note,
              "stderr_tail": res.stderr[-1500:] if len(rows) != len(CASES) + len(SKIP) else ""}
    with open(out, "w") as f:
        json.dump(record, f, indent=1)
    for L in launches:
        cyc = L.get("gpc__cycles_elapsed.max")
        print(L["case"], "cycles", cyc, "L2 hit", L.get("lts__t_sector_hit_rate.pct"),
              "read hit", L.get("lts__t_sector_op_read_hit_rate.pct"), "dram rd", L.get("dram__bytes_read.sum"))
    print("missing metrics:", record["metrics_missing"])
    print(record["stderr_tail"])


if __name__ == "__main__":
    main(sys.argv[1])
