"""Hypothesis strategies for whole HTTP requests, and twin apps that answer each one.

A request is drawn as data (method, path, headers, body bytes) so the very same bytes
can go to every build; paths come from the route table itself, so a new route is
fuzzed the day it is added.
"""

from __future__ import annotations

import json
import logging
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlencode

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from webtest import TestRequest
from wtforms.fields.core import UnboundField

from shared.conduit import forms as conduit_forms
from shared.examples import forms as example_forms
from shared.routing import parse
from shared.sites import SITES

PROFILES = {
    # make test: a quick, repeatable pass (the same examples on every run and machine)
    "short": settings(max_examples=60, deadline=None, derandomize=True, database=None,
                      suppress_health_check=[HealthCheck.too_slow]),
    # make fuzz: many more, fresh ones each run; a failure prints a blob to replay it
    "long": settings(max_examples=3000, deadline=None, print_blob=True,
                     suppress_health_check=[HealthCheck.too_slow]),
}
PASSWORD = "password123"
STATIC = sorted(p.name for p in (Path(__file__).parents[1] / "bottle_app/static").iterdir())
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]


@dataclass
class Known:
    """Values that exist in every twin's database, so paths hit real rows too."""

    usernames: list[str] = field(default_factory=lambda: ["ann", "bob"])
    slugs: list[str] = field(default_factory=list)
    comment_ids: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=lambda: ["bottle", "flask"])
    token: str = ""
    session: str = ""
    csrf: str = ""


@dataclass
class Spec:
    """One request, as bytes and text any WSGI test client can replay."""

    method: str
    path: str  # URL-quoted, with its query string
    headers: dict[str, str]
    body: bytes = b""
    # A CONTENT_LENGTH no server should pass on (WebTest's lint refuses it too): the
    # builds must not depend on the server for it (PORTING 39).
    content_length: str | None = None

    def request(self) -> TestRequest:
        request = TestRequest.blank(self.path, method=self.method,
                                    environ={"SERVER_PROTOCOL": "HTTP/1.1"})
        for name, value in self.headers.items():
            request.headers[name] = value
        if self.body or self.method in {"POST", "PUT", "PATCH"}:
            request.body = self.body  # webob sets Content-Length from it
        if self.content_length is not None:
            request.environ["CONTENT_LENGTH"] = self.content_length
        return request


# -- text of every kind -------------------------------------------------------------

# Any code point, lone surrogates included (the default alphabet leaves them out).
ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=30)
# What a WSGI header value can carry: latin-1 text standing for raw bytes.
HEADER_TEXT = st.text(st.characters(min_codepoint=0x20, max_codepoint=0xFF,
                                    exclude_characters="\x7f"), max_size=40)
HUGE_INTS = st.sampled_from([2**31, 2**63 - 1, 2**63, 2**64 + 1, 10**30, -(2**63) - 1])
NUMBERS = st.one_of(st.integers(-5, 50), HUGE_INTS).map(str)
PLAIN_TEXT = st.one_of(st.text(max_size=20), NUMBERS, st.sampled_from(["", " ", "..", "%"]))


def url_bytes(text: str) -> bytes:
    """UTF-8, with lone surrogates as the invalid bytes a client could send for them."""
    return text.encode("utf-8", "surrogatepass")


def segment(draw, known: Known, converter: str, name: str) -> str:
    """A path segment for one placeholder: a real row's key, a number or anything."""
    pool = {"slug": known.slugs, "username": known.usernames, "tag": known.tags,
            "comment_id": known.comment_ids, "id": known.comment_ids,
            "filename": STATIC}.get(name, [])
    choices = [st.sampled_from(pool)] if pool else []
    value = draw(st.one_of(*choices, NUMBERS, PLAIN_TEXT, ANY_TEXT))
    if converter == "path" and draw(st.booleans()):
        value = f"{value}/{draw(PLAIN_TEXT)}"
    raw = url_bytes(value)
    if draw(st.integers(0, 5)) == 0:  # bytes no text encodes to
        raw = draw(st.binary(min_size=1, max_size=8))
    return quote(raw, safe="/" if converter == "path" else "")


def route_paths() -> list[tuple[str, tuple[str, ...]]]:
    """Every route of every site, and the static route, as (neutral path, methods)."""
    paths = [(r.path, r.methods) for site in SITES for r in site.routes]
    return [*paths, ("/static/{filename:path}", ("GET",))]


@st.composite
def paths(draw, known: Known) -> tuple[str, tuple[str, ...]]:
    path, methods = draw(st.sampled_from(route_paths()))
    text = "".join(literal + (segment(draw, known, conv, name) if name else "")
                   for literal, name, conv in parse(path))
    tweak = draw(st.sampled_from(["", "", "", "/", "//", "/x"]))
    text = text.replace("/", "//", 1) if tweak == "//" else text + tweak
    return text or "/", methods


QUERY_KEYS = ["page", "tag", "author", "favorited", "limit", "offset", "feed", "next",
              "queries", "text", "name"]


@st.composite
def queries(draw) -> str:
    pairs = draw(st.lists(st.tuples(st.one_of(st.sampled_from(QUERY_KEYS), PLAIN_TEXT),
                                    st.one_of(NUMBERS, PLAIN_TEXT, ANY_TEXT)), max_size=4))
    if not pairs:
        return ""
    if draw(st.booleans()):  # raw bytes too: bad %-escapes, invalid UTF-8, a lone %
        return draw(st.sampled_from(["%", "%zz", "%ff%fe", "a=%c3", "page=%00", "&&=&"]))
    return urlencode([(url_bytes(k), url_bytes(v)) for k, v in pairs])


# -- bodies ---------------------------------------------------------------------------

def form_fields() -> list[str]:
    """Every field name of every page form (WTForms classes of our sites)."""
    names = {"csrf_token", "next", "tags"}
    for module in (conduit_forms, example_forms):
        for value in vars(module).values():
            if isinstance(value, type):
                names.update(k for k, v in vars(value).items() if isinstance(v, UnboundField))
    return sorted(names)


JSON_FIELDS = {"user": ["username", "email", "password", "bio", "image"],
               "article": ["title", "description", "body", "tagList"],
               "comment": ["body"]}
JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), HUGE_INTS,
                         st.floats(allow_nan=False), ANY_TEXT, PLAIN_TEXT)
JSON_VALUES = st.recursive(JSON_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(ANY_TEXT, inner, max_size=4)), max_leaves=12)


@st.composite
def json_bodies(draw) -> bytes:
    kind = draw(st.sampled_from(["wrapped", "wrapped", "any", "deep", "raw"]))
    if kind == "deep":  # past the parser's recursion limit, or just under it
        depth = draw(st.sampled_from([100, 999, 1000, 5000, 100_000]))
        opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
        return (opener * depth + "1" + closer * depth).encode()
    if kind == "raw":
        return draw(st.one_of(st.binary(max_size=30), st.sampled_from(
            [b"", b"{", b'{"user": }', b"1" * 5000, b'"\\ud800"', b"\xff\xfe{}", b"NaN"])))
    if kind == "any":
        value = draw(JSON_VALUES)
    else:
        wrapper = draw(st.sampled_from(sorted(JSON_FIELDS)))
        names = JSON_FIELDS[wrapper]
        inner = draw(st.dictionaries(st.sampled_from(names), st.one_of(
            ANY_TEXT, PLAIN_TEXT, JSON_VALUES, st.lists(ANY_TEXT, max_size=3)), max_size=5))
        value = {wrapper: inner}
    return json.dumps(value).encode()  # ensure_ascii: lone surrogates as \ud800 escapes


def form_values(draw, known: Known) -> list[tuple[str, str]]:
    names = st.one_of(st.sampled_from(form_fields()), PLAIN_TEXT)
    pairs = draw(st.lists(st.tuples(names, st.one_of(PLAIN_TEXT, ANY_TEXT)), max_size=6))
    if draw(st.booleans()) and known.csrf:
        pairs.append(("csrf_token", known.csrf))
    return pairs


@st.composite
def urlencoded_bodies(draw, known: Known) -> bytes:
    if draw(st.integers(0, 4)) == 0:
        return draw(st.binary(max_size=30))
    return urlencode([(url_bytes(k), url_bytes(v)) for k, v in form_values(draw, known)]
                     ).encode()


@st.composite
def multipart_bodies(draw, known: Known) -> tuple[bytes, str]:
    """A multipart body and its boundary; now and then cut short or with a wrong end, or
    with bare LF line breaks (which only Werkzeug reads: PORTING 40)."""
    boundary = "fuzz" + secrets.token_hex(4) if draw(st.booleans()) else "b"
    newline = b"\n" if draw(st.integers(0, 5)) == 0 else b"\r\n"
    parts = []
    for name, value in form_values(draw, known):
        head = f'Content-Disposition: form-data; name="{name}"'.encode("utf-8", "replace")
        if draw(st.integers(0, 3)) == 0:
            filename = draw(st.one_of(PLAIN_TEXT, st.sampled_from(["../../x", "a.png", ""])))
            head += f'; filename="{filename}"'.encode("utf-8", "surrogatepass")
            head += newline + b"Content-Type: application/octet-stream"
        parts.append(head + newline + newline + url_bytes(value))
    delimiter = b"--" + boundary.encode()
    body = b"".join(delimiter + newline + p + newline for p in parts) + delimiter + b"--"
    body += newline
    cut = draw(st.sampled_from([None, None, None, "short", "garbage"]))
    if cut == "short":
        body = body[: len(body) // 2]
    elif cut == "garbage":
        body = draw(st.binary(max_size=40))
    return body, boundary


# -- headers and whole requests ---------------------------------------------------------

# Hex, signs, spaces, a non-ASCII digit, past 2**63 - 1, past int()'s 4300 digits, empty,
# and any text that is not all digits.
MALFORMED_LENGTHS = st.one_of(
    st.sampled_from(["0x10", "+5", "-1", " 5", "5 ", "1 6", "\u0663", str(2**63), "1" * 5000,
                     ""]),
    HEADER_TEXT.filter(lambda text: not text.isdigit()))

CONTENT_TYPES = ["application/json", "application/json; charset=latin-1",
                 "application/vnd.api+json", "text/plain", "application/x-www-form-urlencoded",
                 "multipart/form-data", "multipart/form-data; boundary=", "", "*/*",
                 "application/json; charset=\xff"]


@st.composite
def headers(draw, known: Known) -> dict[str, str]:
    chosen: dict[str, str] = {}
    if draw(st.booleans()):
        chosen["Authorization"] = draw(st.one_of(
            st.just(f"Token {known.token}"), st.just(f"Bearer {known.token}"),
            st.sampled_from(["Token", "Token ", "Token x.y.z", "Basic YTpi"]),
            HEADER_TEXT.map(lambda t: f"Token {t}")))
    if draw(st.booleans()):
        chosen["Cookie"] = draw(st.one_of(
            st.just(f"session={known.session}"), HEADER_TEXT.map(lambda t: f"session={t}"),
            st.just(f"session={known.session}; session=x"), HEADER_TEXT))
    extra = {
        "Origin": st.sampled_from(["http://localhost", "https://evil.example", "null"]),
        "Accept": st.sampled_from(["application/json", "text/html", "*/*", "\xff"]),
        "Host": st.sampled_from(["localhost", "a..b", "x" * 64 + ".example", "[::1]:80",
                                 "h:99999", "\xe9.example"]),
        "Range": st.sampled_from(["bytes=0-3", "bytes=0-1,5-6", "bytes=99999-", "bytes=x",
                                  "bytes=-99999999999"]),
        "If-None-Match": st.sampled_from(["*", '"x"', "\xff"]),
        "If-Modified-Since": st.sampled_from(["Thu, 01 Jan 1970 00:00:00 GMT", "yesterday"]),
        "X-Forwarded-For": HEADER_TEXT,
        "Access-Control-Request-Method": st.sampled_from(METHODS),
    }
    for name in draw(st.lists(st.sampled_from(sorted(extra)), max_size=3, unique=True)):
        chosen[name] = draw(extra[name])
    return chosen


@st.composite
def requests(draw, known: Known) -> Spec:
    """Any request to any route: a route's method mostly, a body of any kind."""
    path, methods = draw(paths(known))
    method = draw(st.one_of(st.sampled_from(methods), st.sampled_from(METHODS)))
    query = draw(queries())
    chosen = draw(headers(known))
    kind = draw(st.sampled_from(["none", "json", "json", "form", "multipart"]))
    body, content_type = b"", None
    if kind == "json":
        body, content_type = draw(json_bodies()), "application/json"
    elif kind == "form":
        body, content_type = draw(urlencoded_bodies(known)), "application/x-www-form-urlencoded"
    elif kind == "multipart":
        body, boundary = draw(multipart_bodies(known))
        content_type = f"multipart/form-data; boundary={boundary}"
    if draw(st.integers(0, 5)) == 0:  # the wrong label on the body, or a broken one
        content_type = draw(st.sampled_from(CONTENT_TYPES))
    if content_type is not None:
        chosen["Content-Type"] = content_type
    length = draw(MALFORMED_LENGTHS) if draw(st.integers(0, 9)) == 0 else None
    return Spec(method, f"{path}?{query}" if query else path, chosen, body, length)


# -- twin apps ----------------------------------------------------------------------------

class Tracebacks(logging.Handler):
    """Keep every log record that carries an exception or is an error."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def fill(clients: dict) -> Known:
    """Write the same rows through every client (each app over its own database): two
    users, an article with tags, a comment, a follow and a favourite."""
    known = Known()
    for client in clients.values():
        tokens = [register(client, name) for name in known.usernames]
        body = {"article": {"title": "Fuzz me", "description": "d", "body": "b",
                            "tagList": known.tags}}
        slug = post(client, "/api/articles", body, tokens[0])["article"]["slug"]
        made = post(client, f"/api/articles/{slug}/comments", {"comment": {"body": "hi"}},
                    tokens[1])
        post(client, "/api/profiles/ann/follow", None, tokens[1])
        post(client, f"/api/articles/{slug}/favorite", None, tokens[1])
        known.slugs, known.comment_ids = [slug], [str(made["comment"]["id"])]
        known.token = tokens[0]
    # Every build signs with the same key, so one signed-in session serves them all.
    first = next(iter(clients.values()))
    form = first.get("/login").forms[0]
    form["email"], form["password"] = "ann@example.com", PASSWORD
    form.submit(status=303)
    known.csrf = first.get("/editor").forms[0]["csrf_token"].value
    # After the form: the session that made the token holds its secret (a session signed
    # in afresh holds none, and the first form page adds it).
    known.session = first.cookies["session"]
    for client in clients.values():
        client.cookiejar.clear()
    return known


def register(client, name: str) -> str:
    body = {"user": {"username": name, "email": f"{name}@example.com", "password": PASSWORD}}
    return client.post_json("/api/users", body, status=201).json["user"]["token"]


def post(client, path: str, body, token: str) -> dict:
    auth = {"Authorization": f"Token {token}"}
    if body is None:
        return client.post(path, headers=auth).json
    return client.post_json(path, body, headers=auth).json
