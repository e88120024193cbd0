"""Flash messages: shown once, on the next page, kept in the session."""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

KEY = "flashes"


def flash(session: MutableMapping[str, Any], message: str, category: str = "info") -> None:
    # Reassign rather than append so every session type notices the change.
    session[KEY] = [*session.get(KEY, []), [category, message]]


def pop_flashes(session: MutableMapping[str, Any]) -> list[tuple[str, str]]:
    if KEY not in session:
        return []
    return [(category, message) for category, message in session.pop(KEY)]
