"""The host model (SimPy): launch overhead, synchronization, copies, and seed
000's batching lesson end to end."""
import pytest

from simgpu import host
from simgpu.batching import batching_demo
from simgpu.config import load_config

CFG = load_config("h100")


def test_queued_launches_are_paced_by_the_slower_of_host_and_gpu():
    short = host.simulate_host([host.kernel(1.0) for _ in range(50)] + [host.synchronize()])
    long = host.simulate_host([host.kernel(100.0) for _ in range(50)] + [host.synchronize()])
    launch = CFG["host_launch_overhead_us"]
    sync = CFG["sync_roundtrip_us"] - launch
    # short kernels: the host's launch rate decides; the last kernel runs after the last launch
    assert short.total_us == pytest.approx(50 * launch + 1.0 + sync)
    # long kernels: the GPU decides, after the first launch
    assert long.total_us == pytest.approx(launch + 50 * 100.0 + sync)


def test_waiting_for_each_launch_pays_the_round_trip_every_time():
    t = host.simulate_host([op for _ in range(20) for op in (host.kernel(1.0), host.synchronize())])
    assert t.total_us == pytest.approx(20 * (CFG["sync_roundtrip_us"] + 1.0))


def test_copies_move_at_the_link_bandwidth_and_overlap_with_nothing_on_one_stream():
    nbytes = 64 << 20
    t = host.simulate_host([host.h2d(nbytes), host.kernel(10.0), host.d2h(nbytes), host.synchronize()])
    h2d, k, d2h, _ = t.ops
    assert h2d.end_us - h2d.start_us == pytest.approx(nbytes / (CFG["h2d_bandwidth_gbs"] * 1e3))
    assert k.start_us >= h2d.end_us and d2h.start_us >= k.end_us
    assert t.busy_us("kernel") == pytest.approx(10.0)


def test_two_streams_overlap_copies_with_kernels():
    nbytes = 32 << 20
    serial = host.simulate_host([host.h2d(nbytes), host.kernel(500.0), host.synchronize()])
    overlapped = host.simulate_host([host.h2d(nbytes, stream=1), host.kernel(500.0, stream=0), host.synchronize()])
    assert overlapped.total_us < serial.total_us


def test_batching_beats_one_launch_per_small_matmul():
    _, rows = batching_demo(count=16, n=32)
    queued = rows["one launch each, queued"]
    waited = rows["one launch each, waiting for each"]
    batched = rows["one batched launch"]
    assert batched < queued < waited
