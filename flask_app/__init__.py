"""The Flask build: an app factory over the neutral core."""

from __future__ import annotations

import flask

from adapters import flask_adapter
from shared.core import create_core


def create_app(config: dict | None = None, *, template_folder: str | None = None) -> flask.Flask:
    """Build the Flask application (templates from another folder if given)."""
    app = flask.Flask(__name__, template_folder=template_folder or "templates")
    return flask_adapter.mount(app, create_core(config))
