"""The proof on our own sample: `bottle2flask port` writes a Flask app that answers alike."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import webtest

from bottle2flask.cli import main as kit
from bottle2flask.loading import load
from bottle2flask.parity import runner as parity

SAMPLE = Path(__file__).parent / "sample"


@pytest.fixture
def folders(tmp_path):
    """The sample copied to bottle/ (a database of its own) and ported to flask/."""
    bottle, flask = tmp_path / "bottle", tmp_path / "flask"
    shutil.copytree(SAMPLE, bottle, ignore=shutil.ignore_patterns("todo.db", "__pycache__"))
    assert kit(["port", "--faithful", str(bottle), "-o", str(flask)]) == 0
    return bottle, flask


@pytest.fixture
def flask_app(folders):
    """The ported sample under WebTest."""
    return webtest.TestApp(load(str(folders[1] / "todo.py")).wsgi, lint=True)


def test_the_port_writes_flask_code_templates_and_both_reports(folders):
    _, flask = folders
    code = (flask / "todo.py").read_text()
    assert "import bottle\n" not in code and "from bottle import" not in code
    assert "from flask import" in code
    assert sorted(p.name for p in (flask / "views").iterdir()) == [
        "edit.html", "layout.html", "list.html", "new.html", "not_found.html"]
    assert (flask / "static" / "style.css").read_bytes() == \
        (SAMPLE / "static" / "style.css").read_bytes()
    report = json.loads((flask / "porting-report.json").read_text())
    assert report["entry"] == {"module": "todo", "app": "app"}
    assert report["summary"]["todos"] == 0 and report["summary"]["failed"] == 0
    text = (flask / "PORTING-REPORT.md").read_text()
    assert "flask --app todo:app run" in text and "## todo.py" in text
    # each rule its own code, named with its summary
    assert "- P004 (request.forms/.query/.params/... in Werkzeug's names): " in text
    assert "- P005 (response.set_cookie/status/headers on the view's response): " in text


def test_the_ported_list_page_form_and_cookie_work(flask_app):
    page = flask_app.get("/")
    assert "Port it to Flask" in page.text and "Read the Bottle tutorial" not in page.text
    assert flask_app.cookies["show"] == "open"
    form = flask_app.get("/new").forms[0]
    form["task"] = "Write the docs"
    answer = form.submit()
    assert answer.status_int == 303 and answer.location == "http://localhost/"
    assert "Last added: Write the docs" in answer.follow().text


def test_the_ported_edit_page_json_static_and_404(flask_app):
    edit = flask_app.get("/edit/1")
    assert 'value="Read the Bottle tutorial"' in edit.text
    edit.forms[0]["status"] = "open"
    assert edit.forms[0].submit().status_int == 303
    assert flask_app.get("/api/todos/1").json == {
        "id": 1, "task": "Read the Bottle tutorial", "open": True}
    assert list(flask_app.get("/api/todos").json["todos"][0]) == ["id", "task", "open"]
    assert flask_app.get("/static/style.css").content_type == "text/css"
    missing = flask_app.get("/edit/99", status=404)
    assert "No item 99." in missing.text and "<title>Not found - To-do</title>" in missing.text
    assert flask_app.post("/new", {"task": " "}, status=400)


def test_parity_between_the_sample_and_its_port_has_no_unexplained_difference(folders):
    bottle, flask = folders
    data = parity.run([str(bottle / "todo.py"), str(flask / "todo.py")], forms=True)
    summary = data["summary"]
    assert summary["different"] == 0, [s for s in data["steps"] if s["verdict"] == "different"]
    kinds = {s["kind"] for s in data["steps"]}
    assert {"crawl", "form", "redirect"} <= kinds
    assert summary["steps"] >= 30


def test_flask_and_gunicorn_can_load_the_port_from_its_folder(folders):
    _, flask = folders
    bin_dir = Path(sys.executable).parent
    routes = subprocess.run([bin_dir / "flask", "--app", "todo", "routes"], cwd=flask,
                            capture_output=True, text=True, check=True)
    assert "/edit/<int(signed=True):no>" in routes.stdout
    check = subprocess.run([bin_dir / "gunicorn", "--check-config", "--chdir", str(flask),
                            "todo:app"], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
