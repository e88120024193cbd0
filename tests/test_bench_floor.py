"""The floor (harness/bench/native/floor.py: raw sqlite3, the builds' templates, bare WSGI)
gives the builds' bytes.

The floor is SQLite by definition, so these tests pin SQLite whatever `--db` says.
"""

from __future__ import annotations

import re

import pytest

from harness.bench.native import native_factory
from tests.conftest import make_client
from tests.test_bench_baselines import shape


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
