"""Bottle's `app.mount(prefix, other)` for a Flask app, copied into a port by the porting
kit where the prefix or the app is only known when the code runs.

    import bottle_mount
    bottle_mount.mount(app, app.config["api.prefix"], make_api())

`other` is any WSGI app (a ported Bottle app is a Flask app, which is one). Requests
under the prefix go to it with the prefix moved from PATH_INFO to SCRIPT_NAME, as
Bottle's mount does; a prefix written without its trailing slash also hands the bare
prefix to it, as its "/", and one written with it leaves the bare prefix to the parent
app. As in Bottle's router, the mounts are tried before the app's own routes, in the
order they were made (the first whose prefix takes the path answers).
Delete this module once the app no longer imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["Mounts", "mount"]

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Mounts:
    """A WSGI middleware around an app's wsgi_app: each mounted app under its prefix."""

    def __init__(self, wsgi_app: WSGIApp) -> None:
        self.wsgi_app = wsgi_app
        self.mounts: list[tuple[str, WSGIApp, bool]] = []  # ("/api", app, bare too)

    def add(self, prefix: str, other: WSGIApp) -> None:
        if not isinstance(prefix, str) or not prefix.startswith("/"):
            # Bottle's own words, at the same moment (the app is being built)
            raise ValueError(f"Prefix must start with '/' (mount prefix {prefix!r})")
        if not callable(other):
            raise TypeError(f"mount({prefix!r}, ...) was given {other!r}, not a WSGI app")
        segments = [part for part in prefix.split("/") if part]
        self.mounts.append(("/" + "/".join(segments), other, not prefix.endswith("/")))

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]):
        path = environ.get("PATH_INFO", "") or "/"
        for prefix, other, bare in self.mounts:
            if prefix == "/" or path.startswith(prefix + "/") or bare and path == prefix:
                rest = path[len(prefix):] if prefix != "/" else path
                environ["SCRIPT_NAME"] = environ.get("SCRIPT_NAME", "") + prefix.rstrip("/")
                environ["PATH_INFO"] = rest or "/"
                return other(environ, start_response)
        return self.wsgi_app(environ, start_response)


def mount(app: Any, prefix: str, other: WSGIApp) -> None:
    """Serve `other` under `prefix` on the Flask app `app`, as Bottle's app.mount did."""
    if not isinstance(app.wsgi_app, Mounts):
        app.wsgi_app = Mounts(app.wsgi_app)
    app.wsgi_app.add(prefix, other)
