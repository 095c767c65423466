"""Traces: parsed back (with the perfetto package's protos), the per-warp
state slices add up to the stats' warp-state cycles, block slices cover the
blocks, and filters keep the file bounded."""
import json
from collections import defaultdict
from pathlib import Path

from perfetto.protos.perfetto.trace.perfetto_trace_pb2 import Trace, TrackEvent

from simgpu.recipe import parse_recipe, run_recipe
from simgpu.traces import write_trace

PROGRAMS = Path(__file__).resolve().parents[1] / "programs"


def traced(name, sets):
    run = run_recipe(parse_recipe(PROGRAMS / f"{name}.s"), sets, trace_capacity=1_000_000)
    return run.results[0]


def test_perfetto_trace_slices_add_up_to_the_warp_state_cycles(tmp_path):
    res = traced("matmul_tiled", {"n": "64"})
    out = tmp_path / "t.pftrace"
    write_trace(res, out)
    trace = Trace()
    trace.ParseFromString(out.read_bytes())
    names = {}
    open_at = {}
    totals = defaultdict(int)
    blocks = 0
    for p in trace.packet:
        if p.HasField("track_descriptor"):
            names[p.track_descriptor.uuid] = p.track_descriptor.name
        if p.HasField("track_event"):
            e = p.track_event
            if e.type == TrackEvent.TYPE_SLICE_BEGIN:
                open_at[e.track_uuid] = (p.timestamp, e.name)
            elif e.type == TrackEvent.TYPE_SLICE_END:
                start, name = open_at.pop(e.track_uuid)
                if names[e.track_uuid].startswith("warp slot"):
                    totals[name] += p.timestamp - start
                else:
                    blocks += 1
    assert not open_at
    expected = {k: v for k, v in res.stats["stall_cycles"].items() if v}
    assert dict(totals) == expected
    assert blocks == res.stats["blocks"]
    assert any(n.startswith("SM ") for n in names.values())
    assert any(n.startswith("IPC") for n in names.values())


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
    assert len(ev_one) < len(ev_all)
    sel = sum(e["dur"] * 1000 for e in ev_all if e["ph"] == "X" and e["name"] == "selected")
    assert round(sel) == res.stats["stall_cycles"]["selected"]
