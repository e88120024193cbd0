"""Who is asking: a JWT in the Authorization header (API) or the session (pages)."""

from __future__ import annotations

from typing import Literal, overload

from ..http import HTTPError, Request
from . import users
from .models import User
from .security import Claims, make_token, read_token

SESSION_KEY = "user_id"


def _unauthorized(reason: str) -> HTTPError:
    return HTTPError(401, "Log in first.", errors={"token": [reason]},
                     headers={"WWW-Authenticate": "Token"})


def token_for(request: Request, user: User) -> str:
    config = request.config
    return make_token(config.SECRET_KEY, user.id, config.JWT_LIFETIME, user.token_version)


@overload
def api_user(request: Request, *, required: Literal[True]) -> User: ...
@overload
def api_user(request: Request, *, required: bool) -> User | None: ...


def api_user(request: Request, *, required: bool) -> User | None:
    """The user an `Authorization: Token <jwt>` header names.

    No header: None, or 401 "is missing" when required. A bad header is always a 401.
    """
    found = api_token(request, required=required)
    return found[0] if found else None


@overload
def api_token(request: Request, *, required: Literal[True]) -> tuple[User, Claims]: ...
@overload
def api_token(request: Request, *, required: bool) -> tuple[User, Claims] | None: ...


def api_token(request: Request, *, required: bool) -> tuple[User, Claims] | None:
    """The user an `Authorization` header names and the claims of its token (see api_user)."""
    header = request.headers.get("Authorization")
    if not header:
        if required:
            raise _unauthorized("is missing")
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() not in {"token", "bearer"} or not token.strip():
        raise _unauthorized("is invalid")
    claims = read_token(request.config.SECRET_KEY, token.strip())
    if claims is None:
        raise _unauthorized("is invalid")
    user = users.by_id(request.db, claims.user_id)
    if user is None or not _current(request, user, claims):
        raise _unauthorized("is invalid")
    return user, claims


def _current(request: Request, user: User, claims: Claims) -> bool:
    # A password change retires the tokens issued before it but the one that made it.
    if claims.version == user.token_version:
        return True
    return (claims.version < user.token_version and claims.token_id is not None
            and users.is_kept_token(request.db, user, claims.token_id))


def session_user(request: Request) -> User | None:
    """The user logged in to the pages, from the signed session cookie."""
    user_id = request.session.get(SESSION_KEY)
    if not isinstance(user_id, int):
        return None
    return users.by_id(request.db, user_id)


def log_in(request: Request, user: User) -> None:
    # A fresh session on login: nothing from before survives but the flashes.
    flashes = request.session.get("flashes")
    request.session.clear()
    request.session[SESSION_KEY] = user.id
    if flashes:
        request.session["flashes"] = flashes


def log_out(request: Request) -> None:
    request.session.clear()
