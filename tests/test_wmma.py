"""nvcuda::wmma (PTX wmma.load / wmma.mma / wmma.store, simgpu/ptx/wmma.py) against the H200:
the fragment layouts element by element (traces/h200/wmma/layout.json), the counters ptxas's
expansion gives tests/cuda/wmma.cu's kernels (traces/h200/wmma/pipes.csv), movmatrix, and the
one-line errors of malformed forms. Results of the kernels: tests/test_nvcc_kernels.py."""
import csv
import json
import re
from pathlib import Path

import numpy as np
import pytest

import simgpu
from simgpu.errors import AssemblyError
from simgpu.ptx import wmma

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "traces" / "h200" / "wmma"
LAYOUT = json.loads((RECORD / "layout.json").read_text())["fragments"]


@pytest.mark.parametrize("name", sorted(LAYOUT))
def test_fragment_layout_is_the_h200s(name):
    """Every lane's every fragment element sits where the H200 put it (loads and stores)."""
    rec = LAYOUT[name]
    _, use, m, n, k, ty, _ = re.fullmatch(r"(ld|st)_(?:matrix_)?(a|b|c)_m(\d+)n(\d+)k(\d+)_(\w+)_(row|col)",
                                          name).groups()
    ty = {"u8": "u8", "tf32": "tf32"}.get(ty, ty)
    regs, listed = wmma.fragment(use, f"m{m}n{n}k{k}", ty)
    per_reg = len(regs[0])
    assert listed * per_reg == rec["num_elements"]
    got = np.zeros((32, rec["num_elements"]), np.int64)
    for lane in range(32):
        for e in range(rec["num_elements"]):
            j, h = divmod(e, per_reg)
            row, col = wmma.element_position(regs[j % len(regs)][h], lane)
            got[lane, e] = row * rec["cols"] + col if rec["layout"] == "row" else col * rec["rows"] + row
    np.testing.assert_array_equal(got, np.array(rec["index"]))


def _nsight():
    """{kernel: {metric: value}} of the H200's run of tests/cuda/wmma.cu's cases."""
    out = {}
    for row in csv.reader((RECORD / "pipes.csv").read_text().splitlines()):
        if len(row) > 12 and row[0].isdigit():
            out.setdefault(row[4], {})[row[12]] = float(row[14].replace(",", ""))
    return out


# the launches of tests/test_nvcc_kernels.py's wmma cases (the same shapes; values do not matter)
def _args(name):
    f16, f32 = np.float16, np.float32
    z = np.zeros
    return {
        "wmma_gemm": ((1, 2), 128, [z((64, 48), f16), z((32, 48), f16), z((64, 32), f32), np.int32(64),
                                    np.int32(32), np.int32(48), f32(0.5)]),
        "wmma_shared": (1, 32, [z((16, 16), f16)] * 3 + [z((16, 16), f16)]),
        "wmma_bf16": (1, 32, [z((32, 48), np.uint16), z((48, 8), np.uint16), z((32, 8), f32), np.int32(48)]),
        "wmma_m8n32": (1, 32, [z((8, 16), f16), z((32, 16), f16), z((32, 8), f32), z((32, 8), f32)]),
        "wmma_tf32": (1, 64, [z((32, 24), f32), z((24, 16), f32), z((32, 16), f32), np.int32(32), np.int32(24)]),
        "wmma_s8": (1, 32, [z((16, 48), np.int8), z((16, 48), np.int8), z((16, 16), np.int32),
                            z((16, 16), np.int32), np.int32(48)]),
        "wmma_f64": (1, 32, [z((8, 12)), z((12, 8)), z((8, 8)), np.int32(12)]),
    }[name]


EXACT = [("gld_requests", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"),
         ("gld_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"),
         ("gst_requests", "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"),
         ("gst_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum")]


@pytest.mark.parametrize("name", ["wmma_gemm", "wmma_bf16", "wmma_m8n32", "wmma_tf32", "wmma_s8", "wmma_f64"])
def test_global_requests_sectors_and_tensor_instructions_match_nsight(name):
    """ptxas's accesses, one a register or a pair of registers adjacent in memory, give the
    H200's global requests and sectors exactly; one mma.sync a tile its tensor-pipe count."""
    hw = _nsight()[name]
    grid, block, args = _args(name)
    k = simgpu.load(ROOT / "tests" / "cuda" / "wmma.ptx", kernel=name, lower="ptxas")
    st = simgpu.launch(k, grid, block, args, config="h200").stats
    for ours, theirs in EXACT:
        assert st[ours] == hw[theirs], (ours, st[ours], hw[theirs])
    tensor = sum(v for m, v in hw.items() if m == "smsp__inst_executed_pipe_tensor.sum")
    assert st["pipe_instructions"]["tensor"] == tensor


HEAD = """.version 8.0
.target sm_90
.address_size 64
"""
MOVM = HEAD + """.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %laneid;
  mul.lo.u32 %r2, %r1, 0x00020002;
  add.u32 %r2, %r2, 0x00010000;
  movmatrix.sync.aligned.m8n8.trans.b16 %r3, %r2;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
  ret;
}
"""


def test_movmatrix_transposes_the_8x8_fragment():
    """Lane l holds row l/4, columns 2(l%4), 2(l%4)+1 of M (element r c = 8 r + c); after
    movmatrix.trans it holds those of M^T."""
    out = np.zeros(32, np.uint32)
    simgpu.launch(simgpu.load("<movm>.ptx", text=MOVM), 1, 32, [out])
    halves = out.view(np.uint16).reshape(8, 8)            # lane-major: row l/4, col 2(l%4)+h
    m = np.arange(64).reshape(8, 8)
    np.testing.assert_array_equal(halves, m.T)


WMMA = HEAD + """.visible .entry k(.param .u64 p)
{{
  .reg .b32 %r<40>;
  .reg .f32 %f<40>;
  .reg .b64 %rd<4>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [p];
  {line}
  ret;
}}
"""
R8 = "{%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}"
F8 = "{%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}"


@pytest.mark.parametrize("line, message", [
    (f"wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {{%r1, %r2}}, [%rd1], 16;",
     "wmma.load's fragment is 8 registers a lane, found 2"),
    (f"wmma.load.a.sync.aligned.row.m16n8k16.global.f16 {R8}, [%rd1], 16;", "needs one shape"),
    (f"wmma.load.a.sync.row.m16n16k16.global.f16 {R8}, [%rd1], 16;", "needs .sync.aligned"),
    (f"wmma.load.c.sync.aligned.row.m16n16k16.global.bf16 {F8}, [%rd1], 16;", "takes .f16, .f32, .s32, not .bf16"),
    (f"@%p1 wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {R8}, [%rd1], 16;", "cannot be predicated"),
    (f"wmma.store.d.sync.aligned.m16n16k16.global.f32 [%rd1], {F8}, 16;", "needs a layout"),
    (f"wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {F8}, {R8}, {R8}, {{%f1}};",
     "wmma.mma's C is 8 registers a lane, found 1"),
    (f"wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.f16.f32 {F8}, {R8}, {R8}, {F8};", "does not multiply .bf16 by .f16"),
    ("wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%rd1, %rd2, %rd3, %rd1, %rd2, %rd3, %rd1, %rd2}, [%rd1], 16;",
     "this fragment takes 32-bit registers"),
])
def test_malformed_wmma_names_its_place(line, message):
    with pytest.raises(AssemblyError) as e:
        simgpu.load("<wmma>.ptx", text=WMMA.format(line=line))
    assert message in str(e.value)
    assert "<wmma>.ptx:11:" in str(e.value)


# ---- movmatrix's cost: the same PTX as the H200's record (tools/movmatrix_latency.cu) ----
MOVM_RECORD = json.loads((RECORD / "movmatrix.json").read_text())


def movm_cycles_per_op(name, warps):
    """simgpu's median cycles an operation a warp of tools/movmatrix_latency.cu's kernel `name`
    (the second pass, as the record's), one block of `warps` warps on the h200 config."""
    n = 32 * warps
    t = np.full(warps, -1, np.int64)
    k = simgpu.load(str(ROOT / "tools" / "movmatrix_latency.ptx"), kernel=name)
    simgpu.launch(k, 1, n, [np.arange(n, dtype=np.uint32) * 0x00010001, np.zeros(n, np.uint32), t], config="h200")
    return float(np.median(t)) / MOVM_RECORD["runs"][f"{name}/{warps}"]["ops_per_warp"]


def test_movmatrix_costs_what_a_shuffle_does_on_the_h200():
    """On the H200 a dependent chain of movmatrix takes 24.0 cycles a link, as one of
    shfl.bfly does, so simgpu times MOVM as a shuffle (the MIO, latency_shared_cycles = 23:
    both links a cycle short, the shuffle's known gap, h200.toml). Issue rates (1, 4 and 16
    warps of 8 independent chains) within 3%: one MOVM a sub-partition every 4 cycles."""
    runs = MOVM_RECORD["runs"]
    assert runs["lat_movm/1"]["median_cycles_per_op"] == runs["lat_shfl/1"]["median_cycles_per_op"]
    for name in ("lat_movm", "lat_shfl"):
        want = runs[f"{name}/1"]["median_cycles_per_op"]
        assert want - 1.05 <= movm_cycles_per_op(name, 1) <= want, name
    for warps in (1, 4, 16):
        want = runs[f"thr_movm/{warps}"]["median_cycles_per_op"]
        assert movm_cycles_per_op("thr_movm", warps) == pytest.approx(want, rel=0.03), warps


@pytest.mark.parametrize("ptx,kernel,sass", [
    ("programs/holdout/wmma_gemm.ptx", "wmma_gemm", "traces/ptxas/sm90_holdout3.sass"),
    ("tests/cuda/wmma.ptx", "wmma_m8n32", "traces/h200/wmma/wmma.sass"),
    ("tests/cuda/wmma.ptx", "wmma_f64", "traces/h200/wmma/wmma.sass"),
])
def test_lowered_global_accesses_movm_and_mma_come_in_the_sass_order(ptx, kernel, sass):
    """A fragment's movmatrix waits until its registers are needed: the next fragment's
    loads issue first, as ptxas schedules them. With each LDG followed by its MOVM, the
    held-out wmma_gemm waited for A's and B's loads one after the other and ran +25% over
    the H200. The kernels here follow their SASS exactly in global loads and stores, MOVM
    and HMMA/DMMA; the others of tests/cuda/wmma.cu interleave the unrolled iterations'
    loads differently from ptxas (not modeled)."""
    from simgpu.launch import load
    from simgpu.ptx import codes as C
    P = load(ROOT / ptx, kernel=kernel, lower="ptxas").program
    letter = {"ld": "L", "st": "S", "movmatrix": "M", "mma": "H"}
    to_l2 = (C.SPACE_NAMES.index("global"), C.SPACE_NAMES.index("generic"))
    ops = [C.OPCODES[o] for o in P.op[:P.n]]
    ours = "".join(letter[o] for o, sp in zip(ops, P.space[:P.n])
                   if o in letter and (o not in ("ld", "st") or sp in to_l2))
    body = (ROOT / sass).read_text().split(f"Function : {kernel}")[1].split("Function :")[0]
    theirs = "".join({"LDG": "L", "LD": "L", "STG": "S", "ST": "S", "MOVM": "M"}.get(w, "H")
                     for w in re.findall(r"\b(LDG|LD|STG|ST|MOVM|HMMA|DMMA)\b", body))
    assert ours == theirs
