"""The route table: every page and endpoint of the application, once."""

from __future__ import annotations

from . import pages
from .conduit.pages import account, feeds, reading, writing
from .routing import Route

GET = ("GET",)
POST = ("POST",)
GET_POST = ("GET", "POST")

ROUTES: list[Route] = [
    Route("index", GET, "/", feeds.home),
    Route("examples", GET, "/examples", pages.examples),
    Route("hello", GET, "/hello", pages.hello),
    Route("hello_name", GET, "/hello/{name}", pages.hello),
    Route("escaping", GET, "/escaping", pages.escaping),
    Route("guestbook", GET_POST, "/guestbook", pages.guestbook),
    # Conduit's pages (the RealWorld frontend's routes)
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
    Route("comment", POST, "/article/{slug}/comments", reading.comment),
    Route("comment_delete", POST, "/article/{slug}/comments/{comment_id:int}/delete",
          reading.delete_comment),
    Route("profile", GET, "/profile/{username}", feeds.profile),
    Route("profile_favorites", GET, "/profile/{username}/favorites", feeds.profile_favorites),
    Route("follow", POST, "/profile/{username}/follow", reading.follow),
    Route("unfollow", POST, "/profile/{username}/unfollow", reading.unfollow),
]
