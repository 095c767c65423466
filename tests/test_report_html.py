"""`simgpu report`: one self-contained HTML page from one run. Its figures
are the run's, and it loads in headless Chromium (Debian's chromium and
chromium-driver, which .ci/run installs) with no console errors, no network
request and every plot drawn."""
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from simgpu.recipe import parse_recipe, run_recipe
from simgpu.report import STALL_HELP, _fmt
from simgpu.report_html import render
from simgpu.timing.stalls import NAMES
from simgpu.traces import PICTURE_CAPACITY

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")


def test_every_warp_state_is_explained():
    """The text report and the page say what each state means, none left blank."""
    assert set(STALL_HELP) == set(NAMES) and all(STALL_HELP.values())


def test_the_page_holds_the_runs_figures():
    run = run_recipe(parse_recipe(ROOT / "programs" / "transpose_smem.s"), {"n": "64"},
                     trace_capacity=PICTURE_CAPACITY)
    page = render(run, "h100")
    s = run.results[0].stats
    prog = run.results[0].kernel.program
    # self-contained: no script, every src/href inline or in-page
    assert "<script" not in page
    assert re.findall(r'(?:src|href)="(?!data:image/png;base64,|#)', page) == []
    assert page.count('<img class="plot') == 6          # roofline, stalls, timeline, counters, memory, occupancy
    assert f"<td>cycles</td><td>{_fmt(s['cycles'])} (" in page
    assert '<span class="pass">PASS</span>' in page
    for state, v in s["stall_cycles"].items():
        if v:
            assert f"{state}</td><td class=\"num\">{_fmt(v)}</td>" in page
    # the source view: one row per source line with instructions, whose warp-cycles add up to the kernel's
    rows = re.findall(r'<tr class="code[^"]*"><td class="num">(\d+)</td><td class="text">.*?</td>'
                      r'<td class="num">([\d,]+)</td><td class="num">([\d,]+)</td>.*?<td>([^<]*)</td></tr>', page)
    assert len(rows) == len(set(prog.lines[:prog.n].tolist()))
    assert sum(int(c.replace(",", "")) for _, _, c, _ in rows) == s["warp_cycles"]
    assert sum(int(w.replace(",", "")) for _, w, _, _ in rows) == s["warp_instructions"]
    # memory per line; the transpose's 4 column reads of the tile: 32 lanes in one bank, 32 wavefronts
    m = s["memory_by_pc"]
    memory = {int(ln): text for ln, _, _, text in rows}
    for pc in range(prog.n):
        if m[pc, 3] == 2:
            assert f"{_fmt(int(m[pc, 1] - m[pc, 2]))} bank conflicts" in memory[int(prog.lines[pc])]
    shown = [int(c.replace(",", "")) for t in memory.values() for c in re.findall(r"([\d,]+) bank conflicts", t)]
    assert sum(shown) == s["shared_ld_bank_conflicts"] + s["shared_st_bank_conflicts"] > 0
    assert sum("shared: 32.00 wavefronts/req (ideal 1.00)" in t for t in memory.values()) == 4


def _chromium(tmp):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.fail("the report test needs selenium: pip install -e '.[test]'")
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.fail("the report test needs Debian's Chromium: apt-get install -y chromium chromium-driver "
                    "(.ci/run installs them)")
    opts = webdriver.ChromeOptions()
    opts.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={tmp}", "--window-size=1400,1000"):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=opts)


def test_the_report_loads_in_headless_chromium(tmp_path):
    out = tmp_path / "report.html"
    r = subprocess.run([sys.executable, "-m", "simgpu", "report", "programs/matmul_tiled.s", "--set", "n=64",
                        "-o", str(out)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(f"wrote {out}")
    with tempfile.TemporaryDirectory() as profile:
        driver = _chromium(profile)
        try:
            driver.get("about:blank")            # the browser's own start page is not the report's
            driver.get_log("browser")
            driver.get_log("performance")
            driver.get(out.as_uri())
            assert driver.title == "simgpu report: programs/matmul_tiled.s"
            plots = driver.execute_script(
                "return [...document.querySelectorAll('img, svg')].map(e => {const r = e.getBoundingClientRect();"
                " return [e.getAttribute('alt'), r.width, r.height, e.complete === undefined || e.complete,"
                " e.naturalWidth === undefined ? 1 : e.naturalWidth];})")
            driver.save_screenshot(str(tmp_path / "report.png"))
            console = driver.get_log("browser")
            network = [json.loads(e["message"])["message"] for e in driver.get_log("performance")]
        finally:
            driver.quit()
    assert [e for e in console if e["level"] == "SEVERE"] == []
    assert [m for m in network if m["method"] == "Network.loadingFailed"] == []
    urls = [m["params"]["request"]["url"] for m in network if m["method"] == "Network.requestWillBeSent"]
    assert urls and all(u.startswith(("file:", "data:")) for u in urls), urls
    assert [p[0] for p in plots] == ["roofline plot", "stalls plot", "timeline plot", "counters plot", "memory plot",
                                     "occupancy plot"]
    assert all(w > 0 and h > 0 and done and natural > 0 for _, w, h, done, natural in plots), plots
    assert (tmp_path / "report.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
