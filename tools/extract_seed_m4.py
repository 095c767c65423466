"""Extract seed 000's Apple M4 measurements into traces/apple-m4/seed000.json.

Seed 000 ("How a GPU Runs Deep Learning") times its Metal kernels on an Apple
M4 laptop through torch.mps.compile_shader and prints tables. This tool reads
the seed text and parses the output block that follows each "Full script:
NAME.py" line -- bandwidth.py, roofline.py, matmul_ladder.py, smem_probe.py --
plus the array sizes the scripts set. Every value keeps the seed file and the
line it was read from. Nothing is typed by hand: a table whose lines do not
parse is an error, not a guess.

    python3 tools/extract_seed_m4.py [SEED_DIR] [--out traces/apple-m4/seed000.json]

(tile_intensity.py and waves.py print arithmetic, not measurements: skipped.)
"""
import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SEEDS = Path("/work/shared/seeds")

_NUM = r"([0-9][0-9,]*(?:\.[0-9]+)?)"


def _num(text):
    v = float(text.replace(",", ""))
    return int(v) if v.is_integer() and "." not in text else v


def output_block(lines, script):
    """(first line number, lines) of the output printed after 'Full script: SCRIPT'."""
    marker = f"Full script: {script}"
    for i, ln in enumerate(lines):
        if ln.strip() == marker:
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            k = j
            while k < len(lines) and lines[k].strip():
                k += 1
            return j + 1, lines[j:k]
    raise SystemExit(f"seed has no '{marker}' line")


def script_text(lines, script):
    """(first line number, lines) of the text between the previous 'Full script:' line and
    'Full script: SCRIPT': the prose and code of that script."""
    end = next(i for i, ln in enumerate(lines) if ln.strip() == f"Full script: {script}")
    start = end - 1
    while start > 0 and not lines[start - 1].startswith("Full script: "):
        start -= 1
    return start + 1, lines[start:end]


def _match(pattern, line, where):
    m = re.fullmatch(pattern, line.strip())
    if not m:
        raise SystemExit(f"{where}: cannot parse {line.strip()!r}")
    return m


def parse(seed_path):
    lines = Path(seed_path).read_text().splitlines()
    src = Path(seed_path).name

    def at(n):
        return {"file": src, "line": n}

    out = {}
    # bandwidth.py: the array length it sets, then its table
    first, code = script_text(lines, "bandwidth.py")
    n_lines = [first + k for k, ln in enumerate(code) if re.match(r"n = ", ln)]
    if len(n_lines) != 1:
        raise SystemExit(f"{src}: expected one 'n = ' line in bandwidth.py, found {len(n_lines)}")
    n_line = n_lines[0]
    m = _match(r"n = 1 << (\d+)\s*#.*", lines[n_line - 1], f"{src}:{n_line}")
    bw = {"n": {"value": 1 << int(m.group(1)), **at(n_line)}, "strided_copy": []}
    first, block = output_block(lines, "bandwidth.py")
    for k, ln in enumerate(block):
        where = first + k
        if ln.startswith("vector_add:"):
            m = _match(r"vector_add: read 2 arrays, write 1, in " + _NUM + r" ms = " + _NUM + r" GB/s", ln,
                       f"{src}:{where}")
            bw["vector_add"] = {"ms": _num(m.group(1)), "gbs": _num(m.group(2)), **at(where)}
        elif ln.startswith("PyTorch copy:"):
            m = _match(r"PyTorch copy: " + _NUM + r" GB/s", ln, f"{src}:{where}")
            bw["torch_copy"] = {"gbs": _num(m.group(1)), **at(where)}
        else:
            m = _match(r"strided_copy, stride\s+(\d+):\s+" + _NUM + r" GB/s", ln, f"{src}:{where}")
            bw["strided_copy"].append({"stride": int(m.group(1)), "gbs": _num(m.group(2)), **at(where)})
    out["bandwidth"] = bw
    # roofline.py
    first, block = output_block(lines, "roofline.py")
    rows = []
    for k, ln in enumerate(block):
        m = _match(r"(.+?)\s+intensity\s+" + _NUM + r" FLOP/byte\s+" + _NUM + r" GFLOP/s\s+" + _NUM + r" GB/s",
                   ln, f"{src}:{first + k}")
        rows.append({"operation": m.group(1).strip(), "intensity": _num(m.group(2)), "gflops": _num(m.group(3)),
                     "gbs": _num(m.group(4)), **at(first + k)})
    out["roofline"] = rows
    # matmul_ladder.py: one line per n, "name GFLOP/s" pairs
    first, block = output_block(lines, "matmul_ladder.py")
    ladder = []
    for k, ln in enumerate(block):
        m = _match(r"n =\s*(\d+):(.*?)\(all within (\S+) of float64\)", ln, f"{src}:{first + k}")
        cells = re.findall(r"([A-Za-z][A-Za-z ]*?\d*)\s+" + _NUM + r" GFLOP/s", m.group(2))
        if not cells:
            raise SystemExit(f"{src}:{first + k}: no GFLOP/s figures in {ln.strip()!r}")
        for name, val in cells:
            ladder.append({"n": int(m.group(1)), "kernel": name.strip(), "gflops": _num(val),
                           "max_rel_error": float(m.group(3)), **at(first + k)})
    out["matmul_ladder"] = ladder
    # smem_probe.py
    first, block = output_block(lines, "smem_probe.py")
    probe = []
    for k, ln in enumerate(block):
        m = _match(r"(\d+) KB of threadgroup memory: (ok|refused)(?: \(.*)?", ln, f"{src}:{first + k}")
        probe.append({"kb": int(m.group(1)), "accepted": m.group(2) == "ok", **at(first + k)})
    out["threadgroup_memory"] = probe
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seeds", nargs="?", default=str(DEFAULT_SEEDS), help="folder with 000_*.txt")
    ap.add_argument("--out", default=str(ROOT / "traces" / "apple-m4" / "seed000.json"))
    ns = ap.parse_args(argv)
    found = sorted(Path(ns.seeds).glob("000_*.txt"))
    if len(found) != 1:
        raise SystemExit(f"expected one 000_*.txt in {ns.seeds}, found {len(found)}")
    data = {"what": "Apple M4 measurements printed in seed 000 (bandwidth.py, roofline.py, matmul_ladder.py, "
                    "smem_probe.py), each value with the seed line it was read from",
            "device": "Apple M4 (10-core GPU), the seed author's laptop; Metal kernels through "
                      "torch.mps.compile_shader, timed as the seed's gpu_util.py does",
            "source": f"seeds/{found[0].name}",
            "made_by": "python3 tools/extract_seed_m4.py",
            **parse(found[0])}
    Path(ns.out).parent.mkdir(parents=True, exist_ok=True)
    Path(ns.out).write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {ns.out}: {len(data['bandwidth']['strided_copy'])} strides, {len(data['roofline'])} roofline "
          f"rows, {len(data['matmul_ladder'])} ladder points, {len(data['threadgroup_memory'])} probes")


if __name__ == "__main__":
    sys.exit(main())
