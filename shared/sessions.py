"""Flask's signed session cookie format, readable and writable without Flask.

Same salt, key derivation, digest and JSON layout as flask.sessions, so a cookie
minted by either build is accepted by the other. Values must be plain JSON.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

from itsdangerous import BadSignature, URLSafeTimedSerializer

T = TypeVar("T")


class _CompactJSON:
    """The layout Flask writes for plain JSON values: compact, sorted, ASCII."""

    @staticmethod
    def dumps(value: Any) -> str:
        return json.dumps(value, separators=(",", ":"), sort_keys=True)

    @staticmethod
    def loads(text: str | bytes) -> Any:
        return json.loads(text)


@lru_cache(maxsize=8)  # one per secret: built once, not per cookie
def serializer(secret_key: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(
        secret_key,
        salt="cookie-session",
        serializer=_CompactJSON,
        signer_kwargs={"key_derivation": "hmac", "digest_method": hashlib.sha1},
    )


def load(secret_key: str, cookie: str | None, max_age: int) -> dict[str, Any]:
    """Decode a session cookie; a missing, tampered or expired one is an empty session."""
    if not cookie:
        return {}
    try:
        data = serializer(secret_key).loads(cookie, max_age=max_age)
    except (BadSignature, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def dump(secret_key: str, data: dict[str, Any]) -> str:
    return serializer(secret_key).dumps(data)


def _changed(method: Callable[..., T]) -> Callable[..., T]:
    def wrapper(self: TrackedSession, *args: Any, **kwargs: Any) -> T:
        self.modified = True
        return method(self, *args, **kwargs)

    wrapper.__name__ = method.__name__
    return wrapper


class TrackedSession(dict[str, Any]):
    """A dict that remembers whether it was changed, as Flask's session does."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.modified = False

    # Every dict method that writes, wrapped; reads stay dict's own, at C speed.
    __setitem__ = _changed(dict.__setitem__)
    __delitem__ = _changed(dict.__delitem__)
    clear = _changed(dict.clear)
    pop = _changed(dict.pop)
    popitem = _changed(dict.popitem)
    setdefault = _changed(dict.setdefault)
    update = _changed(dict.update)
