"""Accounts and profiles: register, log in, update, follow."""

from __future__ import annotations

from collections.abc import Mapping

from argon2 import PasswordHasher
from sqlalchemy import delete, exists, func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..http import HTTPError
from . import validate as v
from .login_limit import LoginLimit
from .models import User, follows, kept_tokens
from .security import check_no_password, check_password, hash_password


def not_found(kind: str) -> HTTPError:
    return HTTPError(404, f"This {kind} does not exist.", errors={kind: ["not found"]})


def _taken(db: Session, field: str, value: str, me: User | None = None) -> bool:
    column = getattr(User, field)
    query = select(User.id).where(func.lower(column) == value.lower())
    if me is not None:
        query = query.where(User.id != me.id)
    return db.scalar(query) is not None


def _check_unique(db: Session, changes: Mapping[str, object], me: User | None = None) -> None:
    for field in ("username", "email"):
        value = changes.get(field)
        if isinstance(value, str) and _taken(db, field, value, me):
            raise v.Invalid({field: [v.TAKEN]}, status=409)


def register(db: Session, data: dict, passwords: PasswordHasher | None = None) -> User:
    """Create an account from {username, email, password}."""
    username = v.username(v.text(data, "username", required=True))
    email = v.email(v.text(data, "email", required=True))
    password = v.password(v.text(data, "password", required=True, strip=False))
    _check_unique(db, {"username": username, "email": email})
    user = User(username=username, email=email, password_hash=hash_password(password, passwords))
    db.add(user)
    _commit_unique(db, {"username": username, "email": email})
    return user


def _commit_unique(db: Session, changes: Mapping[str, object], me: User | None = None) -> None:
    """Commit; a name taken by a concurrent request since the check is a 409 too."""
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
        _check_unique(db, changes, me)
        raise


def insert_once(db: Session, statement) -> None:
    """Insert a link row (a follow, a favorite); one a concurrent request wrote is fine."""
    try:
        db.execute(statement)
        db.commit()
    except IntegrityError:
        db.rollback()


def login(db: Session, data: dict, limit: LoginLimit,
          passwords: PasswordHasher | None = None) -> User:
    """Return the user whose email and password match, else a 401; a 429 while the
    account or the client address has too many recent failures."""
    email = v.text(data, "email", required=True)
    password = v.text(data, "password", required=True, strip=False)
    had_failures = limit.refuse_if_over(db, email)
    user = db.scalar(select(User).where(func.lower(User.email) == email.lower()))
    if user is None:
        check_no_password(password, passwords)
    if user is None or not check_password(user.password_hash, password):
        limit.record_failure(db, email)
        raise HTTPError(401, "Wrong email or password.", errors={"credentials": ["invalid"]})
    if had_failures:
        limit.clear_account(db, email)
    return user


def update(db: Session, user: User, data: dict, passwords: PasswordHasher | None = None,
           keep_token: str | None = None) -> User:
    """Change any of username, email, password, bio, image; absent fields stay.

    A new password retires every token issued before it but `keep_token` (the id of the
    token that asked for the change, if one did).
    """
    changes: dict[str, str | int | None] = {}
    for field, rule in (("username", v.username), ("email", v.email)):
        value = v.text(data, field, required=False)
        if value is not v.MISSING:
            changes[field] = rule(value)
    password = v.text(data, "password", required=False, strip=False)
    for field in ("bio", "image"):
        value = v.text(data, field, required=False, nullable=True)
        if value is not v.MISSING:
            changes[field] = v.image(value) if field == "image" else value
    if password is not v.MISSING:
        changes["password_hash"] = hash_password(v.password(password), passwords)
        changes["token_version"] = user.token_version + 1
    _check_unique(db, changes, me=user)
    if "token_version" in changes:  # before the changes, which a flush would send early
        db.execute(delete(kept_tokens).where(kept_tokens.c.user_id == user.id))
        if keep_token is not None:
            db.execute(insert(kept_tokens).values(user_id=user.id, token_id=keep_token))
    for field, value in changes.items():
        setattr(user, field, value)
    _commit_unique(db, changes, me=user)
    return user


def by_id(db: Session, user_id: int | None) -> User | None:
    return db.get(User, user_id) if user_id is not None else None


def is_kept_token(db: Session, user: User, token_id: str) -> bool:
    """Whether this is the token that made the user's last password change."""
    return bool(db.scalar(select(exists().where(
        kept_tokens.c.user_id == user.id, kept_tokens.c.token_id == token_id))))


def profile(db: Session, username: str) -> User:
    user = db.scalar(select(User).where(User.username == username))
    if user is None:
        raise not_found("profile")
    return user


def is_following(db: Session, viewer: User | None, target: User) -> bool:
    if viewer is None:
        return False
    return bool(db.scalar(select(exists().where(
        follows.c.follower_id == viewer.id, follows.c.followed_id == target.id))))


def follow(db: Session, viewer: User, username: str) -> User:
    target = profile(db, username)
    if target.id != viewer.id and not is_following(db, viewer, target):
        insert_once(db, insert(follows).values(follower_id=viewer.id, followed_id=target.id))
    return target


def unfollow(db: Session, viewer: User, username: str) -> User:
    target = profile(db, username)
    db.execute(delete(follows).where(follows.c.follower_id == viewer.id,
                                     follows.c.followed_id == target.id))
    db.commit()
    return target
