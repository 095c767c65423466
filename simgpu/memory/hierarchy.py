"""The global- (and local-) memory path of a warp request, in time: L1 -> interconnect ->
L2 slice -> HBM channel, computed when the request issues.

For each distinct 32-byte sector of a request (coalescer.py):
- L1 (per SM; global loads allocate; stores write through, and with
  `l1_store_allocates` a sector the lanes write whole is also taken into the
  L1, allocating its line, while a partly written one only updates a line
  already there): the SM's L1 looks up `l1_tags_per_cycle` lines a cycle (l1_span);
  a hit is ready after `latency_l1_cycles`. Measured on the H200 here
  (programs/micro/l1_store_alloc.s, traces/h200/micro/
  micro_l1_store_alloc.json): a warp storing 64 or 512 whole lines then
  reading them back never reads them from the L2 (all hits); storing one
  word of each line, it reads every sector from the L2 once. So stores take
  the L1's room: rows reloaded from the L1 between stores of as many rows
  lose lines to them where the rows' sets crowd (programs/micro/
  row_place.s: 1% of the reloads miss with each SM's rows in a row, 17-22%
  with them in runs of 8 or scattered; tools/l1_sets_figures.py);
- what goes past the L1 crosses the interconnect through the SM's port:
  load misses and atomics at `noc_sectors_per_cycle_per_sm`; stores, whose
  data goes the other way, through the SM's store path, which moves
  `store_beats_per_cycle_per_sm` 32-byte beats a cycle: a beat per sector,
  and one more per 128-byte line with a partly written (byte-masked) sector
  (coalescer.store_beats). Measured on the H200 here
  (traces/h200/store_scatter.json, 16 SMs, one block of 32 warps each,
  clock64 over 128 stores per warp): whole sectors 0.98-1.00 a cycle, lines
  of 4 partly written sectors 0.80 (5 beats a line, whatever 4, 8 or 16 bytes
  of each sector are written), 32 lines of one partly written sector 0.50 (2
  beats a line). Not modeled: warps of one SM writing the same lines one
  after another went faster (1.25 sectors a cycle);
- then the L2 slice its line hashes to; each slice reads
  `l2_slice_sectors_per_cycle` and takes a store's beats (those of the
  store path: a line's partly written sectors cost a beat more) at
  `l2_slice_write_sectors_per_cycle`, in the same time: measured on the H200
  here (programs/micro/l2_mix.s, traces/h200/micro/micro_l2_mix.json,
  tools/l2_mix_figures.py), 132 SMs storing whole sectors into the L2 take
  69 a cycle where they read 131, and reading and storing at once take
  1.04-1.05 times the sum of their times alone; lines of partly written
  sectors go at 70-73 beats a cycle, 36-56 sectors (_l2_lookup;
  traces/h200/store_scatter.json, 132 SMs). Not modeled: 66 SMs store only 49
  sectors a cycle, and 1 to 4 warps per SM store bursts of up to 68 K
  sectors at 159-310 a cycle (micro_dram_causes.json: the L2 buffers them).
  A hit is ready after `latency_l2_cycles`
  (the load-to-use latency of an L2 hit), half `l2_path_gap_cycles` more
  or less by the SM's way to the slice (path_offset: one SM's L2 hits on
  the H200 fall in two clusters 34 cycles apart). Stores write their sectors
  without fetching and count as hits, as Nsight Compute's
  lts__t_sectors_srcunit_tex_op_write_lookup_hit does (measured:
  traces/h200/memsys.json, write_once: every write sector a hit);
- the L2 is split into `l2_partitions` partitions (two on the A100 and
  H100/H200), each with its share of the slices. A line has a home
  partition; an SM looks in its own partition first (SM k's is
  (k // `l2_partition_sms`) mod the partitions: on the H200 the two SMs of a
  TPC share one, and blocks 2j and 2j+1 run on one TPC, 66 of 66 in both
  132-SM chases of latency_dist.s, tools/partition_hash_figures.py; with
  SM k's partition k mod 2, dram_spread.s's 132 SMs each reading a sector
  next to its neighbour's took 24,406 and 43,839 cycles against the H200's
  27,966 and 51,418, now 27,281 and 51,354), and a line homed in
  the other one is fetched from there (across the partitions' fabric) and
  kept in both, a copy in the reader's partition as the H100 keeps one
  (programs/micro/l2_near_copy.s: one SM reading a stream twice loses the
  half homed near past 26 MB, its partition holding twice that, and keeps
  the far half up to the whole L2; traces/h100/micro/). The home is a hash of address bits measured on the H200
  (home_partition: every aligned 4 KB is homed in one partition); a
  partition's slice and set come from the line's index among its own lines
  (partition_line, set_spread), so that they fill evenly. So an SM's miss in its own partition may still be an L2 hit
  in the other, and data both halves read is held twice. The hit rate
  counted is that of the SMs' own lookups, as Nsight Compute's
  lts__t_sectors_srcunit_tex_lookup_hit; measured on the H200 here
  (traces/h200/memsys.json, read_once_dram): half of all sectors cross
  (lts__t_sectors_srcunit_ltcfabric = 0.50 x srcunit_tex). Data that
  crosses takes `l2_fabric_cycles` more on its way: a hit in the other
  partition's copy, and a DRAM read of a line homed there, whose latency is
  then that much above one homed near (`latency_dram_cycles`, the pointer
  chase's mean, is their mean; traces/h200/micro/micro_latency_dist.json:
  DRAM reads of one SM fall in two groups, 546 and 735 cycles, by the line's
  home partition, tools/latency_dist_figures.py). Stores and atomics go to
  the line's home partition;
- a read that finds its sector's fill in flight in its own partition waits
  for that fill and counts as served (a hit). On the H200 such a read never
  reaches the L2's tag lookup: the partition's L2 Request Coalescer (LRC)
  merges it into the read in flight (Nsight Compute's `lrc` unit;
  traces/h200/l2_coalescing.json: on the matmuls srcunit_tex reads = the
  L1's read sectors - lrc__request_sectors_op_read_coalescing_achieved;
  two SMs reading the same cold lines: the second one's reads vanish from
  srcunit_tex when they come up to 300 cycles after the first's and wait
  for its data, and hit from 600 cycles on; SMs of the other partition are
  never merged). C_L2_COALESCED counts these reads, so that Nsight's lookups
  are the L2 reads less them;
- atomics (atom, red) are performed in the L2 by the atomic unit their
  line's `l2_atomic_unit_bytes` chunk belongs to (atomic_unit; 32 units of
  512 B chunks on the H200), one sector operation at a time
  (coalescer.count_atomic_sectors: one per sector, or one per lane where
  lanes share a word): operations on one line one after another, on other
  lines overlapped, another request's once a request's sectors in the unit
  are done, each at a cost that depends on whether it covers the
  whole sector and is a float add (atomic_costs); `atom` returns its old
  values when its operations are done and the L2 latency later, and a
  load of the line waits for them (after_atomics); `red` is acknowledged
  an L2 latency after the slice accepted it, as a store is (a warp does
  not leave its SM before; it waits nothing else); an atom's values cross
  the fabric to an SM of the other partition, as its loads' do. An atomic
  takes its line out of its SM's L1 (atomic_drops_l1_line) and out of the
  other partitions' copies (atomic_drops_copies);
- an L2 miss goes to the HBM channel its address hashes to, by chunks of
  `dram_interleave_bytes` (a line on every config now); each channel moves
  `dram_bytes_per_cycle / dram_channels`; the sector is ready after
  `latency_dram_cycles` (a line's sectors read one after another answering
  `dram_sector_cycles` apart: programs/micro/sector_clock.s, a line's 4
  sectors 17-21 cycles after one sector at p5), give or take the late
  reads: 6.4-8.1% of the
  H200's DRAM answers come 250-600 cycles after the median, at every load
  (each pass of streaming warps timed, 1 to 4,224 warps:
  traces/h200/micro/micro_dram_clock.json.gz), the fill itself late, so
  every read merged on it waits with it (programs/micro/fill_clock.s), the
  reads of one chunk late together only when they start within a few
  hundred cycles of each other, other chunks' reads by their own chance
  (gather_clock.s, gather_stride.s; two lines 1 KB apart each by its own,
  128 bytes apart together: pair_clock.s); `late_fill` blocks a
  `dram_late_chunk_bytes` chunk for a `dram_late_permil` share of its
  windows of `dram_late_cycles`, a read in one waiting for its end and
  `dram_late_min_cycles` more (so a late read is 250-600 cycles late on the
  H200, as the micros' late passes are; uniform waits of 0-600 made
  matmul_naive's steps, each waiting for four chunks, late past 920 cycles
  in 45% of steps against the H200's 30-34%: matmul_clock.s), and
  `latency_dram_cycles`, a chase's mean, loses the mean share they add
  (none on configs without `dram_late_permil`; tools/late_window_figures.py
  prints the micros' figures next to simgpu's). Each line late by its own
  chance overshot the kernels whose warps share fills; 4 KB chunks late for
  2,048 cycles made a stream's next passes late with its first, which the
  H200's are not (DEVIATIONS.md). Tried before as the cause of the
  loaded passes' time (traces/h200/micro/micro_dram_spread.json: one warp of
  one SM 678 cycles a pass, 32 warps of one SM, 4 KB in a row, 772; 132 SMs
  of one warp, a sector each, 733 against 610 alone): requests of one 4 KB chunk
  queueing at one channel, which predict the launch differences
  (tools/dram_interleave_figures.py), but not in these FIFO channels: the first pass's queue staggers the warps by a
  transfer each, and the later passes arrive spaced as the channel serves
  them, so the queue never forms again (with 4 KB chunks on the H200 a
  132-SM pass stays at 688 cycles; the suite's cycles MAPE went 7.5% -> 6.5%,
  the held-out programs' 9.8% -> 10.5%, so it is not configured). A miss moves `dram_fetch_bytes`: the aligned
  64-byte pair of sectors on the H100/H200 (its driver's
  CU_LIMIT_MAX_L2_FETCH_GRANULARITY, traces/h200/limits.json; the H200's
  DRAM reads are twice the missed sectors' bytes wherever warps read one
  sector a line, tools/dram_fetch_figures.py), 64 bytes on the Apple config,
  less the sectors of the group already there; the others arrive
  `dram_sector_cycles` after the one asked for, and a lookup that finds one
  of them still on its way counts as a miss that reads nothing for the SM
  whose read brought it (Nsight's lookup misses on the H200: a warp reading
  whole lines misses all four sectors) and as served for another SM's
  (merged: dram_spread.s's 132 SMs each reading a sector, the next SM its
  pair's other one, 55.6% of sectors served on the H200 and now simgpu),
  one that finds it there a hit. A line homed in the other
  partition passes the group on to the near copy across the fabric. Dirty sectors evicted from the L2 are written back
  through the same channels (dram_write_bytes), and so are those of a set's
  least recently used dirty line when a write would leave the set more than
  `l2_dirty_ways` dirty lines (the line stays, clean: caches.access; the
  H200 writes back 22% of 34.6 MB of stores into its flushed 60 MiB L2,
  none of 17.3 MB). Dirty sectors still in the
  L2 when the kernel ends are not written back, as Nsight Compute's
  dram__bytes_write.sum counts only what was evicted.
Each resource keeps the time it is next free, so queueing delay grows with
load and achieved bandwidth saturates at the configured peak (Little's law).
The request is ready when its last sector is.
"""
from collections import namedtuple

import numpy as np

from ..errors import ConfigError
from ..exec.jit import njit
from ..exec.lanes import popcount
from . import SCR_WAVEFRONTS
from .caches import (SECTOR_BYTES, access, asked_by, copy_group, drop_line, fill_group, group_missing, make_cache,
                     ready_at, set_ready, take_unasked)
from .coalescer import ATOM_FLOAT, ATOM_WHOLE, WHOLE_MASK

MemSys = namedtuple("MemSys", ["l1", "l2", "l1_free", "noc_free", "slice_free", "atom_free", "chan_free",
                               "smem_free", "params", "counters", "l1_count", "dram_hist", "dram_hist_w",
                               "mio_q", "mio_fifo", "flight"])
# DRAM bytes over time, by the cycle each transfer starts on its channel (not when it was
# requested): DRAM_BINS bins of dram_hist_w[0] cycles, [read, write]; when a transfer falls
# past the last bin, neighbouring bins merge and the width doubles (as the core's series)
DRAM_BINS = 1024
HIST_FIRST_WIDTH = 64
# params (float64)
(P_L1_LAT, P_L2_LAT, P_DRAM_LAT, P_L1_SPC, P_SLICE_SPC, P_CHAN_BPC, P_SLICES, P_CHANNELS, P_L1_LOADS,
 P_FETCH, P_NOC_SPC, P_ATOM_OP, P_PARTS, P_ATOM_UNITS, P_ST_BPC, P_BAR_ARRIVAL, P_BAR_RELEASE,
 P_ST_ACK, P_MIO_INTERVAL, P_CHUNK_LINES, P_FABRIC, P_LATE_FRAC, P_LATE_CYCLES,
 P_LATE_CHUNK_LINES, P_SLICE_WSPC, P_ATOM_WHOLE, P_ATOM_UNIT_LINES, P_DRAM_SECTOR, P_LATE_MIN,
 P_ATOM_BITS, P_INFLIGHT, P_L1_ST_ALLOC, P_PART_SMS, P_LATE_SEED, P_PATH_GAP, P_ATOM_FLOAT, P_ATOM_LINE,
 P_ATOM_WHOLE_LINE, P_ATOM_FLOAT_LINE, P_L1_TPC, P_ST_AHEAD, P_L1_ST_SLACK, P_L1_LOCAL_LAT,
 P_LDGSTS, P_L2_DIRTY) = range(45)
# the L1s are write-through: their dirty bits are never written back, so no limit on them (caches.access)
L1_NO_DIRTY_LIMIT = 1 << 20
# what an MIO instruction does once its scheduler's queue lets it go (mio_issue)
MIO_SHARED, MIO_BARRIER, MIO_OTHER = 0, 1, 2
# counters (int64) of the L2 and DRAM; the L1s count per SM the load sectors that hit and miss in
# l1_count[sm, 0:2], the store sectors that find their sector there or not in l1_count[sm, 2:4]
(C_L2_HIT, C_L2_MISS, C_DRAM_RD, C_DRAM_WR, C_L2_ST, C_FABRIC, C_L2_COALESCED) = range(7)


def make_memsys(cfg, n_sm, l1_bytes):
    slices = cfg["l2_slices"]
    units = int(cfg["l2_atomic_units"])
    unit_bits = units.bit_length() - 1          # log2 of a power-of-2 count of atomic units (atomic_unit)
    params = np.array([cfg["latency_l1_cycles"], cfg["latency_l2_cycles"], cfg["latency_dram_cycles"],
                       cfg["l1_sectors_per_cycle"], cfg["l2_slice_sectors_per_cycle"],
                       cfg["dram_bandwidth_gbs"] * 1e3 / cfg["clock_mhz"] / cfg["dram_channels"],
                       slices, cfg["dram_channels"], 1.0 if cfg["l1_caches_global_loads"] else 0.0,
                       cfg["dram_fetch_bytes"], cfg["noc_sectors_per_cycle_per_sm"],
                       cfg["l2_atomic_op_cycles"], cfg["l2_partitions"],
                       cfg["l2_atomic_units"], cfg["store_beats_per_cycle_per_sm"],
                       cfg["barrier_arrival_cycles"], cfg["barrier_release_cycles"], cfg["store_ack_cycles"],
                       cfg["interval_mio_cycles"], cfg["dram_interleave_bytes"] // 128,
                       cfg["l2_fabric_cycles"], cfg["dram_late_permil"] / 1000, cfg["dram_late_cycles"],
                       cfg["dram_late_chunk_bytes"] // 128, cfg["l2_slice_write_sectors_per_cycle"],
                       cfg["l2_atomic_whole_op_cycles"], cfg["l2_atomic_unit_bytes"] // 128,
                       cfg["dram_sector_cycles"], cfg["dram_late_min_cycles"], unit_bits,
                       cfg["dram_inflight_cycles_per_kline"] / 1000.0,
                       1.0 if cfg["l1_store_allocates"] else 0.0, cfg["l2_partition_sms"], cfg["dram_late_seed"],
                       cfg["l2_path_gap_cycles"], cfg["l2_atomic_float_op_cycles"],
                       cfg["l2_atomic_line_cycles"], cfg["l2_atomic_whole_line_cycles"],
                       cfg["l2_atomic_float_line_cycles"], cfg["l1_tags_per_cycle"],
                       cfg["store_ahead_cycles"], cfg["l1_store_slack_cycles"],
                       cfg["latency_l1_local_cycles"], cfg["ldgsts_shared_cycles"], cfg["l2_dirty_ways"]],
                      np.float64)
    if slices % cfg["l2_partitions"]:
        raise ConfigError(f"l2_slices ({slices}) must be a multiple of l2_partitions ({cfg['l2_partitions']})")
    return MemSys(make_cache(n_sm, max(l1_bytes, 128 * cfg["l1_ways"]), cfg["l1_ways"]),
                  make_cache(slices, cfg["l2_bytes"] // slices, cfg["l2_ways"]),
                  np.zeros((n_sm, 2 + int(cfg["l1_queue_requests"])), np.float64), np.zeros((n_sm, 2), np.float64),
                  np.zeros(slices, np.float64),
                  _atomic_units(int(cfg["l2_atomic_units"])),
                  _channels(cfg["dram_channels"]),
                  np.zeros((n_sm, 2), np.float64), params, np.zeros(8, np.int64), np.zeros((n_sm, 4), np.int64),
                  np.zeros((DRAM_BINS, 2), np.float64), np.array([HIST_FIRST_WIDTH], np.int64),
                  # per scheduler: its MIO queue's entries (when each leaves it), the next entry, the last leave;
                  # per SM: when the instruction in each entry of the L1TEX's queue starts, the next entry (mio_issue)
                  _mio_queues(n_sm * cfg["sub_partitions"], cfg["mio_queue_depth"]),
                  np.zeros((n_sm, cfg["l1tex_queue_entries"] + 1), np.float64),
                  np.zeros(FLIGHT_BINS + 2, np.float64))


# an atomic sector operation with more sectors of its request after it in its atomic unit (atomic_work)
ATOM_MORE = 1 << 16
# lines an L2 atomic unit keeps the operations of apart (l2_sector): its lines' last ones, by
# the line's low bits; a 512-byte chunk's 4 lines each their own
ATOM_LINES = 8
ATOM_OPEN = 2 + 2 * ATOM_LINES


def _atomic_units(units):
    """Per L2 atomic unit (l2_sector): when it may start its next operation,
    when its last one is done, for ATOM_LINES lines (by the line's low bits)
    a line and when its last operation is done, and (ATOM_OPEN) when the
    operations of the request it works through are done (0: none open)."""
    a = np.zeros((units, 2 + 2 * ATOM_LINES + 1), np.float64)
    a[:, 2:ATOM_OPEN:2] = -1.0
    return a


# DRAM line reads in flight (in_flight): MemSys.flight[:FLIGHT_BINS] counts the reads that answer
# in each FLIGHT_CYCLES-cycle bin, a ring over the next FLIGHT_BINS bins; [FLIGHT_BINS] is the bin of
# the latest read, [FLIGHT_BINS + 1] the reads still in flight then
FLIGHT_BINS = 1024
FLIGHT_CYCLES = 16.0


@njit(inline="always")
def in_flight(MS, t, done, k, waited):
    """The cycles a DRAM read of a line arriving at its L2 slice at cycle t
    answers later than `done` for the line reads in flight then: it waits k
    (`dram_inflight_cycles_per_kline` / 1000) per line read in flight, not
    yet answered (a line's sectors read one after another count once: its
    first; l2_sector), of which it `waited` already in its channel's queue
    (so past the channels' bandwidth, where that queue is the longer, the
    read waits as before). The read is then counted in flight until it answers.
    The L2 stage takes the reads about in the order they arrive (by the cycle
    they issued); one arriving before the latest is counted at the latest's
    cycle.

    Measured on the H200 here (programs/micro/row_stream.s, every SM's warps
    each streaming its own row, 1,056 to 33,792 lines in flight,
    tools/row_stream_figures.py): a round of a warp's loads takes 780-840
    cycles with 1-2 K lines in flight, 830-1,050 with 8 K, 1,170-1,340 with
    17 K (1,800 bytes a cycle, 83% of the copy's bandwidth), 2,060-2,170 with
    34 K. Channels that serve every read at the copy's bandwidth make a read
    wait only once that bandwidth is reached; the H200's reads wait longer
    before it. What queues them (banks, row conflicts, the crossbar) is not
    known: this is a fit of the waiting time, linear in the reads in flight.
    By lines, not sectors: a warp reading a line's 4 sectors waits 21-27
    cycles more than for one sector with 4,224 lines in flight, as with one
    (programs/micro/sector_clock.s), where counting sectors made it 61."""
    f = MS.flight
    b = np.int64(t / FLIGHT_CYCLES)
    last = np.int64(f[FLIGHT_BINS])
    if b > last:
        for j in range(last + 1, min(b, last + FLIGHT_BINS) + 1):
            f[FLIGHT_BINS + 1] -= f[j % FLIGHT_BINS]
            f[j % FLIGHT_BINS] = 0.0
        f[FLIGHT_BINS] = float(b)
        last = b
    extra = max(0.0, k * f[FLIGHT_BINS + 1] - waited)
    a = min(max(np.int64((done + extra) / FLIGHT_CYCLES), last + 1), last + FLIGHT_BINS - 1)
    f[a % FLIGHT_BINS] += 1.0
    f[FLIGHT_BINS + 1] += 1.0
    return extra


def _channels(n):
    """Per DRAM channel: when it is next free, the line it read last and when
    that read's data is there (dram_sector_cycles)."""
    c = np.zeros((n, 3), np.float64)
    c[:, 1] = -1.0
    return c


def _mio_queues(n, depth):
    q = np.zeros((n, depth + 2), np.float64)
    q[:, depth + 1] = -1e30                 # no instruction has left yet
    return q


@njit(inline="always")
def dram_transfer(MS, t, nbytes, col):
    """Count nbytes moved by a DRAM channel from cycle t (col 0 read, 1 write)."""
    b = np.int64(t) // MS.dram_hist_w[0]
    while b >= DRAM_BINS:
        for j in range(DRAM_BINS // 2):
            MS.dram_hist[j, 0] = MS.dram_hist[2 * j, 0] + MS.dram_hist[2 * j + 1, 0]
            MS.dram_hist[j, 1] = MS.dram_hist[2 * j, 1] + MS.dram_hist[2 * j + 1, 1]
        for j in range(DRAM_BINS // 2, DRAM_BINS):
            MS.dram_hist[j, 0] = 0.0
            MS.dram_hist[j, 1] = 0.0
        MS.dram_hist_w[0] *= 2
        b = np.int64(t) // MS.dram_hist_w[0]
    MS.dram_hist[b, col] += nbytes


@njit
def _mix(h):
    """A 31-bit integer hash (no product overflows 63 bits)."""
    m = np.int64(0x7FFFFFFF)
    h ^= h >> 15
    h = h * np.int64(0x2C1B3C6D) & m
    h ^= h >> 12
    h = h * np.int64(0x297A2D39) & m
    h ^= h >> 15
    return h


@njit
def late_fill(line, t, p):
    """How much later than `latency_dram_cycles` says the DRAM answers a read
    of `line` that starts at cycle t on its channel. Each
    `dram_late_chunk_bytes` chunk of addresses has its time cut into windows
    of `dram_late_cycles` (at a phase of its own); a `dram_late_permil` share
    of them are blocked, and a read that starts in a blocked window answers
    `dram_late_min_cycles` after the window ends: late by that and up to
    `dram_late_cycles` more, the reads of one chunk in one window finishing
    together, on average late by `late_mean(p)`. Which windows are blocked is a hash of the chunk and the
    window: a fixed pattern, so runs repeat exactly.

    Measured on the H200 here (tools/late_window_figures.py): 6.5-8% of DRAM
    answers come 250 or more cycles after the median, at every load, spread
    up to about 600 (programs/micro/dram_clock.s, gather_clock.s); 32 warps
    of one SM reading one 4 KB chunk are late together when they read it
    within 100 cycles of each other, mostly not when 300 or more cycles
    apart (dram_clock.s's 1x32 launch); reads of different chunks are late
    each by its own chance (gather_clock.s, gather_stride.s); 132 SMs
    reading the same lines are late all or none (fill_clock.s: the fill is
    late, and every read merged on it). What blocks the chunk (a refresh,
    say) is not known."""
    if p[P_LATE_FRAC] <= 0.0:
        return 0.0
    m = np.int64(0x7FFFFFFF)
    w = np.int64(p[P_LATE_CYCLES])
    chunk = ((line // np.int64(p[P_LATE_CHUNK_LINES]) + np.int64(p[P_LATE_SEED]) * np.int64(0x3C6EF35F)) & m) \
        * np.int64(0x27D4EB2F) & m
    start = t + float(_mix(chunk) % w)                                # the chunk's own phase
    k = np.int64(start) // w
    h = _mix(chunk ^ ((k & m) * np.int64(0x165667B1) & m))
    if (h & np.int64(0xFFFFFF)) < p[P_LATE_FRAC] * 0x1000000:
        return float((k + 1) * w) - start + p[P_LATE_MIN]
    return 0.0


@njit
def late_mean(p):
    """The cycles `late_fill` adds to a read at a random time, on average
    (half a window in the blocked share): `latency_dram_cycles`, a pointer
    chase's mean, has them in it."""
    return p[P_LATE_FRAC] * (p[P_LATE_CYCLES] * 0.5 + p[P_LATE_MIN])


@njit(inline="always")
def path_offset(sm, sl, p):
    """How much later (or earlier, below 0) than `latency_l2_cycles` SM
    `sm`'s answers from L2 slice `sl` come: half of `l2_path_gap_cycles`
    later from about half the slices, as much earlier from the others (a
    fixed draw per SM and slice: the way between them on the die), so that
    the mean over the SMs is the chase's. Measured on the H200 here (traces/h200/micro/
    micro_latency_dist.json and _r3.json, one SM's 2,048 lines, tools/
    latency_dist_figures.py): its L2 hits fall in two clusters 33.6 cycles
    apart, half the lines in each (259.5 and 293.1, 264.1 and 297.7, sd
    5.3-7.6), each line in the same one in two rounds (rank correlation
    0.964, median difference 2 cycles), whichever partition the line is
    homed in (its DRAM read's cluster); 132 SMs' own means 271-296 (the
    draws' share of each SM's 32 slices spreads its mean by about 3 cycles
    sd; one split for every SM, tried, kept them in lockstep). With one latency for all, simgpu's
    warps that share lines answer in lockstep, which the H200's do not
    (tools/matmul_clock_figures.py)."""
    gap = p[P_PATH_GAP]
    if gap <= 0.0:
        return 0.0
    m = np.int64(0x7FFFFFFF)
    h = _mix((np.int64(sm) * np.int64(0x9E3779B) + np.int64(sl) * np.int64(0x85EBCA7) + np.int64(0x165667B1)) & m)
    return 0.5 * gap if h & np.int64(0x400) else -0.5 * gap


@njit
def hash_line(line, n):
    h = line ^ (line >> 7) ^ (line >> 13)
    return h % n


@njit
def dram_channel(line, p):
    """The HBM channel of a line: its `dram_interleave_bytes` chunk, hashed."""
    return hash_line(line // np.int64(p[P_CHUNK_LINES]), np.int64(p[P_CHANNELS]))


@njit
def home_partition(line, parts):
    """The partition a line lives in. Two partitions (the H100/H200, the
    A100): the parity of address bits 12, 13, 15, 17 and 19 (line bits 5, 6,
    8, 10, 12), so every aligned 4 KB is homed in one partition, and of the
    2 MB page's number, standing for the physical page's bits, which the
    hash also takes and which the program cannot see. Measured on the H200
    here: which of a chase's DRAM reads answer from the near or the far
    partition (traces/h200/micro/micro_latency_dist.json and _r3.json, one
    SM's 2,048 lines: these bits' parity agrees with 96% of them, the rest
    the reads' spread; tools/partition_hash_figures.py). Another count of
    partitions (none configured): a hash of the line's 4 KB, modulo the count."""
    h = line >> 14
    h ^= h >> 32
    h ^= h >> 16
    h ^= h >> 8
    h ^= h >> 4
    h ^= h >> 2
    h ^= h >> 1
    x = ((line >> 5) ^ (line >> 6) ^ (line >> 8) ^ (line >> 10) ^ (line >> 12) ^ h) & 1
    return x if parts == 2 else hash_line(line >> 5, parts)


# a near copy's tag: its line's partition_line, with this bit set (the partition's own line of the
# same partition_line is the other line of the pair that differs in line bit 5)
COPY_TAG = np.int64(1) << np.int64(40)


@njit(inline="always")
def partition_line(line, parts):
    """The line's index among the lines homed in its partition: the line
    number less line bit 5 (address bit 12), one of the bits home_partition
    reads, so that with the partition the index gives the line back. A
    partition's slice and set come from this index, so its lines, numbered
    densely, fill its slices and sets evenly, as on the H100: one SM reading
    a stream twice keeps the half homed in the other partition up to 51.9 MB
    of the 52.4 MB L2 (0.51 of the second pass missed, the half homed near;
    traces/h100/micro/micro_l2_near_copy.json, programs/micro/l2_near_copy.s),
    where a set index of the whole line number crowded some sets with twice
    the lines of others and lost a quarter of that half. Another count of
    partitions: the line number itself."""
    if parts != 2:
        return line
    return ((line >> np.int64(6)) << np.int64(5)) | (line & np.int64(31))


@njit(inline="always")
def set_spread(tag):
    """A slice's line tag with its low 6 bits XORed with a hash of the rest:
    64 tags in a row stay 64 tags in a row (a partition's lines, numbered
    densely, still fill its sets evenly), but which of them a set gets
    depends on the higher address bits, as a cache's set hash mixes them in.
    Without it a grid-stride loop's 16 KB chunks, read by SMs whose
    partitions alternate with the TPC, left the copies of far-homed lines on
    half of the sets and the lines read from the other partition on the
    other half: 132 SMs reading a stream twice missed 0.50 of the second
    pass from 34.6 to 51.9 MB, where the H100 misses 0.08, 0.35, 0.82, 0.95
    and 1.00 (traces/h100/micro/micro_l2_capacity.json,
    programs/micro/l2_capacity.s); with it 0.18, 0.49, 0.99, 1.00, 1.00
    (tools/l2_capacity_figures.py --config h100)."""
    h = (tag >> np.int64(6)) * np.int64(0x9E3779B1)
    h ^= h >> np.int64(15)
    return tag ^ (h & np.int64(63))


@njit
def global_request(MS, sm, now, sectors, n, store, l2_only):
    """Issue a request of n distinct sectors (global byte offsets // 32, in
    `sectors`) from SM `sm` at cycle `now`; returns the cycle its data is ready
    (loads) or its acknowledgment is back from the L2 (stores: an L2 latency
    after the slice took the last sector; a warp that has exited waits for it,
    Nsight's `drain` state, timing/core.py). `l2_only`: a load
    that bypasses the L1 (ld.cg, ld.cv, ld.volatile)."""
    return _request(MS, sm, now, sectors, n, store or l2_only, store, 0)


@njit
def atomic_request(MS, sm, now, sectors, n, kind):
    """An atom (kind 1) or red (kind 2) of n sectors, their operation counts
    in sectors[32:32+n]; returns when atom's old values are back, or when
    a red is acknowledged (an L2 latency after the slice accepted it)."""
    return _request(MS, sm, now, sectors, n, True, False, kind)


@njit(inline="always")
def _l2_lookup(MS, sl, t, tag, sbit, ch, write, beats):
    """One sector's lookup in L2 slice `sl` (line `tag` within the slice), no
    earlier than cycle t: (the cycle the slice serves it, hit, slot). The
    lookup allocates; dirty sectors it evicts go back through DRAM channel ch.
    write: 1 a store's sector, which takes the slice `beats` 32-byte beats at
    `l2_slice_write_sectors_per_cycle` (a beat a sector, one more for the
    line's partly written sectors, as on the SM's store path:
    coalescer.store_beats), 2 an atomic's (its unit's time is counted apart),
    0 a read. Measured on the H200 here (traces/h200/store_scatter.json, 132
    SMs of 32 warps, 128 stores each, the slowest block's clock64 cycles): whole
    sectors reach the L2 at 68.9 a cycle, lines of 4 partly written sectors at
    55.8 (69.7 beats), 32 lines of one partly written sector a request at 36.3
    (72.7 beats) -- a rate in beats, not sectors."""
    p = MS.params
    ts = max(t, MS.slice_free[sl])
    MS.slice_free[sl] = ts + (beats / p[P_SLICE_WSPC] if write == 1 else 1.0 / p[P_SLICE_SPC])
    hit, evicted, slot = access(MS.l2, sl, tag, sbit, True, write > 0, int(p[P_L2_DIRTY]))
    if evicted > 0:
        MS.counters[C_DRAM_WR] += 32 * evicted
        tw = max(MS.chan_free[ch, 0], ts)
        dram_transfer(MS, tw, 32.0 * evicted, 1)
        MS.chan_free[ch, 0] = tw + 32.0 * evicted / p[P_CHAN_BPC]
    return ts, hit, slot


@njit(inline="always")
def l1_sector(MS, sm, t, sec, skip_l1, store, beats, whole, lat):
    """The SM's side of one sector of a request, at cycle t (when the L1 takes
    it): (0, ready, slot) when the L1 has it (ready: when its data is there,
    or a negative mark for a fill still to be computed, see
    timing/requests.py), else (1, tn, slot): the cycle it crosses the SM's
    port to the L2 (a store's sector: its store path, taking `beats` 32-byte
    beats; `whole`: the lanes write all of it, which the L1 then takes when
    `l1_store_allocates`), and the L1 slot its fill goes to (-1: none). lat:
    a hit's latency (`latency_l1_cycles`, a local load's
    `latency_l1_local_cycles`)."""
    p = MS.params
    line = sec >> 2
    sbit = sec & 3
    l1_slot = -1
    if not skip_l1 and p[P_L1_LOADS] > 0.0:
        hit, _, l1_slot = access(MS.l1, sm, line, sbit, True, False, L1_NO_DIRTY_LIMIT)
        if hit:
            MS.l1_count[sm, 0] += 1
            r = ready_at(MS.l1, sm, l1_slot, sbit)
            if r >= 0.0:
                r = max(t + lat, r)
            return 0, r, l1_slot
        MS.l1_count[sm, 1] += 1
    elif store:
        if whole and p[P_L1_ST_ALLOC] > 0.0:
            # write-through; a sector written whole is taken into the L1 (allocating its line)
            hit, _, slot = access(MS.l1, sm, line, sbit, True, False, L1_NO_DIRTY_LIMIT)
            set_ready(MS.l1, sm, slot, sbit, t)
        else:
            hit, _, _ = access(MS.l1, sm, line, sbit, False, True, L1_NO_DIRTY_LIMIT)      # write-through, no allocate
        MS.l1_count[sm, 2 if hit else 3] += 1           # a store's sector: its line's sector there or not
        tn = max(t, MS.noc_free[sm, 1])                   # the SM's store path to the L2
        MS.noc_free[sm, 1] = tn + beats / p[P_ST_BPC]
        return 1, tn, l1_slot
    tn = max(t, MS.noc_free[sm, 0])                       # the SM's port to the L2
    MS.noc_free[sm, 0] = tn + 1.0 / p[P_NOC_SPC]
    return 1, tn, l1_slot


@njit(inline="always")
def l1_span(MS, sectors, n, wavefronts):
    """The cycles the SM's L1 spends on a request of the n sorted sectors
    sectors[0:n], whose load takes `wavefronts` in the data stage (0: a store
    or atomic): its tag stage looks up `l1_tags_per_cycle` lines a cycle,
    with all their sectors, up to `l1_sectors_per_cycle` (NVIDIA's Greg Smith
    on the Volta L1 and later: "the tag stage can look up 4 tags per cycle
    resolving a maximum of 16 sectors (4 tags x 4 sectors)", NVIDIA developer
    forums, "Pascal L1 cache"); its data stage a wavefront a cycle, the data
    banks conflicting as shared memory's do (banks.py; the warp's words of
    one bank in different lines are a wavefront each). Measured on the H200
    here: loads hitting the L1 with lane l at word l x stride
    (programs/micro/ldg_banks.s, traces/h200/micro/micro_ldg_banks.json.gz,
    `tools/bank_conflict_figures.py ldg_banks`) take 1.0-1.3, 2.0, 7.9, 15.8,
    32.0 cycles an SM for strides 1, 2, 8, 16, 32 (1, 2, 8, 16, 32
    wavefronts: Nsight's l1tex__data_pipe_lsu_wavefronts_mem_lgds_cmd_read),
    8.8-8.9 for 33 (32 lines, no bank twice: the tag stage's 8); a local
    load of 32 sectors in 16 lines, one wavefront, hitting (programs/micro/
    local_mem.s, traces/h200/micro/micro_local_mem.json, tools/
    local_mem_figures.py) takes 3.7 cycles more than one of a line with one
    warp (ld_next_div against ld_next: 37.6 and 33.9 a step), and 15.5 warps
    an SM take 63.9 cycles a step (busy_ld_next_div): 4.1 an SM, the tag
    stage's 16 / 4 lines, not 32 / 4 sectors."""
    lines = 0
    last = np.int64(-1)
    for k in range(n):
        line = sectors[k] >> 2
        if line != last:
            lines += 1
            last = line
    p = MS.params
    return max(max(lines / p[P_L1_TPC], n / p[P_L1_SPC]), float(wavefronts))


@njit(inline="always")
def l1_start(MS, sm, now, span):
    """The L1 takes a request for `span` cycles (l1_span): the cycle it
    starts (its n sectors follow each span / n later). One data stage
    serves the SM's global and shared accesses (MS.smem_free[sm, 0],
    shared_request): a global request waits for it and takes it `span`
    cycles, counted from the request's issue (stores waiting for the SM's
    path to the L2, store_left, hold its later global requests, not its
    shared ones). On the H200 here a warp alternating LDS.32 and L1-hit
    LDG.32 passes 0.88 of them an SM a cycle with 32 warps, each alone 0.94,
    where two stages would pass up to two (traces/h200/mio_mix.json,
    tools/mio_mix_figures.py). MS.l1_free[sm]: [0]
    when the L1 is free, [1] the requests it took, [2:] when the last
    `l1_queue_requests` of them started (a ring; l1_queue_full)."""
    t0 = max(float(now), MS.l1_free[sm, 0], MS.smem_free[sm, 0])
    MS.l1_free[sm, 0] = t0 + span
    MS.smem_free[sm, 0] = max(float(now), MS.smem_free[sm, 0]) + span
    q = MS.l1_free.shape[1] - 2
    i = np.int64(MS.l1_free[sm, 1])
    MS.l1_free[sm, 2 + i % q] = t0
    MS.l1_free[sm, 1] = i + 1
    return t0


@njit(inline="always")
def l1_queue_full(MS, sm):
    """Until when the L1's queue of the SM's global and local requests is
    full, after the request it took last: its `l1_queue_requests` requests
    waiting for the tag stage (l1_start), the LSU pipe takes no memory
    instruction until the oldest of them starts (Nsight's `lg_throttle`;
    store_acked)."""
    q = MS.l1_free.shape[1] - 2
    return MS.l1_free[sm, 2 + np.int64(MS.l1_free[sm, 1]) % q]


@njit(inline="always")
def store_left(MS, sm, left):
    """A store whose last sector leaves the SM's store path at cycle `left`:
    the L1, which takes the SM's requests in order, takes the next one no
    sooner than `l1_store_slack_cycles` before that (its store data waits in
    the L1 until the path has room). Measured on the H200 here: see
    store_acked."""
    t = left - MS.params[P_L1_ST_SLACK]
    if t > MS.l1_free[sm, 0]:
        MS.l1_free[sm, 0] = t


@njit(inline="always")
def store_acked(MS, sm, ack):
    """The L2 acknowledged a store of SM sm at cycle `ack`: the SM's store
    path sends nothing more until `store_ahead_cycles` before it, so that an
    SM keeps at most that much of its store data on its way to slices slower
    than its path (the L2's back-pressure; the engine learns the
    acknowledgements at the end of each time quantum, so it reaches the SM up
    to a quantum late). With store_left, loads queue behind stores the L2 is
    slow to take, and the LSU pipe stops taking memory instructions while
    the L1's queue is full (l1_queue_full): on the H200 here
    (programs/micro/local_mem.s, traces/h200/micro/micro_local_mem.json: 2,048
    warps, the L2 taking their stores at 38-58 sectors a cycle) the warps wait
    on their loads (busy_st_other_div: `long_scoreboard` 178.9 warps per
    issue, `drain` 0.39) or on the LSU pipe (busy_st_stream, stores only:
    `lg_throttle` 43.2), not at their ends for their stores to drain."""
    t = ack - MS.params[P_ST_AHEAD]
    if t > MS.noc_free[sm, 1]:
        MS.noc_free[sm, 1] = t


@njit(inline="always")
def l2_sector(MS, sm, tn, sec, store, atomic, ops):
    """One sector at the L2, arriving from SM `sm` at cycle tn: returns when
    its data is back at the SM (a load or atom), or when the L2 acknowledges
    it (a store or red). ops: an atomic's operations (atomic_work), a
    store's beats (coalescer.store_beats)."""
    p = MS.params
    parts = np.int64(p[P_PARTS])
    per = np.int64(p[P_SLICES]) // parts
    line = sec >> 2
    sbit = sec & 3
    pl = partition_line(line, parts)
    local = hash_line(pl, per)
    tag = set_spread(pl // per)
    home = home_partition(line, parts)
    near = (sm // np.int64(p[P_PART_SMS])) % parts      # an SM pair (a TPC) shares its partition
    # stores and atomics go to the home partition; loads look in the SM's own first
    first = home if store or atomic > 0 else near
    sl = first * per + local
    way = path_offset(sm, sl, p)
    ch = dram_channel(line, p)
    ts, hit, slot = _l2_lookup(MS, sl, tn, tag if first == home else tag | COPY_TAG, sbit, ch,
                               1 if store else (2 if atomic > 0 else 0), ops)
    if store:
        MS.counters[C_L2_ST] += 1
        MS.counters[C_L2_HIT] += 1          # a written sector needs no fetch: a hit, as Nsight counts it
        set_ready(MS.l2, sl, slot, sbit, ts)
        return ts + p[P_L2_LAT] + way        # acknowledged: the L2's latency after the slice took it
    if hit:
        data = max(ts, ready_at(MS.l2, sl, slot, sbit))
        if take_unasked(MS.l2, sl, slot, sbit) and data > ts and asked_by(MS.l2, sl, slot, sbit) == sm:
            # on its way with another sector's fetch for this SM (a line read at once): a lookup miss, no
            # read, as Nsight counts every sector of dot_vec4's lines; one another SM's fetch brought is a
            # hit (dram_spread.s's 132 SMs each reading one sector a pass: 55.6% on the H200)
            MS.counters[C_L2_MISS] += 1
        else:
            MS.counters[C_L2_HIT] += 1
            if data > ts and atomic == 0:
                MS.counters[C_L2_COALESCED] += 1   # the fill is in flight: merged by the LRC
    else:
        MS.counters[C_L2_MISS] += 1
        mine, mine_slot = sl, slot
        data = -1.0
        if home != near and atomic == 0:
            # the other partition's copy, across the fabric; DRAM only if it misses too
            MS.counters[C_FABRIC] += 1
            sl = home * per + local
            ts, hit, slot = _l2_lookup(MS, sl, ts, tag, sbit, ch, 0, 0)
            if hit:
                data = max(ts, ready_at(MS.l2, sl, slot, sbit))
                take_unasked(MS.l2, sl, slot, sbit)
        if data < 0.0:
            # the aligned group of sectors DRAM moves at once (dram_fetch_bytes), less those already there
            extra = group_missing(MS.l2, sl, slot, sbit, np.int64(p[P_FETCH]) // SECTOR_BYTES)
            fetch = SECTOR_BYTES * (1.0 + popcount(extra))
            MS.counters[C_DRAM_RD] += np.int64(fetch)
            tc = max(ts, MS.chan_free[ch, 0])
            dram_transfer(MS, tc, fetch, 0)
            MS.chan_free[ch, 0] = tc + fetch / p[P_CHAN_BPC]
            # at the slice, an L2 latency before the SM has it; latency_dram_cycles is the mean over
            # the lines' home partitions, the fabric's share of it added below when the home is not near
            data = tc + p[P_DRAM_LAT] - p[P_L2_LAT] - p[P_FABRIC] * (parts - 1) / parts
            # latency_dram_cycles is a chase's mean, late reads in it: the late share is added back by the read
            data += late_fill(line, tc, p) - late_mean(p)
            # a line's sectors read one after another answer dram_sector_cycles apart; its first
            # answers later with more line reads in flight, the rest after it
            if MS.chan_free[ch, 1] == float(line):
                data = max(data, MS.chan_free[ch, 2] + p[P_DRAM_SECTOR])
            elif p[P_INFLIGHT] > 0.0:
                data += in_flight(MS, ts, data, p[P_INFLIGHT], tc - ts)
            MS.chan_free[ch, 1] = float(line)
            MS.chan_free[ch, 2] = data
            if extra:
                # the sector asked for first, the rest of the group a burst behind it
                fill_group(MS.l2, sl, slot, extra, data + p[P_DRAM_SECTOR], sm)
                MS.chan_free[ch, 2] = data + p[P_DRAM_SECTOR]
            set_ready(MS.l2, sl, slot, sbit, data)
        if mine != sl:
            data += p[P_FABRIC]                               # across the partitions' fabric
            set_ready(MS.l2, mine, mine_slot, sbit, data)     # the own partition's copy
            if p[P_FETCH] > SECTOR_BYTES:                     # with the rest of its fetch group
                copy_group(MS.l2, sl, slot, mine, mine_slot, sbit, np.int64(p[P_FETCH]) // SECTOR_BYTES,
                           p[P_FABRIC])
    if atomic > 0:
        # the line's atomic unit works on the sector once its data is there, an issue time after
        # its previous operation (whatever its line) and once the line's operations before it
        # are done (atomic_costs); a sampled run's share keeps every unit, slowed (timing/run.py
        # share_of_gpu), so one hot word is as contended as on the GPU
        unit = atomic_unit(line, p)
        n_ops = ops & 0xFF
        issue, chain = atomic_costs(ops >> 8, p)
        A = MS.atom_free
        t0 = max(data, A[unit, 0])
        e = 2 + 2 * (line & (ATOM_LINES - 1))
        ta = max(t0, A[unit, e + 1]) if A[unit, e] == line else t0   # after the line's operations before it
        done = ta + n_ops * chain
        # the unit's next operation: an issue time after this one's turn; but the unit works
        # through a request's sectors before another request's: after a request's last sector
        # in it, once all of them are done where the request had more than one (atomic_costs)
        nxt = t0 + n_ops * issue
        if ops & ATOM_MORE:
            A[unit, ATOM_OPEN] = max(A[unit, ATOM_OPEN], done)
        elif A[unit, ATOM_OPEN] > 0.0:
            nxt = max(nxt, A[unit, ATOM_OPEN], done)
            A[unit, ATOM_OPEN] = 0.0
        A[unit, 0] = nxt
        A[unit, e] = line
        A[unit, e + 1] = done
        A[unit, 1] = max(A[unit, 1], done)
        atomic_drops_copies(MS, tag | COPY_TAG, home, local)
        if atomic == 2:
            return ts + p[P_L2_LAT] + way             # a red's acknowledgment, as a store's
        # an atom's old values, to an SM of the other partition across the fabric (as its loads)
        return done + p[P_L2_LAT] + way + (p[P_FABRIC] if home != near else 0.0)
    return after_atomics(MS, line, data) + p[P_L2_LAT] + way


@njit(inline="always")
def atomic_drops_copies(MS, copy_tag, home, local):
    """An atomic on a line drops the copies of it (`copy_tag` in slice
    `local` of each partition: l2_sector) in the partitions other
    than its home (where the atomic is done), so that their SMs' next loads
    of it go to the home slice and see its result (after_atomics).
    Measured on two H100s here (programs/micro/atomic_l1.s, traces/h100/
    micro/micro_atomic_l1*.json, tools/atomic_l1_figures.py): one thread
    whose chased word is homed far (an atom's round trip 490 cycles, an L2
    hit's and the fabric's) takes 936 cycles a step with an atom on the word
    after each load, the load 446 of them (an L2 hit across the fabric);
    homed near (a round trip of 304) 586, the load an L2 hit."""
    parts = np.int64(MS.params[P_PARTS])
    per = np.int64(MS.params[P_SLICES]) // parts
    for q in range(parts):
        if q != home:
            drop_line(MS.l2, q * per + local, copy_tag)


@njit(inline="always")
def after_atomics(MS, line, data):
    """When a load of `line` whose data the L2 has at cycle `data` may
    leave: not before the line's last atomic is done, as its atomic unit
    remembers it (the last operation of each of ATOM_LINES lines). Measured
    on the H100 here (programs/micro/atomic_l1.s, traces/h100/micro/
    micro_atomic_l1*.json): a load right behind a RED to its line (which
    drops it from the L1: atomic_drops_l1_line) takes about an L2 hit's
    latency more than an L1 hit, 274 cycles a step with the line homed near,
    457 far (the fabric's 189 more)."""
    A = MS.atom_free
    unit = atomic_unit(line, MS.params)
    e = 2 + 2 * (line & (ATOM_LINES - 1))
    if A[unit, e] == line:
        return max(data, A[unit, e + 1])
    return data


@njit(inline="always")
def atomic_drops_l1_line(MS, sm, sec):
    """An atomic (atom or red) to a sector takes its whole line out of the
    SM's L1, so the SM's next load of any of its words goes to the L2 (and
    waits there for the atomic: after_atomics). Measured on two H100s here
    (programs/micro/atomic_l1.s, traces/h100/micro/micro_atomic_l1*.json,
    tools/atomic_l1_figures.py): one thread chasing a word the L1 holds
    takes 40 cycles a step; with a RED after each load to the word, to
    another word of its sector or to another sector of its line 314-320
    (the line homed near) or 498 (far), to the next line 57."""
    drop_line(MS.l1, sm, sec >> 2)


@njit(inline="always")
def atomic_unit(line, p):
    """The L2 atomic unit a line's atomics go to: each unit owns aligned
    `l2_atomic_unit_bytes` chunks, spread over the `l2_atomic_units` by an XOR
    of the chunk number's bits (a power of 2 of units; a hash otherwise), so
    neighbouring chunks and power-of-2 strides land on different units.
    Measured on the H200 here (programs/micro/atomic_spread.s,
    traces/h200/micro/micro_atomic_spread.json, tools/atomic_figures.py):
    2,112 warps each adding into one of 2 lines 128 B apart take as long as
    into one line, into 8 lines 128 B apart as into 2 units, into 8 lines 4 KB
    or 64 KB apart as into 8."""
    units = np.int64(p[P_ATOM_UNITS])
    c = line // np.int64(p[P_ATOM_UNIT_LINES])
    if units & (units - 1):
        return hash_line(c, units)
    bits = np.int64(p[P_ATOM_BITS])
    u = np.int64(0)
    while c > 0 and bits > 0:
        u ^= c & (units - 1)
        c >>= bits
    return u


@njit(inline="always")
def atomic_work(sectors, n, k, p):
    """What sector k of an atomic request of n sectors asks of its unit: its
    operations (sectors[32 + k], coalescer.count_atomic_sectors), their kind
    (sectors[64 + k]: coalescer.ATOM_WHOLE, ATOM_FLOAT) in bits 8 and up, and
    ATOM_MORE when the request has sectors after it in the same atomic unit."""
    work = sectors[32 + k] | (sectors[64 + k] << 8)
    unit = atomic_unit(sectors[k] >> 2, p)
    for j in range(k + 1, n):
        if atomic_unit(sectors[j] >> 2, p) == unit:
            return work | ATOM_MORE
    return work


@njit(inline="always")
def l2_work(sectors, n, k, atomic, store, p):
    """What sector k of a request of n sectors carries to its L2 slice: an
    atomic's work (atomic_work), a store's beats (sectors[32 + k],
    coalescer.store_beats), nothing for a load."""
    if atomic > 0:
        return atomic_work(sectors, n, k, p)
    return sectors[32 + k] if store else 0


@njit(inline="always")
def atomic_costs(kind, p):
    """An L2 atomic unit's cycles for one sector operation of a kind
    (coalescer.ATOM_WHOLE, ATOM_FLOAT): (issue, chain). The unit starts an
    operation at least `issue` cycles after its previous one, whatever its
    line, and it is done `chain` cycles after it starts; an operation on a
    line starts once the line's operation before it is done (the line's
    operations one after another, the sectors of one line too), while other
    lines' operations start in between, except that the unit works through
    a request's sectors before it starts another's: a request's sectors in
    one unit start an issue time apart (each after its line's operation
    before it), and the unit takes another request once they are all done
    (atomic_spread.s: 2,112 warps' 4-sector adds into 2 lines of one unit
    take as long as into one line, where atomic_hazard.s's one-sector adds
    into 4 lines of a unit go at the issue time; the held-out scatter_add's
    float reds, a warp's 32 lanes on 32 lines 148 bytes apart, 3 or 4 lines
    of a request in each unit, take 70,091 cycles on the H200,
    traces/h200/holdout6.json: 118,404 when the sectors of a request went one
    after another in a unit, 67,064 so, 55,342 with the next request let in
    before the last sector is done). An integer operation
    on the whole sector is cheaper than on part of it; a float add costs the
    most. Measured on the H200 here with the queue never empty
    (programs/micro/atomic_queue.s, atomic_hazard.s; tools/atomic_figures.py):
    one lane's, 2 or 4 lanes' adds into one sector and 32 lanes' into one
    word take 1.45 cycles an operation, 8 lanes' into the 8 words of a
    sector 1.2, float adds 3.48 (`l2_atomic_line_cycles`,
    `l2_atomic_whole_line_cycles`, `l2_atomic_float_line_cycles`); warps
    spread over 4 lines of one unit 0.84, 0.70 and 1.25 an operation
    (`l2_atomic_op_cycles`, `l2_atomic_whole_op_cycles`,
    `l2_atomic_float_op_cycles`); one lane's adds spread over the 4 sectors
    of one line still 1.37; atoms, which return the old value, as reds."""
    if kind & ATOM_FLOAT:
        return p[P_ATOM_FLOAT], p[P_ATOM_FLOAT_LINE]
    if kind & ATOM_WHOLE:
        return p[P_ATOM_WHOLE], p[P_ATOM_WHOLE_LINE]
    return p[P_ATOM_OP], p[P_ATOM_LINE]


@njit
def _request(MS, sm, now, sectors, n, skip_l1, store, atomic):
    """A whole request served at once (the engine defers the L2 stage to the
    end of its time quantum, timing/requests.py; both use the stages above)."""
    span = l1_span(MS, sectors, n, sectors[SCR_WAVEFRONTS] if not store and atomic == 0 else 0)
    t0 = l1_start(MS, sm, now, span)
    ready = float(now)
    left = float(now)
    for k in range(n):
        t = t0 + k * span / n
        where, r, l1_slot = l1_sector(MS, sm, t, sectors[k], skip_l1, store, sectors[32 + k] if store else 1,
                                      store and sectors[64 + k] == WHOLE_MASK, MS.params[P_L1_LAT])
        if atomic > 0:
            atomic_drops_l1_line(MS, sm, sectors[k])
        if where == 1:
            tn = r
            r = l2_sector(MS, sm, r, sectors[k], store, atomic,
                          l2_work(sectors, n, k, atomic, store, MS.params))
            if l1_slot >= 0 and atomic == 0:
                set_ready(MS.l1, sm, l1_slot, sectors[k] & 3, r)
            if store and tn > left:
                left = tn
        if r > ready:
            ready = r
    if store:
        store_left(MS, sm, left)
        store_acked(MS, sm, ready)
    return np.int64(np.ceil(ready))


@njit(inline="always")
def shared_request(MS, sm, now, wavefronts, latency):
    """The SM's shared memory serves one wavefront a cycle (32 banks x 4
    bytes), loads and stores of every width alike: measured on the H200 here
    (traces/h200/mio.json, 8 and 32 warps per SM issuing independent
    accesses: LDS.32 0.95, LDS.64 0.49, LDS.128 0.25, LDS.128 of one
    16-byte word per half-warp 0.49, STS.32 0.98, STS.128 0.25 a cycle, as
    many wavefronts as Nsight counts)."""
    t = max(float(now), MS.smem_free[sm, 0])
    MS.smem_free[sm, 0] = t + wavefronts
    return np.int64(np.ceil(t)) + latency + wavefronts - 1


@njit(inline="always")
def data_stage_hold(MS, sm, now, cycles):
    """The SM's data stage (shared_request, l1_start) taken `cycles` more by an
    access issued at cycle `now`: the shared write of a cp.async (LDGSTS)
    after its global read, and a memory instruction no lane takes (predicated
    off: ptxas's `@!PT LDS RZ, [RZ]` before an LDGSTS, either side of an
    if-converted branch), which the H200 passes through the L1TEX as one
    request and one wavefront (traces/h200/mio_mix.json: copies of 4, 8 and
    16 bytes a lane alone go at 0.40, 0.28 and 0.20 an SM a cycle, their
    global reads' 1, 2 and 4 cycles and 1.4 more each
    (`ldgsts_shared_cycles`), where an L1-hit LDG.32 goes at 0.94; even
    and odd warps of a block taking either side of
    a branch ptxas predicated, LDS.32 and LDG.32, issue both and pass 2.03
    requests into the L1TEX and 2.03 wavefronts an access)."""
    t = max(float(now), MS.smem_free[sm, 0])
    MS.smem_free[sm, 0] = t + cycles


@njit(inline="always")
def barrier_arrival(MS, sm, now):
    """A warp's arrival at a block barrier (bar.sync, barrier.sync, bar.arrive),
    issued at cycle `now`: the SM's barrier unit, reached through the MIO,
    takes one arrival every `barrier_arrival_cycles`, and a barrier completes
    `barrier_release_cycles` after the unit took its last arrival. Returns
    the cycle the block's warps may go on if this arrival completes it.
    Measured on the H200 here (traces/h200/mio.json, `bar`: one block per SM
    of 4, 8 or 32 warps passing 512 barriers, each bar.sync one
    sm__mio_inst_issued): 20.8, 28.8 and 77.0 cycles per barrier, 12.8 + 2.0
    per warp. Not measured: whether the blocks of one SM share the unit
    (modeled: they do, it is the SM's)."""
    p = MS.params
    t = max(float(now), MS.smem_free[sm, 1])
    MS.smem_free[sm, 1] = t + p[P_BAR_ARRIVAL]
    return np.int64(np.ceil(t + p[P_BAR_ARRIVAL] + p[P_BAR_RELEASE]))


@njit(inline="always")
def mio_issue(MS, g, sm, now, kind, wavefronts, latency, data=0):
    """An MIO instruction (a shared-memory access, a block barrier's arrival,
    a shuffle) issued at cycle `now` by scheduler g of SM sm goes through the
    scheduler's MIO queue. The queue holds `mio_queue_depth` instructions;
    its LSU stage takes them in order, one every `interval_mio_cycles` (a
    barrier arrival: as soon as the ones before it left), and an instruction
    leaves the queue when the unit past it takes it: the L1TEX's queue of
    shared accesses ahead of its data stage (one wavefront a cycle,
    shared_request), `l1tex_queue_entries` entries per SM, an access taking
    as many as the cycles its data needs on the SM's data paths, however
    many wavefronts it takes (`data`): one per 128 bytes a store writes (the
    H200 takes 125-127 bytes of store data a cycle: traces/h200/mio.json's
    STS.32 and STS.128 loops), one per 256 bytes a load returns (240-250 a
    cycle: its LDS.64 of one word, LDS.128 of one word a half-warp). So it
    holds 24 STS.128 (traces/h200/mio_queue.json), 48 LDS.128 and 96 LDS.64:
    with 8 warps an SM the H200 keeps 6-7 independent LDS.64 of each warp
    in flight with no warp in mio_throttle (traces/h200/mio.json,
    tools/mio_load_figures.py), and transpose_smem's 32-way conflicted
    LDS.32 none either (traces/h200/programs.json); or the
    SM's barrier unit (barrier_arrival). While the queue is full the
    scheduler's warps cannot issue an MIO instruction (Nsight's
    `mio_throttle`).

    Returns (ready, room): when a shared load's data is there, when the
    barrier completes if this arrival completes it (barrier_arrival), when a
    shuffle's result is; and the first cycle the scheduler's queue has a free
    entry again. MIO_SHARED: `wavefronts` of the shared data stage,
    `latency` its load-to-use latency, `data` its entries in the L1TEX's
    queue (at least one); MIO_OTHER: a fixed `latency` from
    when the queue lets it go.

    Measured on the H200 here (traces/h200/mio_queue.json,
    tools/measure_mio_queue.py; tools/mio_figures.py derives the depths):
    see the config's mio_queue_depth and l1tex_queue_entries."""
    q = MS.mio_q[g]
    depth = q.shape[0] - 2
    t = max(float(now), q[depth + 1] + (0.0 if kind == MIO_BARRIER else MS.params[P_MIO_INTERVAL]))
    if kind == MIO_SHARED:
        f = MS.mio_fifo[sm]
        nf = f.shape[0] - 1
        h = np.int64(f[nf]) if nf > 0 else 0
        w = min(max(np.int64(data), 1), nf)     # its entries (exec/warp.py: by its bytes)
        if nf > 0:
            t = max(t, f[(h + w - 1) % nf])     # room: the instruction nf entries before its last started
        s = max(t, MS.smem_free[sm, 0])
        ready = shared_request(MS, sm, s, wavefronts, latency)
        if nf > 0:
            for j in range(w):
                f[(h + j) % nf] = s
            f[nf] = (h + w) % nf
    elif kind == MIO_BARRIER:
        taken = max(t, MS.smem_free[sm, 1])
        ready = barrier_arrival(MS, sm, t)
        t = taken
    else:
        ready = np.int64(np.ceil(t)) + latency
    h = np.int64(q[depth])
    q[h] = t
    q[depth] = (h + 1) % depth
    q[depth + 1] = t
    return ready, np.int64(np.ceil(q[(h + 1) % depth]))
