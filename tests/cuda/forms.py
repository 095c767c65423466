#!/usr/bin/env python3
"""Inventory of PTX syntax used by the corpus: python3 forms.py *.ptx > FORMS.txt

Sections: DIRECTIVES, INSTRUCTIONS, SPECIAL REGISTERS, REGISTER FAMILIES, OPERAND SYNTAX.
Each row: count, form, one example statement (file:line).
"""
import re
import sys
from collections import OrderedDict

LINE_DIRECTIVES = ('.version', '.target', '.address_size', '.maxntid', '.reqntid',
                   '.maxnreg', '.minnctapersm', '.maxclusterrank', '.loc', '.file',
                   '.section', '.noreturn')


def statements(path):
    """Yield (kind, text, line) with kind in {'stmt', 'open', 'close', 'label', 'comment'}."""
    text = open(path).read()
    buf, start, line = '', 1, 1
    depth_paren = depth_brace = 0
    i, n = 0, len(text)
    in_str = False
    while i < n:
        c = text[i]
        if in_str:
            buf += c
            if c == '"':
                in_str = False
            if c == '\n':
                line += 1
            i += 1
            continue
        if c == '"':
            in_str = True
            buf += c
            i += 1
            continue
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            yield ('comment', text[i:j].strip(), line)
            i = j
            continue
        if text.startswith('/*', i):
            j = text.find('*/', i) + 2
            line += text.count('\n', i, j)
            i = j
            continue
        if c == '\n':
            line += 1
            s = buf.strip()
            if s and depth_paren == 0 and depth_brace == 0:
                if re.fullmatch(r'[\w$.]+:', s):
                    yield ('label', s, start)
                    buf = ''
                elif s.split()[0] in LINE_DIRECTIVES or \
                        (re.search(r'\.(entry|func)\b', s) and s.endswith(')')):
                    yield ('stmt', s, start)
                    buf = ''
                else:
                    buf += ' '
            else:
                buf += ' '
            i += 1
            continue
        if not buf.strip():
            start = line
            if c == '{':
                eol = text.find('\n', i)
                rest = text[i + 1:eol if eol >= 0 else n]
                if '}' in rest.split('//')[0]:
                    yield ('open-inline', '{' + rest.rstrip(), line)
                else:
                    yield ('open', '{', line)
                buf = ''
                i += 1
                continue
            if c == '}':
                yield ('close', '}', line)
                buf = ''
                i += 1
                continue
        if c == '{' and buf.strip().endswith(')') and depth_paren == 0 and \
                re.search(r'\.(entry|func)\b', buf):
            yield ('stmt', buf.strip(), start)       # function header
            yield ('open', '{', line)
            buf = ''
            i += 1
            continue
        if c == '(':
            depth_paren += 1
        elif c == ')':
            depth_paren -= 1
        elif c == '{':
            depth_brace += 1
        elif c == '}':
            depth_brace -= 1
        if c == ';' and depth_paren == 0 and depth_brace == 0:
            yield ('stmt', re.sub(r'\s+', ' ', buf.strip()) + ';', start)
            buf = ''
            i += 1
            continue
        buf += c
        i += 1
    if buf.strip():
        yield ('stmt', buf.strip(), start)


class Inv:
    def __init__(self):
        self.d = OrderedDict()

    def add(self, sec, key, ex):
        k = (sec, key)
        if k not in self.d:
            self.d[k] = [0, ex]
        self.d[k][0] += 1


GENERIC_REG = re.compile(r'^%(r|rd|f|fd|p|rs|h|hh|rq|temp)\d+$')


def split_operands(s):
    out, cur, depth = [], '', 0
    for c in s:
        if c in '[{(':
            depth += 1
        elif c in ']})':
            depth -= 1
        if c == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


def operand_forms(op, inv, ex):
    op = op.strip()
    if not op:
        return
    if op.startswith('[') and op.endswith(']'):
        inner = op[1:-1].strip()
        if re.fullmatch(r'%r\d+(\+-?\d+)?', inner):
            inv.add('OPERAND', '[%rN...]  address held in a 32-bit register (shared-window offsets)', ex)
        if re.fullmatch(r'%\w+', inner):
            inv.add('OPERAND', '[%reg]  address: register', ex)
        elif re.fullmatch(r'%\w+\+-\d+', inner):
            inv.add('OPERAND', '[%reg+-imm]  address: register + negative offset', ex)
        elif re.fullmatch(r'%\w+\+\d+', inner):
            inv.add('OPERAND', '[%reg+imm]  address: register + offset', ex)
        elif re.fullmatch(r'[A-Za-z_$][\w$]*', inner):
            inv.add('OPERAND', '[symbol]  address: symbol (param/shared/global name)', ex)
        elif re.fullmatch(r'[A-Za-z_$][\w$]*\+-?\d+', inner):
            inv.add('OPERAND', '[symbol+imm]  address: symbol + offset', ex)
        else:
            inv.add('OPERAND', '[other] ' + inner, ex)
        if inner.startswith('%'):
            operand_forms(re.split(r'\+', inner)[0], inv, ex)
        return
    if op.startswith('{') and op.endswith('}'):
        elems = split_operands(op[1:-1])
        inv.add('OPERAND', '{a, b, ...}  vector operand (%d elements)' % len(elems), ex)
        for e in elems:
            operand_forms(e, inv, ex)
        return
    if op.startswith('(') and op.endswith(')'):
        inv.add('OPERAND', '(a, ...)  parenthesised call argument/return list', ex)
        return
    if '|' in op:
        inv.add('OPERAND', 'd|p  paired destination (value|predicate)', ex)
        for e in op.split('|'):
            operand_forms(e, inv, ex)
        return
    if op == '_':
        inv.add('OPERAND', '_  sink (discarded) destination', ex)
        return
    if op.startswith('!'):
        inv.add('OPERAND', '!%p  negated predicate source operand', ex)
        return
    if op.startswith('-%'):
        inv.add('OPERAND', '-%reg  negated register operand', ex)
        return
    if op.startswith('%'):
        if not GENERIC_REG.match(op):
            inv.add('SPECIAL', op, ex)
        else:
            fam = re.match(r'%([a-z]+)', op).group(1)
            inv.add('REGFAM', '%' + fam + 'N', ex)
        return
    if re.fullmatch(r'0[fF][0-9A-Fa-f]{8}', op):
        inv.add('OPERAND', '0fXXXXXXXX  f32 hex immediate', ex)
        return
    if re.fullmatch(r'0[dD][0-9A-Fa-f]{16}', op):
        inv.add('OPERAND', '0dXXXXXXXXXXXXXXXX  f64 hex immediate', ex)
        return
    if re.fullmatch(r'0[xX][0-9A-Fa-f]+U?', op):
        inv.add('OPERAND', '0x...  hex integer immediate', ex)
        return
    if re.fullmatch(r'-\d+', op):
        inv.add('OPERAND', '-N  negative decimal immediate', ex)
        return
    if re.fullmatch(r'\d+U?', op):
        if len(op.rstrip('U')) > 9:
            inv.add('OPERAND', 'N  large decimal immediate (> 9 digits)', ex)
        else:
            inv.add('OPERAND', 'N  decimal immediate', ex)
        return
    if re.fullmatch(r'\$?[A-Za-z_][\w$]*', op):
        if op.startswith('$L'):
            inv.add('OPERAND', '$L__BBn_m  label operand (branch target)', ex)
        else:
            inv.add('OPERAND', 'symbol  bare symbol operand (address of variable/function)', ex)
        return
    inv.add('OPERAND', 'other: ' + op, ex)


FAM_BITS = {'r': 32, 'rd': 64, 'f': 32, 'fd': 64, 'rs': 16, 'SP': 64, 'SPL': 64}


def reg_bits(op):
    m = re.fullmatch(r'%([a-zA-Z]+)\d*', op)
    if m and m.group(1) in FAM_BITS and (op[1:] in ('SP', 'SPL') or op[-1].isdigit()):
        return FAM_BITS[m.group(1)]
    return None


def width_checks(opc, ops, inv, ex):
    parts = opc.split('.')
    base = parts[0]
    tm = re.fullmatch(r'[bsuf](8|16|32|64)', parts[-1])
    if base in ('ld', 'st') and tm and not any(p.startswith('v') and p[1:].isdigit() for p in parts):
        bits = int(tm.group(1))
        reg = ops[0] if base == 'ld' else ops[-1]
        rb = reg_bits(reg)
        if rb and rb != bits:
            inv.add('OPERAND', '%s register %d-bit with .%s type (size mismatch; truncate/extend)' % (base, rb, parts[-1]), ex)
    if base == 'mov' and len(ops) == 2:
        fa = re.match(r'%([a-z]+)', ops[0]); fb = re.match(r'%([a-z]+)', ops[1])
        if fa and fb and fa.group(1) != fb.group(1) and fa.group(1) in FAM_BITS and fb.group(1) in FAM_BITS \
                and ops[1][-1].isdigit():
            inv.add('OPERAND', 'mov.bN between register families (bit reinterpret, e.g. %f <-> %r)', ex)
        if fa and re.fullmatch(r'[A-Za-z_][\w$]*', ops[1]):
            inv.add('OPERAND', 'mov.%s %%reg, symbol  (address of %s-bit symbol)' % (parts[-1], parts[-1][1:]), ex)


def main(paths):
    inv = Inv()
    for path in paths:
        depth = 0
        fn = path.split('/')[-1]
        for kind, s, line in statements(path):
            ex = '%s:%d  %s' % (fn, line, s if len(s) < 160 else s[:157] + '...')
            if kind == 'comment':
                if s.startswith('// .globl'):
                    inv.add('DIRECTIVE', '// .globl NAME  (commented-out, emitted before each entry)', ex)
                elif depth > 0 and 'callseq' in s:
                    inv.add('OPERAND', '// callseq  comment after call-scope brace', ex)
                elif depth > 0 and depth < 1000:
                    pass
                continue
            if kind in ('open', 'open-inline'):
                depth += 1
                if kind == 'open-inline':
                    inv.add('OPERAND', '{ instr; }  one-line inline scope (e.g. around cvt.rn.f16.f32)', ex)
                elif depth >= 2:
                    inv.add('OPERAND', '{ ... }  nested scope block inside function body', ex)
                continue
            if kind == 'close':
                depth -= 1
                continue
            if kind == 'label':
                inv.add('OPERAND', 'LABEL:  label definition ($L__BBn_m:)', ex)
                continue
            if s.startswith('.'):
                head = s.split('(')[0]
                toks = [t for t in head.replace(';', ' ').split() if t.startswith('.')]
                key = ' '.join(toks)
                if toks and toks[0] in ('.visible', '.entry', '.func', '.weak', '.extern') and \
                        ('.entry' in toks or '.func' in toks):
                    key = ' '.join(t for t in toks if t in ('.visible', '.weak', '.extern', '.entry', '.func'))
                    if re.search(r'\.func\s*\(', s):
                        key += ' (.param ...retval) name(...)'
                        inv.add('DIRECTIVE', '.func (.param .bN func_retval0)  return-value declaration', ex)
                    inv.add('DIRECTIVE', key, ex)
                    m = re.search(r'[\w$]+\s*\(([^()]*)\)\s*$', s, re.S)
                    if m:
                        for p in split_operands(m.group(1)):
                            pt = ' '.join(t for t in p.split() if t.startswith('.'))
                            if pt:
                                inv.add('DIRECTIVE', pt + '  (entry/func parameter)', ex)
                    if re.search(r'\b_Z\w+', s.split('(')[0]):
                        inv.add('OPERAND', '_Z...  C++-mangled entry/func name', ex)
                    continue
                scope = 'entry performance directive, between header and body' if toks[0] in (
                    '.maxntid', '.reqntid', '.maxnreg', '.minnctapersm') else 'module' if depth == 0 else ('function' if depth == 1 else 'nested-scope')
                k2 = re.sub(r'\.align', '.align N', key) if False else key
                if toks and toks[0] == '.reg':
                    inv.add('DIRECTIVE', '.reg ' + ' '.join(toks[1:]) + '  [%s]' % scope, ex)
                    if '<' in s:
                        inv.add('OPERAND', '%name<N>  register-range declaration', ex)
                    elif re.search(r'%SPL?\b', s):
                        inv.add('SPECIAL', re.search(r'%SPL?\b', s).group(0) + '  (declared as .reg .b64)', ex)
                    else:
                        inv.add('OPERAND', 'plain-name register declaration (no %/range), e.g. temp_param_reg', ex)
                    continue
                if toks[0] != '.pragma':
                    inv.add('DIRECTIVE', k2 + '  [%s]' % scope, ex)
                if '__local_depot' in s:
                    inv.add('OPERAND', '__local_depotN  per-thread local frame array', ex)
                if re.search(r'=\s*\{', s):
                    inv.add('OPERAND', '= {b, b, ...}  array initializer on module variable', ex)
                if re.search(r'\[\]', s):
                    inv.add('OPERAND', 'name[]  unsized (dynamic) array declaration', ex)
                if toks and toks[0] == '.pragma':
                    inv.add('DIRECTIVE', '.pragma ' + s.split(None, 1)[1], ex)
                continue
            # instruction
            if s.count('\n') or len(s) > 0 and kind == 'stmt' and 'call' in s.split()[0]:
                pass
            body = s.rstrip(';').strip()
            m = re.match(r'^(@!?%\w+)\s+(.*)$', body)
            if m:
                pred, body = m.group(1), m.group(2)
                inv.add('OPERAND', '@!%p  negated predicate guard' if pred.startswith('@!') else '@%p  predicate guard', ex)
            parts = body.split(None, 1)
            if not parts:
                continue                      # an empty statement (a lone `;`)
            opc = parts[0]
            inv.add('INSTR', opc, ex)
            ops = parts[1] if len(parts) > 1 else ''
            if opc.startswith('call'):
                inv.add('OPERAND', 'call (ret), func, (args);  call syntax, multi-line in source', ex)
            opl = split_operands(ops)
            for op in opl:
                operand_forms(op, inv, ex)
            width_checks(opc, opl, inv, ex)
    titles = OrderedDict([
        ('DIRECTIVE', 'DIRECTIVES'),
        ('INSTR', 'INSTRUCTION FORMS (opcode with all dot-suffixes)'),
        ('SPECIAL', 'SPECIAL REGISTERS'),
        ('REGFAM', 'GENERAL REGISTER FAMILIES'),
        ('OPERAND', 'OPERAND / STATEMENT SYNTAX'),
    ])
    print('# PTX forms found in tests/cuda/*.ptx (nvcc -ptx -arch=sm_90 -O3; lineinfo.ptx adds -lineinfo)')
    print('# generated by tests/cuda/forms.py; columns: count <TAB> form <TAB> example (file:line  statement)')
    print('# files: ' + ' '.join(p.split('/')[-1] for p in paths))
    for sec, title in titles.items():
        rows = sorted((k[1], v) for k, v in inv.d.items() if k[0] == sec)
        print()
        print('## %s  (%d distinct)' % (title, len(rows)))
        for key, (cnt, ex) in rows:
            print('%6d\t%s\t%s' % (cnt, key, ex))


if __name__ == '__main__':
    main(sorted(sys.argv[1:]))
