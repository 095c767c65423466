"""Warp-state traces for Perfetto (ui.perfetto.dev) and Chrome's JSON format.

The cycle core records, per warp slot, every interval of one warp state
(already merged: a state is closed only when it changes), block lifetimes
per block slot, and the instruction each interval was spent at. This module
writes them as Perfetto's native protobuf (through the `perfetto` package's
TraceProtoBuilder): one process per SM, one track per warp slot whose slices
are named by Nsight Compute's warp states (with the PC and source line as
arguments), one track per block slot, and counter tracks over time. Time is
in cycles, shown as nanoseconds (1 ns = 1 cycle). `--format json` writes the
same as Chrome trace events, for tools that want that format (Perfetto calls
it legacy; it grows large).

The counter tracks (IPC per SM, issue-slot use, L2 lookups and hit rate,
DRAM read and write bandwidth, resident warps; simgpu.counters defines each)
come from the launch's counters over time (stats["series"]), not from the
warp intervals as they once did: the series covers the whole GPU and the
whole run whatever the trace keeps (a full buffer, --sms, --sample-warps),
counts what the intervals cannot (L2 and DRAM traffic), and is the same
series the plots and the report draw. What the interval-derived counters
had over it, a mean of resident warps rather than a sample at each bin's
start, the warp tracks themselves show.

Sampling keeps files bounded on big grids: `sample_warps=K` keeps the state
track of every K-th warp slot (global slot index divisible by K), with every
block lifetime and every counter, and `simgpu trace` records K times as
many intervals (recording_capacity), so the kept tracks reach K times
further into a big run. A warp slot's scheduler is its slot in the SM mod
sub_partitions, so a K that shares a factor with sub_partitions can keep
some schedulers' warps only.
"""
import json
from dataclasses import dataclass, replace

import numpy as np

from .counters import read_counters
from .errors import SimgpuError
from .timing.core import TRACE_BLOCK
from .timing.stalls import NAMES

DEFAULT_CAPACITY = 2_000_000           # intervals in a trace file (about 50 B each in it)
PICTURE_CAPACITY = 16_000_000          # intervals for the timeline picture: 40 B each in memory, and
                                       # only those recorded touch memory (np.zeros maps pages lazily)
SEQ = 7                       # trusted_packet_sequence_id of every packet


@dataclass
class TraceView:
    """The trace buffer of one timed launch, split and filtered: warp-state
    intervals [start, end) in cycles since the first block's dispatch (the
    launch latency precedes cycle 0), and block lifetimes per block slot."""
    warp_slot: np.ndarray      # global warp slot: SM x warps_per_sm + slot
    warp_sm: np.ndarray
    state: np.ndarray          # index into timing.stalls.NAMES
    start: np.ndarray
    end: np.ndarray
    pc: np.ndarray
    block_slot: np.ndarray     # global block slot: SM x blocks_per_sm + slot
    block_sm: np.ndarray
    block_id: np.ndarray
    block_start: np.ndarray
    block_end: np.ndarray
    warps_per_sm: int
    blocks_per_sm: int
    sub_partitions: int
    dropped: int               # intervals that did not fit in the buffer
    filled_at: int             # when dropped: the cycle the buffer filled (what ends later is missing)



def read_trace(result, sms=None, window=None):
    """The one reader of a launch's trace buffer (stats["trace"], filled by
    timing.core.record): intervals of the SMs in `sms` (all if None),
    clipped to the cycle window (lo, hi) if given. Every writer and plot
    reads the buffer through this function."""
    if "trace" not in result.stats:
        raise SimgpuError("this run recorded no trace (launch with trace_capacity > 0, or use simgpu trace)")
    info = result.stats["trace"]
    rec = info["records"]
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
    w, b = keep & ~is_block, keep & is_block
    # the core appends an interval when it closes (at `now` or now + 1 of a loop
    # whose `now` only grows), so the buffer filled at about its last end
    filled_at = int(info["records"][:, 3].max()) if info["dropped"] else None
    return TraceView(rec[w, 0], sm[w], rec[w, 1], rec[w, 2], rec[w, 3], rec[w, 4],
                     rec[b, 0], sm[b], rec[b, 4], rec[b, 2], rec[b, 3],
                     wps, bps, info["sub_partitions"], info["dropped"], filled_at)


def bin_intervals(row, start, end, width, shape):
    """Cycles of the intervals [start, end) that fall in each cell of a
    (rows, columns) grid whose columns are `width` cycles wide: interval k
    adds to row row[k], split exactly at column edges (integers, so the grid
    sums to the intervals' total length)."""
    nrows, ncols = shape
    stride = ncols + 1
    c0, c1 = start // width, (end - 1) // width
    one = c0 == c1
    first = np.where(one, end, (c0 + 1) * width) - start      # the part in the first column
    last = np.where(one, 0, end - c1 * width)                 # the part in the last column
    inner = np.where(c1 > c0 + 1, width, 0)                   # every column strictly between
    n = nrows * stride
    cells = np.bincount(row * stride + c0, first, n) + np.bincount(row * stride + c1, last, n)
    steps = np.bincount(row * stride + c0 + 1, inner, n) - np.bincount(row * stride + c1, inner, n)
    cells = cells.reshape(nrows, stride) + np.cumsum(steps.reshape(nrows, stride), axis=1)
    return np.rint(cells[:, :ncols]).astype(np.int64)


@dataclass
class Timeline:
    """Warp states binned on a (rows, columns) grid: `group` consecutive warp
    slots per row, `width` cycles per column."""
    width: int
    group: int
    n_slots: int               # warp slots covered (rows x group, the last row may be partial)
    end: int                   # the last interval's end (where the buffer filled, if it did)
    filled_at: int             # None, or the cycle the trace buffer filled: intervals open then are missing
    dominant: np.ndarray       # (rows, columns): state index with the most warp-cycles, -1 = mostly not resident
    by_column: np.ndarray      # (states, columns): warp-cycles in each state, summed over all warp slots
    capacity: np.ndarray       # (rows, columns): warp slots x cycles of each cell


def timeline(view, max_cols=1000, max_rows=256):
    """Bin the warp-state intervals of a TraceView for a warps x time picture,
    exactly (bin_intervals): each column is `width` = ceil(end / max_cols)
    cycles, each row `group` >= slots / max_rows warp slots, a divisor or a
    multiple of the warp slots per SM so that a row never straddles two SMs.
    A cell's dominant state is the one with the most warp-cycles in it;
    "not resident" (capacity minus the states' cycles) competes too but
    loses ties, so a row of two slots with one warp shows that warp."""
    wps = view.warps_per_sm
    end = int(max(view.end.max(initial=0), view.block_end.max(initial=0)))
    if end <= 0:
        raise SimgpuError("the trace holds no intervals to draw")
    n_slots = (int(view.warp_slot.max(initial=0)) // wps + 1) * wps
    width = -(-end // max_cols)
    need = -(-n_slots // max_rows)           # rows never straddle two SMs:
    group = next(g for g in range(need, wps + 1) if wps % g == 0) if need <= wps else -(-need // wps) * wps
    shape = (-(-n_slots // group), -(-end // width))
    rows, state = view.warp_slot // group, view.state
    slots = np.minimum(group, n_slots - np.arange(shape[0]) * group)
    cycles = np.minimum(width, end - np.arange(shape[1]) * width)
    capacity = np.outer(slots, cycles)
    best = capacity.copy()                   # "not resident" cycles, lowered below
    dominant = np.full(shape, -1, np.int8)
    by_state = {}
    for k in np.unique(state):
        sel = state == k
        by_state[int(k)] = bin_intervals(rows[sel], view.start[sel], view.end[sel], width, shape)
        best -= by_state[int(k)]
    for k, cells in by_state.items():      # a tie goes to the lower state index, and beats "not resident"
        win = (cells > best) | ((cells == best) & (dominant == -1) & (cells > 0))
        dominant[win] = k
        best = np.where(win, cells, best)
    by_column = np.zeros((len(NAMES), shape[1]), np.int64)
    for k, cells in by_state.items():
        by_column[k] = cells.sum(axis=0)
    return Timeline(width, group, n_slots, end, view.filled_at, dominant, by_column, capacity)


def recording_capacity(sample=1):
    """Intervals to record for a trace that keeps 1 warp slot in `sample`:
    the file keeps about 1/sample of them, so sample x DEFAULT_CAPACITY keeps
    the file near DEFAULT_CAPACITY intervals while the buffer reaches further
    into the run; at most PICTURE_CAPACITY (40 B each in memory). The core
    records every warp slot's intervals (a record-time stride would save the
    memory too; timing.core.record has none)."""
    return min(DEFAULT_CAPACITY * sample, PICTURE_CAPACITY)


def sample_warps(view, k):
    """The view with the state intervals of every k-th warp slot only
    (warp_slot % k == 0); block lifetimes stay whole."""
    if k < 1:
        raise SimgpuError(f"--sample-warps must be at least 1, got {k}")
    keep = view.warp_slot % k == 0
    return replace(view, warp_slot=view.warp_slot[keep], warp_sm=view.warp_sm[keep], state=view.state[keep],
                   start=view.start[keep], end=view.end[keep], pc=view.pc[keep])


def write_trace(result, path, fmt="perfetto", sms=None, window=None, sample=1):
    """Write the trace of one launch; returns (bytes written, intervals in it,
    a note of what sampling kept: "" when it kept every warp track)."""
    full = read_trace(result, sms, window)
    view = sample_warps(full, sample)
    prog = result.kernel.program
    if fmt == "json":
        data = _json(view, prog, result, window)
    elif fmt == "perfetto":
        data = _proto(view, prog, result, window)
    else:
        raise SimgpuError(f"unknown trace format {fmt!r} (perfetto or json)")
    with open(path, "wb") as f:
        f.write(data)
    note = ""
    if sample > 1:
        note = (f"1 warp slot in {sample}: {len(np.unique(view.warp_slot)):,} of "
                f"{len(np.unique(full.warp_slot)):,} warp tracks, every block and counter")
    return len(data), len(view.start) + len(view.block_start), note


def counter_samples(result, window=None):
    """(Counter, [(cycle, value)]) per counter track of simgpu.counters: each
    bin's value at its start (clipped to the window, when given), then 0 where
    the run (or the window) ends, since nothing happens after it; so a value
    times the time to the next sample integrates to the bin's count. Trace
    formats have no "undefined": a value undefined in its bin (the L2 hit
    rate of a bin without lookups) is written as 0, and the L2 lookups track
    shows 0 beside it."""
    c = read_counters(result)
    start, end = c.start, c.end
    if window is not None:
        lo, hi = window
        keep = (end > lo) & (start < hi)
        start, end = np.maximum(start[keep], lo), np.minimum(end[keep], hi)
    else:
        keep = np.ones(len(start), bool)
    if not len(start):
        return []
    times = start.tolist() + [int(end[-1])]
    return [(k, list(zip(times, np.nan_to_num(k.values[keep], nan=0.0).tolist() + [0.0])))
            for k in c.items.values()]


def _label(prog, pc):
    loc, text = prog.where(int(pc))
    return loc, " ".join(text.split())


def _json(v, prog, result, window):
    wps, bps = v.warps_per_sm, v.blocks_per_sm
    ev = [{"ph": "M", "name": "process_name", "pid": 0, "args": {"name": "GPU counters"}}]
    for s in sorted(set(v.warp_sm.tolist()) | set(v.block_sm.tolist())):
        ev.append({"ph": "M", "name": "process_name", "pid": s + 1, "args": {"name": f"SM {s}"}})
    for who, s, bid, start, end in zip(v.block_slot, v.block_sm, v.block_id, v.block_start, v.block_end):
        ev.append({"ph": "X", "name": f"block {int(bid)}", "pid": int(s) + 1, "tid": 10_000 + int(who % bps),
                   "ts": start / 1000, "dur": (end - start) / 1000})
    for who, s, state, start, end, pc in zip(v.warp_slot, v.warp_sm, v.state, v.start, v.end, v.pc):
        loc, text = _label(prog, pc)
        ev.append({"ph": "X", "name": NAMES[state], "pid": int(s) + 1, "tid": int(who % wps),
                   "ts": start / 1000, "dur": (end - start) / 1000,
                   "args": {"pc": int(pc), "line": loc, "instruction": text}})
    for counter, samples in counter_samples(result, window):
        ev += [{"ph": "C", "name": counter.name, "pid": 0, "ts": t / 1000, "args": {"value": x}} for t, x in samples]
    return json.dumps({"traceEvents": ev, "displayTimeUnit": "ns",
                       "otherData": {"time unit": "1 ns = 1 simulated cycle"}}).encode()


# track uuids: warp slot w is 1 + w (one or two bytes on the wire), the rest above any warp slot
SM_TRACK, BLOCK_TRACK, COUNTER_TRACK = 1 << 20, 1 << 21, 1 << 22
ARGS = ("pc", "line", "instruction")        # the debug annotations of a warp-state slice, interned


def _proto(v, prog, result, window):
    """Perfetto's TrackEvent protobuf with the repeated strings interned
    (perfetto.dev/docs/reference/synthetic-track-event, "Interning data"):
    the sequence's first packet clears its incremental state and carries
    every warp-state name (InternedData.event_names), the argument names
    (debug_annotation_names) and each instruction's source line and text
    (debug_annotation_string_values); a warp-state slice then refers to
    them by iid and sets SEQ_NEEDS_INCREMENTAL_STATE."""
    try:
        from perfetto.protos.perfetto.trace.perfetto_trace_pb2 import TracePacket, TrackEvent
        from perfetto.trace_builder.proto_builder import TraceProtoBuilder
    except ImportError:
        raise SimgpuError("writing Perfetto's protobuf format needs the `perfetto` package "
                          "(pip install perfetto); --format json works without it") from None
    wps, bps, nsp = v.warps_per_sm, v.blocks_per_sm, v.sub_partitions
    b = TraceProtoBuilder()
    first = b.add_packet()
    first.trusted_packet_sequence_id = SEQ
    first.sequence_flags = TracePacket.SEQ_INCREMENTAL_STATE_CLEARED
    interned = first.interned_data
    for iid, name in enumerate(NAMES, 1):             # event name iid = state index + 1
        interned.event_names.add(iid=iid, name=name)
    for iid, name in enumerate(ARGS, 1):
        interned.debug_annotation_names.add(iid=iid, name=name)
    strings = {}                                      # pc -> (iid of its line, iid of its text)
    for pc in np.unique(v.pc).tolist():
        loc, text = _label(prog, pc)
        strings[pc] = (2 * len(strings) + 1, 2 * len(strings) + 2)
        interned.debug_annotation_string_values.add(iid=strings[pc][0], str=loc.encode())
        interned.debug_annotation_string_values.add(iid=strings[pc][1], str=text.encode())

    def track(uuid, name, parent=None, pid=None, counter=None):
        p = b.add_packet()
        p.track_descriptor.uuid = uuid
        p.track_descriptor.name = name
        if parent is not None:
            p.track_descriptor.parent_uuid = parent
        if pid is not None:
            p.track_descriptor.process.pid = pid
            p.track_descriptor.process.process_name = name
        if counter is not None:                    # a simgpu.counters.Counter
            p.track_descriptor.counter.unit_name = counter.unit
            p.track_descriptor.description = f"{counter.metric} in Nsight Compute's terms (simgpu.counters)"

    def event(uuid, ts, kind):
        p = b.add_packet()
        p.timestamp = int(ts)
        p.trusted_packet_sequence_id = SEQ
        p.track_event.track_uuid = uuid
        p.track_event.type = kind
        return p

    for s in sorted(set(v.warp_sm.tolist()) | set(v.block_sm.tolist())):
        track(SM_TRACK + s, f"SM {s} (1 ns = 1 cycle)", pid=s + 1)
    made = set()
    for who, s, bid, start, end in zip(v.block_slot.tolist(), v.block_sm.tolist(), v.block_id.tolist(),
                                       v.block_start.tolist(), v.block_end.tolist()):
        uuid = BLOCK_TRACK + who
        if uuid not in made:
            track(uuid, f"block slot {who % bps}", parent=SM_TRACK + s)
            made.add(uuid)
        event(uuid, start, TrackEvent.TYPE_SLICE_BEGIN).track_event.name = f"block {bid}"
        event(uuid, end, TrackEvent.TYPE_SLICE_END)
    for who, s, state, start, end, pc in zip(v.warp_slot.tolist(), v.warp_sm.tolist(), v.state.tolist(),
                                             v.start.tolist(), v.end.tolist(), v.pc.tolist()):
        uuid = 1 + who
        if uuid not in made:
            track(uuid, f"warp slot {who % wps} (scheduler {who % wps % nsp})", parent=SM_TRACK + s)
            made.add(uuid)
        p = event(uuid, start, TrackEvent.TYPE_SLICE_BEGIN)
        p.sequence_flags = TracePacket.SEQ_NEEDS_INCREMENTAL_STATE
        p.track_event.name_iid = state + 1
        line, text = strings[pc]
        p.track_event.debug_annotations.add(name_iid=1, int_value=pc)
        p.track_event.debug_annotations.add(name_iid=2, string_value_iid=line)
        p.track_event.debug_annotations.add(name_iid=3, string_value_iid=text)
        event(uuid, end, TrackEvent.TYPE_SLICE_END)
    for k, (counter, samples) in enumerate(counter_samples(result, window)):
        uuid = COUNTER_TRACK + 1 + k
        track(uuid, counter.name, counter=counter)
        for t, x in samples:
            event(uuid, t, TrackEvent.TYPE_COUNTER).track_event.double_counter_value = x
    return b.serialize()
