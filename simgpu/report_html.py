"""One self-contained HTML page for a run (`simgpu report PROGRAM -o report.html`).

One timed run of the recipe, with the warp-state trace on, feeds the whole
page: the launches and the recipe, the check, per launch the figures of
`simgpu run` with their Nsight Compute metric names, the warp-state
breakdown, the source of the .s file with each line's warp-cycles by state
and its memory figures (sectors or wavefronts per request, bank conflicts),
and the pictures of simgpu.plots (roofline, stalls, timeline, counters over
time, memory, occupancy) as PNG inlined in base64. The CSS is inline and there is no
script, so the page loads from a file with no network.
"""
import base64
import html
import io
from pathlib import Path

import numpy as np

from .plots import COLORS, figure, save
from .report import STALL_HELP, _fmt, per_request, where_waited
from .timing.stalls import NAMES

CSS = """
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1500px;
       padding: 0 24px 48px; color: #1b1f24; background: #fff; }
h1 { font-size: 22px; margin: 24px 0 4px; } h2 { font-size: 18px; margin: 32px 0 8px; border-bottom: 1px solid #d0d7de; }
h3 { font-size: 15px; margin: 20px 0 6px; }
nav a { margin-right: 14px; } .muted { color: #57606a; }
table { border-collapse: collapse; margin: 6px 0; } td, th { padding: 3px 10px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; } tr + tr td { border-top: 1px solid #eaeef2; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code, pre, .src td { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.pass { color: #1a7f37; font-weight: 600; } .fail { color: #cf222e; font-weight: 600; }
.bar { display: flex; height: 12px; width: 240px; background: #f6f8fa; } .bar span { display: block; height: 100%; }
.src td { padding: 0 8px; border: 0; white-space: pre; } .src tr.hot td { background: #fff8c5; }
.src td.text { min-width: 34em; }
.src tr.code td.text { color: #1b1f24; } .src td.text { color: #8c959f; }
.scroll { max-height: 640px; overflow: auto; border: 1px solid #d0d7de; }
.scroll th { position: sticky; top: 0; }
img.plot { display: block; max-width: 100%; height: auto; margin: 8px 0; border: 1px solid #eaeef2; }
img.roofline { max-width: 760px; }
.key span { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 10px; }
"""


def _hex(state):
    r, g, b, _ = COLORS[state]
    return f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}"


def _png(run, kind, config_name, launch=-1):
    buf = io.BytesIO()
    save(figure(kind, run, config_name, launch), buf, "png")
    data = base64.b64encode(buf.getvalue()).decode()
    return f'<img class="plot {kind}" alt="{kind} plot" src="data:image/png;base64,{data}">'


def _bar(cycles, total):
    """A stacked bar of warp-cycles by state, as wide as the share of `total`."""
    parts = "".join(f'<span style="width:{100 * v / total:.2f}%;background:{_hex(NAMES[k])}" '
                    f'title="{NAMES[k]}: {_fmt(int(v))} warp-cycles"></span>'
                    for k, v in enumerate(cycles) if v and total)
    return f'<div class="bar">{parts}</div>'


def _table(head, rows, cls=""):
    out = [f'<table class="{cls}"><tr>' + "".join(f"<th>{h}</th>" for h in head) + "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(c if c.startswith("<td") else f"<td>{c}</td>" for c in row) + "</tr>")
    return "\n".join(out) + "</table>"


def _num(x):
    return f'<td class="num">{x}</td>'


def stat_rows(s):
    """(figure, value, Nsight Compute metric) of one launch: what `simgpu run` prints (simgpu.report)."""
    pct = lambda x: f"{100 * x:.1f}%"  # noqa: E731
    rows = []
    if "cycles" in s:
        rows += [("cycles", f"{_fmt(s['cycles'])} ({s['time_us']:.2f} us)", "gpc__cycles_elapsed.max"),
                 ("IPC", f"{s['ipc']:.2f}", "sm__inst_executed.avg.per_cycle_active"),
                 ("occupancy: achieved", pct(s["achieved_occupancy"]),
                  "sm__warps_active.avg.pct_of_peak_sustained_active"),
                 ("occupancy: theoretical", f"{pct(s['theoretical_occupancy'])}, {s['blocks_per_sm']} blocks/SM, "
                  f"limited by {s['occupancy_limit']}", "sm__maximum_warps_per_active_cycle_pct, "
                  f"launch__occupancy_limit_{s['occupancy_limit']}"),
                 ("registers/thread", f"{s['regs_per_thread']}" + (" (estimated by liveness)"
                                                                   if s.get("regs_estimated") else ""),
                  "launch__registers_per_thread"),
                 ("shared memory/block", f"{_fmt(s['shared_bytes_per_block'])} B",
                  "launch__shared_mem_per_block_static + _dynamic"),
                 ("waves", f"{s['waves']}", "launch__waves_per_multiprocessor")]
    rows += [("warp instructions", _fmt(s["warp_instructions"]), "smsp__inst_executed.sum"),
             ("thread instructions", _fmt(s["thread_instructions"]), "smsp__thread_inst_executed_pred_on.sum"),
             ("SIMT efficiency", pct(s["simt_efficiency"]), "smsp__thread_inst_executed_per_inst_executed.ratio / 32")]
    top = sorted(s["opcodes"].items(), key=lambda kv: -kv[1])
    rows.append(("instruction mix", "  ".join(f"{k} {100 * v / max(1, s['warp_instructions']):.0f}%"
                                               for k, v in top[:8]), "sass__inst_executed_per_opcode (SASS)"))
    for kind, what, op in (("gld", "global loads", "ld"), ("gst", "global stores", "st")):
        if s.get(f"{kind}_requests"):
            rows.append((what, f"{_fmt(s[f'{kind}_requests'])} requests, {_fmt(s[f'{kind}_sectors'])} sectors: "
                         f"{s[f'{kind}_sectors_per_request']:.2f} sectors/request",
                         f"l1tex__t_requests_pipe_lsu_mem_global_op_{op}.sum, "
                         f"l1tex__t_sectors_pipe_lsu_mem_global_op_{op}.sum"))
            if kind == "gld" and s.get("gld_wavefronts"):
                rows.append(("L1 data stage", f"{_fmt(s['gld_wavefronts'])} wavefronts: "
                             f"{s['gld_wavefronts'] / s['gld_requests']:.2f} a global load",
                             "l1tex__data_pipe_lsu_wavefronts_mem_lgds_cmd_read.sum"))
    if "dram_read_bytes" in s:
        rows += [("L1 hit rate", f'{pct(s["l1_sector_hit_rate"])} of load and store sectors; '
                                 f'{pct(s["l1_hit_rate"])} of load sectors', "l1tex__t_sector_hit_rate.pct"),
                 ("L2 hit rate", pct(s["l2_hit_rate"]), "lts__t_sectors_srcunit_tex_lookup_hit.sum / lts__t_sectors_srcunit_tex.sum"),
                 ("DRAM", f"{_fmt(s['dram_read_bytes'])} B read, {_fmt(s['dram_write_bytes'])} B written back; "
                  f"{s['dram_bandwidth'] / 1e9:.0f} GB/s", "dram__bytes_read.sum, dram__bytes_write.sum")]
    for op, what in (("ld", "shared loads"), ("st", "shared stores")):
        if s.get(f"shared_{op}_requests"):
            rows.append((what, f"{_fmt(s[f'shared_{op}_requests'])} requests, "
                         f"{_fmt(s[f'shared_{op}_wavefronts'])} wavefronts, "
                         f"{_fmt(s[f'shared_{op}_bank_conflicts'])} bank conflicts",
                         f"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_{op}.sum (the addresses' "
                         f"own; l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{op}.sum also counts "
                         "arbitration with other L1 traffic)"))
    return rows


def _states(s):
    total = max(1, s["warp_cycles"])
    ranked = sorted(((v, k) for k, v in s["stall_cycles"].items() if v), reverse=True)
    rows = [(f'<span style="color:{_hex(k)}">&#9632;</span> {k}', _num(_fmt(v)), _num(f"{100 * v / total:.1f}%"),
             _bar([v if n == k else 0 for n in NAMES], total), STALL_HELP.get(k, ""),
             f"<code>smsp__pcsamp_warps_issue_stalled_{k}</code>") for v, k in ranked]
    return _table(["warp state", "warp-cycles", "share", "", "meaning", "Nsight Compute"], rows)


def _waited(res):
    prog = res.kernel.program
    rows = []
    for pc, share, reason in where_waited(res.stats, 5):
        loc, text = prog.where(pc)
        rows.append((_num(f"{100 * share:.1f}%"), html.escape(loc), f"<code>{html.escape(' '.join(text.split()))}</code>",
                     f'<span style="color:{_hex(reason)}">&#9632;</span> {reason}', STALL_HELP.get(reason, "")))
    if not rows:
        return ""
    return ("<h3>Where warps waited</h3>" +
            _table(["share of stalled warp-cycles", "line", "instruction", "main state", "meaning"], rows))


def _source(res):
    """The kernel's lines of the .s file, each with its instructions' warp-cycles
    by state, warp instructions executed and memory figures."""
    prog = res.kernel.program
    s = res.stats
    by_pc, m = s["stall_cycles_by_pc"], s["memory_by_pc"]
    text = Path(prog.file).read_text().splitlines()
    lines = np.asarray(prog.lines[:prog.n])
    first, last = int(lines.min()), int(lines.max())
    head = first
    while head > 1 and ".entry" not in text[head - 1] and first - head < 40:
        head -= 1
    per_line = {}
    for pc in range(prog.n):
        per_line.setdefault(int(lines[pc]), []).append(pc)
    peak = max(1, max(by_pc[pcs].sum() for pcs in per_line.values()))
    hot = set(sorted(per_line, key=lambda ln: -by_pc[per_line[ln]].sum())[:5])
    rows = []
    for ln in range(head, min(len(text), last + 1) + 1):
        src = html.escape(text[ln - 1].expandtabs(4))
        pcs = per_line.get(ln)
        if not pcs:
            rows.append(f'<tr><td class="num">{ln}</td><td class="text">{src}</td>'
                        '<td></td><td></td><td></td><td></td><td></td></tr>')
            continue
        cyc = by_pc[pcs].sum(axis=0)
        main = NAMES[int(cyc.argmax())] if cyc.sum() else ""
        mem = []
        for pc in pcs:
            if m[pc, 0]:
                space, per, ideal, unit = per_request(m, pc)
                extra = f", {_fmt(int(m[pc, 1] - m[pc, 2]))} bank conflicts" if space == "shared" else ""
                mem.append(f"{space}: {per:.2f} {unit}/req (ideal {ideal:.2f}){extra}")
        rows.append(f'<tr class="code{" hot" if ln in hot and cyc.sum() else ""}"><td class="num">{ln}</td>'
                    f'<td class="text">{src}</td><td class="num">{_fmt(int(res.per_pc[pcs].sum()))}</td>'
                    f'<td class="num">{_fmt(int(cyc.sum()))}</td><td>{_bar(cyc, peak)}</td><td>{main}</td>'
                    f'<td>{"; ".join(mem)}</td></tr>')
    key = "".join(f'<span style="background:{_hex(n)}"></span>{n}' for k, n in enumerate(NAMES)
                  if by_pc[:, k].any())
    return (f'<p class="key muted">bars: warp-cycles spent at the line, by state (the longest bar is the line '
            f'with the most); the 5 lines with the most are highlighted.{key}</p>'
            '<div class="scroll"><table class="src"><tr><th>line</th><th>source</th><th>warp instr.</th>'
            '<th>warp-cycles</th><th>by state</th><th>main state</th><th>memory per request</th></tr>'
            + "\n".join(rows) + "</table></div>")


def render(run, config_name, elapsed=None):
    """The page, as a string, for a recipe run made with a trace."""
    r = run.recipe
    cfg = run.results[0].config
    title = f"simgpu report: {html.escape(str(r.path))}"
    sizes = ", ".join(f"{k}={v}" for k, v in run.sizes.items()) or "none"
    out = [f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
           f'<meta name="viewport" content="width=device-width, initial-scale=1"><style>{CSS}</style></head><body>',
           f"<h1>{title}</h1>",
           f'<p class="muted">config {html.escape(config_name)}: {html.escape(cfg["name"])}, {cfg["sm_count"]} SMs '
           f'at {cfg["clock_mhz"]} MHz; sizes {html.escape(sizes)}'
           + (f"; simulated in {elapsed:.1f} s" if elapsed is not None else "") + "</p>"]
    nav = ['<a href="#recipe">recipe</a>', '<a href="#check">check</a>', '<a href="#roofline">roofline</a>']
    nav += [f'<a href="#launch{k}">launch {k}: {html.escape(kernel)}</a>' for k, (kernel, *_) in enumerate(run.launches)]
    out.append("<nav>" + "".join(nav) + "</nav>")

    recipe_text = "\n".join(ln for ln in Path(r.path).read_text().splitlines() if ln.startswith("//!"))
    out.append('<h2 id="recipe">Launches and recipe</h2>')
    out.append(_table(["#", "kernel", "grid", "block", "shared (dynamic)", "blocks", "warps", "threads"],
                      [(str(k), f"<code>{html.escape(kernel)}</code>", str(grid), str(block), f"{_fmt(shared)} B",
                        _num(_fmt(res.stats["blocks"])), _num(_fmt(res.stats["warps"])),
                        _num(_fmt(res.stats["threads"])))
                       for k, ((kernel, grid, block, shared), res) in enumerate(zip(run.launches, run.results))]))
    out.append(f"<pre>{html.escape(recipe_text)}</pre>")

    out.append('<h2 id="check">Check</h2>')
    if run.checks:
        out.append(_table(["buffer", "reference (numpy, float64)", "max relative error", "tolerance", "result"],
                          [(f"<code>{html.escape(c.buffer)}</code>", f"<code>{html.escape(c.expr)}</code>",
                            _num(f"{c.error:.2e}"), _num(f"{c.tol:g}"),
                            '<span class="pass">PASS</span>' if c.passed else '<span class="fail">FAIL</span>')
                           for c in run.checks]))
    else:
        out.append("<p>the recipe has no check</p>")

    out.append('<h2 id="roofline">Roofline</h2>' + _png(run, "roofline", config_name))
    for k, ((kernel, grid, block, shared), res) in enumerate(zip(run.launches, run.results)):
        s = res.stats
        out.append(f'<h2 id="launch{k}">Launch {k}: <code>{html.escape(kernel)}</code> grid={grid} block={block}</h2>')
        out.append("<h3>Figures</h3>" + _table(["figure", "value", "Nsight Compute metric"],
                                               [(f, html.escape(v), f"<code>{m}</code>") for f, v, m in stat_rows(s)]))
        out.append("<h3>Warp states</h3><p class=\"muted\">every cycle of every resident warp, in one state "
                   f"({_fmt(s['warp_cycles'])} warp-cycles)</p>" + _states(s))
        out.append(_waited(res))
        out.append(_png(run, "stalls", config_name, k))
        out.append("<h3>Timeline</h3>" + _png(run, "timeline", config_name, k))
        out.append("<h3>Issue and memory over time</h3><p class=\"muted\">the same time axis as the timeline; "
                   "each curve's definition and Nsight Compute metric in its legend</p>"
                   + _png(run, "counters", config_name, k))
        out.append("<h3>Source</h3>" + _source(res))
        if s["memory_by_pc"][:, 0].any():
            out.append("<h3>Memory instructions</h3>" + _png(run, "memory", config_name, k))
        out.append("<h3>Occupancy</h3>" + _png(run, "occupancy", config_name, k))
    out.append("</body></html>")
    return "\n".join(out)


def write_report(run, config_name, path, elapsed=None):
    """Write the page; returns its size in bytes."""
    data = render(run, config_name, elapsed).encode()
    Path(path).write_bytes(data)
    return len(data)
