"""Bad input from the client is a clear 4xx in the documented format, never a 500."""

from __future__ import annotations

import pytest

from tests.api.conftest import Api
from tests.conduit import register
from tests.helpers import soup

HUGE_PAGE = str(2**63 + 1)  # past SQLite's integer range, and PostgreSQL's bigint


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("path", ["/api/users", "/api/users/login"])
def test_json_nested_a_thousand_deep_is_a_400(client, path):
    response = client.post(path, nested(1000), content_type="application/json", status=400)
    assert response.json == {"errors": {"body": ["The request body is not valid JSON."]}}


@pytest.mark.parametrize("field", ["username", "email", "password"])
def test_a_lone_surrogate_in_a_sign_up_is_a_422(client, field):
    user = {"username": "ann", "email": "ann@example.com", "password": "password123"}
    user[field] = "ann\ud800x" if field != "email" else "ann\ud800@example.com"
    response = client.post_json("/api/users", {"user": user}, status=422)
    assert list(response.json["errors"]) == [field]


@pytest.mark.parametrize("field", ["title", "description", "body", "tagList"])
def test_a_lone_surrogate_in_an_article_is_a_422(client, field):
    api = Api(client)
    token = api.register("ann")
    article = {"title": "T", "description": "d", "body": "b", "tagList": ["x"]}
    article[field] = ["x\udfff"] if field == "tagList" else "x\udfff"
    response = api.post("/articles", {"article": article}, token, status=422)
    assert list(response.json["errors"]) == [field]


def test_a_lone_surrogate_in_a_login_is_a_422(client):
    body = {"user": {"email": "ann@example.com", "password": "pass\ud800word"}}
    assert list(client.post_json("/api/users/login", body, status=422).json["errors"]) == [
        "password"]


@pytest.mark.parametrize("path", ["/", "/tag/bottle", "/profile/ann"])
def test_a_page_number_past_any_integer_is_a_404_page(client, path):
    register(client)
    client.get("/logout", status="*")
    response = client.get(path, {"page": HUGE_PAGE}, status=404)
    assert soup(response).select_one(".error-message").get_text()


def test_json_nested_a_thousand_deep_from_a_signed_in_user_is_a_400(client):
    token = Api(client).register("ann")
    response = client.post("/api/articles", nested(1000), content_type="application/json",
                           headers=Api.auth(token), status=400)
    assert response.json == {"errors": {"body": ["The request body is not valid JSON."]}}
