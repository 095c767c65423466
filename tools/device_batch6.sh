#!/usr/bin/env bash
# The sixth batch of held-out kernels on the H200, in one device call (tools/device_holdout.sh):
#
#     OUT=/path/to/out bash tools/device_batch6.sh
#
# $OUT/holdout6.json, holdout6_repeats.json, shared_sass_holdout6.json, sm90_holdout6.sass.
exec bash "$(dirname "$0")/device_holdout.sh" holdout6 \
    trip_divergent nbody_smem stencil2d_smem spmv_csr_vector poly_half2 matmul_cp_async scatter_add
