"""The API's envelope: request bodies, error shapes, status codes and CORS."""

from __future__ import annotations

import pytest

from adapters import factory
from tests.conftest import make_client

ORIGIN = "https://app.example.com"


def test_malformed_json_is_a_400_json_error(api, client):
    token = api.register("ann")
    response = client.post("/api/articles", b'{"article": {"title": ', status=400,
                           headers={**api.auth(token), "Content-Type": "application/json"})
    assert response.content_type == "application/json"
    assert response.json == {"errors": {"body": ["The request body is not valid JSON."]}}


@pytest.mark.parametrize(("body", "errors"), [
    ([1, 2], {"body": ["must be a JSON object"]}),
    ("user", {"body": ["must be a JSON object"]}),
    (None, {"body": ["must be a JSON object"]}),
    ({}, {"user": ["can't be blank"]}),
    ({"username": "ann"}, {"user": ["can't be blank"]}),
    ({"user": "ann"}, {"user": ["can't be blank"]}),
    ({"user": None}, {"user": ["can't be blank"]}),
])
def test_a_body_that_is_not_the_wrapped_object_is_422(client, body, errors):
    response = client.post_json("/api/users", body, status=422)
    assert response.json == {"errors": errors}


def test_a_body_that_is_not_json_is_415(client):
    response = client.post("/api/users", {"user": "ann"}, status=415)
    assert response.json == {"errors": {"body": [
        "must be JSON, sent with Content-Type: application/json"]}}


def test_a_body_over_the_limit_is_a_413_json_error(framework, settings):
    client = make_client(factory(framework)({**settings, "MAX_CONTENT_LENGTH": 1000}))
    user = {"username": "ann", "email": "ann@example.com", "password": "p" * 2000}
    response = client.post_json("/api/users", {"user": user}, status=413)
    assert response.json == {"errors": {"body": [
        "The request body is larger than this server accepts."]}}
    user["password"] = "password123"
    client.post_json("/api/users", {"user": user}, status=201)


def test_an_unknown_api_path_and_a_wrong_method_answer_json(client):
    assert client.get("/api/nothing/here", status=404).json == {
        "errors": {"body": ["There is nothing at this address."]}}
    response = client.patch("/api/articles", status=405)
    assert response.content_type == "application/json"
    assert {m.strip() for m in response.headers["Allow"].split(",")} >= {"GET", "POST"}


def test_api_answers_are_json_never_html(api, client):
    for response in (client.get("/api/user", status=401),
                     client.get("/api/profiles/nobody", status=404),
                     client.post_json("/api/users", {}, status=422)):
        assert response.content_type == "application/json"
        assert "<" not in response.text


def cors_client(framework, settings, origins):
    return make_client(factory(framework)({**settings, "CORS_ORIGINS": origins}))


def test_a_preflight_from_an_allowed_origin_is_answered(framework, settings):
    client = cors_client(framework, settings, (ORIGIN,))
    response = client.options("/api/articles/some-slug", status=204, headers={
        "Origin": ORIGIN, "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "authorization, content-type"})
    assert response.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert "PUT" in response.headers["Access-Control-Allow-Methods"]
    allowed = response.headers["Access-Control-Allow-Headers"].lower()
    assert "authorization" in allowed and "content-type" in allowed
    assert "Origin" in response.headers["Vary"]
    assert response.body == b""


def test_every_api_answer_carries_cors_headers_for_an_allowed_origin(framework, settings):
    client = cors_client(framework, settings, (ORIGIN, "http://localhost:4200"))
    headers = {"Origin": ORIGIN}
    for response in (client.get("/api/tags", headers=headers),
                     client.get("/api/user", headers=headers, status=401),
                     client.get("/api/nothing", headers=headers, status=404),
                     client.post_json("/api/users", {}, headers=headers, status=422)):
        assert response.headers["Access-Control-Allow-Origin"] == ORIGIN


def test_other_origins_and_pages_get_no_cors_headers(framework, settings):
    client = cors_client(framework, settings, (ORIGIN,))
    evil = {"Origin": "https://evil.example.com"}
    assert "Access-Control-Allow-Origin" not in client.get("/api/tags", headers=evil).headers
    preflight = client.options("/api/tags", headers=evil, status=204)
    assert "Access-Control-Allow-Methods" not in preflight.headers
    page = client.get("/guestbook", headers={"Origin": ORIGIN})
    assert "Access-Control-Allow-Origin" not in page.headers


def test_a_wildcard_allows_any_origin(framework, settings):
    client = cors_client(framework, settings, ("*",))
    response = client.get("/api/tags", headers={"Origin": "http://localhost:3000"})
    assert response.headers["Access-Control-Allow-Origin"] == "*"


def test_without_configured_origins_there_is_no_cors(client):
    response = client.options("/api/tags", headers={"Origin": ORIGIN}, status=204)
    assert "Access-Control-Allow-Origin" not in response.headers
    assert "Access-Control-Allow-Origin" not in client.get(
        "/api/tags", headers={"Origin": ORIGIN}).headers


def test_options_on_an_unknown_api_path_is_still_404(client):
    client.options("/api/nothing/here", status=404)
