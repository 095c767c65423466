#!/usr/bin/env bash
# The seventh batch of held-out kernels on the H200, in one device call (tools/device_holdout.sh):
#
#     OUT=/path/to/out bash tools/device_batch7.sh
#
# $OUT/holdout7.json, holdout7_repeats.json, shared_sass_holdout7.json, sm90_holdout7.sass.
exec bash "$(dirname "$0")/device_holdout.sh" holdout7 \
    reduce_interleaved reduce_unrolled threadfence_reduce newton_sqrt sfu_chain sgemm_vec4 softmax_block
