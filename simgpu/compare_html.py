"""One self-contained HTML page for `simgpu compare --html FILE`.

The page shows what `simgpu compare` prints, from the same result
(`compare.compare_suite`, or `compare_m4.compare_m4` for an Apple config):
where the measurements come from, the suite's figures next to the
accuracy targets (issue 7's), the picture (simulated vs measured cycles with y = x, and the paired
warp-state bars), the exact counters launch by launch with every mismatch's
two values, the timing and memory errors, and the pairs of launches simgpu
orders the other way round. Inline CSS, the picture as base64 PNG, no
script: it opens from a file with no network, as `simgpu report`'s page.
"""
import base64
import html
import io
from pathlib import Path

from .compare import EXACT, WITHIN, _num as _fmt, _pct, plot_comparison
from .errors import SimgpuError
from .report_html import CSS, _num, _table

EXTRA_CSS = """
td.ok { color: #1a7f37; text-align: center; } td.bad { color: #cf222e; font-weight: 600; text-align: center; }
td.na { color: #8c959f; text-align: center; } td.out { color: #cf222e; font-weight: 600; }
"""
# the cycle targets (issue 7); the counts' targets are "every launch" (summary_rows)
TARGETS = {"mape": 15.0, "pearson": 0.95}


def _img(plot, result):
    buf = io.BytesIO()
    plot(result, buf, "png")
    data = base64.b64encode(buf.getvalue()).decode()
    return f'<img class="plot" alt="simulated vs measured" src="data:image/png;base64,{data}">'


def _page(title, body):
    return "\n".join([f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}'
                      f'</title><meta name="viewport" content="width=device-width, initial-scale=1">'
                      f"<style>{CSS}{EXTRA_CSS}</style></head><body>", f"<h1>{html.escape(title)}</h1>",
                      *body, "</body></html>"])


def _held(ok):
    return '<span class="pass">met</span>' if ok else '<span class="fail">not met</span>'


def summary_rows(s):
    """(figure, value, target, whether it holds) of the suite summary."""
    n = s["launches"]
    rows = [("cycles: MAPE", f"{s['cycles_mape_pct']:.1f}%", f"at most {TARGETS['mape']:.0f}%",
             s["cycles_mape_pct"] <= TARGETS["mape"])]
    if s.get("cycles_mape_median_run_pct") is not None:
        rows.append((f"cycles: MAPE against each launch's median of {s['runs_per_launch']} runs "
                     f"({s.get('repeats_record')})", f"{s['cycles_mape_median_run_pct']:.1f}%", "", None))
    if s["cycles_pearson"] is not None:
        rows.append(("cycles: Pearson correlation", f"{s['cycles_pearson']:.3f}",
                     f"at least {TARGETS['pearson']}", s["cycles_pearson"] >= TARGETS["pearson"]))
        rows.append(("cycles: Spearman rank correlation", f"{s['cycles_spearman']:.3f}", "", None))
    settled = s.get("reversed_settled")
    rp = len(s["reversed_pairs"])
    rows.append(("order by time: pairs reversed", f"{rp} of {s['pairs']}"
                 + ("" if settled is None else f"; {settled} of them ordered by the H200 itself"),
                 "the same order by time", (rp == 0) if settled is None else settled == 0))
    rows.append(("cycles within 25%", f"{s['cycles_within_25pct']} of {n} (worst: {s['cycles_worst']})",
                 "every launch", s["cycles_within_25pct"] == n))
    rows.append(("exact counters", f"{s['exact_matched']} of {s['exact_compared']} match", "all",
                 s["exact_matched"] == s["exact_compared"]))
    rows.append(("warp instructions within 10%", f"{s['warp_instructions_within_10pct']} of {n}", "every launch",
                 s["warp_instructions_within_10pct"] == n))
    rows.append(("DRAM bytes within 10%", f"{s['dram_bytes_within_10pct']} of {s['dram_bytes_compared']}",
                 "every launch", s["dram_bytes_within_10pct"] == s["dram_bytes_compared"]))
    if s["dominant_stall_compared"]:
        rows.append(("dominant stall the same", f"{s['dominant_stall_matched']} of {s['dominant_stall_compared']}",
                     "every launch", s["dominant_stall_matched"] == s["dominant_stall_compared"]))
    return rows


def _exact_table(rows):
    labels = [lab for lab, _, _ in EXACT]
    body = []
    for r in rows:
        cells = [f"<code>{html.escape(r['launch'])}</code>"]
        for lab in labels:
            e = r["exact"].get(lab)
            if e is None:
                cells.append('<td class="na">-</td>')
            elif e["match"]:
                cells.append(f'<td class="ok" title="{_fmt(e["simgpu"])}">=</td>')
            else:
                cells.append(f'<td class="bad" title="simgpu {_fmt(e["simgpu"])}, measured {_fmt(e["measured"])}">'
                             f'{_fmt(e["simgpu"])} / {_fmt(e["measured"])}</td>')
        body.append(cells)
    return _table(["launch"] + [lab.replace("_", " ") for lab in labels], body)


def _timing_table(rows):
    body = []
    for r in rows:
        c, i, d, st = r["cycles"], r["warp_instructions"], r["dram_bytes"], r["stalls"]
        out = c["rel_error"] is not None and abs(c["rel_error"]) > WITHIN
        runs = c.get("runs")
        stall = f"{st['dominant_simgpu']} / {st['dominant_measured'] or 'not recorded'}"
        mark = "" if st["match"] is None else (' <span class="pass">=</span>' if st["match"]
                                               else ' <span class="fail">X</span>')
        body.append([f"<code>{html.escape(r['launch'])}</code>", _num(_fmt(c["simgpu"])), _num(_fmt(c["measured"])),
                     f'<td class="num{" out" if out else ""}">{_pct(c["rel_error"])}</td>',
                     _num(f"{_fmt(min(runs))}-{_fmt(max(runs))}" if runs else "n/a"),
                     _num(_fmt(i["simgpu"])), _num(_fmt(i["measured"])), _num(_pct(i["rel_error"])),
                     _num(_fmt(d["simgpu"])), _num(_fmt(d["measured"])), _num(_pct(d["rel_error"])),
                     _num(_points(r["l1_hit_rate"])), _num(_points(r["l2_hit_rate"])),
                     _num(_points(r["achieved_occupancy"])), html.escape(stall) + mark])
    return _table(["launch", "cycles", "measured", "err", "H200 runs", "warp instr", "measured", "err",
                   "DRAM bytes", "measured", "err", "L1 hit pts", "L2 hit pts", "achieved occ. pts",
                   "dominant stall: simgpu / measured"], body)


def _points(p):
    return "n/a" if p["points"] is None else f"{p['points']:+.1f}"


def render(result):
    """The page for `compare_suite`'s result, as a string."""
    src, rows, s = result["source"], result["rows"], result["summary"]
    title = f"simgpu compare: {src['config']} vs {src['device']}"
    body = [f'<p class="muted">{s["programs"]} programs, {s["launches"]} launches; record '
            f'<code>{html.escape(str(src["record"]))}</code> ({html.escape((src.get("date") or "")[:10])}; '
            f'{html.escape(src.get("nvidia_smi") or "")}; {html.escape(src.get("ncu") or "no ncu")}); each launch '
            f"simulated at the recorded sizes with the binary's registers per thread. DEVIATIONS.md says why "
            f"figures differ.</p>",
            '<nav><a href="#summary">summary</a><a href="#picture">picture</a><a href="#exact">exact counters</a>'
            '<a href="#timing">timing and memory</a><a href="#order">order by time</a></nav>',
            '<h2 id="summary">Summary</h2>',
            '<p class="muted">target: the accuracy simgpu aims for against the H200 (published simulators: '
            "Accel-Sim about 15% mean error in cycles); a pair of launches the H200's own runs do not order "
            "has no order to keep.</p>",
            _table(["figure", "value", "target", ""],
                   [(f, v, t, "" if ok is None else _held(ok)) for f, v, t, ok in summary_rows(s)]),
            '<h2 id="picture">Cycles and warp states</h2>', _img(plot_comparison, result),
            '<h2 id="exact">Exact counters</h2>',
            '<p class="muted">= simgpu and Nsight Compute agree exactly (hover for the value); otherwise '
            "simgpu / measured. Shared wavefronts and bank conflicts are the addresses' own where Nsight's "
            "SASS-level counts were recorded (traces/h200/shared_sass*.json).</p>", _exact_table(rows)]
    if s.get("shared_arbitration"):
        body.append("<p>The H200's data stage also lost wavefronts to arbitration with other L1 traffic, "
                    "counted in its hardware wavefronts and bank conflicts (they vary from run to run; not "
                    "modeled): " + ", ".join(
                        f"<code>{html.escape(lab)}</code> " + " + ".join(f"{v:,.0f} {op}" for op, v in arb.items() if v)
                        for lab, arb in s["shared_arbitration"]) + ".</p>")
    body += ['<h2 id="timing">Timing and memory</h2>',
             '<p class="muted">err = simgpu / measured - 1 (red: outside 25%); H200 runs: the fastest and slowest '
             "of the repeated measurements; hit rates and achieved occupancy: simgpu - measured, in percentage "
             "points.</p>", _timing_table(rows),
             '<h2 id="order">Order by time</h2>']
    rp = s["reversed_pairs"]
    if rp:
        body.append(_table(["faster on the H200", "slower on the H200", "measured gap",
                            "the H200's own runs order them"],
                           [(f"<code>{html.escape(a)}</code>", f"<code>{html.escape(b)}</code>",
                             _num(f"{100 * gap:.1f}%"), "yes" if settled else "no: within their spread")
                            for a, b, gap, settled in rp]))
    else:
        body.append("<p>every pair of launches in the H200's order</p>")
    return _page(title, body)


def render_m4(result, plot):
    """The page for `compare_m4`'s result (an Apple config vs seed 000's M4 tables)."""
    src, s = result["source"], result["summary"]
    title = f"simgpu compare: {src['config']} ({src['config_name']}) vs seed 000's measurements"
    body = [f'<p class="muted">measured: {html.escape(str(src["device"]))}; {html.escape(str(src["seed"]))} via '
            f'<code>{html.escape(str(src["reference"]))}</code>; simulated sizes '
            + html.escape(", ".join(f"{k} = {v:,}" for k, v in src["sizes"].items())) + "</p>",
            _table(["group", "figure", "measured", "simgpu", "rel. error", "seed lines"],
                   [(html.escape(p["group"]), html.escape(p["name"]), _num(f"{p['measured']:.3f}"),
                     _num(f"{p['simgpu']:.3f}"), _num(_pct(p["rel_error"])),
                     ", ".join(str(x) for x in p["seed_lines"])) for p in result["points"]]),
            f"<p>{s['points']} ratios, MAPE " + ("n/a" if s["mape_pct"] is None else f"{s['mape_pct']:.1f}%")
            + f", within 25%: {s['within_25pct']} of {s['points']}</p>", _img(plot, result)]
    return _page(title, body)


def write_html(page, path):
    """Write a page; returns its size in bytes. A path that cannot be written
    is a one-line error."""
    data = page.encode()
    try:
        Path(path).write_bytes(data)
    except OSError as e:
        raise SimgpuError(f"cannot write {path}: {e.strerror or e}") from None
    return len(data)
