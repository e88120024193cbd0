"""Bottle's route syntax, read as Bottle's router reads it: the one place the port
knows what a rule string means (`<name>`, `<name:filter>`, `<name:filter:config>`,
the old `:name` and `:name#regex#`, a backslash before a literal `:` or `<`)."""

from __future__ import annotations

from collections.abc import Iterator

import bottle


def tokens(rule: str) -> Iterator[tuple[str, str | None, str | None]]:
    """(text, None, None) for static text, (name, filter, config) for a wildcard.

    Bottle's Router._itertokens, read from the same regex; it is not called itself
    because it warns (DeprecationWarning) on the old syntax as it goes.
    """
    offset, prefix = 0, ""
    for match in bottle.Router.rule_syntax.finditer(rule):
        prefix += rule[offset:match.start()]
        g = match.groups()
        if len(g[0]) % 2:  # an odd number of backslashes: a literal `:` or `<`
            prefix += match.group(0)[len(g[0]):]
            offset = match.end()
            continue
        if prefix:
            yield prefix, None, None
        name, kind, config = g[4:7] if g[2] is None else g[1:4]
        yield name, kind or "default", config or None
        offset, prefix = match.end(), ""
    if offset <= len(rule) or prefix:
        yield prefix + rule[offset:], None, None


def wildcard_names(rule: str) -> set[str]:
    """The names Bottle passes to the view for this path."""
    return {name for name, kind, _ in tokens(rule) if kind and name}
