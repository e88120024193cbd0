"""The connection a thread keeps for reads: reused, never left in a transaction, replaced
once the database drops it; on SQLite and PostgreSQL alike."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.exc import DBAPIError

from shared.conduit.models import Base, Tag
from shared.db import Database, Prepared

COUNT_TAGS = Prepared(select(func.count()).select_from(Tag.__table__))


@pytest.fixture
def db(databases):
    database = Database(databases.new(), [Base.metadata])
    database.create_all()
    yield database
    database.dispose()


def in_transaction(connection) -> bool:
    dbapi = connection.connection.dbapi_connection
    if hasattr(dbapi, "in_transaction"):  # sqlite3
        return dbapi.in_transaction
    return dbapi.info.transaction_status != dbapi.info.transaction_status.IDLE  # psycopg


def test_a_thread_reads_on_one_connection_released_between_requests(db):
    first = db.reader()
    assert COUNT_TAGS.scalar(first) == 0
    dbapi = first.connection.dbapi_connection
    db.release(first)
    assert not in_transaction(first)  # no snapshot, no lock held until the next request
    second = db.reader()
    assert second is first and second.connection.dbapi_connection is dbapi


def test_a_read_sees_what_was_written_since_the_last_request(db):
    reader = db.reader()
    assert COUNT_TAGS.scalar(reader) == 0
    db.release(reader)
    with db.session.begin() as session:
        session.add(Tag(name="new"))
    assert COUNT_TAGS.scalar(db.reader()) == 1


def drop(db, connection) -> None:
    """End the connection from the database's side, as a restart or a failover does."""
    dbapi = connection.connection.dbapi_connection
    if db.engine.dialect.name == "postgresql":
        with db.engine.connect() as other:
            other.execute(text("SELECT pg_terminate_backend(:pid)"),
                          {"pid": dbapi.info.backend_pid})
    else:  # SQLite has no server: a closed handle is what the driver then reports
        dbapi.close()


def test_a_read_on_a_connection_the_database_dropped_runs_on_a_new_one(db):
    reader = db.reader()
    assert COUNT_TAGS.scalar(reader) == 0
    old = reader.connection.dbapi_connection
    drop(db, reader)
    assert COUNT_TAGS.scalar(reader) == 0  # no error: the request goes on
    assert reader.connection.dbapi_connection is not old
    db.release(reader)
    assert db.reader() is reader and not reader.invalidated


def test_a_dropped_connection_inside_a_transaction_is_an_error(db):
    # The session's connection holds the request's writes: running on a new one would
    # lose them without a word, so the request fails instead.
    with db.engine.connect() as connection:
        connection.begin()
        COUNT_TAGS.scalar(connection)
        drop(db, connection)
        with pytest.raises(db.engine.dialect.loaded_dbapi.Error):  # the driver's own
            COUNT_TAGS.scalar(connection)
        assert connection.invalidated


def test_a_database_that_stays_down_fails_the_read(db, monkeypatch):
    reader = db.reader()
    drop(db, reader)

    def refuse(*args, **kwargs):
        raise db.engine.dialect.loaded_dbapi.OperationalError("the database is down")

    monkeypatch.setattr(db.engine.dialect, "connect", refuse)
    db.engine.pool.dispose()  # no idle connection left in the pool either
    with pytest.raises(DBAPIError, match="the database is down"):
        COUNT_TAGS.scalar(reader)
    assert reader.invalidated  # so the next request asks for a new one
    monkeypatch.undo()
    db.release(reader)
    assert COUNT_TAGS.scalar(db.reader()) == 0  # back up: the next request reads


def test_a_dropped_kept_connection_gives_its_place_to_the_new_one(db):
    reader = db.reader()
    drop(db, reader)
    reader.invalidate()
    fresh = db.reader()
    assert fresh is not reader and db.reader() is fresh  # kept again, not borrowed
    assert reader not in db._readers and fresh in db._readers


def test_each_thread_has_its_own_reader(db):
    import threading

    found = []
    thread = threading.Thread(target=lambda: found.append(db.reader()))
    thread.start()
    thread.join()
    assert found[0] is not db.reader()


def test_dispose_closes_every_threads_reader(db):
    reader = db.reader()
    COUNT_TAGS.scalar(reader)
    db.dispose()
    assert reader.invalidated


def test_a_forked_worker_opens_its_own(db):
    """gunicorn --preload forks after the app is made: a reader the parent's thread held
    would share its socket with the child."""
    import os

    parent = db.reader()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: a reader of its own, reading as the parent's did
        child = db.reader()
        ok = child is not parent and COUNT_TAGS.scalar(child) == 0
        os.write(write, b"1" if ok else b"0")
        os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(read, 1) == b"1"
    assert db.reader() is parent and COUNT_TAGS.scalar(parent) == 0


def test_after_an_idle_spell_a_dropped_connection_is_found_before_a_read(db, monkeypatch):
    """As the pool's pre_ping did: a server restarted while the thread waited costs no
    failed request."""
    import shared.db

    reader = db.reader()
    COUNT_TAGS.scalar(reader)
    db.release(reader)
    drop(db, reader)  # the restart, while nobody asked
    assert db.reader() is reader  # within PING_AFTER: no ping, as under load
    monkeypatch.setattr(shared.db, "PING_AFTER", 0.0)  # then a pause
    fresh = db.reader()
    assert COUNT_TAGS.scalar(fresh) == 0  # no error: replaced before the read


def test_threads_past_the_pools_size_borrow_and_give_back(db, monkeypatch):
    """Kept connections are the pool's: with more threads than it holds, the others
    borrow one a request (as before), instead of waiting for the pool until it times out.
    Threads that start at the same moment keep no more than the limit between them
    (found under Granian: 64 at once kept the whole pool and every other thread waited)."""
    import threading
    import time

    connect = db.engine.connect

    def slow_connect():  # as a busy pool or a network makes it: every thread is in here
        time.sleep(0.02)
        return connect()

    monkeypatch.setattr(db.engine, "connect", slow_connect)
    kept_before = len(db._readers)
    barrier = threading.Barrier(12)
    answers, errors, kept = [], [], []

    def request():
        try:
            barrier.wait(timeout=10)  # all twelve threads read at the same moment
            connection = db.reader()
            answers.append(COUNT_TAGS.scalar(connection))
            barrier.wait(timeout=10)
            kept.append(len(db._readers))  # every thread alive, each holding its own
            db.release(connection)
        except Exception as error:  # pragma: no cover - the failure shown below
            errors.append(error)

    threads = [threading.Thread(target=request) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and answers == [0] * 12
    assert kept_before <= max(kept) <= db._keep
    assert db.engine.pool.checkedout() <= db._keep  # the borrowed ones went back


def test_a_request_after_the_database_dropped_the_connection_is_answered(client,
                                                                          monkeypatch):
    """A restart under load (no idle spell, so no ping first): the request still reads."""
    kept = []
    reader = Database.reader

    def recording(self):
        kept.append((self, reader(self)))
        return kept[-1][1]

    monkeypatch.setattr(Database, "reader", recording)
    assert client.get("/api/articles").json == {"articles": [], "articlesCount": 0}
    database, connection = kept[-1]
    drop(database, connection)
    assert client.get("/api/articles").json == {"articles": [], "articlesCount": 0}
    assert kept[-1][1] is connection  # the same kept connection, reconnected
    assert client.get("/").status_int == 200
