"""Where ptxas pads cp.async with never-executed shared loads: probes, no GPU needed.

    python3 tools/probe_ptxas_async_pad.py [--out traces/ptxas/async_pad.json]

Before some LDGSTS ptxas puts three `@!PT LDS RZ, [RZ]` (the H200 still
passes each through its L1TEX: traces/h200/mio_mix.json). Each probe is a
kernel whose straight code is a sequence of tokens (`spec`): CP a 4-byte
cp.async, CP16 a 16-byte one, LDS / STS / ATOMS a shared load, store or
atomic add, LDG / STG / LDGEN a global load, store, generic load, BAR a
bar.sync, COMMIT / WAIT cp.async.commit_group / wait_group 0, ADD an add,
BRANCH a branch over an add, LOOP ... ENDLOOP a counted loop. This
machine's ptxas compiles it (`-arch=sm_90 -O3`) and the cubin's
instructions are read without a disassembler (tools/probe_ptxas_if_convert.py
says how): LDS is opcode 0x984, its `@!PT` form guard 15, LDGSTS 0xfae,
BAR 0xb1d, BRA 0x947. The record keeps, per probe, that sequence (`3d` for
three padding loads) and the padding loads before each LDGSTS in order;
tests/test_lower.py checks simgpu's rule (ptx/lower.py pad_async_copies)
against the straight-code probes.
"""
import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from ptxas_record import write_probe_record  # noqa: E402
from sass_stalls import kernel_words  # noqa: E402

PROBES = {
    "start": "CP", "two": "CP CP", "lds_cp": "LDS CP", "sts_cp": "STS CP", "cp_lds_cp": "CP LDS CP",
    "cp_bar_cp": "CP BAR CP", "cp_wait_cp": "CP COMMIT WAIT CP", "ldg_cp": "LDG CP", "cp_alu_cp": "CP ADD ADD ADD CP",
    "cp_sts_cp": "CP STS CP", "lds_bar_cp": "LDS BAR CP", "lds_branch_cp": "LDS BRANCH CP",
    "cp_branch_cp": "CP BRANCH CP", "lds_wait_cp": "LDS COMMIT WAIT CP", "cp16": "CP16", "lds_cp16": "LDS CP16",
    "lds_alu8_cp": "LDS ADD ADD ADD ADD ADD ADD ADD ADD CP", "cp_ldg_cp": "CP LDG CP", "cp_stg_cp": "CP STG CP",
    "cp_ldgen_cp": "CP LDGEN CP", "cp_atoms_cp": "CP ATOMS CP", "cp_commit_cp": "CP COMMIT CP",
    "cp_commit_bar_cp": "CP COMMIT WAIT BAR CP",
    "loop_cp": "LOOP CP ENDLOOP", "loop_cp_lds": "LOOP CP LDS ENDLOOP", "lds_loop_cp": "LDS LOOP CP ENDLOOP",
}
# probes whose straight code ptxas keeps as written (no loop, no branch ptxas may rebuild, no CAS loop)
STRAIGHT = [k for k, s in PROBES.items() if not any(t in s.split() for t in ("LOOP", "BRANCH", "ATOMS"))]


def token(t, n, lab):
    """PTX for token t, the n-th of its probe (each its own offset and register)."""
    return {
        "CP": f"cp.async.ca.shared.global [%r1+{16 * n}], [%rd1+{16 * n}], 4;",
        "CP16": f"cp.async.cg.shared.global [%r1+{16 * n}], [%rd1+{16 * n}], 16;",
        "LDS": f"ld.shared.f32 %f{n}, [%r1+{16 * n + 4096}];\nadd.f32 %f0, %f0, %f{n};",
        "STS": f"st.shared.f32 [%r1+{16 * n + 4096}], %f0;",
        "ATOMS": f"atom.shared.add.f32 %f{n}, [%r1+{16 * n + 4096}], %f0;\nadd.f32 %f0, %f0, %f{n};",
        "LDG": f"ld.global.f32 %f{n}, [%rd1+{16 * n + 4096}];\nadd.f32 %f0, %f0, %f{n};",
        "STG": f"st.global.f32 [%rd1+{16 * n + 4096}], %f0;",
        "LDGEN": f"ld.f32 %f{n}, [%rd1+{16 * n + 4096}];\nadd.f32 %f0, %f0, %f{n};",
        "BAR": "bar.sync 0;",
        "COMMIT": "cp.async.commit_group;",
        "WAIT": "cp.async.wait_group 0;",
        "ADD": "add.f32 %f0, %f0, 0f3F800000;",
        "BRANCH": f"setp.eq.f32 %p2, %f0, 0f00000000;\n@%p2 bra SKIP{lab};\nadd.f32 %f0, %f0, %f0;\nSKIP{lab}:",
        "LOOP": "mov.u32 %r5, 0;\nLOOP:",
        "ENDLOOP": "add.u32 %r5, %r5, 1;\nsetp.lt.u32 %p1, %r5, %r4;\n@%p1 bra LOOP;",
    }[t]


def kernel(spec, name="p"):
    """One probe's PTX module: its tokens, then the copies waited for and one shared word stored."""
    body = [token(t, n, n) for n, t in enumerate(spec.split(), 1)]
    return f""".version 8.0
.target sm_90
.address_size 64
.visible .entry {name}(.param .u64 g, .param .u64 o, .param .u32 it)
{{
.reg .pred %p<4>; .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .f32 %f<40>;
.shared .align 16 .b8 s[8192];
ld.param.u64 %rd1, [g]; ld.param.u64 %rd2, [o]; ld.param.u32 %r4, [it];
mov.u32 %r2, %tid.x; mov.u32 %r1, s; shl.b32 %r3, %r2, 2; add.u32 %r1, %r1, %r3;
cvt.u64.u32 %rd3, %r3; add.u64 %rd1, %rd1, %rd3; mov.f32 %f0, 0f00000000;
{chr(10).join(body)}
cp.async.wait_all;
bar.sync 0;
ld.shared.f32 %f39, [%r1];
add.f32 %f0, %f0, %f39;
st.global.f32 [%rd2], %f0;
ret;
}}
"""


def sass_sequence(ptx, work):
    """The cubin's LDS (`d`: a padding one), LDGSTS (CP), BAR and BRA, in order."""
    names = {0x984: "LDS", 0xfae: "CP", 0xb1d: "BAR", 0x947: "BRA"}
    seq = []
    for lo in kernel_words(ptx, "p", work):
        op, guard = lo & 0xfff, (lo >> 12) & 15
        if op in names:
            seq.append("d" if op == 0x984 and guard == 15 else names[op])
    return seq


def pads_before_copies(seq):
    """Per LDGSTS in order: the padding loads right before it."""
    out, run = [], 0
    for s in seq:
        if s == "CP":
            out.append(run)
        run = run + 1 if s == "d" else 0
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "traces" / "ptxas" / "async_pad.json"))
    ns = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for name, spec in PROBES.items():
            seq = sass_sequence(kernel(spec), work)
            rows.append({"probe": name, "spec": spec, "straight": name in STRAIGHT,
                         "sass": " ".join(seq).replace("d d d", "3d"), "pads_before_copies": pads_before_copies(seq)})
            print(f"{name:18s} {spec:42s} -> {rows[-1]['sass']}")
    write_probe_record(ns.out, "ptxas's padding of cp.async: the never-executed `@!PT LDS RZ, [RZ]` before each "
                       "LDGSTS of a probe's straight code (tools/probe_ptxas_async_pad.py)",
                       "python3 tools/probe_ptxas_async_pad.py", probes=rows)


if __name__ == "__main__":
    main()
