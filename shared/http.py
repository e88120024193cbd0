"""What a handler receives (a neutral request) and what it may return or raise."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

T = TypeVar("T")


class cached_property(Generic[T]):  # noqa: N801  named after what it replaces
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


class MultiDict(Protocol):
    """The read side shared by Bottle's FormsDict and Werkzeug's MultiDict."""

    def get(self, key: str, default: Any = None) -> Any: ...
    def getlist(self, key: str) -> list: ...
    def __contains__(self, key: object) -> bool: ...


class SafeHTML(str):
    """HTML the core produced or sanitised itself: the only text templates print raw."""


@dataclass
class Page:
    template: str
    context: dict = field(default_factory=dict)
    status: int = 200
    headers: dict = field(default_factory=dict)


@dataclass
class Json:
    data: Any
    status: int = 200
    headers: dict = field(default_factory=dict)


@dataclass
class Text:
    body: str | bytes
    content_type: str = "text/plain; charset=utf-8"
    status: int = 200
    headers: dict = field(default_factory=dict)


@dataclass
class Redirect:
    """Redirect-after-POST; 303 so every client follows with a GET."""

    location: str
    status: int = 303
    headers: dict = field(default_factory=dict)


Result = Page | Json | Text | Redirect


class HTTPError(Exception):
    """An error the client should see: a status, a message and optional field errors."""

    def __init__(self, status: int, message: str = "", *, errors: dict | None = None,
                 headers: dict | None = None):
        super().__init__(status, message)
        self.status = status
        self.message = message
        self.errors = errors
        self.headers = headers or {}


class Request:
    """The neutral request. Adapters fill in the native accessors, all lazily.

    Everything is a cached property so a handler pays only for what it reads.
    """

    method: str
    path: str
    params: Mapping[str, Any]

    def __init__(self, core, params: Mapping[str, Any]):
        self.core = core
        self.params = params

    # -- native accessors each adapter provides ------------------------------
    query: MultiDict
    form: MultiDict
    files: Mapping[str, Any]
    json: Any
    script_root: str  # the mount prefix (SCRIPT_NAME) without a trailing slash
    cookies: Mapping[str, str]
    headers: Mapping[str, str]
    session: dict

    def url_for(self, name: str, /, **params: Any) -> str:
        raise NotImplementedError

    # -- neutral conveniences ---------------------------------------------------
    @property
    def config(self):
        return self.core.config

    @cached_property
    def db(self):
        """A database session for this request; the adapter closes it at the end."""
        return self.core.db.session()

    @property
    def connection(self):
        """A connection for reads (prepared statements): the session's while it is open,
        so reads see the request's own writes, else one from the pool for the request.

        Half the price of a Session for a request that only reads.
        """
        if "db" in self.__dict__:
            return self.db.connection()
        if "_connection" not in self.__dict__:
            self.__dict__["_connection"] = self.core.db.engine.connect()
        return self.__dict__["_connection"]

    def close(self) -> None:
        if "db" in self.__dict__:
            self.__dict__.pop("db").close()
        if "_connection" in self.__dict__:
            self.__dict__.pop("_connection").close()


__all__ = ["HTTPError", "Json", "Page", "Redirect", "Request", "Result",
           "SafeHTML", "Text", "cached_property"]


def is_json(content_type: str | None) -> bool:
    """The rule Werkzeug uses: application/json or application/*+json."""
    mimetype = (content_type or "").split(";")[0].strip().lower()
    return mimetype == "application/json" or (
        mimetype.startswith("application/") and mimetype.endswith("+json"))


BAD_PATH = "The address is not valid UTF-8."
BAD_FORM = "The form data is not valid UTF-8."
BAD_MULTIPART = "The multipart form data is malformed."


def valid_path(raw: str) -> bool:
    """Whether a WSGI PATH_INFO (bytes spelt as latin-1) is UTF-8."""
    if raw.isascii():
        return True
    try:
        raw.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return False
    return True
