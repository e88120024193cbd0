"""Compare two responses so that only real differences remain.

Per-request headers are dropped, cookies are compared by their decoded content,
HTML through a parser, JSON as data. A few differences are intended and known
by name (see INTENDED and docs/PORTING.md): they are reported as explained.
"""

from __future__ import annotations

import difflib
import fnmatch
import html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from http.cookies import SimpleCookie
from typing import TYPE_CHECKING
from urllib.parse import unquote

from werkzeug.exceptions import default_exceptions

from .. import flask_cookie
from ..proof.answers import as_sent, likeness

if TYPE_CHECKING:  # (imported where a page is read: the noise twin's process reads none)
    from bs4 import BeautifulSoup

# Headers that describe this one request or the body's encoding, not the application.
IGNORED_HEADERS = {"date", "server", "content-length", "connection", "keep-alive",
                   "transfer-encoding", "expires", "age"}
# Form fields whose values are random per session (CSRF tokens) or per request.
RANDOM_FIELDS = {"csrf_token"}
# Session keys that hold per-session randomness (WTForms' SessionCSRF secret).
RANDOM_SESSION_KEYS = {"csrf"}
# The methods Werkzeug adds to each rule's Allow (HEAD where GET is, OPTIONS everywhere).
AUTOMATIC = {"HEAD", "OPTIONS"}
STATIC_HEADERS = {"etag", "cache-control", "content-disposition", "last-modified",
                  "accept-ranges"}

INTENDED = {
    "reason-phrase-case": "Werkzeug writes the status reason in capitals ('404 NOT FOUND').",
    "redirect-body": "A redirect's body: empty from Bottle, a short HTML note from Flask.",
    "allow-order": "The Allow header lists the same methods in another order.",
    "allow-automatic": "The Allow header lists the same methods but HEAD and OPTIONS, "
                       "which Werkzeug adds to every rule (PORTING 14).",
    "cookie-default-path": "A cookie set with no Path and one with the Path a browser "
                           "gives it by default for this URL (Werkzeug writes Path=/).",
    "cookie-expired": "A cookie deleted both ways: Max-Age=-1 (Bottle's delete_cookie) and "
                      "Max-Age=0 (Werkzeug's) each expire it at once (RFC 6265 5.2.2).",
    "static-file-headers": "Static files: each framework's own ETag, Cache-Control, "
                           "Content-Disposition and validators, and the charset Werkzeug "
                           "gives SVG, XML and JavaScript files (PORTING 30).",
    "default-error-page": "The framework's own error page for the same status: Bottle's "
                          "'Error: 404 Not Found' page against Werkzeug's, with the same "
                          "message or each framework's own words for it.",
    "no-content-type": "A 204 or 304 has no content: Bottle drops its Content-Type, "
                       "Werkzeug keeps the one the app or a hook set (PORTING 33).",
}


@dataclass
class Difference:
    where: str          # "status", "header Location", "cookie session", "body"
    a: object
    b: object
    detail: str = ""    # a unified diff for bodies

    def as_dict(self) -> dict:
        return {"where": self.where, "a": self.a, "b": self.b, "detail": self.detail}


@dataclass
class Comparison:
    differences: list[Difference] = field(default_factory=list)
    explained: list[str] = field(default_factory=list)
    # the stricter grades (proof/answers.py likeness): "exact", "message", "client" or
    # None, and its grounds: the allowances of HTTP a "message" or "client" grade took,
    # or what kept them apart
    likeness: str | None = None
    grounds: list[str] = field(default_factory=list)

    @property
    def verdict(self) -> str:
        if self.differences:
            return "different"
        return "explained" if self.explained else "identical"


@dataclass
class Response:
    """What the comparison needs of a response, independent of the client used."""

    status: str                     # "303 See Other"
    headers: list[tuple[str, str]]
    body: bytes
    path: str = ""                  # where it was served from, for static detection

    @property
    def code(self) -> int:
        return int(self.status.split(None, 1)[0])

    def header(self, name: str) -> str | None:
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)

    @property
    def mimetype(self) -> str:
        return (self.header("Content-Type") or "").split(";")[0].strip().lower()

    @cached_property
    def soup(self) -> BeautifulSoup:
        """The body parsed as HTML, once: the comparison and the crawl both read it."""
        from bs4 import BeautifulSoup

        return BeautifulSoup(self.body.decode("utf-8", "replace"), "lxml")


def _content_type(value: str) -> str:
    # Parameter names and the charset value are case-insensitive (RFC 9110).
    mime, *params = [p.strip() for p in value.split(";")]
    return "; ".join([mime.lower(), *sorted(p.lower().replace(" ", "") for p in params)])


def _without_charset(value: str) -> str:
    return "; ".join(p for p in _content_type(value).split("; ") if not p.startswith("charset="))


def _tokens(value: str) -> list[str]:
    return [t.strip() for t in value.split(",") if t.strip()]


def with_path(cookie: dict, url_path: str) -> dict:
    """The cookie with the Path a browser gives one set without it (RFC 6265 5.1.4)."""
    if "path" in cookie:
        return cookie
    url_path = url_path.partition("?")[0]
    default = url_path[:url_path.rfind("/")] if url_path.count("/") > 1 else "/"
    return {**cookie, "path": default}


def expired(cookie: dict) -> bool:
    """Whether a Max-Age of zero or less deletes the cookie at once (RFC 6265 5.2.2: the
    expiry is then the earliest time there is)."""
    try:
        return int(cookie.get("max-age", "1")) <= 0
    except ValueError:
        return False


def _deleted(cookie: dict) -> dict:
    """A deleted cookie's value and attributes, its Max-Age read as RFC 6265 reads it."""
    return {**cookie, "max-age": "0"}


def as_expired(cookie: dict, other: dict) -> dict:
    """The cookie as cookie-expired reads it where the other deletes it too (Max-Age=-1,
    Bottle's, and 0, Werkzeug's: both expire it at once), else as it is."""
    return _deleted(cookie) if expired(cookie) and expired(other) else cookie


def without_path(cookie: dict) -> dict:
    """The cookie's value and attributes but its Path."""
    return {k: v for k, v in cookie.items() if k != "path"}


def cookies(response: Response, secret: str | None) -> dict[str, dict]:
    """Decode Set-Cookie headers: value (session content when it decodes) and attributes."""
    found = {}
    for key, header in response.headers:
        if key.lower() != "set-cookie":
            continue
        jar = SimpleCookie()
        jar.load(header)
        for name, morsel in jar.items():
            attributes = {k: str(v).lower() for k, v in morsel.items()
                          if v and k not in ("expires",)}
            value = morsel.value.strip('"')
            decoded = flask_cookie.load(secret, value, 10**9) if secret and value else {}
            if decoded:
                value = {k: ("<random>" if k in RANDOM_SESSION_KEYS else v)
                         for k, v in decoded.items()}
            found[name] = {"value": value, **attributes}
    return found


def canonical_html(page: BeautifulSoup) -> list[str]:
    """One line per element or text run, attributes sorted, whitespace collapsed."""
    from bs4 import Comment, NavigableString, Tag

    lines: list[str] = []

    def walk(node, depth):
        for child in node.children:
            if isinstance(child, Comment):
                continue
            if isinstance(child, NavigableString):
                text = " ".join(child.split())
                if text:
                    lines.append("  " * depth + repr(text))
            elif isinstance(child, Tag):
                attrs = dict(child.attrs)
                if attrs.get("name") in RANDOM_FIELDS and "value" in attrs:
                    attrs["value"] = "<random>"
                shown = " ".join(f'{k}="{" ".join(v) if isinstance(v, list) else v}"'
                                 for k, v in sorted(attrs.items()))
                lines.append("  " * depth + f"<{child.name}{' ' + shown if shown else ''}>")
                walk(child, depth + 1)

    walk(page, 0)
    return lines


def _json(body: bytes):
    try:
        return json.loads(body)
    except ValueError:
        return None


def json_paths(a, b, path="$") -> list[str]:
    """The JSON paths where two values differ, each with both values."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [line for key in sorted(set(a) | set(b), key=str)
                for line in (json_paths(a.get(key, "<missing>"), b.get(key, "<missing>"),
                                        f"{path}.{key}"))]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [line for n, (x, y) in enumerate(zip(a, b, strict=True))
                for line in json_paths(x, y, f"{path}[{n}]")]
    return [] if a == b else [f"{path}: {json.dumps(a)} != {json.dumps(b)}"]


def _unified(a: list[str], b: list[str], names: tuple[str, str]) -> str:
    return "\n".join(difflib.unified_diff(a, b, *names, lineterm="", n=2))


def _stripped(response: Response, selectors: list[str]) -> BeautifulSoup:
    """The page without the nodes the user's CSS rules ignore (parsed afresh: the cached
    soup is the crawl's too)."""
    if not selectors:
        return response.soup
    from bs4 import BeautifulSoup

    page = BeautifulSoup(response.body.decode("utf-8", "replace"), "lxml")
    for selector in selectors:
        for node in page.select(selector):
            node.decompose()
    return page


def body_lines(response: Response, selectors: Sequence[str] = ()) -> list[str]:
    """A body as lines to diff: canonical HTML, or text."""
    if response.mimetype == "text/html":
        return canonical_html(_stripped(response, list(selectors)))
    return response.body.decode("utf-8", "replace").splitlines()


def _without(lines: list[str], text: str) -> list[str]:
    """The lines less every `text` and all whitespace ("x None" and "x" alike); a line
    that was only `text` (an element's text, written quoted: `'None'`) is gone, as an
    element whose text printed empty has no line."""
    kept = ["".join(line.replace(text, "").split()) for line in lines]
    return [line for line, was in zip(kept, lines, strict=True)
            if line.strip("'\"") or text not in was]


# What an HTML escaper writes for each character, and the characters themselves.
_ENTITIES = {b"&lt;": b"<", b"&gt;": b">", b"&amp;": b"&", b"&#34;": b'"', b"&quot;": b'"',
             b"&#39;": b"'", b"&#x27;": b"'", b"&#x3C;": b"<", b"&#x3E;": b">"}
_ENTITY = re.compile(b"|".join(re.escape(e) for e in _ENTITIES))


def only_escaped(raw: bytes, escaped: bytes) -> bool:
    """Whether `raw` is `escaped` with some of its HTML entities written as the characters
    they stand for: the second page escaped text the first printed raw, and nothing else
    differs. Never the other way round: a page that escapes less than the original did
    (markup where there was text) is a difference."""
    pattern, at = [], 0
    for entity in _ENTITY.finditer(escaped):
        pattern.append(re.escape(escaped[at:entity.start()]))
        pattern.append(b"(?:" + re.escape(entity.group()) + b"|"
                       + re.escape(_ENTITIES[entity.group()]) + b")")
        at = entity.end()
    if not pattern:
        return False  # nothing escaped: the bodies differ some other way
    pattern.append(re.escape(escaped[at:]))
    return re.fullmatch(b"".join(pattern), raw, re.DOTALL) is not None


# The entities of quotes each escaper writes: SimpleTemplate's, MarkupSafe's, the stdlib's
_QUOTES = re.compile(rb"&#0?39;|&#x27;|&quot;|&#34;")


def same_but_entities(a: bytes, b: bytes) -> bool:
    """Whether two bodies are the same bytes once each entity of a quote is read as the
    quote it stands for (and only then: other bytes alike)."""
    def plain(body: bytes) -> bytes:
        return _QUOTES.sub(lambda m: b'"' if m.group() in (b"&quot;", b"&#34;") else b"'",
                           body)

    return a != b and plain(a) == plain(b)


def _escaped_forms(text: str) -> list[bytes]:
    """The text as pages print it: raw, escaped as SimpleTemplate and as Jinja2 do."""
    stpl = html.escape(text, quote=True).replace("&#x27;", "&#039;")
    return [form.encode() for form in dict.fromkeys(
        (text, stpl, html.escape(text, quote=True).replace("&#x27;", "&#39;")
         .replace("&quot;", "&#34;")))]


# Bottle's static_file()'s own words for a file it does not serve (a 404, a 403), which
# an error page reading the error's text shows; Flask's send_from_directory raises
# Werkzeug's NotFound or Forbidden, with their descriptions
STATIC_FILE_TEXTS = ("File does not exist.", "Access denied.",
                     "You do not have permission to access this file.")
ROUTING_CODES = (403, 404, 405)
# Bottle's abort(code) given no text says this (`abort(code=500, text='Unknown Error.')`);
# Flask's abort(code) raises Werkzeug's error of that code, with its own description
ABORT_TEXT = "Unknown Error."
# the codes whose page may show a framework's own text for the error: the routing ones,
# and each error abort() raises
ERROR_TEXT_CODES = frozenset({*ROUTING_CODES, *(c for c in default_exceptions if c >= 400)})


def without_routing_text(answer: Response) -> bytes:
    """The body with the framework's own text for an error taken out: Bottle's
    `Not found: '/x'` and `Method not allowed.`, static_file()'s for a file it does
    not serve (a 404 or 403), abort()'s given no text (`Unknown Error.`), and Werkzeug's
    descriptions (PORTING 22)."""
    from werkzeug.exceptions import Forbidden, MethodNotAllowed, NotFound

    if answer.code not in ERROR_TEXT_CODES:
        return answer.body
    path = unquote(answer.path.partition("?")[0])
    body = answer.body
    own = default_exceptions.get(answer.code)  # Werkzeug's error of this very code
    texts = [f"Not found: '{path}'", "Method not allowed.", *STATIC_FILE_TEXTS, ABORT_TEXT,
             NotFound.description, MethodNotAllowed.description, Forbidden.description,
             own.description if own else None]
    for text in filter(None, texts):  # (an empty text would be found between every byte)
        for form in _escaped_forms(text):
            body = body.replace(form, b"\0error-text\0")
    return body


def _json_lines(lines: list[str], patterns: list) -> list[str]:
    return [line for line in lines if not any(p.match(line) for p in patterns)]


# A framework's own key of the WSGI environ, quoted as Python prints a key, or bare (a list
# joined by `|`, one key a line) with the one separator after it
_KEY = rb"(?:bottle|route|werkzeug|flask)\.[\w.]*\w"
_ENVIRON_KEY = re.compile(rb"(['\"])" + _KEY + rb"\1|(?<![\w.])" + _KEY
                          + rb"(?![\w.])(?:[|,;]\s*|\s+)?")
_OPEN, _CLOSE = b"([{<", b")]}>"


def without_environ_keys(body: bytes) -> bytes:
    """The body less each framework's own environ keys (`'bottle.app'`, `'route.handle'`;
    `'werkzeug.request'`) where it prints the environ, its keys or its items: a quoted key
    goes with the value printed after it (`: <Route: GET /x -> <function f>>`, to the
    next `,` or `}` outside brackets and quotes) and the separator after that."""
    out, at = bytearray(), 0
    for found in _ENVIRON_KEY.finditer(body):
        if found.start() < at:
            continue  # inside a value taken out already
        out += body[at:found.start()]
        at = found.end()
        if found.group(1):  # quoted: its value, if printed as an item, and the comma
            at = _after_value(body, at)
    return bytes(out + body[at:])


def _after_value(body: bytes, at: int) -> int:
    """Where the `: value, ` after a dict key ends (at itself if no `:` follows)."""
    rest = re.match(rb"\s*:\s*", body[at:])
    if rest is None:
        return _after_comma(body, at)
    i, depth, quote = at + rest.end(), 0, 0
    while i < len(body):
        c = body[i]
        if quote:
            if c == quote:
                quote = 0
        elif c in b"'\"":
            quote = c
        elif c in _OPEN:
            depth += 1
        elif c == ord(">") and body[i - 1:i] == b"-":
            pass  # the arrow of a Route's repr (`GET /x -> <function f>`), no bracket
        elif c in _CLOSE:
            if depth == 0:
                break  # the dict's own closing brace
            depth -= 1
        elif c == ord(",") and depth == 0:
            break
        i += 1
    return _after_comma(body, i)


def _after_comma(body: bytes, at: int) -> int:
    sep = re.match(rb",\s*", body[at:])
    return at + sep.end() if sep else at


def compare_bodies(a: Response, b: Response, names: tuple[str, str],
                   ignore: Sequence = ()) -> tuple[Difference | None, list[str]]:
    """The body difference, if any, and the names of the user's rules that hid one."""
    if a.body == b.body:
        return None, []
    keys = next((rule for rule in ignore if rule.environ), None)
    if keys and without_environ_keys(a.body) == without_environ_keys(b.body):
        return None, [keys.name]
    routing = next((rule for rule in ignore if rule.error_text), None)
    if routing and a.code == b.code and a.code in ERROR_TEXT_CODES:
        # read as any page is, once each router's own words are out of both
        others = [rule for rule in ignore if not rule.error_text]
        plain = [replace(r, body=without_routing_text(r)) for r in (a, b)]
        found, used = compare_bodies(plain[0], plain[1], names, others)
        if found is None:
            return None, [*used, routing.name]
    if a.mimetype == b.mimetype == "text/html":
        css = [rule for rule in ignore if rule.css]
        left, right = body_lines(a, [r.css for r in css]), body_lines(b, [r.css for r in css])
        used = [r.name for r in css if [str(n) for n in a.soup.select(r.css)]
                != [str(n) for n in b.soup.select(r.css)]]
        if left == right:
            # the same page: its bytes differ only by the entities of quotes, where the
            # user says so (SimpleTemplate's `&#039;` and `&quot;`, MarkupSafe's `&#39;`
            # and `&#34;`)
            return None, [*used, *(rule.name for rule in ignore if rule.written == "entities"
                                   and same_but_entities(a.body, b.body))]
        for rule in ignore:  # the pages read alike once that text is taken out of both
            if rule.printed and _without(left, rule.printed) == _without(right,
                                                                          rule.printed):
                return None, [*used, rule.name]
            if rule.escaped and only_escaped(a.body, b.body):
                return None, [*used, rule.name]
        return Difference("body", "html", "html", _unified(left, right, names)), used
    if "json" in a.mimetype and "json" in b.mimetype:
        left, right = _json(a.body), _json(b.body)
        if left is not None and left == right:  # (written otherwise: the user's, if said)
            return None, [rule.name for rule in ignore if rule.written == "json"]
        if left is not None and right is not None:
            lines = json_paths(left, right)
            rules = [rule for rule in ignore if rule.json]
            kept = _json_lines(lines, [r.json_pattern() for r in rules])
            used = [r.name for r in rules if _json_lines(lines, [r.json_pattern()]) != lines]
            if not kept:
                return None, used
            return Difference("body", "json", "json", "\n".join(kept)), used
    return Difference("body", f"{len(a.body)} bytes", f"{len(b.body)} bytes",
                      _unified(body_lines(a), body_lines(b), names)), []


def _challenge(value: str) -> object:
    """An authentication challenge as a client reads it: `realm="x"` and `realm=x` are
    the same parameter (RFC 9110 11.2: a token or a quoted string)."""
    from werkzeug.datastructures import WWWAuthenticate

    parsed = WWWAuthenticate.from_header(value)
    return value if parsed is None else (parsed.type, sorted(parsed.parameters.items()),
                                         parsed.token)


def compare(a: Response, b: Response, *, secret: str | None = None,
            names: tuple[str, str] = ("a", "b"), ignore: Sequence = ()) -> Comparison:
    """Every real difference between two responses to the same request.

    ignore: the user's own intended differences (scenario.Ignore rules for this path).
    """
    result = Comparison()
    result.likeness, result.grounds = likeness(as_sent(a.status, a.headers, a.body),
                                               as_sent(b.status, b.headers, b.body), a.path)
    graded(result, a, b, secret, names, ignore)
    if result.likeness and result.differences:  # a client cannot tell them apart
        result.differences = []
        result.explained += result.grounds
    result.explained = sorted(set(result.explained))
    return result


def _own_headers(answer: Response) -> set[tuple[str, str]]:
    """The headers an answer's app set (not the server's, the framework's own)."""
    return {(k.lower(), v) for k, v in answer.headers if k.lower() not in IGNORED_HEADERS}


def graded(result: Comparison, a: Response, b: Response, secret: str | None,
           names: tuple[str, str], ignore: Sequence) -> None:
    """Fill result with the differences the normalised reading finds, and the names of
    the intended ones."""
    # the framework's own answer of a kind, declared by the port (an [[ignore]] with
    # `framework =`): the intended difference is counted under the change's name too
    chosen = {rule.framework: rule.name for rule in ignore if getattr(rule, "framework", "")}

    def explain(name: str) -> None:
        result.explained.append(name)
        if name in chosen:
            result.explained.append(chosen[name])

    # a page the first app (the original) answered with this status: nothing else of it
    # counts. Only the first's: a declared 500 of Bottle's (a template's NameError, a
    # handler that takes no parameter) never excuses a 500 of the port's where Bottle
    # served the page, on whatever path the rule is written for. Below 500 (a 404
    # handler's page showing its error) the second app answers the same status too: the
    # page is still served, only its text is each framework's
    for rule in ignore:
        if rule.status and rule.status == str(a.code) and (a.code >= 500 or a.code == b.code) \
                and (a.code != b.code or a.body != b.body or _own_headers(a) != _own_headers(b)):
            explain(rule.name)
            return
    if a.code != b.code:
        result.differences.append(Difference("status", a.status, b.status))
    elif a.status != b.status:
        if a.status.lower() == b.status.lower():
            explain("reason-phrase-case")
        else:
            result.differences.append(Difference("status", a.status, b.status))

    # a file answer: under /static/, or both frameworks' file senders (static_file,
    # send_file) set Last-Modified, which pages do not
    static = a.code in (200, 206, 304) and ("/static/" in a.path or bool(
        a.header("last-modified") and b.header("last-modified")))
    own = {rule.header.lower(): rule.name for rule in ignore if rule.header}
    # Both sides their framework's default error page: a header only the Werkzeug side
    # has is one the view set before it failed, which Bottle's error page replaced and
    # Flask's after_this_request kept (PORTING 22).
    werkzeug_side = error_page_sides(a, b)
    left = {k.lower() for k, _ in a.headers} - IGNORED_HEADERS - {"set-cookie"}
    right = {k.lower() for k, _ in b.headers} - IGNORED_HEADERS - {"set-cookie"}
    for name in sorted(left | right):
        given_x, given_y = a.header(name), b.header(name)
        x: object = given_x  # compared as read: a media type, a set of tokens...
        y: object = given_y
        if name == "content-type" and given_x and given_y:
            x, y = _content_type(given_x), _content_type(given_y)
        if name == "vary" and given_x and given_y:
            x, y = sorted(_tokens(given_x.lower())), sorted(_tokens(given_y.lower()))
        if name == "www-authenticate" and given_x and given_y:
            x, y = _challenge(given_x), _challenge(given_y)
        if x == y:
            continue
        if name in own:
            explain(own[name])
        elif name == "allow" and given_x and given_y \
                and sorted(_tokens(given_x)) == sorted(_tokens(given_y)):
            explain("allow-order")
        elif name == "allow" and given_x and given_y \
                and set(_tokens(given_x)) - AUTOMATIC == set(_tokens(given_y)) - AUTOMATIC:
            explain("allow-automatic")
        elif static and name in STATIC_HEADERS:
            explain("static-file-headers")
        elif static and name == "content-type" and given_x and given_y \
                and _without_charset(given_x) == _without_charset(given_y):
            # Werkzeug gives SVG, XML and JavaScript files a charset, Bottle only text/*
            explain("static-file-headers")
        elif name == "content-type" and a.code == b.code and a.code in (204, 304) \
                and not (a.body or b.body):
            explain("no-content-type")
        elif (werkzeug_side == "b" and x is None) or (werkzeug_side == "a" and y is None):
            explain("error-page-keeps-view-headers")
        else:
            result.differences.append(Difference(f"header {name.title()}", x, y))

    jar_a, jar_b = cookies(a, secret), cookies(b, secret)
    own_cookies = {rule.cookie: rule.name for rule in ignore if rule.cookie}
    for name in sorted(set(jar_a) | set(jar_b)):
        if jar_a.get(name) == jar_b.get(name):
            continue
        if name in own_cookies:
            explain(own_cookies[name])
        elif name in jar_a and name in jar_b and with_path(jar_a[name], a.path) \
                == with_path(jar_b[name], a.path):
            explain("cookie-default-path")
        elif name in jar_a and name in jar_b and expired(jar_a[name]) \
                and expired(jar_b[name]) and with_path(_deleted(jar_a[name]), a.path) \
                == with_path(_deleted(jar_b[name]), a.path):
            explain("cookie-expired")
        elif name in jar_a and name in jar_b and (path_only := next(
                (rule.name for rule in ignore if rule.cookie_path
                 and fnmatch.fnmatchcase(name, rule.cookie_path)
                 and without_path(as_expired(jar_a[name], jar_b[name]))
                 == without_path(as_expired(jar_b[name], jar_a[name]))), None)):
            # the user's: the same cookie but for its Path (deleted by both, each
            # framework's Max-Age read as cookie-expired reads it)
            explain(path_only)
        elif (name in jar_a) != (name in jar_b) \
                and expired(jar_a[name] if name in jar_a else jar_b[name]) \
                and (path_only := next(
                    (rule.name for rule in ignore if rule.cookie_path
                     and fnmatch.fnmatchcase(name, rule.cookie_path)), None)):
            # ... deleted by one side alone, on a page that deletes the cookies the browser
            # sends: the other side's browser never sent it here, its Path (set elsewhere
            # without one) not taking this page in
            explain(path_only)
        elif (werkzeug_side == "b" and name not in jar_a) \
                or (werkzeug_side == "a" and name not in jar_b):
            # a cookie the view set before it failed, as a header (Set-Cookie) above
            explain("error-page-keeps-view-headers")
        else:
            result.differences.append(Difference(f"cookie {name}", jar_a.get(name),
                                                 jar_b.get(name)))

    body, used = compare_bodies(a, b, names, ignore)
    result.explained += used
    if body and 300 <= a.code < 400 and a.code == b.code and not (a.body and b.body):
        explain("redirect-body")
    elif body and a.code == b.code >= 400 and default_error_pages(a, b):
        explain("default-error-page")
    elif body:
        result.differences.append(body)


# Bottle's ERROR_PAGE_TEMPLATE and Werkzeug's HTTPException.get_body, as they print.
BOTTLE_ERROR_PAGE = re.compile(r"<title>Error: (\d{3})[^<]*</title>.*<h1>Error: \1[^<]*</h1>"
                               r".*caused an error:</p>\s*<pre>(.*?)</pre>", re.S)
BOTTLE_CRITICAL_PAGE = re.compile(r"<h1>Critical error while processing request: [^<]*</h1>")
WERKZEUG_ERROR_PAGE = re.compile(r"<!doctype html>\n<html lang=en>\n<title>(\d{3}) [^<]*"
                                 r"</title>\n<h1>[^<]*</h1>\n(.*)\n", re.S)
# The texts Bottle itself puts on its page (a path no route matches, a wrong method,
# an exception, abort() without text, static_file(), a body too large), where Werkzeug
# writes its own description.
BOTTLE_OWN_TEXT = re.compile(
    r"Not found: '.*'|Method not allowed\.|Internal Server Error|Unhandled exception"
    r"|Unknown Error\.|File does not exist\.|Access denied\."
    r"|You do not have permission to access this file\.|Request entity too large"
    r"|Requested Range Not Satisfiable|Path has wrong format\.|Invalid JSON", re.S)


def default_error_pages(a: Response, b: Response) -> bool:
    """Both bodies are their framework's default error page for the status, saying the
    same (the app's own message), or each its framework's own words."""
    return error_page_sides(a, b) is not None


def error_page_sides(a: Response, b: Response) -> str | None:
    """Which of a and b ("a" or "b") is Werkzeug's default error page when the other is
    Bottle's for the same status, saying the same; else None. Bottle's page for an error
    its own error handler raised ("Critical error while processing request") is its
    500 page there: Werkzeug's 500 page is the same answer (RULE-s51 A: a 404 handler
    calling a name the module never imported)."""
    if not (a.code == b.code >= 400):
        return None
    for side, (bottle_side, werkzeug_side) in (("b", (a, b)), ("a", (b, a))):
        if a.code == 500 and BOTTLE_CRITICAL_PAGE.match(bottle_side.body.decode(
                "utf-8", "replace")) and (werkzeug := WERKZEUG_ERROR_PAGE.fullmatch(
                werkzeug_side.body.decode("utf-8", "replace"))) and werkzeug[1] == "500":
            return side
        bottle = BOTTLE_ERROR_PAGE.search(bottle_side.body.decode("utf-8", "replace"))
        werkzeug = WERKZEUG_ERROR_PAGE.fullmatch(werkzeug_side.body.decode("utf-8", "replace"))
        if not (bottle and werkzeug and bottle[1] == werkzeug[1] == str(a.code)):
            continue
        said = html.unescape(bottle[2]).strip()
        from bs4 import BeautifulSoup

        described = BeautifulSoup(werkzeug[2], "html.parser").get_text(" ", strip=True)
        standard = getattr(default_exceptions.get(a.code), "description", None)
        if said == described or (BOTTLE_OWN_TEXT.fullmatch(said) is not None
                                 and described == standard):
            return side
        return None
    return None
