"""The TFB endpoints as a Flask user writes them: routes, jsonify, Jinja2."""

from __future__ import annotations

from pathlib import Path

import flask

from shared.core import SECURITY_HEADERS  # the values only: the baseline uses no core

from . import data

TEMPLATES = str(Path(__file__).resolve().parents[3] / "flask_app" / "templates")
NOT_SEEDED = "The benchmark tables are empty."


def create_app(database_url: str | None = None, security_headers: bool = False) -> flask.Flask:
    """Build a Flask app over DATABASE_URL (the seeded benchmark database).

    `security_headers`: send the builds' four security headers too, from an
    after_request function as a Flask user would (see native/bottle.py).
    """
    app = flask.Flask(__name__, template_folder=TEMPLATES)
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

    return app
