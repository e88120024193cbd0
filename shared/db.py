"""The data layer: one SQLAlchemy engine per application, no framework plugin."""

from __future__ import annotations

import fcntl
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, create_engine, event, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.orm import sessionmaker

# Any fixed number: the PostgreSQL advisory lock every process takes to create the schema.
SCHEMA_LOCK_KEY = 0x6B69745F6462


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
        """Create what is missing, once, however many processes start at the same moment."""
        with self._schema_lock() as connection:
            for metadata in self.metadata:
                metadata.create_all(connection)

    @contextmanager
    def _schema_lock(self) -> Iterator[Connection]:
        # Without a lock, gunicorn's workers all see no tables, all CREATE, and the losers
        # fail to boot, which stops the whole server.
        url = self.engine.url
        if url.get_backend_name() == "postgresql":
            with self.engine.begin() as connection:  # DDL is transactional: lock, create, commit
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                   {"key": SCHEMA_LOCK_KEY})
                yield connection
        elif url.database and url.database != ":memory:":
            with open(f"{url.database}.lock", "a") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                with self.engine.begin() as connection:
                    yield connection
        else:
            with self.engine.begin() as connection:
                yield connection

    def dispose(self) -> None:
        self.engine.dispose()
