"""TechEmpower FrameworkBenchmarks endpoints, served by both builds under /tfb/.

The rules they follow (https://github.com/TechEmpower/FrameworkBenchmarks/wiki):
one SELECT per World row (no IN), `queries` clamped to 1..500 with anything
unreadable taken as 1, fortunes sorted in the application with one row added
at request time. The tables are filled by `seed`, never on start-up.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

from sqlalchemy import Table, bindparam, delete, func, insert, select, update

from ..db import Database, Prepared
from ..http import HTTPError, Json, Page, Request, Result, Text
from .models import Base, Fortune, World

WORLD_ROWS = 10_000
MAX_QUERIES = 500
EXTRA_FORTUNE = "Additional fortune added at request time."
NOT_SEEDED = ("The benchmark tables are empty: run make seed-tfb, which fills the database "
              "DATABASE_URL names (make serve fills its own).")

# The benchmark's fixed data set; the script tag checks that the page escapes it.
FORTUNES = [
    "fortune: No such file or directory",
    "A computer scientist is someone who fixes things that aren't broken.",
    "After enough decimal places, nobody gives a damn.",
    "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1",
    "A computer program does what you tell it to do, not what you want it to do.",
    "Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen",
    "Any program that runs right is obsolete.",
    "A list is only as strong as its weakest link. — Donald Knuth",
    "Feature: A bug with seniority.",
    "Computers make very fast, very accurate mistakes.",
    '<script>alert("This should not be displayed in a browser alert box.");</script>',
    "フレームワークのベンチマーク",
]


def random_id() -> int:
    return random.randint(1, WORLD_ROWS)


def query_count(raw: str | None) -> int:
    """Read `queries`: missing, zero, negative or not a number is 1; at most 500."""
    try:
        count = int(raw or 1)
    except ValueError:
        return 1
    return min(max(count, 1), MAX_QUERIES)


@cache
def _world() -> Prepared:
    # Built once per process, run on the DBAPI cursor: no ORM, no execution context.
    table = World.__table__
    return Prepared(select(table.c.id, table.c.randomNumber)
                    .where(table.c.id == bindparam("id")))


def world(connection, world_id: int) -> dict:
    """Select one World row, as its own query, on a Core connection."""
    row = _world().first(connection, {"id": world_id})
    if row is None:
        raise HTTPError(503, NOT_SEEDED)
    return {"id": row[0], "randomNumber": row[1]}


def json_hello(request: Request) -> Result:
    """Serialise a fresh object on every request."""
    return Json({"message": "Hello, World!"})


def plaintext(request: Request) -> Result:
    return Text("Hello, World!", content_type="text/plain")


def single_query(request: Request) -> Result:
    # Reads only: the thread's read connection, no ORM Session and no pool checkout.
    return Json(world(request.connection, random_id()))


def multiple_queries(request: Request) -> Result:
    count = query_count(request.query.get("queries"))
    connection = request.connection
    return Json([world(connection, random_id()) for _ in range(count)])


def updates(request: Request) -> Result:
    """Read each row on its own, give it a new number, write them in one batch."""
    count = query_count(request.query.get("queries"))
    connection = request.db.connection()
    rows = [world(connection, random_id()) for _ in range(count)]
    for row in rows:
        row["randomNumber"] = random.randint(1, WORLD_ROWS)
    # Sorted ids keep concurrent batches from deadlocking on servers that lock rows.
    request.db.execute(update(World), [
        {"id": row["id"], "random_number": row["randomNumber"]}
        for row in sorted(rows, key=lambda r: r["id"])])
    request.db.commit()
    return Json(rows)


def fortunes(request: Request) -> Result:
    """List the fortunes plus one added now, sorted by message, escaped by the template."""
    rows = [(row.id, row.message) for row in request.db.execute(
        select(Fortune.id, Fortune.message))]
    if not rows:
        raise HTTPError(503, NOT_SEEDED)
    rows.append((0, EXTRA_FORTUNE))
    rows.sort(key=lambda row: row[1])
    return Page("fortunes", {"fortunes": rows})


def seed(db: Database) -> bool:
    """Fill World (10,000 rows) and Fortune (12) once; return whether anything changed.

    Idempotent: a table that already holds the expected number of rows is left alone.
    """
    Base.metadata.create_all(db.engine)
    Rows = Callable[[], list[dict[str, Any]]]
    tables: list[tuple[Table, int, Rows]] = [
        (Base.metadata.tables[World.__tablename__], WORLD_ROWS, lambda: [
            {"id": i, "randomNumber": random.randint(1, WORLD_ROWS)}
            for i in range(1, WORLD_ROWS + 1)]),
        (Base.metadata.tables[Fortune.__tablename__], len(FORTUNES), lambda: [
            {"id": i, "message": m} for i, m in enumerate(FORTUNES, start=1)]),
    ]
    changed = False
    with db.engine.begin() as connection:
        for table, expected, rows in tables:
            if connection.scalar(select(func.count()).select_from(table)) != expected:
                connection.execute(delete(table))
                connection.execute(insert(table), rows())
                changed = True
    return changed
