"""Text report of a recipe run for the terminal (what `simgpu run` prints)."""


def _fmt(n):
    return f"{n:,}"


def format_run(run, config_name, elapsed=None):
    lines = []
    sizes = ", ".join(f"{k}={v}" for k, v in run.sizes.items())
    lines.append(f"program  {run.recipe.path}" + (f"  ({sizes})" if sizes else ""))
    lines.append(f"config   {config_name}: {run.results[0].config['name']}" if run.results else "")
    for (kernel, grid, block, shared), res in zip(run.launches, run.results):
        lines.append("")
        lines.extend(format_launch(kernel, grid, block, shared, res))
    if run.checks:
        lines.append("")
        for c in run.checks:
            verdict = "PASS" if c.passed else "FAIL"
            lines.append(f"check    {c.buffer} = {c.expr}: max relative error {c.error:.2e} "
                         f"(tolerance {c.tol:g})  {verdict}")
    if elapsed is not None:
        total = sum(r.stats["warp_instructions"] for r in run.results)
        rate = total / elapsed if elapsed > 0 else 0.0
        lines.append(f"host     {elapsed:.2f} s simulated, {rate / 1e6:.2f} M warp instructions/s")
    return "\n".join(lines)


def format_launch(kernel, grid, block, shared, res):
    s = res.stats
    out = [f"launch   {kernel}  grid={grid} block={block}" + (f" shared={shared} B" if shared else "")
           + f"  ({_fmt(s['blocks'])} blocks, {_fmt(s['warps'])} warps, {_fmt(s['threads'])} threads)"]
    out.append(f"  warp instructions     {_fmt(s['warp_instructions']):>14}")
    out.append(f"  thread instructions   {_fmt(s['thread_instructions']):>14}")
    out.append(f"  SIMT efficiency       {100 * s['simt_efficiency']:>13.1f}%   "
               "(active threads per warp instruction / 32; Nsight: smsp__thread_inst_executed_per_inst_executed / 32)")
    top = sorted(s["opcodes"].items(), key=lambda kv: -kv[1])
    mix = "  ".join(f"{k} {100 * v / max(1, s['warp_instructions']):.0f}%" for k, v in top[:8])
    out.append(f"  instruction mix       {mix}")
    return out
