"""The TFB endpoints as a Bottle user writes them: routes, JSON plugin, SimpleTemplate."""

from __future__ import annotations

import json
from pathlib import Path

import bottle

from shared.core import SECURITY_HEADERS  # the values only: the baseline uses no core

from . import data

VIEWS = str(Path(__file__).resolve().parents[3] / "bottle_app" / "views")
NOT_SEEDED = "The benchmark tables are empty."


def create_app(database_url: str | None = None, security_headers: bool = False) -> bottle.Bottle:
    """Build a Bottle app over DATABASE_URL (the seeded benchmark database).

    `security_headers`: send the builds' four security headers too, from an
    after_request hook as a Bottle user would, so the adapter's own cost can be told
    from the cost of the headers.
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

    return app
