"""bottle_plugins.py, the helper a port copies to keep Bottle's plugins: each case run
on a Bottle app and on a Flask app through the helper, the answers compared."""

from __future__ import annotations

import bottle
import flask
import pytest
import webtest

from bottle2flask.port.compat.bottle_plugins import (
    install_plugin,
    route_plugins,
    uninstall_plugin,
)


class Tag:
    """A plugin object: its name, a close() that is counted."""

    api = 2

    def __init__(self, name: str) -> None:
        self.name, self.closed = name, 0

    def apply(self, callback, route):
        return lambda *a, **k: f"{self.name}({callback(*a, **k)})"

    def close(self):
        self.closed += 1


def upper(callback):
    return lambda *a, **k: callback(*a, **k).upper()


def both(build):
    """build(install, uninstall, route) on a Bottle app and on a Flask app."""
    b = bottle.Bottle()
    build(b.install, b.uninstall, lambda path, **options: b.route(path, **options))
    f = flask.Flask(__name__)

    def route(path, **options):
        def register(view):
            marked = route_plugins(f, **options)(view) if options else view
            f.add_url_rule(path, view.__name__, marked)
            return view
        return register

    build(lambda p: install_plugin(f, p), lambda p: uninstall_plugin(f, p), route)
    return webtest.TestApp(b), webtest.TestApp(f)


def answers(client, path):
    return client.get(path, expect_errors=True).text


def test_plugins_wrap_in_bottles_order_and_later_routes_too():
    def build(install, uninstall, route):
        install(Tag("a"))
        install(upper)
        route("/", apply=[Tag("r")])(lambda: "x")

        @route("/late")
        def late():
            return "late"

    b, f = both(build)
    for path, body in (("/", "a(R(X))"), ("/late", "a(LATE)")):
        assert answers(b, path) == answers(f, path) == body


def test_a_wrapper_that_returns_none_sends_an_empty_200():
    """technical-test-backend's CORS plugin skips the view for OPTIONS and returns None:
    Bottle sends an empty 200 there, Flask would raise (a 500)."""

    class Cors:
        api = 2

        def apply(self, callback, route):
            def wrapper(*a, **k):
                bottle.response.headers["X-Cors"] = "*"
                if bottle.request.method != "OPTIONS":
                    return callback(*a, **k)
            return wrapper

    b = bottle.Bottle()
    b.install(Cors())
    b.route("/", ["GET", "OPTIONS"], lambda: "page")
    f = flask.Flask(__name__)
    install_plugin(f, Cors())
    f.add_url_rule("/", "page", lambda: "page", methods=["GET", "OPTIONS"])
    b, f = webtest.TestApp(b), webtest.TestApp(f)
    for method in ("GET", "OPTIONS"):
        one, other = (c.request("/", method=method, expect_errors=True) for c in (b, f))
        assert (one.status_int, one.text, one.headers["X-Cors"]) \
            == (other.status_int, other.text, other.headers["X-Cors"])
    assert f.options("/").status_int == 200 and f.options("/").text == ""


@pytest.mark.parametrize("skip", [["a"], [Tag], [True], True, [upper]])
def test_skip_by_name_class_true_or_the_plugin_itself(skip):
    def build(install, uninstall, route):
        install(Tag("a"))
        install(upper)

        @route("/", skip=skip)
        def index():
            return "x"

    b, f = both(build)
    assert answers(b, "/") == answers(f, "/")


@pytest.mark.parametrize("remove", ["a", Tag, True])
def test_uninstall_by_name_class_or_all_closes_and_applies_again(remove):
    tags = []

    def build(install, uninstall, route):
        tags.append(install(Tag("a")))
        install(upper)

        @route("/")
        def index():
            return "x"

        @route("/off")
        def off():
            return str(len(uninstall(remove)))

    b, f = both(build)
    assert answers(b, "/") == answers(f, "/") == "a(X)"
    # uninstall(True) takes Bottle's own JSON and template plugins too: Flask has none
    removed = (answers(b, "/off"), answers(f, "/off"))  # the view ran wrapped by "a"
    assert removed == (("a(4)", "a(2)") if remove is True else ("a(1)", "a(1)"))
    assert answers(b, "/") == answers(f, "/")
    assert [t.closed for t in tags] == [1, 1]


def test_setup_runs_at_install_and_a_plugin_neither_callable_nor_applying_is_refused():
    seen = []

    class Setup:
        def setup(self, app):
            seen.append(len(app.plugins))

        def __call__(self, callback):
            return callback

    app = flask.Flask(__name__)
    for install in (bottle.Bottle().install, lambda p: install_plugin(app, p)):
        install(Setup())
        with pytest.raises(TypeError, match="Plugins must be callable"):
            install(object())
    assert seen == [2, 0]  # Bottle's own JSON and template plugins come first there


def test_a_route_merged_from_another_app_keeps_that_apps_plugins_only():
    """Bottle's merge() keeps each route's own app (route.app): the plugins applied are
    that app's, not the one it is merged into (P015's merge marks the rule)."""
    from werkzeug.routing import Rule

    b, other = bottle.Bottle(), bottle.Bottle()
    other.route("/m")(lambda: "m")
    b.install(upper)
    b.merge(other)
    f, source = flask.Flask(__name__), flask.Flask("other")
    source.add_url_rule("/m", "m", lambda: "m")
    install_plugin(f, upper)
    merged = Rule("/m", endpoint="m")
    merged.merged_from = (source, "m")
    f.url_map.add(merged)
    f.view_functions["m"] = source.view_functions["m"]
    assert answers(webtest.TestApp(b), "/m") == answers(webtest.TestApp(f), "/m") == "m"
