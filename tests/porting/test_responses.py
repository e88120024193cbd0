"""Responses and errors: redirects, status lines, content types, JSON, error handlers."""

from __future__ import annotations

import bottle
import flask
from webtest import TestApp

from adapters import factory
from shared import core
from tests.conftest import make_client
from tests.porting.probes import PROBES


def native_client(app, protocol="HTTP/1.1") -> TestApp:
    return TestApp(app, lint=True, extra_environ={"SERVER_PROTOCOL": protocol})


# -- JSON responses -------------------------------------------------------------

def test_bottle_returns_dicts_as_json_in_insertion_order_but_not_lists():
    app = bottle.Bottle()
    app.route("/d", "GET", lambda: {"b": 1, "a": "é"})
    app.route("/l", "GET", lambda: [1, 2])
    client = native_client(app)
    response = client.get("/d")
    assert response.content_type == "application/json"
    assert response.body == b'{"b": 1, "a": "\\u00e9"}'
    client.get("/l", status=500, expect_errors=True)  # a list is not JSON to Bottle


def test_flask_returns_dicts_and_lists_as_compact_sorted_json():
    app = flask.Flask(__name__)
    app.add_url_rule("/d", "d", lambda: {"b": 1, "a": "é"})
    app.add_url_rule("/l", "l", lambda: [1, 2])
    client = native_client(app)
    assert client.get("/d").body == b'{"a":"\\u00e9","b":1}\n'
    assert client.get("/l").body == b"[1,2]\n"
    app.debug = True
    assert client.get("/l").body == b"[\n  1,\n  2\n]\n"


def test_our_json_bodies_are_byte_for_byte_the_same(probe_client):
    response = probe_client.get("/probe/payload")
    assert response.content_type == "application/json"
    assert response.body == b'{"apple":["\\u00e9",null,true],"zebra":1}\n'
    assert probe_client.get("/api/nowhere", status=404).body == (
        b'{"errors":{"body":["There is nothing at this address."]}}\n')


def test_our_json_is_indented_in_debug_mode_in_both_builds(framework, settings, monkeypatch):
    monkeypatch.setattr(core, "ROUTES", [*core.ROUTES, *PROBES])
    client = make_client(factory(framework)({**settings, "DEBUG": True}))
    assert client.get("/probe/payload").body == (
        b'{\n  "apple": [\n    "\\u00e9",\n    null,\n    true\n  ],\n  "zebra": 1\n}\n')
