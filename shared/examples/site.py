"""The examples and the guestbook as a site on the kit."""

from __future__ import annotations

from ..errors import html_page
from ..routing import Route
from ..site import Site
from . import pages
from .models import Base

GET = ("GET",)

ROUTES = [
    Route("examples", GET, "/examples", pages.examples),
    Route("hello", GET, "/hello", pages.hello),
    Route("hello_name", GET, "/hello/{name}", pages.hello),
    Route("escaping", GET, "/escaping", pages.escaping),
    Route("guestbook", ("GET", "POST"), "/guestbook", pages.guestbook),
]

SITE = Site(
    name="examples",
    routes=ROUTES,
    metadata=Base.metadata,
    settings={"GUESTBOOK_PAGE_SIZE": 10},
    error=html_page,
)
