"""Flask's signed session cookie, read and written outside a request.

The serializer is Flask's own (itsdangerous, salt ``cookie-session``), built for a
stand-in app holding the secret, so the tools read and mint exactly the cookies a
Flask app with that secret does.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import Flask
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature, URLSafeTimedSerializer

# A dict that records whether it was changed (``modified``), as a view's session does.
Session = SecureCookieSession


@lru_cache(maxsize=8)  # one per secret: built once, not per cookie
def _app(secret_key: str) -> Flask:
    app = Flask(__name__)
    app.secret_key = secret_key
    return app


def serializer(secret_key: str) -> URLSafeTimedSerializer:
    found = SecureCookieSessionInterface().get_signing_serializer(_app(secret_key))
    if found is None:  # Flask signs no session without a secret key
        raise ValueError("a session cookie needs a secret key to sign it")
    return found


def load(secret_key: str, cookie: str | None, max_age: int) -> dict[str, Any]:
    """A cookie's session; a missing, tampered or expired one is an empty session."""
    if not cookie:
        return {}
    try:
        data = serializer(secret_key).loads(cookie, max_age=max_age)
    except (BadSignature, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def dump(secret_key: str, data: dict[str, Any]) -> str:
    # In the app's context, as in a view: Flask's JSON then sorts the keys.
    with _app(secret_key).app_context():
        return serializer(secret_key).dumps(data)
