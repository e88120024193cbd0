"""The TechEmpower endpoints as a site on the kit, under /tfb/."""

from __future__ import annotations

from ..errors import message
from ..http import HTTPError, Json, Result
from ..routing import Route
from ..site import Site
from . import fortunes, json_hello, multiple_queries, plaintext, single_query, updates
from .models import Base

GET = ("GET",)

ROUTES = [
    Route("tfb_json", GET, "/tfb/json", json_hello),
    Route("tfb_plaintext", GET, "/tfb/plaintext", plaintext),
    Route("tfb_db", GET, "/tfb/db", single_query),
    Route("tfb_queries", GET, "/tfb/queries", multiple_queries),
    Route("tfb_fortunes", GET, "/tfb/fortunes", fortunes),
    Route("tfb_updates", GET, "/tfb/updates", updates),
]

PREFIX = "/tfb/"
HTML_PATHS = {"/tfb/fortunes"}  # the one endpoint that answers a page


def error_shape(error: HTTPError, path: str) -> Result | None:
    """JSON errors under /tfb/, as the endpoints answer; the fortunes page is not ours."""
    if not path.startswith(PREFIX) or path in HTML_PATHS:
        return None
    return Json({"error": message(error)}, status=error.status, headers=error.headers)


# Tables only: they are filled by `make seed-tfb` (shared.tfb.seed), never on start-up.
SITE = Site(name="tfb", routes=ROUTES, metadata=Base.metadata, error=error_shape)
