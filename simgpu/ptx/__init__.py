"""PTX text -> Program (flat arrays): lexer, parser, assembler, CFG."""
from .assemble import Program, assemble
from .parser import parse_module

__all__ = ["Program", "assemble", "parse_module"]
