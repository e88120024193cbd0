"""Routes as data, in one neutral path syntax: /hello/{name}, /items/{id:int}, /f/{p:path}."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

CONVERTERS = ("str", "int", "path")
_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")


@dataclass(frozen=True)
class Route:
    name: str
    methods: tuple[str, ...]
    path: str
    handler: Callable

    def __post_init__(self) -> None:
        list(parse(self.path))  # fail at start-up, not at the first request


def parse(path: str) -> Iterator[tuple[str, str | None, str | None]]:
    """Yield (literal, name, converter) pieces; name is None for the trailing literal."""
    pos = 0
    for match in _PLACEHOLDER.finditer(path):
        converter = match.group(2) or "str"
        if converter not in CONVERTERS:
            raise ValueError(f"{path}: unknown converter {converter!r}")
        yield path[pos:match.start()], match.group(1), converter
        pos = match.end()
    if "{" in path[pos:] or "}" in path[pos:]:
        raise ValueError(f"{path}: malformed placeholder")
    yield path[pos:], None, None


def translate(path: str, placeholder: Callable[[str, str], str]) -> str:
    """Rewrite the placeholders with a framework's own syntax."""
    return "".join(lit + (placeholder(name, conv) if name else "")
                   for lit, name, conv in parse(path))
