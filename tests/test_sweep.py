"""simgpu sweep: the grid syntax, a sweep on a Dask LocalCluster whose CSV
equals direct runs figure for figure, per-point errors that do not stop it,
a second run served entirely from the cache, and wave boundaries."""
import csv
import gc
import io
import json
from pathlib import Path

import pytest

import simgpu.sweep as S
from simgpu.cli import main
from simgpu.config import load_config
from simgpu.errors import SimgpuError
from simgpu.recipe import parse_recipe, run_recipe

PROGRAMS = Path(__file__).resolve().parents[1] / "programs"


def test_ranges_include_stop_and_lists_mix():
    assert S.parse_values("n", "1700:1900:4") == [str(v) for v in range(1700, 1901, 4)]
    assert len(S.parse_values("n", "1700:1900:4")) == 51
    assert S.parse_values("n", "1:10:4") == ["1", "5", "9"]           # stop not on a step: left out
    assert S.parse_values("n", "3:5") == ["3", "4", "5"]
    assert S.parse_values("n", "1024,1408:1536:128") == ["1024", "1408", "1536"]
    assert S.parse_values("tile", "128x128,256x128") == ["128x128", "256x128"]
    sets = S.parse_sets(["n=1:2", "tile=a,b"])
    assert S.grid_points(sets) == [{"n": "1", "tile": "a"}, {"n": "1", "tile": "b"},
                                   {"n": "2", "tile": "a"}, {"n": "2", "tile": "b"}]


@pytest.mark.parametrize("item,message", [
    ("n=5:1", "a range needs start <= stop and a positive step"),
    ("n=1:5:0", "a range needs start <= stop and a positive step"),
    ("n=1:x", "a range is start:stop or start:stop:step in integers, got '1:x'"),
    ("n=1:2:3:4", "a range is start:stop or start:stop:step, got '1:2:3:4'"),
    ("n=1,,2", "empty value"),
    ("n", "expected NAME=VALUES"),
])
def test_bad_grids_are_one_line(item, message):
    with pytest.raises(SimgpuError, match=message):
        S.parse_sets([item])


class Tty(io.StringIO):
    def isatty(self):
        return True


def direct(n):
    return run_recipe(parse_recipe(PROGRAMS / "vector_add.s"), {"n": str(n)}).results[0].stats


def test_sweep_on_a_local_cluster_then_resume(tmp_path, monkeypatch):
    sets = {"n": ["1000", "-1", "4096", "33"]}          # n = -1: the recipe cannot make its buffers
    log = io.StringIO()
    res = S.sweep(PROGRAMS / "vector_add.s", sets, out_dir=tmp_path, workers=2, processes=False,
                  progress_stream=log)
    assert (res.computed, res.cached, res.failed) == (4, 0, 1)
    # not a terminal: no bar, only the failed point's one line
    assert log.getvalue() == "n=-1: " + str(PROGRAMS / "vector_add.s") + ":2: recipe: bad array shape (-1,)\n"
    rows = list(csv.DictReader(open(tmp_path / "results.csv")))
    assert [r["n"] for r in rows] == ["1000", "-1", "4096", "33"]
    assert rows[1]["error"].endswith("bad array shape (-1,)") and rows[1]["cycles"] == ""
    for r in (rows[0], rows[2], rows[3]):
        s = direct(int(r["n"]))
        for f in ("cycles", "time_us", "warp_instructions", "dram_read_bytes", "dram_write_bytes", "gld_sectors",
                  "gst_sectors", "blocks", "blocks_per_sm", "waves", "regs_per_thread", "achieved_occupancy",
                  "l2_hit_rate"):
            assert r[f] == str(s[f]), f
        assert (r["config"], r["launches"], r["kernel"], r["sm_count"], r["check_passed"], r["error"]) == \
            ("h100", "1", "vector_add", "132", "True", "")
        assert float(r["host_seconds"]) > 0
    # one JSON file per point that ran to an answer (an error of the program's is one)
    files = sorted((tmp_path / "points").glob("*.json"))
    assert len(files) == 4
    record = json.loads(files[0].read_text())
    assert set(record) >= {"key", "program", "config", "model", "options", "sizes", "point", "result"}
    assert (tmp_path / "sweep.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    # the second run computes nothing: no cluster is even started
    def no_cluster(*a, **k):
        raise AssertionError("a cluster was started for a fully cached sweep")
    monkeypatch.setattr(S, "_cluster", no_cluster)
    before = (tmp_path / "results.csv").read_text()
    tty = Tty()
    again = S.sweep(PROGRAMS / "vector_add.s", sets, out_dir=tmp_path, progress_stream=tty)
    assert (again.computed, again.cached, again.failed) == (0, 4, 1)
    assert (tmp_path / "results.csv").read_text() == before
    assert "4/4 points, 4 cached, 1 failed" in tty.getvalue() and "[####" in tty.getvalue()
    assert "n=-1: " in tty.getvalue() and "(cached)" in tty.getvalue()
    # a new point beside cached ones computes only itself
    monkeypatch.undo()
    more = S.sweep(PROGRAMS / "vector_add.s", {"n": ["1000", "4096", "2048"]}, out_dir=tmp_path, workers=1,
                   processes=False, progress_stream=io.StringIO())
    assert (more.computed, more.cached, more.failed) == (1, 2, 0)


def test_the_key_follows_the_program_the_config_and_the_sizes(tmp_path):
    prog = tmp_path / "va.s"
    prog.write_text((PROGRAMS / "vector_add.s").read_text())
    kw = dict(out_dir=tmp_path / "out", workers=1, processes=False, progress_stream=io.StringIO(), plot=False)
    assert S.sweep(prog, {"n": ["64"]}, **kw).computed == 1
    assert S.sweep(prog, {"n": ["0x40"]}, **kw).cached == 1         # the same size written otherwise
    assert S.sweep(prog, {"n": ["64"]}, config="a100", **kw).computed == 1
    prog.write_text(prog.read_text() + "\n// an edit\n")
    assert S.sweep(prog, {"n": ["64"]}, **kw).computed == 1


def test_wave_boundaries_where_blocks_pass_the_sms(tmp_path):
    # 512 iterations: a block's own time (about 3,000 cycles) well above what every launch pays once,
    # however many waves (the cold code's first fetch, the final stores' acknowledgment)
    res = S.sweep(PROGRAMS / "wave.s", {"blocks": ["131", "132", "133", "134"], "iters": ["512"]}, out_dir=tmp_path,
                  workers=2, processes=False, progress_stream=io.StringIO())
    pts = [(r["blocks"], r) for r in res.rows]
    assert [(x, r["waves"], r["blocks_per_sm"] * r["sm_count"]) for x, r in S.wave_boundaries(pts)] == \
        [(133, 2, 132)]
    cfg = load_config("h100")
    lat = cfg["launch_latency_cycles"] / cfg["clock_mhz"]              # the front end's fixed cost, us
    t = {r["blocks"]: r["time_us"] - lat for r in res.rows}
    assert t[133] > 1.5 * t[132] and t[134] == pytest.approx(t[133], rel=0.02)


def test_cli(tmp_path, capsys):
    out = tmp_path / "o"
    S.sweep(PROGRAMS / "vector_add.s", {"n": ["100", "200"]}, out_dir=out, workers=1, processes=False,
            progress_stream=io.StringIO())
    assert main(["sweep", str(PROGRAMS / "vector_add.s"), "--set", "n=100:200:100", "-o", str(out)]) == 0
    assert capsys.readouterr().out == (f"2 points: 0 computed, 2 from the cache, 0 failed; "
                                       f"wrote {out / 'results.csv'}, {out / 'sweep.png'}\n")
    for args, message in ((["--set", "m=1"], "--set m: no such size (sizes: n)"),
                          ([], "sweep needs at least one --set"),
                          (["--set", "n=1", "--workers", "0"], "--workers must be at least 1"),
                          (["--set", "n=1", "--config", "nope"], "unknown config 'nope'"),
                          (["--set", "n=1", "--scheduler", "nonsense"],
                           "--scheduler nonsense: cannot connect (ValueError: missing port number")):
        assert main(["sweep", str(PROGRAMS / "vector_add.s"), "-o", str(out), *args]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, err
    # the Client that failed to connect is gone already: left to a later collection, its __del__
    # deadlocked the next LocalCluster's start (distributed's LoopRunner), and CI hung
    from dask.distributed import Client
    assert not [o for o in gc.get_objects() if isinstance(o, Client)]


def test_an_existing_scheduler(tmp_path):
    from dask.distributed import LocalCluster
    with LocalCluster(n_workers=1, processes=False, dashboard_address=":0") as cluster:
        res = S.sweep(PROGRAMS / "vector_add.s", {"n": ["100", "300"]}, out_dir=tmp_path,
                      scheduler=cluster.scheduler_address, progress_stream=io.StringIO(), plot=False)
        assert (res.computed, res.failed) == (2, 0)
        assert cluster.status.name == "running"          # the sweep leaves someone else's cluster alone
    assert [r["cycles"] for r in res.rows] == [direct(100)["cycles"], direct(300)["cycles"]]


def test_a_sampled_sweep_passes_sample_sms_to_every_point(tmp_path):
    """--sample-sms S: every point a sampled run, its cells those of a direct sampled
    run, the check left empty (not claimed), and a cache of its own."""
    sets = {"n": ["262144", "524288"]}
    res = S.sweep(PROGRAMS / "vector_add.s", sets, out_dir=tmp_path, workers=1, processes=False,
                  launch_options={"sample_sms": 4}, progress_stream=io.StringIO())
    assert (res.computed, res.failed) == (2, 0)
    rows = list(csv.DictReader(open(tmp_path / "results.csv")))
    for r in rows:
        s = run_recipe(parse_recipe(PROGRAMS / "vector_add.s"), {"n": r["n"]}, sample_sms=4).results[0].stats
        assert (r["cycles"], r["warp_instructions"], r["waves"]) == \
            (str(s["cycles"]), str(s["warp_instructions"]), str(s["waves"]))
        assert r["check_passed"] == "" and r["check_error"] == ""
    full = S.sweep(PROGRAMS / "vector_add.s", sets, out_dir=tmp_path, workers=1, processes=False,
                   progress_stream=io.StringIO())
    assert full.cached == 0                  # the sampled points are not the full ones
