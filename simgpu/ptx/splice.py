"""Rebuilding a function's instruction list in one pass, labels and all.

The lowering passes (lower.py, ieee.py, wmma.py, convergence.py, unroll.py)
each walk a function's instructions once and write a new list: an
instruction kept, replaced by the sequence ptxas emits for it, dropped, or
joined by new ones before or after it. A label names an instruction's index, so every pass must
move the labels with it: a label goes to where its instruction's output
begins (for a dropped one, the next instruction kept; for the end, the new
end). `Splice` keeps that bookkeeping in one place:

    s = Splice(fn)
    for k, ins in s:          # marks where instruction k's output begins
        s.out.append(...)     # whatever goes in its place
    s.close()                 # installs s.out and moves the labels

A pass that puts something before an instruction's own output while its
labels stay after it (convergence.py's barrier markers) calls `s.mark(k)`
after the inserts.
"""


class Splice:
    """One pass over `fn.instrs` writing `out` (which may start with
    instructions of its own, before everything; `where[k]`: the index in
    `out` where instruction k's output begins)."""

    def __init__(self, fn, out=()):
        self.fn, self.out, self.where = fn, list(out), {}

    def __iter__(self):
        for k, ins in enumerate(self.fn.instrs):
            self.where[k] = len(self.out)
            yield k, ins

    def mark(self, k):
        """Instruction k's output (and its labels) begins here, not where the walk reached it."""
        self.where[k] = len(self.out)

    def close(self, labels=None, place=None):
        """Install the new list; each label of `labels` (default the function's
        own) goes to where its instruction's output begins, or to `place(name,
        k)` where that gives one (not None)."""
        self.where[len(self.fn.instrs)] = len(self.out)
        labels = self.fn.labels if labels is None else labels
        at = (lambda name, k: self.where[k]) if place is None else \
            (lambda name, k: self.where[k] if place(name, k) is None else place(name, k))
        self.fn.labels = {name: at(name, k) for name, k in labels.items()}
        self.fn.instrs = self.out
