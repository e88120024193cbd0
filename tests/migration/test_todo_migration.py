"""The proof on the porting sample (tests/porting_tool/sample): half its views ported and
served with the rest as one site, then all of them and the legacy app gone."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

import bottle
import pytest
from flask import session
from webtest import TestApp
from werkzeug.test import EnvironBuilder

from bottle2flask import migrate as migration
from bottle2flask.cli import main as kit
from bottle2flask.parity import runner as parity

from . import todo_port, todo_sites

HERE = Path(__file__).resolve().parent
REQUESTS = str(HERE / "todo_requests.toml")
LEGACY = "tests.migration.todo_sites:legacy"


def status(capsys, new: str) -> tuple[int, dict]:
    code = kit(["migrate", "status", LEGACY, f"tests.migration.todo_sites:{new}",
                "--forms", "--requests", REQUESTS, "--json"])
    return code, json.loads(capsys.readouterr().out)


@pytest.fixture
def half(tmp_path):
    """The half-ported sample behind the dispatcher, with one session across both."""
    path = str(tmp_path / "todo.sqlite3")
    old = todo_sites.load_legacy(path).app
    new = todo_port.create_app(path, todo_port.HALF)
    migration.Links(old, new).install()
    secret = secrets.token_hex(16)
    store = migration.BottleSessions(secret)
    old.install(store)

    @old.post("/signin")
    def signin():  # still on the legacy side
        store.load()["user"] = bottle.request.forms.name
        bottle.redirect("/")

    new.secret_key = secret
    new.session_interface = migration.FlaskSessions()
    new.add_url_rule("/whoami", "whoami", lambda: session.get("user", "nobody"))
    site = migration.Dispatcher(old, new)
    yield site, TestApp(site, lint=True)
    bottle.SimpleTemplate.defaults.pop("url", None)


def owner(site, method: str, path: str) -> str:
    app = site.owner(EnvironBuilder(path=path, method=method).get_environ())
    return "new" if app is site.new else "legacy"


def test_half_the_views_are_served_by_each_app(half):
    site, _ = half
    assert [owner(site, m, p) for m, p in [("GET", "/"), ("GET", "/edit/1"),
                                           ("GET", "/api/todos/1")]] == ["new"] * 3
    assert [owner(site, m, p) for m, p in [("GET", "/new"), ("POST", "/new"),
                                           ("POST", "/edit/1"), ("GET", "/api/todos"),
                                           ("GET", "/static/style.css")]] == ["legacy"] * 5


def test_a_ported_page_links_to_legacy_pages_and_their_forms_work(half):
    _, client = half
    listing = client.get("/todo?show=all")
    assert 'href="/new"' in listing.text and 'href="/edit/1"' in listing.text
    form = listing.click(href="/edit/1").forms[0]  # a ported page...
    assert form.action == "/edit/1"
    form["task"] = "Read it twice"
    done = form.submit().follow()  # ...posting to a legacy view, back to a ported page
    assert "Read it twice" in done.text
    assert client.get("/api/todos/1").json["task"] == "Read it twice"


def test_a_session_made_on_the_legacy_side_is_honoured_on_the_ported_side(half):
    _, client = half
    client.post("/signin", {"name": "alice"}).follow()
    assert client.get("/whoami").text == "alice"


def test_the_mixed_site_answers_as_the_legacy_app_did():
    report = parity.run([LEGACY, "tests.migration.todo_sites:half"],
                        extra=[Path(REQUESTS)], forms=True)
    assert report["summary"]["steps"] > 40
    assert report["summary"]["different"] == 0


def test_status_of_the_half_ported_site(capsys):
    code, data = status(capsys, "half")
    served = {(r["rule"], r["methods"][0]) for r in data["routes"] if r["served"]}
    assert served == {("/", "GET"), ("/todo", "GET"), ("/edit/<no:int>", "GET"),
                      ("/api/todos/<no:int>", "GET")}
    assert all(r["identical"] for r in data["routes"])
    assert data["summary"] | {"parity_steps": 0} == {
        "routes": 9, "served": 4, "identical": 9, "exactly_the_same": 5, "the_same_message": 0,
        "same_to_a_client": 0, "different": 0, "varies": 0, "not_exercised": 0,
        "ported_percent": 44, "parity_steps": 0, "parity_different": 0}
    assert code == 0


def test_status_of_the_port_alone_shows_what_is_left(capsys):
    code, data = status(capsys, "half_port")
    left = {(r["rule"], r["methods"][0]) for r in data["routes"] if not r["served"]}
    assert left == {("/new", "GET"), ("/new", "POST"), ("/edit/<no:int>", "POST"),
                    ("/api/todos", "GET"), ("/static/<filename:path>", "GET")}
    assert all(r["identical"] is False for r in data["routes"] if not r["served"])


def test_all_views_ported_and_the_legacy_app_removed_is_100_percent(capsys, tmp_path):
    code, data = status(capsys, "ported")
    assert data["summary"]["ported_percent"] == 100
    assert data["summary"]["identical"] == data["summary"]["routes"] == 9
    assert code == 0
    path = str(tmp_path / "todo.sqlite3")
    todo_sites.load_legacy(path)  # the schema, once
    gone = TestApp(migration.Dispatcher(None, todo_port.create_app(path)), lint=True)
    assert gone.get("/").status_int == 200 and gone.get("/static/style.css").status_int == 200


def test_the_status_table_reads_as_a_progress_bar(capsys):
    kit(["migrate", "status", LEGACY, "tests.migration.todo_sites:half", "--no-crawl",
         "--requests", REQUESTS])
    out = capsys.readouterr().out
    assert "GET      /edit/<no:int>           yes" in out
    assert "POST     /edit/<no:int>           no" in out
    assert "4/9 legacy routes served by the new app (44%)" in out


@pytest.mark.parametrize(("args", "message"), [
    ([LEGACY, "http://127.0.0.1:9"], "not URLs"),
    (["tests.migration.todo_sites:half_port", LEGACY], "LEGACY must be a Bottle app"),
    ([LEGACY, LEGACY], "NEW must be a Flask app"),
])
def test_status_refuses_specs_it_cannot_read(capsys, args, message):
    assert kit(["migrate", "status", *args]) == 2
    assert message in capsys.readouterr().err
