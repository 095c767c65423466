"""The memory system's rules: coalescing of global accesses into 32-byte
sectors (coalescer.py) and shared-memory banks (banks.py). Caches, DRAM and
their timing come next (issue 4)."""
