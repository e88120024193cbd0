"""The Flask build: an app factory over the neutral core."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import flask

from adapters import flask_adapter
from shared.core import create_core
from shared.site import Site
from shared.sites import SITES


def create_app(config: Mapping[str, Any] | None = None, *, sites: Iterable[Site] = SITES,
               template_folder: str | None = None) -> flask.Flask:
    """Build the Flask application over the sites (ours by default), with its templates
    from another folder if given (the converted Bottle templates, in a test)."""
    app = flask.Flask(__name__, template_folder=template_folder or "templates")
    return flask_adapter.mount(app, create_core(config, sites))
