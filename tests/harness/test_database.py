"""Fresh databases for kit parity and the RealWorld runner: SQLite files, or PostgreSQL."""

from __future__ import annotations

import glob
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text

from bottle2flask.errors import UsageError
from harness.database import check_server, fresh_database, throwaway_server


@pytest.mark.parametrize(("url", "message"), [
    ("sqlite:///x.db", "--database-url takes a PostgreSQL URL (SQLite is the default)"),
    ("mysql://localhost/db", "--database-url takes a PostgreSQL URL (SQLite is the default)"),
    ("not a url", "--database-url 'not a url' is not a database URL"),
])
def test_anything_but_a_postgresql_url_is_refused(url, message):
    with pytest.raises(UsageError) as caught:
        check_server(url)
    assert str(caught.value) == message


def test_a_fresh_database_is_empty_writable_and_gone_afterwards(postgres_server, tmp_path):
    server = postgres_server.url("postgres") if postgres_server else None
    with fresh_database("bottle", tmp_path, server) as url, \
            fresh_database("flask", tmp_path, server) as other:
        assert url != other
        engine = create_engine(url)
        with engine.begin() as connection:
            # An app's connection left open: closed for it before the drop.
            connection.execute(text("CREATE TABLE t (x INTEGER)"))
            connection.execute(text("INSERT INTO t VALUES (1)"))
            assert connection.scalar(text("SELECT count(*) FROM t")) == 1
        kept = engine.connect()  # a connection the app never closes
    if server is None:
        assert url == f"sqlite:///{tmp_path / 'bottle.sqlite3'}"
        assert (tmp_path / "bottle.sqlite3").exists()  # the folder's owner removes it
        kept.close()
        engine.dispose()
        return
    admin = create_engine(server)
    try:
        with admin.connect() as connection:
            names = connection.scalars(text("SELECT datname FROM pg_database")).all()
    finally:
        admin.dispose()
    assert make_url(url).database not in names and make_url(other).database not in names
    engine.dispose()


@pytest.mark.skipif(not glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                    reason="Debian's postgresql is not installed (make postgres-install)")
def test_a_throwaway_server_serves_fresh_databases_and_is_gone_afterwards(tmp_path):
    with throwaway_server() as server:
        folder = Path(make_url(server).query["host"])
        with fresh_database("bottle", tmp_path, server) as url:
            engine = create_engine(url)
            with engine.connect() as connection:
                assert connection.scalar(text("SELECT current_database()")) == \
                    make_url(url).database
            engine.dispose()
    assert not folder.exists()
