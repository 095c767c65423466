"""Regenerate the instruction table of isa/ISA.md from isa/instructions.toml.

    python -m simgpu.isa.isa_doc          # rewrite the table in place
The text between the BEGIN/END markers is generated; tests/test_isa_table.py
fails when it is out of step with the table.
"""
from pathlib import Path

from . import TYPE_GROUPS, load_table

BEGIN = "<!-- BEGIN INSTRUCTION TABLE (generated from instructions.toml by isa_doc.py) -->"
END = "<!-- END INSTRUCTION TABLE -->"


def _types(spec):
    types = list(spec.types)
    out = []
    for group, members in TYPE_GROUPS.items():
        if all(m in types for m in members):
            out.append(group)
            types = [t for t in types if t not in members]
    return " ".join(out + ["." + t for t in types]) or "—"


def table_markdown():
    rows = ["| instruction | types | modifiers | operands | unit | latency | what it does |",
            "|---|---|---|---|---|---|---|"]
    for name, spec in load_table().items():
        mods = " ".join("." + m for m in sorted(spec.modifiers)) or "—"
        ops = ", ".join(spec.operands) or "—"
        rows.append(f"| `{name}` | {_types(spec)} | {mods} | `{ops}` | {spec.unit} | {spec.latency} | "
                    f"{spec.summary.replace('|', '/')} |")
    return "\n".join(rows)


def render(text):
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n{table_markdown()}\n{END}{tail}"


def main():
    path = Path(__file__).with_name("ISA.md")
    path.write_text(render(path.read_text()))


if __name__ == "__main__":
    main()
