"""The stall counts ptxas writes into a kernel's SASS, without a GPU.

    python3 tools/sass_stalls.py PTX KERNEL [--sass LISTING] [--from ADDR --to ADDR]

Compiles PTX with this machine's ptxas (`ptxas -arch=sm_90 -O3`, as the driver
does) and decodes each instruction's control bits, bits 105-127 of its 128:
the stall count (bits 105-108: cycles before the warp's next instruction may
issue; the H200 counts the wait as `wait`), the yield bit, the scoreboards the
instruction sets for a variable-latency result (write, read) and the ones it
waits on. The layout is the one tools/measure_mio_queue.py reads from
`cuobjdump -sass` on the device (traces/h200/mio_queue.json). This machine
has no disassembler, so the instructions' text comes from a listing made on
the device (`--sass`, e.g. traces/ptxas/sm90_holdout6.sass, ptxas 13.0 there
as here): the two are paired in order, which holds while both ptxas make the
same code (the tool stops if the counts differ beyond the trailing NOPs).

--from/--to (hex SASS addresses, inclusive) print the range's instructions and
the sum of their stall counts: with one warp a scheduler and no scoreboard
wait, a loop's cycles a pass are that sum (nbody_smem's loop, 0x240-0x6f0:
76 instructions, 172 cycles of stall counts; the H200 spends 2.33 cycles an
instruction issuing and in `wait`, 177 a pass; traces/h200/holdout6.json).
"""
import argparse
import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path


def sections(elf):
    """{section name: bytes} of an ELF64 file."""
    shoff = struct.unpack_from("<Q", elf, 0x28)[0]
    entsize, count, names = struct.unpack_from("<HHH", elf, 0x3A)
    heads = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + k * entsize) for k in range(count)]
    table = heads[names][4]

    def name(offset):
        start = table + offset
        return elf[start:elf.index(b"\0", start)].decode()
    return {name(h[0]): elf[h[4]:h[4] + h[5]] for h in heads}


def kernel_words(ptx_text, kernel, work):
    """The first 64 bits of each SASS instruction of `kernel`, compiled from the PTX text by this
    machine's ptxas (`-arch=sm_90 -O3`) in folder `work`: opcode bits 0-11, guard 12-15 (the
    ptxas probes, tools/probe_ptxas_*.py)."""
    src, cubin = Path(work) / "p.ptx", Path(work) / "p.cubin"
    src.write_text(ptx_text)
    subprocess.run(["ptxas", "-arch=sm_90", "-O3", str(src), "-o", str(cubin)], check=True)
    text = sections(cubin.read_bytes())[".text." + kernel]
    return [struct.unpack_from("<Q", text, at)[0] for at in range(0, len(text), 16)]


def control_bits(ptx, kernel):
    """Per SASS instruction of `kernel`: dict(stall, yield_, write, read, wait) from its control bits."""
    with tempfile.TemporaryDirectory() as d:
        cubin = Path(d) / "k.cubin"
        subprocess.run(["ptxas", "-arch=sm_90", "-O3", str(ptx), "-o", str(cubin)], check=True)
        text = sections(cubin.read_bytes()).get(".text." + kernel)
    if text is None:
        sys.exit(f"{ptx}: no kernel {kernel} in ptxas's output")
    rows = []
    for at in range(0, len(text), 16):
        hi = struct.unpack_from("<Q", text, at + 8)[0]
        c = hi >> 41
        rows.append(dict(stall=c & 15, yield_=(c >> 4) & 1, write=(c >> 5) & 7, read=(c >> 8) & 7,
                         wait=(c >> 11) & 63))
    return rows


def listing(path, kernel):
    """The instructions' text of `kernel` in a listing of `Function : NAME` sections of `ADDR TEXT` lines."""
    body = Path(path).read_text().split(f"Function : {kernel}\n")[1]
    body = re.split(r"^(?:Function :|===)", body, flags=re.M)[0]
    return [line.split(" ", 1)[1] for line in body.splitlines() if re.match(r"^[0-9a-f]{4} ", line)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ptx")
    ap.add_argument("kernel")
    ap.add_argument("--sass", help="a listing of the same kernel made on the device")
    ap.add_argument("--from", dest="lo", default="0")
    ap.add_argument("--to", dest="hi")
    a = ap.parse_args(argv)
    rows = control_bits(a.ptx, a.kernel)
    text = listing(a.sass, a.kernel) if a.sass else []
    if text and len(text) > len(rows):
        sys.exit(f"the listing has {len(text)} instructions, ptxas here made {len(rows)}")
    lo, hi = int(a.lo, 16) // 16, int(a.hi, 16) // 16 if a.hi else len(rows) - 1
    total = 0
    for k in range(lo, hi + 1):
        r = rows[k]
        total += r["stall"]
        bars = "".join(str(b) for b in range(6) if r["wait"] >> b & 1)
        print(f"{16 * k:04x} S{r['stall']:02d} {'Y' if r['yield_'] else '-'} "
              f"wr:{r['write'] if r['write'] != 7 else '-'} rd:{r['read'] if r['read'] != 7 else '-'} "
              f"wait:{bars or '-':6s} {text[k] if k < len(text) else ''}")
    print(f"{hi - lo + 1} instructions, stall counts {total} cycles")


if __name__ == "__main__":
    main()
