"""The compare server: both builds under /bottle/ and /flask/ on one origin, and a page
that shows the same path in two panes with the parity result below."""

from __future__ import annotations

import json
import re
from pathlib import Path
from string import Template

from werkzeug.middleware.dispatcher import DispatcherMiddleware
from werkzeug.wrappers import Request, Response

from .normalise import INTENDED, compare
from .replay import Side
from .scenario import Call

PAGE = Path(__file__).with_name("compare.html")
COOKIE_PATH = re.compile(r"(;\s*path=)/(?=\s*;|\s*$)", re.IGNORECASE)


def scoped_cookies(app, prefix: str):
    """Give each mounted app its own cookies: Path=/ becomes Path=/prefix/.

    Both builds read the same cookie format, so on one origin they would share (and
    overwrite) one session; the two panes stand for two separate sites.
    """

    def middleware(environ, start_response):
        def start(status, headers, exc_info=None):
            headers = [(k, COOKIE_PATH.sub(rf"\g<1>{prefix}", v) if k.lower() == "set-cookie"
                        else v) for k, v in headers]
            return start_response(status, headers, exc_info)

        return app(environ, start)

    return middleware


def parity_of(apps: dict, path: str, secret: str | None) -> dict:
    """Compare the two apps' answers to GET path, for a visitor without cookies."""
    names = list(apps)
    responses = [Side(name, app).send(Call(path)) for name, app in apps.items()]
    result = compare(*responses, secret=secret, names=tuple(names))
    return {"path": path, "verdict": result.verdict,
            "statuses": dict(zip(names, (r.status for r in responses), strict=True)),
            "explained": {name: INTENDED.get(name, "") for name in result.explained},
            "differences": [d.as_dict() for d in result.differences]}


def create_compare_app(apps: dict, secret: str | None = None):
    """The compare page at /, the parity endpoint at /_parity, each app under /name/."""
    page = Template(PAGE.read_text()).substitute(
        sides=json.dumps(list(apps)), titles=" / ".join(n.title() for n in apps))

    @Request.application
    def front(request: Request) -> Response:
        if request.path == "/":
            return Response(page, content_type="text/html; charset=utf-8")
        if request.path == "/_parity":
            path = request.args.get("path", "/")
            if not path.startswith("/"):
                return Response(json.dumps({"error": "path must start with /"}), 400,
                                content_type="application/json")
            return Response(json.dumps(parity_of(apps, path, secret)),
                            content_type="application/json")
        return Response("Not found: the builds live under "
                        + ", ".join(f"/{n}/" for n in apps), 404)

    return DispatcherMiddleware(front, {f"/{name}": scoped_cookies(app, f"/{name}/")
                                        for name, app in apps.items()})
