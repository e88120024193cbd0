"""Plain data for the API's JSON and the pages' templates (RealWorld's field names)."""

from __future__ import annotations

from datetime import datetime

from .articles import ArticleView
from .models import Comment, User


def iso(moment: datetime) -> str:
    """ISO 8601 in UTC with milliseconds, as RealWorld clients expect."""
    return moment.isoformat(timespec="milliseconds") + "Z"  # naive UTC: no offset printed


def user(u: User, token: str) -> dict:
    return {"email": u.email, "token": token, "username": u.username, "bio": u.bio,
            "image": u.image}


def profile(u: User, following: bool) -> dict:
    return {"username": u.username, "bio": u.bio, "image": u.image, "following": following}


def article(item: ArticleView, with_body: bool = True) -> dict:
    a = item.article
    data = {
        "slug": a.slug, "title": a.title, "description": a.description,
        "tagList": a.tag_list, "createdAt": iso(a.created_at), "updatedAt": iso(a.updated_at),
        "favorited": item.favorited, "favoritesCount": item.favorites_count,
        "author": profile(a.author, item.following),
    }
    if with_body:
        data["body"] = a.body
    return data


def comment(c: Comment, following: bool) -> dict:
    return {"id": c.id, "createdAt": iso(c.created_at), "updatedAt": iso(c.updated_at),
            "body": c.body, "author": profile(c.author, following)}
