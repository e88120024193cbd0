"""What a handler receives (a neutral request) and what it may return or raise."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol


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

    def close(self) -> None:
        if "db" in self.__dict__:
            self.__dict__.pop("db").close()


__all__ = ["HTTPError", "Json", "Page", "Redirect", "Request", "Result",
           "SafeHTML", "Text"]


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


def valid_path(raw: str) -> bool:
    """Whether a WSGI PATH_INFO (bytes spelt as latin-1) is UTF-8."""
    if raw.isascii():
        return True
    try:
        raw.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return False
    return True
