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


# Every dict below writes its keys in sorted order: the adapters send JSON as written,
# which is Flask's sorted layout without a sort of each dict (8 us on a list of twelve
# articles). The suite checks the order of every JSON response (tests/conftest.py).


def iso(moment: datetime) -> str:
    """ISO 8601 in UTC with milliseconds, as RealWorld clients expect."""
    # Positional: parsing the timespec keyword costs more than the formatting.
    return moment.isoformat("T", "milliseconds") + "Z"  # naive UTC: no offset printed


def user(u: User, token: str) -> dict:
    return {"bio": u.bio, "email": u.email, "image": u.image, "token": token,
            "username": u.username}


def profile(u: Person, following: bool) -> dict:
    return {"bio": u.bio, "following": following, "image": u.image, "username": u.username}


def article(item: ArticleView, with_body: bool = True) -> dict:
    author = item.author
    # iso() and profile() written out: a list presents up to a hundred of these.
    data = {
        "author": {"bio": author.bio, "following": item.following, "image": author.image,
                   "username": author.username},
        "body": item.body,
        "createdAt": item.created_at.isoformat("T", "milliseconds") + "Z",
        "description": item.description, "favorited": item.favorited,
        "favoritesCount": item.favorites_count, "slug": item.slug, "tagList": item.tag_list,
        "title": item.title,
        "updatedAt": item.updated_at.isoformat("T", "milliseconds") + "Z",
    }
    if not with_body:
        del data["body"]  # the others keep their order
    return data


def comment(c: Remark, following: bool) -> dict:
    return {"author": profile(c.author, following), "body": c.body,
            "createdAt": iso(c.created_at), "id": c.id, "updatedAt": iso(c.updated_at)}
