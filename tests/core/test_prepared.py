"""Prepared statements give what SQLAlchemy's own execute gives, and tracers still see them."""

from __future__ import annotations

from datetime import datetime

import pytest
from sqlalchemy import (
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    event,
    insert,
    literal,
    select,
)

from shared.db import Database, Prepared

metadata = MetaData()
notes = Table("notes", metadata, Column("id", Integer, primary_key=True),
              Column("title", String(50)), Column("at", DateTime))
ROWS = [{"id": 1, "title": "one", "at": datetime(2026, 1, 2, 3, 4, 5, 6000)},
        {"id": 2, "title": "two", "at": None},
        {"id": 3, "title": "three", "at": datetime(2026, 12, 31, 23, 59, 59)}]


@pytest.fixture
def db(databases):
    database = Database(databases.new(empty=True), [metadata])
    database.create_all()
    with database.engine.begin() as connection:
        connection.execute(insert(notes), ROWS)
    yield database
    database.dispose()


def test_rows_match_what_execute_gives(db):
    statement = (select(notes.c.id, notes.c.title, notes.c.at)
                 .where(notes.c.id >= bindparam("low")).order_by(notes.c.id)
                 .limit(bindparam("limit")))
    prepared = Prepared(statement)
    with db.engine.connect() as connection:
        expected = [tuple(row) for row in connection.execute(statement,
                                                              {"low": 2, "limit": 5})]
        got = [tuple(row) for row in prepared.all(connection, {"low": 2, "limit": 5})]
        assert got == expected == [(2, "two", None), (3, "three", ROWS[2]["at"])]
        assert isinstance(prepared.first(connection, {"low": 1, "limit": 1})[2], datetime)
        assert prepared.scalar(connection, {"low": 9, "limit": 1}) is None


@pytest.mark.parametrize("names", [(), ("a",), ("a", "b"), ("b", "a", "c")])
def test_each_parameter_reaches_its_place_however_many(db, names):
    # Given in another order than the SQL names them: each value must land on its own
    # placeholder (with none, one, or several: a positional driver takes a tuple).
    ids = {"a": 1, "b": 3, "c": 2}
    statement = (select(notes.c.id).where(notes.c.id.in_([bindparam(n) for n in names]))
                 if names else select(notes.c.id)).order_by(notes.c.id)
    prepared = Prepared(statement)
    values = {n: ids[n] for n in reversed(names)}
    with db.engine.connect() as connection:
        expected = [tuple(row) for row in connection.execute(statement, values)]
        assert [tuple(row) for row in prepared.all(connection, values)] == expected
    assert [row[0] for row in expected] == (sorted(ids[n] for n in names) if names
                                            else [1, 2, 3])


def test_a_literal_value_in_the_statement_is_bound_too(db):
    prepared = Prepared(select(notes.c.title).where(notes.c.title == literal("two")))
    with db.engine.connect() as connection:
        assert prepared.all(connection) == [("two",)]


def test_cursor_events_see_each_statement(db):
    seen = []

    def record(conn, cursor, statement, parameters, context, executemany):
        seen.append(statement)

    prepared = Prepared(select(notes.c.id).where(notes.c.id == bindparam("id")))
    event.listen(db.engine, "before_cursor_execute", record)
    try:
        with db.engine.connect() as connection:
            assert prepared.scalar(connection, {"id": 3}) == 3
    finally:
        event.remove(db.engine, "before_cursor_execute", record)
    assert len(seen) == 1 and "notes" in seen[0]


def test_expanding_in_is_refused(db):
    prepared = Prepared(select(notes.c.id).where(
        notes.c.id.in_(bindparam("ids", expanding=True))))
    with db.engine.connect() as connection, pytest.raises(TypeError, match="expanding"):
        prepared.all(connection, {"ids": [1, 2]})
