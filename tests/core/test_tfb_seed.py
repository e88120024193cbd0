"""Seeding the benchmark tables: explicit, complete, idempotent."""

from __future__ import annotations

from sqlalchemy import text

from shared import tfb
from shared.db import Database


def test_seeding_fills_both_tables_once(databases):
    db = Database(databases.new(empty=True))
    assert tfb.seed(db) is True
    assert tfb.seed(db) is False  # idempotent: a second run changes nothing
    with db.engine.connect() as connection:
        assert connection.scalar(text("SELECT count(*) FROM world")) == 10_000
        assert connection.scalar(text("SELECT count(*) FROM fortune")) == 12
        low, high = connection.execute(
            text('SELECT min("randomNumber"), max("randomNumber") FROM world')).one()
    db.dispose()
    assert 1 <= low < high <= 10_000
