"""The public API: load a kernel, launch it on numpy data, get a Result.

    k = simgpu.load("programs/vector_add.s")
    res = simgpu.launch(k, grid=256, block=256, args=[out, a, b, n])
    res.stats["warp_instructions"]

Pointer parameters take numpy arrays: each is copied into its own device
allocation (laid out as the H200's harness gets them: see LARGE_PAGE below,
with an unmapped gap after each) and copied back into the same array after
the run.
Value parameters take Python or numpy scalars, converted to the .param type.
"""
import struct
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .config import load_config
from .errors import AssemblyError, KernelFault, LaunchError
from .ptx import assemble, parse_module
from .ptx import codes as C
from .printf import c_string, decode, fifo_for
from .ptx.assemble import GLOBAL_BASE

# where the harness's buffers land on the H200 (tools/probe_alloc.py, traces/h200/alloc.json): the first at a 2 MB
# boundary, buffers of 2 MB or more each at one, smaller ones right after the one before (CuPy's pool rounds sizes
# up to 512 bytes); simgpu keeps that alignment and puts a 4 KB unmapped gap after each, to catch an access past
# its end (a multiple of 4 KB, so each buffer sits in the L2 partitions' 4 KB homes as it does on the H200)
LARGE_PAGE = 2 << 20
POOL_ROUND = 512
GUARD_GAP = 4096
DEFAULT_MAX_WARP_INSTRUCTIONS = 2_000_000_000


@dataclass
class Kernel:
    """An assembled kernel: its Program and where it came from."""
    program: object
    path: str
    name: str

    @property
    def params(self):
        return self.program.params


@dataclass
class Result:
    stats: dict
    grid: tuple
    block: tuple
    config: object
    kernel: Kernel
    per_pc: np.ndarray = field(repr=False, default=None)
    printf: list = field(default_factory=list)       # device printf's text, a string per call (simgpu/printf.py)
    printf_dropped: int = 0                          # printf calls the full FIFO could not keep


def read_source(path):
    """The text of a program file, or an AssemblyError naming what is wrong with it."""
    try:
        return Path(path).read_text()
    except FileNotFoundError:
        raise AssemblyError("file not found", str(path), 0, 0) from None
    except IsADirectoryError:
        raise AssemblyError("is a directory, not a program file", str(path), 0, 0) from None
    except UnicodeDecodeError:
        raise AssemblyError("not a text file", str(path), 0, 0) from None
    except OSError as e:
        raise AssemblyError(f"cannot read: {e.strerror}", str(path), 0, 0) from None


def load(path, kernel=None, text=None, lower=None):
    """Assemble one kernel of a .s/.ptx file (kernel= picks an entry by name).
    lower="ptxas" first rewrites the PTX as ptxas compiles it: loops unrolled
    and scheduled, instructions removed, fused and expanded; lower="metal"
    as Apple's Metal compiler is assumed to: loops of a fixed trip count
    unrolled and adjacent shared loads merged (simgpu/ptx/lower.py); by
    default the PTX runs as written."""
    path = str(path)
    if text is None:
        text = read_source(path)
    module = parse_module(text, path)
    prog = assemble(module, kernel, lower)
    return Kernel(prog, path, prog.name)


def kernel_names(path):
    module = parse_module(read_source(path), str(path))
    return [f.name for f in module.functions.values() if f.is_entry]


def _dim3(v, what):
    if isinstance(v, (int, np.integer)):
        v = (int(v),)
    try:
        v = tuple(int(x) for x in v)
    except TypeError:
        raise LaunchError(f"{what} must be an int or a tuple of up to 3 ints, got {v!r}") from None
    if not 1 <= len(v) <= 3:
        raise LaunchError(f"{what} must have 1 to 3 dimensions, got {v!r}")
    v = v + (1,) * (3 - len(v))
    if any(x < 1 for x in v):
        raise LaunchError(f"{what} dimensions must be >= 1, got {v}")
    return v


_PACK = {8: "<B", 16: "<H", 32: "<I", 64: "<Q"}


def _pack_scalar(value, param, index):
    t = param.type
    bits, kind = C.TYPE_BITS[t], C.TYPE_KIND[t]
    name = C.TYPES[t][0]
    if param.size != max(1, bits // 8):
        raise LaunchError(f"argument {index} ({param.name}): array parameters (.b8 [{param.size}]) "
                          "are not supported")
    if isinstance(value, (bool, np.bool_)):
        value = int(value)
    if kind == C.KIND_FLOAT:
        if not isinstance(value, (int, float, np.integer, np.floating)):
            raise LaunchError(f"argument {index} ({param.name}) is .{name}: expected a number, got {type(value).__name__}")
        if bits == 32:
            return struct.pack("<f", float(value))
        if bits == 64:
            return struct.pack("<d", float(value))
        raise LaunchError(f"argument {index} ({param.name}): .{name} parameters are not supported")
    if isinstance(value, (float, np.floating)):
        if float(value) != int(value):
            raise LaunchError(f"argument {index} ({param.name}) is .{name}: expected an integer, got {value!r}")
        value = int(value)
    if not isinstance(value, (int, np.integer)):
        raise LaunchError(f"argument {index} ({param.name}) is .{name}: expected an integer "
                          f"or a numpy array, got {type(value).__name__}")
    value = int(value)
    lo = -(1 << (bits - 1)) if kind == C.KIND_SIGNED else (-(1 << (bits - 1)) if name.startswith("b") else 0)
    hi = (1 << bits) - 1 if kind != C.KIND_SIGNED else (1 << (bits - 1)) - 1
    if not lo <= value <= hi:
        raise LaunchError(f"argument {index} ({param.name}) = {value} does not fit in .{name}")
    return struct.pack(_PACK[bits], value & ((1 << bits) - 1))


class DeviceMemory:
    """Host arrays laid out as device allocations in one byte array."""

    def __init__(self, arrays, global_init=b""):
        # one allocation per array: an array passed as two arguments is one buffer with two
        # pointers to it, as on a GPU (a kernel that reads through one and writes through the
        # other sees its own writes); arrays that only partly overlap are refused
        self.printf = None                     # the printf FIFO of a launch (printf.fifo_for)
        self.user = []                         # allocation of each user array, in argument order
        unique = []
        for k, name, arr in arrays:
            lo = arr.__array_interface__["data"][0]
            for j, (k2, name2, other) in enumerate(unique):
                lo2 = other.__array_interface__["data"][0]
                if lo == lo2 and arr.nbytes == other.nbytes and arr.dtype == other.dtype:
                    self.user.append(j)
                    break
                if arr.nbytes and other.nbytes and lo < lo2 + other.nbytes and lo2 < lo + arr.nbytes:
                    raise LaunchError(f"arguments {k2} ({name2}) and {k} ({name}) are overlapping parts of one "
                                      "array: pass the same array twice, or arrays that do not overlap")
            else:
                self.user.append(len(unique))
                unique.append((k, name, arr))
        self.arrays = unique                   # list of (arg index, param name, ndarray), one per allocation
        self.n_user = len(unique)
        if global_init:                        # the module's .global variables come first
            self.arrays = [(-1, "<module .global variables>", np.frombuffer(global_init, np.uint8).copy())] + unique
        arrays = self.arrays
        offs, off = [], 0
        for _, _, arr in arrays:
            n = max(arr.nbytes, 1)
            if n >= LARGE_PAGE:
                off = -(-off // LARGE_PAGE) * LARGE_PAGE
            offs.append(off)
            off += -(-n // POOL_ROUND) * POOL_ROUND + GUARD_GAP
        self.gmem = np.zeros(max(8, off), np.uint8)
        self.offsets = offs
        self.alloc_lo = np.array(offs, np.int64)
        self.alloc_hi = np.array([o + a.nbytes for o, (_, _, a) in zip(offs, arrays)], np.int64)
        for o, (_, _, arr) in zip(offs, arrays):
            self.gmem[o:o + arr.nbytes] = np.ascontiguousarray(arr).reshape(-1).view(np.uint8)

    def address(self, k):
        """Device address of the k-th user array."""
        return GLOBAL_BASE + self.offsets[self.user[k] + (len(self.arrays) - self.n_user)]

    def copy_back(self, before_overwrite=None):
        """Copy each allocation back into its array. With before_overwrite,
        an array whose bytes the run left as they were is not written, and
        before_overwrite(array) is called before one that changed is."""
        for o, (idx, _, arr) in zip(self.offsets, self.arrays):
            if idx < 0:
                continue
            if before_overwrite is not None:
                if _same_bytes(self.gmem[o:o + arr.nbytes], arr):
                    continue
                before_overwrite(arr)
            flat = self.gmem[o:o + arr.nbytes].view(arr.dtype).reshape(arr.shape)
            arr[...] = flat

    def describe(self, addr):
        """Nearest allocation to a global address, for fault messages."""
        if addr == 0:
            return "a null pointer"
        off = addr - GLOBAL_BASE
        if off < -(1 << 20) or off > len(self.gmem) + (1 << 20):
            return "not in any allocation (a wild or uninitialised pointer?)"
        best = None
        for k, (idx, name, arr) in enumerate(self.arrays):
            lo, hi = self.offsets[k], self.offsets[k] + arr.nbytes
            if lo <= off < hi:
                return f"inside buffer '{name}' (argument {idx}, {arr.nbytes} bytes at {GLOBAL_BASE + lo:#x})"
            dist = lo - off if off < lo else off - hi + 1
            if best is None or dist < best[0]:
                rel = f"{dist} bytes before" if off < lo else f"{dist - 1} bytes past the end of"
                best = (dist, f"{rel} buffer '{name}' (argument {idx}, {arr.nbytes} bytes at {GLOBAL_BASE + lo:#x})")
        return best[1] if best else "no buffers allocated"


def _same_bytes(device, arr, chunk=1 << 24):
    """Whether a device allocation's bytes equal a (C-contiguous) array's, compared a chunk at a time."""
    host = arr.reshape(-1).view(np.uint8)
    return all(np.array_equal(device[k:k + chunk], host[k:k + chunk]) for k in range(0, len(host), chunk))


def module_bytes(prog, symbols):
    """The first bytes of global memory: the module's .global and .const
    variables, those named in `symbols` ({name: numpy array}) set to the
    array's bytes (cudaMemcpyToSymbol); a name the module lacks, or an
    array whose size is not its variable's, is a LaunchError."""
    if not symbols:
        return prog.global_init
    out = bytearray(prog.global_init)
    for name, arr in symbols.items():
        var = prog.module_vars.get(name)
        if var is None:
            known = ", ".join(sorted(prog.module_vars)) or "none"
            raise LaunchError(f"kernel {prog.name}'s module has no .const or .global variable {name!r} "
                              f"(it has: {known})")
        raw = np.ascontiguousarray(arr).tobytes()
        if len(raw) != var.size:
            raise LaunchError(f"symbol {name} is {var.size} bytes; the array given for it is {len(raw)}")
        out[var.offset:var.offset + var.size] = raw
    return bytes(out)


def check_launch(prog, grid, block, cfg, shared_bytes, regs_per_thread):
    nthreads = block[0] * block[1] * block[2]
    if nthreads > cfg["max_threads_per_block"]:
        raise LaunchError(f"block {block} has {nthreads} threads; {cfg['name']} allows at most "
                          f"{cfg['max_threads_per_block']} per block")
    for k, (b, m) in enumerate(zip(block, cfg["max_block_dim"])):
        if b > m:
            raise LaunchError(f"block dimension {'xyz'[k]} = {b} exceeds the maximum {m}")
    for k, (g, m) in enumerate(zip(grid, cfg["max_grid_dim"])):
        if g > m:
            raise LaunchError(f"grid dimension {'xyz'[k]} = {g} exceeds the maximum {m}")
    if prog.reqntid is not None:
        want = tuple(prog.reqntid) + (1,) * (3 - len(prog.reqntid))
        if want != block:
            raise LaunchError(f"kernel {prog.name} requires block {want} (.reqntid), launched with {block}")
    if prog.maxntid is not None:
        lim = 1
        for x in prog.maxntid:
            lim *= x
        if nthreads > lim:
            raise LaunchError(f"kernel {prog.name} allows at most {lim} threads per block (.maxntid), "
                              f"launched with {nthreads}")
    if shared_bytes < 0:
        raise LaunchError(f"shared_bytes must be >= 0, got {shared_bytes}")
    total = prog.shared_static + shared_bytes
    if total > cfg["max_shared_memory_per_block"]:
        raise LaunchError(f"block needs {total} bytes of shared memory ({prog.shared_static} static + "
                          f"{shared_bytes} dynamic); {cfg['name']} allows {cfg['max_shared_memory_per_block']}")
    if regs_per_thread is not None and not 1 <= regs_per_thread <= cfg["max_registers_per_thread"]:
        raise LaunchError(f"regs_per_thread = {regs_per_thread}; {cfg['name']} allows 1 to "
                          f"{cfg['max_registers_per_thread']}")
    if regs_per_thread is not None:
        unit = cfg["register_alloc_unit"]
        per_warp = -(-regs_per_thread * 32 // unit) * unit
        if per_warp * (-(-nthreads // 32)) > cfg["registers_per_sm"]:
            raise LaunchError(f"block of {nthreads} threads at {regs_per_thread} registers per thread "
                              f"needs more than the SM's {cfg['registers_per_sm']} registers")


def launch(kernel, grid, block, args, config="h100", shared_bytes=0, regs_per_thread=None,
           max_warp_instructions=DEFAULT_MAX_WARP_INSTRUCTIONS, timing=True, trace_capacity=0,
           sample_blocks=None, progress=None, sample_sms=None, before_overwrite=None, threads=None,
           symbols=None):
    """Run `kernel` over `grid` x `block` threads; numpy arrays in `args` are updated in place.

    timing=True (the default) runs the cycle-level model and adds cycles,
    occupancy and stall reasons to the stats; timing=False runs the faster
    functional engine (results and instruction counts only). trace_capacity > 0
    records up to that many warp-state intervals in stats["trace"] (simgpu.traces
    writes them for Perfetto). sample_blocks=k (functional engine only) runs just
    the first k blocks: the address streams the static predictors look at.
    progress(blocks_done, blocks, cycles, warp_instructions), with timing,
    is called a few times a second while the run goes on (simgpu.progress
    draws a bar from it); the result is the same with or without it.
    sample_sms=s (timing only) simulates s SMs with the blocks they would
    run, the other SMs' L2 and DRAM accesses added from their blocks'
    addresses, and scales the counts to the grid: fast estimates for grids
    of alike blocks, refused for others (timing/run.py and twins.py say how);
    the output arrays are then only partly written.
    before_overwrite(array), when given, is called for each argument array
    the run changed, just before its new contents are copied into it (so a
    caller can keep the old contents of just those: run_recipe's checks);
    arrays the run did not change are then left unwritten.
    threads=k (timing only) advances the SMs on k host threads (default
    $SIMGPU_THREADS, else 1); the result is the same for every k
    (timing/core.py says how).
    symbols={name: array} sets the module's .const or .global variables before
    the run, as cudaMemcpyToSymbol does: each array's bytes must fill its
    variable exactly."""
    from .exec.functional import run_grid
    from .exec.state import make_mem, make_warps, make_work
    from .memory import SCRATCH_SIZE
    from .timing.run import memory_stats
    if not isinstance(kernel, Kernel):
        raise LaunchError(f"launch() takes a Kernel from simgpu.load(), got {type(kernel).__name__}")
    prog = kernel.program
    if not isinstance(max_warp_instructions, (int, np.integer)) or max_warp_instructions < 1:
        raise LaunchError(f"max_warp_instructions must be a positive integer, got {max_warp_instructions!r}")
    cfg = load_config(config)
    grid, block = _dim3(grid, "grid"), _dim3(block, "block")
    check_launch(prog, grid, block, cfg, int(shared_bytes), regs_per_thread)
    args = list(args)
    if len(args) != len(prog.params):
        names = ", ".join(f"{p.name} .{C.TYPES[p.type][0]}" for p in prog.params)
        raise LaunchError(f"kernel {prog.name} takes {len(prog.params)} arguments ({names}), got {len(args)}")
    arrays = []
    for k, (a, p) in enumerate(zip(args, prog.params)):
        if isinstance(a, np.ndarray):
            if C.TYPE_BITS[p.type] != 64 or C.TYPE_KIND[p.type] == C.KIND_FLOAT:
                raise LaunchError(f"argument {k} ({p.name}) is .{C.TYPES[p.type][0]}, not a pointer: "
                                  "pass a scalar, not an array")
            if not a.flags.c_contiguous:
                raise LaunchError(f"argument {k} ({p.name}): arrays must be C-contiguous")
            arrays.append((k, p.name, a))
    dev = DeviceMemory(arrays, module_bytes(prog, symbols))
    params = bytearray(prog.param_bytes)
    ai = 0
    for k, (a, p) in enumerate(zip(args, prog.params)):
        if isinstance(a, np.ndarray):
            raw = struct.pack("<Q", dev.address(ai))
            ai += 1
        else:
            raw = _pack_scalar(a, p, k)
        params[p.offset:p.offset + len(raw)] = raw
    nthreads = block[0] * block[1] * block[2]
    nwarps = -(-nthreads // 32)
    nblocks = grid[0] * grid[1] * grid[2]
    if prog.n == 0:
        raise LaunchError(f"kernel {prog.name} has no instructions")
    if sample_blocks is not None and timing:
        raise LaunchError("sample_blocks runs the functional engine only: pass timing=False")
    if sample_sms is not None and (not timing or not isinstance(sample_sms, (int, np.integer)) or sample_sms < 1):
        raise LaunchError(f"sample_sms must be a positive number of SMs with timing=True, got {sample_sms!r}")
    dev.printf = fifo_for(prog)
    if timing:
        from .timing.run import simulate
        rc, err, W, tstats, pc_counts = simulate(prog, cfg, grid, block, dev, params, int(shared_bytes),
                                                 regs_per_thread, max_warp_instructions, trace_capacity,
                                                 progress, sample_sms, threads)
        if rc != 0:
            raise _fault(prog, err, W, dev, grid, block, max_warp_instructions)
        dev.copy_back(before_overwrite)
        stats = {"blocks": nblocks, "threads": nblocks * nthreads, "warps": nblocks * nwarps, **tstats}
        stats["simt_efficiency"] = stats["thread_instructions"] / (32 * max(1, stats["warp_instructions"]))
        return Result(stats, grid, block, cfg, kernel, per_pc=pc_counts, **_printed(dev, block))
    W = make_warps(nwarps, 1, prog, grid, block)
    M = make_mem(dev.gmem, dev.alloc_lo, dev.alloc_hi, 1, prog.shared_static + int(shared_bytes),
                 nwarps * 32, prog.local_bytes, np.frombuffer(bytes(params), np.uint8), dev.printf)
    U, I, F, err, counts, pc_counts, mstat, scratch = make_work(prog, len(C.OPCODES), SCRATCH_SIZE)
    ran = nblocks if sample_blocks is None else max(1, min(nblocks, int(sample_blocks)))
    rc = run_grid(prog.arrays(), W, M, 0, ran, 64, max_warp_instructions, U, I, F, err, counts, pc_counts,
                  mstat, scratch)
    if rc != 0:
        raise _fault(prog, err, W, dev, grid, block, max_warp_instructions)
    dev.copy_back(before_overwrite)
    stats = {
        "warp_instructions": int(counts[0]),
        "thread_instructions": int(counts[1]),
        "blocks": nblocks,
        "threads": nblocks * nthreads,
        "warps": nblocks * nwarps,
        "opcodes": {C.OPCODES[k]: int(v) for k, v in enumerate(counts[2:]) if v},
        **memory_stats(prog, mstat),
    }
    stats["simt_efficiency"] = stats["thread_instructions"] / (32 * max(1, stats["warp_instructions"]))
    return Result(stats, grid, block, cfg, kernel, per_pc=pc_counts, **_printed(dev, block))


def _printed(dev, block):
    """Result's printf fields: the text of every device printf call the run kept."""
    if dev.printf is None:
        return {}
    fifo, used = dev.printf
    return {"printf": [text for _, _, text in decode(fifo, used, dev.gmem, block)],
            "printf_dropped": int(used[1])}


def _fault(prog, err, W, dev, grid, block, limit):
    """The KernelFault for a failed run; what the kernel printed before it rides along
    (`printf`), as CUDA prints its FIFO when a kernel stops on an assert."""
    e = KernelFault(fault_message(prog, err, W, dev, grid, block, limit))
    e.printf = _printed(dev, block).get("printf", [])
    return e


def _block_xyz(bid, grid):
    return (bid % grid[0], (bid // grid[0]) % grid[1], bid // (grid[0] * grid[1]))


def fault_message(prog, err, W, dev, grid, block, limit=DEFAULT_MAX_WARP_INSTRUCTIONS):
    code, bid, w, lane, pc, addr, space = (int(x) for x in err[:7])
    bxyz = _block_xyz(bid, grid)
    if code == C.E_DEADLOCK:
        waiting = []
        for v in range(W.warp.shape[0]):
            if W.warp[v]["wstate"] == 1:
                wpc = int(W.stk[v, W.warp[v]["sp"]]["pc"]) - 1
                loc, _ = prog.where(wpc)
                waiting.append(f"warp {v} at pc {wpc} ({loc})")
        return (f"barrier deadlock in block {bxyz}: {', '.join(waiting) or 'all warps waiting'} wait at a "
                "barrier that the block's other threads never reach")
    loc, text = prog.where(pc)
    t = w * 32 + lane
    txyz = (t % block[0], (t // block[0]) % block[1], t // (block[0] * block[1]))
    where = f"block {bxyz} thread {txyz} (warp {w} lane {lane}) at pc {pc} ({loc}: {text})"
    if code == C.E_ASSERT:                    # the CUDA runtime's line for __assertfail (exec/syscall.py)
        msg, file, func = (c_string(dev.gmem, a) for a in (addr, space & ((1 << 40) - 1), int(err[7])))
        return (f"assertion failed: {file or '?'}:{space >> 40}: {func or '?'}: block: [{','.join(map(str, bxyz))}], "
                f"thread: [{','.join(map(str, txyz))}] Assertion `{msg or '?'}` failed. "
                f"(warp {w} lane {lane} at pc {pc}, {loc})")
    if code == C.E_RUNAWAY:
        return (f"kernel stopped after {limit:,} warp instructions (runaway loop?) "
                f"in block {bxyz} warp {w} at pc {pc} ({loc}: {text}); raise max_warp_instructions if intended")
    if code == C.E_STACK:
        return f"SIMT stack overflow (branches nested too deep) at {where}"
    if code == C.E_PARTIAL_WARP:              # exec/tensor.py: mma, ldmatrix, stmatrix
        return (f"{prog.opcode_names[pc]}.sync.aligned needs every lane of the warp, but only lanes "
                f"{addr & 0xFFFFFFFF:#010x} were active, in block {bxyz} warp {w} at pc {pc} ({loc}: {text})")
    sname = C.SPACE_NAMES[space] if 0 <= space < len(C.SPACE_NAMES) else "?"
    if code == C.E_MISALIGNED:
        return f"misaligned {sname} access at address {addr & (2**64 - 1):#x} by {where}"
    if code == C.E_OOB:
        if space == C.SPACE_GLOBAL:
            return f"out-of-bounds global access at address {addr & (2**64 - 1):#x} by {where}: {dev.describe(addr & (2**64 - 1))}"
        return f"out-of-bounds {sname} access at offset {addr & (2**64 - 1):#x} by {where}"
    return f"invalid memory access (space {sname}, address {addr & (2**64 - 1):#x}) by {where}"
