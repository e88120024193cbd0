"""The ?page= number every paged listing reads."""

from __future__ import annotations

from .http import HTTPError, Request

MAX_PAGE = 10**9


def page_number(request: Request) -> int:
    raw = request.query.get("page") or "1"
    if not raw.isdigit() or int(raw) < 1:
        raise HTTPError(400, "The page number must be a whole number from 1.")
    if int(raw) > MAX_PAGE:  # past every list we hold, and past what a database can count
        raise HTTPError(404, "There is no such page.")
    return int(raw)
