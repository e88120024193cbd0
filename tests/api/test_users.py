"""Registration, login, the current user and its updates."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text

from shared.conduit.security import make_token

ANN = {"username": "ann", "email": "ann@example.com", "password": "password123"}


def test_registering_answers_201_with_the_user_and_a_token(api):
    user = api.post("/users", {"user": ANN}, status=201).json["user"]
    assert user["username"] == "ann" and user["email"] == "ann@example.com"
    assert user["bio"] is None and user["image"] is None
    assert set(user) == {"email", "token", "username", "bio", "image"}
    assert api.get("/user", user["token"]).json["user"]["username"] == "ann"


def test_logging_in_returns_a_working_token(api):
    api.register("ann")
    response = api.post("/users/login", {"user": {"email": "ANN@example.com",
                                                   "password": "password123"}})
    user = response.json["user"]
    assert user["username"] == "ann"
    assert api.get("/user", user["token"]).json["user"]["email"] == "ann@example.com"


@pytest.mark.parametrize(("email", "password"), [
    ("ann@example.com", "wrong-password"),
    ("nobody@example.com", "password123"),
])
def test_a_wrong_login_is_401_invalid_credentials(api, email, password):
    api.register("ann")
    body = {"user": {"email": email, "password": password}}
    response = api.post("/users/login", body, status=401)
    assert response.json == {"errors": {"credentials": ["invalid"]}}


@pytest.mark.parametrize(("field", "value"), [
    ("username", ""), ("email", ""), ("password", ""),
    ("username", "   "), ("username", None), ("email", 42), ("password", ["x"]),
])
def test_registering_with_a_blank_or_mistyped_field_is_422(api, field, value):
    response = api.post("/users", {"user": {**ANN, field: value}}, status=422)
    assert response.json == {"errors": {field: ["can't be blank"]}}


@pytest.mark.parametrize("field", ["username", "email", "password"])
def test_registering_without_a_field_is_422(api, field):
    user = {k: v for k, v in ANN.items() if k != field}
    assert api.post("/users", {"user": user}, status=422).json["errors"] == {
        field: ["can't be blank"]}


@pytest.mark.parametrize(("field", "value"), [
    ("username", "ann"), ("email", "ann@example.com"), ("email", "ANN@Example.com"),
])
def test_a_taken_username_or_email_is_409(api, field, value):
    api.register("ann")
    other = {"username": "bob", "email": "bob@example.com", "password": "password123"}
    response = api.post("/users", {"user": {**other, field: value}}, status=409)
    assert response.json == {"errors": {field: ["has already been taken"]}}


def test_a_password_under_8_characters_is_422(api):
    response = api.post("/users", {"user": {**ANN, "password": "short7c"}}, status=422)
    assert list(response.json["errors"]) == ["password"]


def test_a_malformed_email_is_422(api):
    response = api.post("/users", {"user": {**ANN, "email": "not-an-email"}}, status=422)
    assert response.json == {"errors": {"email": ["is invalid"]}}


@pytest.mark.parametrize(("field", "value"), [("email", ""), ("password", "")])
def test_logging_in_with_a_blank_field_is_422(api, field, value):
    body = {"user": {"email": "ann@example.com", "password": "password123", field: value}}
    assert api.post("/users/login", body, status=422).json == {
        "errors": {field: ["can't be blank"]}}


def test_passwords_are_stored_hashed(api, settings):
    api.register("ann", password="correct horse battery")
    engine = create_engine(settings["DATABASE_URL"])
    with engine.connect() as connection:
        stored = connection.execute(text("SELECT password_hash FROM users")).scalar_one()
    engine.dispose()
    assert "correct horse" not in stored and stored.startswith("$argon2")


def test_updating_the_user_changes_only_the_fields_sent(api):
    token = api.register("ann")
    user = api.put("/user", {"user": {"bio": "I like to skateboard"}}, token).json["user"]
    assert user["bio"] == "I like to skateboard" and user["email"] == "ann@example.com"
    user = api.put("/user", {"user": {"image": "https://example.com/ann.jpg"}}, token)
    assert user.json["user"]["bio"] == "I like to skateboard"
    assert api.get("/user", token).json["user"]["image"] == "https://example.com/ann.jpg"


@pytest.mark.parametrize("field", ["bio", "image"])
@pytest.mark.parametrize("empty", ["", None])
def test_an_empty_bio_or_image_is_stored_as_null(api, field, empty):
    token = api.register("ann")
    value = "https://example.com/a.png" if field == "image" else "Hello"
    api.put("/user", {"user": {field: value}}, token)
    assert api.put("/user", {"user": {field: empty}}, token).json["user"][field] is None
    assert api.get("/user", token).json["user"][field] is None


def test_changing_username_email_and_password_keeps_the_account(api):
    token = api.register("ann")
    body = {"user": {"username": "ann2", "email": "ann2@example.com",
                     "password": "a" * 64}}
    user = api.put("/user", body, token).json["user"]
    assert (user["username"], user["email"]) == ("ann2", "ann2@example.com")
    assert api.get("/user", user["token"]).json["user"]["username"] == "ann2"
    api.post("/users/login", {"user": {"email": "ann2@example.com", "password": "a" * 64}})
    api.post("/users/login", {"user": {"email": "ann2@example.com",
                                       "password": "password123"}}, status=401)
    api.get("/profiles/ann", status=404)


@pytest.mark.parametrize(("field", "value"), [
    ("email", ""), ("email", None), ("username", ""), ("username", None),
    ("password", ""), ("password", None), ("password", "short7c"), ("bio", 5),
])
def test_an_invalid_update_is_422_and_changes_nothing(api, field, value):
    token = api.register("ann")
    response = api.put("/user", {"user": {"bio": "kept?", field: value}}, token, status=422)
    assert list(response.json["errors"]) == [field]
    assert api.get("/user", token).json["user"]["bio"] is None


def test_updating_to_a_taken_username_is_409(api):
    api.register("bob")
    token = api.register("ann")
    response = api.put("/user", {"user": {"username": "bob"}}, token, status=409)
    assert response.json == {"errors": {"username": ["has already been taken"]}}
    api.put("/user", {"user": {"username": "ann", "email": "ann@example.com"}}, token)


def test_an_image_must_be_a_web_address(api):
    token = api.register("ann")
    response = api.put("/user", {"user": {"image": "javascript:alert(1)"}}, token, status=422)
    assert list(response.json["errors"]) == ["image"]


@pytest.mark.parametrize(("method", "path"), [("get", "/user"), ("put", "/user")])
def test_the_current_user_needs_a_token(api, method, path):
    if method == "get":
        response = api.get(path, status=401)
    else:
        response = api.put(path, {"user": {"bio": "x"}}, status=401)
    assert response.json == {"errors": {"token": ["is missing"]}}
    assert response.headers["WWW-Authenticate"] == "Token"


@pytest.mark.parametrize("header", [
    "Token not-a-jwt", "Token ", "Basic YW5uOnB3", "Token a.b.c",
])
def test_a_bad_token_is_401_is_invalid(api, client, header):
    response = client.get("/api/user", headers={"Authorization": header}, status=401)
    assert response.json == {"errors": {"token": ["is invalid"]}}


def test_an_expired_or_foreign_token_is_401(api, settings):
    api.register("ann")
    expired = make_token(settings["SECRET_KEY"], 1, -10)
    foreign = make_token("another-secret-of-sufficient-length", 1, 3600)
    for token in (expired, foreign):
        assert api.get("/user", token, status=401).json == {
            "errors": {"token": ["is invalid"]}}


def test_a_token_of_a_deleted_user_is_401(api, settings):
    token = api.register("ann")
    engine = create_engine(settings["DATABASE_URL"])
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM users"))
    engine.dispose()
    assert api.get("/user", token, status=401).json["errors"] == {"token": ["is invalid"]}
