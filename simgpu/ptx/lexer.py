"""Tokenizer for PTX text: words, directives, numbers and punctuation, each
with its line and column so every error can point at the place.

Comments (`//` to end of line, `/* ... */`) are skipped; recipe lines (`//!`)
are comments too and are read separately by simgpu.recipe.
"""
import re
from dataclasses import dataclass

from ..errors import AssemblyError

_TOKEN = re.compile(r"""
  (?P<ws>[ \t\r]+)
| (?P<nl>\n)
| (?P<lcomment>//[^\n]*)
| (?P<bcomment>/\*.*?\*/)
| (?P<string>"[^"\n]*")
| (?P<fimm>0[fF][0-9a-fA-F]{8}|0[dD][0-9a-fA-F]{16})(?![\w$])
| (?P<float>\d+\.\d*(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+)
| (?P<int>0[xX][0-9a-fA-F]+U?|0[bB][01]+U?|\d+U?)
| (?P<directive>\.[A-Za-z_][\w$]*)
| (?P<word>[%A-Za-z_$][\w$]*(?:\.[\w$]+(?:::[\w$]+)*)*)
| (?P<punct>[,;:\[\]{}()<>+\-!|@=*])
""", re.VERBOSE | re.DOTALL)


@dataclass(frozen=True)
class Token:
    kind: str        # word, directive, int, float, fimm, string, punct, eof
    text: str
    line: int
    col: int


def tokenize(text, file="<ptx>"):
    tokens = []
    pos, line, line_start = 0, 1, 0
    n = len(text)
    while pos < n:
        m = _TOKEN.match(text, pos)
        if m is None and text.startswith("/*", pos):
            raise AssemblyError("unterminated /* comment", file, line, pos - line_start + 1)
        if m is None:
            raise AssemblyError(f"unexpected character {text[pos]!r}", file, line, pos - line_start + 1)
        kind = m.lastgroup
        s = m.group()
        if kind == "nl":
            line += 1
            line_start = m.end()
        elif kind == "bcomment":
            nls = s.count("\n")
            if nls:
                line += nls
                line_start = pos + s.rfind("\n") + 1
        elif kind not in ("ws", "lcomment"):
            tokens.append(Token(kind, s, line, pos - line_start + 1))
        pos = m.end()
    tokens.append(Token("eof", "", line, pos - line_start + 1))
    return tokens
