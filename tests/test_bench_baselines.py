"""The native baselines (harness/bench/native/) answer as the builds do: timing them is fair."""

from __future__ import annotations

import pytest

from harness.bench.native import native_factory
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


SECURITY_HEADERS = ["Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options",
                    "Referrer-Policy"]


@pytest.mark.parametrize("path", ["/tfb/json", "/tfb/plaintext"])
def test_the_baseline_with_headers_sends_the_builds_security_headers(client, framework,
                                                                     settings, tfb_seeded,
                                                                     path):
    built = client.get(path)
    plain = make_client(native_factory(framework)(settings["DATABASE_URL"])).get(path)
    with_headers = make_client(native_factory(framework)(
        settings["DATABASE_URL"], security_headers=True)).get(path)
    assert shape(with_headers) == shape(built)
    for name in SECURITY_HEADERS:
        assert with_headers.headers[name] == built.headers[name]
        assert name not in plain.headers  # the plain baseline is the framework alone
