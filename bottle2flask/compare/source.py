"""The code behind a path: each app's native route, the handler, and the templates side by
side, highlighted (Pygments) with the lines that differ marked (difflib)."""

from __future__ import annotations

import difflib
import inspect
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TypedDict

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import HtmlDjangoLexer, MakoHtmlLexer, PythonLexer

from ..loading import HTTPApp

# The lexer for a template, by the kind of router that serves it.
LEXERS = {"bottle": MakoHtmlLexer, "flask": HtmlDjangoLexer}
STRING = re.compile(r"""["']([a-z_]+)["']""")
# Where two apps keep their templates: for each kind of router, (folder, file extension).
Templates = dict[str, tuple[Path, str]]


class Route(TypedDict):
    kind: str  # the router's: bottle or flask
    rule: str  # as registered


class Handler(TypedDict):
    apps: list[str]  # the apps it serves the path for
    name: str
    html: str  # its source, highlighted


class TemplateFile(TypedDict):
    path: str
    html: str
    differing: int  # how many of its lines the other app's template does not have


class TemplatePair(TypedDict):
    name: str
    files: dict[str, TemplateFile]  # by kind of router


class Behind(TypedDict):
    """The code panel's data for one path (sent to the page as JSON)."""

    path: str
    routes: dict[str, Route | None]  # by app; None: no route serves the path
    unread: dict[str, str]  # by app: why its code cannot be shown
    handlers: list[Handler]
    templates: list[TemplatePair]
    css: str


def unwrap(app):
    """The framework app inside our middleware (in_folder, scoped cookies...)."""
    for _ in range(5):
        inner = getattr(app, "wrapped", None)
        if inner is None:
            break
        app = inner
    return app


def native_route(app, path: str) -> tuple[str, str, object] | None:
    """(kind, rule as registered, callback) of the route that serves GET path."""
    app = unwrap(app)
    router = getattr(app, "router", None)
    if router is not None and hasattr(router, "match"):  # Bottle
        try:
            route, _ = router.match({"PATH_INFO": path, "REQUEST_METHOD": "GET"})
        except Exception:  # Bottle raises HTTPError for 404/405
            return None
        return "bottle", route.rule, route.callback
    url_map = getattr(app, "url_map", None)
    if url_map is not None:  # Flask
        try:
            endpoint, _ = url_map.bind("localhost").match(path, method="GET")
        except Exception:  # NotFound, MethodNotAllowed, RequestRedirect
            return None
        rule = next(r.rule for r in url_map.iter_rules() if r.endpoint == endpoint)
        return "flask", rule, app.view_functions.get(endpoint)
    return None


def handler_of(callback):
    """The neutral handler an adapter's view calls (the Route it carries or closes over), else the
    callback itself."""
    route = getattr(callback, "kit_route", None)
    if route is not None:
        return route.handler
    for cell in getattr(callback, "__closure__", None) or ():
        try:
            value = cell.cell_contents
        except ValueError:
            continue
        if callable(getattr(value, "handler", None)):
            return value.handler
    return callback


def source(function) -> str:
    try:
        return inspect.getsource(function)
    except (OSError, TypeError):
        return f"# no source for {function!r}"


def qualified(function) -> str:
    """module.name; for a file imported under a name of its own, file:name."""
    module = getattr(function, "__module__", "") or ""
    name = getattr(function, "__qualname__", repr(function))
    if module.startswith("bottle2flask_app_"):
        try:
            return f"{inspect.getsourcefile(function)}:{name}"
        except TypeError:
            pass
    return f"{module}.{name}"


def highlighted(text: str, lexer, marked: Sequence[int] = ()) -> str:
    return highlight(text, lexer, HtmlFormatter(linenos="inline", hl_lines=list(marked),
                                                cssclass="code", wrapcode=True))


def differing_lines(a: list[str], b: list[str]) -> tuple[list[int], list[int]]:
    """1-based numbers of the lines of a and of b that the other does not have as they are."""
    left: list[int] = []
    right: list[int] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b,
                                                       autojunk=False).get_opcodes():
        if tag != "equal":
            left += range(i1 + 1, i2 + 1)
            right += range(j1 + 1, j2 + 1)
    return left, right


def templates_of(handler, kinds: list[str], templates: Templates) -> list[TemplatePair]:
    """The templates named in a handler's source that both apps have, side by side."""
    found: list[TemplatePair] = []
    for name in dict.fromkeys(STRING.findall(source(handler))):
        files = {kind: templates[kind][0] / f"{name}{templates[kind][1]}" for kind in kinds}
        if not all(f.is_file() for f in files.values()):
            continue
        texts = {kind: f.read_text().splitlines() for kind, f in files.items()}
        marks: Sequence[list[int]] = differing_lines(*texts.values()) \
            if len(texts) == 2 else ([],)
        found.append({"name": name, "files": {
            kind: {"path": str(files[kind].relative_to(templates[kind][0].parent.parent)),
                   "html": highlighted("\n".join(texts[kind]) + "\n", LEXERS[kind](),
                                       mark),
                   "differing": len(mark)}
            for (kind, mark) in zip(texts, marks, strict=True)}})
    return found


def behind(apps: dict, path: str, templates: Templates | None = None) -> Behind:
    """The code panel's data for GET path: routes, handler(s), and, when one handler serves
    a Bottle and a Flask app that keep their templates where `templates` says, both
    templates."""
    path = path.partition("?")[0]
    routes: dict[str, Route | None] = {}
    handlers: dict[str, object] = {}
    unread: dict[str, str] = {}
    for name, app in apps.items():
        if isinstance(unwrap(app), HTTPApp):
            routes[name] = None
            unread[name] = "a server reached over HTTP: its code is not in this process"
            continue
        found = native_route(app, path)
        if found is None:
            routes[name] = None
            continue
        kind, rule, callback = found
        routes[name] = {"kind": kind, "rule": rule}
        handler = handler_of(callback)
        handlers[name] = handler
    unique = list(dict.fromkeys(handlers.values()))
    shown: list[Handler] = [{"apps": [n for n, h in handlers.items() if h is handler],
                             "name": qualified(handler),
                             "html": highlighted(source(handler), PythonLexer())}
                            for handler in unique]
    kinds = [r["kind"] for r in routes.values() if r]
    paired = len(unique) == 1 and sorted(kinds) == ["bottle", "flask"]
    return {"path": path, "routes": routes, "unread": unread, "handlers": shown,
            "templates": templates_of(unique[0], kinds, templates)
            if templates and paired else [],
            "css": HtmlFormatter(cssclass="code").get_style_defs(".code")}
