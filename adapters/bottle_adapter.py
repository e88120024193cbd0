"""Bottle <-> neutral core: native routes, a lazy request view, native responses.

The rules the Bottle build borrows from Werkzeug live in bottle_werkzeug.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import bottle

from shared import sessions
from shared.core import SECURITY_HEADERS, Core
from shared.http import (
    BAD_HOST,
    BAD_LENGTH,
    BAD_PATH,
    BaseRequest,
    HTTPError,
    Json,
    Lookup,
    MultiDict,
    Page,
    Redirect,
    Result,
    Text,
    Upload,
    cached_property,
    is_json,
    valid_content_length,
    valid_path,
)
from shared.routing import Converter, Route, parse, translate
from shared.site import SIMPLETEMPLATE

from . import bottle_werkzeug as wz

HTML = "text/html; charset=utf-8"


def bottle_path(path: str) -> str:
    native = {"str": "<{name}>", "path": "<{name}:path>"}
    return translate(path, lambda name, conv: native.get(conv, f"<{{name}}:{conv}>").format(
        name=name))


def bottle_filter(converter: Converter) -> Callable[[str], tuple]:
    # Values are made URL text before build (BottleRequest.url_for): no to_url here.
    return lambda conf: (converter.regex, converter.to_python, str)


class BottleRequest(BaseRequest):
    def __init__(self, core: Core, params: dict[str, Any], app: bottle.Bottle,
                 environ: dict[str, Any]):
        super().__init__(core, params, environ)  # headers: Werkzeug's values (PORTING 35)
        self.app = app
        self.environ = environ  # read once: each bottle.request.x goes through a thread-local

    @cached_property
    def method(self) -> str:
        return bottle.request.method

    @cached_property
    def path(self) -> str:
        return bottle.request.path

    def _body(self) -> bytes:
        # Bottle's int() takes "+5" and " 5", and fails on "0x10" (a 500): PORTING 39.
        if not valid_content_length(self.environ.get("CONTENT_LENGTH")):
            raise HTTPError(400, BAD_LENGTH)
        limit = self.config.MAX_CONTENT_LENGTH
        if bottle.request.content_length > limit:
            raise HTTPError(413)
        data = wz.read_body(bottle.request, limit)  # PORTING 34
        if len(data) > limit:
            raise HTTPError(413)
        return data

    def _type(self) -> str:
        return bottle.request.content_type.split(";")[0].strip().lower()

    @cached_property
    def query(self) -> MultiDict[str]:
        # Bottle decodes the query as latin-1; parse the raw bytes instead (PORTING 1).
        raw = self.environ.get("QUERY_STRING")
        if not raw:  # most requests: nothing to decode
            return wz.forms(())
        return wz.forms(wz.parse_urlencoded(raw.encode("latin-1")))

    @cached_property
    def _multipart(self) -> tuple[wz.FirstValueForms, wz.FirstValueForms]:
        self._body()  # the size check first
        return wz.split_multipart(self.environ, self.config.MAX_CONTENT_LENGTH)

    @cached_property
    def form(self) -> MultiDict[str]:
        # The size check whatever the type: Flask reads the body before it looks at the
        # type, so a body over the limit is a 413 there even when it is no form.
        body = self._body()
        if self._type() == "application/x-www-form-urlencoded":
            return wz.forms(wz.parse_urlencoded(body))
        return self._multipart[0] if self._type() == "multipart/form-data" else wz.forms(())

    @cached_property
    def files(self) -> MultiDict[Upload]:
        self._body()  # the size check; an empty body is an empty mapping, not b""
        return self._multipart[1] if self._type() == "multipart/form-data" else wz.forms(())

    @cached_property
    def json(self) -> Any:
        if not is_json(bottle.request.content_type):
            return None
        try:
            return json.loads(self._body())
        except (ValueError, RecursionError):  # RecursionError: nested too deep to parse
            raise HTTPError(400, "The request body is not valid JSON.") from None

    @property
    def script_root(self) -> str:
        return self.environ.get("SCRIPT_NAME", "").rstrip("/")

    @property
    def remote_addr(self) -> str:
        return self.environ.get("REMOTE_ADDR") or ""

    @property
    def cookies(self) -> Lookup[str]:
        return bottle.request.cookies

    @cached_property
    def session(self) -> sessions.TrackedSession:
        cookie = bottle.request.get_cookie(self.config.SESSION_COOKIE_NAME)
        data = sessions.load(self.config.SECRET_KEY, cookie, self.config.SESSION_LIFETIME)
        return sessions.TrackedSession(data)

    def url_for(self, name: str, /, **params: Any) -> str:
        converters = self.app.config["kit.route_params"][name]
        path = {k: wz.quote_value(conv.to_url(params.pop(k)))
                for k, conv in converters.items() if k in params}
        # Bottle's get_url joins SCRIPT_NAME with two urljoin calls (the main cost of a
        # page full of links) and resolves "." and ".."; join the prefix plainly.
        url = self.script_root + self.app.router.build(name, **path)
        query = wz.query_string(params)
        return f"{url}?{query}" if query else url

    def close(self) -> None:
        if "session" in self.__dict__:
            self._save_session()
        super().close()
        # Bottle leaves its spooled body and upload files for the garbage collector.
        if "_multipart" in self.__dict__:  # only parsed bodies have files to close
            for _, upload in self.__dict__["_multipart"][1].allitems():
                upload.stream.close()
        body = self.environ.get("bottle.request.body")
        if body is not None:
            body.close()

    def _save_session(self) -> None:
        """Write the session cookie in Flask's format, as Flask would (PORTING 28)."""
        session, config = self.session, self.config
        # Only a page that our cookie made or changed varies on it: a visitor's page is
        # the same for everyone without the cookie, so a shared cache may keep it once.
        if session.modified or config.SESSION_COOKIE_NAME in bottle.request.cookies:
            bottle.response.add_header("Vary", "Cookie")
        if not session.modified:
            return
        options = {"path": "/", "httponly": True, "samesite": "lax",
                   "secure": config.SESSION_COOKIE_SECURE}
        if session:
            value = sessions.dump(config.SECRET_KEY, dict(session))
            bottle.response.set_cookie(config.SESSION_COOKIE_NAME, value, **options)
        else:  # as Flask deletes it: Max-Age=0 (Bottle's delete_cookie writes -1)
            bottle.response.set_cookie(config.SESSION_COOKIE_NAME, "", max_age=0, expires=0,
                                       **options)


def mount(app: bottle.Bottle, core: Core, views: str, static: str) -> bottle.Bottle:
    """Register every core route on a Bottle app, natively."""
    lookup = [*core.templates(SIMPLETEMPLATE), views]  # one list per app: Bottle's cache key

    # The kit's own headers, checked by Bottle once here rather than on every response.
    scratch = bottle.BaseResponse(headers=SECURITY_HEADERS)
    kit_headers = [(key, scratch.get_header(key)) for key in SECURITY_HEADERS]

    def page(result: Page, request: BottleRequest, response: Any) -> Any:
        response.content_type = HTML
        context = {**core.template_globals(request), **result.context}
        return bottle.template(result.template, template_lookup=lookup, **context)

    def json_body(result: Json, request: BottleRequest, response: Any) -> Any:
        response.content_type = "application/json"
        # Bytes: Bottle would parse the charset out of Content-Type to encode a str.
        return wz.json_text(result.data, core.config.DEBUG).encode()

    def redirect(result: Redirect, request: BottleRequest, response: Any) -> Any:
        response.set_header("Location", result.location)
        return ""

    def text(result: Text, request: BottleRequest, response: Any) -> Any:
        response.content_type = result.content_type
        return result.body

    bodies: dict[type, Callable[..., Any]] = {Page: page, Json: json_body, Redirect: redirect,
                                              Text: text}

    def render(result: Result, request: BottleRequest) -> Any:
        response = bottle.response
        if result.headers is SECURITY_HEADERS:  # nothing merged in: the checked copies
            native = response._headers  # what set_header writes, less its checks
            for key, value in kit_headers:
                native[key] = [value]
        else:
            for key, value in result.headers.items():
                response.set_header(key, value)
        if response.status_code != result.status:  # a fresh response is already 200
            response.status = result.status
        return bodies[type(result)](result, request, response)

    # Bottle drops bad UTF-8 bytes from the path silently (PORTING 13), gives a path
    # parameter the rest of a doubled slash (11) and serves any Host (36); we answer as
    # the Flask build does. Checked in each view, error handler and the static route
    # rather than in a before_request hook, which would cost every request a hook call.
    def refused() -> tuple[int, str] | None:
        environ = bottle.request.environ
        if not valid_path(environ["bottle.raw_path"]):
            return 400, BAD_PATH
        if not wz.valid_host(environ.get("HTTP_HOST")):  # before "//", as in Flask's order
            return 400, BAD_HOST
        if "//" in environ["PATH_INFO"]:
            return 404, ""
        return None

    def refuse_bad_request() -> None:
        error = refused()
        if error:
            raise bottle.HTTPError(*error)

    def view(route: Route) -> Callable[..., Any]:
        handler = route.handler

        def callback(**params: Any) -> Any:
            environ = bottle.request.environ
            # refuse_bad_request, inline: one call less on every request
            if not (valid_path(environ["bottle.raw_path"]) and "//" not in environ["PATH_INFO"]
                    and wz.valid_host(environ.get("HTTP_HOST"))):
                refuse_bad_request()
            request = BottleRequest(core, params, app, environ)
            return core.handle(request, handler, params, render)

        callback.kit_route = route  # type: ignore[attr-defined]  # for the code panel
        return callback

    def on_error(error: bottle.HTTPError) -> Any:
        request = BottleRequest(core, {}, app, bottle.request.environ)
        status = wz.error_status(error.status_code)
        message = error.body if status == 400 else ""
        status, message = refused() or (status, message)
        headers = {"Allow": wz.allow(error.headers["Allow"])} if "Allow" in error.headers else {}
        neutral = HTTPError(status, message, headers=headers)
        return core.fail(request, neutral, render)

    def static_file(filename: str) -> Any:
        refuse_bad_request()
        return wz.static_file(filename, static)

    for name, converter in core.table.custom_converters().items():
        app.router.add_filter(name, bottle_filter(converter))
    params = {"static": {"filename": core.table.converters["path"]}}
    for route in core.routes:
        # Core views return bodies, never dicts: Bottle's JSON plugin has nothing to do.
        app.route(bottle_path(route.path), list(route.methods), view(route), name=route.name,
                  skip=["json"])
        params[route.name] = {n: core.table.converters[c]
                              for _, n, c in parse(route.path) if n and c}
    app.config["kit.route_params"] = params
    app.config["kit.core"] = core  # as Flask keeps it in app.extensions["kit"]
    app.route("/static/<filename:path>", "GET", static_file, name="static")
    for status in (400, 403, 404, 405, 413, 416, 500):
        app.error_handler[status] = on_error
    return app
