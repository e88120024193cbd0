"""Plain data for the API's JSON and the pages' templates (RealWorld's field names)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from .models import User
from .reads import ArticleView


class Person(Protocol):
    """What a profile shows: an ORM User or a read path's Author row."""

    @property
    def username(self) -> str: ...
    @property
    def bio(self) -> str | None: ...
    @property
    def image(self) -> str | None: ...


class Remark(Protocol):
    """What a comment shows: an ORM Comment or a read path's CommentRow."""

    @property
    def id(self) -> int: ...
    @property
    def body(self) -> str: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def updated_at(self) -> datetime: ...
    @property
    def author(self) -> Person: ...


def iso(moment: datetime) -> str:
    """ISO 8601 in UTC with milliseconds, as RealWorld clients expect."""
    return moment.isoformat(timespec="milliseconds") + "Z"  # naive UTC: no offset printed


def user(u: User, token: str) -> dict:
    return {"email": u.email, "token": token, "username": u.username, "bio": u.bio,
            "image": u.image}


def profile(u: Person, following: bool) -> dict:
    return {"username": u.username, "bio": u.bio, "image": u.image, "following": following}


def article(item: ArticleView, with_body: bool = True) -> dict:
    author = item.author
    # iso() and profile() written out: a list presents up to a hundred of these.
    data = {
        "slug": item.slug, "title": item.title, "description": item.description,
        "tagList": item.tag_list,
        "createdAt": item.created_at.isoformat(timespec="milliseconds") + "Z",
        "updatedAt": item.updated_at.isoformat(timespec="milliseconds") + "Z",
        "favorited": item.favorited, "favoritesCount": item.favorites_count,
        "author": {"username": author.username, "bio": author.bio, "image": author.image,
                   "following": item.following},
    }
    if with_body:
        data["body"] = item.body
    return data


def comment(c: Remark, following: bool) -> dict:
    return {"id": c.id, "createdAt": iso(c.created_at), "updatedAt": iso(c.updated_at),
            "body": c.body, "author": profile(c.author, following)}
