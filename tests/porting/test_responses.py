"""Responses and errors: redirects, status lines, content types, JSON, error handlers."""

from __future__ import annotations

import bottle
import flask
from webtest import TestApp

from adapters import factory
from shared.sites import SITES
from tests.conftest import make_client
from tests.porting.probes import PROBE_SITE


def native_client(app, protocol="HTTP/1.1") -> TestApp:
    return TestApp(app, lint=True, extra_environ={"SERVER_PROTOCOL": protocol})


# -- JSON responses ---

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


def test_a_dict_body_built_by_hand_is_json_in_bottle_and_its_keys_in_werkzeug():
    from werkzeug.wrappers import Response

    native = bottle.Bottle()
    native.route("/r", "GET", lambda: bottle.HTTPResponse({"a": 1}, status=201))
    response = native_client(native).get("/r", status=201)
    assert (response.content_type, response.body) == ("application/json", b'{"a": 1}')
    app = flask.Flask(__name__)
    app.add_url_rule("/r", "r", lambda: Response({"a": 1}, status=201))
    response = native_client(app).get("/r", status=201)
    assert (response.content_type, response.body) == ("text/plain", b"a")


def test_our_json_bodies_are_byte_for_byte_the_same_with_keys_as_written(probe_client):
    response = probe_client.get("/probe/payload")
    assert response.content_type == "application/json"
    assert response.body == b'{"zebra":1,"apple":["\\u00e9",null,true]}\n'
    assert probe_client.get("/api/nowhere", status=404).body == (
        b'{"errors":{"body":["There is nothing at this address."]}}\n')


def test_our_json_is_indented_in_debug_mode_in_both_builds(framework, settings):
    client = make_client(factory(framework)({**settings, "DEBUG": True},
                                            sites=(*SITES, PROBE_SITE)))
    assert client.get("/probe/payload").body == (
        b'{\n  "zebra": 1,\n  "apple": [\n    "\\u00e9",\n    null,\n    true\n  ]\n}\n')


# -- redirects ---

def test_bottle_redirect_depends_on_the_protocol_and_makes_location_absolute():
    app = bottle.Bottle()
    app.route("/r", "GET", lambda: bottle.redirect("/x"))
    old = native_client(app, "HTTP/1.0").get("/r", status=302)
    new = native_client(app, "HTTP/1.1").get("/r", status=303)
    assert old.headers["Location"] == new.headers["Location"] == "http://localhost:80/x"
    assert new.body == b""


def test_flask_redirect_is_302_with_a_relative_location_and_an_html_body():
    app = flask.Flask(__name__)
    app.add_url_rule("/r", "r", lambda: flask.redirect("/x"))
    for protocol in ("HTTP/1.0", "HTTP/1.1"):
        response = native_client(app, protocol).get("/r", status=302)
        assert response.headers["Location"] == "/x"
        assert "Redirecting..." in response.text


def sign(client):
    form = client.get("/guestbook").forms[0]
    form["name"], form["message"] = "Ann", "Hi"
    return form.submit(status="*")


def test_our_redirects_are_303_with_a_relative_location_on_any_protocol(app):
    for protocol in ("HTTP/1.0", "HTTP/1.1"):
        client = native_client(app, protocol)
        response = sign(client)
        assert response.status_int == 303
        assert response.headers["Location"] == "/guestbook"


# -- status line reason phrases ---

def test_bottle_reason_phrases_are_title_case():
    app = bottle.Bottle()
    app.route("/r", "GET", lambda: bottle.redirect("/x"))
    assert native_client(app).get("/r").status == "303 See Other"


def test_werkzeug_reason_phrases_are_upper_case():
    app = flask.Flask(__name__)
    app.add_url_rule("/r", "r", lambda: flask.redirect("/x", 303))
    assert native_client(app).get("/r").status == "303 SEE OTHER"


def test_our_status_codes_match_and_phrases_differ_only_in_case(client):
    assert sign(client).status.lower() == "303 see other"
    assert client.get("/nope", status=404).status.lower() == "404 not found"


# -- the HTML content type ---

def test_bottle_html_charset_is_upper_case():
    app = bottle.Bottle()
    app.route("/", "GET", lambda: "<p>hi</p>")
    assert native_client(app).get("/").headers["Content-Type"] == "text/html; charset=UTF-8"


def test_flask_html_charset_is_lower_case():
    app = flask.Flask(__name__)
    app.add_url_rule("/", "i", lambda: "<p>hi</p>")
    assert native_client(app).get("/").headers["Content-Type"] == "text/html; charset=utf-8"


def test_our_pages_say_utf_8_in_lower_case(client):
    assert client.get("/hello").headers["Content-Type"] == "text/html; charset=utf-8"
    assert client.get("/nope", status=404).headers["Content-Type"] == "text/html; charset=utf-8"


# -- error handlers ---

def test_bottle_error_handler_keeps_the_status():
    app = bottle.Bottle()
    app.error_handler[404] = lambda error: "custom"
    response = native_client(app).get("/nope", status=404)
    assert response.text == "custom"


def test_flask_error_handler_returning_a_body_answers_200():
    body_only, with_status = flask.Flask(__name__), flask.Flask(__name__)
    body_only.register_error_handler(404, lambda error: "custom")
    with_status.register_error_handler(404, lambda error: ("custom", 404))
    assert native_client(body_only).get("/nope", status=200).text == "custom"
    assert native_client(with_status).get("/nope", status=404).text == "custom"


def test_the_error_text_for_an_unmatched_path_is_each_frameworks_own():
    native = bottle.Bottle()
    native.route("/r", "GET", lambda: "r")
    native.error_handler[404] = native.error_handler[405] = lambda error: error.body
    client = native_client(native)
    assert client.get("/nowhere", status=404).text == "Not found: '/nowhere'"
    assert client.post("/r", status=405).text == "Method not allowed."
    app = flask.Flask(__name__)
    app.add_url_rule("/r", "r", lambda: "r")
    for code in (404, 405):
        app.register_error_handler(code, lambda error: (error.description, error.code))
    client = native_client(app)
    assert client.get("/nowhere", status=404).text.startswith(
        "The requested URL was not found on the server.")
    assert client.post("/r", status=405).text == "The method is not allowed for the requested URL."


def test_our_error_pages_keep_their_status(client):
    assert "404 Not Found" in client.get("/nope", status=404).text
    assert "400 Bad Request" in client.get("/guestbook", {"page": "x"}, status=400).text


# -- 204 No Content ---

def test_bottle_drops_content_type_and_length_on_a_204():
    app = bottle.Bottle()

    @app.delete("/x")
    def gone():
        bottle.response.status = 204
        return ""

    response = native_client(app).delete("/x", status=204)
    assert "Content-Type" not in response.headers
    assert "Content-Length" not in response.headers


def test_flask_keeps_content_type_on_a_204():
    app = flask.Flask(__name__)
    app.add_url_rule("/x", "gone", lambda: ("", 204), methods=["DELETE"])
    # WebTest's lint refuses a 204 with a Content-Type, so no lint here.
    response = TestApp(app, lint=False).delete("/x", status=204)
    assert response.headers["Content-Type"] == "text/html; charset=utf-8"


def test_our_204s_have_no_content_type_and_no_body(client):
    # lint=True (make_client) would fail the request if a Content-Type were sent.
    token = client.post_json("/api/users", {"user": {
        "username": "porter", "email": "porter@example.com", "password": "password123"}},
        status=201).json["user"]["token"]
    headers = {"Authorization": f"Token {token}"}
    slug = client.post_json("/api/articles", {"article": {
        "title": "Gone soon", "description": "d", "body": "b"}}, headers=headers,
        status=201).json["article"]["slug"]
    response = client.delete(f"/api/articles/{slug}", headers=headers, status=204)
    assert response.body == b""
    assert "Content-Type" not in response.headers


# -- Content-Length before sending (PORTING 41) ---

def test_bottle_response_has_no_content_length_until_sent():
    response = bottle.HTTPResponse("ok")
    assert response.content_length == -1
    assert "Content-Length" not in dict(response.headerlist)


def test_werkzeug_response_counts_its_content_length_at_once():
    response = flask.Response("ok")
    assert response.content_length == 2
    assert ("Content-Length", "2") in response.headers.to_wsgi_list()
