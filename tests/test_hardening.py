"""Security headers, no-store for signed-in users, tokens retired by a password change,
and a login for an unknown email that costs a password check like any other."""

from __future__ import annotations

import pytest

from tests.api.conftest import Api
from tests.conduit import register

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


def test_a_password_change_retires_the_tokens_issued_before(client):
    api = Api(client)
    old = api.register("ann")
    new = api.put("/user", {"user": {"password": "a new password"}}, old).json["user"]["token"]
    assert api.get("/user", old, status=401).json["errors"] == {"token": ["is invalid"]}
    assert api.get("/user", new).json["user"]["username"] == "ann"
    api.put("/user", {"user": {"bio": "no password here"}}, new)
    assert api.get("/user", new).json["user"]["bio"] == "no password here"


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
