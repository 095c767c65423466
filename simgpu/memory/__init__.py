"""The memory system: coalescing of global accesses into 32-byte sectors
(coalescer.py), shared-memory banks (banks.py), sectored caches (caches.py)
and the timed path L1 -> L2 -> HBM (hierarchy.py).

The functional step leaves a description of its last memory access in a
scratch array for the timing core (indices below): the distinct sectors in
scratch[0:n], then these fields.
"""
SCR_VALID = 150       # 1 when the last instruction was a counted memory access
SCR_SPACE = 151       # its state space (codes.SPACE_*)
SCR_NSECTORS = 152    # distinct sectors (global/local), listed in scratch[0:n]
SCR_WAVEFRONTS = 153  # shared-memory wavefronts
SCR_ATOMIC = 154      # 1 for a global atomic (atom), 2 for a reduction (red), else 0;
                      # its operations per sector are in scratch[32:32+n]; for a
                      # store, its beats per sector (coalescer.store_beats)
SCR_DATA = 155       # a shared access's entries in the L1TEX's queue (hierarchy.mio_issue):
                      # one per 128 bytes a store writes, per 256 bytes a load returns
SCRATCH_SIZE = 160
