"""simgpu.occupancy against the CUDA occupancy calculator as measured on a
real H200 (traces/h200/occupancy.json), and the calculator's rule for the
a100 config (compute capability 8.0)."""
import json
from pathlib import Path

import pytest

from simgpu import LaunchError
from simgpu.occupancy import occupancy

TRACE = Path(__file__).resolve().parents[1] / "traces" / "h200" / "occupancy.json"


def test_matches_every_measured_h200_case():
    record = json.loads(TRACE.read_text())
    assert record["device"] == "NVIDIA H200" and record["compute_capability"] == "9.0"
    mismatches = []
    for row in record["rows"]:
        shared = row["static_shared"] + row["dynamic_shared"]
        barriers = 1 if row["static_shared"] else 0           # the static-shared variant syncs
        try:
            got = occupancy("h200", row["regs"], row["block"], shared, barriers).blocks_per_sm
        except LaunchError:
            got = 0
        if got != row["blocks_per_sm"]:
            mismatches.append((row, got))
    assert len(record["rows"]) > 10000
    assert mismatches == []


@pytest.mark.parametrize("regs,block,shared,blocks,limit", [
    (32, 256, 0, 8, "warps"),           # 64 warps / 8 per block
    (64, 256, 0, 4, "registers"),       # 2048 regs per warp; 16384 per SMSP -> 8 warps each -> 32
    (40, 256, 0, 6, "registers"),       # 1280 per warp -> 12 warps per SMSP -> 48 warps
    (32, 1024, 8192, 2, "warps"),
    (32, 128, 48 * 1024, 3, "shared_memory"),   # 164 KB / (48 KB + 1 KB reserved)
    (32, 32, 0, 32, "blocks"),
])
def test_a100_follows_the_calculators_rule(regs, block, shared, blocks, limit):
    occ = occupancy("a100", regs, block, shared)
    assert (occ.blocks_per_sm, occ.limit) == (blocks, limit)
    assert occ.active_warps == blocks * -(-block // 32)


def test_impossible_blocks_are_errors():
    with pytest.raises(LaunchError, match="registers"):
        occupancy("h100", 255, 1024)
    with pytest.raises(LaunchError, match="1025 threads"):
        occupancy("h100", 32, 1025)
    with pytest.raises(LaunchError, match="shared memory"):
        occupancy("h100", 32, 128, 300 * 1024)
