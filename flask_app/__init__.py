"""The Flask build: an app factory over the neutral core."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import flask

from adapters import flask_adapter
from shared.core import create_core
from shared.site import Site
from shared.sites import SITES


def create_app(config: Mapping[str, Any] | None = None, *,
               sites: Iterable[Site] = SITES) -> flask.Flask:
    """Build the Flask application over the sites (ours by default)."""
    return flask_adapter.mount(flask.Flask(__name__), create_core(config, sites))
