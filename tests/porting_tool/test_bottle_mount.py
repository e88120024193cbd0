"""bottle_mount.py, the helper a port copies to mount any app at a run-time prefix:
a Flask app with it answers as a Bottle app with the same mount."""

from __future__ import annotations

import bottle
import pytest
import webtest
from flask import Flask

from bottle2flask.port.compat.bottle_mount import mount

PATHS = ("/", "/api", "/api/", "/api/x", "/api/x/", "/apix", "/a/b", "/a/b/c", "/a/bc",
         "/api/v2/x")


def echo(environ, start_response):
    """A plain WSGI app: where the mount put the request."""
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [f"{environ.get('SCRIPT_NAME', '')}|{environ['PATH_INFO']}".encode()]


def bottle_parent(mounts):
    app = bottle.Bottle()
    app.route("/", callback=lambda: "parent home")
    app.route("/api", callback=lambda: "parent api")
    for prefix, other in mounts:
        app.mount(prefix, other)
    return app


def flask_parent(mounts):
    app = Flask(__name__)
    app.add_url_rule("/", "home", lambda: "parent home")
    app.add_url_rule("/api", "api", lambda: "parent api")
    for prefix, other in mounts:
        mount(app, prefix, other)
    return app


def answers(wsgi, path):
    response = webtest.TestApp(wsgi).get(path, expect_errors=True)
    return response.status_int, response.text if response.status_int == 200 else ""


@pytest.mark.parametrize(("mounts"), [
    [("/api/", echo)],
    [("/api", echo)],
    [("/a/b/", echo), ("/api", echo)],
    [("/api", echo), ("/api/v2/", echo)],  # the first made answers, as Bottle's router
    [("/api/v2/", echo), ("/api", echo)],
], ids=["slash", "bare", "two", "first-made", "longer-first"])
def test_a_mounted_wsgi_app_answers_as_under_bottles_mount(mounts):
    bottle_app, flask_app = bottle_parent(mounts), flask_parent(mounts)
    for path in PATHS:
        assert answers(bottle_app, path) == answers(flask_app, path), path


def test_a_flask_app_mounted_sees_the_prefix_in_script_name():
    child = Flask("child")
    child.add_url_rule("/x", "x", lambda: __import__("flask").request.path)
    child.add_url_rule("/", "root", lambda: "child root")
    app = Flask(__name__)
    mount(app, "/" + "sub", child)  # a prefix made at run time
    client = webtest.TestApp(app)
    assert client.get("/sub/x").text == "/x"
    assert client.get("/sub").text == client.get("/sub/").text == "child root"
    assert client.get("/x", expect_errors=True).status_int == 404


@pytest.mark.parametrize(("prefix", "other", "error"), [
    ("api/", echo, ValueError),
    (None, echo, ValueError),
    ("/api/", "not an app", TypeError),
])
def test_a_mount_bottle_refuses_is_refused_with_a_clear_error(prefix, other, error):
    with pytest.raises(error, match="mount|Prefix"):
        mount(Flask(__name__), prefix, other)
