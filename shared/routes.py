"""The route table: every page and endpoint of the application, once."""

from __future__ import annotations

from . import pages
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
