"""simgpu's deterministic counters against Nsight Compute on a real H200, for
every program recorded in traces/h200/programs.json (DEVIATIONS.md explains
the differences that are expected). The suite is simulated once, through
`simgpu.compare.compare_suite` (what `simgpu compare` prints)."""
import json
from pathlib import Path

import pytest

from simgpu.compare import compare_suite

ROOT = Path(__file__).resolve().parents[1]
RECORD = json.loads((ROOT / "traces" / "h200" / "programs.json").read_text())
PROGRAMS = [p for p in RECORD["programs"] if "ncu" in p and "launches" in p["ncu"]]
EXACT = ("gld_requests", "gld_sectors", "gst_requests", "gst_sectors",
         # theoretical occupancy and its limits, with the binary's register count
         "occupancy_pct", "limit_registers", "limit_warps", "limit_blocks")
# shared wavefronts and bank conflicts as the addresses make them, which Nsight counts at the
# SASS level (traces/h200/shared_sass.json; its hardware counters add arbitration with other L1
# traffic on busy SMs, varying run to run: simgpu.compare's module doc)
SHARED = ("shared_ld_wavefronts", "shared_ld_bank_conflicts", "shared_st_wavefronts", "shared_st_bank_conflicts")
SASS_RUNS = [json.loads((ROOT / "traces" / "h200" / f).read_text()) for f in ("shared_sass.json", "shared_sass_r2.json")]


@pytest.fixture(scope="module")
def comparison():
    return compare_suite(config="h200")


def test_the_record_is_a_real_h200_run_with_provenance():
    assert RECORD["device"] == "NVIDIA H200" and RECORD["sm_count"] == 132
    for key in ("nvidia_smi", "cuda_runtime", "ncu", "date", "command"):
        assert RECORD[key]
    assert len(PROGRAMS) >= 13
    assert all(c["passed"] for p in PROGRAMS for c in p["checks"])


@pytest.mark.parametrize("entry", PROGRAMS, ids=[Path(p["program"]).stem for p in PROGRAMS])
def test_counters_match_the_h200(entry, comparison):
    name = Path(entry["program"]).stem
    rows = [r for r in comparison["rows"] if r["program"] == name]
    assert len(rows) == len(entry["ncu"]["launches"])
    for r in rows:
        for key in EXACT + SHARED:
            assert r["exact"][key]["match"], (r["launch"], key, r["exact"][key])
        for key in SHARED:
            assert r["exact"][key]["by"] == "sass", (r["launch"], key)
        assert r["dram_write_bytes"]["simgpu"] == r["dram_write_bytes"]["measured"]
        # DRAM reads: the data, the code (simgpu's lowered code against ptxas's: up to 10 lines
        # of 128 bytes apart) and the launch's own 2,560 bytes (DEVIATIONS.md)
        sim, hw = r["dram_read_bytes"]["simgpu"], r["dram_read_bytes"]["measured"]
        assert abs(sim - hw) <= 10 * 128, (r["launch"], sim, hw)


def test_the_shared_counts_by_address_repeat_exactly_and_the_arbitration_does_not():
    """The two runs of tools/probe_shared_sass.py, every program and held-out
    kernel: the SASS-level wavefronts, and the hardware's bank conflicts less
    its wavefronts beyond them, are the same in both runs launch by launch;
    those extra wavefronts (arbitration) are never negative and differ
    between the runs on the busy launches."""
    from simgpu.compare import shared_by_addresses
    runs = [{p["program"]: p["ncu"]["launches"] for p in r["programs"]} for r in SASS_RUNS]
    assert runs[0].keys() == runs[1].keys() and len(runs[0]) >= 26
    differ = 0
    for prog, launches in runs[0].items():
        assert len(launches) == len(runs[1][prog])
        for a, b in zip(launches, runs[1][prog]):
            for op in ("ld", "st"):
                ca, cb = shared_by_addresses(a, op), shared_by_addresses(b, op)
                assert ca[:2] == cb[:2], (prog, op, ca, cb)
                assert ca[2] >= 0 and cb[2] >= 0
                differ += ca[2] != cb[2]
    assert differ >= 4            # attention_flash's loads and stores, scan_block's, stencil1d's, ...
    for r in SASS_RUNS:
        assert r["device"] == "NVIDIA H200" and r["ncu"] and r["date"] and r["command"]


# launches whose SASS has what the ptxas lowering does not model, by more than 10%
# (DEVIATIONS.md): none since the loop skeleton, BSSY/BSYNC and 64-bit halves
INSTRUCTIONS_UNMODELED = set()


def test_warp_instructions_are_within_10_percent_of_the_sass(comparison):
    """Issue 7's target, with the ptxas lowering: simulated warp instructions
    within 10% of smsp__inst_executed on every launch but those listed."""
    for r in comparison["rows"]:
        err = abs(r["warp_instructions"]["rel_error"])
        assert (err <= 0.10) == (r["launch"] not in INSTRUCTIONS_UNMODELED), (r["launch"], err)


def test_l2_hit_rate_is_within_10_points_of_the_h200(comparison):
    """Issue 4's target: the share of the SMs' L2 sectors served without a miss
    within 10 points on every launch; on the H200 that is the L2's lookup hits
    plus the reads its Request Coalescer merged (traces/h200/l2_coalescing.json),
    which simgpu counts as hits on a fill in flight."""
    for r in comparison["rows"]:
        assert abs(r["l2_hit_rate"]["points"]) <= 10.0, (r["launch"], r["l2_hit_rate"])


def test_the_suite_summary_is_computed_from_the_rows(comparison):
    rows, s = comparison["rows"], comparison["summary"]
    assert s["launches"] == len(rows) == sum(len(p["ncu"]["launches"]) for p in PROGRAMS)
    assert s["programs"] == len(PROGRAMS)
    errs = [abs(r["cycles"]["simgpu"] / r["cycles"]["measured"] - 1) for r in rows]
    assert s["cycles_mape_pct"] == pytest.approx(100 * sum(errs) / len(errs), rel=1e-12)
    assert s["cycles_within_25pct"] == sum(e <= 0.25 for e in errs)
    assert s["exact_compared"] == sum(len(r["exact"]) for r in rows)
