"""The SM's store path to the L2: a beat per 32-byte sector and one more per
line with a partly written sector (memory/coalescer.py store_beats), at
`store_beats_per_cycle_per_sm` (measured: traces/h200/store_scatter.json)."""
import json
from pathlib import Path

import numpy as np

from simgpu.config import load_config
from simgpu.memory.coalescer import WHOLE_MASK, count_sectors, store_beats
from simgpu.memory.hierarchy import global_request, make_memsys

# the store path alone: every SM's way to every L2 slice the same (l2_path_gap_cycles 0; the way's
# spread is tests/test_latency_dist.py's)
H200 = dict(load_config("h200"), l2_path_gap_cycles=0)
RECORD = Path(__file__).resolve().parents[1] / "traces" / "h200" / "store_scatter.json"


def beats(stride_words, vec):
    """Beats per sector of one warp store: lane l writes vec floats at word l * stride_words."""
    offs = np.array([4 * stride_words * l for l in range(32)], np.int64)
    scratch = np.zeros(160, np.int64)
    n = count_sectors(offs, np.int64(0xFFFFFFFF), 4 * vec, scratch)
    store_beats(offs, np.int64(0xFFFFFFFF), 4 * vec, scratch, n)
    return scratch, n


def test_whole_sectors_take_a_beat_each():
    for stride, vec, n_sec in ((1, 1, 4), (2, 2, 8), (4, 4, 16)):
        scratch, n = beats(stride, vec)
        assert n == n_sec
        assert list(scratch[32:32 + n]) == [1] * n_sec


def test_a_line_with_partly_written_sectors_takes_one_beat_more():
    scratch, n = beats(8, 1)          # 32 sectors of 4 bytes in 8 lines: 5 beats a line
    assert n == 32 and list(scratch[32:36]) == [2, 1, 1, 1] and scratch[32:64].sum() == 40
    scratch, n = beats(8, 4)          # 16 bytes of each sector: the same
    assert scratch[32:64].sum() == 40
    scratch, n = beats(32, 1)         # 32 lines of one 4-byte sector: 2 beats a line
    assert n == 32 and list(scratch[32:64]) == [2] * 32
    # lanes writing the same word: the sector is still partly written
    offs = np.zeros(32, np.int64)
    scratch = np.zeros(160, np.int64)
    n = count_sectors(offs, np.int64(0xFFFFFFFF), 4, scratch)
    store_beats(offs, np.int64(0xFFFFFFFF), 4, scratch, n)
    assert n == 1 and scratch[32] == 2


def test_the_rule_reproduces_the_measured_cycles_per_line():
    """16 SMs, one block each (no shared limit): cycles per store as the record
    has them, from the beats the rule gives. The measured figure is a block's
    whole time over its 4,096 stores, so it also holds a fixed cost -- the
    block's start, its loop's other instructions, its last stores' way to the
    L2 -- of a few hundred cycles in 8,000 to 20,000: up to 2% (the largest is
    the 4-sector store, 4.07 cycles against 4 beats)."""
    rec = json.loads(RECORD.read_text())
    rows = [r for r in rec["results"] if r["blocks"] == 16 and not r["same"]]
    assert len(rows) == 13
    for r in rows:
        scratch, n = beats(r["stride_words"], r["vec"])
        assert n == r["sectors_per_request"]
        per_store = r["block_cycles_median"] / (r["threads"] // 32 * r["stores_per_warp"])
        predicted = scratch[32:32 + n].sum() / H200["store_beats_per_cycle_per_sm"]
        assert abs(per_store / predicted - 1) < 0.02, r


def test_scattered_store_is_acknowledged_after_its_beats_cross():
    """One warp store of 32 lines x one 4-byte sector from an idle SM: the
    k-th sector crosses the store path at cycle 100 + 2k, the last at 162,
    and the L2 acknowledges it an L2 latency after its slice takes it."""
    ms = make_memsys(H200, 4, 64 * 1024)
    scratch, n = beats(256, 1)        # rows 1 KB apart, as transpose_naive's stores
    lat = H200["latency_l2_cycles"]
    assert global_request(ms, 0, 100, scratch, n, True, False) == 162 + lat
    assert ms.noc_free[0, 1] == 164.0 and ms.noc_free[0, 0] == 0.0     # loads' port untouched
    # coalesced: 4 whole sectors, one beat each, on the path still busy until 164
    ms2 = make_memsys(H200, 4, 64 * 1024)
    scratch, n = beats(1, 1)
    assert global_request(ms2, 0, 100, scratch, n, True, False) == 103 + lat


def test_an_exited_warp_drains_until_its_store_has_left_the_sm():
    """A lone warp ending with one 4-sector store (programs/micro/fetch_start.s,
    start_tiny on one SM) drains store_ack_cycles after its store's last beat
    left the SM (one cycle after its EXIT), not an L2 round trip: the H200's
    lone warps drain 18-22 cycles (tools/drain_figures.py derives the figure)."""
    import sys
    from simgpu.recipe import parse_recipe, run_recipe
    root = Path(__file__).resolve().parents[1]
    run = run_recipe(parse_recipe(root / "programs" / "micro" / "fetch_start.s"), {}, config="h200", lower="ptxas")
    s = run.results[0].stats
    assert s["warps"] == 1
    assert s["stall_cycles"]["drain"] == H200["store_ack_cycles"] + 1
    sys.path.insert(0, str(root / "tools"))
    import drain_figures
    assert drain_figures.figures()["store_ack_cycles"] == H200["store_ack_cycles"]



def _stream(ms, sms, lines, t, read_base=None, write_base=None):
    """Every SM sends, `lines` times, a whole-line read (4 sectors, past the
    L1) of its own and a whole-line store of its own at cycle t (None: not
    that kind); returns the cycle the last is answered or acknowledged."""
    scratch = np.zeros(160, np.int64)
    scratch[32:36] = 1                                  # a beat a sector
    scratch[64:68] = WHOLE_MASK                         # each written whole
    last = 0
    for k in range(lines):
        for sm in range(sms):
            for base, store in ((read_base, False), (write_base, True)):
                if base is not None:
                    scratch[:4] = 4 * (base + k * sms + sm) + np.arange(4)
                    last = max(last, global_request(ms, sm, t, scratch, 4, store, True))
    return last


def test_the_l2_takes_stored_sectors_at_its_write_rate_in_its_reads_time():
    """132 SMs storing into the L2 are held to l2_slice_write_sectors_per_cycle
    a slice (measured: programs/micro/l2_mix.s, 69 sectors a cycle where reads
    get 131), and reads of L2-resident lines issued with them share the
    slices' time: the mix takes the sum of the two alone (1.04-1.05x on the
    H200, tools/l2_mix_figures.py). Within 4%: the lines' hash spreads them
    over the 64 slices a little unevenly."""
    sms, lines, lat = 132, 64, H200["latency_l2_cycles"]
    sectors, slices = sms * lines * 4, H200["l2_slices"]
    write_alone = sectors / (slices * H200["l2_slice_write_sectors_per_cycle"])
    read_alone = sectors / (slices * H200["l2_slice_sectors_per_cycle"])
    assert abs((_stream(make_memsys(H200, sms, 64 * 1024), sms, lines, 0, write_base=0) - lat)
               / write_alone - 1) < 0.04

    def warm():                                       # the read lines in the L2, every slice free by t0
        ms = make_memsys(H200, sms, 64 * 1024)
        _stream(ms, sms, lines, 0, read_base=1 << 20)
        return ms
    t0 = 1_000_000
    t_read = _stream(warm(), sms, lines, t0, read_base=1 << 20) - lat - t0
    assert abs(t_read / read_alone - 1) < 0.04
    t_both = _stream(warm(), sms, lines, t0, read_base=1 << 20, write_base=0) - lat - t0
    assert abs(t_both / (read_alone + write_alone) - 1) < 0.04


def test_the_l2_takes_a_partly_written_line_s_extra_beat_too():
    """132 SMs storing at once are held by the L2, which takes a store's beats
    (a sector each, one more per line with partly written sectors: the store
    path's rule) at l2_slice_write_sectors_per_cycle a slice. The H200's
    rates (traces/h200/store_scatter.json, blocks=132: 32 warps x 128 stores
    an SM, over the slowest block's clock64 cycles) fall with the beats a
    sector: whole sectors 68.9 a cycle, 4 partly written sectors a line 55.8,
    one a line 36.3. Here each SM sends 24 stores of the row's pattern to
    lines of its own, the SMs' stores covering memory in a row as the
    warps' do; the sectors a cycle the L2 took, against the record's: within
    8% (whole sectors and 4 partly written sectors a line within 3%; one a
    line 7% slower here: on the H200 a line's extra beat costs its slice a
    little less than a sector does). Rows 1 KB apart (stride 256) are left
    out: the H200 took them 15% slower again, which the slices' hash does not
    make."""
    rec = json.loads(RECORD.read_text())
    rows = [r for r in rec["results"] if r["blocks"] == 132 and not r["same"] and r["stride_words"] < 256]
    assert len(rows) == 12
    sms, stores, lat = 132, 24, H200["latency_l2_cycles"]
    for r in rows:
        scratch, n = beats(r["stride_words"], r["vec"])
        span = 4 * r["stride_words"] * 32                       # bytes one store's lanes cover
        ms = make_memsys(H200, sms, 64 * 1024)
        sec0 = scratch[:n].copy()
        last = 0
        for k in range(stores):
            for sm in range(sms):
                scratch[:n] = sec0 + (k * sms + sm) * (span // 32)
                last = max(last, global_request(ms, sm, 0, scratch, n, True, False))
        simulated = sms * stores * n / (last - lat)
        measured = r["sectors_per_request"] * 32 * r["stores_per_warp"] * sms / r["block_cycles_max"]
        assert abs(simulated / measured - 1) < 0.08, (r["stride_words"], r["vec"], simulated, measured)


def test_the_l2_s_back_pressure_holds_the_warps_not_their_ends():
    """2,048 warps whose local stores the L2 takes slower than their SMs send
    them (programs/micro/local_mem.s, busy_* at the record's sizes; traces/
    h200/micro/micro_local_mem.json): on the H200 they wait on their loads,
    queued in the L1 behind the stores (busy_st_other_div: `long_scoreboard`
    178.9 warps per issue, `drain` 0.39), or, storing only, on the LSU pipe
    (busy_st_stream: `lg_throttle` 43.2), and end with little left to drain.
    simgpu's dominant states are the H200's and its drain below one warp per
    issue in each (without the back-pressure: `drain` 49 and 35)."""
    import sys
    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "tools"))
    import local_mem_figures as lm
    from simgpu.launch import launch, load
    record = json.loads((lm.MICRO / "micro_local_mem.json").read_text())
    runs, prepared = lm.launches(record)
    hw = record["programs"][0]["ncu"]["launches"]
    ratio = "smsp__average_warps_issue_stalled_{}_per_issue_active.ratio"
    for case, state in (("busy_st_other_div", "long_scoreboard"), ("busy_st_stream", "lg_throttle")):
        k = [i for i, r in enumerate(runs) if r[0] == case][1]          # the longer launch
        kernel, grid, block, args, shared = prepared[k]
        measured = {key[len("smsp__average_warps_issue_stalled_"):-len("_per_issue_active.ratio")]: v
                    for key, v in hw[k].items() if key.startswith("smsp__average_warps_issue_stalled_")}
        assert max(measured, key=measured.get) == state and measured["drain"] < 1.5
        s = launch(load(str(lm.PROGRAM), kernel=kernel, lower="ptxas"), grid, block, list(args),
                   config="h200", shared_bytes=shared).stats
        per_issue = {key: v / s["warp_instructions"] for key, v in s["stall_cycles"].items()}
        assert max(per_issue, key=per_issue.get) == state, (case, per_issue)
        assert per_issue["drain"] < 1.0, (case, per_issue)
