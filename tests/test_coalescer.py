

def test_local_memory_interleaves_a_warps_words():
    """A thread's consecutive local words sit 128 bytes apart with the warp's lanes side by
    side (coalescer.local_lines): one index for the whole warp is one line, 4 sectors; an index
    of lane & 15 spreads over 16 lines, 32 sectors, as Nsight counted on the H200
    (traces/h200/micro/local_mem_ncu.csv: ld_chase 4, ld_chase_div 32 sectors a request)."""
    import numpy as np
    from simgpu.memory.coalescer import count_sectors, local_lines
    scratch = np.zeros(160, np.int64)
    mask = (1 << 32) - 1
    for index, sectors in ((lambda l: 3, 4), (lambda l: l & 15, 32)):
        offs = np.array([index(l) * 4 for l in range(32)], np.int64)
        local_lines(offs, mask, 4, 5, 64)
        assert count_sectors(offs, mask, 4, scratch) == sectors
    offs = np.zeros(32, np.int64)                  # a uniform 16-byte store: 4 whole lines
    local_lines(offs, mask, 16, 0, 64)
    assert count_sectors(offs, mask, 16, scratch) == 16
