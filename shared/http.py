"""What a handler receives (a neutral request) and what it may return or raise."""

from __future__ import annotations

import shutil
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field
from functools import lru_cache
from os import PathLike
from typing import IO, TYPE_CHECKING, Any, Generic, Protocol, TypeVar, overload

if TYPE_CHECKING:
    from functools import cached_property

    from sqlalchemy import Connection
    from sqlalchemy.orm import Session

    from .config import Config
    from .core import Core

V = TypeVar("V")
T = TypeVar("T")


class _cached_property(Generic[T]):  # noqa: N801  named after what it replaces
    """functools.cached_property without its lock (Python 3.11 takes an RLock on every
    first read; 3.12 dropped it). A request belongs to one thread, so none is needed,
    and a plaintext request reads five of these."""

    def __init__(self, func: Any):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


if not TYPE_CHECKING:  # mypy reads functools' signature; the run uses the lock-free one
    cached_property = _cached_property


class Lookup(Protocol[V]):
    """Read by key: headers, cookies."""

    @overload
    def get(self, key: str, /) -> V | None: ...
    @overload
    def get(self, key: str, default: V, /) -> V: ...
    @overload
    def get(self, key: str, default: T, /) -> V | T: ...
    def __contains__(self, key: str, /) -> bool: ...


class MultiDict(Lookup[V], Protocol[V]):
    """The read side shared by Bottle's FormsDict and Werkzeug's MultiDict."""

    def getlist(self, key: str, /) -> list[V]: ...


@dataclass(frozen=True, slots=True)
class Upload:
    """A file sent in a multipart form, the same object in both builds (PORTING 9).

    `filename` is what the client sent, directories and all: sanitise it before
    using it in a path.
    """

    name: str  # the form field
    filename: str
    content_type: str  # as sent; "" when the part had none
    stream: IO[bytes]

    def read(self, size: int = -1) -> bytes:
        return self.stream.read(size)

    def save(self, path: str | PathLike[str], *, overwrite: bool = False) -> None:
        """Write the file to `path`; an existing file is an error unless `overwrite`."""
        with open(path, "wb" if overwrite else "xb") as out:
            shutil.copyfileobj(self.stream, out)


class SafeHTML(str):
    """HTML the core produced or sanitised itself: the only text templates print raw."""


@dataclass
class Page:
    template: str
    context: dict[str, Any] = field(default_factory=dict)
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Json:
    """Data sent as compact JSON, its keys in the order the handler wrote them (Conduit
    writes them sorted, Flask's default layout); both builds send the same bytes."""

    data: Any
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Text:
    body: str | bytes
    content_type: str = "text/plain; charset=utf-8"
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Redirect:
    """Redirect-after-POST; 303 so every client follows with a GET."""

    location: str
    status: int = 303
    headers: dict[str, str] = field(default_factory=dict)


Result = Page | Json | Text | Redirect


class HTTPError(Exception):
    """An error the client should see: a status, a message and optional field errors."""

    def __init__(self, status: int, message: str = "", *,
                 errors: dict[str, list[str]] | None = None,
                 headers: dict[str, str] | None = None):
        super().__init__(status, message)
        self.status = status
        self.message = message
        self.errors = errors
        self.headers = headers or {}


class Request(Protocol):
    """The neutral request: everything a handler may read.

    Each adapter's request satisfies it by subclassing BaseRequest and reading the
    native request lazily, so a handler pays only for what it reads.
    """

    core: Core
    params: Mapping[str, Any]  # the route's converted path values
    headers: Lookup[str]
    @property
    def method(self) -> str: ...
    @property
    def path(self) -> str: ...
    @property
    def query(self) -> MultiDict[str]: ...
    @property
    def form(self) -> MultiDict[str]: ...
    @property
    def files(self) -> MultiDict[Upload]: ...
    @property
    def json(self) -> Any: ...  # None unless the body is JSON
    @property
    def script_root(self) -> str: ...  # the mount prefix (SCRIPT_NAME), no trailing slash
    @property
    def remote_addr(self) -> str: ...  # the client's address (REMOTE_ADDR), "" if unknown
    @property
    def cookies(self) -> Lookup[str]: ...
    @property
    def session(self) -> MutableMapping[str, Any]: ...
    @property
    def config(self) -> Config: ...
    @property
    def db(self) -> Session: ...
    @property
    def connection(self) -> Connection: ...  # for reads: the session's, else the pool's
    @property
    def memo(self) -> dict[str, Any]: ...  # per-request values helpers compute once
    def url_for(self, name: str, /, **params: Any) -> str: ...
    def close(self) -> None: ...


class WSGIHeaders:
    """A request's headers read from its WSGI environ by one dict lookup, values as the
    server gave them (PEP 3333 latin-1 text), as Werkzeug reads them in both builds
    (PORTING 35). The frameworks' own header objects build more per request and raise and
    catch a KeyError for each header a request lacks: the kit asks for absent ones (a
    token, a cookie, an Origin) on most requests."""

    __slots__ = ("environ",)

    def __init__(self, environ: Mapping[str, Any]):
        self.environ = environ

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and environ_key(key) in self.environ

    def get(self, key: str, default: Any = None) -> Any:
        return self.environ.get(environ_key(key), default) if isinstance(key, str) else default


@lru_cache(maxsize=256)  # names come from code (Origin, Authorization...), not clients
def environ_key(name: str) -> str:
    """Where WSGI keeps a header: HTTP_X_NAME, but CONTENT_TYPE and CONTENT_LENGTH."""
    key = name.upper().replace("-", "_")
    return key if key in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{key}"


class BaseRequest(Request):
    """What both adapters' requests share; each adds the native accessors."""

    headers: WSGIHeaders  # read on every response (the sites' cache rules, CORS)

    def __init__(self, core: Core, params: Mapping[str, Any], environ: Mapping[str, Any]):
        self.core = core
        self.params = params
        self.headers = WSGIHeaders(environ)

    @property
    def config(self) -> Config:
        return self.core.config

    @cached_property
    def db(self) -> Session:
        """A database session for this request; the adapter closes it at the end."""
        return self.core.db.session()

    @property
    def connection(self) -> Connection:
        """A connection for reads (prepared statements): the session's while it is open,
        so reads see the request's own writes, else the thread's reader (Database.reader),
        released when the request closes.

        Half the price of a Session for a request that only reads.
        """
        if "db" in self.__dict__:
            return self.db.connection()
        if "_connection" not in self.__dict__:
            self.__dict__["_connection"] = self.core.db.reader()
        return self.__dict__["_connection"]

    @cached_property
    def memo(self) -> dict[str, Any]:
        return {}

    def close(self) -> None:
        if "db" in self.__dict__:
            self.__dict__.pop("db").close()
        if "_connection" in self.__dict__:
            self.core.db.release(self.__dict__.pop("_connection"))


__all__ = ["BaseRequest", "HTTPError", "Json", "Lookup", "MultiDict", "Page", "Redirect",
           "Request", "Result", "SafeHTML", "Text", "Upload", "WSGIHeaders",
           "cached_property"]


def is_json(content_type: str | None) -> bool:
    """The rule Werkzeug uses: application/json or application/*+json."""
    mimetype = (content_type or "").split(";")[0].strip().lower()
    return mimetype == "application/json" or (
        mimetype.startswith("application/") and mimetype.endswith("+json"))


BAD_PATH = "The address is not valid UTF-8."
BAD_FORM = "The form data is not valid UTF-8."
BAD_MULTIPART = "The multipart form data is malformed."
BAD_BODY = "The request body is malformed or incomplete."
BAD_HOST = "The Host header is not a valid host name."
BAD_LENGTH = "The Content-Length header is not a number of bytes."
MAX_LENGTH_DIGITS = len(str(2**63 - 1))  # the most any server or client can mean


def valid_content_length(value: str | None) -> bool:
    """Whether a WSGI CONTENT_LENGTH is absent, empty or 1*DIGIT (RFC 9110 8.6), at
    most 2**63 - 1: no sign, space, hex or non-ASCII digit that int() would take."""
    if not value:
        return True
    return (value.isascii() and value.isdigit() and len(value) <= MAX_LENGTH_DIGITS
            and int(value) < 2**63)


def valid_path(raw: str) -> bool:
    """Whether a WSGI PATH_INFO (bytes spelt as latin-1) is UTF-8."""
    if raw.isascii():
        return True
    try:
        raw.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return False
    return True
