"""Register rows by lifetime (simgpu/exec/compact.py): fewer rows than the
PTX names registers, every value and every cycle as with a row per register."""
from pathlib import Path

import numpy as np

import simgpu
from simgpu.exec.compact import Storage, compact
from simgpu.timing.tables import reg_slot
from simgpu.ptx import codes as C

ROOT = Path(__file__).resolve().parents[1]
HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n"
REGS = ".reg .b32 %r<12>;\n.reg .b64 %rd<4>;\n.reg .pred %p<4>;"
PROLOGUE = """
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  mov.u32 %r10, %ctaid.x;
  mad.lo.s32 %r1, %r10, %ntid.x, %r1;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
"""


def kernel(body):
    text = HEAD + f".visible .entry k(.param .u64 out)\n{{\n{REGS}\n{body}\n}}\n"
    return simgpu.load("<test>.ptx", text=text)


def one_row_each(prog):
    """The Storage of a row per register, as the program names them."""
    n = prog.nregs32 + prog.nregs64 + prog.npreds
    row = np.array([s if s < prog.nregs32 else s - prog.nregs32 if s < prog.nregs32 + prog.nregs64
                    else s - prog.nregs32 - prog.nregs64 for s in range(n)], np.int32)
    return Storage(prog.oreg.copy(), prog.guard.copy(), prog.nregs32, prog.nregs64, prog.npreds, row,
                   np.arange(n, dtype=np.int32), prog.groups.copy())


def test_matmul_tiled_keeps_its_values_in_fewer_rows():
    """58 32-bit, 15 64-bit and 3 predicate registers as written; the rows
    their lifetimes need: 11, 5 and 1. The Program keeps its own numbers."""
    prog = simgpu.load(ROOT / "programs" / "matmul_tiled.s").program
    rows = compact(prog)
    assert (prog.nregs32, prog.nregs64, prog.npreds) == (58, 15, 3)
    assert (rows.nregs32, rows.nregs64, rows.npreds) == (11, 5, 1)
    assert prog.oreg[prog.okind == C.K_R32].max() == 57
    assert rows.oreg[prog.okind == C.K_R32].max() == 10
    assert prog.arrays().oreg.max() == rows.oreg.max()


def test_a_guarded_write_leaves_the_old_value_alive():
    """%r2 = 7, then 9 in odd lanes only: the even lanes' 7 must survive the
    registers written in between (%r4, %r5), so they may not take its row."""
    k = kernel(PROLOGUE + """
  mov.u32 %r2, 7;
  mov.u32 %r4, 5;
  add.u32 %r5, %r4, %r1;
  and.b32 %r6, %r5, 1;
  setp.eq.u32 %p1, %r6, 0;
  @%p1 mov.u32 %r2, 9;
  st.global.u32 [%rd3], %r2;
  ret;""")
    rows = compact(k.program)
    p = k.program
    assert rows.row[reg_slot(p, C.K_R32, 2)] not in (rows.row[reg_slot(p, C.K_R32, 4)],
                                                      rows.row[reg_slot(p, C.K_R32, 5)])
    out = np.zeros(64, np.uint32)
    simgpu.launch(k, 1, 64, [out])
    np.testing.assert_array_equal(out, np.where(np.arange(64) % 2 == 1, 9, 7))


def test_a_register_read_before_any_write_keeps_a_row_of_its_own():
    """%r9 is never written, so it reads 0 in every block, though each block
    of the functional engine reuses the warp slot, rows and all, of the one
    before: %r9's row must not be one that a later value (%r1 here, the
    first written after %r9's read) takes."""
    k = kernel("  add.u32 %r5, %r9, 1;" + PROLOGUE + """
  st.global.u32 [%rd3], %r5;
  ret;""")
    rows = compact(k.program)
    r9 = rows.row[reg_slot(k.program, C.K_R32, 9)]
    assert [s for s in range(k.program.nregs32) if rows.row[s] == r9] == [9]
    for timing in (False, True):
        out = np.zeros(256, np.uint32)
        simgpu.launch(k, 4, 64, [out], timing=timing)
        np.testing.assert_array_equal(out, 1)


def test_a_shfl_source_keeps_a_row_of_its_own():
    """shfl reads other lanes' values, active or not."""
    k = kernel(PROLOGUE + """
  mov.u32 %r2, 3;
  shfl.sync.bfly.b32 %r3, %r1, 1, 31, -1;
  add.u32 %r4, %r3, %r2;
  st.global.u32 [%rd3], %r4;
  ret;""")
    rows = compact(k.program)
    r1 = rows.row[reg_slot(k.program, C.K_R32, 1)]
    assert [s for s in range(k.program.nregs32) if rows.row[s] == r1] == [1]
    out = np.zeros(64, np.uint32)
    simgpu.launch(k, 1, 64, [out])
    np.testing.assert_array_equal(out, (np.arange(64) ^ 1) + 3)


def test_fewer_rows_change_no_value_and_no_cycle():
    """divergence.s (a split warp, a loop per side) and reduce_sum.s (shfl,
    atomics): outputs, cycles and stall counts as with a row per register."""
    cases = [("divergence.s", (16, 256), lambda: [np.zeros((2, 4096), np.float32),
                                                  np.random.default_rng(1).standard_normal(4096).astype(np.float32),
                                                  4096, 4, 1, 0]),
             ("reduce_sum.s", (8, 256), lambda: [np.zeros(1, np.float32),
                                                 np.random.default_rng(1).random(4096).astype(np.float32), 4096])]
    for name, (grid, block), make_args in cases:
        got = []
        for packed in (True, False):
            k = simgpu.load(ROOT / "programs" / name)
            if not packed:
                k.program._storage = one_row_each(k.program)
            args = make_args()
            res = simgpu.launch(k, grid, block, args)
            got.append((args[0].copy(), res.stats["cycles"], res.stats["warp_instructions"],
                        res.stats["stall_cycles"]))
        assert compact(simgpu.load(ROOT / "programs" / name).program).nregs32 < k.program.nregs32
        (out1, *s1), (out2, *s2) = got
        np.testing.assert_array_equal(out1, out2)
        assert s1 == s2
