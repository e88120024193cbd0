"""Routing and URLs: path syntax, converters, slashes, 405, URL building, mounting, hooks."""

from __future__ import annotations

import bottle
import flask
from webtest import TestApp


def bottle_client(app: bottle.Bottle) -> TestApp:
    return TestApp(app, lint=True, extra_environ={"SERVER_PROTOCOL": "HTTP/1.1"})


flask_client = bottle_client  # the same WebTest wrapper; two names read better below


# -- int converter: signs ------------------------------------------------------

def test_bottle_int_filter_takes_a_sign():
    app = bottle.Bottle()
    app.route("/n/<n:int>", "GET", lambda n: repr(n))
    client = bottle_client(app)
    assert client.get("/n/-5").text == "-5"
    assert client.get("/n/05").text == "5"


def test_flask_int_converter_takes_no_sign():
    app = flask.Flask(__name__)
    app.add_url_rule("/n/<int:n>", "n", lambda n: repr(n))
    client = flask_client(app)
    client.get("/n/-5", status=404)
    assert client.get("/n/05").text == "5"


def test_our_int_parameters_take_no_sign_in_either_build(probe_client):
    assert probe_client.get("/probe/number/05").json == {"n": 5}
    probe_client.get("/probe/number/-5", status=404)
    probe_client.get("/probe/number/+5", status=404)


# -- doubled slashes -----------------------------------------------------------

def test_bottle_does_not_merge_doubled_slashes():
    app = bottle.Bottle()
    app.route("/s/<s>", "GET", lambda s: s)
    app.route("/p/<p:path>", "GET", lambda p: p)
    client = bottle_client(app)
    client.get("/s//x", status=404)
    assert client.get("/p//x").text == "/x"


def test_flask_redirects_doubled_slashes_to_single_ones():
    app = flask.Flask(__name__)
    app.add_url_rule("/s/<s>", "s", lambda s: s)
    response = flask_client(app).get("/s//x", status=308)
    assert response.headers["Location"] == "http://localhost/s/x"  # absolute, unlike redirect()


def test_our_builds_answer_404_for_doubled_slashes(client):
    client.get("/hello//x", status=404)
    client.get("/hello/x//", status=404)
