"""Which loops copy a stepped pointer's register pair each pass, in ptxas's
SASS of every program and micro (traces/ptxas/sm90_programs.sass,
traces/h200/micro/*.sass).

    python3 tools/pointer_copy_figures.py [--list]

A loop here is a backward branch's range. A pointer stepped by a constant is
a carry-in add of the high half with nothing else added (`IADD3.X Rh, RZ,
Rx, RZ, P` or `IMAD.X Rh, RZ, RZ, Rx, P`: the second half of `add.s64 p, p,
imm`). The copies are the loop's register-to-register MOVs (`MOV Ra, Rb`,
`IMAD.MOV.U32 Ra, RZ, RZ, Rb`); a loop "copies its pairs" when it has two a
stepped pointer. Loops are split by their memory instructions (LDG/STG/LDS):
fewer than 16 (loops that run one iteration or nvcc's 4 a pass) and 16 or
more (mostly ptxas's 16-copy passes). lower.py copy_stepped_pointers models
the first kind. A reading of machine code, not a fit: nothing is written.
"""
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STEP = re.compile(r"(?:@!?U?P\w+ )?(?:IADD3\.X R\d+, RZ, R\d+, RZ|IMAD\.X R\d+, RZ, RZ, R\d+),")
MOVE = re.compile(r"(?:@!?U?P\w+ )?(?:MOV|IMAD\.MOV\.U32) R\d+, (?:RZ, RZ, )?R\d+(?:\.reuse)?$")
MEMORY = re.compile(r"(?:@!?U?P\w+ )?(?:LDG|STG|LDS|STS)\b")
BRANCH = re.compile(r"BRA (?:`\()?0x([0-9a-f]+)")


def functions():
    """(source, kernel, [(address, text)]) of every kernel in the SASS files."""
    out = []
    # sm90_programs.sass: "=== file", "Function : name", "0000 TEXT" lines
    name = kernel = None
    body = []
    for line in (ROOT / "traces" / "ptxas" / "sm90_programs.sass").read_text().splitlines():
        if line.startswith("=== "):
            name = line[4:]
        elif line.startswith("Function : "):
            if kernel:
                out.append((src, kernel, body))
            src, kernel, body = name, line.split(":")[1].strip(), []
        elif re.match(r"[0-9a-f]{4} ", line):
            body.append((int(line[:4], 16), line[5:].strip()))
    if kernel:
        out.append((src, kernel, body))
    # cuobjdump -sass files: "Function : name", "/*0000*/ TEXT ;"
    for path in sorted((ROOT / "traces" / "h200" / "micro").glob("*.sass")):
        kernel, body = None, []
        for line in path.read_text().splitlines():
            if "Function :" in line:
                if kernel:
                    out.append((path.name, kernel, body))
                kernel, body = line.split(":")[1].strip(), []
            m = re.match(r"\s*/\*([0-9a-f]{4})\*/\s+(.*?)\s*;", line)
            if m and kernel and not m.group(2).startswith("NOP"):
                body.append((int(m.group(1), 16), m.group(2)))
        if kernel:
            out.append((path.name, kernel, body))
    return out


def loops():
    """One row per loop that steps a pointer and touches memory: (source,
    kernel, range, instructions, memory instructions, pointers stepped,
    MOVs). A kernel that appears in two files (l1_store_alloc.s's l1_cap is
    l1_carve.s's) counts once."""
    rows, seen = [], set()
    for src, kernel, body in functions():
        for addr, text in body:
            m = BRANCH.search(text)
            if not m or int(m.group(1), 16) > addr:
                continue
            top = int(m.group(1), 16)
            inside = [t for a, t in body if top <= a <= addr]
            steps = sum(1 for t in inside if STEP.match(t))
            mem = sum(1 for t in inside if MEMORY.match(t))
            if not steps or not mem or (kernel, top, addr, len(inside)) in seen:
                continue
            seen.add((kernel, top, addr, len(inside)))
            rows.append((src, kernel, f"{top:04x}-{addr:04x}", len(inside), mem, steps,
                         sum(1 for t in inside if MOVE.match(t))))
    return rows


def main():
    rows = loops()
    table = Counter()
    for src, kernel, rng, n, mem, steps, moves in rows:
        kind = "fewer than 16 memory instructions" if mem < 16 else "16 or more"
        what = "its pairs" if moves >= 2 * steps else ("some" if moves else "nothing")
        table[(kind, steps, what)] += 1
        if "--list" in sys.argv:
            print(f"{src:42s} {kernel:22s} {rng}  {n:4d} instr  {mem:3d} mem  {steps} stepped  {moves} MOVs")
    print(f"{len(rows)} loops that step a pointer by a constant and touch memory (ptxas -arch=sm_90 -O3):")
    for kind in ("fewer than 16 memory instructions", "16 or more"):
        for steps in sorted({k[1] for k in table if k[0] == kind}):
            counts = {w: table[(kind, steps, w)] for w in ("its pairs", "some", "nothing")}
            print(f"  {kind}, {steps} pointer(s) stepped: copies " +
                  ", ".join(f"{w} in {c}" for w, c in counts.items()))


if __name__ == "__main__":
    main()
