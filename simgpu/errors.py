"""Errors that simgpu reports to users as one clear line.

Every error a user can cause -- malformed PTX, an impossible launch, a bad
recipe, a fault inside a kernel -- is a SimgpuError. The CLI prints
``str(error)`` and exits with ``error.exit_code``; no Python traceback.
"""


class SimgpuError(Exception):
    """Base class: a problem with the user's input, reported in one line."""

    exit_code = 2


class AssemblyError(SimgpuError):
    """Malformed or unsupported PTX, located as file:line:col."""

    def __init__(self, message, file="<ptx>", line=0, col=0):
        self.file, self.line, self.col, self.message = file, line, col, message
        super().__init__(f"{file}:{line}:{col}: error: {message}")


class LaunchError(SimgpuError):
    """A launch the modeled GPU would refuse (block too large, too much shared
    memory, wrong arguments)."""


class ConfigError(SimgpuError):
    """A machine config with an unknown, missing or impossible key."""


class RecipeError(SimgpuError):
    """A launch recipe that cannot be evaluated."""


class KernelFault(SimgpuError):
    """A fault while the kernel ran: out-of-bounds or misaligned access,
    barrier deadlock, runaway kernel, a failed assert. The message names block,
    thread, PC, source line and address, as compute-sanitizer does; `printf`
    holds what the kernel printed before it stopped."""

    printf = ()


class CheckFailed(SimgpuError):
    """The kernel ran but its output does not match the recipe's reference."""

    exit_code = 1
