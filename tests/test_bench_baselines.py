"""The native baselines in bench/ answer what the builds answer, so timing them is fair."""

from __future__ import annotations

import re

import pytest

from bench import native_factory
from tests.conftest import make_client
from tests.helpers import soup


@pytest.fixture
def native(framework, settings, tfb_seeded):
    """The framework's native baseline over the same seeded database."""
    return make_client(native_factory(framework)(settings["DATABASE_URL"]))


def shape(response):
    """What must match: status, content type, and the body minus its random numbers."""
    kind = response.headers["Content-Type"]
    if kind == "application/json":
        body = response.json
        rows = body if isinstance(body, list) else [body]
        body = [sorted(row) for row in rows] if "id" in rows[0] else body
    elif kind.startswith("text/html"):
        body = [[td.get_text() for td in tr.select("td, th")] for tr in soup(response)("tr")]
    else:
        body = response.body
    return response.status_int, kind, body


@pytest.mark.parametrize("path", [
    "/tfb/json", "/tfb/plaintext", "/tfb/db", "/tfb/queries", "/tfb/queries?queries=0",
    "/tfb/queries?queries=x", "/tfb/queries?queries=9", "/tfb/queries?queries=900",
    "/tfb/updates?queries=4", "/tfb/fortunes",
])
def test_the_native_baseline_answers_like_the_build(client, native, path):
    assert shape(native.get(path)) == shape(client.get(path))


@pytest.mark.parametrize("path", ["/tfb/json", "/tfb/plaintext"])
def test_the_raw_wsgi_baseline_answers_like_the_build(client, path):
    raw = make_client(native_factory("raw")())
    assert shape(raw.get(path)) == shape(client.get(path))


CSRF = re.compile(rb'value="\d{14}##[0-9a-f]{40}"')


@pytest.fixture
def floor(framework, settings):
    """The floor in the build's own template language, over the same demo database."""
    return make_client(native_factory(f"{framework}-floor")(settings["DATABASE_URL"]))


@pytest.mark.parametrize("path", [
    "/", "/api/articles", "/article/why-one-core-can-serve-two-frameworks",
    "/article/markdown-sanitised", "/article/bottle-in-one-file",
])
def test_the_floor_answers_the_builds_bytes(seeded, floor, path):
    build, ours = seeded.get(path), floor.get(path)
    assert CSRF.sub(b"TOKEN", ours.body) == CSRF.sub(b"TOKEN", build.body)
    assert ours.headers["Content-Type"] == build.headers["Content-Type"]
    # A page with a CSRF token starts a session, so the floor sets its cookie too.
    assert ("Set-Cookie" in ours.headers) == ("Set-Cookie" in build.headers)


def test_the_floor_reads_a_world_row_like_the_build(framework, settings, tfb_seeded, client):
    floor = make_client(native_factory(f"{framework}-floor")(settings["DATABASE_URL"]))
    assert shape(floor.get("/tfb/db")) == shape(client.get("/tfb/db"))
