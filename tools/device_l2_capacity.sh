#!/usr/bin/env bash
# The L2's capacity for reads, and the stored lines it keeps dirty while reads go
# through it (programs/micro/l2_capacity.s), or whether a partition keeps copies
# of lines homed in the other (programs/micro/l2_near_copy.s), twice, in one
# device call:
#
#     OUT=/path/to/out bash tools/device_l2_capacity.sh [l2_capacity | l2_near_copy]
#
# tools/device_micro_twice.sh's records (default l2_capacity); committed under
# traces/<gpu>/micro/; tools/l2_capacity_figures.py prints them beside simgpu's runs.
exec bash "$(dirname "$0")/device_micro_twice.sh" "${1:-l2_capacity}"
