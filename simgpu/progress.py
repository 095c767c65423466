"""Progress on long runs: a one-line bar on stderr when it is a terminal,
nothing when it is not (a pipe, a file, CI logs stay clean).

    simgpu run programs/matmul_tiled.s --set n=1024
    [##########....................] 1,376/4,096 blocks  3,210,112 cycles  1.21 M warp instr/s  0:41

launch(..., progress=LaunchProgress(label)) feeds it: blocks retired of the
grid, simulated cycles so far, and the simulation rate.
"""
import sys
import time


def clock(seconds):
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


class Bar:
    """One line redrawn in place: [####....] then free text."""

    width = 30

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.on = bool(getattr(self.stream, "isatty", lambda: False)())
        self.drawn = False

    def draw(self, fraction, text):
        if not self.on:
            return
        fill = int(self.width * min(1.0, max(0.0, fraction)))
        self.stream.write(f"\r\033[K[{'#' * fill}{'.' * (self.width - fill)}] {text}")
        self.stream.flush()
        self.drawn = True

    def clear(self):
        """Wipe the line (before other output, or at the end)."""
        if self.on and self.drawn:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.drawn = False


class LaunchProgress(Bar):
    """The callback launch(progress=...) calls: (blocks_done, blocks, cycles,
    warp_instructions). Shown only once a launch has run for `after` seconds,
    so short runs print nothing. One object can serve a recipe's successive
    launches: a launch starts over when the counts go back."""

    def __init__(self, label="", stream=None, after=1.0):
        super().__init__(stream)
        self.label, self.after = label, after
        self.t0 = time.perf_counter()
        self.last = (0, 0)

    def __call__(self, done, total, cycles, instructions):
        now = time.perf_counter()
        if (cycles, instructions) < self.last:            # the next launch of a recipe
            self.t0 = now
        self.last = (cycles, instructions)
        el = now - self.t0
        if el < self.after:
            return
        rate = instructions / el if el > 0 else 0.0
        self.draw(done / max(1, total), f"{self.label}{done:,}/{total:,} blocks  {cycles:,} cycles  "
                                        f"{rate / 1e6:.2f} M warp instr/s  {clock(el)}")
