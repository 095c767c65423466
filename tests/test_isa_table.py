"""The ISA table (isa/instructions.toml), its reference (isa/ISA.md) and the
executor's opcode list must describe the same instructions."""
from pathlib import Path

from simgpu.isa import load_table
from simgpu.isa.isa_doc import render
from simgpu.ptx import codes as C

ISA_MD = Path(__file__).resolve().parents[1] / "isa" / "ISA.md"


def test_isa_md_table_is_in_step_with_the_toml():
    text = ISA_MD.read_text()
    assert render(text) == text, "isa/ISA.md is stale: run `python -m simgpu.isa.isa_doc`"


def test_every_table_row_has_an_opcode_and_back():
    names = set(load_table())
    executable = set(C.OPCODES) - {"nop"}
    assert names - executable == set(), "table rows the executor has no opcode for"
    assert executable - names == set(), "opcodes missing from isa/instructions.toml"


def test_every_instruction_is_documented_by_name():
    text = ISA_MD.read_text()
    for name in load_table():
        assert f"| `{name}` |" in text


def test_unit_of_arith_follows_the_type():
    t = load_table()
    assert t["add"].unit_for("f32") == "fp32"
    assert t["add"].unit_for("f64") == "fp64"
    assert t["add"].unit_for("s32") == "int"
    assert t["ex2"].unit_for("f32") == "sfu"
