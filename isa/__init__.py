"""The PTX subset simgpu runs, read from ``instructions.toml`` (data, not code).

``load_table()`` returns {name: InstrSpec}. The assembler checks every
instruction against this table; the timing model reads ``unit`` and
``latency``; ``ISA.md`` documents the same rows (a test keeps them in step).
"""
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

TYPE_GROUPS = {
    "@int": ("s16", "u16", "s32", "u32", "s64", "u64"),
    "@bits": ("b16", "b32", "b64"),
    "@float": ("f32", "f64"),
    "@half": ("f16", "bf16", "f16x2", "bf16x2"),
}
UNITS = ("fp32", "int", "fp64", "sfu", "lsu", "mio", "branch", "sync", "tensor", "arith")
LATENCIES = ("fixed", "variable")


@dataclass(frozen=True)
class InstrSpec:
    name: str
    types: tuple
    modifiers: frozenset
    operands: tuple      # e.g. ("d:T", "s:T", "s:T", "q?")
    unit: str
    latency: str
    summary: str

    def unit_for(self, type_name):
        """The functional-unit class of this instruction at a given type."""
        if self.unit != "arith":
            return self.unit
        if type_name == "f64":
            return "fp64"
        if type_name in ("f32", "f16", "bf16", "f16x2", "bf16x2"):
            return "fp32"
        return "int"


@lru_cache(maxsize=1)
def load_table():
    path = Path(__file__).with_name("instructions.toml")
    rows = tomllib.loads(path.read_text())["instruction"]
    table = {}
    for row in rows:
        types = []
        for t in row["types"]:
            types.extend(TYPE_GROUPS.get(t, (t,)))
        if row["unit"] not in UNITS or row["latency"] not in LATENCIES:
            raise ValueError(f"isa/instructions.toml: bad unit/latency for {row['name']}")
        ops = tuple(row["operands"].split()) if row["operands"] != "~" else ()
        table[row["name"]] = InstrSpec(row["name"], tuple(types), frozenset(row["modifiers"]),
                                       ops, row["unit"], row["latency"], row["summary"])
    return table
