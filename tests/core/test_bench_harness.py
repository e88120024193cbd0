"""The benchmark harness: wrk output parsing, the timing loop, paired ratios."""

from __future__ import annotations

import json
import shutil
import sys

import pytest

from harness.bench.http_load import parse_wrk
from harness.bench.inprocess import Caller, measure
from harness.bench.native import native_factory
from harness.bench.run import paired, ratios

WRK_OUTPUT = """Running 3s test @ http://127.0.0.1:9311/tfb/json
  2 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    26.97ms    5.87ms  58.65ms   78.78%
    Req/Sec     1.17k   245.14     1.54k    78.69%
  Latency Distribution
     50%   25.05ms
     75%   30.23ms
     90%   34.33ms
     99%    1.02s
  7089 requests in 3.10s, 1.17MB read
{errors}Requests/sec:   2285.18
Transfer/sec:    386.12KB
"""


def test_wrk_output_gives_rate_latency_and_no_errors():
    result = parse_wrk(WRK_OUTPUT.format(errors=""))
    assert result == {"rps": 2285.18, "p50_ms": 25.05, "p99_ms": 1020.0, "errors": 0,
                      "requests": 7089}


def test_wrk_socket_errors_and_bad_statuses_count_as_errors():
    errors = ("  Socket errors: connect 0, read 3, write 1, timeout 2\n"
              "  Non-2xx or 3xx responses: 4\n")
    assert parse_wrk(WRK_OUTPUT.format(errors=errors))["errors"] == 10


def test_a_server_run_that_answered_nothing_says_it_stalled():
    """Found: Granian's Flask build answered no request in 3 s and the table said 0 (0.0)."""
    from harness.bench.servers import cell

    stalled = parse_wrk(WRK_OUTPUT.format(errors="").replace("7089 requests", "0 requests")
                        .replace("2285.18", "0.00"))
    assert cell(stalled) == "**no answer** (stalled)"
    assert cell(parse_wrk(WRK_OUTPUT.format(errors=""))) == "2,285 (1020.0)"
    errors = "  Non-2xx or 3xx responses: 4\n"
    assert cell(parse_wrk(WRK_OUTPUT.format(errors=errors))) == "2,285 (1020.0, 4 errors)"


def test_a_caller_answers_like_a_server_would():
    caller = Caller(native_factory("raw")(), "/tfb/plaintext")
    assert caller.once() == ("200 OK", b"Hello, World!")
    assert Caller(native_factory("raw")(), "/nowhere").once()[0] == "404 Not Found"


def test_measure_times_every_app_in_every_round():
    app = native_factory("raw")()
    callers = {"a": Caller(app, "/tfb/json"), "b": Caller(app, "/tfb/plaintext")}
    results = measure(callers, rounds=4, batch_seconds=0.001)
    for result in results.values():
        assert len(result["samples_us"]) == 4
        assert 0 < result["min_us"] <= result["median_us"]
        assert result["batch"] >= 5


def test_ratios_pair_the_batches_of_each_round():
    build = {"samples_us": [2.0, 40.0, 6.0], "min_us": 2.0}
    native = {"samples_us": [1.0, 10.0, 3.0], "min_us": 1.0}
    assert paired(build, native) == 2.0  # per round 2, 4, 2: the median ignores the burst
    table = ratios({"json": {"bottle-build": build, "bottle-native": native}})
    assert table["json"]["bottle build/native"] == pytest.approx(2.0)
    assert table["json"]["bottle build/native (min)"] == pytest.approx(2.0)
    assert "flask build/native" not in table["json"]


def test_the_port_speed_bench_makes_apps_of_a_thousand_lines_that_bottle_serves(tmp_path,
                                                                             monkeypatch):
    from webtest import TestApp

    from harness.bench import port_apps

    source = port_apps.large_module()
    assert 1000 <= len(source.splitlines()) < 1200
    compile(source, "app.py", "exec")  # a real module: the views renamed, not clashing
    assert source.count('@app.route("/v2/todo")') == 1
    single = port_apps.write_single(tmp_path / "single")
    assert (single / "views" / "list.tpl").is_file()
    package = port_apps.write_package(tmp_path / "package")
    assert port_apps.python_lines(package) >= 1000
    assert len(list(package.rglob("*.py"))) >= 10
    monkeypatch.syspath_prepend(str(package))
    monkeypatch.chdir(package)
    from wsgi import application  # a real Bottle app: its pages answer

    client = TestApp(application)
    assert "books 2" in client.get("/books/2").text
    assert client.get("/api/toys/3/price/2").json == {"no": 3, "price": 18}
    assert "Back office" in client.get("/admin/").text
    client.set_cookie("session", "x")
    added = client.post("/maps/new", {"name": "Alps", "price": "4"})
    assert added.status_int == 302 and added.location.endswith("/maps/6/view")
    for name in [m for m in sys.modules if m == "wsgi" or m.startswith("shop")]:
        del sys.modules[name]


def test_the_port_speed_bench_times_the_whole_command_against_the_floor_interleaved():
    from harness.bench import port_apps, port_speed

    results = port_speed.run(2, 1, apps={"sample": lambda folder: shutil.copytree(
        port_apps.SAMPLE_DIR, folder)})
    row = results["command"]["apps"]["sample"]
    assert row["modules"] == 1 and row["lines"] == 128 and row["rounds"] == 2
    for clock in ("wall", "cpu"):
        timing = row[clock]
        assert 0 < timing["floor_s"]["min"] <= timing["floor_s"]["median"]
        assert timing["round_ratios"]["min"] <= timing["round_ratios"]["max"]
        assert timing["ratio"] > 1  # the port does more than the floor, whatever the load
    assert results["command"]["no_check_imports"] == []
    assert results["command"]["met"] == (row["wall"]["ratio"] <= 2)
    assert set(results["in_process"]["modules"]) == {"porting sample (todo.py)",
                                                     "1,000-line module"}
    text = port_speed.render(results)
    assert "target: the port at most 2x the floor" in text and "sample" in text


def test_the_fuzz_speed_bench_times_a_seeds_apps_and_their_verdicts_in_two_trees():
    from harness.bench import fuzz_speed

    results = fuzz_speed.run(2, 47, 1, fuzz_speed.ROOT, warm=False)  # against itself
    for tree in results["trees"].values():
        assert tree["passed"] and tree["counts"].startswith("apps: 2;")
        assert 0 < tree["judging_cpu_per_app_s"] < tree["cpu_per_app_s"]
    assert results["verdicts_differ"] == []  # the same seed drew the same apps, alike judged
    assert results["ratio"] > 0 and len(results["round_ratios"]) == 1
    assert "against / this, CPU" in fuzz_speed.render(results)


@pytest.mark.parametrize(("theirs", "ours", "said"), [
    ({"outcome": "same"}, {"outcome": "same"}, []),
    ({"outcome": "same"}, {"outcome": "todo"}, ["app 1: outcome same -> todo"]),
    ({"source": "a1"}, {"source": "b2"}, ["app 1: source a1 -> b2"]),
    ({"broken": 0, "starts": True}, {"broken": 2, "starts": False},
     ["app 1: starts True -> False, broken 0 -> 2"]),
])
def test_the_fuzz_speed_bench_names_each_app_whose_verdict_moved(theirs, ours, said):
    from harness.bench.fuzz_speed import differing

    base = {"n": 1, "source": "a1", "outcome": "same", "starts": True, "broken": 0}
    assert differing([{**base, **ours}], [{**base, **theirs}]) == said
    assert differing([], [base]) == ["1 apps judged -> 0"]
    assert differing([{**base, "outcome": "different", "first": "GET /r1: 200 / 201"}],
                     [base]) == ["app 1: outcome same -> different (now: GET /r1: 200 / 201)"]


def test_the_pages_table_gives_build_over_both_natives():
    """Against the native app holding one connection and the same app opening one per
    request (as the tutorials do), each with its own verdict against the target."""
    from harness.bench.report import pages_section

    def sample(us):
        return {"samples_us": [us, us], "min_us": us, "median_us": us}

    by_app = {"bottle-build": sample(200.0), "bottle-headers": sample(100.0),
              "bottle-tutorial": sample(400.0)}
    results = {"inprocess": {"articles API": by_app},
               "ratios": ratios({"articles API": by_app})}
    table = "\n".join(pages_section(results))
    assert "| articles API | Bottle | 200.0 | 100.0 | 2.00 | 400.0 | 0.50 | " \
        "≤ 1.15: misses (held), meets (per request) |" in table


def test_the_libcst_metadata_bench_counts_where_the_providers_and_the_model_agree(tmp_path,
                                                                                  capsys):
    """Bottle's names through an alias and through `import bottle as b` are named alike
    by both; a local rebinding of an imported name is Bottle's for the model only; an
    app's route decorator is the model's alone (LibCST names no value)."""
    from harness.bench import libcst_metadata

    source = ("import bottle as b\nfrom bottle import Bottle, request, template as t\n\n"
              "app = Bottle()\n\n\n@app.route('/')\ndef index():\n"
              "    return t('x', q=request.query.q, f=b.static_file)\n\n\n"
              "def other():\n    request = 1\n    return request\n")
    examples: list[str] = []
    found = libcst_metadata.answers(source, examples)
    assert found["Bottle's for both, the same API"] == 4  # Bottle, t, request, b.static_file
    assert found["Bottle's for the model only"] == 1  # `request` rebound in other()
    assert found["Bottle's for LibCST only"] == found["different APIs"] == 0
    assert found["app methods under decorators"] == 1
    assert found["of which LibCST names Bottle's"] == 0
    assert examples == ["model only: request (request), line 14"]
    app = tmp_path / "shop"
    (app / "views").mkdir(parents=True)
    (app / "views" / "pages.py").write_text(source)
    assert libcst_metadata.main(["--quick", "--json", str(tmp_path / "m.json"), str(app)]) == 0
    results = json.loads((tmp_path / "m.json").read_text())
    assert list(results) == ["1,000-line module", "shop"]
    assert results["shop"]["modules"] == 1 and results["shop"]["answers"] == found
    assert set(results["shop"]["median_ms"]) == set(libcst_metadata.STEPS)
    assert "QualifiedNameProvider" in capsys.readouterr().out
