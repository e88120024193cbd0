"""The TFB endpoints and Conduit's home page and article list as a Bottle user writes them:
routes, the JSON plugin, SimpleTemplate over the Bottle build's own views, get_url."""

from __future__ import annotations

import json
import os

import bottle

from shared.core import SECURITY_HEADERS  # the values only: the baseline uses no core

from . import conduit, data
from .conduit import VIEWS

NOT_SEEDED = "The benchmark tables are empty."


def create_app(database_url: str | None = None, security_headers: bool = False,
               per_request: bool = False) -> bottle.Bottle:
    """Build a Bottle app over DATABASE_URL (the seeded benchmark database).

    `security_headers`: send the builds' four security headers too, from an
    after_request hook as a Bottle user would, so the adapter's own cost can be told
    from the cost of the headers. `per_request`: the Conduit pages open a sqlite3
    connection per request, as Bottle's tutorial does, instead of holding one.
    """
    app = bottle.Bottle()
    if security_headers:

        @app.hook("after_request")
        def add_security_headers():
            for name, value in SECURITY_HEADERS.items():
                bottle.response.set_header(name, value)

    session = data.session_factory(database_url)
    lookup = [VIEWS]

    def rows(count: int) -> list[dict]:
        with session() as s:
            found = [data.world(s, data.random_id()) for _ in range(count)]
        if None in found:
            bottle.abort(503, NOT_SEEDED)
        return found

    @app.get("/tfb/json")
    def hello_json():
        return {"message": "Hello, World!"}

    @app.get("/tfb/plaintext")
    def plaintext():
        bottle.response.content_type = "text/plain"
        return "Hello, World!"

    @app.get("/tfb/db")
    def single_query():
        return rows(1)[0]

    @app.get("/tfb/queries")
    def multiple_queries():
        found = rows(data.query_count(bottle.request.query.get("queries")))
        bottle.response.content_type = "application/json"
        return json.dumps(found)  # the JSON plugin only takes dicts

    @app.get("/tfb/updates")
    def updates():
        count = data.query_count(bottle.request.query.get("queries"))
        with session() as s:
            found = [data.world(s, data.random_id()) for _ in range(count)]
            if None in found:
                bottle.abort(503, NOT_SEEDED)
            data.save_numbers(s, found)
        bottle.response.content_type = "application/json"
        return json.dumps(found)

    @app.get("/tfb/fortunes")
    def fortunes():
        with session() as s:
            found = data.fortunes(s)
        if len(found) == 1:
            bottle.abort(503, NOT_SEEDED)
        bottle.response.content_type = "text/html; charset=utf-8"
        return bottle.template("fortunes", template_lookup=lookup, fortunes=found)

    conduit_pages(app, database_url or os.environ["DATABASE_URL"], per_request)
    return app


def conduit_pages(app: bottle.Bottle, database_url: str, per_request: bool = False) -> None:
    """The home page and GET /api/articles as a visitor sees them, over raw sqlite3."""
    opened = conduit.Reads(database_url, per_request).opened
    lookup = [VIEWS]

    @app.get("/", name="index")
    def home():
        page = bottle.request.query.get("page", 1, type=int)
        with opened() as reads:
            articles, pages = reads.previews(page)
            tags = reads.tag_cloud()
        if not 1 <= page <= max(pages, 1):
            bottle.abort(404)
        links = [{"number": n, "active": n == page,
                  "url": app.get_url("index", page=n) if n > 1 else app.get_url("index")}
                 for n in range(1, pages + 1)] if pages > 1 else []
        here = app.get_url("index", page=page) if page > 1 else app.get_url("index")
        return bottle.template(
            "home", template_lookup=lookup, url_for=app.get_url, current_user=None,
            flashed_messages=list, default_avatar=app.get_url(
                "static", filename="default-avatar.svg"),
            title="Home", nav="home", tab="global", tag=None, tags=tags,
            articles=articles, pages=links, here=here)

    @app.get("/api/articles")
    def list_articles():
        query = bottle.request.query
        with opened() as reads:
            items, total = reads.listing(query.get("limit", conduit.API_LIMIT, type=int),
                                         query.get("offset", 0, type=int))
        return {"articles": [article for article, _ in items], "articlesCount": total}

    @app.get("/static/<filename:path>", name="static")
    def static(filename):
        return bottle.static_file(filename, root=conduit.STATIC)

    for name, path in conduit.LINKED.items():
        app.route(path, "GET", lambda **_: bottle.abort(404, conduit.NOT_HERE), name=name)
