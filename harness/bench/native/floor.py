"""The floor: Conduit's measured pages as directly as Python can serve them.

Raw sqlite3 running the builds' SQL, the builds' own templates (SimpleTemplate for the
Bottle floor, Jinja2 for the Flask floor) and a bare WSGI callable: what the same bytes
cost with no framework, no core and no SQLAlchemy. It answers `/`, `/api/articles`,
`/article/{slug}` and `/tfb/db` for a visitor, as the builds do (checked by
tests/test_bench_floor.py); a page with a CSRF token would start a session, as theirs do.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import random
from datetime import datetime, timedelta
from urllib.parse import quote, urlencode

import nh3
from itsdangerous import URLSafeTimedSerializer
from markdown_it import MarkdownIt

from .conduit import API_LIMIT, TEMPLATES, VIEWS, Reads, long_date

URL_SAFE = "!$&'()*+,/:;=@"
QUERY_SAFE = "!$'()*,/:;?@"
HTML = "text/html; charset=utf-8"
JSON = "application/json"
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


class Floor:
    """One WSGI app; `engine` picks the Bottle (SimpleTemplate) or Flask (Jinja2) pages."""

    def __init__(self, database_url: str, engine: str, secret_key: str):
        self.reads = Reads(database_url)
        self.db = self.reads.db
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
        articles, pages = self.reads.previews(1)
        links = [{"number": n, "active": n == 1,
                  "url": url_for("index", page=n if n > 1 else None)}
                 for n in range(1, pages + 1)] if pages > 1 else []
        return self.render("home", {
            **self.page_globals(session), "title": "Home", "nav": "home", "tab": "global",
            "tag": None, "tags": self.reads.tag_cloud(), "articles": articles,
            "pages": links, "here": url_for("index")})

    def article(self, session: dict, slug: str) -> str | None:
        found = self.reads.article(slug)
        if found is None:
            return None
        row, data, created = found
        comments = self.reads.comments(row[0])
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
            items, total = self.reads.listing(API_LIMIT)
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
    return Floor(database_url or os.environ["DATABASE_URL"], engine,
                 secret_key or os.environ.get("SECRET_KEY") or os.urandom(16).hex())


def create_bottle_floor(database_url: str | None = None):
    return create_app(database_url, "bottle")


def create_flask_floor(database_url: str | None = None):
    return create_app(database_url, "flask")
