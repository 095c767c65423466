#!/bin/sh
# Regenerate the PTX corpus and FORMS.txt.  Run from anywhere.
set -e
cd "$(dirname "$0")"
for f in *.cu; do
    case "$f" in
        lineinfo.cu) nvcc -ptx -arch=sm_90 -O3 -lineinfo "$f" -o "${f%.cu}.ptx" ;;
        *)           nvcc -ptx -arch=sm_90 -O3 "$f" -o "${f%.cu}.ptx" ;;
    esac
done
python3 forms.py *.ptx > FORMS.txt
