#!/usr/bin/env bash
# The eighth batch of held-out kernels on the H200, in one device call (tools/device_holdout.sh):
#
#     OUT=/path/to/out bash tools/device_batch7.sh
#
# $OUT/holdout8.json, holdout8_repeats.json, shared_sass_holdout8.json, sm90_holdout8.sass.
exec bash "$(dirname "$0")/device_holdout.sh" holdout8 \
    pi_f64 rgba_to_gray atomic_max_cas maxpool2x2 blelloch_scan weighted_hist gemv_thread_row
