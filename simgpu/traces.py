"""Warp-state traces for Perfetto (ui.perfetto.dev) and Chrome's JSON format.

The cycle core records, per warp slot, every interval of one warp state
(already merged: a state is closed only when it changes), block lifetimes
per block slot, and the instruction each interval was spent at. This module
writes them as Perfetto's native protobuf (through the `perfetto` package's
TraceProtoBuilder): one process per SM, one track per warp slot whose slices
are named by Nsight Compute's warp states (with the PC and source line as
arguments), one track per block slot, and counter tracks over time (IPC and
resident warps). Time is in cycles, shown as nanoseconds (1 ns = 1 cycle).
`--format json` writes the same as Chrome trace events, for tools that want
that format (Perfetto calls it legacy; it grows large).
"""
import json

import numpy as np

from .errors import SimgpuError
from .timing.core import TRACE_BLOCK
from .timing.stalls import NAMES

DEFAULT_CAPACITY = 2_000_000
SEQ = 7                       # trusted_packet_sequence_id of every packet


def _select(records, info, sms, window):
    rec = records
    wps, bps = info["warps_per_sm"], info["blocks_per_sm"]
    is_block = rec[:, 1] == TRACE_BLOCK
    sm = np.where(is_block, rec[:, 0] // bps, rec[:, 0] // wps)
    keep = np.ones(len(rec), bool)
    if sms is not None:
        keep &= np.isin(sm, list(sms))
    if window is not None:
        lo, hi = window
        keep &= (rec[:, 3] > lo) & (rec[:, 2] < hi)
        rec = rec.copy()
        rec[:, 2] = np.maximum(rec[:, 2], lo)
        rec[:, 3] = np.minimum(rec[:, 3], hi)
    return rec[keep], sm[keep], is_block[keep]


def _counters(rec, is_block, bucket):
    """IPC (issued warp instructions per cycle, whole GPU) and resident warps per bucket."""
    warp = rec[~is_block]
    if len(warp) == 0:
        return [], []
    end = int(warp[:, 3].max())
    nb = end // bucket + 1
    sel = warp[warp[:, 1] == 0]
    issued = np.bincount(sel[:, 2] // bucket, weights=sel[:, 3] - sel[:, 2], minlength=nb)
    resident = np.zeros(nb)
    for s, e in zip(warp[:, 2], warp[:, 3]):      # warp-cycles per bucket (interval split at edges)
        b0, b1 = s // bucket, (e - 1) // bucket
        if b0 == b1:
            resident[b0] += e - s
        else:
            resident[b0] += (b0 + 1) * bucket - s
            resident[b1] += e - b1 * bucket
            resident[b0 + 1:b1] += bucket
    t = np.arange(nb) * bucket
    return list(zip(t, issued / bucket)), list(zip(t, resident / bucket))


def write_trace(result, path, fmt="perfetto", sms=None, window=None, bucket=256):
    """Write the trace of one launch; returns the number of bytes written."""
    stats = result.stats
    if "trace" not in stats:
        raise SimgpuError("this run recorded no trace (launch with trace_capacity > 0, or use simgpu trace)")
    info = stats["trace"]
    rec, sm, is_block = _select(info["records"], info, sms, window)
    prog = result.kernel.program
    if fmt == "json":
        data = _json(rec, sm, is_block, info, prog, bucket)
    elif fmt == "perfetto":
        data = _proto(rec, sm, is_block, info, prog, bucket)
    else:
        raise SimgpuError(f"unknown trace format {fmt!r} (perfetto or json)")
    with open(path, "wb") as f:
        f.write(data)
    return len(data)


def _label(prog, pc):
    loc, text = prog.where(int(pc))
    return loc, " ".join(text.split())


def _json(rec, sm, is_block, info, prog, bucket):
    wps, bps = info["warps_per_sm"], info["blocks_per_sm"]
    ev = []
    for s in sorted(set(sm.tolist())):
        ev.append({"ph": "M", "name": "process_name", "pid": s + 1, "args": {"name": f"SM {s}"}})
    for (who, state, start, end, tag), s, blk in zip(rec, sm, is_block):
        if blk:
            ev.append({"ph": "X", "name": f"block {int(tag)}", "pid": int(s) + 1, "tid": 10_000 + int(who % bps),
                       "ts": start / 1000, "dur": (end - start) / 1000})
        else:
            loc, text = _label(prog, tag)
            ev.append({"ph": "X", "name": NAMES[state], "pid": int(s) + 1, "tid": int(who % wps),
                       "ts": start / 1000, "dur": (end - start) / 1000,
                       "args": {"pc": int(tag), "line": loc, "instruction": text}})
    ipc, res = _counters(rec, is_block, bucket)
    ev += [{"ph": "C", "name": "IPC", "pid": 0, "ts": t / 1000, "args": {"IPC": v}} for t, v in ipc]
    ev += [{"ph": "C", "name": "resident warps", "pid": 0, "ts": t / 1000, "args": {"warps": v}} for t, v in res]
    return json.dumps({"traceEvents": ev, "displayTimeUnit": "ns",
                       "otherData": {"time unit": "1 ns = 1 simulated cycle"}}).encode()


def _proto(rec, sm, is_block, info, prog, bucket):
    try:
        from perfetto.protos.perfetto.trace.perfetto_trace_pb2 import TrackEvent
        from perfetto.trace_builder.proto_builder import TraceProtoBuilder
    except ImportError:
        raise SimgpuError("writing Perfetto's protobuf format needs the `perfetto` package "
                          "(pip install perfetto); --format json works without it") from None
    wps, bps, nsp = info["warps_per_sm"], info["blocks_per_sm"], info["sub_partitions"]
    b = TraceProtoBuilder()

    def track(uuid, name, parent=None, pid=None, counter=False):
        p = b.add_packet()
        p.track_descriptor.uuid = uuid
        p.track_descriptor.name = name
        if parent is not None:
            p.track_descriptor.parent_uuid = parent
        if pid is not None:
            p.track_descriptor.process.pid = pid
            p.track_descriptor.process.process_name = name
        if counter:
            p.track_descriptor.counter.SetInParent()

    def event(uuid, ts, kind, name=None, args=None, value=None):
        p = b.add_packet()
        p.timestamp = int(ts)
        p.trusted_packet_sequence_id = SEQ
        p.track_event.track_uuid = uuid
        p.track_event.type = kind
        if name is not None:
            p.track_event.name = name
        if value is not None:
            p.track_event.double_counter_value = float(value)
        for k, v in (args or {}).items():
            a = p.track_event.debug_annotations.add()
            a.name = k
            if isinstance(v, str):
                a.string_value = v
            else:
                a.int_value = int(v)

    sm_ids = sorted(set(sm.tolist()))
    for s in sm_ids:
        track(1_000 + s, f"SM {s} (1 ns = 1 cycle)", pid=s + 1)
    made = set()
    for (who, state, start, end, tag), s, blk in zip(rec, sm, is_block):
        if blk:
            uuid = 2_000_000 + int(who)
            if uuid not in made:
                track(uuid, f"block slot {int(who % bps)}", parent=1_000 + int(s))
                made.add(uuid)
            event(uuid, start, TrackEvent.TYPE_SLICE_BEGIN, f"block {int(tag)}")
            event(uuid, end, TrackEvent.TYPE_SLICE_END)
        else:
            uuid = 3_000_000 + int(who)
            if uuid not in made:
                j = int(who % wps)
                track(uuid, f"warp slot {j} (scheduler {j % nsp})", parent=1_000 + int(s))
                made.add(uuid)
            loc, text = _label(prog, tag)
            event(uuid, start, TrackEvent.TYPE_SLICE_BEGIN, NAMES[state],
                  {"pc": int(tag), "line": loc, "instruction": text})
            event(uuid, end, TrackEvent.TYPE_SLICE_END)
    ipc, res = _counters(rec, is_block, bucket)
    for uuid, name, series in ((9_000_001, f"IPC, whole GPU (per {bucket} cycles)", ipc),
                               (9_000_002, f"resident warps (per {bucket} cycles)", res)):
        track(uuid, name, counter=True)
        for t, v in series:
            event(uuid, t, TrackEvent.TYPE_COUNTER, value=v)
    return b.serialize()
