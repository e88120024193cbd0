"""What the benchmarks run: the five apps and the endpoint table."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from adapters import factory

from .native import native_factory

# name -> (label, how to build it in-process, what gunicorn serves)
APPS = {
    "raw": ("raw WSGI", lambda url: native_factory("raw")(),
            "harness.bench.native.raw_wsgi:create_app()"),
    "bottle-native": ("Bottle (native)", lambda url: native_factory("bottle")(url),
                      "harness.bench.native.bottle:create_app()"),
    # The natives plus the builds' four security headers: what is left is the adapter's.
    "bottle-headers": ("Bottle (native + headers)",
                       lambda url: native_factory("bottle")(url, security_headers=True),
                       "harness.bench.native.bottle:create_app(security_headers=True)"),
    "bottle-build": ("Bottle build", lambda url: _build("bottle", url),
                     "bottle_app:create_app()"),
    "flask-native": ("Flask (native)", lambda url: native_factory("flask")(url),
                     "harness.bench.native.flask:create_app()"),
    "flask-headers": ("Flask (native + headers)",
                      lambda url: native_factory("flask")(url, security_headers=True),
                      "harness.bench.native.flask:create_app(security_headers=True)"),
    "flask-build": ("Flask build", lambda url: _build("flask", url),
                    "flask_app:create_app()"),
    # The same pages as the tutorials write them: a sqlite3 connection per request.
    "bottle-tutorial": ("Bottle (native + headers, a connection per request)",
                        lambda url: native_factory("bottle")(url, security_headers=True,
                                                             per_request=True),
                        "harness.bench.native.bottle:create_app(security_headers=True, "
                        "per_request=True)"),
    "flask-tutorial": ("Flask (native + headers, a connection per request)",
                       lambda url: native_factory("flask")(url, security_headers=True,
                                                           per_request=True),
                       "harness.bench.native.flask:create_app(security_headers=True, "
                       "per_request=True)"),
    # raw sqlite3 + the same templates + bare WSGI: what the builds' bytes cost at least
    "bottle-floor": ("floor (SimpleTemplate)", lambda url: native_factory("bottle-floor")(url),
                     "harness.bench.native.floor:create_bottle_floor()"),
    "flask-floor": ("floor (Jinja2)", lambda url: native_factory("flask-floor")(url),
                    "harness.bench.native.floor:create_flask_floor()"),
}
FLOORS = ("bottle-floor", "flask-floor")
EVERY = ("raw", "bottle-native", "bottle-build", "flask-native", "flask-build")
WITH_HEADERS = ("bottle-headers", "flask-headers")
FRAMEWORK_APPS = ("bottle-native", "bottle-build", "flask-native", "flask-build")
BUILDS = ("bottle-build", "flask-build")
# Pairs whose ratio the target is about: (build, its native baseline).
PAIRS = {"bottle": ("bottle-build", "bottle-native"), "flask": ("flask-build", "flask-native")}
# (build, its floor): the Bottle build renders SimpleTemplate, the Flask build Jinja2.
FLOOR_PAIRS = {"bottle": ("bottle-build", "bottle-floor"),
               "flask": ("flask-build", "flask-floor")}
FLOOR_TARGETS = {"db": 3.0, "conduit home": 2.0, "articles API": 2.0, "conduit article": 2.0}
# (build, the native app sending the same headers): the pages written natively.
NATIVE_PAIRS = {"bottle": ("bottle-build", "bottle-headers"),
                "flask": ("flask-build", "flask-headers")}
# (build, the same native app opening a connection per request, as the tutorials do)
TUTORIAL_PAIRS = {"bottle": ("bottle-build", "bottle-tutorial"),
                  "flask": ("flask-build", "flask-tutorial")}
TUTORIALS = ("bottle-tutorial", "flask-tutorial")
PAGE_TARGETS = {"conduit home": 1.15, "articles API": 1.15}  # build/native, same headers
# (build, baseline) whose difference in µs per request is reported: the adapter's own
# cost, against the native app alone and against it sending the same headers.
GAP_PAIRS = {"bottle": {"native": ("bottle-build", "bottle-native"),
                        "native + headers": ("bottle-build", "bottle-headers")},
             "flask": {"native": ("flask-build", "flask-native"),
                       "native + headers": ("flask-build", "flask-headers")}}
GAP_ENDPOINTS = ("json", "plaintext")
GAP_TARGETS = {"bottle": 1.0, "flask": 0.0}  # µs over native: Bottle's within 1, Flask's none
TARGET = 1.05
TARGET_ENDPOINTS = ("json", "plaintext", "fortunes")

JSON = "application/json"
PLAIN = "text/plain"
HTML = "text/html; charset=utf-8"


def _build(framework: str, url: str):
    # Production settings: no debug, no testing, a real secret.
    return factory(framework)({"DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(32)})


@dataclass(frozen=True)
class Endpoint:
    name: str
    path: str  # with its query string
    content_type: str
    apps: tuple[str, ...] = FRAMEWORK_APPS


# The endpoint table. One line per measured request; every part of the run
# (in-process, HTTP, the report, the chart) reads it.
ENDPOINTS = [
    Endpoint("json", "/tfb/json", JSON, EVERY + WITH_HEADERS),
    Endpoint("plaintext", "/tfb/plaintext", PLAIN, EVERY + WITH_HEADERS),
    Endpoint("db", "/tfb/db", JSON, FRAMEWORK_APPS + FLOORS),
    Endpoint("queries", "/tfb/queries?queries=20", JSON),
    Endpoint("fortunes", "/tfb/fortunes", HTML),
    Endpoint("updates", "/tfb/updates?queries=20", JSON),
    # Real pages of the application, through the site layout (builds only).
    Endpoint("hello page", "/hello/World", HTML, BUILDS),
    # Conduit, with the demo content: the home page and the article list also written
    # natively (sending the builds' headers), every page also on the floor.
    Endpoint("conduit home", "/", HTML, BUILDS + WITH_HEADERS + TUTORIALS + FLOORS),
    Endpoint("articles API", "/api/articles", JSON, BUILDS + WITH_HEADERS + TUTORIALS + FLOORS),
    Endpoint("conduit article", "/article/why-one-core-can-serve-two-frameworks", HTML,
             BUILDS + FLOORS),
]
