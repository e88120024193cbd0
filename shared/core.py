"""The core as one object: configuration, database, the sites' routes, and one dispatch.

Both adapters call `handle` for every request and `fail` for every error their
framework raises, so the policy (handler errors, crashes, extra headers, closing
the request) is written once; the adapters only render results natively.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError

from . import cors
from .config import Config, load_config
from .db import Database, storable
from .errors import plain_text
from .flashes import pop_flashes
from .forms import csrf_token
from .http import HTTPError, Request, Result, Text
from .routing import Route, RouteTable
from .site import Site

log = logging.getLogger("shared")
R = TypeVar("R")
Q = TypeVar("Q", bound=Request)
# The adapter's: a result (headers merged) and its request to the native response.
Render = Callable[[Result, Q], R]
LAST_RESORT = "Internal Server Error"
URL_CACHE_SIZE = 4096

# The kit's default for every response: scripts, styles and fonts from the site itself
# and no inline code; pictures from any web address (avatars, images in articles).
# A site narrows or adds to these with its `headers` hook.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' http: https: data:; object-src 'none'; "
        "base-uri 'self'; form-action 'self'; frame-ancestors 'self'"),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "SAMEORIGIN",  # frame-ancestors for older browsers; the compare page
    "Referrer-Policy": "same-origin",  # frames both builds from the same origin
}


class Core:
    def __init__(self, config: Config, sites: Iterable[Site]):
        self.config = config
        self.sites = tuple(sites)
        for site in self.sites:
            if site.check is not None:
                site.check(config)
        self.table = RouteTable((r for s in self.sites for r in s.routes),
                                {k: v for s in self.sites for k, v in s.converters.items()})
        self.routes: list[Route] = self.table.routes
        self._urls: dict[tuple, str] = {}
        self.db = Database(config.DATABASE_URL,
                           [s.metadata for s in self.sites if s.metadata is not None])
        self.db.create_all()
        self.cache: dict[str, Any] = {}  # per-app memos of the sites (by their own keys)
        self._globals = [s.template_globals for s in self.sites if s.template_globals]
        self._errors = [s.error for s in self.sites if s.error]
        self._headers = [s.headers for s in self.sites if s.headers]
        if config.SEED_DEMO:
            self.seed_demo()

    def templates(self, engine: str) -> list[str]:
        """The sites' template folders for one engine, in mount order."""
        return [str(s.templates[engine]) for s in self.sites if engine in s.templates]

    def seed_demo(self) -> bool:
        """Write each site's demo content into an empty database; return whether any did."""
        wrote = False
        for site in self.sites:
            if site.seed is None:
                continue
            try:
                wrote = site.seed(self.db, self.config) or wrote
            except IntegrityError:  # the other dev server seeded it a moment ago
                pass
        return wrote

    def template_globals(self, request: Request) -> dict[str, Any]:
        """The helpers both template engines get, so templates read the same."""
        names: dict[str, Any] = {
            "url_for": self._url_builder(request),
            "csrf_token": lambda: csrf_token(request),
            "flashed_messages": lambda: pop_flashes(request.session),
        }
        for extra in self._globals:
            names.update(extra(request))
        return names

    def _url_builder(self, request: Request) -> Callable[..., str]:
        # A URL is a pure function of the mount prefix, the route and its arguments;
        # a page builds dozens, mostly the same ones, so templates get them from a
        # bounded cache (one per core) rather than from the router each time.
        root, build = request.script_root, self._urls

        def url_for(name: str, /, **params: Any) -> str:
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

    # -- the one dispatch -------------------------------------------------------------
    def handle(self, request: Q, handler: Callable[..., Result],
               params: Mapping[str, Any], render: Render[Q, R]) -> R:
        """Call a handler and render its result; its errors and crashes become error
        results in the site's shape. The request is closed whatever happens."""
        try:
            try:
                if params and not all(map(_storable_param, params.values())):
                    raise HTTPError(404)  # nothing stored is named with a NUL
                result = handler(request, **params)
            except HTTPError as error:
                result = self.error(error, request.path)
            except Exception:
                result = self.crash(request.path)
            return self._render(request, result, render)
        finally:
            request.close()

    def fail(self, request: Q, error: HTTPError | None, render: Render[Q, R]) -> R:
        """Render an error the framework raised (404, 405, 413...); None is a crash."""
        try:
            result = self.crash(request.path) if error is None else self.error(error,
                                                                               request.path)
            return self._render(request, result, render)
        finally:
            request.close()

    def _render(self, request: Q, result: Result, render: Render[Q, R]) -> R:
        try:
            try:
                return render(self._with_headers(request, result), request)
            except HTTPError as error:  # raised while rendering (a body read by a template)
                return render(self._with_headers(request, self.error(error, request.path)),
                              request)
            except Exception:
                return render(self._with_headers(request, self.crash(request.path)), request)
        except Exception:  # the error page itself failed: answer plain text
            self.crash(request.path)
            return render(Text(LAST_RESORT, status=500), request)

    def _with_headers(self, request: Request, result: Result) -> Result:
        """Add what every response carries, whatever produced it: the security headers,
        the sites' own (no-store for a signed-in user, say) and CORS."""
        extras = []
        for hook in self._headers:  # a loop, not a comprehension: 3.11 calls those
            found = hook(request)
            if found:
                extras.append(found)
        if self.config.CORS_ORIGINS:  # the common case costs no header parsing
            extras.append(cors.response_headers(self.config, request.path,
                                                request.headers.get("Origin")))
        if not result.headers and not extras:
            # Nothing to merge (most responses): the shared dict, which adapters only read
            # and may recognise to send headers they checked once at start-up.
            result.headers = SECURITY_HEADERS
            return result
        headers = {**result.headers, **SECURITY_HEADERS}
        for extra in extras:
            headers.update(extra)
        result.headers = headers
        return result

    def error(self, error: HTTPError, path: str) -> Result:
        """The result the client sees: the first site's shape that claims the path."""
        for shape in self._errors:
            result = shape(error, path)
            if result is not None:
                return result
        return plain_text(error, path)

    def crash(self, path: str) -> Result:
        """Log the exception being handled and answer a plain 500."""
        log.exception("unhandled error on %s", path)
        return self.error(HTTPError(500), path)


def create_core(overrides: Mapping[str, Any] | None, sites: Iterable[Site]) -> Core:
    """Build the core over the sites, from the environment and the factory's overrides."""
    chosen = tuple(sites)
    defaults = {k: v for site in chosen for k, v in site.settings.items()}
    return Core(load_config(overrides, defaults=defaults), chosen)


def _storable_param(value: Any) -> bool:
    return not isinstance(value, str) or storable(value)
