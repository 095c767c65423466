"""The H200's DRAM interleave (h200.toml's dram_interleave_bytes), derived from
the record of programs/micro/dram_spread.s:

    python3 tools/dram_interleave_figures.py [traces/h200/micro/micro_dram_spread.json]

The record has grid-stride streams at light load, 32 then 64 passes a thread
(a pair's difference over 32 passes is a pass's cycles, free of the launch).
Against one warp of one SM streaming alone, four cases put n requests of s
bytes at once on one contiguous stretch of memory, each far below the
bandwidth (a few bytes a cycle):
  - one SM of 32 warps, a line each (4 KB in a row);
  - 132 SMs of one warp reading one sector each (4.2 KB in a row; against one
    SM's one warp reading a sector);
  - 132 SMs of one warp, a line each (16.9 KB in a row);
  - 16 SMs of one warp, a line each (2 KB in a row).
If consecutive addresses go to one channel by chunks of G bytes, the requests
in one chunk queue at one channel, which moves a 1/96 share of the measured
copy bandwidth (h200.toml; 96 channels: 6 HBM3e stacks of 16, JEDEC JESD238;
h200.toml's dram_channels, 48, counts 8 a stack): served in no
order, a request waits on average (k - 1) / 2 others of its chunk's k. The
script prints, for G from 512 B to 16 KB, the cycles a pass more predicted next
to the measured ones and the sum of squared errors; the G with the least is
the records' fit. (The 132-SM, one-line case was measured three times: here, 757;
micro_dram_loaded.json 749, micro_dram_loaded_repeat.json 700 a pass.)
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORD = ROOT / "traces" / "h200" / "micro" / "micro_dram_spread.json"
CYC = "gpc__cycles_elapsed.max"
LINE, SECTOR = 128, 32
CHANNELS = 6 * 16            # spec: HBM3e stacks x channels a stack (JEDEC JESD238)


def pass_cycles(entry):
    """{(kernel, grid, block): cycles a pass} of the record's launch pairs."""
    from simgpu.recipe import parse_recipe, prepare
    launches = prepare(parse_recipe(ROOT / entry["program"]), {k: str(v) for k, v in entry["sizes"].items()})[3]
    meas = [L[CYC] for L in entry["ncu"]["launches"]]
    out = {}
    for k in range(0, len(launches), 2):
        name, grid, block, args, _ = launches[k]
        threads = grid * block
        passes = (launches[k + 1][3][-1] - args[-1]) // threads
        out[(name, grid, block)] = (meas[k + 1] - meas[k]) / passes
    return out


def predicted_wait(n, size, chunk, bytes_per_cycle):
    """Mean wait of n requests of `size` bytes laid one after another from a
    chunk boundary, each chunk's served in no order by one channel."""
    per_chunk = max(1, chunk // size)
    total, left = 0.0, n
    while left > 0:
        k = min(per_chunk, left)
        total += k * (k - 1) / 2 * size / bytes_per_cycle
        left -= k
    return total / n


def main(record=RECORD):
    from simgpu.config import load_config
    cfg = load_config("h200")
    bpc = cfg["dram_bandwidth_gbs"] * 1e3 / cfg["clock_mhz"] / CHANNELS
    entry = json.loads(Path(record).read_text())["programs"][0]
    c = pass_cycles(entry)
    cases = [  # (what, n requests, bytes each, measured cycles a pass more)
        ("1 SM x 32 warps, lines", 32, LINE, c[("stream_read", 1, 1024)] - c[("stream_read", 1, 32)]),
        ("132 SMs x 1 warp, sectors", 132, SECTOR,
         c[("stream_read_sector", 132, 32)] - c[("stream_read_sector", 1, 32)]),
        ("132 SMs x 1 warp, lines", 132, LINE, c[("stream_read", 132, 32)] - c[("stream_read", 1, 32)]),
        ("16 SMs x 1 warp, lines", 16, LINE, c[("stream_read", 16, 32)] - c[("stream_read", 1, 32)]),
    ]
    print(f"one warp alone: {c[('stream_read', 1, 32)]:.1f} cycles a pass (a line), "
          f"{c[('stream_read_sector', 1, 32)]:.1f} (a sector); a channel moves {bpc:.2f} B/cycle "
          f"({CHANNELS} channels)")
    chunks = [512 << i for i in range(6)]
    print(f"{'case':28} {'measured':>8} " + " ".join(f"{g:>7}" for g in chunks))
    sse = {g: 0.0 for g in chunks}
    for what, n, size, meas in cases:
        pred = [predicted_wait(n, size, g, bpc) for g in chunks]
        for g, p in zip(chunks, pred):
            sse[g] += (p - meas) ** 2
        print(f"{what:28} {meas:8.1f} " + " ".join(f"{p:7.1f}" for p in pred))
    print(f"{'squared error':28} {'':8} " + " ".join(f"{sse[g]:7.0f}" for g in chunks))
    best = min(chunks, key=sse.get)
    print(f"best fit: {best} bytes a chunk")
    return best


if __name__ == "__main__":
    main(*sys.argv[1:])
