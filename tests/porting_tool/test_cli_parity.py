"""parity and migrate status keep the apps' own output (prints, tracebacks) in a log
file the report names, off the console."""

from __future__ import annotations

import json
from pathlib import Path

from bottle2flask.cli import main as kit

NOISY = '''import sys

from bottle import Bottle

print("the app is loading")
app = Bottle()


@app.route("/")
def index():
    print("the app answers /")
    return '<a href="/boom">boom</a>'


@app.route("/boom")
def boom():
    raise RuntimeError("the view fails on purpose")
'''
QUIET = NOISY.replace('print("the app is loading")\n', "").replace(
    '    print("the app answers /")\n', "").replace(
    '    raise RuntimeError("the view fails on purpose")', '    return "fine"')


def app(folder: Path, source: str) -> str:
    folder.mkdir()
    (folder / "web.py").write_text(source)
    return str(folder / "web.py")


def test_parity_keeps_the_apps_prints_and_tracebacks_in_a_log(tmp_path, capfd):
    spec = app(tmp_path / "noisy", NOISY)
    assert kit(["parity", spec, spec, "--quiet"]) == 0
    said = capfd.readouterr()
    console = said.out + said.err
    for text in ("the app is loading", "the app answers /", "the view fails on purpose"):
        assert text not in console
    named = said.out.rpartition("The apps' own output (prints, logs, tracebacks): ")[2]
    log = Path(named.splitlines()[0]).read_text()
    for text in ("the app is loading", "the app answers /", "the view fails on purpose"):
        assert text in log
    assert said.out.rstrip().endswith("Result: no unexplained differences.")


def test_parity_json_names_the_log_and_none_when_the_apps_said_nothing(tmp_path, capfd):
    spec = app(tmp_path / "noisy", NOISY)
    assert kit(["parity", spec, spec, "--json"]) == 0
    data = json.loads(capfd.readouterr().out)
    assert "the app answers /" in Path(data["log"]).read_text()
    spec = app(tmp_path / "quiet", QUIET)
    assert kit(["parity", spec, spec, "--json"]) == 0
    assert json.loads(capfd.readouterr().out)["log"] is None


def test_migrate_status_keeps_the_apps_output_in_a_log(tmp_path, capfd):
    legacy = app(tmp_path / "noisy", NOISY)
    out = tmp_path / "port"
    assert kit(["port", str(tmp_path / "noisy"), "-o", str(out), "--no-check", "-q"]) == 0
    capfd.readouterr()
    kit(["migrate", "status", legacy, str(out / "web.py")])
    said = capfd.readouterr()
    assert "the view fails on purpose" not in said.out + said.err
    named = said.out.rpartition("The apps' own output (prints, logs, tracebacks): ")[2]
    assert "the view fails on purpose" in Path(named.splitlines()[0]).read_text()
