"""What every Conduit page needs: the viewer, login redirects, safe return paths, paging."""

from __future__ import annotations

import math
from typing import Any, TypeGuard

from ...forms import BaseForm, bind, validate
from ...http import HTTPError, Redirect, Request
from ...paging import page_number
from .. import present
from ..auth import session_user
from ..models import User
from ..reads import ArticleView

_VIEWER = "conduit_viewer"


def viewer(request: Request) -> User | None:
    """The user logged in to the pages, looked up once per request."""
    memo = request.memo
    if _VIEWER not in memo:
        memo[_VIEWER] = session_user(request)
    return memo[_VIEWER]


def current_user(request: Request) -> dict | None:
    """The logged-in user as plain data for the layout (templates never touch the ORM)."""
    user = viewer(request)
    if user is None:
        return None
    return {"username": user.username, "email": user.email, "image": user.image}


def is_local(target: str | None) -> TypeGuard[str]:
    """Whether a return path stays on this site: /x, never //host, /\\host or a scheme."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return False
    return not any(c == "\\" or ord(c) < 0x20 or ord(c) == 0x7F for c in target)


def back_to(request: Request, default: str) -> str:
    """Where to go after a form: its `next` (form or query) if local, else the default."""
    target = request.form.get("next") if request.method == "POST" else None
    target = target or request.query.get("next")
    return target if is_local(target) else default


def login_first(request: Request, back: str) -> Redirect:
    return Redirect(request.url_for("login", next=back))


def checked(request: Request) -> None:
    """Refuse a POST without a valid CSRF token (a button form with no other fields)."""
    validate(bind(BaseForm, request))


def long_date(moment) -> str:
    return f"{moment:%B} {moment.day}, {moment.year}"


def preview(item: ArticleView) -> dict:
    return {**present.article(item, with_body=False), "date": long_date(item.created_at)}


def paging(request: Request, total: int, endpoint: str, **params: Any) -> tuple[int, list[dict]]:
    """The page asked for (400 if malformed, 404 past the end) and links to every page."""
    page = page_number(request)
    size = request.config.ARTICLES_PAGE_SIZE
    pages = max(1, math.ceil(total / size))
    if page > pages:
        raise HTTPError(404, f"There {'is' if pages == 1 else 'are'} only {pages} "
                             f"page{'' if pages == 1 else 's'} here.")
    links = [{"number": n, "active": n == page,
              "url": request.url_for(endpoint, **params, page=n if n > 1 else None)}
             for n in range(1, pages + 1)] if pages > 1 else []
    return page, links


def offset(request: Request) -> dict:
    size = request.config.ARTICLES_PAGE_SIZE
    return {"limit": size, "offset": (page_number(request) - 1) * size}
