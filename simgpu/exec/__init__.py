"""The compiled executor: what one warp instruction computes (functional
semantics), kept apart from when it completes (the timing model)."""
