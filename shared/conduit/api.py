"""The Conduit JSON API (RealWorld spec 2.0.0), mounted under /api by shared/routes.py."""

from __future__ import annotations

from typing import Any

from .. import cors
from ..db import storable
from ..http import HTTPError, Json, Request, Result, Text, is_json
from . import articles, present, users
from . import validate as v
from .auth import api_token, api_user, token_for
from .login_limit import LoginLimit
from .models import User
from .security import hasher_for

NOT_JSON = "must be JSON, sent with Content-Type: application/json"
MAX_LIMIT = 100


def _payload(request: Request, key: str) -> dict:
    """The object under the body's wrapper key: {"user": {...}} -> {...}."""
    if not is_json(request.headers.get("Content-Type")):
        raise HTTPError(415, "The request body must be JSON.", errors={"body": [NOT_JSON]})
    data = request.json
    if not isinstance(data, dict):
        raise v.Invalid({"body": ["must be a JSON object"]})
    inner = data.get(key)
    if not isinstance(inner, dict):
        raise v.Invalid({key: [v.BLANK]})
    return inner


def _int_query(request: Request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query.get(name)
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit()) or not low <= int(raw) <= high:
        raise v.Invalid({name: [f"must be an integer from {low} to {high}"]})
    return int(raw)


def _user(request: Request, user: User, status: int = 200) -> Json:
    return Json({"user": present.user(user, token_for(request, user))}, status=status)


def _profile(request: Request, viewer: User | None, target: User) -> Json:
    following = users.is_following(request.db, viewer, target)
    return Json({"profile": present.profile(target, following)})


def _article(request: Request, viewer: User | None, slug: str, status: int = 200) -> Json:
    item = articles.view(request.connection, viewer, slug)
    return Json({"article": present.article(item)}, status=status)


def _articles(request: Request, viewer: User | None, **filters: Any) -> Json:
    limit = _int_query(request, "limit", 20, 1, MAX_LIMIT)
    offset = _int_query(request, "offset", 0, 0, 2**31 - 1)
    if not all(storable(f) for f in filters.values() if isinstance(f, str)):
        return Json({"articles": [], "articlesCount": 0})  # no stored text can equal it
    items, total = articles.listing(request.connection, viewer, limit=limit, offset=offset,
                                    **filters)
    return Json({"articles": [present.article(i, with_body=False) for i in items],
                 "articlesCount": total})


# -- users ----------------------------------------------------------------------

def register(request: Request) -> Result:
    """POST /users: create an account."""
    return _user(request, users.register(request.db, _payload(request, "user"),
                                           hasher_for(request.config)), status=201)


def login(request: Request) -> Result:
    """POST /users/login: trade email and password for a token."""
    return _user(request, users.login(request.db, _payload(request, "user"),
                                      LoginLimit.for_request(request),
                                      hasher_for(request.config)))


def current_user(request: Request) -> Result:
    """GET /user."""
    return _user(request, api_user(request, required=True))


def update_user(request: Request) -> Result:
    """PUT /user: change any of the account's fields."""
    me, claims = api_token(request, required=True)
    return _user(request, users.update(request.db, me, _payload(request, "user"),
                                     hasher_for(request.config), keep_token=claims.token_id))


# -- profiles -------------------------------------------------------------------

def profile(request: Request, username: str) -> Result:
    """GET /profiles/{username}."""
    viewer = api_user(request, required=False)
    return _profile(request, viewer, users.profile(request.db, username))


def follow(request: Request, username: str) -> Result:
    """POST /profiles/{username}/follow."""
    viewer = api_user(request, required=True)
    return _profile(request, viewer, users.follow(request.db, viewer, username))


def unfollow(request: Request, username: str) -> Result:
    """DELETE /profiles/{username}/follow."""
    viewer = api_user(request, required=True)
    return _profile(request, viewer, users.unfollow(request.db, viewer, username))


# -- articles -------------------------------------------------------------------

def list_articles(request: Request) -> Result:
    """GET /articles?tag=&author=&favorited=&limit=&offset=."""
    viewer = api_user(request, required=False)
    query = request.query
    return _articles(request, viewer, tag=query.get("tag"), author=query.get("author"),
                     favorited=query.get("favorited"))


def feed(request: Request) -> Result:
    """GET /articles/feed: the newest articles of the authors the user follows."""
    return _articles(request, api_user(request, required=True), feed=True)


def get_article(request: Request, slug: str) -> Result:
    """GET /articles/{slug}."""
    return _article(request, api_user(request, required=False), slug)


def create_article(request: Request) -> Result:
    """POST /articles."""
    author = api_user(request, required=True)
    article = articles.create(request.db, author, _payload(request, "article"))
    return _article(request, author, article.slug, status=201)


def update_article(request: Request, slug: str) -> Result:
    """PUT /articles/{slug}: only its author may."""
    user = api_user(request, required=True)
    article = articles.update(request.db, user, slug, _payload(request, "article"))
    return _article(request, user, article.slug)


def delete_article(request: Request, slug: str) -> Result:
    """DELETE /articles/{slug}: only its author may."""
    articles.remove(request.db, api_user(request, required=True), slug)
    return Text(b"", status=204)


def favorite(request: Request, slug: str) -> Result:
    """POST /articles/{slug}/favorite."""
    user = api_user(request, required=True)
    articles.favorite(request.db, user, slug)
    return _article(request, user, slug)


def unfavorite(request: Request, slug: str) -> Result:
    """DELETE /articles/{slug}/favorite."""
    user = api_user(request, required=True)
    articles.unfavorite(request.db, user, slug)
    return _article(request, user, slug)


# -- comments -------------------------------------------------------------------

def list_comments(request: Request, slug: str) -> Result:
    """GET /articles/{slug}/comments."""
    viewer = api_user(request, required=False)
    found = articles.comments(request.connection, viewer, slug)
    return Json({"comments": [present.comment(c, following) for c, following in found]})


def add_comment(request: Request, slug: str) -> Result:
    """POST /articles/{slug}/comments."""
    user = api_user(request, required=True)
    comment = articles.add_comment(request.db, user, slug, _payload(request, "comment"))
    return Json({"comment": present.comment(comment, False)}, status=201)


def delete_comment(request: Request, slug: str, id: int) -> Result:
    """DELETE /articles/{slug}/comments/{id}: only its author may."""
    user = api_user(request, required=True)
    articles.remove_comment(request.db, user, slug, id)
    return Text(b"", status=204)


# -- tags and CORS ----------------------------------------------------------------

def tags(request: Request) -> Result:
    """GET /tags: every tag in use."""
    return Json({"tags": articles.tags(request.connection)})


def preflight(request: Request, **params: Any) -> Result:
    """OPTIONS anywhere under /api: a browser asks before a cross-origin request."""
    headers = cors.preflight_headers(request.config, request.path,
                                     request.headers.get("Origin"))
    return Text(b"", status=204, headers=headers)
