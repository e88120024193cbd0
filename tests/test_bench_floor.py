"""The Conduit baselines give the builds' output: the floor (raw sqlite3, the builds'
templates, bare WSGI) their bytes, the native apps' home page and article list theirs.

Both read with raw sqlite3, so these tests pin SQLite whatever `--db` says.
"""

from __future__ import annotations

import re
import sqlite3
from urllib.parse import unquote_to_bytes

import pytest

from harness.bench.native import native_factory
from tests.conftest import make_client
from tests.test_bench_baselines import SECURITY_HEADERS, shape


@pytest.fixture
def settings(settings, tmp_path):
    return {**settings, "DATABASE_URL": f"sqlite:///{tmp_path / 'floor.sqlite3'}"}


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


@pytest.fixture(params=[False, True], ids=["held", "per-request"])
def native(request, framework, settings):
    """The framework's native app, sending the builds' security headers, with one
    sqlite3 connection held or one opened per request (as the tutorials write it)."""
    return make_client(native_factory(framework)(settings["DATABASE_URL"],
                                                 security_headers=True,
                                                 per_request=request.param))


HREF = re.compile(rb'href="([^"]*)"')


def same_links(body: bytes) -> bytes:
    # Bottle's get_url quotes the "/" of a query value (/login?next=%2F); the builds and
    # Flask do not. The same address either way.
    return HREF.sub(lambda m: b'href="' + unquote_to_bytes(m[1]) + b'"', body)


@pytest.mark.parametrize("path", ["/", "/?page=2"])
def test_the_native_home_page_is_the_builds(seeded, native, path):
    build, ours = seeded.get(path), native.get(path)
    assert same_links(ours.body) == same_links(build.body)
    assert (ours.content_type, ours.charset.lower()) == ("text/html", "utf-8")
    assert "Set-Cookie" not in ours.headers and "Set-Cookie" not in build.headers
    for name in SECURITY_HEADERS:
        assert ours.headers[name] == build.headers[name]


@pytest.mark.parametrize("path", ["/api/articles", "/api/articles?limit=3&offset=4"])
def test_the_native_article_list_is_the_builds(seeded, native, path):
    build, ours = seeded.get(path), native.get(path)
    assert ours.json == build.json
    assert len(ours.json["articles"]) == (3 if "limit" in path else 12)  # the demo has 12
    assert ours.content_type == build.content_type == "application/json"
    for name in SECURITY_HEADERS:
        assert ours.headers[name] == build.headers[name]


def test_the_native_pages_link_with_the_frameworks_own_url_builder(seeded, native):
    # The pages the home page links to are registered by name, never served.
    assert native.get("/login", status=404)
    assert native.get("/static/style.css").body == seeded.get("/static/style.css").body


def test_a_per_request_connection_is_closed_after_the_request(settings, seeded):
    """The per-request native opens its connection for the request and closes it."""
    from harness.bench.native.conduit import Reads

    reads = Reads(settings["DATABASE_URL"], per_request=True)
    with reads.opened() as opened:
        assert opened is not reads and opened.listing(3)[1] > 0
    with pytest.raises(sqlite3.ProgrammingError):  # closed
        opened.db.execute("SELECT 1")
    held = Reads(settings["DATABASE_URL"])
    with held.opened() as same:
        assert same is held
