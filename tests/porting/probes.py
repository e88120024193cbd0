"""Test-only routes for the porting tests: each echoes what the neutral request read.

They reach parts of the adapters no page uses yet (JSON bodies, uploads, converters).
"""

from __future__ import annotations

from shared.http import Json, Text
from shared.routing import Route
from shared.site import Site


def echo(values) -> dict:
    return {"first": values.get("x"), "all": values.getlist("x"), "missing": values.get("nope")}


def form(request):
    return Json(echo(request.form))


def query(request):
    return Json(echo(request.query))


def json_body(request):
    return Json({"json": request.json})


def upload(request):
    upload = request.files.get("f")
    if upload is None:
        return Json({"sent": False})
    return Json({"sent": True, "field": upload.name, "type": upload.content_type,
                 "filename": upload.filename, "data": upload.read().decode(),
                 "all": [u.filename for u in request.files.getlist("f")]})


def number(request, n):
    return Json({"n": n})


def path(request, p):
    return Json({"p": p})


def link(request):
    return Text(request.url_for("probe_path", p=request.query.get("p", "")))


def query_link(request):
    return Text(request.url_for("probe_query", next=request.query.get("next", ""), skip=None))


def payload(request):
    return Json({"zebra": 1, "apple": ["é", None, True]})


POST = ("POST",)
GET = ("GET",)
PROBES = [
    Route("probe_form", POST, "/probe/form", form),
    Route("probe_query", GET, "/probe/query", query),
    Route("probe_json", POST, "/probe/json", json_body),
    Route("probe_upload", POST, "/probe/upload", upload),
    Route("probe_number", GET, "/probe/number/{n:int}", number),
    Route("probe_path", GET, "/probe/path/{p:path}", path),
    Route("probe_link", GET, "/probe/link", link),
    Route("probe_query_link", GET, "/probe/query-link", query_link),
    Route("probe_payload", GET, "/probe/payload", payload),
]


def boom(request):
    raise RuntimeError("a bug in a handler")


PROBES.append(Route("probe_boom", GET, "/probe/boom", boom))

# Passed to create_app beside our own sites: test routes are a site, not a patch.
PROBE_SITE = Site(name="probes", routes=PROBES)
