"""The dispatcher's rules, on two tiny apps: who answers which request."""

from __future__ import annotations

import bottle
import pytest
from flask import Flask
from webtest import TestApp

from bottle2flask.migrate import Dispatcher


def legacy_app() -> bottle.Bottle:
    app = bottle.Bottle()
    app.route("/both", callback=lambda: "legacy both")
    app.route("/old", callback=lambda: "legacy old")
    app.route("/edit/<no:int>", ["GET", "POST"], lambda no: f"legacy edit {no} "
                                                            f"{bottle.request.method}")
    app.route("/gone", callback=lambda: bottle.abort(404, "legacy says no"))
    app.route("/items", callback=lambda: "legacy items")
    app.route("/café", callback=lambda: "legacy café")
    app.route("/assets/<name:path>", callback=lambda name: f"legacy asset {name}")
    app.route("/static/<name:path>", callback=lambda name: f"legacy static {name}")
    app.route("/shared", "PUT", lambda: "legacy put")
    app.error(404)(lambda error: f"legacy 404: {error.body}")
    return app


def new_app(static_folder=None) -> Flask:
    app = Flask(__name__, static_folder=static_folder)
    app.add_url_rule("/both", "both", lambda: "new both")
    app.add_url_rule("/new", "new", lambda: "new new")
    app.add_url_rule("/edit/<int:no>", "edit", lambda no: f"new edit {no}")
    app.add_url_rule("/items/", "items", lambda: "new items")
    app.add_url_rule("/things/", "things", lambda: "new things")
    app.add_url_rule("/shared", "shared", lambda: "new get", methods=["GET", "PATCH"])
    app.register_error_handler(404, lambda error: ("new 404", 404))
    return app


@pytest.fixture
def site():
    return TestApp(Dispatcher(legacy_app(), new_app()), lint=True)


@pytest.mark.parametrize(("path", "body"), [
    ("/new", "new new"),
    ("/old", "legacy old"),
    ("/both", "new both"),             # both claim it: the new app wins by default
    ("/edit/3", "new edit 3"),         # GET is ported...
    ("/caf%C3%A9", "legacy café"),     # PATH_INFO read as Bottle reads it
    ("/assets/a/b.css", "legacy asset a/b.css"),
])
def test_each_request_goes_to_the_app_that_serves_it(site, path, body):
    assert site.get(path).text == body


def test_a_path_is_owned_per_method(site):
    assert site.post("/edit/3").text == "legacy edit 3 POST"  # ...POST is not yet


def test_whole_paths_makes_a_ported_path_the_new_apps_for_every_method():
    site = TestApp(Dispatcher(legacy_app(), new_app(), whole_paths=True), lint=True)
    answer = site.post("/edit/3", status=405)
    assert "GET" in answer.headers["Allow"] and "POST" not in answer.headers["Allow"]


def test_prefer_legacy_gives_shared_paths_to_the_legacy_app():
    site = TestApp(Dispatcher(legacy_app(), new_app(), prefer="legacy"), lint=True)
    assert site.get("/both").text == "legacy both"
    assert site.get("/new").text == "new new"


def test_a_method_neither_serves_is_one_405_listing_both_apps_methods(site):
    answer = site.delete("/shared", status=405)
    allowed = {m.strip() for m in answer.headers["Allow"].split(",")}
    assert {"GET", "PATCH", "PUT"} <= allowed


def test_a_method_only_the_legacy_app_knows_gets_the_legacy_405(site):
    answer = site.delete("/old", status=405)
    assert answer.headers["Allow"] == "GET"


def test_a_path_neither_knows_gets_the_new_apps_404(site):
    assert site.get("/nowhere", status=404).text == "new 404"


def test_error_pages_come_from_the_app_that_owns_the_path(site):
    assert site.get("/gone", status=404).text == "legacy 404: legacy says no"


def test_a_strict_slash_redirect_yields_to_an_exact_legacy_route(site):
    assert site.get("/items").text == "legacy items"
    assert site.get("/things", status=308).headers["Location"].endswith("/things/")


def test_static_files_the_new_app_lacks_are_served_by_the_legacy_app(tmp_path):
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "here.css").write_text("new css")
    site = TestApp(Dispatcher(legacy_app(), new_app(str(tmp_path / "static"))), lint=True)
    assert site.get("/static/here.css").text == "new css"
    assert site.get("/static/elsewhere.css").text == "legacy static elsewhere.css"


def test_without_a_legacy_app_the_new_app_serves_everything():
    site = TestApp(Dispatcher(None, new_app()), lint=True)
    assert site.get("/old", status=404).text == "new 404"
    assert site.get("/new").text == "new new"


def test_prefer_takes_only_new_or_legacy():
    with pytest.raises(ValueError, match="prefer"):
        Dispatcher(legacy_app(), new_app(), prefer="both")


def test_a_non_ascii_path_reaches_the_new_app_as_werkzeug_reads_it():
    new = new_app()
    new.add_url_rule("/né", "ne", lambda: "new né")
    assert TestApp(Dispatcher(legacy_app(), new)).get("/n%C3%A9").text == "new né"


def test_an_app_that_matches_hosts_is_asked_per_host():
    new = Flask(__name__, host_matching=True, static_folder=None)
    new.add_url_rule("/old", "old", lambda: "new on a.test", host="a.test")
    site = TestApp(Dispatcher(legacy_app(), new), lint=True)
    assert site.get("/old", headers={"Host": "a.test"}).text == "new on a.test"
    assert site.get("/old", headers={"Host": "b.test"}).text == "legacy old"
