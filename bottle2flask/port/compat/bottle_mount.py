"""Bottle's `app.mount(prefix, other)` for a Flask app, copied into a port by the porting
kit where the prefix or the app is only known when the code runs.

    import bottle_mount
    bottle_mount.mount(app, app.config["api.prefix"], make_api())

Where the prefix is written in the code, the port mounts with Werkzeug's
DispatcherMiddleware and takes two helpers of this module where Bottle's behaviour
needs them:

    app.wsgi_app = DispatcherMiddleware(app.wsgi_app, {"/api": bottle_mount.bare_prefix(api)})
    bottle_mount.merge(app, other)              # Bottle's app.merge(other)

A Flask app merged or mounted so lends the parent its template folder and template
globals too: Bottle's templates belong to no app, and Flask renders with the app that
serves the route.

`other` is any WSGI app (a ported Bottle app is a Flask app, which is one). As Bottle
0.13 does, a Flask app (a Bottle app, there) mounted under a prefix ending in "/" for
the first time has its routes, as they are now, added to the parent under the prefix:
the parent's hooks and error pages run on them and their request.path is whole. Bottle
0.12 merged none: where the Bottle installed beside the app is a 0.12, neither does
this (with no Bottle installed, it mounts as 0.13 does). Any other mount hands the
requests under the prefix to the mounted app, the prefix moved from PATH_INFO to
SCRIPT_NAME; a prefix written without its trailing slash also hands the bare prefix to
it, as its "/". As in Bottle's router, these mounts are tried before
the app's own routes, in the order they were made (the first that takes the path
answers). Delete this module once the app no longer imports it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["Mounts", "bare_prefix", "merge", "mount"]

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


MOUNTED = "bottle_mount.parent"  # the config key that marks an app merged into another


def mount(app: Any, prefix: str, other: WSGIApp) -> None:
    """Serve `other` under `prefix` on the Flask app `app`, as Bottle's app.mount did."""
    if isinstance(prefix, str) and prefix.startswith("/") and prefix.endswith("/") \
            and bottle_merges() and hasattr(other, "url_map") and hasattr(other, "view_functions") \
            and MOUNTED not in getattr(other, "config", {MOUNTED: None}):
        merge_under(app, prefix, other)
        return
    if not isinstance(app.wsgi_app, Mounts):
        app.wsgi_app = Mounts(app.wsgi_app)
    app.wsgi_app.add(prefix, other)


def bottle_merges() -> bool:
    """Whether the app's Bottle merged a Bottle app it mounted (0.13) or not (0.12)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return not version("bottle").startswith("0.12.")
    except PackageNotFoundError:
        return True


def merge_under(app: Any, prefix: str, other: Any) -> None:
    """Bottle 0.13's mount of a Bottle app: its routes re-rooted under the prefix and
    added to the parent (a view's name the parent has already gets other's before it)."""
    from werkzeug.routing import Rule

    other.config[MOUNTED] = app
    _converters(app, other)
    _templates(app, other)
    for rule in list(other.url_map.iter_rules()):
        view = other.view_functions.get(rule.endpoint)
        if view is None or rule.endpoint == "static":
            continue
        options = dict(rule.get_empty_kwargs())
        if _unwrapped(app.view_functions.get(rule.endpoint, view)) is not view:
            options["endpoint"] = f"{other.name}.{rule.endpoint}"
        added = Rule(prefix + rule.rule.lstrip("/"), **options)
        added.provide_automatic_options = getattr(  # type: ignore[attr-defined]
            rule, "provide_automatic_options", False)
        # its own app's plugins, not the parent's, as Bottle's merged route kept (bottle_plugins)
        added.merged_from = (other, rule.endpoint)  # type: ignore[attr-defined]
        app.url_map.add(added)
        app.view_functions[options["endpoint"]] = _through(other, rule.endpoint, view)


def _converters(app: Any, other: Any) -> None:
    """other's converters for its rules, where they are its own: one that is Werkzeug's
    default leaves the parent's of that name as it is (its Bottle `float`, which the
    parent's rules added later still need)."""
    from werkzeug.routing import Map

    for name, converter in other.url_map.converters.items():
        if name not in app.url_map.converters \
                or Map.default_converters.get(name) is not converter:
            app.url_map.converters[name] = converter


def _templates(app: Any, other: Any) -> None:
    """Bottle's templates belong to no app: a route added to `app` renders what it
    rendered in `other`, and Flask renders with the app that serves it. `app` searches
    other's template folder after its own, and takes the template globals, filters and
    tests other has that it lacks (the port's template helpers, registered on the app
    whose module renders them)."""
    from jinja2 import ChoiceLoader

    loader = other.jinja_loader
    own = app.jinja_loader
    if loader is not None and own is not loader and not (
            isinstance(own, ChoiceLoader) and loader in own.loaders):
        app.jinja_loader = loader if own is None else ChoiceLoader([own, loader])
    mine, theirs = app.jinja_env, other.jinja_env
    for kept, given in ((mine.globals, theirs.globals), (mine.filters, theirs.filters),
                        (mine.tests, theirs.tests)):
        for name, value in given.items():
            kept.setdefault(name, value)


def bare_prefix(wsgi_app: WSGIApp) -> WSGIApp:
    """`wsgi_app` answering its bare prefix as its "/": Bottle's mount("/x", other) hands
    "/x" itself to other, where Werkzeug's DispatcherMiddleware hands it an empty path
    (which Flask answers with a 308 redirect)."""

    def mounted(environ: dict[str, Any], start_response: Callable[..., Any]):
        environ["PATH_INFO"] = environ.get("PATH_INFO") or "/"
        return wsgi_app(environ, start_response)

    return mounted


def merge(app: Any, other: Any) -> None:
    """Bottle's app.merge(other): other's routes, as they are now, served by `app` too,
    with its converters (a view's name `app` has already gets other's name before it:
    Bottle's routes have no names to clash); Bottle never sorts a dict's keys."""
    from werkzeug.routing import Rule

    if not hasattr(other, "url_map"):  # Bottle's merge() also took a list of its routes
        raise TypeError(f"merge() was given {other!r}, not an app")
    _converters(app, other)
    _templates(app, other)
    app.json.sort_keys = app.json.sort_keys and other.json.sort_keys
    for rule in other.url_map.iter_rules():
        view = other.view_functions.get(rule.endpoint)
        if view is None:
            continue
        options = dict(rule.get_empty_kwargs())
        if _unwrapped(app.view_functions.get(rule.endpoint, view)) is not view:
            options["endpoint"] = f"{other.name}.{rule.endpoint}"
        merged = Rule(rule.rule, **options)
        # its own app's plugins, not this one's (bottle_plugins)
        merged.merged_from = (other, rule.endpoint)  # type: ignore[attr-defined]
        app.url_map.add(merged)
        app.view_functions[options["endpoint"]] = _through(other, rule.endpoint, view)


def _through(other: Any, endpoint: str, view: Callable[..., Any]) -> Callable[..., Any]:
    """The view as `other` hands it out when the request comes: with the plugins
    installed on `other` (bottle_plugins wraps its views when first called, those
    installed after the merge too), as a Bottle route merged into another app kept its
    own app's plugins (Route.app)."""

    @functools.wraps(view)
    def merged(*args: Any, **kwargs: Any) -> Any:
        return other.view_functions[endpoint](*args, **kwargs)

    merged.bottle_mount_view = view  # type: ignore[attr-defined]
    return merged


def _unwrapped(view: Any) -> Any:
    """The view a merged one stands for (the same view merged again is no clash)."""
    return getattr(view, "bottle_mount_view", view)
