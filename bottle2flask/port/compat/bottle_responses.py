"""Bottle's HTTPError, and the response members Werkzeug's Response lacks, for a Flask
app: copied into a port by the porting kit where a view keeps them.

    from bottle_responses import HTTPError
    err = HTTPError(400, "bad")
    err.set_header("X-A", "1")
    raise err

`HTTPError` is a Werkzeug HTTPException with Bottle's members (status, status_line,
status_code, headers, set_header, add_header, get_header, headerlist, content_type,
charset, expires, set_cookie, delete_cookie, copy, body...), so Flask answers it as it
answers abort(): an `@app.errorhandler(code)` for its code gets it, as Bottle's
`@error(code)` got Bottle's, and the handler's answer gets the error's status, headers
and cookies, as in Bottle; without one, the answer has its status line, headers and
cookies as Bottle sends them, and an error page (Werkzeug's) that says its body.

`copy_response(r)` is Bottle's `response.copy()` for a Werkzeug Response (its status and
headers, no body), and `BAD_HEADERS` Bottle's `bad_headers`. Delete this module once the
app no longer imports it.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from datetime import datetime
from functools import cache
from http.client import responses
from typing import Any

from flask import after_this_request, has_request_context
from werkzeug.exceptions import HTTPException, default_exceptions
from werkzeug.http import dump_cookie, http_date, parse_date
from werkzeug.wrappers import Response

__all__ = ["BAD_HEADERS", "HTTPError", "copy_response"]

# The headers Bottle leaves out of a 204 and a 304 answer.
BAD_HEADERS = {
    204: frozenset({"Content-Type", "Content-Length"}),
    304: frozenset({"Allow", "Content-Encoding", "Content-Language", "Content-Length",
                    "Content-Range", "Content-Type", "Content-Md5", "Last-Modified"}),
}
# Bottle's reason phrases are Python's, but for this one
PHRASES = {**responses, 418: "I'm a teapot"}
# Bottle's set_cookie() keywords, in werkzeug.http.dump_cookie()'s names
COOKIE_OPTIONS = {"max_age": "max_age", "maxage": "max_age", "expires": "expires",
                  "domain": "domain", "path": "path", "secure": "secure",
                  "httponly": "httponly", "samesite": "samesite", "same_site": "samesite",
                  "partitioned": "partitioned"}


def _name(name: str) -> str:
    if any(c in name for c in "\r\n\0"):
        raise ValueError(f"Header names must not contain control characters: {name!r}")
    return name.title().replace("_", "-")


def _value(value: Any) -> str:
    value = str(value)
    if any(c in value for c in "\r\n\0"):
        raise ValueError(f"Header values must not contain control characters: {value!r}")
    return value


class HeaderDict(MutableMapping[str, str]):
    """Bottle's HeaderDict over a response's headers: a name in any case, its last value;
    setting a name replaces its values, append() adds one."""

    def __init__(self, store: dict[str, list[str]]) -> None:
        self.dict = store

    def __getitem__(self, name: str) -> str:
        return self.dict[_name(name)][-1]

    def __setitem__(self, name: str, value: Any) -> None:
        self.dict[_name(name)] = [_value(value)]

    def __delitem__(self, name: str) -> None:
        del self.dict[_name(name)]

    def __iter__(self) -> Iterator[str]:
        return iter(self.dict)

    def __len__(self) -> int:
        return len(self.dict)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and _name(name) in self.dict

    def append(self, name: str, value: Any) -> None:
        self.dict.setdefault(_name(name), []).append(_value(value))

    def replace(self, name: str, value: Any) -> None:
        self[name] = value

    def getall(self, name: str) -> list[str]:
        return list(self.dict.get(_name(name), []))

    def allitems(self) -> list[tuple[str, str]]:
        return [(name, value) for name, values in self.dict.items() for value in values]

    def filter(self, names) -> None:
        for name in names:
            self.dict.pop(_name(name), None)


class HTTPError(HTTPException):
    """Bottle's HTTPError(status, body, exception, traceback, **headers), raised in Flask.

    Its class is Werkzeug's exception for its status too (NotFound for a 404) once the
    status is set, so that Flask finds the app's error handler for that code."""

    default_status = 500
    default_content_type = "text/html; charset=UTF-8"
    bad_headers = BAD_HEADERS

    def __init__(self, status: int | str | None = None, body: Any = None,
                 exception: BaseException | None = None, traceback: str | None = None,
                 **headers: Any) -> None:
        super().__init__()
        self.body = body
        self.exception = exception
        self.traceback = traceback
        self._headers: dict[str, list[str]] = {}
        self._cookies: dict[str, str] = {}  # name -> its Set-Cookie value
        self._status_code = self.default_status
        self._status_line = ""
        self.status = status or self.default_status
        for name, value in headers.items():
            self.add_header(name, value)
        self._answered = False  # its own answer made (no error handler took it)
        if has_request_context():
            after_this_request(self._onto_handlers_answer)

    # -- the status -------------------------------------------------------------------
    @property
    def status(self) -> str:
        return self._status_line

    @status.setter
    def status(self, status: int | str) -> None:
        if isinstance(status, int):
            code, line = status, f"{status} {PHRASES.get(status, 'Unknown')}"
        elif isinstance(status, str) and " " in status.strip():
            if any(c in status for c in "\r\n\0"):
                raise ValueError("Status line must not include control chars.")
            line = status.strip()
            code = int(line.split()[0])
        else:
            raise ValueError(f"A status is a code or a line with its reason: {status!r}")
        if not 100 <= code <= 999:
            raise ValueError(f"Status code out of range: {code}")
        self._status_code, self._status_line = code, line
        self.__class__ = _for_code(code)

    @property
    def status_code(self) -> int:
        return self._status_code

    @property
    def status_line(self) -> str:
        return self._status_line

    @property
    def description(self) -> str | None:
        """What Werkzeug's error page says: the body."""
        return None if self.body is None else str(self.body)

    @description.setter
    def description(self, value: str | None) -> None:
        self.body = value

    # -- headers ------------------------------------------------------------------------
    @property
    def headers(self) -> HeaderDict:
        return HeaderDict(self._headers)

    def get_header(self, name: str, default: str | None = None) -> str | None:
        return self._headers.get(_name(name), [default])[-1]

    def set_header(self, name: str, value: Any) -> None:
        self._headers[_name(name)] = [_value(value)]

    def add_header(self, name: str, value: Any) -> None:
        self._headers.setdefault(_name(name), []).append(_value(value))

    def iter_headers(self) -> list[tuple[str, str]]:
        return self.headerlist

    @property
    def headerlist(self) -> list[tuple[str, str]]:
        """The headers as Bottle sends them: a Content-Type if none was set, none of the
        bad headers of a 204 or 304, then the cookies."""
        headers = dict(self._headers)
        headers.setdefault("Content-Type", [self.default_content_type])
        bad = self.bad_headers.get(self._status_code, frozenset())
        found = [(name, value) for name, values in headers.items() if name not in bad
                 for value in values]
        return found + [("Set-Cookie", cookie) for cookie in self._cookies.values()]

    @property
    def content_type(self) -> str | None:
        return self.get_header("Content-Type")

    @content_type.setter
    def content_type(self, value: str) -> None:
        self.set_header("Content-Type", value)

    @property
    def content_length(self) -> int:
        value = self.get_header("Content-Length")
        return -1 if value is None else int(value)

    @content_length.setter
    def content_length(self, value: int) -> None:
        self.set_header("Content-Length", value)

    @property
    def expires(self) -> datetime | None:
        value = self.get_header("Expires")
        return None if value is None else parse_date(value)

    @expires.setter
    def expires(self, value: datetime | int | float) -> None:
        self.set_header("Expires", http_date(value))

    @property
    def charset(self) -> str:
        content_type = self.content_type or self.default_content_type
        if "charset=" in content_type:
            return content_type.split("charset=")[-1].split(";")[0].strip()
        return "UTF-8"

    # -- cookies ------------------------------------------------------------------------
    def set_cookie(self, name: str, value: str, secret: Any = None, digestmod: Any = None,
                   **options: Any) -> None:
        """A Set-Cookie header as Bottle writes it (no Path unless given)."""
        if secret is not None:
            raise TypeError("set_cookie(secret=...) is Bottle's signed cookie: sign it with "
                            "itsdangerous, as Flask's session does")
        if not isinstance(value, str):
            raise TypeError("A cookie's value is a string (Bottle pickles others only "
                            "with a secret)")
        unknown = sorted(set(options) - set(COOKIE_OPTIONS))
        if unknown:
            raise TypeError(f"set_cookie() got options Bottle does not know: {unknown}")
        if len(name) + len(value) > 3800:
            raise ValueError("Content does not fit into a cookie.")
        given = {COOKIE_OPTIONS[key]: option for key, option in options.items()}
        if isinstance(given.get("samesite"), str):
            given["samesite"] = given["samesite"].title()
        self._cookies[name] = dump_cookie(name, value, **{"path": None, **given})

    def delete_cookie(self, key: str, **options: Any) -> None:
        self.set_cookie(key, "", **{**options, "max_age": -1, "expires": 0})

    # -- the rest of Bottle's response --------------------------------------------------
    def copy(self) -> HTTPError:
        """Another HTTPError with this one's status, headers and cookies (no body)."""
        other = HTTPError(self._status_line)
        other._headers = {name: list(values) for name, values in self._headers.items()}
        other._cookies = dict(self._cookies)
        return other

    def close(self) -> None:
        if hasattr(self.body, "close"):
            self.body.close()

    # -- what Flask sends -----------------------------------------------------------------
    def _onto_handlers_answer(self, response: Response) -> Response:
        """Bottle gives an error handler's page the error's status, headers and cookies:
        the answer of an @app.errorhandler that took this error, raised, gets them here
        (its status where the handler gave none of its own)."""
        if self.__traceback__ is None or self._answered:  # not raised, or answered so
            return response
        if response.status_code == 200:
            response.status = self._status_line
        for name, values in self._headers.items():
            response.headers.setlist(name, values)
        for cookie in self._cookies.values():
            response.headers.add("Set-Cookie", cookie)
        return response

    def get_response(self, environ=None, scope=None) -> Response:
        """Bottle's status line, headers and cookies, with Werkzeug's error page for the
        body, in the charset the Content-Type names."""
        self._answered = True
        page = self.get_body(environ, scope)
        try:
            data = page.encode(self.charset)
        except (LookupError, UnicodeEncodeError):
            data = page.encode("utf-8")
        response = Response(data, self._status_line)
        response.headers.clear()
        for name, value in self.headerlist:
            response.headers.add(name, value)
        response.headers["Content-Length"] = str(len(data))
        if self._status_code in self.bad_headers:  # a 204 or 304 has no body
            response.set_data(b"")
            response.headers.pop("Content-Length", None)
        return response


@cache
def _for_code(code: int) -> type[HTTPError]:
    """HTTPError as Werkzeug's exception for this code, whose class Flask's error handler
    lookup reads the code from."""
    werkzeug_class = default_exceptions.get(code)
    bases = (HTTPError,) if werkzeug_class is None else (HTTPError, werkzeug_class)
    return type("HTTPError", bases, {"code": code, "__module__": __name__,
                                     "__qualname__": "HTTPError"})


def copy_response(response: Response) -> Response:
    """Bottle's response.copy() for a Werkzeug Response: a Response of the same class with
    its status and headers, cookies among them, and no body (nor Content-Length)."""
    headers = [(name, value) for name, value in response.headers
               if name.lower() != "content-length"]
    return type(response)(status=response.status, headers=headers)
