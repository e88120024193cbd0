"""The Flask build: an app factory over the neutral core."""

from __future__ import annotations

import flask

from adapters import flask_adapter
from shared.core import create_core


def create_app(config: dict | None = None) -> flask.Flask:
    """Build the Flask application."""
    return flask_adapter.mount(flask.Flask(__name__), create_core(config))
