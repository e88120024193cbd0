"""Where the Bottle build imitates Werkzeug, so both builds behave the same.

Everything here is a rule Werkzeug (under Flask) follows and Bottle does not; each
piece names its entry in docs/PORTING.md, which shows both native behaviours.
Nothing here imports Werkzeug: the rules are written out for Bottle's objects.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from io import BytesIO
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

import bottle

from shared.http import BAD_BODY, BAD_FORM, BAD_MULTIPART, HTTPError, Upload

# -- 1, 3, 4: urlencoded bodies and query strings -----------------------------------


def _requote(text: str) -> str:
    # 3: undecodable %-escapes come back as they were sent.
    if text.isascii() or not any("\udc80" <= c <= "\udcff" for c in text):
        return text
    return "".join(f"%{ord(c) - 0xDC00:02X}" if "\udc80" <= c <= "\udcff" else c for c in text)


def parse_urlencoded(data: bytes) -> list[tuple[str, str]]:
    """1, 4: decode a query string or form body as UTF-8 (raw bad bytes are a 400)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise HTTPError(400, BAD_FORM) from None
    pairs = parse_qsl(text, keep_blank_values=True, errors="surrogateescape")
    return [(_requote(key), _requote(value)) for key, value in pairs]


# -- 2: repeated and missing keys ---------------------------------------------------


class FirstValueForms(bottle.FormsDict):
    """A FormsDict whose get/[] give the first of repeated keys."""

    def __getitem__(self, key: str) -> Any:
        return self.dict[key][0]

    def get(self, key: str, default: Any = None, index: int = 0, type: Any = None) -> Any:
        return super().get(key, default, index, type)


def forms(pairs: Iterable[tuple[str, Any]]) -> FirstValueForms:
    result = FirstValueForms()
    result.recode_unicode = False
    for key, value in pairs:
        result.append(key, value)
    return result


# -- 5, 6: multipart ----------------------------------------------------------------


class _MultipartRequest(bottle.BaseRequest):
    """6: Bottle's parser with our body limit for MEMFILE_MAX, which otherwise caps the
    in-memory fields of one form at 100 KB ("Memory limit reached", a 400)."""

    def __init__(self, environ: dict, limit: int):
        native = environ.get("bottle.request")
        super().__init__(environ)
        environ["bottle.request"] = native  # the base class re-points it at itself
        self.__dict__["_limit"] = limit

    @property
    def MEMFILE_MAX(self) -> int:  # noqa: N802  Bottle's name
        return self.__dict__["_limit"]


def split_multipart(environ: dict, limit: int) -> tuple[FirstValueForms, FirstValueForms]:
    """5, 6, 9: fields and uploads (neutral Upload objects); no filename means a field,
    however large."""
    try:
        items = _MultipartRequest(environ, limit).POST.allitems()
    except UnicodeDecodeError:
        raise HTTPError(400, BAD_FORM) from None
    except (bottle.MultipartError, ValueError):  # ValueError: a control character in a
        raise HTTPError(400, BAD_MULTIPART) from None  # part's header (Bottle's _hval)
    fields: list[tuple[str, str]] = []
    uploads: list[tuple[str, Upload]] = []
    for key, value in items:
        if not isinstance(value, bottle.FileUpload):
            fields.append((key, value))
        elif value.raw_filename is None:
            # Bottle spools a field over MEMFILE_MAX to disk and files it as an upload.
            with value.file:
                fields.append((key, value.file.read().decode("utf-8", "replace")))
        else:  # the name as sent: FileUpload.filename is Bottle's own sanitised one
            uploads.append((key, Upload(key, value.raw_filename, value.content_type,
                                        value.file)))
    return forms(fields), forms(uploads)


# -- 34: chunked request bodies ----------------------------------------------------

CHUNK = 64 * 1024


def _dechunked(environ: dict) -> Iterator[bytes]:
    stream = environ["wsgi.input"]
    if environ.get("wsgi.input_terminated"):  # the server removed the framing (gunicorn)
        return iter(lambda: stream.read(CHUNK), b"")
    return bottle.BaseRequest._iter_chunked(stream.read, CHUNK)  # Bottle's own parser


def read_body(request: bottle.BaseRequest, limit: int) -> bytes:
    """The body, at most limit + 1 bytes of it; a body its server or its chunked framing
    reports broken is a 400, as it is from Werkzeug."""
    environ = request.environ
    try:
        if request.chunked and "bottle.request.body" not in environ:
            # Bottle would parse the framing again where the server already removed it,
            # and read a chunked body of any size; keep it where Bottle's body looks.
            body, size = BytesIO(), 0
            for part in _dechunked(environ):
                size += body.write(part)
                if size > limit:
                    break
            body.seek(0)
            environ["bottle.request.body"] = body
        return request.body.read(limit + 1)
    except Exception:  # servers report a broken body with their own exceptions
        raise HTTPError(400, BAD_BODY) from None


# -- 36: the Host header ------------------------------------------------------------

# Werkzeug's own pattern for a Host it uses; any other one it treats as no Host at all.
_HOST = re.compile(r"([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+])(?::([1-9][0-9]{,4}))?",
                   re.ASCII | re.IGNORECASE)


@lru_cache(maxsize=256)  # a server sees a few names; checking one costs microseconds
def valid_host(host: str | None) -> bool:
    """Whether Werkzeug's router could bind to the Host (an empty or 64-octet label:
    it cannot, a 400)."""
    match = _HOST.fullmatch(host) if host else None
    if match is None or (match[2] and int(match[2]) > 65535):
        return True
    try:
        match[1].encode("idna")
    except UnicodeError:
        return False
    return True


# -- 15: URL building ---------------------------------------------------------------

URL_SAFE = "!$&'()*+,/:;=@"  # Werkzeug's set for path values
QUERY_SAFE = "!$'()*,/:;?@"  # and for query strings (Bottle's urlencode keeps none)


def quote_value(text: str) -> str:
    return quote(text, safe=URL_SAFE)


def query_string(params: dict[str, Any]) -> str:
    """Extra url_for values as the query string; None values are left out."""
    return urlencode([(k, v) for k, v in params.items() if v is not None], safe=QUERY_SAFE)


# -- 21: JSON responses -------------------------------------------------------------


@cache
def _encoder(debug: bool) -> json.JSONEncoder:
    # json.dumps builds a new encoder per call when given options; build each once.
    layout: dict[str, Any] = {"indent": 2} if debug else {"separators": (",", ":")}
    return json.JSONEncoder(**layout)


def json_text(data: Any, debug: bool) -> str:
    """Flask's provider layout, compact unless debug, a final newline; keys as the core
    wrote them, which is sorted (the Flask adapter turns Flask's own sort off too)."""
    return _encoder(debug).encode(data) + "\n"


# -- 14: 405 and Allow --------------------------------------------------------------


def allow(header: str) -> str:
    """Bottle's Allow with HEAD wherever GET is allowed."""
    methods = header.split(",")
    return ", ".join(["HEAD", *methods] if "GET" in methods else methods)


# -- 30: static files ---------------------------------------------------------------

# Beyond text/*, the types Werkzeug gives a charset to (Bottle: only JavaScript).
CHARSET_TYPES = {"application/ecmascript", "application/javascript", "application/sql",
                 "application/xml", "application/xml-dtd",
                 "application/xml-external-parsed-entity"}


def static_type(content_type: str) -> str:
    """A static file's Content-Type: SVG and XML get a charset too."""
    if "charset" in content_type:
        return content_type
    if (content_type.startswith("text/") or content_type in CHARSET_TYPES
            or content_type.endswith("+xml")):
        return f"{content_type}; charset=utf-8"
    return content_type


def static_file(filename: str, folder: str) -> bottle.HTTPResponse:
    """Bottle's static_file, with a 416 for an unsatisfiable Range (which Bottle answers
    itself, leaving the file open) and Werkzeug's Content-Type."""
    root = os.path.join(os.path.abspath(folder), "")
    ranges = bottle.request.environ.get("HTTP_RANGE")
    path = os.path.abspath(os.path.join(folder, filename.strip("/\\")))
    if ranges and path.startswith(root) and os.path.isfile(path):
        if not list(bottle.parse_range_header(ranges, os.path.getsize(path))):
            raise bottle.HTTPError(416)
    response = bottle.static_file(filename, root=folder, charset="utf-8")
    if "Content-Type" in response.headers:
        response.set_header("Content-Type", static_type(response.headers["Content-Type"]))
    return response


def error_status(status: int) -> int:
    """30: a path outside the static folder is Bottle's 403 and Werkzeug's 404."""
    return 404 if status == 403 else status
