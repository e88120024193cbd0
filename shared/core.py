"""The core as one object: configuration, database, routes and template helpers."""

from __future__ import annotations

import logging

from sqlalchemy.exc import IntegrityError

from . import cors
from .conduit.auth import SESSION_KEY
from .conduit.pages.common import current_user
from .conduit.seed import seed
from .config import Config, load_config
from .db import Database
from .errors import error_result
from .flashes import pop_flashes
from .forms import csrf_token
from .http import HTTPError
from .routes import ROUTES
from .routing import Route

log = logging.getLogger("shared")
URL_CACHE_SIZE = 4096

# Our pages load their scripts, styles and fonts from this site only, and no inline code;
# pictures may be any web address (user avatars, images in articles).
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' http: https: data:; object-src 'none'; "
        "base-uri 'self'; form-action 'self'; frame-ancestors 'self'"),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "SAMEORIGIN",  # frame-ancestors for older browsers; the compare page
    "Referrer-Policy": "same-origin",  # frames both builds from the same origin
}


def _signed_in(request, cookie_name: str) -> bool:
    if "Authorization" in request.headers:
        return True
    return cookie_name in request.cookies and SESSION_KEY in request.session


class Core:
    def __init__(self, config: Config, routes: list[Route]):
        self.config = config
        self.routes = routes
        self._avatars: dict[str, str] = {}
        self._urls: dict[tuple, str] = {}
        self.db = Database(config.DATABASE_URL)
        self.db.create_all()
        if config.SEED_DEMO:
            self.seed_demo()

    def seed_demo(self) -> bool:
        """Write the demo content if the database is empty; return whether this did."""
        with self.db.session() as session:
            try:
                return seed(session)
            except IntegrityError:  # the other dev server seeded it a moment ago
                session.rollback()
                return False

    def template_globals(self, request) -> dict:
        """The helpers both template engines get, so templates read the same."""
        return {
            "url_for": self._url_builder(request),
            "csrf_token": lambda: csrf_token(request),
            "flashed_messages": lambda: pop_flashes(request.session),
            "current_user": current_user(request),
            "default_avatar": self._default_avatar(request),
        }

    def _url_builder(self, request):
        # A URL is a pure function of the mount prefix, the route and its arguments;
        # a page builds dozens, mostly the same ones, so templates get them from a
        # bounded cache (one per core) rather than from the router each time.
        root, build = request.script_root, self._urls

        def url_for(name: str, /, **params) -> str:
            key = (root, name, *params.items())
            try:
                url = build.get(key)
            except TypeError:  # an unhashable argument: build it uncached
                return request.url_for(name, **params)
            if url is None:
                url = request.url_for(name, **params)
                if len(build) >= URL_CACHE_SIZE:
                    build.clear()
                build[key] = url
            return url

        return url_for

    def _default_avatar(self, request) -> str:
        # Built once per mount prefix: URL building costs tens of microseconds a page.
        root = request.script_root
        if root not in self._avatars:
            self._avatars[root] = request.url_for("static", filename="default-avatar.svg")
        return self._avatars[root]

    def response_headers(self, request) -> dict[str, str]:
        """Headers the adapters add to every response, whatever produced it:
        the security headers, no-store for a signed-in user, and CORS."""
        headers = dict(SECURITY_HEADERS)
        if _signed_in(request, self.config.SESSION_COOKIE_NAME):
            headers["Cache-Control"] = "no-store"  # a shared cache must not keep their pages
        if self.config.CORS_ORIGINS:  # the common case costs no header parsing
            origin = request.headers.get("Origin")
            headers.update(cors.response_headers(self.config, request.path, origin))
        return headers

    def error(self, error: HTTPError, path: str):
        return error_result(error, path)

    def crash(self, path: str):
        """Log the exception being handled and answer a plain 500."""
        log.exception("unhandled error on %s", path)
        return error_result(HTTPError(500), path)


def create_core(overrides: dict | None = None) -> Core:
    """Build the core from the environment and the factory's overrides."""
    return Core(load_config(overrides), ROUTES)
