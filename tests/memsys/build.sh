#!/bin/sh
# Regenerate memsys.ptx from memsys.cu (needs nvcc; the tests do not).
set -e
cd "$(dirname "$0")"
nvcc -ptx -arch=sm_90 -O3 memsys.cu -o memsys.ptx
