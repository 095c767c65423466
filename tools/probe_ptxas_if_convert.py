"""Which forward branches ptxas turns into predicated code: probes, no GPU needed.

    python3 tools/probe_ptxas_if_convert.py [--out traces/ptxas/if_convert.json]

Each probe is a kernel with one `@p bra L` over a region of one shape and
size; this machine's ptxas compiles it (`-arch=sm_90 -O3`, as the driver
does) and the cubin's instructions are read without a disassembler: an
instruction's guard is bits 12-15 of its first 64 (predicate 7 = PT, bit 15
its negation; the layout tools/measure_mio_queue.py reads with `cuobjdump` on
the device), BRA is opcode 0x947 (bits 0-11). A probe was if-converted when
no guarded BRA is left. Shapes (`kernel`):
- indep:  N independent IMADs, their sum taken after the region;
- chain:  N IMADs feeding one running sum (a chain of N adds) that lives on;
- chain_store: the same, then the sum's address computed and a global store;
- stores: N global stores of one value;
- loads:  N global loads, their sum taken after the region;
- copies: N cp.async copies of 4 bytes with an add between each two.
The condition is the thread index against a parameter (`tid`) or a loaded
value (`data`). simgpu's rule (ptx/lower.py if_convert) is checked against
every probe by tests/test_lower.py.

    python3 tools/probe_ptxas_if_convert.py --if-else [--out traces/ptxas/if_else.json]

probes if/else diamonds instead, `@p bra E; THEN; bra D; E: ELSE; D:`, THEN
and ELSE of one shape (indep: IMADs writing the same registers on both sides,
read after D; stores: global stores to other words on each side; loads:
global loads into the same registers; mixed: IMADs, then stores), N1 and N2
instructions (DIAMONDS).

    python3 tools/probe_ptxas_if_convert.py --lone-loads [--out traces/ptxas/lone_loads.json]

probes a lone global load under `tid < n` instead (LONE): by what is before
the branch in its block (nothing, a global or shared load, a shared or global
store, a parameter load, a load in an earlier block) and after the join, and
in a loop (lower.py _lone_global_loads).
"""
import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from ptxas_record import write_probe_record  # noqa: E402
from sass_stalls import kernel_words  # noqa: E402

PROBES = ([("indep", "tid", n) for n in (1, 2, 4, 8, 12, 16, 18, 19, 20, 21, 22, 24)]
          + [("indep", "data", n) for n in (4, 6, 7, 8, 9, 10, 12, 16, 20, 21)]
          + [(s, c, n) for s in ("chain", "chain_store") for c in ("tid", "data") for n in range(1, 9)]
          + [("stores", "tid", n) for n in (1, 2, 4, 6, 7, 8, 9, 10, 12)]
          + [("stores", "data", n) for n in (1, 2, 4, 6, 7, 8)]
          + [("loads", "tid", n) for n in (1, 2, 4, 8, 12, 16, 17, 18, 19, 20)]
          + [("loads", "data", n) for n in (2, 4, 6, 8, 10, 12)]
          + [("copies", "tid", n) for n in (2, 4, 8, 12, 16, 24)])


DIAMONDS = ([("indep", "tid", a, b) for a, b in ((1, 1), (1, 4), (2, 2), (4, 4), (1, 8), (6, 6), (8, 8), (4, 12),
                                                  (8, 9), (9, 9), (9, 10), (8, 11), (6, 12), (2, 16), (1, 17), (1, 18),
                                                  (1, 19), (1, 20), (0, 20), (0, 21), (10, 10), (12, 12), (16, 16))]
            + [("indep", "data", a, b) for a, b in ((1, 1), (1, 4), (2, 2), (3, 3), (4, 4), (1, 5), (1, 6), (1, 7),
                                                   (2, 5), (2, 6), (2, 7), (3, 5), (3, 6), (4, 1), (4, 2), (4, 3),
                                                   (3, 4), (4, 5), (4, 6), (5, 0), (5, 1), (5, 3), (5, 4), (5, 5),
                                                   (5, 6), (6, 1), (7, 1), (0, 6), (0, 7), (1, 8), (6, 6), (8, 8))]
            + [("stores", "tid", a, b) for a, b in ((1, 1), (2, 2), (3, 3), (3, 4), (4, 3), (4, 4), (2, 6), (1, 6),
                                                   (1, 7), (6, 1), (7, 1), (1, 8), (8, 1), (7, 7), (8, 8))]
            + [("stores", "data", a, b) for a, b in ((1, 1), (2, 2), (3, 3), (4, 4), (1, 5), (1, 6), (1, 7), (5, 1),
                                                    (6, 1), (5, 5), (6, 6))]
            + [("loads", "tid", a, b) for a, b in ((4, 4), (8, 8), (9, 9), (10, 10), (5, 14), (1, 18), (1, 19),
                                                  (1, 20), (19, 1), (20, 1), (12, 12))]
            + [("mixed", c, a, b) for c in ("tid", "data") for a, b in ((1, 1), (2, 2), (4, 4), (1, 8), (4, 7), (8, 4),
                                                                     (8, 8))])


# A lone global load (`if (tid < n) v = a[..]`): the region, what is before the branch in its block,
# what follows the join (lower.py _lone_global_loads), and the same in a loop (`loop`: the condition
# invariant, tid < n; `loopv`: it varies, tid + 32 k < n)
LONE_REGIONS = {
    "ldg": ["ld.global.u32 %r10, [%rd1+8];"],
    "ldg_addr": ["mul.wide.u32 %rd5, %r2, 4;", "add.s64 %rd6, %rd1, %rd5;", "ld.global.u32 %r10, [%rd6];"],
    "ldg_nc": ["ld.global.nc.u32 %r10, [%rd1+8];"],
    "ldg2": ["ld.global.u32 %r10, [%rd1+8];", "ld.global.u32 %r11, [%rd1+12];", "add.s32 %r10, %r10, %r11;"],
    "ldg_sts": ["ld.global.u32 %r10, [%rd1+8];", "st.shared.u32 [%r5+8], %r10;"],
    "lds": ["ld.shared.u32 %r10, [%r5+4];"],
}
_LDG_AFTER = ["ld.global.u32 %r6, [%rd1+20];", "add.s32 %r10, %r10, %r6;"]
_SHFL = ["shfl.sync.bfly.b32 %r6, %r10, 16, 31, -1;", "add.s32 %r10, %r10, %r6;"]
LONE_BEFORE = {
    "none": [], "ldg": ["ld.global.u32 %r12, [%rd1+16];"], "ldg_nc": ["ld.global.nc.u32 %r12, [%rd1+16];"],
    "lds": ["ld.shared.u32 %r12, [%r5];"], "sts": ["st.shared.u32 [%r5+12], %r2;"],
    "stg": ["st.global.u32 [%rd1+12], %r2;"], "ld_param": ["ld.param.u32 %r12, [c];"],
    "ldg_earlier": ["ld.global.u32 %r12, [%rd1+16];", "setp.eq.s32 %p2, %r12, 99;", "@%p2 bra E;"],
    "lds_earlier": ["ld.shared.u32 %r12, [%r5];", "setp.eq.s32 %p2, %r12, 99;", "@%p2 bra E;"],
}
LONE_AFTER = {
    "none": [], "ldg": _LDG_AFTER, "adds_ldg": [f"add.s32 %r10, %r10, {i};" for i in range(1, 9)] + _LDG_AFTER,
    "shfl": _SHFL, "shfl_ldg": _SHFL + _LDG_AFTER, "lds": ["ld.shared.u32 %r6, [%r5+16];", "add.s32 %r10, %r10, %r6;"],
    "sts": ["st.shared.u32 [%r5+16], %r10;"], "stg": ["st.global.u32 [%rd1+24], %r10;"],
    "ldg_branch": ["setp.ne.s32 %p2, %r2, 0;", "@%p2 bra E;"] + _LDG_AFTER,
}
LONE = ([("ldg", b, "none", "") for b in LONE_BEFORE]
        + [("ldg", "none", a, "") for a in LONE_AFTER if a != "none"]
        + [(r, "none", "none", "") for r in LONE_REGIONS if r != "ldg"] + [("ldg_addr", "none", "shfl", "")]
        + [("ldg", "none", a, loop) for loop in ("loop", "loopv") for a in ("none", "shfl")])


def lone_kernel(reg, before, after, loop):
    body = [f"setp.ge.s32 %p1, {'%r21' if loop == 'loopv' else '%r2'}, %r1;", "@%p1 bra L;", *LONE_REGIONS[reg],
            "L:", *LONE_AFTER[after], "add.s32 %r9, %r9, %r10;"]
    if loop:
        body = ["mov.u32 %r20, 0;", "LOOP:", '.pragma "nounroll";', "mad.lo.s32 %r21, %r20, 32, %r2;", *body,
                "add.s32 %r20, %r20, 1;",
                "setp.lt.s32 %p3, %r20, %r1;", "@%p3 bra LOOP;"]
    lines = [".version 8.0", ".target sm_90", ".address_size 64", ".shared .align 4 .b8 sm[64];",
             ".visible .entry p(.param .u64 a, .param .u32 c)", "{", "    .reg .pred %p<4>;", "    .reg .b32 %r<40>;",
             "    .reg .b64 %rd<8>;", "    ld.param.u64 %rd1, [a];", "    ld.param.u32 %r1, [c];",
             "    mov.u32 %r2, %tid.x;", "    mov.u32 %r5, sm;", "    mov.u32 %r9, 0;", "    mov.u32 %r12, 3;",
             "    mov.u32 %r10, 5;", *LONE_BEFORE[before], *body, "add.s32 %r9, %r9, %r12;",
             "st.global.u32 [%rd1+4], %r9;", "E:", "ret;", "}"]
    return "\n".join(x if x.startswith((".version", ".target", ".address", ".shared", ".visible", "{", "}", " "))
                     or x.endswith(":") else "    " + x
                     for x in lines) + "\n"


def arm(shape, n, other):
    """One side of a diamond: N instructions of `shape`, the ELSE side's (other) reading
    and writing other words than the THEN side's (`mixed`: IMADs, then stores)."""
    if shape == "mixed":
        shape = "stores" if other else "indep"
    if shape == "indep":
        a, b, c = ("%r3", 5, "%r2") if other else ("%r2", 3, "%r3")
        return [f"    mad.lo.s32 %r{10 + k}, {a}, {k + b}, {c};" for k in range(n)]
    base = 200 if other else 8
    if shape == "stores":
        return [f"    st.global.u32 [%rd1+{4 * k + base}], %r2;" for k in range(n)]
    if shape == "loads":
        return [f"    ld.global.u32 %r{10 + k}, [%rd1+{4 * k + base}];" for k in range(n)]
    raise ValueError(shape)


def diamond_kernel(shape, cond, n1, n2):
    m = {"stores": 0, "mixed": n1}.get(shape, max(n1, n2))
    middle = ["    @%p1 bra E;", *arm(shape, n1, False), "    bra.uni D;", "E:", *arm(shape, n2, True), "D:",
              *[f"    add.s32 %r9, %r9, %r{10 + k};" for k in range(m)]]
    return _kernel(cond, [f"    mov.u32 %r{10 + k}, {k};" for k in range(m)], middle, copies=False)


def region(shape, n):
    """(the region's PTX lines, the lines after L that read its values)."""
    if shape == "indep":
        return ([f"    mad.lo.s32 %r{10 + k}, %r2, {k + 3}, %r3;" for k in range(n)],
                [f"    add.s32 %r9, %r9, %r{10 + k};" for k in range(n)])
    if shape in ("chain", "chain_store"):
        body = [f"    mad.lo.s32 %r{10 + k}, %r2, {k + 3}, %r3;" for k in range(n)]
        body += [f"    add.s32 %r9, %r9, %r{10 + k};" for k in range(n)]
        if shape == "chain_store":
            body += ["    mul.wide.u32 %rd3, %r9, 4;", "    add.s64 %rd3, %rd1, %rd3;", "    st.global.u32 [%rd3], %r2;"]
        return body, []
    if shape == "stores":
        return [f"    st.global.u32 [%rd1+{4 * k + 8}], %r2;" for k in range(n)], []
    if shape == "loads":
        return ([f"    ld.global.u32 %r{10 + k}, [%rd1+{4 * k + 8}];" for k in range(n)],
                [f"    add.s32 %r9, %r9, %r{10 + k};" for k in range(n)])
    if shape == "copies":
        return [f"    cp.async.ca.shared.global [%r5+{4 * k}], [%rd1+{4 * k}], 4, 4;" if k % 2 == 0
                else f"    add.s32 %r9, %r9, {k};" for k in range(n)], []
    raise ValueError(shape)


def kernel(shape, cond, n):
    body, after = region(shape, n)
    return _kernel(cond, [], ["    @%p1 bra L;", *body, "L:", *after], copies=True)


def _kernel(cond, setup, middle, copies):
    test = {"tid": "setp.ge.s32 %p1, %r2, %r1;", "data": "setp.gt.s32 %p1, %r3, 0;"}[cond]
    wait = ["    cp.async.commit_group;", "    cp.async.wait_group 0;", "    ld.shared.u32 %r6, [%r5];",
            "    add.s32 %r9, %r9, %r6;"] if copies else []
    lines = [".version 8.0", ".target sm_90", ".address_size 64", ".shared .align 4 .b8 sm[4096];",
             ".visible .entry p(.param .u64 a, .param .u32 c)", "{",
             "    .reg .pred %p<3>;", "    .reg .b32 %r<80>;", "    .reg .b64 %rd<4>;",
             "    ld.param.u64 %rd1, [a];", "    ld.param.u32 %r1, [c];", "    mov.u32 %r2, %tid.x;",
             "    mov.u32 %r5, sm;", "    ld.global.u32 %r3, [%rd1];", "    mov.u32 %r9, 0;", *setup,
             "    " + test, *middle, *wait, "    st.global.u32 [%rd1+4], %r9;", "    ret;", "}"]
    return "\n".join(lines) + "\n"


def compiled(ptx, work):
    """(guarded BRAs, other guarded instructions) of the probe's SASS."""
    words = kernel_words(ptx, "p", work)
    guarded = [w for w in words if (w >> 12) & 7 != 7]
    bras = sum(1 for w in guarded if w & 0xFFF == 0x947)
    return bras, len(guarded) - bras


def probe_all(out, cases, build, row, line, what, command):
    """Compile each case's kernel (`build(*case)`), count its guarded BRAs and other guarded
    instructions, and write the record: one row each (`row(case, bras, guarded)`), printed as
    `line(case, bras, guarded)`."""
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for case in cases:
            bras, guarded = compiled(build(*case), Path(d))
            rows.append(row(case, bras, guarded))
            print(line(case, bras, guarded))
    write_probe_record(out, what, command, probes=rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--if-else", action="store_true", help="probe if/else diamonds (DIAMONDS)")
    ap.add_argument("--lone-loads", action="store_true", help="probe lone global loads (LONE)")
    ap.add_argument("--out")
    ns = ap.parse_args()
    how = "(ptxas -arch=sm_90 -O3; guards read from the cubin)"
    if ns.lone_loads:
        # a loop keeps its own backward branch; one more is the region's
        return probe_all(
            ns.out or str(ROOT / "traces" / "ptxas" / "lone_loads.json"), LONE, lone_kernel,
            lambda c, bras, g: {"region": c[0], "before": c[1], "after": c[2], "loop": c[3], "guarded_bra": bras,
                                "guarded_other": g, "if_converted": bras == (1 if c[3] else 0)},
            lambda c, bras, g: f"{c[0]:9s} before {c[1]:12s} after {c[2]:10s} {c[3] or '-':5s}: {bras} guarded BRA, "
                               f"{g} guarded others",
            "ptxas's if-conversion of a lone global load: `if (tid < n) v = a[..]`, by what is before the branch in "
            "its block and after the join, and in a loop", f"tools/probe_ptxas_if_convert.py --lone-loads {how}")
    if ns.if_else:
        return probe_all(
            ns.out or str(ROOT / "traces" / "ptxas" / "if_else.json"), DIAMONDS, diamond_kernel,
            lambda c, bras, g: {"shape": c[0], "condition": c[1], "then": c[2], "else": c[3], "guarded_bra": bras,
                                "guarded_other": g, "if_converted": bras == 0},
            lambda c, bras, g: f"{c[0]:7s} {c[1]:5s} {c[2]:3d} / {c[3]:3d}: {bras} guarded BRA, {g} guarded others",
            "ptxas's if-conversion of if/else diamonds: which `@p bra E; THEN; bra D; E: ELSE; D:` it predicates, by "
            "the sides' shape and sizes", f"tools/probe_ptxas_if_convert.py --if-else {how}")
    return probe_all(
        ns.out or str(ROOT / "traces" / "ptxas" / "if_convert.json"), PROBES, kernel,
        lambda c, bras, g: {"shape": c[0], "condition": c[1], "n": c[2],
                            "region_ptx_instructions": len(region(c[0], c[2])[0]), "guarded_bra": bras,
                            "guarded_other": g, "if_converted": bras == 0},
        lambda c, bras, g: f"{c[0]:12s} {c[1]:5s} N={c[2]:3d}: {bras} guarded BRA, {g} guarded others",
        "ptxas's if-conversion: which forward branches over a region of one shape and size it predicates",
        f"tools/probe_ptxas_if_convert.py {how}")


if __name__ == "__main__":
    main()
