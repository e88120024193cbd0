"""Flask <-> neutral core: native routes, a lazy request view, native responses.

Where Flask and Werkzeug themselves are adjusted lives in flask_werkzeug.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flask
import jinja2
from flask.sessions import SessionMixin
from werkzeug.datastructures import MultiDict as NativeMultiDict
from werkzeug.exceptions import BadRequest, HTTPException
from werkzeug.routing import BaseConverter
from werkzeug.wrappers import Response

from shared.config import Config
from shared.core import SECURITY_HEADERS, Core
from shared.http import (
    BaseRequest,
    HTTPError,
    Json,
    Lookup,
    MultiDict,
    Page,
    Result,
    Text,
    Upload,
    cached_property,
)
from shared.routing import Converter, Route, translate
from shared.site import JINJA2

from .flask_werkzeug import (
    CheckedHeaders,
    KitJSONProvider,
    KitRequest,
    KitSessionInterface,
    decoded,
    multipart_checked,
    read_body,
    static_view,
)


def flask_path(path: str) -> str:
    native = {"str": "<{name}>", "path": "<path:{name}>"}
    return translate(path, lambda name, conv: native.get(conv, f"<{conv}:{{name}}>").format(
        name=name))


def werkzeug_converter(name: str, converter: Converter) -> type[BaseConverter]:
    """A Werkzeug converter class over a neutral converter."""
    return type(f"{name.title()}Converter", (BaseConverter,), {
        "regex": converter.regex,
        "to_python": lambda self, value: converter.to_python(value),
        "to_url": lambda self, value: BaseConverter.to_url(self, converter.to_url(value)),
    })


class FlaskRequest(BaseRequest):
    def __init__(self, core: Core, params: dict[str, Any]):
        # Held once: each attribute read through Flask's `request` proxy costs 0.8 us.
        self.native: flask.Request = flask.request._get_current_object()  # type: ignore[attr-defined]
        super().__init__(core, params, self.native.environ)

    @cached_property
    def method(self) -> str:
        return self.native.method

    @cached_property
    def path(self) -> str:
        return self.native.path

    @cached_property  # read three times by a listing
    def query(self) -> MultiDict[str]:
        return decoded(lambda: self.native.args, self.native, body=False)

    @property
    def form(self) -> MultiDict[str]:
        return decoded(lambda: multipart_checked(self.native).form, self.native)

    @cached_property
    def files(self) -> MultiDict[Upload]:
        # Werkzeug's FileStorage becomes the neutral Upload, with the name as sent.
        native = decoded(lambda: multipart_checked(self.native).files, self.native)
        return NativeMultiDict([(k, Upload(k, f.filename or "", f.content_type or "", f.stream))
                                for k, f in native.items(multi=True)])

    @cached_property
    def json(self) -> Any:
        if not self.native.is_json:
            return None
        read_body(self.native)
        try:
            return self.native.get_json()
        except (BadRequest, RecursionError):  # RecursionError: nested too deep to parse
            raise HTTPError(400, "The request body is not valid JSON.") from None
        except HTTPException as error:
            raise HTTPError(error.code or 400) from None

    @property
    def script_root(self) -> str:
        return self.native.script_root

    @property
    def remote_addr(self) -> str:
        return self.native.environ.get("REMOTE_ADDR") or ""

    @cached_property  # read by the token check, the cache headers and CORS
    def cookies(self) -> Lookup[str]:
        return self.native.cookies

    @property
    def session(self) -> SessionMixin:
        return flask.session

    def url_for(self, name: str, /, **params: Any) -> str:
        context = flask.globals.request_ctx
        if context.url_adapter is None:
            # Werkzeug could not bind to the Host (a 400, PORTING 36) and Flask's url_for
            # would raise; paths need no host, so bind to none for the error page.
            context.url_adapter = flask.current_app.url_map.bind(
                "", script_name=self.native.root_path or "/")
        return flask.url_for(name, **params)


def configure(app: flask.Flask, config: Config) -> None:
    """Map the neutral settings onto Flask's own."""
    app.config.update(
        SECRET_KEY=config.SECRET_KEY,
        DEBUG=config.DEBUG,
        TESTING=config.TESTING,
        MAX_CONTENT_LENGTH=config.MAX_CONTENT_LENGTH,
        MAX_FORM_MEMORY_SIZE=config.MAX_CONTENT_LENGTH,
        SESSION_COOKIE_NAME=config.SESSION_COOKIE_NAME,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=config.SESSION_COOKIE_SECURE,
        PERMANENT_SESSION_LIFETIME=config.SESSION_LIFETIME,
    )


def mount(app: flask.Flask, core: Core) -> flask.Flask:
    """Register every core route on a Flask app, natively."""
    configure(app, core.config)
    app.request_class = KitRequest
    app.json = provider = KitJSONProvider(app)
    app.session_interface = KitSessionInterface()
    app.url_map.merge_slashes = False  # no 308 from /a//b to /a/b: Bottle has none
    folders = core.templates(JINJA2)
    if folders:  # the sites' own templates first, then the app's (if it has a folder)
        own = [app.jinja_loader] if app.jinja_loader else []
        app.jinja_loader = jinja2.ChoiceLoader([jinja2.FileSystemLoader(folders), *own])

    kit_headers = CheckedHeaders(SECURITY_HEADERS)

    def render(result: Result, request: FlaskRequest) -> Response:
        # The response class directly: flask.make_response would run Flask's
        # make_response on a tuple, and Flask runs it again on what the view returns.
        shared = result.headers is SECURITY_HEADERS  # nothing merged in: checked copies
        headers = kit_headers.fresh() if shared else result.headers
        response: Response
        if isinstance(result, Page):
            context = {**core.template_globals(request), **result.context}
            body = flask.render_template(f"{result.template}.html", **context)
            response = app.response_class(body, result.status, headers)
        elif isinstance(result, Text):
            response = app.response_class(result.body, result.status, headers,
                                          content_type=result.content_type)
        elif isinstance(result, Json):  # what app.json.response() sends, status and all
            response = app.response_class(provider.text(result.data), result.status, headers,
                                          content_type=provider.mimetype)
        else:
            response = flask.redirect(result.location, result.status)
            response.headers.update(headers)
        if result.status == 204:
            # Werkzeug keeps Content-Type on a 204; Bottle drops it, as RFC 9110 asks.
            response.headers.pop("Content-Type", None)
            response.set_data(b"")
        return response

    def view(route: Route) -> Callable[..., Response]:
        def endpoint(**params: Any) -> Response:
            request = FlaskRequest(core, params)
            return core.handle(request, route.handler, params, render)

        return endpoint

    def on_error(error: Exception) -> Response:
        if isinstance(error, HTTPException):
            allow = {k: v for k, v in error.get_headers() if k == "Allow"}
            neutral: HTTPError | None = HTTPError(error.code or 500, headers=allow)
        else:
            neutral = error if isinstance(error, HTTPError) else None
        request = FlaskRequest(core, {})
        return core.fail(request, neutral, render)

    for name, converter in core.table.custom_converters().items():
        app.url_map.converters[name] = werkzeug_converter(name, converter)
    for route in core.routes:
        app.add_url_rule(flask_path(route.path), route.name, view(route),
                         methods=list(route.methods), provide_automatic_options=False)
    if "static" in app.view_functions:
        app.view_functions["static"] = static_view(app)
    for rule in app.url_map.iter_rules("static"):
        # Flask's own static rule answers OPTIONS itself; ours do not (PORTING 14).
        rule.provide_automatic_options = False  # type: ignore[attr-defined]  # Flask's own
        rule.methods = (rule.methods or set()) - {"OPTIONS"}
    app.register_error_handler(Exception, on_error)
    app.extensions["kit"] = core
    return app
