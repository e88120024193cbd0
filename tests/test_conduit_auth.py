"""Signing up, in and out; pages that need a login send you there and back."""

from __future__ import annotations

import pytest

from tests.conduit import (
    PASSWORD,
    field_errors,
    fill,
    form_to,
    login,
    logout,
    register,
    signed_in_as,
)
from tests.helpers import flashes, soup, text_of


def test_signing_up_signs_in_and_goes_home(client):
    response = register(client, "ann")
    assert response.headers["Location"] == "/"
    home = response.follow()
    assert flashes(home) == ["Welcome to Conduit, ann!"]
    assert signed_in_as(home) == "ann"
    nav = soup(home).select_one("nav.navbar")
    assert nav.select_one('a[href="/profile/ann"] img.user-pic')["src"].endswith(
        "/static/default-avatar.svg")
    assert [a.get_text(strip=True) for a in nav.select("a.nav-link")] == [
        "Home", "New Article", "Settings", "ann"]
    assert soup(home).select(".banner") == []  # the welcome banner is for visitors


def test_signing_out_and_in_again(client):
    register(client, "ann")
    response = logout(client)
    assert response.headers["Location"] == "/"
    home = response.follow()
    assert flashes(home) == ["You are signed out."]
    assert signed_in_as(home) is None
    assert text_of(home, "nav.navbar a.nav-link") == ["Home", "Sign in", "Sign up"]
    response = login(client, "ann@example.com")
    assert response.headers["Location"] == "/"
    assert flashes(response.follow()) == ["Welcome back, ann!"]
    assert signed_in_as(client.get("/")) == "ann"


def test_email_is_matched_without_case(client):
    register(client, "ann")
    client.reset()
    login(client, "ANN@Example.com")
    assert signed_in_as(client.get("/")) == "ann"


def test_signing_out_needs_a_post(client):
    register(client, "ann")
    client.get("/logout", status=405)
    assert signed_in_as(client.get("/")) == "ann"


@pytest.mark.parametrize(("username", "email", "password", "field", "error"), [
    ("", "a@example.com", PASSWORD, "username", "Username can't be blank"),
    ("a b", "a@example.com", PASSWORD, "username",
     "Username is invalid (use letters, digits, '.', '_' or '-')"),
    ("<script>", "a@example.com", PASSWORD, "username",
     "Username is invalid (use letters, digits, '.', '_' or '-')"),
    ("x" * 51, "a@example.com", PASSWORD, "username",
     "Username is too long (maximum is 50 characters)"),
    ("ann", "", PASSWORD, "email", "Email can't be blank"),
    ("ann", "not-an-email", PASSWORD, "email", "Email is invalid"),
    ("ann", "a@example.com", "", "password", "Password can't be blank"),
    ("ann", "a@example.com", "short", "password",
     "Password is too short (minimum is 8 characters)"),
])
def test_sign_up_errors_are_shown_by_their_fields(client, username, email, password, field,
                                                 error):
    response = register(client, username, email, password, status=422)
    assert field_errors(response, field) == [error]
    assert "has-error" in soup(response).select_one(f"#{field}").parent["class"]
    kept = response.forms[0]
    assert (kept["username"].value, kept["email"].value) == (username, email)
    assert kept["password"].value == ""  # never sent back
    assert signed_in_as(client.get("/")) is None
    login(client, "a@example.com", password or PASSWORD, status=422)


def test_every_sign_up_error_is_shown_at_once(client):
    response = register(client, "", "", "", status=422)
    assert [field_errors(response, f) for f in ("username", "email", "password")] == [
        ["Username can't be blank"], ["Email can't be blank"], ["Password can't be blank"]]


@pytest.mark.parametrize(("username", "email", "field", "error"), [
    ("ANN", "other@example.com", "username", "Username has already been taken"),
    ("bob", "Ann@Example.com", "email", "Email has already been taken"),
])
def test_a_taken_name_or_email_is_refused(app, username, email, field, error):
    from tests.conftest import make_client

    register(make_client(app), "ann")
    client = make_client(app)
    response = register(client, username, email, status=422)
    assert field_errors(response, field) == [error]
    assert signed_in_as(client.get("/")) is None


def test_a_wrong_password_is_refused_on_the_page(client):
    register(client, "ann")
    client.reset()
    response = login(client, "ann@example.com", "wrong-password", status=422)
    assert text_of(response, ".auth-box > .error-messages li") == ["Wrong email or password."]
    assert response.forms[0]["email"].value == "ann@example.com"
    assert response.forms[0]["password"].value == ""
    assert text_of(response, "h1") == ["Sign in"]
    assert signed_in_as(client.get("/")) is None


def test_sign_in_errors_are_shown_by_their_fields(client):
    response = login(client, "", "", status=422)
    assert field_errors(response, "email") == ["Email can't be blank"]
    assert field_errors(response, "password") == ["Password can't be blank"]


@pytest.mark.parametrize("path", ["/editor", "/settings", "/?feed=following"])
def test_pages_that_need_a_login_send_you_there_and_back(client, path):
    register(client, "ann")
    logout(client)
    response = client.get(path, status=303)
    assert response.headers["Location"].startswith("/login?next=/")
    page = response.follow()
    assert form_to(page, "/login")["next"].value == path
    assert login(client, "ann@example.com", path=response.headers["Location"]
                 ).headers["Location"] == path
    assert client.get(path).status_int == 200


@pytest.mark.parametrize("target", [
    "//evil.example/",
    "/\\evil.example/",
    "https://evil.example/",
    "javascript:alert(1)",
    "/\t/evil.example/",
    "evil.example",
])
def test_login_never_redirects_off_site(client, target):
    register(client, "ann")
    logout(client)
    page = client.get("/login", {"next": target})
    assert soup(page).select('input[name="next"]') == []
    form = fill(form_to(page, "/login"), email="ann@example.com", password=PASSWORD)
    assert form.submit(status=303).headers["Location"] == "/"
    # A forged `next` field in the POST itself is ignored as well.
    logout(client)
    form = form_to(client.get("/login"), "/login")
    fields = dict(form.submit_fields()) | {"email": "ann@example.com", "password": PASSWORD,
                                           "next": target}
    assert client.post("/login", fields, status=303).headers["Location"] == "/"


def test_a_signed_in_visitor_is_sent_on_from_the_login_page(client):
    register(client, "ann")
    assert client.get("/login", status=303).headers["Location"] == "/"
    assert client.get("/register", {"next": "/settings"},
                      status=303).headers["Location"] == "/settings"
