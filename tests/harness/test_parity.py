"""The parity diff: our two builds agree; a changed build is caught and named."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from adapters import FRAMEWORKS
from bottle2flask.cli import main
from bottle2flask.parity.normalise import INTENDED
from bottle2flask.parity.scenario import load
from harness import parity
from harness.__main__ import main as harness

ROOT = Path(__file__).resolve().parents[2]
BOTTLE, FLASK = FRAMEWORKS.values()


@pytest.fixture(scope="module")
def default_report(postgres_server):
    """Run the default scenario once: the crawl, the forms and the scripted requests,
    on the run's database (a PostgreSQL run: a new database per build on its server)."""
    server = postgres_server.url("postgres") if postgres_server else None
    return parity.run(database_server=server)


def test_the_default_scenario_finds_no_unexplained_difference(default_report):
    summary = default_report["summary"]
    assert summary["different"] == 0, parity.render(default_report)
    assert summary["identical"] and summary["explained"]
    declared = {rule.name for rule in load(parity.CONDUIT).ignore}  # conduit.toml's own
    assert set(summary["explained_by"]) <= set(INTENDED) | declared


def test_the_default_scenario_crawls_submits_forms_and_runs_the_script(default_report):
    steps = default_report["steps"]
    kinds = {s["kind"] for s in steps}
    assert kinds == {"crawl", "form page", "form", "redirect", "script"}
    crawled = {s["path"] for s in steps if s["kind"] == "crawl"}
    assert {"/", "/hello", "/hello/World", "/escaping", "/guestbook"} <= crawled
    # The guestbook form is sent invalid (blank), without its token, then valid.
    sent = [(s["label"], s["statuses"][0][:3]) for s in steps
            if s["kind"] == "form" and s["path"] == "/guestbook"]
    assert sent[:3] == [("empty POST /guestbook", "422"), ("no-csrf POST /guestbook", "400"),
                        ("valid POST /guestbook", "303")]
    # Again as a visitor who has signed (the session changed): each kind of visitor
    # gets each form once, the same three ways.
    assert len(sent) >= 6 and all(sent[n:n + 3] == sent[:3] for n in range(0, len(sent), 3))


def test_the_scripted_api_walk_reaches_every_happy_path(default_report):
    status = {s["label"]: s["statuses"][0][:3] for s in default_report["steps"]
              if s["kind"] == "script"}
    # Each build used its own saved token, slug and comment id.
    assert (status["register"], status["login"], status["current user"]) == ("201", "200", "200")
    assert (status["create an article"], status["update my article"]) == ("201", "200")
    assert (status["comment"], status["delete my comment"]) == ("201", "204")
    assert (status["delete someone else's article"], status["delete my article"]) == (
        "403", "204")
    assert status["the deleted article is gone"] == "404"


def porting_section() -> str:
    text = (ROOT / "docs" / "PORTING.md").read_text()
    match = re.search(r"^## Intended differences the parity diff allows\n(.*?)(?=^## |\Z)",
                      text, re.MULTILINE | re.DOTALL)
    assert match, "docs/PORTING.md needs the section on the parity diff's intended differences"
    return match.group(1)


@pytest.mark.parametrize("name", sorted(INTENDED))
def test_each_intended_difference_is_explained_in_porting_md(name):
    assert f"`{name}`" in porting_section()


def test_a_changed_build_is_reported_and_exits_non_zero(capsys):
    status = main(["parity", BOTTLE, "tests.harness.broken:create_app", "--quiet"])
    out = capsys.readouterr().out
    assert status == 1
    assert "crawl: GET /hello/World" in out
    assert re.search(r"^ +- +'Hello World'$", out, re.MULTILINE)
    assert re.search(r"^ +\+ +'Hello Wrld'$", out, re.MULTILINE)
    # Not both ours: one GET-only crawl, no built-in requests, so one step differs.
    assert out.endswith("Result: 1 step(s) differ.\n")


def test_the_json_report_lists_every_step_for_machines(capsys):
    status = main(["parity", BOTTLE, "tests.harness.broken:create_app", "--quiet", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 1
    different = [s for s in data["steps"] if s["verdict"] == "different"]
    assert {s["path"] for s in different} == {"/hello/World"}
    assert different[0]["differences"][0]["where"] == "body"
    assert data["summary"]["requests"] == 2 * data["summary"]["steps"]


def test_extra_requests_come_from_a_file(tmp_path, capsys):
    extra = tmp_path / "extra.toml"
    extra.write_text('[[request]]\nname = "greeting"\npath = "/hello/World"\n'
                     '[[request]]\npath = "/escaping"\nquery = { text = "<b>" }\n')
    status = main(["parity", BOTTLE, "tests.harness.broken:create_app", "--no-crawl",
                   "--quiet", "--json", "--requests", str(extra)])
    data = json.loads(capsys.readouterr().out)
    assert status == 1
    assert [s["label"] for s in data["steps"][-2:]] == ["greeting", ""]
    assert data["steps"][-2]["verdict"] == "different"
    assert data["steps"][-1]["verdict"] == "identical"


def test_progress_is_shown_while_it_runs(capsys):
    assert harness(["parity", "--no-crawl"]) == 0
    err = capsys.readouterr().err
    assert re.search(r"\[\s+\d+\] 0 different", err)


def test_an_app_that_cannot_be_loaded_is_a_clear_error(capsys):
    assert main(["parity", "no_such_module:create_app", FLASK, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bottle2flask parity: error: cannot load 'no_such_module:create_app'")
    assert len(err.splitlines()) == 1


def test_a_ports_parity_settings_are_found_above_a_package_entry(tmp_path):
    # YourFinances: the port's entry is OUT/finances/__init__.py, its parity.toml in OUT
    from bottle2flask.parity.runner import port_settings

    out = tmp_path / "out"
    (out / "finances").mkdir(parents=True)
    (out / "finances" / "__init__.py").write_text("")
    (out / "parity.toml").write_text("")
    assert port_settings(str(out / "finances" / "__init__.py")) is None  # no report there
    (out / "porting-report.json").write_text("{}")
    assert port_settings(str(out / "finances" / "__init__.py")) == (out / "parity.toml")
    (out / "finances" / "parity.toml").write_text("")  # beside the file: that one
    assert port_settings(f"{out / 'finances' / '__init__.py'}:app") == (
        out / "finances" / "parity.toml")


def test_a_module_of_a_package_loads_as_the_package_runs_it(tmp_path, capsys):
    """zanardo/ticket: ticket/app.py imports ticket.web, as `gunicorn ticket.app:app`
    runs it; loaded alone in its own folder, `ticket` was no module. Two copies (the
    original and a port) each answer with their own package's modules."""
    for name, word in (("one", "first"), ("two", "second")):
        package = tmp_path / name / "ticket"
        package.mkdir(parents=True)
        (package / "__init__.py").write_text("")
        (package / "web.py").write_text(f"WORD = {word!r}\n")
        (package / "app.py").write_text(
            "import bottle\nimport ticket.web\n\napp = bottle.Bottle()\n\n\n"
            "@app.route('/')\ndef home():\n    return ticket.web.WORD\n")
    status = main(["parity", str(tmp_path / "one" / "ticket" / "app.py"),
                   str(tmp_path / "two" / "ticket" / "app.py"), "--json", "--quiet"])
    data = json.loads(capsys.readouterr().out)
    assert status == 1, data
    [step] = [s for s in data["steps"] if s["path"] == "/"]
    assert step["verdict"] == "different"
    [body] = [d for d in step["differences"] if d["where"] == "body"]
    assert "-    'first'" in body["detail"] and "+    'second'" in body["detail"]


def test_a_script_in_a_packages_folder_still_runs_from_its_folder(tmp_path, capsys):
    """narrow's entrypoints/bottle_app.py and crobots' Simulation/start.py sit in package
    folders but import only their siblings: run as the package's module, the package's
    __init__ (with its own dependencies) ran and the siblings were not found."""
    package = tmp_path / "tool" / "sim"
    package.mkdir(parents=True)
    (package.parent / "__init__.py").write_text("import not_installed_here\n")
    (package / "__init__.py").write_text("")
    (package / "grid.py").write_text("SIZE = 3\n")
    (package / "start.py").write_text(
        "import bottle\nimport grid\n\napp = bottle.Bottle()\n\n\n"
        "@app.route('/')\ndef home():\n    return str(grid.SIZE)\n")
    spec = str(package / "start.py")
    assert main(["parity", spec, spec, "--quiet"]) == 0
