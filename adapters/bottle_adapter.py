"""Bottle <-> neutral core: native routes, a lazy request view, native responses."""

from __future__ import annotations

import json
import os
from functools import cache, cached_property
from urllib.parse import quote, urlencode

import bottle

from shared import sessions
from shared.http import (
    BAD_FORM,
    BAD_MULTIPART,
    BAD_PATH,
    HTTPError,
    Json,
    Page,
    Redirect,
    Request,
    Text,
    is_json,
    parse_urlencoded,
    valid_path,
)
from shared.routing import parse, translate

# "uint", not Bottle's "int": Werkzeug's int takes no sign, so -5 is a 404 in both builds.
SYNTAX = {"str": "<{}>", "int": "<{}:uint>", "path": "<{}:path>"}
URL_SAFE = "!$&'()*+,/:;=@"  # Werkzeug's set, so both builds spell URLs alike
QUERY_SAFE = "!$'()*,/:;?@"  # Werkzeug's set for query strings (Bottle's urlencode has none)
HTML = "text/html; charset=utf-8"


def bottle_path(path: str) -> str:
    return translate(path, lambda name, conv: SYNTAX[conv].format(name))


@cache
def _encoder(debug: bool) -> json.JSONEncoder:
    # json.dumps builds a new encoder per call when given options; build each once.
    layout = {"indent": 2} if debug else {"separators": (",", ":")}
    return json.JSONEncoder(sort_keys=True, **layout)


# Beyond text/*, the types Werkzeug gives a charset to (Bottle: only JavaScript).
CHARSET_TYPES = {"application/ecmascript", "application/javascript", "application/sql",
                 "application/xml", "application/xml-dtd",
                 "application/xml-external-parsed-entity"}


def static_type(content_type: str) -> str:
    """A static file's Content-Type as Werkzeug spells it: SVG and XML get a charset too."""
    if "charset" in content_type:
        return content_type
    if (content_type.startswith("text/") or content_type in CHARSET_TYPES
            or content_type.endswith("+xml")):
        return f"{content_type}; charset=utf-8"
    return content_type


def json_text(data, debug: bool) -> str:
    """JSON laid out as Flask's provider does: sorted keys, compact unless debug, a newline."""
    return _encoder(debug).encode(data) + "\n"


class FirstValueForms(bottle.FormsDict):
    """A FormsDict whose get/[] give the first of repeated keys, as Werkzeug does."""

    def __getitem__(self, key):
        return self.dict[key][0]

    def get(self, key, default=None, index=0, type=None):
        return super().get(key, default, index, type)


class _MultipartRequest(bottle.BaseRequest):
    """Bottle's parser with our body limit for MEMFILE_MAX, which otherwise caps the
    in-memory fields of one form at 100 KB ("Memory limit reached", a 400)."""

    def __init__(self, environ, limit: int):
        native = environ.get("bottle.request")
        super().__init__(environ)
        environ["bottle.request"] = native  # the base class re-points it at itself
        self.__dict__["_limit"] = limit

    @property
    def MEMFILE_MAX(self):  # noqa: N802  Bottle's name
        return self.__dict__["_limit"]


def _forms(pairs) -> FirstValueForms:
    forms = FirstValueForms()
    forms.recode_unicode = False
    for key, value in pairs:
        forms.append(key, value)
    return forms


class BottleRequest(Request):
    def __init__(self, core, params, app):
        super().__init__(core, params)
        self.app = app

    @cached_property
    def method(self):
        return bottle.request.method

    @cached_property
    def path(self):
        return bottle.request.path

    def _body(self) -> bytes:
        limit = self.config.MAX_CONTENT_LENGTH
        if bottle.request.content_length > limit:
            raise HTTPError(413)
        data = bottle.request.body.read(limit + 1)
        if len(data) > limit:
            raise HTTPError(413)
        return data

    @cached_property
    def query(self):
        # Bottle decodes the query as latin-1; parse the raw bytes as Werkzeug does.
        raw = bottle.request.environ.get("QUERY_STRING", "").encode("latin-1")
        return _forms(parse_urlencoded(raw))

    @cached_property
    def _multipart(self):
        """Split parts as Werkzeug does: no filename means a field, however large."""
        self._body()
        try:
            items = _MultipartRequest(bottle.request.environ, self.config.MAX_CONTENT_LENGTH)
            items = items.POST.allitems()
        except bottle.MultipartError:
            raise HTTPError(400, BAD_MULTIPART) from None
        except UnicodeDecodeError:
            raise HTTPError(400, BAD_FORM) from None
        fields, uploads = [], []
        for key, value in items:
            if isinstance(value, bottle.FileUpload) and value.raw_filename is None:
                # Bottle spools a field over MEMFILE_MAX to disk and files it as an upload.
                with value.file:
                    value = value.file.read().decode("utf-8", "replace")
            (uploads if isinstance(value, bottle.FileUpload) else fields).append((key, value))
        return _forms(fields), _forms(uploads)

    def close(self) -> None:
        super().close()
        # Bottle leaves its spooled body and upload files for the garbage collector.
        if "_multipart" in self.__dict__:  # only parsed bodies have files to close
            for _, upload in self.__dict__["_multipart"][1].allitems():
                upload.file.close()
        body = bottle.request.environ.get("bottle.request.body")
        if body is not None:
            body.close()

    def _is_multipart(self) -> bool:
        return bottle.request.content_type.split(";")[0].strip().lower() == "multipart/form-data"

    @cached_property
    def form(self):
        ctype = bottle.request.content_type.split(";")[0].strip().lower()
        if ctype == "application/x-www-form-urlencoded":
            return _forms(parse_urlencoded(self._body()))
        return self._multipart[0] if self._is_multipart() else _forms(())

    @cached_property
    def files(self):
        self._body()  # the size check; an empty body is an empty mapping, not b""
        return self._multipart[1] if self._is_multipart() else _forms(())

    @cached_property
    def json(self):
        if not is_json(bottle.request.content_type):
            return None
        try:
            return json.loads(self._body())
        except (ValueError, RecursionError):  # RecursionError: nested too deep to parse
            raise HTTPError(400, "The request body is not valid JSON.") from None

    @property
    def script_root(self) -> str:
        return bottle.request.environ.get("SCRIPT_NAME", "").rstrip("/")

    @property
    def cookies(self):
        return bottle.request.cookies

    @property
    def headers(self):
        return bottle.request.headers

    @cached_property
    def session(self):
        cookie = bottle.request.get_cookie(self.config.SESSION_COOKIE_NAME)
        data = sessions.load(self.config.SECRET_KEY, cookie, self.config.SESSION_LIFETIME)
        return sessions.TrackedSession(data)

    def url_for(self, name, /, **params):
        quoted = {k: quote(str(params.pop(k)), safe=URL_SAFE)
                  for k in self.app.config["kit.route_params"][name] if k in params}
        # Bottle's get_url joins SCRIPT_NAME with two urljoin calls (the main cost of a
        # page full of links) and resolves "." and ".." in the result; Werkzeug does
        # neither. Join the prefix as Werkzeug does.
        url = self.script_root + self.app.router.build(name, **quoted)
        # Extra arguments become the query string, spelt and filtered as Werkzeug does.
        query = urlencode([(k, v) for k, v in params.items() if v is not None], safe=QUERY_SAFE)
        return f"{url}?{query}" if query else url

    def save_session(self) -> None:
        """Write the session cookie in Flask's format, as Flask would."""
        if "session" not in self.__dict__:
            return
        bottle.response.add_header("Vary", "Cookie")
        session, config = self.session, self.config
        if not session.modified:
            return
        options = {"path": "/", "httponly": True, "samesite": "lax",
                   "secure": config.SESSION_COOKIE_SECURE}
        if session:
            value = sessions.dump(config.SECRET_KEY, dict(session))
            bottle.response.set_cookie(config.SESSION_COOKIE_NAME, value, **options)
        else:
            bottle.response.delete_cookie(config.SESSION_COOKIE_NAME, **options)


def mount(app: bottle.Bottle, core, views: str, static: str) -> bottle.Bottle:
    """Register every core route on a Bottle app, natively."""
    lookup = [views]  # one list per app: Bottle caches templates by its id
    root = os.path.join(os.path.abspath(static), "")

    def page(result: Page, request: BottleRequest):
        bottle.response.content_type = HTML
        context = {**core.template_globals(request), **result.context}
        return bottle.template(result.template, template_lookup=lookup, **context)

    def json_body(result: Json, request):
        bottle.response.content_type = "application/json"
        return json_text(result.data, core.config.DEBUG)

    def redirect(result: Redirect, request):
        bottle.response.set_header("Location", result.location)
        return ""

    def text(result: Text, request):
        bottle.response.content_type = result.content_type
        return result.body

    renderers = {Page: page, Json: json_body, Redirect: redirect, Text: text}

    def render(result, request: BottleRequest):
        response = bottle.response
        headers = {**getattr(result, "headers", {}), **core.response_headers(request)}
        for key, value in headers.items():
            response.set_header(key, value)
        if response.status_code != result.status:  # a fresh response is already 200
            response.status = result.status
        return renderers[type(result)](result, request)

    def run(request: BottleRequest, call, *args, **kwargs):
        try:
            try:
                body = render(call(*args, **kwargs), request)
            except HTTPError as error:
                body = render(core.error(error, request.path), request)
            except Exception:
                body = render(core.crash(request.path), request)
            request.save_session()
            return body
        except Exception:  # the error page itself failed: answer plain text
            core.crash(request.path)
            bottle.response.status = 500
            bottle.response.content_type = "text/plain; charset=utf-8"
            return "Internal Server Error"
        finally:
            request.close()

    # Bottle drops bad UTF-8 bytes from the path silently; we answer 400. Checked in
    # each view, error handler and the static route rather than in a before_request
    # hook, which would cost every request a hook call.
    def refuse_undecodable_path():
        if not valid_path(bottle.request.environ["bottle.raw_path"]):
            raise bottle.HTTPError(400, BAD_PATH)

    def view(route):
        def callback(**params):
            refuse_undecodable_path()
            request = BottleRequest(core, params, app)
            return run(request, route.handler, request, **params)

        return callback

    def on_error(error: bottle.HTTPError):
        request = BottleRequest(core, {}, app)
        status = 404 if error.status_code == 403 else error.status_code  # see PORTING.md
        message = error.body if status == 400 else ""
        if not valid_path(bottle.request.environ["bottle.raw_path"]):
            status, message = 400, BAD_PATH
        headers = {}
        if "Allow" in error.headers:  # Werkzeug lists HEAD wherever GET is allowed
            allow = error.headers["Allow"].split(",")
            headers["Allow"] = ", ".join(["HEAD", *allow] if "GET" in allow else allow)
        neutral = HTTPError(status, message, headers=headers)
        return run(request, lambda: core.error(neutral, request.path))

    def static_file(filename):
        refuse_undecodable_path()
        # Bottle answers an unsatisfiable Range with a 416 but leaves the file open;
        # refuse it before the file is opened. Everything else is Bottle's own.
        ranges = bottle.request.environ.get("HTTP_RANGE")
        path = os.path.abspath(os.path.join(static, filename.strip("/\\")))
        if ranges and path.startswith(root) and os.path.isfile(path):
            if not list(bottle.parse_range_header(ranges, os.path.getsize(path))):
                raise bottle.HTTPError(416)
        response = bottle.static_file(filename, root=static, charset="utf-8")
        if "Content-Type" in response.headers:
            response.set_header("Content-Type", static_type(response.headers["Content-Type"]))
        return response

    app.router.add_filter("uint", lambda conf: (r"\d+", int, lambda n: str(int(n))))
    app.config["kit.route_params"] = {"static": {"filename"}}
    for route in core.routes:
        # Core views return bodies, never dicts: Bottle's JSON plugin has nothing to do.
        app.route(bottle_path(route.path), list(route.methods), view(route), name=route.name,
                  skip=["json"])
        app.config["kit.route_params"][route.name] = {n for _, n, _ in parse(route.path) if n}
    app.route("/static/<filename:path>", "GET", static_file, name="static")
    for status in (400, 403, 404, 405, 413, 416, 500):
        app.error_handler[status] = on_error
    return app
