"""bottle_members.py, the helper a port copies for Bottle's app and route members a
Flask app lacks: each answers from the Flask app's own objects as Bottle's does."""

from __future__ import annotations

import bottle
import pytest
from flask import Flask
from werkzeug.exceptions import MethodNotAllowed, NotFound
from werkzeug.test import EnvironBuilder

from bottle2flask.port.compat import bottle_members


def flask_app() -> Flask:
    app = Flask(__name__)  # with its static route, which Bottle's list has not
    app.add_url_rule("/", "home", lambda: "home")
    app.add_url_rule("/item/<int(signed=True):n>", "item", lambda n: str(n),
                     methods=["GET", "POST"])
    app.add_url_rule("/file/<path:p>", "file", lambda p: p)
    return app


def test_routes_are_listed_in_bottles_syntax_one_a_method():
    routes = bottle_members.of(flask_app()).routes
    assert [(r.rule, r.method, r.name) for r in routes] == [
        ("/", "GET", "home"), ("/item/<n:int>", "GET", "item"),
        ("/item/<n:int>", "POST", "item"), ("/file/<p:path>", "GET", "file")]


@pytest.mark.parametrize(("path", "method", "found"), [
    ("/item/-3", "POST", ("/item/<n:int>", "POST", {"n": -3})),
    ("/", "HEAD", ("/", "GET", {})),
])
def test_match_gives_the_route_and_its_arguments(path, method, found):
    environ = EnvironBuilder(path=path, method=method).get_environ()
    route, args = bottle_members.of(flask_app()).match(environ)
    assert (route.rule, route.method, args) == found


@pytest.mark.parametrize(("path", "method", "error"), [
    ("/nope", "GET", NotFound), ("/", "DELETE", MethodNotAllowed)])
def test_match_raises_the_404_or_405_bottle_answers(path, method, error):
    with pytest.raises(error):
        bottle_members.of(flask_app()).router.match(
            EnvironBuilder(path=path, method=method).get_environ())


def test_the_default_plugins_are_flasks_own_work_and_wrap_nothing():
    plugins = bottle_members.of(flask_app()).plugins
    assert [p.name for p in plugins] == [p.name for p in bottle.Bottle().plugins]
    view = object()
    assert all(p.apply(view, None) is view for p in plugins)


def test_error_handlers_by_code_and_the_default_error_page():
    app = flask_app()
    app.register_error_handler(404, print)
    members = bottle_members.of(app)
    assert members.error_handler == {404: print}
    assert "<title>400 Bad Request</title>" in members.default_error_handler(
        bottle.HTTPError(400))


def test_resources_are_found_as_bottles_resource_manager_finds_them(tmp_path, monkeypatch):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "a.txt").write_text("a")
    monkeypatch.chdir(tmp_path)
    ours, theirs = bottle_members.ResourceManager(), bottle.ResourceManager()
    for manager in (ours, theirs):
        assert manager.add_path("./data/") is True
        assert manager.add_path("./missing/") is False
    assert ours.path == theirs.path
    assert ours.lookup("a.txt") == theirs.lookup("a.txt") == str(tmp_path / "data" / "a.txt")
    assert ours.lookup("b.txt") is theirs.lookup("b.txt") is None
    with ours.open("a.txt") as f:
        assert f.read() == "a"
    with pytest.raises(OSError, match="not found"):
        ours.open("b.txt")


def test_each_route_of_a_view_keeps_its_own_config():
    app = flask_app()
    app.config["site"] = "shop"

    @app.route("/a")
    @bottle_members.route_config("/a", answer=42)
    @app.route("/b")
    def view():
        route = bottle_members.current_route()
        return repr((route.config.get("answer"), route.get_config("site"), route.rule))

    client = app.test_client()
    assert client.get("/a").text == "(42, 'shop', '/a')"
    assert client.get("/b").text == "(None, 'shop', '/b')"


def test_a_value_set_on_a_routes_config_stays_the_routes():
    app = flask_app()

    @app.route("/count")
    def count():
        config = bottle_members.current_route().config
        config["n"] = config.get("n", 0) + 1
        return str(config["n"])

    client = app.test_client()
    assert [client.get("/count").text for _ in range(2)] == ["1", "2"]
    assert "n" not in app.config
