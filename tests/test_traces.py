"""Traces: parsed back (with the perfetto package's protos, resolving the
interned names and arguments), the per-warp state slices add up to the
stats' warp-state cycles, block slices cover the blocks, and filters keep
the file bounded."""
import json
from collections import defaultdict
from pathlib import Path

from perfetto.protos.perfetto.trace.perfetto_trace_pb2 import Trace, TracePacket, TrackEvent

from simgpu.recipe import parse_recipe, run_recipe
from simgpu.traces import write_trace

PROGRAMS = Path(__file__).resolve().parents[1] / "programs"


def traced(name, sets):
    run = run_recipe(parse_recipe(PROGRAMS / f"{name}.s"), sets, trace_capacity=1_000_000)
    return run.results[0]


def test_perfetto_trace_slices_add_up_to_the_warp_state_cycles(tmp_path):
    res = traced("matmul_tiled", {"n": "64"})
    out = tmp_path / "t.pftrace"
    size, intervals = write_trace(res, out)
    assert intervals == len(res.stats["trace"]["records"])
    trace = Trace()
    trace.ParseFromString(out.read_bytes())
    prog = res.kernel.program
    names = {}
    open_at = {}
    totals = defaultdict(int)
    blocks = 0
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
        if p.HasField("track_event"):
            e = p.track_event
            if e.type == TrackEvent.TYPE_SLICE_BEGIN:
                if e.name_iid:                   # interned: the packet says it needs the sequence's state
                    assert p.sequence_flags & TracePacket.SEQ_NEEDS_INCREMENTAL_STATE
                    name = event_names[e.name_iid]
                    args = {arg_names[a.name_iid]: strings[a.string_value_iid] if a.string_value_iid
                            else a.int_value for a in e.debug_annotations}
                    assert (args["line"], args["instruction"]) == \
                        (prog.where(args["pc"])[0], " ".join(prog.where(args["pc"])[1].split()))
                else:
                    name = e.name
                open_at[e.track_uuid] = (p.timestamp, name)
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
    # interned names and arguments: about 51 bytes per interval on this run, was 142 with strings in every slice
    assert size / intervals < 60


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
