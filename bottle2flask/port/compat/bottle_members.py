"""Bottle's app and route members a Flask app has no counterpart for, answered from
Flask's own objects; copied into a port by the porting kit (as `bottle_members.py`) only
where a module reads one:

    bottle_members.of(app).routes             # app.routes: Route objects, in order
    bottle_members.of(app).match(environ)     # app.match(environ): (route, url_args)
    bottle_members.of(app).router.build("note", note_id=1)  # app.router.build(...)
    bottle_members.current_route().config     # request.route.config
    @bottle_members.route_config("/", answer=42)  # route("/", answer=42)'s own config

Routes are read from `app.url_map` (their rules written back in Bottle's syntax) and
`app.view_functions`; a route's plugins and config from bottle_plugins.py where the port
keeps Bottle's plugins. Bottle installs a JSON and a template plugin on every app: Flask
does both itself, so `plugins` lists a stand-in for each (they wrap nothing). Flask's
own ways are named where each member is: `app.url_map.iter_rules()`, `request.url_rule`,
`request.endpoint`, `current_app.view_functions`, `app.error_handler_spec`,
`app.open_resource()`. Delete this module once the app no longer imports it.
"""

from __future__ import annotations

import inspect
import os
import re
from collections import ChainMap
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import unquote, urlencode

from flask import Flask, current_app, request
from werkzeug.exceptions import HTTPException, InternalServerError, default_exceptions
from werkzeug.routing import BuildError, Rule

__all__ = ["current_route", "of", "route_config"]

CONFIG = "bottle_route_config"  # the attribute route_config() sets on a view
# A wildcard of a Werkzeug rule: <name>, <converter:name>, <converter(args):name>
WILDCARD = re.compile(r"<(?:(?P<converter>\w+)(?:\((?P<args>[^)]*)\))?:)?(?P<name>\w+)>")
FILTERS = {"int": "int", "float": "float", "path": "path"}  # Bottle's filter of the same


def route_config(rule: str, /, **config: Any) -> Callable[[Callable], Callable]:
    """A route's own config keywords (Bottle's `route(path, answer=42)`), put on the view
    it decorates (right under that route's decorator, given the same rule) for
    Route.config to read: a view under several routes keeps each one's own."""

    def mark(view: Callable) -> Callable:
        kept = getattr(view, CONFIG, {})
        setattr(view, CONFIG, {**kept, rule: {**kept.get(rule, {}), **config}})
        return view

    return mark


class FlaskDoes:
    """A plugin Bottle installs on every app whose work Flask does itself (a dict a view
    returns is JSON; templates are rendered by render_template): it wraps nothing."""

    api = 2

    def __init__(self, name: str) -> None:
        self.name = name

    def apply(self, callback: Callable, route: Route) -> Callable:
        return callback

    def __repr__(self) -> str:
        return f"<{self.name} plugin: done by Flask itself>"


def _wildcards_named(rule: str) -> str:
    """A rule with each of Bottle's wildcards as its name alone: /r/<n:int> as /r/<n>
    (the port's converters spell Bottle's filters their own way)."""
    return re.sub(r"<(\w+)(?::[^<>]*)?>", r"<\1>", rule)


def _bottle_rule(rule: Rule) -> str:
    """A Werkzeug rule written in Bottle's syntax: /item/<int:n> as /item/<n:int>."""

    def wildcard(found: re.Match) -> str:
        name, converter = found["name"], found["converter"]
        if converter in (None, "default", "string"):
            return f"<{name}>"
        if converter in FILTERS:
            return f"<{name}:{FILTERS[converter]}>"
        regex = getattr(rule._converters.get(name), "regex", "[^/]+")
        return f"<{name}:re:{regex}>"

    return WILDCARD.sub(wildcard, rule.rule)


def _methods(rule: Rule) -> list[str]:
    """The methods the app's code gave the rule (Flask adds HEAD and OPTIONS itself)."""
    given = sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})
    return given or sorted(rule.methods or {"GET"})


class Route:
    """One route as Bottle's Route shows it: a rule, one method, its view, its config."""

    def __init__(self, app: Flask, rule: Rule, method: str) -> None:
        self.app, self.flask_rule, self.method = app, rule, method
        self.rule = _bottle_rule(rule)
        self.name = rule.endpoint  # (Bottle's is None for a route without name=)

    def _marks(self) -> tuple[list, list, dict]:
        """(apply, skip, config) of the view, as bottle_plugins.py keeps them."""
        views = self.app.view_functions
        return getattr(views, "routes", {}).get(self.callback, ([], [], {}))

    @property
    def callback(self) -> Callable:
        """The view as routed (before any plugin wraps it)."""
        return dict.__getitem__(self.app.view_functions, self.name)

    @property
    def call(self) -> Callable:
        """The view as the app calls it (with the plugins bottle_plugins.py keeps)."""
        return self.app.view_functions[self.name]

    @property
    def plugins(self) -> list:
        return list(self._marks()[0])

    @property
    def skiplist(self) -> list:
        return list(self._marks()[1])

    @property
    def config(self) -> ChainMap:
        """The route's own config keywords over the app's config; a value set on it is
        the route's (kept on its view, as Bottle keeps it on the Route)."""
        return ChainMap(self._own(), self._marks()[2], self.app.config)

    def _own(self) -> dict[str, Any]:
        view = self.callback
        table = getattr(view, CONFIG, None)
        if table is None:
            table = {}
            try:
                setattr(view, CONFIG, table)
            except (AttributeError, TypeError):  # a bound method, a builtin: not kept
                return {}
        return table.setdefault(self.flask_rule.rule, {})

    def get_config(self, key: str, default: Any = None) -> Any:
        return self.config.get(key, default)

    def all_plugins(self) -> Iterator:
        """The plugins that apply to this route, the innermost first, as Bottle orders
        them: the app's then the route's, less those its skip= names (True: all)."""
        skiplist, seen = self.skiplist, set()
        for plugin in reversed(of(self.app).plugins + self.plugins):
            if True in skiplist:
                break
            name = getattr(plugin, "name", False)
            if name and (name in skiplist or name in seen) \
                    or plugin in skiplist or type(plugin) in skiplist:
                continue
            if name:
                seen.add(name)
            yield plugin

    def prepare(self) -> None:
        """Bottle made its plugin-wrapped view here; Flask's is made when first called."""

    def reset(self) -> None:
        """Forget the view as plugins wrapped it: it is wrapped again when next called."""
        getattr(self.app.view_functions, "reset", lambda: None)()

    def get_undecorated_callback(self) -> Callable:
        """The view under its decorators: through __wrapped__, a bound method's function,
        or the first callable a decorator's closure holds (as Bottle looks for it)."""
        found: Any = self.callback
        seen = {id(found)}
        while True:
            inner = getattr(found, "__wrapped__", None) or getattr(found, "__func__", None)
            if inner is None:
                cells = [c.cell_contents for c in getattr(found, "__closure__", None) or ()]
                inner = next((c for c in cells if callable(c)), None)
            if inner is None or id(inner) in seen:
                return found
            seen.add(id(inner))
            found = inner

    def get_callback_args(self) -> list[str]:
        """The names the view takes by position (Bottle's: its argspec's args)."""
        return [name for name, p in inspect.signature(self.get_undecorated_callback())
                .parameters.items() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]

    def __repr__(self) -> str:
        return f"<{self.method} {self.rule!r} {self.callback!r}>"


class Router:
    """Bottle's app.router: what matches a request."""

    def __init__(self, app: Flask) -> None:
        self.app = app

    def match(self, environ: dict[str, Any]) -> tuple[Route, dict[str, Any]]:
        """(route, url_args) for a WSGI environ; a 404 or 405 raised as in Bottle."""
        rule, args = self.app.url_map.bind_to_environ(environ).match(return_rule=True)
        return _route(self.app, rule, environ.get("REQUEST_METHOD", "GET")), dict(args)

    def build(self, _name: str, /, *anons: Any, **query: Any) -> str:
        """The path of the route of that name (or of that rule, in Bottle's syntax),
        its wildcards filled and the other arguments as its query string, without the
        script name, unquoted, as Bottle's router builds it (Flask's way: url_for(name, **args)
        in a request, app.url_map.bind("").build(name, args) outside one)."""
        for i, value in enumerate(anons):
            query[f"anon{i}"] = value
        endpoint = _name if _name in self.app.view_functions else next(
            (rule.endpoint for rule in self.app.url_map.iter_rules()
             if _wildcards_named(WILDCARD.sub(r"<\g<name>>", rule.rule))
             == _wildcards_named(_name)), None)
        if endpoint is None:  # Bottle's RouteBuildError
            raise BuildError(_name, query, None)
        names = set().union(*(rule.arguments for rule in
                              self.app.url_map.iter_rules(endpoint)))
        built = self.app.url_map.bind("").build(
            endpoint, {k: v for k, v in query.items() if k in names}, append_unknown=False)
        rest = {k: v for k, v in query.items() if k not in names}
        # Bottle fills a wildcard with str(value), unquoted, and urlencodes the rest
        return unquote(built) + (f"?{urlencode(rest)}" if rest else "")


def _route(app: Flask, rule: Rule, method: str) -> Route:
    methods = _methods(rule)
    if method not in methods:
        method = "GET" if method == "HEAD" and "GET" in methods else methods[0]
    return Route(app, rule, method)


class ResourceManager:
    """Bottle's app.resources: folders searched for a file, in order (Flask's way:
    app.open_resource(name), from app.root_path)."""

    def __init__(self, base: str = "./", opener: Callable = open) -> None:
        self.base, self.opener = base, opener
        self.path: list[str] = []
        self.cache: dict[str, str | None] = {}

    def add_path(self, path: str, base: str | None = None, index: int | None = None,
                 create: bool = False) -> bool:
        """Search a folder too (a path not ending in "/" names a file: its folder is
        taken), relative to base's folder (the working folder unless given)."""
        start = os.path.abspath(os.path.dirname(base or self.base))
        folder = os.path.abspath(os.path.join(start, os.path.dirname(path))) + os.sep
        if folder in self.path:
            self.path.remove(folder)
        if create:
            os.makedirs(folder, exist_ok=True)
        self.path.insert(len(self.path) if index is None else index, folder)
        self.cache.clear()
        return os.path.exists(folder)

    def lookup(self, name: str) -> str | None:
        """The first file of that name in the folders searched, else None."""
        if name not in self.cache:
            self.cache[name] = next((os.path.join(folder, name) for folder in self.path
                                     if os.path.isfile(os.path.join(folder, name))), None)
        return self.cache[name]

    def open(self, name: str, mode: str = "r", *args: Any, **kwargs: Any):
        found = self.lookup(name)
        if not found:
            raise OSError(f"Resource {name!r} not found.")
        return self.opener(found, mode, *args, **kwargs)


class BottleMembers:
    """A Flask app's Bottle-only members, read from the app itself."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.router = Router(app)

    @property
    def routes(self) -> list[Route]:
        """Every route the app's code added, one a method (not Flask's static route): in
        the order their views were first routed, a view's own rules in Werkzeug's build
        order (the rule with more arguments first; Bottle kept the order they were added)."""
        return [Route(self.app, rule, method) for rule in self.app.url_map.iter_rules()
                if not (rule.endpoint == "static" and self.app.has_static_folder)
                for method in _methods(rule)]

    def match(self, environ: dict[str, Any]) -> tuple[Route, dict[str, Any]]:
        return self.router.match(environ)

    @property
    def plugins(self) -> list:
        """Bottle's two default plugins (Flask's own work) and those bottle_plugins.py
        installed."""
        kept = getattr(getattr(self.app.view_functions, "app", None), "plugins", [])
        return [FlaskDoes("json"), FlaskDoes("template"), *kept]

    @property
    def error_handler(self) -> dict[int, Callable]:
        """The app's error handlers by status code (a copy: register with
        app.register_error_handler(code, handler))."""
        return {code: handler for code, handlers in
                self.app.error_handler_spec.get(None, {}).items()
                if code is not None for handler in list(handlers.values())[:1]}

    def default_error_handler(self, error: Any) -> str:
        """The error page Flask sends for the error's status (Werkzeug's, not Bottle's)."""
        if isinstance(error, HTTPException):
            return str(error.get_body())
        code: int = getattr(error, "status_code", 0) or getattr(error, "code", 500)
        page = default_exceptions.get(code, InternalServerError)
        return str(page(getattr(error, "body", None) or None).get_body())

    def close(self) -> None:
        """Close the plugins that can be closed, as Bottle's app.close() did."""
        for plugin in self.plugins:
            if hasattr(plugin, "close"):
                plugin.close()

    @property
    def resources(self) -> ResourceManager:
        return self.app.extensions.setdefault("bottle_members.resources", ResourceManager())


def of(app: Flask) -> BottleMembers:
    """The Bottle-only members of a Flask app (current_app's object if given that)."""
    found = getattr(app, "_get_current_object", None)
    return BottleMembers(found() if found is not None else app)


def current_route() -> Route:
    """Bottle's request.route: the route that matched the request being answered."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    rule = request.url_rule
    if rule is None:
        raise RuntimeError("no route matched this request (request.url_rule is None)")
    return _route(app, rule, request.method)
