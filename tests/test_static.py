"""Static files under /static/ in both builds, with path traversal refused."""

from __future__ import annotations

import pytest

from tests.helpers import soup


def test_the_stylesheet_is_served(client):
    response = client.get("/static/style.css")
    assert response.content_type == "text/css"
    assert b".navbar" in response.body
    assert response.headers["Last-Modified"]


def test_the_favicon_is_linked_and_favicon_ico_leads_to_it(client):
    icon = soup(client.get("/")).select_one("link[rel=icon]")
    assert (icon["href"], icon["type"]) == ("/static/favicon.svg", "image/svg+xml")
    response = client.get("/favicon.ico", status=302)
    assert response.headers["Location"] == "/static/favicon.svg"
    svg = response.follow()
    assert svg.content_type == "image/svg+xml" and svg.body.startswith(b"<svg")


@pytest.mark.parametrize("path", [
    "/static/../bottle_app/__init__.py",
    "/static/..%2f..%2fpyproject.toml",
    "/static/%2e%2e/%2e%2e/pyproject.toml",
    "/static/no-such-file.css",
])
def test_paths_outside_the_folder_or_missing_are_404(client, path):
    response = client.get(path, status=404)
    assert b"SECRET" not in response.body and b"[project]" not in response.body


def test_options_on_a_static_file_is_a_405_as_on_every_route(client):
    # Flask's own static rule answered OPTIONS itself (found by the fuzz test; PORTING 14).
    response = client.options("/static/style.css", status=405)
    assert sorted(response.headers["Allow"].split(", ")) == ["GET", "HEAD"]


def test_a_range_of_the_stylesheet_is_served(client):
    response = client.get("/static/style.css", headers={"Range": "bytes=0-9"}, status=206)
    assert len(response.body) == 10


# Werkzeug refused both with a 416; RFC 9110 and Bottle serve them (PORTING 30).
@pytest.mark.parametrize("header", ["bytes=-99999999999", "bytes=-99999999999,0-1"])
def test_a_suffix_range_longer_than_the_file_is_the_whole_file(client, header):
    whole = client.get("/static/style.css").body
    response = client.get("/static/style.css", headers={"Range": header}, status=206)
    assert response.body == whole
    assert response.headers["Content-Range"] == f"bytes 0-{len(whole) - 1}/{len(whole)}"


@pytest.mark.parametrize("header", ["bytes=0-1,5-6", "bytes=99999999-,0-1", "bytes=x,0-1"])
def test_several_ranges_are_served_as_the_first_that_fits(client, header):
    whole = client.get("/static/style.css").body
    response = client.get("/static/style.css", headers={"Range": header}, status=206)
    assert response.body == whole[:2]
    assert response.headers["Content-Range"] == f"bytes 0-1/{len(whole)}"


def test_an_unsatisfiable_range_is_the_416_error_page(client):
    response = client.get("/static/style.css", headers={"Range": "bytes=999999-"}, status=416)
    assert response.content_type == "text/html"
    assert soup(response).select_one("h1").get_text() == "416 Requested Range Not Satisfiable"
    assert soup(response).select_one("nav.navbar")  # our layout, not the framework's page
