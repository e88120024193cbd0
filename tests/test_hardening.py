"""Security headers, no-store for signed-in users, tokens retired by a password change
(all but the one that made it), and a login for an unknown email that costs a password
check like any other."""

from __future__ import annotations

import jwt
import pytest

from tests.api.conftest import Api
from tests.conduit import fill, form_to, login, register

SECURITY_HEADERS = ["Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options",
                    "Referrer-Policy"]


# A page, a form page, JSON, both error shapes, plain text and a redirect: each kind of
# response the adapters build their own way.
@pytest.mark.parametrize("path", ["/", "/login", "/api/articles", "/no-such-page",
                                  "/api/no-such", "/guestbook", "/tfb/plaintext", "/settings"])
def test_every_answer_carries_the_security_headers(client, path):
    response = client.get(path, expect_errors=True)
    if path == "/settings":
        assert response.status_int == 303  # a visitor is sent to sign in
    names = [name.lower() for name, _ in response.headerlist]
    for name in SECURITY_HEADERS:
        assert names.count(name.lower()) == 1, name
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "SAMEORIGIN"
    assert response.headers["Referrer-Policy"] == "same-origin"
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'self'" in policy


def test_signed_in_pages_are_not_stored_and_visitors_pages_may_be(client):
    assert "no-store" not in client.get("/").headers.get("Cache-Control", "")
    register(client)
    assert client.get("/").headers["Cache-Control"] == "no-store"
    assert client.get("/settings").headers["Cache-Control"] == "no-store"


def test_api_answers_to_a_token_are_not_stored(client):
    api = Api(client)
    token = api.register("ann")
    assert api.get("/user", token).headers["Cache-Control"] == "no-store"
    assert "no-store" not in api.get("/tags").headers.get("Cache-Control", "")


def log_in(api: Api, name: str, password: str = "password123") -> str:
    body = {"user": {"email": f"{name}@example.com", "password": password}}
    return api.post("/users/login", body).json["user"]["token"]


def test_a_password_change_retires_the_other_tokens_issued_before(client):
    api = Api(client)
    presenting = api.register("ann")
    stolen = log_in(api, "ann")
    new = api.put("/user", {"user": {"password": "a new password"}},
                  presenting).json["user"]["token"]
    assert api.get("/user", stolen, status=401).json["errors"] == {"token": ["is invalid"]}
    assert api.get("/user", new).json["user"]["username"] == "ann"
    api.put("/user", {"user": {"bio": "no password here"}}, new)
    assert api.get("/user", new).json["user"]["bio"] == "no password here"


def test_the_token_that_changed_the_password_stays_valid(client):
    api = Api(client)
    presenting = api.register("ann")
    api.put("/user", {"user": {"password": "a new password"}}, presenting)
    assert api.get("/user", presenting).json["user"]["username"] == "ann"
    api.put("/user", {"user": {"bio": "still me"}}, presenting)
    assert api.get("/user", presenting).json["user"]["bio"] == "still me"


def test_a_second_password_change_retires_the_first_changes_reply(client):
    api = Api(client)
    presenting = api.register("ann")
    first = api.put("/user", {"user": {"password": "password two"}},
                    presenting).json["user"]["token"]
    second = api.put("/user", {"user": {"password": "password three"}},
                     presenting).json["user"]["token"]
    assert api.get("/user", first, status=401).json["errors"] == {"token": ["is invalid"]}
    for token in (presenting, second):
        assert api.get("/user", token).json["user"]["username"] == "ann"


def test_a_change_by_the_new_token_retires_the_one_kept_before(client):
    api = Api(client)
    presenting = api.register("ann")
    new = api.put("/user", {"user": {"password": "password two"}},
                  presenting).json["user"]["token"]
    api.put("/user", {"user": {"password": "password three"}}, new)
    assert api.get("/user", presenting, status=401).json["errors"] == {"token": ["is invalid"]}
    assert api.get("/user", new).json["user"]["username"] == "ann"


def test_a_password_change_on_the_settings_page_retires_every_token(client):
    api = Api(client)
    token = api.register("ann")
    login(client, "ann@example.com")
    fill(form_to(client.get("/settings"), "/settings"), password="a new password").submit(
        status=303)
    assert api.get("/user", token, status=401).json["errors"] == {"token": ["is invalid"]}


def test_the_kept_token_id_keeps_no_other_users_token(client, settings):
    api = Api(client)
    ann = api.register("ann")
    bob = api.register("bob")
    api.put("/user", {"user": {"password": "a new password"}}, ann)
    claims = {**unverified(bob), "jti": unverified(ann)["jti"], "ver": -1}
    forged = jwt.encode(claims, settings["SECRET_KEY"], algorithm="HS256")
    assert api.get("/user", forged, status=401).json["errors"] == {"token": ["is invalid"]}


def unverified(token: str) -> dict:
    return jwt.decode(token, options={"verify_signature": False})


def test_a_login_for_an_unknown_email_checks_a_password_too(client, monkeypatch):
    from shared.conduit import security

    checked = []
    real = security.hasher()

    class Counting:
        def __getattr__(self, name):
            return getattr(real, name)

        def verify(self, stored, password):
            checked.append(password)
            return real.verify(stored, password)

    api = Api(client)
    api.register("ann")
    monkeypatch.setattr(security, "hasher", lambda *profile: Counting())
    for email in ("ann@example.com", "nobody@example.com"):
        body = {"user": {"email": email, "password": "not the password"}}
        assert api.post("/users/login", body, status=401).json["errors"] == {
            "credentials": ["invalid"]}
    assert checked == ["not the password"] * 2
