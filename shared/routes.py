"""The route table: every page and endpoint of the application, once."""

from __future__ import annotations

from . import pages, tfb
from .routing import Route

GET = ("GET",)
GET_POST = ("GET", "POST")

ROUTES: list[Route] = [
    Route("index", GET, "/", pages.index),
    Route("hello", GET, "/hello", pages.hello),
    Route("hello_name", GET, "/hello/{name}", pages.hello),
    Route("escaping", GET, "/escaping", pages.escaping),
    Route("guestbook", GET_POST, "/guestbook", pages.guestbook),
]

# TechEmpower FrameworkBenchmarks endpoints (see shared/tfb.py and docs/BENCHMARKS.md).
ROUTES += [
    Route("tfb_json", GET, "/tfb/json", tfb.json_hello),
    Route("tfb_plaintext", GET, "/tfb/plaintext", tfb.plaintext),
    Route("tfb_db", GET, "/tfb/db", tfb.single_query),
    Route("tfb_queries", GET, "/tfb/queries", tfb.multiple_queries),
    Route("tfb_fortunes", GET, "/tfb/fortunes", tfb.fortunes),
    Route("tfb_updates", GET, "/tfb/updates", tfb.updates),
]
