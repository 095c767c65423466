"""The L1 data stage's wavefronts of every program's global loads on the
H200, next to simgpu's count, from traces/h200/gld_wavefronts.tar.gz (made
by tools/device_gld_wavefronts.sh: every program of programs/ and
programs/holdout/ at its default sizes under ncu).

    python3 tools/gld_wavefront_figures.py

simgpu's count (`gld_wavefronts`, exec/warp.py count_access) is memory/banks.py's
rule for the addresses: a wavefront for each of a bank's distinct words, as
shared memory, programs/micro/ldg_banks.s having measured that the L1's data
stage works so. Nsight's `l1tex__data_pipe_lsu_wavefronts_mem_lgds_cmd_read`
also counts the wavefronts the stage lost to other L1 traffic (stores, fills:
`l1tex__data_bank_conflicts_pipe_lsu_mem_gds_op_ld` on kernels whose loads
are coalesced, vector_add's +10%), so simgpu's count is never above it, and
equal where the loads have the stage to themselves. A measurement, not a fit:
nothing is written.
"""
import csv
import io
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORD = ROOT / "traces" / "h200" / "gld_wavefronts.tar.gz"
WF = "l1tex__data_pipe_lsu_wavefronts_mem_lgds_cmd_read.sum"
REQ = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"


def measured():
    """{program name: [(kernel, requests, wavefronts) per launch]} from the record."""
    out = {}
    with tarfile.open(RECORD) as tar:
        for m in sorted(tar.getmembers(), key=lambda m: m.name):
            if not m.name.endswith(".csv"):
                continue
            rows = list(csv.reader(io.StringIO(tar.extractfile(m).read().decode())))
            head = [i for i, r in enumerate(rows) if r and r[0] == "ID"]
            if not head:
                continue
            hdr = rows[head[0]]
            num = lambda r, k: int(float(r[hdr.index(k)].replace(",", "")))     # noqa: E731
            out[Path(m.name).stem] = [(r[hdr.index("Kernel Name")], num(r, REQ), num(r, WF))
                                      for r in rows[head[0] + 2:]]
    return out


def program_path(name):
    p = ROOT / "programs" / f"{name}.s"
    return p if p.exists() else ROOT / "programs" / "holdout" / f"{name}.ptx"


def figures(names=None):
    """(program, kernel, H200 requests, simgpu's, H200 wavefronts, simgpu's) per launch."""
    from simgpu.recipe import parse_recipe, run_recipe
    rows = []
    for name, launches in measured().items():
        if names and name not in names:
            continue
        run = run_recipe(parse_recipe(program_path(name)), config="h200", lower="ptxas", timing=False)
        for (kernel, req, wf), res in zip(launches, run.results):
            rows.append((name, kernel, req, res.stats["gld_requests"], wf, res.stats.get("gld_wavefronts", 0)))
    return rows


def main():
    print(f"{'program':22} {'kernel':16} {'requests':>9} {'H200 wf':>10} {'simgpu':>10}   a load: H200 simgpu")
    for name, kernel, req, sreq, wf, swf in figures():
        if req:
            print(f"{name:22} {kernel[:16]:16} {req:9,} {wf:10,} {swf:10,} {100 * (swf / wf - 1):+6.1f}%"
                  f"   {wf / req:5.2f} {swf / max(1, sreq):5.2f}")


if __name__ == "__main__":
    main()
