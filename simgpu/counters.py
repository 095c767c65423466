"""Counters over time: the one reader of a timed launch's `stats["series"]`.

The cycle core samples cumulative counters at bin boundaries (at most 512
bins; timing.core.sample_series, timing.run.series_stats). This module turns
each bin into the rates that the trace writers (simgpu.traces), the
`counters` plot (simgpu.plots) and the HTML report show, so the arithmetic
lives here once. Per bin of `cycles` simulated cycles (cycles since the
first block's dispatch; the last bin ends with the run):

- IPC per SM = warp instructions issued / (cycles x sm_count), Nsight
  Compute's `sm__inst_executed.avg.per_cycle_elapsed`: every SM of the
  config counts, busy or not, because the series does not say how many SMs
  held warps in a bin. It is therefore below `simgpu run`'s IPC (per *active*
  SM cycle) when SMs idle: a grid smaller than the GPU, or the tail.
- issue-slot use = warp instructions / (cycles x sm_count x sub_partitions),
  in %: the share of all schedulers' issue slots used (each issues at most
  one instruction a cycle), `smsp__issue_active.avg.pct_of_peak_sustained_elapsed`.
  It is IPC per SM / sub_partitions, the same curve on another scale.
- L2 lookups = sectors looked up in the L2 (hits + misses) per cycle,
  `lts__t_sectors.sum.per_cycle_elapsed`.
- L2 hit rate = hits / (hits + misses) in %, `lts__t_sector_hit_rate.pct`;
  NaN in a bin with no lookup (no rate to speak of).
- DRAM read / write bandwidth = bytes / (cycles / clock) in GB/s (10^9
  bytes per second) at the config's clock, `dram__bytes_read.sum.per_second`
  and `dram__bytes_write.sum.per_second`. Bytes count in the bin where
  their channel starts moving them (memory/hierarchy.py's dram_transfer),
  so the curve stays under the peak; writes are dirty L2 sectors written
  back on eviction.
- resident warps = warps resident on the whole GPU at the bin's first cycle
  (a sample, not a mean: it does not integrate to warp-cycles).

So every rate times its bin's duration gives back the bin's count, and the
bins add up to the launch's totals (tests/test_counters.py).
"""
from dataclasses import dataclass

import numpy as np

from .errors import SimgpuError


@dataclass(frozen=True)
class Counter:
    """One quantity over the bins: values[i] holds for [start[i], end[i])."""
    key: str
    name: str                  # what a trace track or a legend calls it, unit included
    unit: str
    metric: str                # Nsight Compute's name for the same figure
    values: np.ndarray         # float64, one per bin (NaN: undefined in that bin)


@dataclass(frozen=True)
class Counters:
    start: np.ndarray          # int64 cycles since the first block's dispatch
    end: np.ndarray
    bin_cycles: int            # the width of every bin but the last
    clock_mhz: float
    items: dict                # key -> Counter, in the order the pictures show them

    def __getitem__(self, key):
        return self.items[key]

    def seconds(self):
        """Each bin's duration in seconds at the config's clock."""
        return (self.end - self.start) / (self.clock_mhz * 1e6)


def read_counters(result):
    """The counters over time of one timed launch (a LaunchResult)."""
    if "series" not in result.stats:
        raise SimgpuError("this run has no counters over time (only a timed run records them)")
    se, cfg = result.stats["series"], result.config
    cycles = se["cycles"]
    sms, nsp, mhz = cfg["sm_count"], cfg["sub_partitions"], cfg["clock_mhz"]
    lookups = se["l2_hits"] + se["l2_misses"]
    with np.errstate(invalid="ignore", divide="ignore"):
        hit_rate = np.where(lookups > 0, 100 * se["l2_hits"] / lookups, np.nan)
    ipc = se["warp_instructions"] / (cycles * sms)
    per_second = mhz * 1e6 / cycles / 1e9               # bytes in a bin -> GB/s

    def c(key, name, unit, metric, values):
        return key, Counter(key, name, unit, metric, np.asarray(values, np.float64))

    items = dict((
        c("ipc", "IPC per SM (warp instructions per cycle, all SMs)", "instructions/cycle",
          "sm__inst_executed.avg.per_cycle_elapsed", ipc),
        c("issue", f"issue-slot use (% of {sms} SMs x {nsp} schedulers)", "%",
          "smsp__issue_active.avg.pct_of_peak_sustained_elapsed", 100 * ipc / nsp),
        c("l2_lookups", "L2 lookups (sectors per cycle)", "sectors/cycle",
          "lts__t_sectors.sum.per_cycle_elapsed", lookups / cycles),
        c("l2_hit_rate", "L2 hit rate (% of sectors looked up)", "%", "lts__t_sector_hit_rate.pct", hit_rate),
        c("dram_read", "DRAM read (GB/s)", "GB/s", "dram__bytes_read.sum.per_second",
          se["dram_read_bytes"] * per_second),
        c("dram_write", "DRAM write (GB/s)", "GB/s", "dram__bytes_write.sum.per_second",
          se["dram_write_bytes"] * per_second),
        c("resident_warps", "resident warps (whole GPU, at the bin's start)", "warps",
          "sm__warps_active (one cycle's sample)", se["resident_warps"]),
    ))
    return Counters(np.asarray(se["start"], np.int64), np.asarray(se["end"], np.int64), int(se["bin_cycles"]),
                    mhz, items)
