"""Read Bottle's legacy signed cookies (``set_cookie(name, value, secret=...)``) safely.

Bottle signs ``base64(pickle([name, value]))`` with an HMAC and unpickles what it
verifies: whoever holds the secret can forge a cookie that runs code on the server.
Here the HMAC is checked first, and what passes is unpickled by an unpickler that
refuses every global, so it can only build plain data, never an object or a call.

``dumps``/``loads`` are what `bottle2flask port` puts in place of Bottle's signed cookies
(it copies this file into the port as ``bottle_cookies.py``): a cookie of the same name,
signed by itsdangerous (JSON, no pickle); ``loads`` still reads the legacy format, so
whoever was signed in stays signed in across the switch.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import pickle
from typing import TypeAlias

from itsdangerous import BadSignature, URLSafeSerializer

# What a legacy cookie may hold: JSON's data, which Flask's session serializer writes too.
Json: TypeAlias = "None | str | bool | int | float | list[Json] | dict[str, Json]"


class PlainUnpickler(pickle.Unpickler):
    """Builds str, bytes, numbers, bools, None, lists, tuples, dicts and sets; nothing else.

    Those need no global. Every object, function or class (the road to ``os.system``
    through ``__reduce__``) comes through find_class, so refusing it there refuses all.
    """

    def find_class(self, module, name):
        raise pickle.UnpicklingError(f"global {module}.{name} refused")


def plain(value: object) -> Json:
    """The value as JSON data (tuples become lists), or None when it is not plain data."""
    if value is None or isinstance(value, str | bool | int | float):
        return value
    if isinstance(value, list | tuple):
        items = [plain(item) for item in value]
        return None if any(item is None and raw is not None
                           for item, raw in zip(items, value, strict=True)) else items
    if isinstance(value, dict) and all(isinstance(key, str) for key in value):
        fields = {key: plain(item) for key, item in value.items()}
        return None if any(fields[k] is None and value[k] is not None for k in value) \
            else fields
    return None


def encode(name: str, value, secret: str, digestmod=hashlib.sha256) -> str:
    """A cookie value as Bottle writes it (for tests and fixtures; never for new code)."""
    message = base64.b64encode(pickle.dumps([name, value], -1))
    signature = base64.b64encode(hmac.new(secret.encode(), message, digestmod).digest())
    return f"!{signature.decode()}?{message.decode()}"


def read(cookie: str | None, name: str, secret: str, digestmod=hashlib.sha256) -> Json:
    """The value of legacy cookie ``name``, or None if missing, forged, tampered or not
    plain data."""
    if not cookie or not cookie.startswith("!") or "?" not in cookie:
        return None
    signature, message = (part.encode("latin-1", "replace")
                          for part in cookie[1:].split("?", 1))
    expected = base64.b64encode(hmac.new(secret.encode(), message, digestmod).digest())
    if not hmac.compare_digest(signature, expected):
        return None  # nothing unsigned is ever unpickled
    try:
        data = PlainUnpickler(io.BytesIO(base64.b64decode(message, validate=True))).load()
    except Exception:  # noqa: BLE001  any malformed pickle is just a cookie we ignore
        return None
    if not isinstance(data, list | tuple) or len(data) != 2 or data[0] != name:
        return None  # signed for another cookie name: Bottle refuses it too
    return plain(data[1])


def _serializer(name: str, secret: str) -> URLSafeSerializer:
    return URLSafeSerializer(secret, salt=f"bottle-cookie.{name}")  # signed for this name


def dumps(name: str, value, secret: str) -> str:
    """The value of cookie ``name``, signed: JSON data (a tuple comes back as a list)."""
    return _serializer(name, secret).dumps(value)


# The HMACs Bottle signed its cookies with, by default: SHA-256 from 0.13, MD5 in 0.12
# (which took no digestmod).
BOTTLE_DIGESTS = (hashlib.sha256, hashlib.md5)


def loads(cookie: str | None, name: str, secret: str, default=None, digestmod=None):
    """What ``dumps`` signed, or a legacy Bottle cookie's plain value; else default. A
    legacy cookie is checked with ``digestmod`` if given, else with each HMAC Bottle
    signed with by default (a 0.12 app's users stay signed in too)."""
    if not cookie:
        return default
    if cookie.startswith("!"):
        for digest in (digestmod,) if digestmod else BOTTLE_DIGESTS:
            value = read(cookie, name, secret, digest)
            if value is not None:
                return value
        return default
    try:
        return _serializer(name, secret).loads(cookie)
    except BadSignature:
        return default
