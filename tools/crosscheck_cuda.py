"""Run simgpu's programs on a real NVIDIA GPU (CuPy, Nsight Compute) and write
the record with provenance -- simgpu.crosscheck does the work:

    python3 tools/crosscheck_cuda.py --ncu --out OUT.json programs/*.s
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simgpu.crosscheck import main  # noqa: E402

if __name__ == "__main__":
    main()
