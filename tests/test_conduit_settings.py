"""The settings page: picture, name, bio, email and password."""

from __future__ import annotations

import pytest

from tests.conduit import PASSWORD, field_errors, fill, login, logout, register, signed_in_as
from tests.conftest import make_client
from tests.helpers import flashes, soup, text_of

PICTURE = "https://example.com/ann.png"


def settings_form(client):
    return client.get("/settings").forms[0]


def test_the_form_shows_your_current_settings(client):
    register(client, "ann")
    form = settings_form(client)
    assert [form[f].value for f in ("image", "username", "bio", "email", "password")] == [
        "", "ann", "", "ann@example.com", ""]
    page = client.get("/settings")
    assert text_of(page, "h1") == ["Your Settings"]
    assert text_of(page, "button") == ["Update Settings", "Or click here to logout."]


def test_updating_picture_and_bio(client):
    register(client, "ann")
    response = fill(settings_form(client), image=PICTURE, bio="Writes <b>code</b>.").submit(
        status=303)
    assert response.headers["Location"] == "/profile/ann"
    profile = response.follow()
    assert flashes(profile) == ["Your settings are saved."]
    assert text_of(profile, ".user-info p") == ["Writes <b>code</b>."]
    assert soup(profile).select_one(".user-img")["src"] == PICTURE
    assert soup(profile).select_one("nav .user-pic")["src"] == PICTURE
    # Emptied again, the bio goes and the default picture comes back.
    fill(settings_form(client), image="", bio="").submit(status=303)
    profile = client.get("/profile/ann")
    assert soup(profile).select(".user-info p") == []
    assert soup(profile).select_one(".user-img")["src"].endswith("/static/default-avatar.svg")


def test_changing_name_email_and_password(client):
    register(client, "ann")
    response = fill(settings_form(client), username="annie", email="annie@example.com",
                    password="a-new-password").submit(status=303)
    assert response.headers["Location"] == "/profile/annie"
    assert signed_in_as(response.follow()) == "annie"
    client.get("/profile/ann", status=404)
    logout(client)
    login(client, "annie@example.com", PASSWORD, status=422)
    login(client, "annie@example.com", "a-new-password")
    assert signed_in_as(client.get("/")) == "annie"


def test_an_empty_password_keeps_the_old_one(client):
    register(client, "ann")
    fill(settings_form(client), bio="New bio").submit(status=303)
    logout(client)
    login(client, "ann@example.com", PASSWORD)


@pytest.mark.parametrize(("fields", "field", "error"), [
    ({"image": "javascript:alert(1)"}, "image", "Picture URL must be an http or https address"),
    ({"image": "data:image/png;base64,AAAA"}, "image",
     "Picture URL must be an http or https address"),
    ({"username": ""}, "username", "Username can't be blank"),
    ({"username": "a/b"}, "username",
     "Username is invalid (use letters, digits, '.', '_' or '-')"),
    ({"email": "nope"}, "email", "Email is invalid"),
    ({"password": "short"}, "password", "New password is too short (minimum is 8 characters)"),
    ({"password": "        "}, "password", "New password can't be blank"),
    ({"bio": "b" * 2001}, "bio", "Bio is too long (maximum is 2000 characters)"),
])
def test_settings_errors_are_shown_by_their_fields_and_change_nothing(client, fields, field,
                                                                     error):
    register(client, "ann")
    response = fill(settings_form(client), **({"bio": "changed"} | fields)).submit(status=422)
    assert field_errors(response, field) == [error]
    assert response.forms[0]["bio"].value == fields.get("bio", "changed")
    assert settings_form(client)["bio"].value == ""
    assert signed_in_as(client.get("/")) == "ann"


@pytest.mark.parametrize(("field", "value", "error"), [
    ("username", "BOB", "Username has already been taken"),
    ("email", "bob@example.com", "Email has already been taken"),
])
def test_a_taken_name_or_email_is_refused(app, field, value, error):
    register(make_client(app), "bob")
    client = make_client(app)
    register(client, "ann")
    response = fill(settings_form(client), **{field: value}).submit(status=422)
    assert field_errors(response, field) == [error]
    assert settings_form(client)[field].value == f"ann{'@example.com' * (field == 'email')}"
