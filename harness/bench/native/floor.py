"""The floor: Conduit's measured pages as directly as Python can serve them.

Raw sqlite3 running the builds' SQL, the builds' own templates (SimpleTemplate for the
Bottle floor, Jinja2 for the Flask floor) and a bare WSGI callable: what the same bytes
cost with no framework, no core and no SQLAlchemy. It answers `/`, `/api/articles`,
`/article/{slug}` and `/tfb/db` for an anonymous visitor, as the builds do (checked by
tests/test_bench_baselines.py), including the session cookie the CSRF token needs.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import random
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import quote, urlencode

import nh3
from itsdangerous import URLSafeTimedSerializer
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parents[3]
VIEWS = str(ROOT / "bottle_app" / "views")
TEMPLATES = str(ROOT / "flask_app" / "templates")
PAGE_SIZE = 10  # the pages' ARTICLES_PAGE_SIZE
API_LIMIT = 20  # the API's default limit
POPULAR_TAGS = 20
URL_SAFE = "!$&'()*+,/:;=@"
QUERY_SAFE = "!$'()*,/:;?@"
HTML = "text/html; charset=utf-8"
JSON = "application/json"

# The statements the builds run for an anonymous visitor, as SQLAlchemy spells them.
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
WORLD = 'SELECT world.id, world."randomNumber" FROM world WHERE world.id = ?'

ROUTES = {
    "index": "/", "examples": "/examples", "hello": "/hello", "escaping": "/escaping",
    "guestbook": "/guestbook", "tag": "/tag/{tag}", "login": "/login",
    "register": "/register", "logout": "/logout", "settings": "/settings",
    "editor": "/editor", "article": "/article/{slug}",
    "favorite": "/article/{slug}/favorite", "unfavorite": "/article/{slug}/unfavorite",
    "profile": "/profile/{username}", "follow": "/profile/{username}/follow",
    "unfollow": "/profile/{username}/unfollow", "static": "/static/{filename}",
}


def url_for(name: str, /, **params) -> str:
    path = ROUTES[name]
    if "{" in path:
        inner = path[path.index("{") + 1:path.index("}")]
        path = path.replace("{" + inner + "}", quote(str(params.pop(inner)), safe=URL_SAFE))
    query = urlencode([(k, v) for k, v in params.items() if v is not None], safe=QUERY_SAFE)
    return f"{path}?{query}" if query else path


def iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds") + "Z"  # naive UTC: no offset printed


def long_date(moment: datetime) -> str:
    return f"{moment:%B} {moment.day}, {moment.year}"


def _article(row, body: bool, tags: list[str]) -> dict:
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


class Floor:
    """One WSGI app; `engine` picks the Bottle (SimpleTemplate) or Flask (Jinja2) pages."""

    def __init__(self, database: str, engine: str, secret_key: str):
        self.db = sqlite3.connect(database, check_same_thread=False)
        self.secret = secret_key
        self.cookies = URLSafeTimedSerializer(
            secret_key, salt="cookie-session",
            serializer=_Compact, signer_kwargs={"key_derivation": "hmac",
                                                "digest_method": hashlib.sha1})
        self.markdown = MarkdownIt("commonmark", {"html": True}).enable(
            ["table", "strikethrough"])
        self.html: dict[str, str] = {}  # rendered bodies, as the builds cache them
        self.encoder = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
        if engine == "bottle":
            import bottle

            cache = {}

            def cached(name, context):
                if name not in cache:
                    cache[name] = bottle.SimpleTemplate(name=name, lookup=[VIEWS])
                return cache[name].render(**context)

            self.render = cached
        else:
            import jinja2

            env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES),
                                     autoescape=True)
            self.render = lambda name, context: env.get_template(f"{name}.html").render(
                context)

    # -- data -------------------------------------------------------------------
    def tag_lists(self, ids: list[int]) -> dict[int, list[str]]:
        found: dict[int, list[str]] = {i: [] for i in ids}
        if ids:
            marks = ", ".join("?" * len(ids))
            for article_id, name in self.db.execute(TAGS_OF.format(marks), ids):
                found[article_id].append(name)
        for names in found.values():
            names.sort()
        return found

    def listing(self, limit: int) -> tuple[list[tuple[dict, datetime]], int]:
        total = self.db.execute(COUNT).fetchone()[0]
        rows = self.db.execute(PAGE, (limit, 0)).fetchall()
        tags = self.tag_lists([row[0] for row in rows])
        return [_article(row, False, tags[row[0]]) for row in rows], total

    def body_html(self, text: str) -> str:
        key = hashlib.blake2b(text.encode(), digest_size=16).digest()
        if key not in self.html:
            self.html[key] = nh3.clean(self.markdown.render(text))
        return self.html[key]

    # -- pages ------------------------------------------------------------------
    def page_globals(self, session: dict) -> dict:
        token = []

        def csrf_token():
            if not token:
                session.setdefault("csrf", hashlib.sha1(os.urandom(64)).hexdigest())
                expires = (datetime.now() + timedelta(seconds=3600)).strftime("%Y%m%d%H%M%S")
                digest = hmac.new(self.secret.encode(), (session["csrf"] + expires).encode(),
                                  hashlib.sha1).hexdigest()
                token.append(f"{expires}##{digest}")
            return token[0]

        return {"url_for": url_for, "csrf_token": csrf_token, "flashed_messages": list,
                "current_user": None, "default_avatar": url_for(
                    "static", filename="default-avatar.svg")}

    def home(self, session: dict) -> str:
        items, total = self.listing(PAGE_SIZE)
        pages = -(-total // PAGE_SIZE)
        links = [{"number": n, "active": n == 1,
                  "url": url_for("index", page=n if n > 1 else None)}
                 for n in range(1, pages + 1)] if pages > 1 else []
        tags = [row[0] for row in self.db.execute(TAG_CLOUD, (POPULAR_TAGS,))]
        return self.render("home", {
            **self.page_globals(session), "title": "Home", "nav": "home", "tab": "global",
            "tag": None, "tags": tags,
            "articles": [{**data, "date": long_date(created)} for data, created in items],
            "pages": links, "here": url_for("index")})

    def article(self, session: dict, slug: str) -> str | None:
        row = self.db.execute(ONE, (slug,)).fetchone()
        if row is None:
            return None
        data, created = _article(row, True, self.tag_lists([row[0]])[row[0]])
        comments = []
        for c in self.db.execute(COMMENTS, (row[0],)):
            moment = datetime.fromisoformat(c[3])
            comments.append({
                "id": c[0], "createdAt": iso(moment),
                "updatedAt": iso(datetime.fromisoformat(c[4])), "body": c[1],
                "author": {"username": c[5], "bio": c[6], "image": c[7], "following": False},
                "date": long_date(moment), "mine": False})
        return self.render("article", {
            **self.page_globals(session), "title": data["title"], "nav": "",
            "article": {**data, "date": long_date(created)},
            "body_html": self.body_html(row[4]), "is_author": False, "comments": comments,
            "form": None, "here": url_for("article", slug=data["slug"])})

    # -- WSGI -------------------------------------------------------------------
    def __call__(self, environ, start_response):
        path = environ["PATH_INFO"]
        session: dict = {}
        headers = []
        if path == "/tfb/db":
            row = self.db.execute(WORLD, (random.randint(1, 10_000),)).fetchone()
            body, kind = self.encoder.encode({"id": row[0], "randomNumber": row[1]}), JSON
        elif path == "/api/articles":
            items, total = self.listing(API_LIMIT)
            body = self.encoder.encode({"articles": [data for data, _ in items],
                                        "articlesCount": total}) + "\n"
            kind = JSON
        elif path == "/":
            body, kind = self.home(session), HTML
        elif path.startswith("/article/"):
            body, kind = self.article(session, path[len("/article/"):]), HTML
        else:
            body = None
        if body is None:
            start_response("404 Not Found", [("Content-Type", "text/plain"),
                                             ("Content-Length", "9")])
            return [b"Not Found"]
        if session:
            headers.append(("Set-Cookie", f"session={self.cookies.dumps(session)}; "
                                          "HttpOnly; Path=/; SameSite=Lax"))
            headers.append(("Vary", "Cookie"))
        data = body.encode()
        start_response("200 OK", [("Content-Type", kind), ("Content-Length", str(len(data))),
                                  *headers])
        return [data]


class _Compact:
    @staticmethod
    def dumps(value) -> str:
        return json.dumps(value, separators=(",", ":"), sort_keys=True)

    @staticmethod
    def loads(text):
        return json.loads(text)


def create_app(database_url: str | None = None, engine: str = "bottle",
               secret_key: str | None = None):
    """A floor app over DATABASE_URL (sqlite:///path), pages in `engine`'s templates."""
    url = database_url or os.environ["DATABASE_URL"]
    if not url.startswith("sqlite:///"):
        raise SystemExit("the floor runs on SQLite only (raw sqlite3)")
    return Floor(url[len("sqlite:///"):], engine,
                 secret_key or os.environ.get("SECRET_KEY") or os.urandom(16).hex())


def create_bottle_floor(database_url: str | None = None):
    return create_app(database_url, "bottle")


def create_flask_floor(database_url: str | None = None):
    return create_app(database_url, "flask")
