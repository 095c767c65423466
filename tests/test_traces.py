"""Traces: parsed back (with the perfetto package's protos, resolving the
interned names and arguments), the per-warp state slices add up to the
stats' warp-state cycles, block slices cover the blocks, the counter tracks
integrate to the launch's totals, sampling keeps whole tracks, and filters
keep the file bounded."""
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest
from perfetto.protos.perfetto.trace.perfetto_trace_pb2 import Trace, TracePacket, TrackEvent

from simgpu.recipe import parse_recipe, run_recipe
from simgpu.traces import write_trace

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = ROOT / "programs"


def traced(name, sets):
    run = run_recipe(parse_recipe(PROGRAMS / f"{name}.s"), sets, trace_capacity=1_000_000)
    return run.results[0]


def parse(path, prog=None):
    """A Perfetto protobuf trace read back: (track names by uuid, slices by
    track uuid as [(start, end, name)], counter samples by track name as
    [(time, value)], counter units by track name). With `prog`, every warp
    state's interned arguments are checked against the program's source."""
    trace = Trace()
    trace.ParseFromString(Path(path).read_bytes())
    names, units, open_at = {}, {}, {}
    slices, counters = defaultdict(list), defaultdict(list)
    event_names, arg_names, strings = {}, {}, {}
    for p in trace.packet:
        if p.sequence_flags & TracePacket.SEQ_INCREMENTAL_STATE_CLEARED:
            event_names, arg_names, strings = {}, {}, {}
        if p.HasField("interned_data"):
            d = p.interned_data
            event_names.update((x.iid, x.name) for x in d.event_names)
            arg_names.update((x.iid, x.name) for x in d.debug_annotation_names)
            strings.update((x.iid, x.str.decode()) for x in d.debug_annotation_string_values)
        if p.HasField("track_descriptor"):
            names[p.track_descriptor.uuid] = p.track_descriptor.name
            if p.track_descriptor.HasField("counter"):
                units[p.track_descriptor.name] = p.track_descriptor.counter.unit_name
        if p.HasField("track_event"):
            e = p.track_event
            if e.type == TrackEvent.TYPE_SLICE_BEGIN:
                if e.name_iid:                   # interned: the packet says it needs the sequence's state
                    assert p.sequence_flags & TracePacket.SEQ_NEEDS_INCREMENTAL_STATE
                    name = event_names[e.name_iid]
                    args = {arg_names[a.name_iid]: strings[a.string_value_iid] if a.string_value_iid
                            else a.int_value for a in e.debug_annotations}
                    if prog is not None:
                        assert (args["line"], args["instruction"]) == \
                            (prog.where(args["pc"])[0], " ".join(prog.where(args["pc"])[1].split()))
                else:
                    name = e.name
                open_at[e.track_uuid] = (p.timestamp, name)
            elif e.type == TrackEvent.TYPE_SLICE_END:
                start, name = open_at.pop(e.track_uuid)
                slices[e.track_uuid].append((start, p.timestamp, name))
            elif e.type == TrackEvent.TYPE_COUNTER:
                counters[names[e.track_uuid]].append((p.timestamp, e.double_counter_value))
    assert not open_at
    return names, slices, counters, units


def test_perfetto_trace_slices_add_up_to_the_warp_state_cycles(tmp_path):
    res = traced("matmul_tiled", {"n": "64"})
    out = tmp_path / "t.pftrace"
    size, intervals, kept = write_trace(res, out)
    assert intervals == len(res.stats["trace"]["records"]) and kept == ""
    names, slices, counters, _ = parse(out, res.kernel.program)
    totals = defaultdict(int)
    blocks = 0
    for uuid, track in slices.items():
        for start, end, name in track:
            if names[uuid].startswith("warp slot"):
                totals[name] += end - start
            else:
                blocks += 1
    expected = {k: v for k, v in res.stats["stall_cycles"].items() if v}
    assert dict(totals) == expected
    assert blocks == res.stats["blocks"]
    assert any(n.startswith("SM ") for n in names.values())
    # interned names and arguments: about 51 bytes per interval on this run, was 142 with strings in every slice
    assert size / intervals < 60


def integrals(samples):
    """Each counter track's value times the time to its next sample, summed
    (the last sample, 0 at the run's end, closes the track)."""
    out = {}
    for name, pts in samples.items():
        t, v = np.array(pts).T
        assert v[-1] == 0
        out[name] = float((v[:-1] * np.diff(t)).sum())
    return out


def check_counter_totals(res, samples, times_in_cycles):
    """The counter tracks of one launch against its totals: instructions,
    L2 hit rate and DRAM bytes integrate back exactly (up to float rounding)."""
    s, cfg = res.stats, res.config
    sms, nsp, hz = cfg["sm_count"], cfg["sub_partitions"], cfg["clock_mhz"] * 1e6
    assert set(samples) == {"IPC per SM (warp instructions per cycle, all SMs)",
                            f"issue-slot use (% of {sms} SMs x {nsp} schedulers)", "L2 lookups (sectors per cycle)",
                            "L2 hit rate (% of sectors looked up)", "DRAM read (GB/s)", "DRAM write (GB/s)",
                            "resident warps (whole GPU, at the bin's start)"}
    run_end = s["cycles"] - cfg["launch_latency_cycles"]         # the series starts at the first dispatch
    assert all(times_in_cycles(pts[-1][0]) == pytest.approx(run_end, abs=1e-6) for pts in samples.values())
    area = integrals({k: [(times_in_cycles(t), v) for t, v in pts] for k, pts in samples.items()})
    assert area["IPC per SM (warp instructions per cycle, all SMs)"] * sms == \
        pytest.approx(s["warp_instructions"], rel=1e-12)
    assert area[f"issue-slot use (% of {sms} SMs x {nsp} schedulers)"] / 100 * sms * nsp == \
        pytest.approx(s["warp_instructions"], rel=1e-12)
    assert area["DRAM read (GB/s)"] * 1e9 / hz == pytest.approx(s["dram_read_bytes"], rel=1e-12)
    assert area["DRAM write (GB/s)"] * 1e9 / hz == pytest.approx(s["dram_write_bytes"], rel=1e-12, abs=1e-6)
    # hit rate x lookups, over lookups: the launch's L2 hit rate
    lookups = np.array(samples["L2 lookups (sectors per cycle)"])[:-1, 1]
    rate = np.array(samples["L2 hit rate (% of sectors looked up)"])[:-1, 1]
    t = np.array([times_in_cycles(x) for x, _ in samples["L2 lookups (sectors per cycle)"]])
    hits, looked = (rate / 100 * lookups * np.diff(t)).sum(), (lookups * np.diff(t)).sum()
    assert hits / looked == pytest.approx(s["l2_hit_rate"], rel=1e-12)
    assert s["dram_read_bytes"] > 0 and 0 < s["l2_hit_rate"] < 1


def test_counter_tracks_integrate_to_the_launchs_totals(tmp_path):
    res = traced("matmul_tiled", {"n": "64"})
    out = tmp_path / "t.pftrace"
    write_trace(res, out)
    names, slices, counters, units = parse(out)
    check_counter_totals(res, counters, lambda t: t)
    assert units["DRAM read (GB/s)"] == "GB/s" and units["L2 hit rate (% of sectors looked up)"] == "%"
    # resident warps at each bin's start: the warp tracks with a slice open at that cycle
    warp = [tr for uuid, tr in slices.items() if names[uuid].startswith("warp slot")]
    for t, v in counters["resident warps (whole GPU, at the bin's start)"][:-1]:
        assert v == sum(any(a <= t < b for a, b, _ in tr) for tr in warp), t
    # the same counters in Chrome's JSON format (time in microseconds, 1 ns = 1 cycle)
    js = tmp_path / "t.json"
    write_trace(res, js, "json")
    samples = defaultdict(list)
    for e in json.loads(js.read_text())["traceEvents"]:
        if e["ph"] == "C":
            samples[e["name"]].append((e["ts"], e["args"]["value"]))
    assert {k: [v for _, v in pts] for k, pts in samples.items()} == \
        {k: [v for _, v in pts] for k, pts in counters.items()}
    check_counter_totals(res, samples, lambda ts: ts * 1000)


def test_sampled_warp_tracks_are_the_full_traces(tmp_path):
    res = traced("matmul_tiled", {"n": "64"})            # 16 SMs x 8 warp slots
    full, part = tmp_path / "full.pftrace", tmp_path / "part.pftrace"
    write_trace(res, full)
    size, intervals, kept = write_trace(res, part, sample=3)
    assert kept == "1 warp slot in 3: 43 of 128 warp tracks, every block and counter"
    names_f, slices_f, counters_f, _ = parse(full)
    names_p, slices_p, counters_p, _ = parse(part)
    warp_f = {u for u in slices_f if names_f[u].startswith("warp slot")}
    warp_p = {u for u in slices_p if names_p[u].startswith("warp slot")}
    assert warp_p == {u for u in warp_f if (u - 1) % 3 == 0} and len(warp_p) == 43   # uuid = 1 + warp slot
    assert all(slices_p[u] == slices_f[u] for u in warp_p)
    blocks_f = {u: tr for u, tr in slices_f.items() if u not in warp_f}
    assert {u: tr for u, tr in slices_p.items() if u not in warp_p} == blocks_f
    assert counters_p == counters_f
    assert intervals == sum(map(len, slices_p.values())) < sum(map(len, slices_f.values()))
    assert size < full.stat().st_size


def test_the_cli_samples_warps_and_refuses_a_bad_k(tmp_path):
    out = tmp_path / "t.pftrace"
    cmd = [sys.executable, "-m", "simgpu", "trace", "programs/matmul_tiled.s", "--set", "n=64", "-o", str(out)]
    r = subprocess.run(cmd + ["--sample-warps", "4"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "; kept 1 warp slot in 4: 32 of 128 warp tracks, every block and counter" in r.stdout
    r = subprocess.run(cmd + ["--sample-warps", "0"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 2 and r.stderr == "simgpu: --sample-warps must be at least 1, got 0\n"


def test_json_trace_and_filters(tmp_path):
    res = traced("vector_add", {"n": "8192"})
    full, one = tmp_path / "a.json", tmp_path / "b.json"
    write_trace(res, full, "json")
    write_trace(res, one, "json", sms={0}, window=(0, 200))
    ev_all = json.loads(full.read_text())["traceEvents"]
    ev_one = json.loads(one.read_text())["traceEvents"]
    slices = [e for e in ev_one if e["ph"] == "X"]
    assert slices and all(e["pid"] == 1 for e in slices)
    assert all(e["ts"] * 1000 < 200 for e in slices)
    # counters stay whole-GPU, clipped to the window: their last sample (0) at its end
    counts = [e for e in ev_one if e["ph"] == "C"]
    assert counts and max(e["ts"] for e in counts) * 1000 == 200
    assert len(ev_one) < len(ev_all)
    sel = sum(e["dur"] * 1000 for e in ev_all if e["ph"] == "X" and e["name"] == "selected")
    assert round(sel) == res.stats["stall_cycles"]["selected"]
