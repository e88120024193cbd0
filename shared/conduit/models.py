"""Conduit's tables on SQLAlchemy 2.x."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Column,
    ForeignKey,
    Index,
    String,
    Table,
    Text,
    UniqueConstraint,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from ..db import utcnow


class Base(DeclarativeBase):
    pass


follows = Table(
    "follows", Base.metadata,
    Column("follower_id", ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("followed_id", ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
)

favorites = Table(
    "favorites", Base.metadata,
    Column("user_id", ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("article_id", ForeignKey("articles.id", ondelete="CASCADE"), primary_key=True,
           index=True),
)

# Failed logins per key (an account or a client address) in the current window, which
# starts at the key's first failure; shared/conduit/login_limit.py reads and writes it.
login_failures = Table(
    "login_failures", Base.metadata,
    Column("key", String(80), primary_key=True),
    Column("window_start", BigInteger, nullable=False, index=True),  # Unix seconds
    Column("failures", BigInteger, nullable=False),
)


# The one token per user that outlives the password change it made (Django's
# update_session_auth_hash, for tokens): every other token of an older version is refused.
# A table of its own, not a users column, so create_all adds it to an existing database.
kept_tokens = Table(
    "kept_tokens", Base.metadata,
    Column("user_id", ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("token_id", String(64), nullable=False),
)


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(100), index=True)  # exact-match lookups
    email: Mapped[str] = mapped_column(String(254))
    password_hash: Mapped[str] = mapped_column(String(255))
    token_version: Mapped[int] = mapped_column(default=0, server_default="0")
    bio: Mapped[str | None] = mapped_column(Text, default=None)
    image: Mapped[str | None] = mapped_column(String(2048), default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


# Names are compared in lower case (users._taken), so the database holds them unique in
# lower case too: two racing sign-ups as "ann" and "Ann" cannot both commit.
Index("uq_users_username_lower", func.lower(User.username), unique=True)
Index("uq_users_email_lower", func.lower(User.email), unique=True)


class Tag(Base):
    __tablename__ = "tags"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)


class ArticleTag(Base):
    """An article's tag and its place in the tagList, which keeps the order given."""

    __tablename__ = "article_tags"
    __table_args__ = (UniqueConstraint("article_id", "position"),)

    article_id: Mapped[int] = mapped_column(
        ForeignKey("articles.id", ondelete="CASCADE"), primary_key=True)
    tag_id: Mapped[int] = mapped_column(
        ForeignKey("tags.id", ondelete="CASCADE"), primary_key=True, index=True)
    position: Mapped[int]
    tag: Mapped[Tag] = relationship(lazy="joined")


class Article(Base):
    __tablename__ = "articles"

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(255), unique=True)
    title: Mapped[str] = mapped_column(String(255))
    description: Mapped[str] = mapped_column(Text)
    body: Mapped[str] = mapped_column(Text)
    author_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                           index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)

    author: Mapped[User] = relationship()
    article_tags: Mapped[list[ArticleTag]] = relationship(
        order_by=ArticleTag.position, cascade="all, delete-orphan")

    @property
    def tag_list(self) -> list[str]:
        # Sorted, as RealWorld's Postman suite checks (["training", "dragons"] reads back
        # ["dragons", "training"]); `position` still records the order the author gave.
        return sorted(link.tag.name for link in self.article_tags)


class Comment(Base):
    __tablename__ = "comments"

    id: Mapped[int] = mapped_column(primary_key=True)
    body: Mapped[str] = mapped_column(Text)
    article_id: Mapped[int] = mapped_column(ForeignKey("articles.id", ondelete="CASCADE"),
                                            index=True)
    author_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)

    author: Mapped[User] = relationship()
    article: Mapped[Article] = relationship()
