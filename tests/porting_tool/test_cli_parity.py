"""parity and migrate status keep the apps' own output (prints, tracebacks) in a log
file the report names, off the console."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

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


# Two packages whose Bottle apps each put their own views/ first on Bottle's
# TEMPLATE_PATH as they are imported, and render a template of the same name.
TEMPLATED = '''import os

import bottle

bottle.TEMPLATE_PATH.insert(0, os.path.join(os.path.dirname(__file__), "views"))
app = bottle.Bottle()


@app.route("/")
def index():
    return bottle.template("page", who="you")
'''


@pytest.fixture
def two_module_apps(tmp_path, monkeypatch):
    """Packages parity_alpha and parity_beta on sys.path, each a Bottle app (web:app)
    whose views/page.tpl says its name; their modules forgotten after."""
    (tmp_path / "parity_flask").mkdir()  # a Flask app answering as alpha's page does
    (tmp_path / "parity_flask" / "__init__.py").write_text("")
    (tmp_path / "parity_flask" / "web.py").write_text(
        'from flask import Flask\n\napp = Flask(__name__)\n\n\n@app.route("/")\n'
        'def index():\n    return "parity_alpha greets you\\n"\n')
    for name in ("parity_alpha", "parity_beta"):
        (tmp_path / name / "views").mkdir(parents=True)
        (tmp_path / name / "__init__.py").write_text("")
        (tmp_path / name / "web.py").write_text(TEMPLATED)
        (tmp_path / name / "views" / "page.tpl").write_text(f"{name} greets {{{{who}}}}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "parity_alpha.web:app", "parity_beta.web:app"
    for name in [m for m in sys.modules if m.partition(".")[0] in ("parity_alpha",
                                                                   "parity_beta",
                                                                   "parity_flask")]:
        del sys.modules[name]


def test_two_module_specs_each_render_their_own_template_of_a_shared_name(two_module_apps):
    """A file spec's app answers with Bottle's TEMPLATE_PATH as its import left it and the
    cache of templates cleared (keyed by name); a module spec's shared both with every
    other app of the process: the alpha app rendered beta's page.tpl."""
    import webtest

    from bottle2flask.loading import load

    alpha, beta = (webtest.TestApp(load(spec, {}).wsgi) for spec in two_module_apps)
    for _ in range(2):  # each after the other has rendered (and cached) its own
        assert alpha.get("/").text == "parity_alpha greets you\n"
        assert beta.get("/").text == "parity_beta greets you\n"


def test_parity_of_two_module_specs_sees_their_templates_differ(two_module_apps, capfd):
    assert kit(["parity", *two_module_apps, "--json"]) == 1
    report = json.loads(capfd.readouterr().out)
    different = [s for s in report["steps"] if s["verdict"] == "different"]
    assert different and different[0]["path"] == "/"


def test_migrate_status_of_a_module_spec_loaded_before_renders_its_own_template(
        two_module_apps):
    """migrate status loads the legacy app twice (its router, then its requests): the
    second load of a module imported already gets the TEMPLATE_PATH its import left,
    not that of the app imported after it (beta's page.tpl), nor Bottle's default."""
    from bottle2flask.loading import load
    from bottle2flask.migrate.status import status

    for spec in two_module_apps:  # both imported in this process, alpha first
        load(spec, {})
    found = status(two_module_apps[0], "parity_flask.web:app")
    index = next(r for r in found["routes"] if r["rule"] == "/")
    assert index["identical"] is True, index["first_difference"]


def test_a_module_spec_on_bottles_own_template_path_finds_no_template_of_a_file_spec(
        tmp_path, monkeypatch):
    """A module app that leaves Bottle's TEMPLATE_PATH as it is (./views/ of the working
    folder) is served as it is; the file spec app's answer left its page.tpl in Bottle's
    cache under the same key, which the module app then rendered as its own."""
    import webtest

    from bottle2flask.loading import load

    for folder, says in ((tmp_path / "views", "gamma"), (tmp_path / "site" / "views", "site")):
        folder.mkdir(parents=True)
        (folder / "page.tpl").write_text(f"{says} greets {{{{who}}}}\n")
    page = 'import bottle\n\napp = bottle.Bottle()\n\n\n@app.route("/")\n' \
        'def index():\n    return bottle.template("page", who="you")\n'
    (tmp_path / "site" / "web.py").write_text(page)
    (tmp_path / "parity_gamma").mkdir()
    (tmp_path / "parity_gamma" / "__init__.py").write_text("")
    (tmp_path / "parity_gamma" / "web.py").write_text(page)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        site = webtest.TestApp(load(f"{tmp_path / 'site' / 'web.py'}:app", {}).wsgi)
        gamma = webtest.TestApp(load("parity_gamma.web:app", {}).wsgi)
        for _ in range(2):
            assert site.get("/").text == "site greets you\n"
            assert gamma.get("/").text == "gamma greets you\n"
    finally:
        for name in [m for m in sys.modules if m.partition(".")[0] == "parity_gamma"]:
            del sys.modules[name]
