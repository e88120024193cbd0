"""Sessions and cookies: Bottle has no session; Flask signs JSON; ours is Flask's format."""

from __future__ import annotations

import bottle
import flask
import pytest
from webtest import TestApp

from shared import sessions

SECRET = "a-test-secret-of-enough-length"


def native_client(app) -> TestApp:
    return TestApp(app, lint=True, extra_environ={"SERVER_PROTOCOL": "HTTP/1.1"})


def set_cookies(response) -> list[str]:
    return [v for k, v in response.headerlist if k == "Set-Cookie"]


# -- session formats ---

def test_bottle_secret_cookies_pickle_their_values():
    app = bottle.Bottle()

    @app.get("/set")
    def set_():
        bottle.response.set_cookie("s", "text", secret=SECRET)
        return ""

    @app.get("/set-dict")
    def set_dict():
        bottle.response.set_cookie("s", {"n": 1}, secret=SECRET)
        return ""

    app.route("/get", "GET", lambda: repr(bottle.request.get_cookie("s", secret=SECRET)))
    client = native_client(app)
    [cookie] = set_cookies(client.get("/set"))
    assert cookie.startswith('s="!') and "?" in cookie  # signature ? base64(pickle)
    assert client.get("/get").text == "'text'"
    with pytest.warns(DeprecationWarning, match="Pickling of arbitrary objects"):
        client.get("/set-dict")


def test_flask_session_is_signed_json():
    app = flask.Flask(__name__)
    app.secret_key = SECRET

    @app.get("/")
    def index():
        flask.session["n"] = 1
        return ""

    [cookie] = set_cookies(native_client(app).get("/"))
    value = cookie.split(";")[0].split("=", 1)[1]
    serializer = app.session_interface.get_signing_serializer(app)
    assert serializer.loads(value) == {"n": 1}
    assert serializer.salt == b"cookie-session"


def test_shared_sessions_round_trip_with_flasks_own_serializer():
    app = flask.Flask(__name__)
    app.secret_key = SECRET
    flasks = app.session_interface.get_signing_serializer(app)
    data = {"user": 7, "flashes": [["success", "Grüße ✓"]], "z": None}
    assert flasks.loads(sessions.dump(SECRET, data)) == data
    assert sessions.load(SECRET, flasks.dumps(data), 60) == data


def test_our_session_cookie_is_flasks_format_in_both_builds(client, settings):
    form = client.get("/guestbook").forms[0]
    form["name"], form["message"] = "Ann", "Hi"
    [cookie] = [c for c in set_cookies(form.submit(status=303)) if c.startswith("session=")]
    app = flask.Flask(__name__)
    app.secret_key = settings["SECRET_KEY"]
    data = app.session_interface.get_signing_serializer(app).loads(
        cookie.split(";")[0].split("=", 1)[1])
    assert data["guestbook_signed"] == 1


# -- cookie attributes ---

def test_bottle_writes_samesite_as_given_and_deletes_with_max_age_minus_one():
    app = bottle.Bottle()

    @app.get("/")
    def index():
        bottle.response.set_cookie("a", "b", samesite="lax", httponly=True, path="/")
        bottle.response.delete_cookie("gone", path="/")
        return ""

    assert set_cookies(native_client(app).get("/")) == [
        "a=b; HttpOnly; Path=/; SameSite=lax",
        'gone=""; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=-1; Path=/',
    ]


def test_werkzeug_writes_samesite_capitalised_and_deletes_with_max_age_zero():
    app = flask.Flask(__name__)

    @app.get("/")
    def index():
        response = flask.make_response("")
        response.set_cookie("a", "b", samesite="lax", httponly=True, path="/")
        response.delete_cookie("gone", path="/")
        return response

    assert set_cookies(native_client(app).get("/")) == [
        "a=b; HttpOnly; Path=/; SameSite=Lax",
        "gone=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/",
    ]


def test_our_session_cookie_is_set_and_deleted_alike(client, settings):
    client.set_cookie("session", sessions.dump(settings["SECRET_KEY"],
                                               {"flashes": [["info", "once"]]}))
    [deleted] = [c for c in set_cookies(client.get("/hello")) if c.startswith("session=")]
    attributes = {a.split("=")[0].strip().lower(): a.split("=", 1)[-1] for a in deleted.split(";")}
    assert attributes["max-age"] == "0" and attributes["session"] in {"", '""'}
    assert attributes["path"] == "/" and "httponly" in attributes
    assert attributes["samesite"].lower() == "lax"
