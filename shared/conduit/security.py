"""Passwords (argon2) and API tokens (JWT, HS256 with the app secret)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache

import jwt
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def check_no_password(password: str) -> None:
    """Spend a real check's time on a login for an unknown email, so timing tells nothing."""
    check_password(_dummy_hash(_hasher), password)


@cache
def _dummy_hash(hasher: PasswordHasher) -> str:
    return hasher.hash("not anyone's password")


def check_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def make_token(secret: str, user_id: int, lifetime: int, version: int = 0) -> str:
    now = datetime.now(UTC)
    # "ver" is the user's token version: a password change bumps it, retiring old tokens.
    claims = {"sub": str(user_id), "ver": version, "iat": now,
              "exp": now + timedelta(seconds=lifetime)}
    return jwt.encode(claims, secret, algorithm="HS256")


def read_token(secret: str, token: str) -> tuple[int, int] | None:
    """Return (user id, token version) of a valid, unexpired token, else None."""
    try:
        claims = jwt.decode(token, secret, algorithms=["HS256"], options={"require": ["exp"]})
        version = claims.get("ver", 0)
        if not isinstance(version, int):
            return None
        return int(claims["sub"]), version
    except (jwt.InvalidTokenError, KeyError, ValueError, TypeError):
        return None
