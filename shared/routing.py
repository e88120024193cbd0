"""Routes as data, in one neutral path syntax: /hello/{name}, /items/{id:int}, /f/{p:path}.

A converter is an object (a regex, a to-python and a to-url), kept in a registry as
Werkzeug and Starlette keep theirs; the route table checks every path, name and
converter once, at start-up. Each adapter registers the converters with its framework.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .http import Result

_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")
_NAME = re.compile(r"[A-Za-z_]\w*\Z")


@dataclass(frozen=True)
class Converter:
    """How one kind of path segment matches, reads and is written back."""

    regex: str
    to_python: Callable[[str], Any] = str
    to_url: Callable[[Any], str] = str


def _int_url(value: Any) -> str:
    return str(int(value))


# str and path are the frameworks' own (same regex, their own quoting); the others are
# registered with each framework by the adapters. int takes no sign, as Werkzeug's.
CONVERTERS: dict[str, Converter] = {
    "str": Converter(r"[^/]+"),
    "path": Converter(r".+?"),
    "int": Converter(r"\d+", int, _int_url),
}
NATIVE = ("str", "path")


@dataclass(frozen=True)
class Route:
    name: str
    methods: tuple[str, ...]
    path: str
    handler: Callable[..., Result]  # (request, **path values) -> a result

    def __post_init__(self) -> None:
        list(parse(self.path))  # fail at start-up, not at the first request

    @property
    def params(self) -> frozenset[str]:
        return frozenset(name for _, name, _ in parse(self.path) if name)


def parse(path: str) -> Iterator[tuple[str, str | None, str | None]]:
    """Yield (literal, name, converter) pieces; name is None for the trailing literal."""
    pos = 0
    for match in _PLACEHOLDER.finditer(path):
        yield path[pos:match.start()], match.group(1), match.group(2) or "str"
        pos = match.end()
    if "{" in path[pos:] or "}" in path[pos:]:
        raise ValueError(f"{path}: malformed placeholder")
    yield path[pos:], None, None


def translate(path: str, placeholder: Callable[[str, str], str]) -> str:
    """Rewrite the placeholders with a framework's own syntax."""
    return "".join(lit + (placeholder(name, conv) if name and conv else "")
                   for lit, name, conv in parse(path))


class RouteError(ValueError):
    """The route table cannot be built; the message names the route and the fix."""


class RouteTable:
    """Every mounted route, checked once: unique valid names, known converters, one
    placeholder per name in a path, one route per path and method (PORTING 38)."""

    def __init__(self, routes: Iterable[Route], converters: Mapping[str, Converter]):
        self.converters = {**CONVERTERS, **converters}
        self.routes: list[Route] = []
        self.params: dict[str, frozenset[str]] = {}
        taken: dict[tuple[str, str], str] = {}  # (the path's pattern, a method) -> route
        for route in routes:
            self._check(route)
            # Bottle serves the later of two such routes, Werkzeug the first: refuse both.
            pattern = translate(route.path, lambda name, conv: f"{{{conv}}}")
            for method in route.methods:
                other = taken.setdefault((pattern, method), route.name)
                if other != route.name:
                    raise RouteError(f"routes {other!r} and {route.name!r} both answer "
                                     f"{method} {route.path}: give each path and method "
                                     "one route")
            self.routes.append(route)
            self.params[route.name] = route.params

    def _check(self, route: Route) -> None:
        if not _NAME.match(route.name):
            raise RouteError(f"route name {route.name!r} is not an identifier")
        if route.name in self.params:
            raise RouteError(f"two routes are named {route.name!r}")
        if not route.path.startswith("/"):
            raise RouteError(f"route {route.name!r}: {route.path!r} must start with /")
        seen: set[str] = set()
        for _, name, conv in parse(route.path):
            if name is None:
                continue
            if conv not in self.converters:
                raise RouteError(f"route {route.name!r}: unknown converter {conv!r} in "
                                 f"{route.path} (known: {', '.join(sorted(self.converters))})")
            if name in seen:
                raise RouteError(f"route {route.name!r}: {{{name}}} twice in {route.path}")
            seen.add(name)

    def custom_converters(self) -> dict[str, Converter]:
        """The converters an adapter registers with its framework (not str or path)."""
        return {k: v for k, v in self.converters.items() if k not in NATIVE}

    def __iter__(self) -> Iterator[Route]:
        return iter(self.routes)
