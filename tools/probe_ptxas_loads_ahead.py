"""How many independent global loads ptxas issues before the first
instruction that reads one of them, probed.

    python3 tools/probe_ptxas_loads_ahead.py --out traces/ptxas/loads_ahead.json
    python3 tools/probe_ptxas_loads_ahead.py --dump traces/ptxas/sm90_holdout2.sass F.ptx ...
    python3 tools/probe_ptxas_loads_ahead.py --ptx traces/ptxas/loads_ahead.ptx

simgpu's ptxas lowering list-schedules a block's loads ahead of the
arithmetic that waits for them, at most `MAX_LOADS_AHEAD` (simgpu/ptx/
unroll.py) unread at once, as read from the SASS of gemv_warp and the clock
micros (16; 14 in inflight_clock.s's ld16 and in row_softmax). This probe
compiles loops whose body reads N floats and adds them up in order, in
three shapes -- `offset`: N words of one pointer at immediate offsets
(gemv_warp's body); `stride`: N words a run-time stride apart, each its own
64-bit address (inflight_clock.s, gather_clock.s); `pair`: N/2 products of
two such loads (gemv_warp's FFMAs) -- with `nvcc -cubin -arch=sm_90 -O3`
and reads each kernel's LDG and FADD/FFMA order from `cuobjdump -sass`: the
loads issued before the first add or multiply-add that reads one, and the
most ever issued and unread. Needs nvcc and cuobjdump (no GPU): run it on
the device machine, whose toolkit has cuobjdump.

--ptx: the PTX of the record's sources (`nvcc -ptx -arch=sm_90 -O3`, the
same toolkit), which tests/test_unroll.py lowers to compare simgpu's
schedule with the record's SASS.

--dump: the SASS of each PTX file (`ptxas -arch=sm_90 -O3`, `cuobjdump
-sass`) in traces/ptxas/sm90_programs.sass's format ("=== file",
"Function : name", "ADDR TEXT" lines, NOPs left out), the toolchain's
version last.
"""
import argparse
import datetime
import json
import re
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COUNTS = (8, 12, 13, 14, 15, 16, 17, 18, 20, 24, 32)
SHAPES = ("offset", "stride", "pair")


def source(shape, n):
    """A kernel `k_{shape}{n}`: a `#pragma unroll 1` loop whose body loads n floats and sums them."""
    name = f"k_{shape}{n}"
    if shape == "offset":
        load = "p[c * 32 + 32 * n * k]"
    else:
        load = "p[(long)c * cs + 32 * k]"
    body = (f"        float v[{n}];\n#pragma unroll\n        for (int c = 0; c < {n}; c++) v[c] = {load};\n")
    if shape == "pair":
        body += f"#pragma unroll\n        for (int c = 0; c < {n}; c += 2) s = fmaf(v[c], v[c + 1], s);\n"
    else:
        body += f"#pragma unroll\n        for (int c = 0; c < {n}; c++) s += v[c];\n"
    return (f'extern "C" __global__ void {name}(float* out, const float* x, int cs, int passes) {{\n'
            f"    const float* p = x + threadIdx.x;\n    float s = 0.f;\n    int n = {n};\n"
            f"#pragma unroll 1\n    for (int k = 0; k < passes; k++) {{\n{body}    }}\n"
            f"    out[threadIdx.x] = s + n;\n}}\n")


def sass_lines(cubin):
    """{function: [(addr, text)]} of a cubin, NOPs left out."""
    out, fn = {}, None
    for line in subprocess.run(["cuobjdump", "-sass", str(cubin)], check=True, capture_output=True,
                               text=True).stdout.splitlines():
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            fn = out.setdefault(m.group(1), [])
            continue
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;", line)
        if m and fn is not None and not m.group(2).startswith("NOP"):
            out_text = re.sub(r"\s+", " ", m.group(2))
            fn.append((m.group(1)[-4:], out_text))
    return out


def order(lines):
    """The kernel's LDG (L) and FADD/FFMA (F) in issue order, and the most loads issued and not yet read
    before a branch or a barrier (the loop's body)."""
    seq, pend, most, ahead_first = "", set(), 0, None
    for _, text in lines:
        text = re.sub(r"^@!?U?P\w+\s+", "", text)
        op, _, rest = text.partition(" ")
        ops = [o.strip() for o in rest.split(",")]
        reads = " ".join(ops[1:])
        if op.startswith(("BRA", "BAR", "EXIT")):
            pend = set()
            continue
        read = {r for r in pend if re.search(r"\b%s\b" % r, reads)}
        if op.startswith(("FADD", "FFMA")):
            seq += "F"
            if read and ahead_first is None:
                ahead_first = seq.count("L")
        pend -= read
        if op.startswith("LDG"):
            seq += "L"
            pend.add(ops[0])
            most = max(most, len(pend))
    return seq, most, ahead_first


def probe(out):
    import shutil
    records = []
    with tempfile.TemporaryDirectory() as tmp:
        cu = Path(tmp) / "probe.cu"
        cu.write_text("".join(source(s, n) for s in SHAPES for n in COUNTS))
        cubin = Path(tmp) / "probe.cubin"
        cmd = ["nvcc", "-cubin", "-arch=sm_90", "-O3", str(cu), "-o", str(cubin)]
        subprocess.run(cmd, check=True)
        fns = sass_lines(cubin)
        for s in SHAPES:
            for n in COUNTS:
                seq, most, first = order(fns[f"k_{s}{n}"])
                records.append({"shape": s, "loads": n, "order": seq, "ahead_of_first_read": first,
                                "most_unread": most})
                print(f"{s:7} N={n:3}: {first} ahead of the first read, at most {most} unread   {seq}")
    version = subprocess.run(["nvcc", "--version"], capture_output=True, text=True).stdout.strip().splitlines()
    Path(out).write_text(json.dumps({
        "what": "ptxas's LDG/FADD order for loops that load N floats and sum them (tools/probe_ptxas_loads_ahead.py)",
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "toolchain": version[-2:], "command": " ".join(cmd) + " && cuobjdump -sass", "host_has": shutil.which("cuobjdump"),
        "sources": {f"k_{s}{n}": source(s, n) for s in SHAPES for n in COUNTS},
        "probes": records}, indent=1) + "\n")


def dump(out, files):
    parts = []
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            cubin = Path(tmp) / "x.cubin"
            subprocess.run(["ptxas", "-arch=sm_90", "-O3", str(f), "-o", str(cubin)], check=True)
            parts.append(f"=== {f}")
            for fn, lines in sass_lines(cubin).items():
                parts.append(f"Function : {fn}")
                parts += [f"{a} {t}" for a, t in lines]
    parts += subprocess.run(["nvcc", "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-2:]
    Path(out).write_text("\n".join(parts) + "\n")


def ptx(out):
    record = json.loads((ROOT / "traces" / "ptxas" / "loads_ahead.json").read_text())
    with tempfile.TemporaryDirectory() as tmp:
        cu = Path(tmp) / "probe.cu"
        cu.write_text("".join(record["sources"].values()))
        subprocess.run(["nvcc", "-ptx", "-arch=sm_90", "-O3", str(cu), "-o", str(out)], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "traces" / "ptxas" / "loads_ahead.json"))
    ap.add_argument("--dump", metavar="OUT", help="write the SASS of the PTX files given here")
    ap.add_argument("--ptx", metavar="OUT", help="write the PTX of the record's sources")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    if a.dump:
        dump(a.dump, a.files)
    elif a.ptx:
        ptx(a.ptx)
    else:
        probe(a.out)


if __name__ == "__main__":
    main()
