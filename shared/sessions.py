"""Flask's signed session cookie format, readable and writable without Flask.

Same salt, key derivation, digest and JSON layout as flask.sessions, so a cookie
minted by either build is accepted by the other. Values must be plain JSON.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from itsdangerous import BadSignature, URLSafeTimedSerializer


class _CompactJSON:
    """The layout Flask writes for plain JSON values: compact, sorted, ASCII."""

    @staticmethod
    def dumps(value) -> str:
        return json.dumps(value, separators=(",", ":"), sort_keys=True)

    @staticmethod
    def loads(text):
        return json.loads(text)


@lru_cache(maxsize=8)  # one per secret: built once, not per cookie
def serializer(secret_key: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(
        secret_key,
        salt="cookie-session",
        serializer=_CompactJSON,
        signer_kwargs={"key_derivation": "hmac", "digest_method": hashlib.sha1},
    )


def load(secret_key: str, cookie: str | None, max_age: int) -> dict:
    """Decode a session cookie; a missing, tampered or expired one is an empty session."""
    if not cookie:
        return {}
    try:
        data = serializer(secret_key).loads(cookie, max_age=max_age)
    except (BadSignature, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def dump(secret_key: str, data: dict) -> str:
    return serializer(secret_key).dumps(data)


class TrackedSession(dict):
    """A dict that remembers whether it was read or changed, as Flask's session does."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.modified = False

    def _changed(method):  # noqa: N805  a decorator used only in this class body
        def wrapper(self, *args, **kwargs):
            self.modified = True
            return method(self, *args, **kwargs)

        wrapper.__name__ = method.__name__
        return wrapper

    __setitem__ = _changed(dict.__setitem__)
    __delitem__ = _changed(dict.__delitem__)
    clear = _changed(dict.clear)
    pop = _changed(dict.pop)
    popitem = _changed(dict.popitem)
    setdefault = _changed(dict.setdefault)
    update = _changed(dict.update)
    del _changed
