"""The data layer: one SQLAlchemy engine per application, no framework plugin."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, create_engine, event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import sessionmaker


def utcnow() -> datetime:
    # Millisecond precision: clients see updatedAt change even within a second.
    now = datetime.now(UTC).replace(tzinfo=None)
    return now.replace(microsecond=now.microsecond // 1000 * 1000)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class Database:
    """An engine and its session factory; the sites' tables are created on start."""

    def __init__(self, url: str, metadata: Iterable[MetaData] = ()):
        self.engine = make_engine(url)
        self.session = sessionmaker(self.engine, expire_on_commit=False)
        self.metadata = list(metadata)

    def create_all(self) -> None:
        for metadata in self.metadata:
            metadata.create_all(self.engine)

    def dispose(self) -> None:
        self.engine.dispose()
