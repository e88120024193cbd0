"""Conduit's route table: the RealWorld pages and the JSON API, once."""

from __future__ import annotations

from ..routing import Route
from . import api
from .pages import account, feeds, reading, writing

GET = ("GET",)
GET_POST = ("GET", "POST")
POST = ("POST",)
PUT = ("PUT",)
DELETE = ("DELETE",)

ROUTES: list[Route] = [
    # The pages (the RealWorld frontend's routes)
    Route("index", GET, "/", feeds.home),
    Route("favicon", GET, "/favicon.ico", feeds.favicon),
    Route("tag", GET, "/tag/{tag:path}", feeds.tag),
    Route("login", GET_POST, "/login", account.login),
    Route("register", GET_POST, "/register", account.register),
    Route("logout", POST, "/logout", account.logout),
    Route("settings", GET_POST, "/settings", account.settings),
    Route("editor", GET_POST, "/editor", writing.editor),
    Route("editor_edit", GET_POST, "/editor/{slug}", writing.editor),
    Route("article", GET, "/article/{slug}", reading.article),
    Route("article_delete", POST, "/article/{slug}/delete", reading.delete),
    Route("favorite", POST, "/article/{slug}/favorite", reading.favorite),
    Route("unfavorite", POST, "/article/{slug}/unfavorite", reading.unfavorite),
    # GET too: after a refused comment the address bar holds this path; reloading it
    # (or pressing Enter) leads back to the article instead of a 405.
    Route("comment", GET_POST, "/article/{slug}/comments", reading.comment),
    Route("comment_delete", POST, "/article/{slug}/comments/{comment_id:int}/delete",
          reading.delete_comment),
    Route("profile", GET, "/profile/{username}", feeds.profile),
    Route("profile_favorites", GET, "/profile/{username}/favorites", feeds.profile_favorites),
    Route("follow", POST, "/profile/{username}/follow", reading.follow),
    Route("unfollow", POST, "/profile/{username}/unfollow", reading.unfollow),

    # The Conduit JSON API (RealWorld spec 2.0.0).
    Route("api_login", POST, "/api/users/login", api.login),
    Route("api_register", POST, "/api/users", api.register),
    Route("api_user", GET, "/api/user", api.current_user),
    Route("api_user_update", PUT, "/api/user", api.update_user),
    Route("api_profile", GET, "/api/profiles/{username}", api.profile),
    Route("api_follow", POST, "/api/profiles/{username}/follow", api.follow),
    Route("api_unfollow", DELETE, "/api/profiles/{username}/follow", api.unfollow),
    Route("api_articles", GET, "/api/articles", api.list_articles),
    Route("api_article_create", POST, "/api/articles", api.create_article),
    Route("api_feed", GET, "/api/articles/feed", api.feed),
    Route("api_article", GET, "/api/articles/{slug}", api.get_article),
    Route("api_article_update", PUT, "/api/articles/{slug}", api.update_article),
    Route("api_article_delete", DELETE, "/api/articles/{slug}", api.delete_article),
    Route("api_favorite", POST, "/api/articles/{slug}/favorite", api.favorite),
    Route("api_unfavorite", DELETE, "/api/articles/{slug}/favorite", api.unfavorite),
    Route("api_comments", GET, "/api/articles/{slug}/comments", api.list_comments),
    Route("api_comment_create", POST, "/api/articles/{slug}/comments", api.add_comment),
    Route("api_comment_delete", DELETE, "/api/articles/{slug}/comments/{id:any_id}",
          api.delete_comment),
    Route("api_tags", GET, "/api/tags", api.tags),
]


def _preflights(routes: list[Route]) -> list[Route]:
    """One OPTIONS route per API path, so unknown paths stay 404 and browsers get CORS."""
    paths = dict.fromkeys(r.path for r in routes if r.path.startswith("/api/"))
    return [Route(f"api_preflight_{n}", ("OPTIONS",), path, api.preflight)
            for n, path in enumerate(paths)]


ROUTES += _preflights(ROUTES)
