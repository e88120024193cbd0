"""The core as one object: configuration, database, routes and template helpers."""

from __future__ import annotations

import logging

from . import cors
from .config import Config, load_config
from .db import Database
from .errors import error_result
from .flashes import pop_flashes
from .forms import BaseForm, bind
from .http import HTTPError
from .routes import ROUTES
from .routing import Route

log = logging.getLogger("shared")


class Core:
    def __init__(self, config: Config, routes: list[Route]):
        self.config = config
        self.routes = routes
        self.db = Database(config.DATABASE_URL)
        self.db.create_all()

    def template_globals(self, request) -> dict:
        """The helpers both template engines get, so templates read the same."""
        return {
            "url_for": request.url_for,
            "csrf_token": lambda: bind(BaseForm, request).csrf_token.current_token,
            "flashed_messages": lambda: pop_flashes(request.session),
            "current_user": None,
        }

    def response_headers(self, request) -> dict[str, str]:
        """Headers the adapters add to every response, whatever produced it (CORS)."""
        return cors.response_headers(self.config, request.path, request.headers.get("Origin"))

    def error(self, error: HTTPError, path: str):
        return error_result(error, path)

    def crash(self, path: str):
        """Log the exception being handled and answer a plain 500."""
        log.exception("unhandled error on %s", path)
        return error_result(HTTPError(500), path)


def create_core(overrides: dict | None = None) -> Core:
    """Build the core from the environment and the factory's overrides."""
    return Core(load_config(overrides), ROUTES)
