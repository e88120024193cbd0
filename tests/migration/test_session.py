"""One session across a Bottle app and a Flask app, and the legacy cookies retired."""

from __future__ import annotations

import hashlib
import secrets

import bottle
import pytest
from flask import Flask, session
from webtest import TestApp

from bottle2flask.migrate import BottleSessions, Dispatcher, FlaskSessions, LegacyCookies, legacy
from shared import sessions

LEGACY_SECRET = "legacy-secret"
# The HMAC the installed Bottle signs its cookies with (0.12: MD5; 0.13: SHA-256, the default)
BOTTLE_DIGEST = hashlib.md5 if bottle.__version__.startswith("0.12.") else hashlib.sha256


class Site:
    """A legacy Bottle app and a Flask app sharing one session, behind the dispatcher."""

    def __init__(self):
        self.secret = secrets.token_hex(16)
        old_cookies = LegacyCookies(LEGACY_SECRET, {"user": "user"}, digestmod=BOTTLE_DIGEST)
        self.store = BottleSessions(self.secret, old_cookies)
        old = bottle.Bottle()
        old.install(self.store)

        @old.post("/old/signin")
        def old_signin():
            self.store.load()["user"] = bottle.request.forms.name
            bottle.redirect("/new/whoami")

        @old.route("/old/before-the-migration")
        def old_style_signin():  # how the app signed users in before: a pickle cookie
            bottle.response.set_cookie("user", "carol", secret=LEGACY_SECRET, path="/")

        old.route("/old/whoami", callback=lambda: self.store.load().get("user", "nobody"))

        @old.post("/old/signout")
        def old_signout():
            self.store.load().clear()
            return "bye"

        new = Flask(__name__)
        new.secret_key = self.secret
        new.session_interface = FlaskSessions(old_cookies)

        @new.post("/new/signin")
        def new_signin():
            session["user"] = "bob"
            return "hello bob"

        new.add_url_rule("/new/whoami", "whoami", lambda: session.get("user", "nobody"))
        self.client = TestApp(Dispatcher(old, new), lint=True)

    def session_cookie(self) -> dict:
        return sessions.load(self.secret, self.client.cookies.get("session"), 3600)


@pytest.fixture
def site():
    return Site()


def test_a_session_made_on_the_legacy_side_is_honoured_on_the_new_side(site):
    answer = site.client.post("/old/signin", {"name": "alice"}).follow()
    assert answer.text == "alice"
    assert site.session_cookie() == {"user": "alice"}


def test_a_session_made_on_the_new_side_is_honoured_on_the_legacy_side(site):
    site.client.post("/new/signin")
    assert site.client.get("/old/whoami").text == "bob"


def test_signing_out_on_one_side_signs_out_on_both(site):
    site.client.post("/new/signin")
    site.client.post("/old/signout")
    assert "session" not in site.client.cookies
    assert site.client.get("/new/whoami").text == "nobody"


@pytest.mark.parametrize("first", ["/new/whoami", "/old/whoami"])
def test_a_legacy_cookie_is_imported_on_first_sight_then_deleted(site, first):
    site.client.get("/old/before-the-migration")
    assert "user" in site.client.cookies
    answer = site.client.get(first)
    assert answer.text == "carol"
    assert "user" not in site.client.cookies  # the legacy format is retired
    assert site.session_cookie() == {"user": "carol"}
    other = "/old/whoami" if first == "/new/whoami" else "/new/whoami"
    assert site.client.get(other).text == "carol"


@pytest.mark.parametrize("first", ["/new/whoami", "/old/whoami"])
def test_a_forged_legacy_cookie_is_ignored_and_dropped(site, first):
    site.client.set_cookie("user", legacy.encode("user", "mallory", "not-the-secret"))
    answer = site.client.get(first)
    assert answer.text == "nobody"
    assert "session" not in site.client.cookies
    deleted = [h for h in answer.headers.getall("Set-Cookie") if h.startswith("user=")]
    assert deleted and "1970" in deleted[0]


def test_both_sides_write_the_same_cookie_format(site):
    site.client.post("/new/signin")
    flask_cookie = site.client.cookies["session"]
    site.client.post("/old/signout")
    site.client.post("/old/signin", {"name": "bob"})
    assert site.client.cookies["session"] == flask_cookie  # same clock second, same bytes
