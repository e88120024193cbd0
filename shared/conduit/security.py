"""Passwords (argon2) and API tokens (JWT, HS256 with the app secret)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import jwt
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def check_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def make_token(secret: str, user_id: int, lifetime: int) -> str:
    now = datetime.now(UTC)
    claims = {"sub": str(user_id), "iat": now, "exp": now + timedelta(seconds=lifetime)}
    return jwt.encode(claims, secret, algorithm="HS256")


def read_token(secret: str, token: str) -> int | None:
    """Return the user id a valid, unexpired token names, else None."""
    try:
        claims = jwt.decode(token, secret, algorithms=["HS256"], options={"require": ["exp"]})
        return int(claims["sub"])
    except (jwt.InvalidTokenError, KeyError, ValueError):
        return None
