"""The host side of a GPU program, as a small discrete-event model (SimPy).

A program is a list of operations on streams -- host-to-device copies,
kernel launches, device-to-host copies, synchronizations -- issued in order
by one host thread. The model:

- the host thread pays `host_launch_overhead_us` per launch (the API call)
  and `copy_latency_us` per copy call, then moves on (asynchronous), or for
  `synchronize` waits until the stream is empty and pays the round trip;
- each stream runs its operations in order; a kernel needs the GPU (one
  kernel at a time here) for its duration from the cycle core; a copy needs
  the copy engine of its direction for bytes / bandwidth. (The GPU-side gap
  between queued kernels was not separable from the host's launch rate in
  the measurement -- the GPU kept pace with the host -- so it is not charged.)
The kernel durations come from simgpu's cycle-level core (Result.stats
["time_us"]); the host figures are measured (traces/h200/host.json). It is
the coarse level where events are few, so SimPy's generality costs nothing.
"""
from dataclasses import dataclass, field

import simpy

from .config import load_config


@dataclass
class Op:
    kind: str              # "h2d", "d2h", "kernel", "sync"
    stream: int = 0
    nbytes: int = 0
    duration_us: float = 0.0
    name: str = ""
    start_us: float = None
    end_us: float = None


@dataclass
class Timeline:
    ops: list = field(default_factory=list)
    total_us: float = 0.0

    def busy_us(self, kind):
        return sum(o.end_us - o.start_us for o in self.ops if o.kind == kind)


def h2d(nbytes, stream=0):
    return Op("h2d", stream, nbytes=int(nbytes))


def d2h(nbytes, stream=0):
    return Op("d2h", stream, nbytes=int(nbytes))


def kernel(duration_us, name="kernel", stream=0):
    return Op("kernel", stream, duration_us=float(duration_us), name=name)


def synchronize():
    return Op("sync")


def simulate_host(ops, config="h100"):
    """Run the operations in issue order; returns a Timeline with each op's
    start and end on the device side and the end-to-end time."""
    cfg = load_config(config)
    env = simpy.Environment()
    gpu = simpy.Resource(env, capacity=1)
    engines = {"h2d": simpy.Resource(env, capacity=1), "d2h": simpy.Resource(env, capacity=1)}
    streams = {}
    ops = [Op(**vars(o)) for o in ops]

    def stream_proc(queue):
        while True:
            op = yield queue.get()
            if op is None:
                return
            if op.kind == "kernel":
                with gpu.request() as req:
                    yield req
                    op.start_us = env.now
                    yield env.timeout(op.duration_us)
                    op.end_us = env.now
            else:
                bw = cfg["h2d_bandwidth_gbs"] if op.kind == "h2d" else cfg["d2h_bandwidth_gbs"]
                with engines[op.kind].request() as req:
                    yield req
                    op.start_us = env.now
                    yield env.timeout(op.nbytes / (bw * 1e3))          # GB/s = 1e3 bytes/us
                    op.end_us = env.now
            done[op.stream] = env.now

    done = {}
    pending = {}

    def host():
        for op in ops:
            if op.kind == "sync":
                for s, q in streams.items():
                    q.put(None)
                for p in list(pending.values()):
                    yield p
                op.start_us = env.now
                yield env.timeout(max(0.0, cfg["sync_roundtrip_us"] - cfg["host_launch_overhead_us"]))
                op.end_us = env.now
                streams.clear()
                pending.clear()
                continue
            if op.stream not in streams:
                streams[op.stream] = simpy.Store(env)
                pending[op.stream] = env.process(stream_proc(streams[op.stream]))
            yield env.timeout(cfg["host_launch_overhead_us"] if op.kind == "kernel" else cfg["copy_latency_us"])
            streams[op.stream].put(op)
        for q in streams.values():
            q.put(None)
        for p in pending.values():
            yield p

    env.process(host())
    env.run()
    return Timeline(ops, env.now)
