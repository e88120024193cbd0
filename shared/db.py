"""The data layer: one SQLAlchemy engine per application, no framework plugin."""

from __future__ import annotations

import fcntl
import operator
import os
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, create_engine, event, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.orm import sessionmaker

# Seconds a kept read connection may sit unused before it is pinged (Database.reader).
PING_AFTER = 5.0
# Any fixed number: the PostgreSQL advisory lock every process takes to create the schema.
SCHEMA_LOCK_KEY = 0x6B69745F6462


def storable(value: str) -> bool:
    """Whether every database can store the text, and so whether any stored text can
    equal it: PostgreSQL refuses a NUL in text, and a lone surrogate (JSON's "\\ud800")
    encodes in no database, hasher or page."""
    if "\x00" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


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
        self._reader = threading.local()
        self._readers: weakref.WeakSet[Connection] = weakref.WeakSet()  # every thread's
        self._keeping = threading.Lock()
        size = getattr(self.engine.pool, "size", None)
        self._keep = max(1, size() - 1) if callable(size) else 4

    def reader(self) -> Connection:
        """This thread's connection for reads, kept from one request to the next.

        A pool checkout and return cost 15-25 us a request, as much as a page's SQL on
        SQLite; Django keeps its connections per thread the same way (CONN_MAX_AGE).
        release() ends what each request read, so none holds a transaction (or, on
        PostgreSQL, a snapshot) between requests; one the database dropped is replaced.
        """
        local = self._reader
        connection = getattr(local, "connection", None)
        if getattr(local, "pid", None) != os.getpid():
            if connection is not None:  # made before a fork: the parent's socket, never
                self._readers.discard(connection)  # shared, nor counted here
            connection = None
        elif connection is not None and (connection.closed or connection.invalidated
                                         or not self._answers(connection)):
            connection.close()  # its pool record goes back, to connect afresh
            self._readers.discard(connection)  # and its place is free for the new one
            connection = local.connection = None
        if connection is None:
            connection = self._keep_one()
            if connection is None:
                return self.engine.connect()  # borrowed for this request
            local.connection = connection
            local.pid, local.used = os.getpid(), time.monotonic()
        return connection

    def _keep_one(self) -> Connection | None:
        """A connection for this thread to keep, or None when enough are kept.

        Kept connections are the pool's: past its size less one (left for the sessions),
        a thread borrows one a request, so a server with many threads never waits for a
        pool that kept connections hold. Counted and taken under a lock: threads that
        start at the same moment would all find room (Granian's, 64 at once, kept the
        whole pool and every other thread waited for it until the pool's timeout).
        """
        if len(self._readers) >= self._keep:  # the usual answer, without the lock
            return None
        with self._keeping:
            if len(self._readers) >= self._keep:
                return None
            connection = self.engine.connect()
            self._readers.add(connection)
            return connection

    def _answers(self, connection: Connection) -> bool:
        """The pool's pre-ping, after an idle spell only: a server restarted while the
        thread waited is found before a read fails on it; back-to-back requests skip it."""
        if time.monotonic() - self._reader.used < PING_AFTER:
            return True
        try:
            dbapi = connection.connection.dbapi_connection
            assert dbapi is not None, "a live connection has its DBAPI connection"
            ok = connection.dialect.do_ping(dbapi)
        except Exception as error:
            connection.invalidate(error)
            return False
        self._reader.used = time.monotonic()
        return bool(ok)

    def release(self, connection: Connection) -> None:
        """End the transaction the driver began for a request's reads (psycopg begins
        one on the first SELECT; sqlite3 none: its rollback is then a no-op)."""
        kept: Connection | None = getattr(self._reader, "connection", None)
        if connection is not kept:
            connection.close()  # borrowed for one request: back to the pool
            return
        if connection.invalidated:  # dropped by the database: reader() replaces it
            return
        try:
            connection.connection.dbapi_connection.rollback()  # type: ignore[union-attr]
        except Exception as error:  # the database went away: a new one next time
            connection.invalidate(error)
        self._reader.used = time.monotonic()

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
        for connection in list(self._readers):  # each thread's reader goes too, unreset:
            if not connection.closed:  # a closed connection's transaction ends with it
                connection.invalidate()
        self.engine.dispose()


def _positions(names: Sequence[str]) -> Callable[[Mapping[str, Any]], tuple]:
    """The values of named parameters in the order a positional paramstyle takes them."""
    if len(names) > 1:
        return operator.itemgetter(*names)  # a tuple, given two names or more
    return lambda values: tuple(values[name] for name in names)  # 0 or 1: no tuple from it


class Prepared:
    """A Core SELECT compiled once per dialect and run straight on the DBAPI cursor.

    `Connection.execute` costs 25-50 us a statement even when its compiled cache hits
    (execution context, result metadata, Row objects): several times what SQLite takes
    to answer. This keeps SQLAlchemy's SQL, bind and result types and cursor events
    (so statement counters and tracers still see every statement) and skips the rest.
    Every value is a named bind parameter given at run time; rows are plain sequences.
    """

    def __init__(self, statement: Any):
        self.statement = statement
        self._plans: dict[tuple, tuple] = {}

    def _plan(self, dialect: Any) -> tuple:
        key = (dialect.name, dialect.driver, dialect.paramstyle)
        plan = self._plans.get(key)
        if plan is None:
            compiled = self.statement.compile(dialect=dialect)
            if any(bind.expanding for bind in compiled.binds.values()):
                raise TypeError("Prepared takes no expanding IN parameters: one bind a value")
            defaults = {name: bind.effective_value for name, bind in compiled.binds.items()
                        if not bind.required}
            binds = {name: p for name, bind in compiled.binds.items()
                     if (p := bind.type.dialect_impl(dialect).bind_processor(dialect))}
            results = [(i, p) for i, column in enumerate(self.statement.selected_columns)
                       if (p := column.type.dialect_impl(dialect).result_processor(dialect,
                                                                                   None))]
            plan = (compiled.string, _positions(compiled.positiontup or ())
                    if dialect.positional else None, defaults, binds, results)
            self._plans[key] = plan
        return plan

    def all(self, connection: Connection,
            params: Mapping[str, Any] = {}) -> Sequence[Sequence[Any]]:
        """Every row, on the connection's own DBAPI connection (its transaction)."""
        sql, order, defaults, binds, results = self._plan(connection.dialect)
        values = {**defaults, **params} if defaults else params
        if binds:
            values = {k: binds[k](v) if k in binds else v for k, v in values.items()}
        parameters = order(values) if order is not None else values
        try:
            rows = _fetch(connection, sql, parameters)
        except connection.dialect.loaded_dbapi.Error:
            if not connection.invalidated or connection.in_transaction():
                raise
            # Dropped by the database (a restart, a failover) outside any transaction:
            # the Connection reconnects on its next use and a read is safe to run again,
            # so a restart under load fails no request. Once: a database that is down
            # still fails it.
            rows = _fetch(connection, sql, parameters)
        if not results:
            return rows
        processed: list[Sequence[Any]] = []
        for row in rows:  # SQLite hands back dates as text, say: the column types read them
            values_ = list(row)
            for i, process in results:
                if values_[i] is not None:
                    values_[i] = process(values_[i])
            processed.append(values_)
        return processed

    def first(self, connection: Connection, params: Mapping[str, Any] = {}) -> Sequence[Any] | None:
        rows = self.all(connection, params)
        return rows[0] if rows else None

    def scalar(self, connection: Connection, params: Mapping[str, Any] = {}) -> Any:
        row = self.first(connection, params)
        return row[0] if row else None


def _fetch(connection: Connection, sql: str, parameters: Any) -> Sequence[Sequence[Any]]:
    """Run one statement on the DBAPI cursor, as SQLAlchemy would, less its machinery."""
    dbapi = connection.connection.dbapi_connection
    assert dbapi is not None, "a live connection has its DBAPI connection"
    # SQLAlchemy's own test before it looks for listeners: the lookup alone costs
    # a few microseconds a statement, and most engines have none.
    events = connection._has_events or connection.engine._has_events
    cursor = None
    try:
        cursor = dbapi.cursor()
        if events:
            for listen in connection.dispatch.before_cursor_execute:
                listen(connection, cursor, sql, parameters, None, False)
        cursor.execute(sql, parameters)
        if events:
            for listen in connection.dispatch.after_cursor_execute:
                listen(connection, cursor, sql, parameters, None, False)
        return cursor.fetchall()
    except connection.dialect.loaded_dbapi.Error as error:
        # SQLAlchemy's own test, which this bypasses: a connection the server dropped
        # is invalidated (and reconnected on its next use, outside a transaction)
        if connection.dialect.is_disconnect(error, dbapi, cursor):
            connection.invalidate(error)
        raise
    finally:
        if cursor is not None:
            cursor.close()
