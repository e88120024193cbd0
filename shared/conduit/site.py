"""Conduit as a site on the kit: its routes, tables, settings, error shape and seed."""

from __future__ import annotations

from typing import Any

from ..config import Config, ConfigError
from ..db import Database
from ..errors import html_page, message
from ..http import HTTPError, Json, Request, Result
from ..routing import Converter
from ..site import Site
from . import login_limit
from .auth import SESSION_KEY
from .models import Base
from .pages.common import current_user
from .routes import ROUTES
from .security import DEFAULT_PROFILE, hasher_for
from .seed import seed

API_PREFIX = "/api/"
_AVATARS = "conduit.default_avatar"
NO_STORE = {"Cache-Control": "no-store"}


def is_api(path: str) -> bool:
    return path == API_PREFIX.rstrip("/") or path.startswith(API_PREFIX)


def error_shape(error: HTTPError, path: str) -> Result:
    """RealWorld's JSON errors under /api/, the HTML error page elsewhere."""
    if is_api(path):
        # Sorted: the adapters send keys in the order written (see present.py).
        errors = dict(sorted(error.errors.items())) if error.errors else {
            "body": [message(error)]}
        body = {"errors": errors}
        return Json(body, status=error.status, headers=error.headers)
    return html_page(error, path)


def template_globals(request: Request) -> dict[str, Any]:
    return {"current_user": current_user(request), "default_avatar": default_avatar(request)}


def headers(request: Request) -> dict[str, str]:
    """A signed-in user's pages are theirs alone: no shared cache may keep them."""
    headers = request.headers
    if "Authorization" in headers or ("Cookie" in headers  # no cookie: nothing to parse
                                      and request.core.config.SESSION_COOKIE_NAME
                                      in request.cookies and SESSION_KEY in request.session):
        return NO_STORE
    return {}


def default_avatar(request: Request) -> str:
    # Built once per mount prefix: URL building costs tens of microseconds a page.
    cache = request.core.cache.setdefault(_AVATARS, {})
    root = request.script_root
    if root not in cache:
        cache[root] = request.url_for("static", filename="default-avatar.svg")
    return cache[root]


def seed_demo(db: Database, config: Config) -> bool:
    with db.session() as session:
        return seed(session, hasher_for(config))


def _comment_id(text: str) -> int:
    # Any segment matches, so a bad id is the API's own 404, after the auth check.
    return int(text) if text.isascii() and text.isdigit() and len(text) < 19 else 0


def check_settings(config: Any) -> None:
    """Refuse at start-up what would otherwise fail on the first login or sign-up."""
    login_limit.check_settings(config)
    try:
        hasher_for(config)
    except ValueError as error:
        raise ConfigError(str(error)) from None


SITE = Site(
    name="conduit",
    routes=ROUTES,
    metadata=Base.metadata,
    settings={
        "ARTICLES_PAGE_SIZE": 10,
        "JWT_LIFETIME": 14 * 24 * 3600,
        "PASSWORD_HASH_PROFILE": DEFAULT_PROFILE,  # a name in argon2.profiles
        **login_limit.SETTINGS,
    },
    check=check_settings,
    template_globals=template_globals,
    headers=headers,
    error=error_shape,
    seed=seed_demo,
    converters={"any_id": Converter(r"[^/]+", _comment_id, str)},
)
