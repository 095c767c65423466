"""The clock micros' many-load passes run in the order ptxas issued them on
the H200, next to the order their PTX gives.

    python3 tools/sass_order_figures.py [RECORD ...]

(default: traces/h200/micro/micro_inflight_clock*.json.gz and
micro_gather_clock*.json.gz.) A pass of these micros issues N independent
global loads and then adds them up in order. Their PTX puts every load
ahead of the first add. ptxas does not, past 14 to 16 loads: in the committed SASS
(traces/h200/micro/micro_inflight_clock.sass, micro_gather_clock.sass) ld16
issues 14 loads, its first add, then the last 2 loads, and gather32 issues
16, then its adds with the other 16 loads among them. An add waits for its
load, so the loads after it leave a DRAM round trip late: the H200's
1,410-cycle passes of ld16 (630 for one load) and 2,300 of gather32 are
mostly that schedule, not a cost of each load in flight.

simgpu's ptxas lowering now schedules these loops itself, as ptxas
schedules every block (unroll.py: at most 16 loads ahead in a block of more
than 20, all of them in a smaller one), so gather32's 32 go out as its
SASS's do, and ld16's 16 all first, where its SASS issues 14.

For every kernel whose SASS interleaves its loads (LDG) and adds (FADD)
otherwise than all loads first, this rewrites the PTX's run of loads and
adds in the SASS's order (the k-th add still after the k-th load), runs the
record's launches on h200 both ways, and prints each reordered launch's
cycles a pass (passes 3 to the last of every warp, p50 and mean): the
H200's, simgpu's on the PTX as written (scheduled by the lowering), and
simgpu's in the SASS's order (the lowering's scheduling of that loop turned
off for this run, so the order stands). Nothing is written outside a
temporary directory.
"""
import contextlib
import re
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dram_clock_figures import ROOT, clock_record  # noqa: E402

MICRO = ROOT / "traces" / "h200" / "micro"
RECORDS = sorted(MICRO.glob("micro_inflight_clock*.json.gz")) + sorted(MICRO.glob("micro_gather_clock*.json.gz"))
SASS = {"inflight_clock": MICRO / "micro_inflight_clock.sass", "gather_clock": MICRO / "micro_gather_clock.sass",
        "gather_stride": MICRO / "micro_gather_clock.sass"}          # gather_stride.s runs gather_clock.s's kernels
LOAD = re.compile(r"^\s*ld\.global[.\w]*\s")
ADD = re.compile(r"^\s*add\.f32\s")


def sass_orders(path):
    """{kernel: 'L'/'F' string of its LDG and FADD instructions, in issue order}."""
    out = {}
    for fn in re.split(r"Function : ", Path(path).read_text())[1:]:
        ops = re.findall(r"\*/\s+(?:@!?P\d\s+)?([A-Z0-9]+)[. ]", fn)
        out[fn.split()[0]] = "".join("L" if o == "LDG" else "F" for o in ops if o in ("LDG", "FADD"))
    return out


def reorder(source, orders):
    """The program with each kernel's run of loads then adds in its SASS order; and the kernels changed."""
    lines = source.split("\n")
    changed = []
    k = 0
    while k < len(lines):
        m = re.match(r"\.visible \.entry (\w+)\(", lines[k])
        if not m:
            k += 1
            continue
        name, end = m.group(1), lines.index("}", k)
        order = orders.get(name, "")
        loads = [i for i in range(k, end) if LOAD.match(lines[i])]
        adds = [i for i in range(k, end) if ADD.match(lines[i])]
        span = range(loads[0], loads[0] + len(loads) + len(adds)) if loads else range(0)
        if (order and order != "".join(sorted(order, reverse=True)) and len(loads) == order.count("L")
                and len(adds) == order.count("F") and list(span) == loads + adds):
            it = {"L": iter(loads), "F": iter(adds)}
            lines[span.start:span.stop] = [lines[next(it[c])] for c in order]
            changed.append(name)
        k = end + 1
    return "\n".join(lines), changed


@contextlib.contextmanager
def as_ordered():
    """The lowering leaves loops it does not unroll in their PTX order (no list scheduling)."""
    from simgpu.ptx import unroll
    keep = unroll._plain_loop
    unroll._plain_loop = lambda *a: None
    try:
        yield
    finally:
        unroll._plain_loop = keep


def cycles(buf, passes, w0, w1):
    s = np.asarray(buf, dtype=np.int64).ravel().reshape(-1, passes + 1)[w0:w1, 3:]
    return f"{np.percentile(s, 50):6.0f} {s.mean():7.1f}"


def main(argv):
    from simgpu.crosscheck import simulate_recorded
    from simgpu.recipe import prepare
    runs = {}
    for path in [Path(a) for a in argv] or RECORDS:
        record, entry, recipe, names, _ = clock_record(path, simulate=False)
        program = ROOT / entry["program"]
        sizes = {k: str(v) for k, v in entry["sizes"].items()}
        passes = int(sizes["passes"])
        key = (str(program), tuple(sorted(sizes.items())))
        if key not in runs:
            source, changed = reorder(program.read_text(), sass_orders(SASS[program.stem]))
            with tempfile.TemporaryDirectory() as tmp:
                moved = Path(tmp) / program.name
                moved.write_text(source)
                written = simulate_recorded(entry, "h200")
                with as_ordered():
                    runs[key] = (changed, written, simulate_recorded(entry, "h200", moved))
        changed, written, ordered = runs[key]
        print(f"{path.name}: {record['device']}, {record['date'][:16]}; cycles a pass, p50 and mean")
        print(f"  {'launch':22} {'H200':>14} {'simgpu as written':>18} {'simgpu SASS order':>18}")
        seen = {}
        for i, ((kernel, grid, block, _, _), name) in enumerate(zip(prepare(recipe, sizes)[3], names)):
            if kernel not in changed:
                continue
            blocks, warps = int(np.prod(grid)), int(np.prod(block)) // 32
            # launches that share a buffer each write their own warps' rows (none here do)
            w0 = seen.get(name, 0)
            seen[name] = w0 + blocks * warps
            bufs = (record["kept"]["buffers"][name], written.buffers[name], ordered.buffers[name])
            print(f"  #{i:<2} {kernel:10} {blocks:3}x{warps:<3}" + "".join(
                f" {cycles(b, passes, w0, w0 + blocks * warps):>17}" for b in bufs))


if __name__ == "__main__":
    main(sys.argv[1:])
