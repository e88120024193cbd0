"""The compare server: two apps under /NAME/ on one origin, and a page that shows the same
path in two panes, with the parity of that path for the current visitor and the code
behind it."""

from __future__ import annotations

import html
import json
import re
import threading
import time
from http.cookies import SimpleCookie
from pathlib import Path
from string import Template
from urllib.parse import quote, urlsplit

from werkzeug.middleware.dispatcher import DispatcherMiddleware
from werkzeug.test import Client
from werkzeug.wrappers import Request, Response

from .. import docs
from ..loading import PATH_SAFE
from ..parity.normalise import INTENDED, STATIC_HEADERS, compare
from ..parity.replay import Side
from ..parity.scenario import Call
from . import source

PAGE = Path(__file__).with_name("compare.html")
HEADING = re.compile(r"^(#{1,4}) +(.+)$")
COOKIE_PATH = re.compile(r"(;\s*path=)/(?=\s*;|\s*$)", re.IGNORECASE)
INTENDED_ANCHOR = "intended-differences-the-parity-diff-allows"
# Each intended difference's own entry in docs/PORTING.md, by its heading.
ENTRIES = {"reason-phrase-case": "19. Status line reason phrases",
           "redirect-body": "18. Redirects",
           "allow-order": "14. 405 and Allow",
           "static-file-headers": "30. Static files",
           "no-content-type": "33. Empty responses (204)"}
FAVICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
           '<rect width="8" height="16" fill="#5cb85c"/><rect x="8" width="8" height="16" '
           'fill="#337ab7"/></svg>')


class Visitors:
    """What the browser sent each app last (its cookies) and the writes each app got.

    The compare server is a one-person tool: the panes are that person, so the parity
    of a path is checked with the cookies the panes hold, and two apps whose lists of
    writes differ no longer hold the same data.
    """

    def __init__(self):
        self.cookies: dict[str, str] = {}
        self.writes: dict[str, list[str]] = {}
        self.shown: dict[str, str] = {}  # the last page each pane loaded: "POST /login"
        self.lock = threading.Lock()

    def seen(self, name: str, environ: dict, status: str, headers: list) -> None:
        # The cookies the browser holds now: those it sent, updated by those it was given.
        jar = SimpleCookie()
        jar.load(environ.get("HTTP_COOKIE", ""))
        held = {k: m.value for k, m in jar.items()}
        for key, value in headers:
            if key.lower() == "set-cookie":
                given = SimpleCookie()
                given.load(value)
                for cookie, morsel in given.items():
                    if morsel.value and morsel["max-age"] not in ("0", "-1"):
                        held[cookie] = morsel.value
                    else:
                        held.pop(cookie, None)
        with self.lock:
            page = not environ.get("PATH_INFO", "").startswith("/static/")
            if page or held:
                self.cookies[name] = "; ".join(f"{k}={v}" for k, v in held.items())
            if page and not status.startswith("3"):  # a redirect's target is the page
                self.shown[name] = f"{environ['REQUEST_METHOD']} {environ.get('PATH_INFO', '')}"
            if environ["REQUEST_METHOD"] not in ("GET", "HEAD", "OPTIONS"):
                self.writes.setdefault(name, []).append(
                    f"{environ['REQUEST_METHOD']} {environ.get('PATH_INFO', '')} "
                    f"{status.split(' ', 1)[0]}")


def watched(app, name: str, visitors: Visitors):
    """Give each mounted app its own cookies (Path=/ becomes Path=/NAME/) and note what
    the browser sends it.

    Both builds read the same cookie format, so on one origin they would share (and
    overwrite) one session; the two panes stand for two separate sites.
    """
    prefix = f"/{name}/"

    def middleware(environ, start_response):
        def start(status, headers, exc_info=None):
            visitors.seen(name, environ, status, headers)
            headers = [(k, COOKIE_PATH.sub(rf"\g<1>{prefix}", v) if k.lower() == "set-cookie"
                        else v) for k, v in headers]
            return start_response(status, headers, exc_info)

        return app(environ, start)

    return middleware


def _values(name: str, a, b) -> dict:
    """The actual values behind an intended difference, both sides."""
    if name == "reason-phrase-case":
        return {"status": [a.status, b.status]}
    if name == "allow-order":
        return {"Allow": [a.header("Allow"), b.header("Allow")]}
    if name == "redirect-body":
        return {"body": [f"{len(a.body)} bytes", f"{len(b.body)} bytes"]}
    if name == "no-content-type":
        return {"Content-Type": [a.header("Content-Type"), b.header("Content-Type")]}
    if name == "static-file-headers":
        return {h: [a.header(h), b.header(h)] for h in sorted(STATIC_HEADERS)
                if a.header(h) != b.header(h)}
    return {}


def parity_of(apps: dict, path: str, secret: str | None, visitors: Visitors | None = None,
              method: str = "GET") -> dict:
    """Compare the apps' answers to GET path, for the visitor the panes are now."""
    names = list(apps)
    cookies = visitors.cookies if visitors else {}
    responses, seconds = [], {}
    for name, app in apps.items():
        side = Side(name, app, secret)
        side.client = Client(app, use_cookies=False)  # the panes' own cookies, sent as they are
        headers = {"Cookie": cookies[name]} if cookies.get(name) else {}
        started = time.perf_counter()
        responses.append(side.send(Call(path, method=method, headers=headers)))
        seconds[name] = round((time.perf_counter() - started) * 1000, 1)
    result = compare(*responses, secret=secret, names=tuple(names))
    writes = {name: (visitors.writes.get(name, []) if visitors else []) for name in names}
    shapes = [[w.rsplit(" ", 1)[0] for w in writes[n]] for n in names]
    # A pane showing the answer to a form it sent (a POST that rendered a page, a 422
    # say) is compared by a fresh GET of its path: the form is not sent a second time.
    shown = visitors.shown if visitors else {}
    posted = {n: shown[n] for n in names
              if shown.get(n) and not shown[n].startswith(("GET ", "HEAD "))}
    return {"path": path, "method": method, "verdict": result.verdict, "posted": posted,
            "visitor": "signed-in or with a session" if any(cookies.get(n) for n in names)
            else "a visitor without cookies",
            "statuses": dict(zip(names, (r.status for r in responses), strict=True)),
            "milliseconds": seconds,
            "explained": {name: {"why": INTENDED.get(name, ""),
                                 "values": _values(name, *responses),
                                 "docs": docs_link(name)}
                          for name in result.explained},
            "differences": [d.as_dict() for d in result.differences],
            "writes": writes,
            "diverged": any(s != shapes[0] for s in shapes)}


def _slug(text: str) -> str:
    return re.sub(r"[^\w\- ]", "", text.lower()).strip().replace(" ", "-")


def docs_link(name: str) -> str:
    """The PORTING.md entry of an intended difference (else the list of them all)."""
    heading = ENTRIES.get(name)
    return f"/_docs/PORTING.md#{_slug(heading) if heading else INTENDED_ANCHOR}"


def docs_page(name: str) -> str | None:
    """A shipped doc as a page: its Markdown as written, each heading an anchor (so a
    link to an entry lands on it), with no Markdown library to install."""
    path = docs.path(name)
    if path is None:
        return None
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        heading = HEADING.match(line)
        lines.append(f'{heading[1]} <strong id="{_slug(heading[2])}">{html.escape(heading[2])}'
                     "</strong>" if heading else html.escape(line))
    return (f"<!doctype html><meta charset=utf-8><title>{html.escape(name)}</title>"
            "<pre style='max-width:50rem;margin:auto;white-space:pre-wrap;"
            "font:14px/1.5 ui-monospace,monospace'>" + "\n".join(lines) + "</pre>")


def pane_of(request: Request, names) -> str | None:
    """The pane a stray request comes from, by its Referer: an app that ignores the /NAME/
    prefix it is mounted under links to /x, and the browser says which pane it was in."""
    referer = urlsplit(request.headers.get("Referer", ""))
    name = referer.path.split("/")[1] if referer.path.count("/") > 1 else ""
    if referer.netloc != request.host or name not in names:
        return None
    # The compare page itself is only taken for a pane's page when loaded in a frame.
    if request.path == "/" and request.headers.get("Sec-Fetch-Dest") != "iframe":
        return None
    return name


def create_compare_app(apps: dict, secret: str | None = None, builds: dict | None = None,
                       templates: dict | None = None):
    """The compare page at /, the parity endpoint at /_parity, each app under /name/.

    builds: for each name, the app object whose router the code panel reads (the app
    itself unless it is wrapped); templates: where a Bottle and a Flask app that share
    their handlers keep their templates (source.behind), for the code panel.
    """
    page = Template(PAGE.read_text()).substitute(
        sides=json.dumps(list(apps)), titles=" / ".join(n.title() for n in apps))
    visitors = Visitors()
    builds = builds or apps

    def answer_json(data, status=200):
        return Response(json.dumps(data, default=str), status,
                        content_type="application/json")

    @Request.application
    def front(request: Request) -> Response:
        pane = pane_of(request, apps)
        if pane is not None:  # back into its own pane, same method and body (307)
            query = request.query_string.decode("latin-1")
            location = f"/{pane}{quote(request.path, safe=PATH_SAFE)}" + (
                f"?{query}" if query else "")
            return Response(status=307, headers={"Location": location})
        if request.path == "/":
            return Response(page, content_type="text/html; charset=utf-8")
        if request.path == "/favicon.ico":
            return Response(FAVICON, content_type="image/svg+xml")
        if request.path in ("/_parity", "/_code"):
            path = request.args.get("path", "/")
            if not path.startswith("/"):
                return answer_json({"error": "path must start with /"}, 400)
            if request.path == "/_code":
                return answer_json(source.behind(builds, path, templates))
            return answer_json(parity_of(apps, path, secret, visitors))
        if request.path.startswith("/_docs/"):
            html = docs_page(request.path.removeprefix("/_docs/"))
            if html:
                return Response(html, content_type="text/html; charset=utf-8")
        return Response("Not found: the apps live under "
                        + ", ".join(f"/{n}/" for n in apps), 404)

    return DispatcherMiddleware(front, {f"/{name}": watched(app, name, visitors)
                                        for name, app in apps.items()})
