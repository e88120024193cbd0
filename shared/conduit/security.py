"""Passwords (argon2) and API tokens (JWT, HS256 with the app secret)."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any, NamedTuple

import jwt
from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError

# argon2-cffi's own default; tests set PASSWORD_HASH_PROFILE = "CHEAPEST" (same code path).
DEFAULT_PROFILE = "RFC_9106_LOW_MEMORY"


@cache
def hasher(profile: str = DEFAULT_PROFILE) -> PasswordHasher:
    """The hasher for one of argon2's named cost profiles (argon2.profiles)."""
    parameters = getattr(profiles, profile, None)
    if parameters is None:
        raise ValueError(f"PASSWORD_HASH_PROFILE {profile!r} is not one of argon2.profiles")
    return PasswordHasher.from_parameters(parameters)


def hasher_for(config: Any) -> PasswordHasher:
    return hasher(config.PASSWORD_HASH_PROFILE)


def hash_password(password: str, passwords: PasswordHasher | None = None) -> str:
    return (passwords or hasher()).hash(password)


def check_no_password(password: str, passwords: PasswordHasher | None = None) -> None:
    """Spend a real check's time on a login for an unknown email, so timing tells nothing."""
    check_password(_dummy_hash(passwords or hasher()), password)


@cache
def _dummy_hash(hasher: PasswordHasher) -> str:
    return hasher.hash("not anyone's password")


def check_password(password_hash: str, password: str) -> bool:
    # The hash carries its own cost parameters: any hasher verifies it.
    try:
        return hasher().verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


class Claims(NamedTuple):
    user_id: int
    version: int
    token_id: str | None  # None in a token made before tokens had an id


def make_token(secret: str, user_id: int, lifetime: int, version: int = 0) -> str:
    now = datetime.now(UTC)
    # "ver" is the user's token version: a password change bumps it, retiring old tokens.
    # "jti" tells two tokens of one version apart, so one of them can be kept.
    claims = {"sub": str(user_id), "ver": version, "jti": secrets.token_urlsafe(16),
              "iat": now, "exp": now + timedelta(seconds=lifetime)}
    return jwt.encode(claims, secret, algorithm="HS256")


def read_token(secret: str, token: str) -> Claims | None:
    """Return the claims of a valid, unexpired token, else None."""
    try:
        claims = jwt.decode(token, secret, algorithms=["HS256"], options={"require": ["exp"]})
        version = claims.get("ver", 0)
        token_id = claims.get("jti")
        if not isinstance(version, int) or not isinstance(token_id, str | None):
            return None
        return Claims(int(claims["sub"]), version, token_id)
    except (jwt.InvalidTokenError, KeyError, ValueError, TypeError):
        return None
