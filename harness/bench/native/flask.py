"""The TFB endpoints and Conduit's home page and article list as a Flask user writes them:
routes, jsonify, Jinja2 over the Flask build's own templates, url_for, flash."""

from __future__ import annotations

import os

import flask

from shared.core import SECURITY_HEADERS  # the values only: the baseline uses no core

from . import conduit, data
from .conduit import STATIC, TEMPLATES

NOT_SEEDED = "The benchmark tables are empty."


def create_app(database_url: str | None = None, security_headers: bool = False,
               per_request: bool = False) -> flask.Flask:
    """Build a Flask app over DATABASE_URL (the seeded benchmark database).

    `security_headers`: send the builds' four security headers too, from an
    after_request function as a Flask user would (see native/bottle.py). `per_request`:
    the Conduit pages open a sqlite3 connection per request, as flaskr does.
    """
    app = flask.Flask(__name__, template_folder=TEMPLATES, static_folder=STATIC)
    if security_headers:

        @app.after_request
        def add_security_headers(response: flask.Response) -> flask.Response:
            response.headers.update(SECURITY_HEADERS)
            return response

    session = data.session_factory(database_url)

    def rows(count: int) -> list[dict]:
        with session() as s:
            found = [data.world(s, data.random_id()) for _ in range(count)]
        if None in found:
            flask.abort(503, NOT_SEEDED)
        return found

    @app.get("/tfb/json")
    def hello_json():
        return {"message": "Hello, World!"}

    @app.get("/tfb/plaintext")
    def plaintext():
        return "Hello, World!", {"Content-Type": "text/plain"}

    @app.get("/tfb/db")
    def single_query():
        return rows(1)[0]

    @app.get("/tfb/queries")
    def multiple_queries():
        return rows(data.query_count(flask.request.args.get("queries")))

    @app.get("/tfb/updates")
    def updates():
        count = data.query_count(flask.request.args.get("queries"))
        with session() as s:
            found = [data.world(s, data.random_id()) for _ in range(count)]
            if None in found:
                flask.abort(503, NOT_SEEDED)
            data.save_numbers(s, found)
        return found

    @app.get("/tfb/fortunes")
    def fortunes():
        with session() as s:
            found = data.fortunes(s)
        if len(found) == 1:
            flask.abort(503, NOT_SEEDED)
        return flask.render_template("fortunes.html", fortunes=found)

    conduit_pages(app, database_url or os.environ["DATABASE_URL"], per_request)
    return app


def conduit_pages(app: flask.Flask, database_url: str, per_request: bool = False) -> None:
    """The home page and GET /api/articles as a visitor sees them, over raw sqlite3."""
    opened = conduit.Reads(database_url, per_request).opened

    @app.get("/")
    def index():
        page = flask.request.args.get("page", 1, type=int)
        with opened() as reads:
            articles, pages = reads.previews(page)
            tags = reads.tag_cloud()
        if not 1 <= page <= max(pages, 1):
            flask.abort(404)
        links = [{"number": n, "active": n == page,
                  "url": flask.url_for("index", page=n if n > 1 else None)}
                 for n in range(1, pages + 1)] if pages > 1 else []
        return flask.render_template(
            "home.html", current_user=None, default_avatar=flask.url_for(
                "static", filename="default-avatar.svg"),
            # No SECRET_KEY (the TFB endpoints need none): a null session, read as empty.
            flashed_messages=lambda: flask.get_flashed_messages(with_categories=True),
            title="Home", nav="home", tab="global", tag=None, tags=tags,
            articles=articles, pages=links,
            here=flask.url_for("index", page=page if page > 1 else None))

    @app.get("/api/articles")
    def list_articles():
        args = flask.request.args
        with opened() as reads:
            items, total = reads.listing(args.get("limit", conduit.API_LIMIT, type=int),
                                         args.get("offset", 0, type=int))
        return {"articles": [article for article, _ in items], "articlesCount": total}

    for name, path in conduit.LINKED.items():
        app.add_url_rule(path, name, lambda **_: flask.abort(404, conduit.NOT_HERE))
