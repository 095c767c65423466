#!/usr/bin/env bash
# The fifth batch of held-out kernels on the H200, in one device call (tools/device_holdout.sh):
#
#     OUT=/path/to/out bash tools/device_batch5.sh
#
# $OUT/holdout5.json, holdout5_repeats.json, shared_sass_holdout5.json, sm90_holdout5.sass.
exec bash "$(dirname "$0")/device_holdout.sh" holdout5 \
    bitonic_smem gelu_tanh dgemm_tiled compact_block local_hist permute_nchw
