"""One site over two apps: a legacy Bottle app and its Flask port at the same root.

Werkzeug's DispatcherMiddleware splits by path prefix and Bottle's mount() refuses "/",
so neither can serve a half-ported app. This asks both routers, without running either
app, which one owns the request, then hands the request to that app alone.
"""

from __future__ import annotations

import os

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
       405 (both know it: ``prefer``'s 405).
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

    def __call__(self, environ, start_response):
        return self.owner(environ)(environ, start_response)

    def owner(self, environ):
        """The app that answers this request (and so gives its error pages)."""
        new, endpoint, values = self.ask_new(environ)
        if self.legacy is None:
            return self.new
        if new == MATCH and self.prefer == "new" and not self._missing_static(endpoint, values):
            return self.new
        if new == METHOD and self.whole_paths:
            return self.new
        legacy = self.ask_legacy(environ)
        if legacy == MATCH:
            return self.legacy
        if new in (MATCH, REDIRECT):
            return self.new
        if METHOD in (new, legacy):
            if new == legacy:
                return self.new if self.prefer == "new" else self.legacy
            return self.new if new == METHOD else self.legacy
        return self.new

    def ask_new(self, environ) -> tuple[str, str | None, dict]:
        try:
            endpoint, values = self.new.url_map.bind_to_environ(environ).match()
        except RequestRedirect:
            return REDIRECT, None, {}
        except MethodNotAllowed:
            return METHOD, None, {}
        except NotFound:
            return NONE, None, {}
        except HTTPException:  # WebsocketMismatch and the like: the rule exists
            return MATCH, None, {}
        return MATCH, endpoint, values

    def ask_legacy(self, environ) -> str:
        path = environ.get("PATH_INFO", "")
        if not path.isascii():
            # Bottle re-reads PATH_INFO as UTF-8 before it routes (Bottle._handle).
            environ = {**environ,
                       "PATH_INFO": path.encode("latin-1").decode("utf-8", "ignore")}
        try:
            self.legacy.router.match(environ)
        except bottle.HTTPError as error:
            if error.status_code == 405:
                return METHOD
            if error.status_code == 404:
                return NONE
            return MATCH  # a wildcard filter's 400: the route is Bottle's
        return MATCH

    def _missing_static(self, endpoint, values) -> bool:
        folder = getattr(self.new, "static_folder", None)
        if endpoint != "static" or not folder:
            return False
        found = safe_join(folder, values.get("filename", ""))
        return found is None or not os.path.isfile(found)
