"""The README's example commands on the PTX corpus run as printed: each `$ simgpu run
tests/cuda/...` block (with its continuation lines) is parsed as a shell line and given to
simgpu's command line; it must end as the README says (a report, or the one-line error it
shows)."""
import re
import shlex
from pathlib import Path

import pytest

from simgpu.cli import main

ROOT = Path(__file__).resolve().parents[1]


def _commands():
    text = (ROOT / "README.md").read_text()
    out = []
    for m in re.finditer(r"^\$ (simgpu run tests/cuda/(?:[^\n]*\\\n)*[^\n]*)\n((?:(?!\$ |```)[^\n]*\n)*)", text, re.M):
        argv = shlex.split(m.group(1).replace("\\\n", " "))[1:]
        out.append((argv, m.group(2).strip()))
    return out


COMMANDS = _commands()


def test_the_readme_has_corpus_examples():
    assert len(COMMANDS) >= 3


@pytest.mark.parametrize("argv, shown", COMMANDS, ids=[" ".join(a[1:4]) for a, _ in COMMANDS])
def test_readme_command_runs_as_printed(argv, shown, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code = main(argv)
    out = capsys.readouterr()
    if shown.startswith("simgpu:"):              # the README shows the one-line error it ends with
        assert code == 2
        assert out.err.strip() == shown
    else:
        assert code == 0, out.err
        assert "launch" in out.out
