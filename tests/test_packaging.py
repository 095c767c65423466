"""A non-editable install (pip install .) ships exactly pyproject's package
list: every subpackage of simgpu/ must be named there, or the installed
simgpu fails on import (simgpu.memory and simgpu.timing once were missing)."""
from pathlib import Path

try:
    import tomllib
except ImportError:             # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def test_every_subpackage_is_installed():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "simgpu").rglob("__init__.py")}
    found.add("simgpu.isa")     # the top-level isa/ folder, installed as simgpu.isa
    assert found - listed == set(), "subpackages missing from pyproject's packages"
    assert listed - found == set(), "pyproject names packages that do not exist"
