"""Article lists: the home feeds, a tag's articles, a profile's articles and favorites."""

from __future__ import annotations

from typing import Any

from ...http import HTTPError, Page, Redirect, Request, Result
from .. import articles, present, users
from .common import login_first, offset, paging, preview, viewer

POPULAR_TAGS = 20


def _listing(request: Request, endpoint: str, params: dict, **filters: Any) -> dict:
    items, total = articles.listing(request.connection, viewer(request), **filters,
                                    **offset(request))
    page, links = paging(request, total, endpoint, **params)
    here = request.url_for(endpoint, **params, page=page if page > 1 else None)
    return {"articles": [preview(item) for item in items], "pages": links, "here": here}


def _home(request: Request, tab: str, tag: str | None = None, **filters: Any) -> Result:
    params = {"tag": tag} if tag else {"feed": "following"} if tab == "feed" else {}
    listing = _listing(request, "tag" if tag else "index", params, tag=tag, **filters)
    return Page("home", {"title": tag or "Home", "nav": "home", "tab": tab, "tag": tag,
                         "tags": articles.tags(request.connection, POPULAR_TAGS), **listing})


def favicon(request):
    """Browsers ask for /favicon.ico whatever the page says: point them at the icon."""
    return Redirect(request.url_for("static", filename="favicon.svg"), status=302)


def home(request: Request) -> Result:
    """The global feed, or the feed of followed authors with ?feed=following."""
    feed = request.query.get("feed") or ""
    if feed not in ("", "following"):
        raise HTTPError(400, "The feed must be empty or 'following'.")
    if not feed:
        return _home(request, "global")
    if viewer(request) is None:
        return login_first(request, request.url_for("index", feed="following"))
    return _home(request, "feed", feed=True)


def tag(request: Request, tag: str) -> Result:
    """Articles with one tag."""
    return _home(request, "tag", tag=tag)


def profile(request: Request, username: str, favorites: bool = False) -> Result:
    """A profile and its articles (or the articles it favorited)."""
    me = viewer(request)
    user = users.profile(request.db, username)
    endpoint = "profile_favorites" if favorites else "profile"
    filters = {"favorited": user.username} if favorites else {"author": user.username}
    listing = _listing(request, endpoint, {"username": user.username}, **filters)
    return Page("profile", {
        "title": user.username, "nav": "profile" if me and me.id == user.id else "",
        "profile": present.profile(user, users.is_following(request.db, me, user)),
        "is_self": me is not None and me.id == user.id,
        "tab": "favorites" if favorites else "author", **listing})


def profile_favorites(request: Request, username: str) -> Result:
    """The articles a profile favorited."""
    return profile(request, username, favorites=True)
