"""The read paths: prebuilt SQLAlchemy Core statements returning plain rows.

Each statement is built once per process (with bind parameters), compiled once per
dialect and run on the request's connection by `Prepared`, so a request pays neither
statement building, SQLAlchemy's execution machinery nor ORM hydration. The
presenters read these rows as they read the ORM objects; writes keep the ORM. Only
portable SQL: the same statements run on SQLite and PostgreSQL.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache, lru_cache
from typing import Any

from sqlalchemy import bindparam, exists, func, select
from sqlalchemy.engine import Connection

from ..db import Prepared
from .models import Article, ArticleTag, Comment, Tag, User, favorites, follows

articles_t = Article.__table__
users_t = User.__table__
tags_t = Tag.__table__
links_t = ArticleTag.__table__
comments_t = Comment.__table__

FILTERS = ("tag", "author", "favorited", "feed")


@dataclass(slots=True)
class Author:
    id: int
    username: str
    bio: str | None
    image: str | None


@dataclass(slots=True)
class ArticleView:
    """An article as one viewer sees it: the ORM Article's names, and the count and
    flags that depend on who asks. One flat object: a page builds one per article."""

    id: int
    slug: str
    title: str
    description: str
    body: str | None
    author_id: int
    created_at: datetime
    updated_at: datetime
    author: Author
    tag_list: list[str]
    favorites_count: int
    favorited: bool
    following: bool


@dataclass(slots=True)
class CommentRow:
    id: int
    body: str
    author_id: int
    created_at: datetime
    updated_at: datetime
    author: Author


def _filter(name: str):
    a = articles_t.c
    if name == "tag":
        return a.id.in_(select(links_t.c.article_id)
                        .join(tags_t, tags_t.c.id == links_t.c.tag_id)
                        .where(tags_t.c.name == bindparam("tag")))
    if name == "author":
        return a.author_id.in_(select(users_t.c.id)
                               .where(users_t.c.username == bindparam("author")))
    if name == "favorited":
        return a.id.in_(select(favorites.c.article_id)
                        .join(users_t, users_t.c.id == favorites.c.user_id)
                        .where(users_t.c.username == bindparam("favorited")))
    return a.author_id.in_(select(follows.c.followed_id)
                           .where(follows.c.follower_id == bindparam("viewer")))


def _viewer_columns(viewer: bool) -> list:
    a = articles_t.c
    count = (select(func.count()).where(favorites.c.article_id == a.id)
             .scalar_subquery().label("favorites_count"))
    if not viewer:
        return [count]
    favorited = exists().where(favorites.c.article_id == a.id,
                               favorites.c.user_id == bindparam("viewer")).label("favorited")
    following = exists().where(follows.c.follower_id == bindparam("viewer"),
                               follows.c.followed_id == a.author_id).label("following")
    return [count, favorited, following]


def _article_select(viewer: bool, body: bool):
    a, u = articles_t.c, users_t.c
    columns = [a.id, a.slug, a.title, a.description, *([a.body] if body else []),
               a.author_id, a.created_at, a.updated_at, u.username, u.bio, u.image]
    return (select(*columns, *_viewer_columns(viewer))
            .join_from(articles_t, users_t, u.id == a.author_id))


@cache
def _count(filters: tuple[str, ...]) -> Prepared:
    return Prepared(select(func.count()).select_from(articles_t).where(*map(_filter, filters)))


@cache
def _page(filters: tuple[str, ...], viewer: bool) -> Prepared:
    a = articles_t.c
    return Prepared(_article_select(viewer, body=False).where(*map(_filter, filters))
                    .order_by(a.created_at.desc(), a.id.desc())
                    .limit(bindparam("limit")).offset(bindparam("offset")))


@cache
def _one(viewer: bool) -> Prepared:
    return Prepared(_article_select(viewer, body=True)
                    .where(articles_t.c.slug == bindparam("slug")))


@lru_cache(maxsize=128)  # one per page size: a page holds at most the API's 100
def _tags_of(count: int) -> tuple[Prepared, tuple[str, ...]]:
    """The statement for `count` articles' tags, and its parameters' names."""
    # IN (?, ?, ...) with one bind a value: the SQL SQLAlchemy's expanding IN renders.
    names = tuple(f"id{n}" for n in range(count))
    ids: list[Any] = [bindparam(name) for name in names]
    return Prepared(select(links_t.c.article_id, tags_t.c.name)
                    .join_from(links_t, tags_t, tags_t.c.id == links_t.c.tag_id)
                    .where(links_t.c.article_id.in_(ids))), names


@cache
def _article_id() -> Prepared:
    return Prepared(select(articles_t.c.id).where(articles_t.c.slug == bindparam("slug")))


@cache
def _comments(viewer: bool) -> Prepared:
    c, u = comments_t.c, users_t.c
    following = [exists().where(follows.c.follower_id == bindparam("viewer"),
                                follows.c.followed_id == c.author_id).label("following")]
    return Prepared(select(c.id, c.body, c.author_id, c.created_at, c.updated_at,
                           u.username, u.bio, u.image, *(following if viewer else []))
                    .join_from(comments_t, users_t, u.id == c.author_id)
                    .where(c.article_id == bindparam("article"))
                    .order_by(c.created_at.desc(), c.id.desc()))


@cache
def _tag_cloud(limited: bool) -> Prepared:
    uses = func.count(links_t.c.article_id)
    statement = (select(tags_t.c.name)
                 .join_from(tags_t, links_t, links_t.c.tag_id == tags_t.c.id)
                 .group_by(tags_t.c.id, tags_t.c.name).order_by(uses.desc(), tags_t.c.name))
    return Prepared(statement.limit(bindparam("limit")) if limited else statement)


def _listed(row, tags: list[str]) -> ArticleView:
    """A page's article (no body). Literal indexes: a page builds one per article, and
    unpacking or computed indexes cost a fifth more."""
    seen = len(row) > 11  # a viewer's query adds favorited and following
    return ArticleView(row[0], row[1], row[2], row[3], None, row[4], row[5], row[6],
                       Author(row[4], row[7], row[8], row[9]), tags, row[10],
                       bool(row[11]) if seen else False, bool(row[12]) if seen else False)


def _article(row, tags: list[str]) -> ArticleView:
    """One article, with its body (the columns of _listed, the body fifth)."""
    found = _listed([*row[:4], *row[5:]], tags)
    found.body = row[4]
    return found


def _tag_lists(connection: Connection, ids: list[int]) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {i: [] for i in ids}
    if ids:
        statement, keys = _tags_of(len(ids))
        for article_id, name in statement.all(connection, dict(zip(keys, ids, strict=True))):
            found[article_id].append(name)
    for names in found.values():
        names.sort()  # RealWorld's suites expect the tagList sorted
    return found


def listing(connection: Connection, viewer_id: int | None, filters: dict, limit: int,
            offset: int) -> tuple[list[ArticleView], int]:
    """The articles of one page, and the total before paging."""
    used = tuple(name for name in FILTERS if filters.get(name))
    params = {name: filters[name] for name in used if name != "feed"}
    if viewer_id is not None:
        params["viewer"] = viewer_id
    total = _count(used).scalar(connection, params)
    rows = _page(used, viewer_id is not None).all(
        connection, {**params, "limit": limit, "offset": offset})
    tags = _tag_lists(connection, [row[0] for row in rows])
    return [_listed(row, tags[row[0]]) for row in rows], total


def article(connection: Connection, viewer_id: int | None, slug: str) -> ArticleView | None:
    """One article by slug, or None."""
    params = {"slug": slug} if viewer_id is None else {"slug": slug, "viewer": viewer_id}
    row = _one(viewer_id is not None).first(connection, params)
    if row is None:
        return None
    return _article(row, _tag_lists(connection, [row[0]])[row[0]])


def article_id(connection: Connection, slug: str) -> int | None:
    return _article_id().scalar(connection, {"slug": slug})


def comments(connection: Connection, viewer_id: int | None,
             article: int) -> list[tuple[CommentRow, bool]]:
    """An article's comments, newest first, each with whether the viewer follows its author."""
    params = {"article": article} if viewer_id is None else {"article": article,
                                                             "viewer": viewer_id}
    found = []
    for row in _comments(viewer_id is not None).all(connection, params):
        comment = CommentRow(row[0], row[1], row[2], row[3], row[4],
                             Author(row[2], row[5], row[6], row[7]))
        found.append((comment, bool(row[8]) if viewer_id is not None else False))
    return found


def tag_cloud(connection: Connection, limit: int | None = None) -> list[str]:
    """The tags in use, most used first (ties by name); only the first `limit` if given."""
    params = {} if limit is None else {"limit": limit}
    return [row[0] for row in _tag_cloud(limit is not None).all(connection, params)]
