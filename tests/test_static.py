"""Static files under /static/ in both builds, with path traversal refused."""

from __future__ import annotations

import pytest


def test_the_stylesheet_is_served(client):
    response = client.get("/static/style.css")
    assert response.content_type == "text/css"
    assert b".navbar" in response.body
    assert response.headers["Last-Modified"]


@pytest.mark.parametrize("path", [
    "/static/../bottle_app/__init__.py",
    "/static/..%2f..%2fpyproject.toml",
    "/static/%2e%2e/%2e%2e/pyproject.toml",
    "/static/no-such-file.css",
])
def test_paths_outside_the_folder_or_missing_are_404(client, path):
    response = client.get(path, status=404)
    assert b"SECRET" not in response.body and b"[project]" not in response.body
