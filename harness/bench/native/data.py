"""The database code a user of either framework would write: plain SQLAlchemy.

It maps the same `world` and `fortune` tables the builds use (filled by
`make seed-tfb`), with the same SQLite settings, so only the web layer differs.
"""

from __future__ import annotations

import os
import random

from sqlalchemy import Integer, String, create_engine, event, select, update
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

WORLD_ROWS = 10_000
EXTRA_FORTUNE = "Additional fortune added at request time."


class Base(DeclarativeBase):
    pass


class World(Base):
    __tablename__ = "world"

    id: Mapped[int] = mapped_column(primary_key=True)
    random_number: Mapped[int] = mapped_column("randomNumber", Integer)


class Fortune(Base):
    __tablename__ = "fortune"

    id: Mapped[int] = mapped_column(primary_key=True)
    message: Mapped[str] = mapped_column(String(2048))


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def session_factory(url: str | None = None) -> sessionmaker:
    url = url or os.environ["DATABASE_URL"]
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    return sessionmaker(engine, expire_on_commit=False)


def query_count(raw: str | None) -> int:
    try:
        count = int(raw or 1)
    except ValueError:
        return 1
    return min(max(count, 1), 500)


def random_id() -> int:
    return random.randint(1, WORLD_ROWS)


def world(session, world_id: int) -> dict | None:
    row = session.execute(
        select(World.id, World.random_number).where(World.id == world_id)).first()
    return row and {"id": row.id, "randomNumber": row.random_number}


def save_numbers(session, rows: list[dict]) -> None:
    for row in rows:
        row["randomNumber"] = random.randint(1, WORLD_ROWS)
    session.execute(update(World), [
        {"id": row["id"], "random_number": row["randomNumber"]}
        for row in sorted(rows, key=lambda r: r["id"])])
    session.commit()


def fortunes(session) -> list[tuple[int, str]]:
    rows = [(row.id, row.message) for row in session.execute(
        select(Fortune.id, Fortune.message))]
    rows.append((0, EXTRA_FORTUNE))
    rows.sort(key=lambda row: row[1])
    return rows
