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
    test = {"tid": "setp.ge.s32 %p1, %r2, %r1;", "data": "setp.gt.s32 %p1, %r3, 0;"}[cond]
    lines = [".version 8.0", ".target sm_90", ".address_size 64", ".shared .align 4 .b8 sm[4096];",
             ".visible .entry p(.param .u64 a, .param .u32 c)", "{",
             "    .reg .pred %p<3>;", "    .reg .b32 %r<80>;", "    .reg .b64 %rd<4>;",
             "    ld.param.u64 %rd1, [a];", "    ld.param.u32 %r1, [c];", "    mov.u32 %r2, %tid.x;",
             "    mov.u32 %r5, sm;", "    ld.global.u32 %r3, [%rd1];", "    mov.u32 %r9, 0;",
             "    " + test, "    @%p1 bra L;", *body, "L:", *after,
             "    cp.async.commit_group;", "    cp.async.wait_group 0;", "    ld.shared.u32 %r6, [%r5];",
             "    add.s32 %r9, %r9, %r6;", "    st.global.u32 [%rd1+4], %r9;", "    ret;", "}"]
    return "\n".join(lines) + "\n"


def compiled(ptx, work):
    """(guarded BRAs, other guarded instructions) of the probe's SASS."""
    words = kernel_words(ptx, "p", work)
    guarded = [w for w in words if (w >> 12) & 7 != 7]
    bras = sum(1 for w in guarded if w & 0xFFF == 0x947)
    return bras, len(guarded) - bras


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "traces" / "ptxas" / "if_convert.json"))
    ns = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for shape, cond, n in PROBES:
            bras, guarded = compiled(kernel(shape, cond, n), Path(d))
            rows.append({"shape": shape, "condition": cond, "n": n, "region_ptx_instructions": len(region(shape, n)[0]),
                         "guarded_bra": bras, "guarded_other": guarded, "if_converted": bras == 0})
            print(f"{shape:12s} {cond:5s} N={n:3d}: {bras} guarded BRA, {guarded} guarded others")
    write_probe_record(ns.out, "ptxas's if-conversion: which forward branches over a region of one shape and size "
                       "it predicates", "tools/probe_ptxas_if_convert.py (ptxas -arch=sm_90 -O3; guards read from the cubin)",
                       probes=rows)


if __name__ == "__main__":
    main()
