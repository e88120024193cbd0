"""One site over two apps: a legacy Bottle app and its Flask port at the same root.

Werkzeug's DispatcherMiddleware splits by path prefix and Bottle's mount() refuses "/",
so neither can serve a half-ported app. This asks both routers, without running either
app, which one owns the request, then hands the request to that app alone.
"""

from __future__ import annotations

import os
from functools import partial

import bottle
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound
from werkzeug.routing import RequestRedirect
from werkzeug.security import safe_join

# What a router says about one request.
MATCH, REDIRECT, METHOD, NONE = "match", "redirect", "method", "none"


class Dispatcher:
    """A WSGI app: the Flask port where it serves the request, the Bottle app otherwise.

    Rules, in order (``prefer`` picks the winner where both apps claim a request):

    1. Both routers match the method and path: ``prefer`` ("new" by default) serves it.
    2. One matches: it serves it. A path is owned per method, so with ``GET /edit/<no>``
       ported and ``POST /edit/<no>`` not yet, each method goes to its own app. With
       ``whole_paths=True`` a path the new app knows for any method belongs to it for
       all methods (its 405 stands): use it once a path is fully ported.
    3. The new app's strict-slash redirect (``/todo`` -> ``/todo/``) counts only when the
       legacy app does not match the path as written.
    4. Neither matches but one knows the path for other methods: that app answers its own
       405. Both know it: ``prefer``'s 405, its Allow header listing both apps' methods.
    5. Neither knows the path: the new app's 404.

    Static files: when both claim a path and the new app's match is its own static
    route, the new app wins only if it has that file; otherwise the legacy app serves it.
    """

    def __init__(self, legacy: bottle.Bottle | None, new, *, prefer: str = "new",
                 whole_paths: bool = False):
        if prefer not in ("new", "legacy"):
            raise ValueError("prefer must be 'new' or 'legacy'")
        self.legacy, self.new = legacy, new
        self.prefer, self.whole_paths = prefer, whole_paths
        url_map = new.url_map
        # Flask (3.1) matches by path and method alone unless it matches hosts or
        # subdomains: then one adapter bound once answers every request, which saves
        # the cost of binding one per request.
        self._bound = None if (url_map.host_matching or getattr(new, "subdomain_matching",
                                                                  False)
                               or any(rule.websocket for rule in url_map.iter_rules())
                               ) else url_map.bind("localhost",
                                                   subdomain=url_map.default_subdomain or "")

    def _adapter(self, environ):
        return self._bound or self.new.url_map.bind_to_environ(environ)

    def __call__(self, environ, start_response):
        return self.owner(environ)(environ, start_response)

    def owner(self, environ):
        """The WSGI app that answers this request (and so gives its error pages)."""
        if self.legacy is None:  # the migration is over
            return self.new
        # Bottle's router is the cheaper to ask (~2 us to Werkzeug's ~30): when it does
        # not know the path, only the new app can answer it, whatever it says.
        legacy, allowed = self.ask_legacy(self.legacy, environ)
        if legacy == NONE:
            return self.new
        new, found = self.ask_new(environ)
        if new == MATCH:
            if legacy == MATCH and (self.prefer == "legacy" or self._missing_static(found)):
                return self.legacy
            return self.new
        if new == METHOD:
            if self.whole_paths:
                return self.new
            if legacy == METHOD:  # each knows other methods: one 405, both lists
                if self.prefer == "new":
                    return partial(_allow_also, self.new, allowed)
                return partial(_allow_also, self.legacy, found)
            return self.legacy
        if new == REDIRECT and legacy != MATCH:
            return self.new
        return self.legacy

    def ask_new(self, environ) -> tuple[str, object]:
        """What Flask's router says: MATCH with (endpoint, values), METHOD with the
        methods it allows, REDIRECT or NONE."""
        try:
            return MATCH, self._adapter(environ).match(
                _wsgi_path(environ.get("PATH_INFO", "")), environ["REQUEST_METHOD"])
        except RequestRedirect:
            return REDIRECT, None
        except MethodNotAllowed as error:
            return METHOD, error.valid_methods or []
        except NotFound:
            return NONE, None
        except HTTPException:  # WebsocketMismatch and the like: the rule exists
            return MATCH, (None, {})

    @staticmethod
    def ask_legacy(app: bottle.Bottle, environ) -> tuple[str, list[str]]:
        """What Bottle's router says: MATCH, METHOD (with its Allow list) or NONE."""
        path = environ.get("PATH_INFO", "")
        if not path.isascii():
            # Bottle re-reads PATH_INFO as UTF-8 before it routes (Bottle._handle).
            environ = {**environ,
                       "PATH_INFO": path.encode("latin-1").decode("utf-8", "ignore")}
        try:
            app.router.match(environ)
        except bottle.HTTPError as error:
            if error.status_code == 405:
                return METHOD, error.headers.get("Allow", "").split(",")
            if error.status_code == 404:
                return NONE, []
            return MATCH, []  # a wildcard filter's 400: the route is Bottle's
        return MATCH, []

    def _missing_static(self, found) -> bool:
        endpoint, values = found
        folder = getattr(self.new, "static_folder", None)
        if endpoint != "static" or not folder:
            return False
        found = safe_join(folder, values.get("filename", ""))
        return found is None or not os.path.isfile(found)


def _allow_also(app, methods, environ, start_response):
    """Run app, adding the other app's methods to the Allow header of its 405."""

    def start(status, headers, exc_info=None):
        out, extra = [], [m for m in methods if m]
        for name, value in headers:
            if name.lower() == "allow":
                have = [m.strip() for m in value.split(",") if m.strip()]
                separator = ", " if ", " in value else ","  # as the app spells it
                value = separator.join(have + [m for m in extra if m not in have])
            out.append((name, value))
        return start_response(status, out, exc_info)

    return app(environ, start)


def _wsgi_path(path: str) -> str:
    """PATH_INFO as Werkzeug reads it: its latin-1 bytes decoded as UTF-8."""
    return path if path.isascii() else path.encode("latin-1").decode(errors="replace")
