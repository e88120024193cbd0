"""Articles, tags, favorites and comments."""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy import delete, exists, insert, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..db import utcnow
from ..http import HTTPError
from . import reads
from . import validate as v
from .models import Article, ArticleTag, Comment, Tag, User, favorites
from .reads import ArticleView
from .users import insert_once, not_found

SLUG_ATTEMPTS = 8
# INSERT ... ON CONFLICT DO NOTHING, spelled by each database we run on.
DIALECT_INSERT: dict[str, Callable[[type[Tag]], sqlite.Insert | postgresql.Insert]] = {
    "sqlite": sqlite.insert, "postgresql": postgresql.insert}


def forbidden(kind: str) -> HTTPError:
    return HTTPError(403, f"Only its author may change this {kind}.",
                     errors={kind: ["forbidden"]})


def slugify(title: str) -> str:
    # Accents go (Göttingen -> gottingen); other scripts stay as words.
    decomposed = unicodedata.normalize("NFKD", title)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "-".join(re.findall(r"\w+", plain.lower()))[:200].strip("-_") or "article"


def _unique_slug(db: Session, title: str) -> str:
    base = slugify(title)
    taken = set(db.scalars(select(Article.slug).where(
        or_(Article.slug == base, Article.slug.like(f"{base}-%")))))
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def _set_tags(db: Session, article: Article, names: list[str]) -> None:
    if names:  # upserted: a tag another request creates at the same moment is no error
        upsert = DIALECT_INSERT[db.get_bind().dialect.name](Tag)
        db.execute(upsert.values([{"name": n} for n in names]).on_conflict_do_nothing())
    existing = {t.name: t for t in db.scalars(select(Tag).where(Tag.name.in_(names)))}
    article.article_tags.clear()
    db.flush()
    for position, name in enumerate(names):
        article.article_tags.append(ArticleTag(tag=existing[name], position=position))


def listing(connection: Connection, viewer: User | None, *, tag: str | None = None,
            author: str | None = None, favorited: str | None = None, feed: bool = False,
            limit: int = 20, offset: int = 0) -> tuple[list[ArticleView], int]:
    """A page of articles, newest first, and the total before paging.

    Three statements whatever the page size: the count, the page, its tags.
    """
    filters = {"tag": tag, "author": author, "favorited": favorited, "feed": feed}
    return reads.listing(connection, viewer.id if viewer else None, filters, limit, offset)


def get(db: Session, slug: str) -> Article:
    article = db.scalar(select(Article).where(Article.slug == slug))
    if article is None:
        raise not_found("article")
    return article


def view(connection: Connection, viewer: User | None, slug: str) -> ArticleView:
    found = reads.article(connection, viewer.id if viewer else None, slug)
    if found is None:
        raise not_found("article")
    return found


def create(db: Session, author: User, data: dict) -> Article:
    """Publish {title, description, body, tagList?}."""
    title = v.text(data, "title", required=True)
    description = v.text(data, "description", required=True)
    body = v.text(data, "body", required=True, strip=False)
    tags = v.tag_list(data, required=True)
    article = Article(title=title, description=description, body=body, author=author)
    _insert_with_unique_slug(db, article)
    _set_tags(db, article, tags)
    db.commit()
    return article


def _insert_with_unique_slug(db: Session, article: Article) -> None:
    """Insert the article under a free slug; one a rival took a moment ago moves it on."""
    for attempt in range(SLUG_ATTEMPTS):
        article.slug = _unique_slug(db, article.title)
        if attempt >= SLUG_ATTEMPTS // 2:  # a crowd on one title: stop counting, pick one
            article.slug += f"-{secrets.token_hex(3)}"
        try:
            with db.begin_nested():
                db.add(article)
            return
        except IntegrityError:
            continue
    raise HTTPError(503, "Too many articles with this title at once; try again.")


def owned(db: Session, user: User, slug: str) -> Article:
    article = get(db, slug)
    if article.author_id != user.id:
        raise forbidden("article")
    return article


def update(db: Session, user: User, slug: str, data: dict) -> Article:
    """Change any of title, description, body, tagList ([] clears, absent keeps).

    The slug stays as it was, so links to the article keep working.
    """
    article = owned(db, user, slug)
    if "tagList" in data and data["tagList"] is None:
        raise v.Invalid({"tagList": ["must be a list of strings"]})
    for field in ("title", "description", "body"):
        value = v.text(data, field, required=False, strip=field != "body")
        if value is not v.MISSING:
            setattr(article, field, value)
    tags = v.tag_list(data)
    if tags is not v.MISSING:
        _set_tags(db, article, tags)
    article.updated_at = _later(article.updated_at)
    db.commit()
    return article


def _later(previous: datetime) -> datetime:
    # Clients compare updatedAt strings: an edit must move it, even within a millisecond.
    return max(utcnow(), previous + timedelta(milliseconds=1))


def remove(db: Session, user: User, slug: str) -> None:
    db.delete(owned(db, user, slug))
    db.commit()


def favorite(db: Session, user: User, slug: str) -> None:
    article = get(db, slug)
    if not db.scalar(select(exists().where(favorites.c.article_id == article.id,
                                           favorites.c.user_id == user.id))):
        insert_once(db, insert(favorites).values(user_id=user.id, article_id=article.id))


def unfavorite(db: Session, user: User, slug: str) -> None:
    article = get(db, slug)
    db.execute(delete(favorites).where(favorites.c.article_id == article.id,
                                       favorites.c.user_id == user.id))
    db.commit()


def tags(connection: Connection, limit: int | None = None) -> list[str]:
    """Every tag in use, most used first (ties by name); the first `limit` if given."""
    return reads.tag_cloud(connection, limit)


def comments(connection: Connection, viewer: User | None, slug: str,
             article_id: int | None = None) -> list[tuple[reads.CommentRow, bool]]:
    """An article's comments, newest first, each with whether the viewer follows its author."""
    if article_id is None:
        article_id = reads.article_id(connection, slug)
        if article_id is None:
            raise not_found("article")
    return reads.comments(connection, viewer.id if viewer else None, article_id)


def add_comment(db: Session, user: User, slug: str, data: dict) -> Comment:
    article = get(db, slug)
    comment = Comment(body=v.text(data, "body", required=True), article_id=article.id,
                      author=user)
    db.add(comment)
    db.commit()
    return comment


def remove_comment(db: Session, user: User, slug: str, comment_id: int) -> None:
    article = get(db, slug)
    comment = db.scalar(select(Comment).where(Comment.id == comment_id,
                                              Comment.article_id == article.id))
    if comment is None:
        raise not_found("comment")
    if comment.author_id != user.id:
        raise forbidden("comment")
    db.delete(comment)
    db.commit()
