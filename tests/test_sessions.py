"""The session cookie: Flask's signed format in both builds, HttpOnly, SameSite=Lax."""

from __future__ import annotations

import hashlib
import time

import pytest
from itsdangerous import URLSafeTimedSerializer

from adapters import FRAMEWORKS, factory
from shared import sessions
from shared.conduit.seed import DEMO_PASSWORD
from tests.conftest import make_client
from tests.helpers import text_of


def sign(client):
    form = client.get("/guestbook").forms[0]
    form["name"], form["message"] = "Ann", "Hi"
    return form.submit(status=303)


def session_cookie(response) -> str:
    [header] = [v for k, v in response.headerlist
                if k == "Set-Cookie" and v.startswith("session=")]
    return header


def cookie_value(response) -> str:
    return session_cookie(response).split(";")[0].split("=", 1)[1]


def test_the_cookie_is_httponly_samesite_lax_and_signed(client):
    header = session_cookie(sign(client))
    attributes = {part.strip().split("=")[0].lower(): part for part in header.split(";")}
    assert "httponly" in attributes
    assert attributes["samesite"].split("=")[1].lower() == "lax"
    assert attributes["path"].strip() == "Path=/"
    assert "secure" not in attributes  # on only when SESSION_COOKIE_SECURE is set


def test_the_cookie_is_secure_when_configured(framework, settings):
    client = make_client(factory(framework)({**settings, "SESSION_COOKIE_SECURE": True}))
    client.extra_environ["wsgi.url_scheme"] = "https"
    assert "; Secure" in session_cookie(sign(client))


def test_a_page_that_sets_the_cookie_varies_on_it(client):
    assert "Cookie" in client.get("/guestbook").headers.get("Vary", "")


def test_a_page_read_with_the_cookie_varies_on_it(seeded):
    sign(seeded)  # the client now sends the session cookie
    response = seeded.get("/article/why-one-core-can-serve-two-frameworks")
    assert "Cookie" in response.headers["Vary"]


def test_a_bad_cookie_still_varies_and_is_not_trusted(seeded):
    seeded.set_cookie("session", "forged.value.here")
    response = seeded.get("/")
    assert response.headers["Vary"] == "Cookie"
    assert "Sign in" in text_of(response, "a.nav-link")  # read as a visitor


def test_another_sites_cookie_does_not_vary_the_page(seeded):
    seeded.set_cookie("_ga", "GA1.1.1")  # analytics cookies must not split the cache
    response = seeded.get("/")
    assert "Vary" not in response.headers


@pytest.mark.parametrize("path", [
    "/", "/?page=2", "/tag/python", "/article/why-one-core-can-serve-two-frameworks",
    "/profile/ada", "/profile/ada/favorites",
])
def test_an_anonymous_visit_starts_no_session(seeded, path):
    # As in Flask, a session exists once something is stored in it; these pages store
    # nothing for a visitor and are the same for every visitor without the cookie, so
    # a shared cache may keep them (a reader with the cookie gets Vary: Cookie).
    response = seeded.get(path)
    assert "Set-Cookie" not in response.headers
    assert "Cache-Control" not in response.headers
    assert "Vary" not in response.headers


def test_a_session_starts_once_something_is_stored_in_it(seeded):
    page = seeded.get("/login")  # its form's CSRF token is tied to a new session
    assert session_cookie(page)
    assert "Cookie" in page.headers["Vary"]
    form = page.forms[0]
    form["email"], form["password"] = "ada@example.com", DEMO_PASSWORD
    home = form.submit(status=303).follow()
    assert "Cookie" in home.headers["Vary"]  # ada's page, not a visitor's
    assert text_of(home, ".flash") == ["Welcome back, ada!"]


def test_the_cookie_holds_plain_json_readable_by_the_shared_codec(client, settings):
    value = cookie_value(sign(client))
    data = sessions.load(settings["SECRET_KEY"], value, 60)
    assert data["guestbook_signed"] == 1
    assert data["flashes"] == [["success", "Thank you for signing, Ann!"]]


@pytest.mark.parametrize(("minted_by", "read_by"), [
    (a, b) for a in FRAMEWORKS for b in FRAMEWORKS if a != b
])
def test_a_cookie_minted_by_one_framework_works_in_the_other(settings, minted_by, read_by):
    first = make_client(factory(minted_by)(settings))
    sign(first)
    cookie = cookie_value(sign(first))
    second = make_client(factory(read_by)(settings))
    second.set_cookie("session", cookie)
    assert text_of(second.get("/guestbook"), ".signed-count") == ["You have signed 2 times."]
    # And back again: the other framework's re-signed cookie is still accepted.
    cookie = cookie_value(sign(second))
    first.reset()
    first.set_cookie("session", cookie)
    assert text_of(first.get("/guestbook"), ".signed-count") == ["You have signed 3 times."]


def test_a_cookie_signed_with_another_secret_is_ignored(client):
    forged = sessions.dump("another-secret-of-enough-length", {"guestbook_signed": 7})
    client.set_cookie("session", forged)
    assert text_of(client.get("/guestbook"), ".signed-count") == []


def test_an_expired_cookie_is_an_empty_session(client, settings):
    class Past(URLSafeTimedSerializer):
        def make_signer(self, salt=None):
            signer = super().make_signer(salt)
            signer.get_timestamp = lambda: int(time.time()) - 40 * 24 * 3600
            return signer

    old = Past(settings["SECRET_KEY"], salt="cookie-session",
               serializer=sessions._CompactJSON,
               signer_kwargs={"key_derivation": "hmac", "digest_method": hashlib.sha1})
    client.set_cookie("session", old.dumps({"guestbook_signed": 5}))
    assert text_of(client.get("/guestbook"), ".signed-count") == []
    fresh = sessions.dump(settings["SECRET_KEY"], {"guestbook_signed": 5})
    client.reset()
    client.set_cookie("session", fresh)
    assert text_of(client.get("/guestbook"), ".signed-count") == ["You have signed 5 times."]


def test_an_emptied_session_deletes_the_cookie(client, settings):
    # A session holding only a flash is emptied when the flash is shown.
    client.set_cookie("session", sessions.dump(settings["SECRET_KEY"],
                                               {"flashes": [["info", "once"]]}))
    response = client.get("/hello")
    header = session_cookie(response)
    assert header.startswith("session=;") or header.startswith('session="";')
    # Both builds delete it as Flask does (Bottle's own delete_cookie writes Max-Age=-1).
    assert "max-age=0;" in header.lower() and "01 jan 1970 00:00:00 gmt" in header.lower()
