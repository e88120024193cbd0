"""Where the Flask build adjusts Flask and Werkzeug themselves.

The Bottle build's imitations of Werkzeug live in bottle_werkzeug.py; these are the
other direction: a broken body, a bad path or Host answered as a 400 (or Bottle's 404)
where Werkzeug would hide it or fail later (PORTING 34-36), and Flask's session
without the work it redoes on every request (same cookies, same rules).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import IO, Any, TypeVar

import flask
from flask.json.provider import DefaultJSONProvider
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import URLSafeTimedSerializer
from werkzeug.datastructures import Headers, ImmutableMultiDict
from werkzeug.exceptions import BadHost, ClientDisconnected, HTTPException
from werkzeug.formparser import FormDataParser
from werkzeug.security import safe_join
from werkzeug.serving import DechunkedInput
from werkzeug.wrappers import Response

from shared.http import (
    BAD_BODY,
    BAD_FORM,
    BAD_HOST,
    BAD_LENGTH,
    BAD_MULTIPART,
    BAD_PATH,
    HTTPError,
    valid_content_length,
    valid_path,
)


class StrictFormParser(FormDataParser):
    """Werkzeug hides undecodable or malformed form bodies as an empty form; we say 400.

    The files a malformed multipart body had opened before it broke off are closed here:
    Werkzeug drops them unclosed (a ResourceWarning when the GC finds them).
    """

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **{**kwargs, "silent": False})
        self.opened: list[IO[bytes]] = []
        factory = self.stream_factory

        def opening(*args: Any, **kwargs: Any) -> IO[bytes]:
            stream = factory(*args, **kwargs)
            self.opened.append(stream)
            return stream

        self.stream_factory = opening

    def parse(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().parse(*args, **kwargs)
        except BaseException:
            for stream in self.opened:
                stream.close()
            raise


class KitParameters(ImmutableMultiDict):
    """Werkzeug's query and form dict, whose get() raises nothing for a missing key.

    MultiDict.get finds a key missing by catching the BadRequestKeyError (an
    HTTPException) its lookup builds: an API call reading five absent query
    parameters paid several microseconds for them.
    """

    def get(self, key, default=None, type=None):  # type: ignore[override]
        if key not in self:
            return default
        return super().get(key, default, type)


class KitRequest(flask.Request):
    form_data_parser_class = StrictFormParser
    parameter_storage_class = KitParameters
    _routing_exception = None

    def __init__(self, environ, *args, **kwargs):
        # A server that passes the chunked framing on (PORTING 34): Werkzeug would read
        # the body as empty; remove the framing as Werkzeug's own server does.
        encoding = environ.get("HTTP_TRANSFER_ENCODING")
        if encoding and "chunked" in encoding.lower() and "wsgi.input_terminated" not in environ:
            environ["wsgi.input"] = DechunkedInput(environ["wsgi.input"])
            environ["wsgi.input_terminated"] = True
        # A bare mount prefix (/kit) comes with an empty path: Bottle serves it as the
        # app's /, where Werkzeug would redirect GET and answer 404 to the rest (PORTING 17).
        if not environ.get("PATH_INFO"):
            environ["PATH_INFO"] = "/"
        super().__init__(environ, *args, **kwargs)

    # Flask raises this before any view runs, matched or not: the same place a
    # before_request hook would, without a hook's cost on every request.
    @property
    def routing_exception(self):
        path = self.environ["PATH_INFO"]
        # Werkzeug replaces bad UTF-8 in the path; Bottle answers 400. We side with 400.
        if not valid_path(path):
            return HTTPError(400, BAD_PATH)
        if isinstance(self._routing_exception, BadHost):  # PORTING 36
            return HTTPError(400, BAD_HOST)
        # Werkzeug strips leading slashes from the path, so //x would be served as /x;
        # Bottle matches the path as sent (404). merge_slashes=False covers /a//b.
        if "//" in path:
            return HTTPError(404)
        return self._routing_exception

    @routing_exception.setter
    def routing_exception(self, error):
        self._routing_exception = error


class KitSessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, without the work Flask redoes on every request.

    Same cookies, same rules. Flask builds a new signing serializer per request
    (itsdangerous test-serialises a value each time) and parses the Cookie header
    even when there is none: together a third of a plaintext request's cost.
    """

    _cached: tuple[tuple[Any, ...] | None, URLSafeTimedSerializer | None] = (None, None)

    def get_signing_serializer(self, app: flask.Flask) -> URLSafeTimedSerializer | None:
        key = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        if self._cached[0] != key:
            self._cached = (key, super().get_signing_serializer(app))
        return self._cached[1]

    def open_session(self, app: flask.Flask,
                     request: flask.Request) -> SecureCookieSession | None:
        if "HTTP_COOKIE" in request.environ:
            return super().open_session(app, request)
        # No cookie at all: the same empty session Flask would open.
        return self.session_class() if app.secret_key else None

    def save_session(self, app: flask.Flask, session: SessionMixin,
                     response: flask.Response) -> None:
        # Flask says Vary: Cookie whenever the session was read. A visitor who sent no
        # session cookie and had nothing stored gets the page every such visitor gets:
        # no Vary, so a shared cache may keep it (the bottle adapter's rule too).
        if session or session.modified or (
                session.accessed and self.get_cookie_name(app) in flask.request.cookies):
            super().save_session(app, session, response)


COMPACT = {"separators": (",", ":")}  # what the provider's response() asks outside debug


class KitJSONProvider(DefaultJSONProvider):
    """Flask's default JSON provider, its output unchanged, with the compact encoder
    built once: json.dumps builds a new JSONEncoder on each call given options, 2 us of
    a 50 us JSON response. Keys go out as the core wrote them, sorted (PORTING 21)."""

    sort_keys = False
    _compact: tuple[tuple[Any, ...], json.JSONEncoder] | None = None

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs != COMPACT:
            return super().dumps(obj, **kwargs)
        settings = (self.default, self.ensure_ascii, self.sort_keys)
        if self._compact is None or self._compact[0] != settings:
            self._compact = (settings, json.JSONEncoder(
                default=self.default, ensure_ascii=self.ensure_ascii,
                sort_keys=self.sort_keys, separators=COMPACT["separators"]))
        return self._compact[1].encode(obj)

    def text(self, obj: Any) -> str:
        """The body response() sends for obj: indented in debug mode (or with compact
        False), compact otherwise; the adapter builds the response around it."""
        if (self.compact is None and self._app.debug) or self.compact is False:
            return f"{self.dumps(obj, indent=2)}\n"
        return f"{self.dumps(obj, **COMPACT)}\n"


def read_body(request: flask.Request) -> None:
    """Read the body once, up front: a body the server or its chunked framing reports
    broken is a 400 (PORTING 34), whatever exception the server raises for it."""
    # Werkzeug reads a malformed Content-Length ("0x10", "+5") as 0: PORTING 39.
    if not valid_content_length(request.environ.get("CONTENT_LENGTH")):
        raise HTTPError(400, BAD_LENGTH)
    try:
        data = request.get_data(cache=True)  # the parsers read this copy
    except ClientDisconnected:  # Werkzeug's name for a read that failed
        raise HTTPError(400, BAD_BODY) from None
    except HTTPException as error:  # 413
        raise HTTPError(error.code or 400) from None
    except Exception:
        raise HTTPError(400, BAD_BODY) from None
    # Werkzeug cuts a body without Content-Length off at the limit, silently.
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(data) >= limit:
        raise HTTPError(413)


class CheckedHeaders:
    """Headers Werkzeug checks once, here, then copies as they are.

    Werkzeug checks each value for newlines as it is added: for the kit's four
    security headers that is a few microseconds of every response.
    """

    def __init__(self, headers: dict[str, str]):
        self.pairs = Headers(headers)._list  # Headers keeps its pairs in _list

    def fresh(self) -> Headers:
        headers = Headers()
        headers._list.extend(self.pairs)
        return headers


T = TypeVar("T")


def decoded(read: Callable[[], T], request: flask.Request, body: bool = True) -> T:
    if body:
        read_body(request)
    try:
        return read()
    except UnicodeDecodeError:
        raise HTTPError(400, BAD_FORM) from None
    except ValueError:
        raise HTTPError(400, BAD_MULTIPART) from None
    except HTTPException as error:  # 413 while reading the body: the core answers it
        raise HTTPError(error.code or 400) from None


def multipart_checked(request: flask.Request) -> flask.Request:
    """5: a multipart body with a NUL in a part's header (a name, a filename, a type) is
    malformed, as Bottle finds it (a 400); Werkzeug would keep the NUL in the name."""
    if request.mimetype != "multipart/form-data":
        return request
    texts: list[str | None] = list(request.form.keys())  # a part with no name: None
    for key, upload in request.files.items(multi=True):
        texts += [key, upload.filename, upload.content_type]
    if any(isinstance(text, str) and "\0" in text for text in texts):
        raise HTTPError(400, BAD_MULTIPART)
    return request


def first_range(header: str, size: int) -> tuple[int, int] | None:
    """The first satisfiable byte range (start, stop) of a Range header, read as Bottle
    reads it; a suffix longer than the file is the whole file (RFC 9110 14.1.2)."""
    if not header.startswith("bytes="):
        return None
    for spec in header[6:].split(","):
        start, dash, end = spec.partition("-")
        try:
            if not dash:
                continue
            if not start.strip():
                first, stop = max(0, size - int(end)), size
            elif not end.strip():
                first, stop = int(start), size
            else:
                first, stop = int(start), min(int(end) + 1, size)
        except ValueError:
            continue
        if 0 <= first < stop <= size:
            return first, stop
    return None


def static_view(app: flask.Flask) -> Callable[[str], Response]:
    """Flask's static view, serving the Range Bottle serves (PORTING 30): Werkzeug
    answers 416 to a suffix longer than the file and to any list of several ranges."""
    send = app.send_static_file

    def view(filename: str) -> Response:
        environ = flask.request.environ
        header = environ.get("HTTP_RANGE")
        path = safe_join(app.static_folder or "", filename)
        if header and path and os.path.isfile(path):
            found = first_range(header, os.path.getsize(path))
            if found is None:
                raise HTTPError(416)
            environ["HTTP_RANGE"] = f"bytes={found[0]}-{found[1] - 1}"
        return send(filename)

    return view
