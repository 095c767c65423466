"""simgpu: a cycle-level SIMT GPU simulator that runs a documented subset of NVIDIA PTX.

    import simgpu
    k = simgpu.load("programs/vector_add.s")
    res = simgpu.launch(k, grid=256, block=256, args=[out, a, b, n])
"""
from .errors import (AssemblyError, CheckFailed, ConfigError, KernelFault, LaunchError,
                     RecipeError, SimgpuError)
from .launch import Kernel, Result, launch, load
from .occupancy import occupancy  # noqa: E402  (the function; the module stays importable by name)

__all__ = ["load", "launch", "occupancy", "Kernel", "Result", "SimgpuError", "AssemblyError", "LaunchError",
           "KernelFault", "ConfigError", "RecipeError", "CheckFailed"]
__version__ = "0.1.0"
