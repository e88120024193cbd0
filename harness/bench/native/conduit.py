"""Conduit's reads for the native baselines and the floor: sqlite3 and hand-written SQL.

What a tutorial app's database module holds (flaskr's `db.py`, Bottle's todo example):
a sqlite3 connection, SQL, and rows turned into the plain data the templates and the
API read. The SQL is the builds' own, as SQLAlchemy spells it for SQLite, so the
database does the same work under every app and only the layers above it differ.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
VIEWS = str(ROOT / "bottle_app" / "views")
TEMPLATES = str(ROOT / "flask_app" / "templates")
STATIC = str(ROOT / "flask_app" / "static")
PAGE_SIZE = 10  # the pages' ARTICLES_PAGE_SIZE
API_LIMIT = 20  # the API's default limit
POPULAR_TAGS = 20

# The pages a visitor's home page links to that the baselines do not serve: each app
# registers them by name, so that its own URL builder makes the links. Plain segments
# are written alike in Bottle and Flask.
LINKED = {"tag": "/tag/<tag>", "article": "/article/<slug>", "profile": "/profile/<username>",
          "login": "/login", "register": "/register", "examples": "/examples",
          "hello": "/hello", "escaping": "/escaping", "guestbook": "/guestbook"}
NOT_HERE = "This page is not part of the baseline."

COUNT = "SELECT count(*) AS count_1 FROM articles"
ARTICLE_COLUMNS = (
    "SELECT articles.id, articles.slug, articles.title, articles.description, {body}"
    "articles.author_id, articles.created_at, articles.updated_at, users.username, "
    "users.bio, users.image, (SELECT count(*) AS count_1 FROM favorites "
    "WHERE favorites.article_id = articles.id) AS favorites_count "
    "FROM articles JOIN users ON users.id = articles.author_id ")
PAGE = ARTICLE_COLUMNS.format(body="") + (
    "ORDER BY articles.created_at DESC, articles.id DESC LIMIT ? OFFSET ?")
ONE = ARTICLE_COLUMNS.format(body="articles.body, ") + "WHERE articles.slug = ?"
TAGS_OF = ("SELECT article_tags.article_id, tags.name FROM article_tags "
           "JOIN tags ON tags.id = article_tags.tag_id WHERE article_tags.article_id IN ({})")
COMMENTS = ("SELECT comments.id, comments.body, comments.author_id, comments.created_at, "
            "comments.updated_at, users.username, users.bio, users.image FROM comments "
            "JOIN users ON users.id = comments.author_id WHERE comments.article_id = ? "
            "ORDER BY comments.created_at DESC, comments.id DESC")
TAG_CLOUD = ("SELECT tags.name FROM tags JOIN article_tags ON article_tags.tag_id = tags.id "
             "GROUP BY tags.id, tags.name ORDER BY count(article_tags.article_id) DESC, "
             "tags.name LIMIT ?")


def sqlite_path(url: str) -> str:
    if not url.startswith("sqlite:///"):
        raise SystemExit("the Conduit baselines run on SQLite only (raw sqlite3)")
    return url[len("sqlite:///"):]


def iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds") + "Z"  # naive UTC: no offset printed


def long_date(moment: datetime) -> str:
    return f"{moment:%B} {moment.day}, {moment.year}"


def article_data(row, body: bool, tags: list[str]) -> tuple[dict, datetime]:
    """An article row as RealWorld's JSON has it (for a visitor), and its creation time."""
    at = 5 if body else 4
    created = datetime.fromisoformat(row[at + 1])
    data = {"slug": row[1], "title": row[2], "description": row[3], "tagList": tags,
            "createdAt": iso(created), "updatedAt": iso(datetime.fromisoformat(row[at + 2])),
            "favorited": False, "favoritesCount": row[at + 6],
            "author": {"username": row[at + 3], "bio": row[at + 4], "image": row[at + 5],
                       "following": False}}
    if body:
        data["body"] = row[4]
    return data, created


class Reads:
    """The reads of a visitor's pages, on one sqlite3 connection held for the process,
    or (per_request) on one a request opens and closes, as the tutorials write it."""

    def __init__(self, url: str, per_request: bool = False):
        self.url = url
        self.per_request = per_request

    @contextmanager
    def opened(self) -> Iterator[Reads]:
        """The reads for one request: these, or a connection of the request's own that is
        closed after it (flaskr's get_db() and teardown, Bottle's todo example)."""
        if not self.per_request:
            yield self
            return
        reads = Reads(self.url)
        try:
            yield reads
        finally:
            if "db" in reads.__dict__:
                reads.db.close()

    @functools.cached_property
    def db(self) -> sqlite3.Connection:
        # Opened on the first page read: the TFB endpoints of the same native app run on
        # any database (SQLAlchemy), the Conduit pages on SQLite only.
        return sqlite3.connect(sqlite_path(self.url), check_same_thread=False)

    def tag_lists(self, ids: list[int]) -> dict[int, list[str]]:
        found: dict[int, list[str]] = {i: [] for i in ids}
        if ids:
            marks = ", ".join("?" * len(ids))
            for article_id, name in self.db.execute(TAGS_OF.format(marks), ids):
                found[article_id].append(name)
        for names in found.values():
            names.sort()
        return found

    def listing(self, limit: int, offset: int = 0) -> tuple[list[tuple[dict, datetime]], int]:
        """One page of articles, newest first, and how many there are in all."""
        total = self.db.execute(COUNT).fetchone()[0]
        rows = self.db.execute(PAGE, (limit, offset)).fetchall()
        tags = self.tag_lists([row[0] for row in rows])
        return [article_data(row, False, tags[row[0]]) for row in rows], total

    def previews(self, page: int) -> tuple[list[dict], int]:
        """The articles of one page of a list, as the templates show them; the page count."""
        items, total = self.listing(PAGE_SIZE, (page - 1) * PAGE_SIZE)
        return [{**data, "date": long_date(created)} for data, created in items], -(
            -total // PAGE_SIZE)

    def tag_cloud(self) -> list[str]:
        return [row[0] for row in self.db.execute(TAG_CLOUD, (POPULAR_TAGS,))]

    def article(self, slug: str):
        """(row, data, created) of one article, or None."""
        row = self.db.execute(ONE, (slug,)).fetchone()
        if row is None:
            return None
        data, created = article_data(row, True, self.tag_lists([row[0]])[row[0]])
        return row, data, created

    def comments(self, article_id: int) -> list[dict]:
        found = []
        for c in self.db.execute(COMMENTS, (article_id,)):
            moment = datetime.fromisoformat(c[3])
            found.append({
                "id": c[0], "createdAt": iso(moment),
                "updatedAt": iso(datetime.fromisoformat(c[4])), "body": c[1],
                "author": {"username": c[5], "bio": c[6], "image": c[7], "following": False},
                "date": long_date(moment), "mine": False})
        return found
