"""Fixtures for the JSON API: a client that registers users and sends their tokens."""

from __future__ import annotations

import pytest


class Api:
    """Repeated request sequences of the API tests, over the WebTest client."""

    def __init__(self, client):
        self.client = client

    def register(self, name: str, password: str = "password123") -> str:
        """Create an account and return its token."""
        body = {"user": {"username": name, "email": f"{name}@example.com",
                         "password": password}}
        return self.client.post_json("/api/users", body, status=201).json["user"]["token"]

    @staticmethod
    def auth(token: str | None) -> dict:
        return {"Authorization": f"Token {token}"} if token else {}

    def get(self, path: str, token: str | None = None, status: int = 200, **params):
        return self.client.get(f"/api{path}", params=params, headers=self.auth(token),
                               status=status)

    def post(self, path: str, body=None, token: str | None = None, status: int = 200):
        if body is None:
            return self.client.post(f"/api{path}", headers=self.auth(token), status=status)
        return self.client.post_json(f"/api{path}", body, headers=self.auth(token),
                                     status=status)

    def put(self, path: str, body, token: str | None = None, status: int = 200):
        return self.client.put_json(f"/api{path}", body, headers=self.auth(token),
                                    status=status)

    def delete(self, path: str, token: str | None = None, status: int = 200):
        return self.client.delete(f"/api{path}", headers=self.auth(token), status=status)

    def article(self, token: str, title: str = "How to train your dragon",
                tags: list[str] | None = None, **fields) -> dict:
        """Publish an article and return it as the API shows it."""
        body = {"title": title, "description": "Ever wonder how?", "body": "Very carefully.",
                **fields}
        if tags is not None:
            body["tagList"] = tags
        return self.post("/articles", {"article": body}, token, status=201).json["article"]


@pytest.fixture
def api(client) -> Api:
    """The API client of the framework under test."""
    return Api(client)

