"""Bottle's own answers where Flask answers with Werkzeug's, for a port that keeps them
(`bottle2flask port --faithful`; copied by bottle2flask beside the modules that use it).

    from bottle_answers import debug_mode, error_pages, json_answers, response_defaults
    app = Flask(__name__)
    error_pages(app)        # 404, 405, a view's exception, abort(): Bottle's error page
    debug_mode(app, True)   # Bottle's debug(True): that page shows the traceback
    json_answers(app)       # a dict a view returns: Bottle's JSON bytes
    response_defaults(app)  # `404 Not Found`, `text/html; charset=UTF-8`

    @app.get("/static/<path:name>")
    def files(name):
        return static_file(name, root="static")   # Bottle's headers, 304 and 206

Each answer is made at run time by the Bottle installed beside the app (requirements.txt
lists it): its error page template, its static_file(), its json_dumps. Nothing of Bottle's
text is held here, so the answers are that Bottle's, byte for byte, 0.12 or 0.13.
An error handler the app registers for a code (`@app.errorhandler(404)`) still answers
that code, as Bottle's `@error(404)` did. Delete this module once the app no longer
imports it.
"""

from __future__ import annotations

import traceback
from collections.abc import Iterable
from functools import cache
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from bottle import HTTP_CODES, Bottle, json_dumps
from bottle import HTTPError as BottleHTTPError
from bottle import debug as bottle_debug
from bottle import request as bottle_request
from bottle import static_file as bottle_static_file
from flask import Flask, Response, abort, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import HTTPException, InternalServerError, MethodNotAllowed, NotFound
from werkzeug.wsgi import wrap_file

if TYPE_CHECKING:
    from werkzeug.datastructures import Headers
    from werkzeug.sansio.response import Response as SansioResponse

__all__ = ["debug_mode", "error_pages", "json_answers", "response_defaults", "static_file"]


# -- Bottle's error page -------------------------------------------------------------------
@cache
def _bottle() -> Bottle:
    """A Bottle app of this module's own: its default_error_handler() renders Bottle's error
    page (ERROR_PAGE_TEMPLATE) and reads nothing of the app."""
    return Bottle()


def _methods(valid: Iterable[str] | None) -> str:
    """Bottle's Allow header: the methods the path's routes were given, sorted, joined by
    commas. Werkzeug's list adds HEAD to a GET route and OPTIONS to every route."""
    methods = set(valid or ()) - {"OPTIONS"}
    if "GET" in methods:
        methods.discard("HEAD")
    return ",".join(sorted(methods))


def as_bottle_error(error: HTTPException) -> BottleHTTPError:
    """The HTTPError Bottle made where Flask has `error`: its texts for a path no route
    matches (a wrong method), `Internal Server Error` for a view's exception, abort()'s
    text, or its `Unknown Error.` where abort() was given none."""
    if error is request.routing_exception and isinstance(error, NotFound):
        # Bottle reads the path as UTF-8 (PATH_INFO holds its bytes as latin-1)
        path = request.environ.get("PATH_INFO", "").encode("latin1").decode("utf8", "ignore")
        return BottleHTTPError(404, "Not found: " + repr(path or "/"))
    if error is request.routing_exception and isinstance(error, MethodNotAllowed):
        return BottleHTTPError(405, "Method not allowed.", Allow=_methods(error.valid_methods))
    if hasattr(error, "status_line") and hasattr(error, "headerlist"):
        # Bottle's HTTPError kept (bottle_responses.py): its own status and body; it puts
        # its headers and cookies on the answer itself, as on any handler's
        return BottleHTTPError(error.status_line, getattr(error, "body", None),
                               getattr(error, "exception", None),
                               getattr(error, "traceback", None))
    original = getattr(error, "original_exception", None)
    if isinstance(error, InternalServerError) and original is not None:
        trace = "".join(traceback.format_exception(original))
        return BottleHTTPError(500, "Internal Server Error", original, trace)
    text = error.description
    if text is None or text == type(error).description:
        text = "Unknown Error."  # Bottle's abort() without a text
    headers = {name: value for name, value in error.get_headers()
               if name.lower() != "content-type"}  # WWW-Authenticate, Retry-After...
    return BottleHTTPError(error.code or 500, text, **headers)


def bottle_error_page(error: HTTPException) -> Response | HTTPException:
    """Flask's answer to `error` as Bottle's default error page, rendered by Bottle with
    its status line and headers."""
    if error.code is None:  # not an error page (a redirect Werkzeug raises)
        return error
    bottle_error = as_bottle_error(error)
    bottle_request.bind(request.environ)  # the page shows Bottle's request.url
    page = _bottle().default_error_handler(bottle_error)
    return Response(page, status=bottle_error.status_line, headers=bottle_error.headerlist)


def error_pages(app: Flask) -> None:
    """Answer every error the app has no handler of its own for with Bottle's page."""
    app.register_error_handler(HTTPException, bottle_error_page)


def debug_mode(app: Flask, mode: object = True) -> None:
    """Bottle's `debug(mode)` on the app: a view's exception is still answered by the
    app's error handler (or Bottle's page), which shows the exception and its traceback
    in debug mode, as Bottle's does. Flask's debug mode would hand the exception to the
    server instead (PROPAGATE_EXCEPTIONS follows `app.debug`), whose page is its own."""
    bottle_debug(mode)  # the Bottle beside the app renders its error page in debug mode
    app.debug = bool(mode)
    app.config["PROPAGATE_EXCEPTIONS"] = False


# -- Bottle's status line and Content-Type -------------------------------------------
class BottleResponse(Response):
    """Flask's response with Bottle's status line for a code (`404 Not Found`, Bottle's
    phrase; Werkzeug writes `404 NOT FOUND` for a status given as a number), and
    Bottle's Content-Type for a page the view gave none (`text/html; charset=UTF-8`;
    Werkzeug spells the charset `utf-8`), and Bottle's Location."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.headers.get("Content-Type") == "text/html; charset=utf-8":
            self.headers["Content-Type"] = "text/html; charset=UTF-8"

    def get_wsgi_headers(self, environ: Any) -> Headers:
        """The Location sent as the app wrote it, UTF-8 in the header's latin-1, as
        Bottle sends it (Werkzeug quotes it as a URI: a space is `%20`)."""
        headers = super().get_wsgi_headers(environ)
        location = self.headers.get("Location")
        if location is not None:
            headers["Location"] = location.encode("utf-8").decode("latin-1")
        return headers

    # Werkzeug's own hook, which every way of setting the status goes through
    def _clean_status(self, value: str | int | HTTPStatus) -> tuple[str, int]:
        status, code = super()._clean_status(value)
        if isinstance(value, int) or str(value).strip().isdigit():  # a code alone
            status = f"{code} {HTTP_CODES.get(code, 'Unknown')}"
        return status, code


def response_defaults(app: Flask) -> None:
    """Send the app's answers with Bottle's status lines and page Content-Type."""
    if app.response_class is Response:  # (an app's own response class is left alone)
        app.response_class = BottleResponse


# -- Bottle's JSON ---------------------------------------------------------------------
class BottleJSONProvider(DefaultJSONProvider):
    """A dict a view returns is sent as Bottle's JSON plugin sends it: Bottle's
    json_dumps() (the dict's order, `, ` and `: `, no newline), `application/json`.
    Everything else (the session, `tojson`) stays Flask's."""

    sort_keys = False

    def response(self, *args: Any, **kwargs: Any) -> SansioResponse:
        data = self._prepare_response_obj(args, kwargs)
        return self._app.response_class(json_dumps(data), mimetype="application/json")


def json_answers(app: Flask) -> None:
    """Send the dicts the app's views return as Bottle's JSON bytes."""
    app.json = BottleJSONProvider(app)


# -- Bottle's static_file() -------------------------------------------------------------
def static_file(filename: str, root: str, **options: Any) -> Response:
    """Bottle's static_file(), answered by Bottle: its headers (Last-Modified, ETag,
    Accept-Ranges, its Content-Type and charset, no Cache-Control), its 304 for
    If-Modified-Since and If-None-Match, its 206 for a Range. A relative root is read from
    the working directory, as Bottle reads it. A missing or forbidden file, or a range
    out of bounds, is raised as Werkzeug's error with Bottle's text: the app's error
    handler for the code answers it, as Bottle's did."""
    bottle_request.bind(request.environ)  # Bottle reads the request's headers from it
    answer = bottle_static_file(filename, root, **options)
    if isinstance(answer, BottleHTTPError):
        abort(answer.status_code, description=answer.body)
    body = answer.body
    if hasattr(body, "read"):
        body = wrap_file(request.environ, body)
    elif isinstance(body, str):  # HEAD, 304: Bottle sends no body (and the file's length)
        body = [body.encode("latin1")] if body else []
    made = Response(body, status=answer.status_line, headers=answer.headerlist,
                    direct_passthrough=True)
    # Bottle's HTTPResponse replaces its response: what a hook or the view set on Bottle's
    # response (bottle_compat's, applied after the view) is not sent with the file
    made.sent_as_it_is = True  # type: ignore[attr-defined]  # (read by bottle_compat)
    return made
