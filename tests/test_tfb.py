"""The TechEmpower FrameworkBenchmarks endpoints follow the benchmark's rules."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine

from shared import tfb
from tests.helpers import soup

pytestmark = pytest.mark.usefixtures("tfb_seeded")

SCRIPT_FORTUNE = '<script>alert("This should not be displayed in a browser alert box.");</script>'


def rows_in_db(settings) -> dict[int, int]:
    engine = create_engine(settings["DATABASE_URL"])
    with engine.connect() as connection:
        rows = dict(connection.execute(text('SELECT id, "randomNumber" FROM world')).all())
    engine.dispose()
    return rows


@contextmanager
def statements():
    """Record the SQL every engine runs inside the block."""
    seen: list[str] = []

    def record(conn, cursor, statement, parameters, context, executemany):
        seen.append(" ".join(statement.split()))

    event.listen(Engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", record)


def test_json_serialises_the_message(client):
    response = client.get("/tfb/json")
    assert response.headers["Content-Type"] == "application/json"
    assert response.json == {"message": "Hello, World!"}
    assert int(response.headers["Content-Length"]) == len(response.body)


def test_plaintext_is_hello_world(client):
    response = client.get("/tfb/plaintext")
    assert response.headers["Content-Type"] == "text/plain"
    assert response.body == b"Hello, World!"
    assert int(response.headers["Content-Length"]) == len(response.body)


@pytest.mark.parametrize("path", ["/tfb/json", "/tfb/plaintext", "/tfb/db", "/tfb/fortunes"])
def test_server_and_date_are_left_to_the_wsgi_server(client, path):
    # gunicorn (and every WSGI server) adds both; the app adding its own would
    # send them twice. The benchmark run checks the served headers over HTTP.
    headers = {name.lower() for name in client.get(path).headers}
    assert "server" not in headers and "date" not in headers


def test_db_answers_one_row_as_stored(client, settings):
    row = client.get("/tfb/db").json
    assert set(row) == {"id", "randomNumber"}
    assert 1 <= row["id"] <= 10_000
    assert rows_in_db(settings)[row["id"]] == row["randomNumber"]


@pytest.mark.parametrize(("queries", "count"), [
    (None, 1),
    ("", 1),
    ("0", 1),
    ("-3", 1),
    ("foo", 1),
    ("2.5", 1),
    ("1", 1),
    ("7", 7),
    ("500", 500),
    ("501", 500),
    ("100000", 500),
])
def test_queries_clamps_the_count(client, queries, count):
    params = {} if queries is None else {"queries": queries}
    response = client.get("/tfb/queries", params)
    assert response.headers["Content-Type"] == "application/json"
    assert len(response.json) == count


def test_queries_answers_rows_as_stored(client, settings):
    rows = client.get("/tfb/queries?queries=20").json
    stored = rows_in_db(settings)
    assert all(stored[row["id"]] == row["randomNumber"] for row in rows)
    assert len({row["id"] for row in rows}) > 1  # random rows, not one row repeated


def test_each_row_is_its_own_select(client):
    client.get("/tfb/queries?queries=2")  # connect and warm up outside the count
    with statements() as seen:
        client.get("/tfb/queries?queries=12")
    selects = [s for s in seen if s.upper().startswith("SELECT")]
    assert len(selects) == 12
    assert all(" IN " not in s.upper() and "world" in s for s in selects)


def test_updates_store_the_numbers_they_answer(client, settings):
    with statements() as seen:
        rows = client.get("/tfb/updates?queries=15").json
    assert len(rows) == 15 and all(set(row) == {"id", "randomNumber"} for row in rows)
    assert len([s for s in seen if s.upper().startswith("SELECT")]) == 15
    stored = rows_in_db(settings)
    last = {row["id"]: row["randomNumber"] for row in rows}  # a repeated id: last one wins
    assert all(stored[id_] == number for id_, number in last.items())
    assert all(1 <= number <= 10_000 for number in last.values())


@pytest.mark.parametrize(("queries", "count"), [("0", 1), ("bar", 1), ("600", 500)])
def test_updates_clamp_the_count(client, queries, count):
    assert len(client.get("/tfb/updates", {"queries": queries}).json) == count


def test_fortunes_lists_every_fortune_sorted_and_escaped(client):
    response = client.get("/tfb/fortunes")
    assert response.headers["Content-Type"] == "text/html; charset=utf-8"
    page = soup(response)
    assert page.title.get_text() == "Fortunes"
    assert [th.get_text() for th in page.select("tr th")] == ["id", "message"]
    rows = [[td.get_text() for td in tr.select("td")] for tr in page.select("tr")[1:]]
    assert len(rows) == 13
    assert ["0", "Additional fortune added at request time."] in rows
    assert ["11", SCRIPT_FORTUNE] in rows  # shown as text ...
    assert page.find("script") is None  # ... never as markup
    assert ["12", "フレームワークのベンチマーク"] in rows
    messages = [message for _, message in rows]
    assert messages == sorted(messages)


def test_fortunes_is_the_bare_page_without_the_site_layout(client):
    page = soup(client.get("/tfb/fortunes"))
    assert page.select("nav, link, main") == []
    assert [tag.name for tag in page.body.find_all(recursive=False)] == ["table"]


def test_json_and_plaintext_need_no_seeded_tables(framework, settings, databases):
    from adapters import factory
    from tests.conftest import make_client

    empty = {**settings, "DATABASE_URL": databases.new()}
    client = make_client(factory(framework)(empty))
    assert client.get("/tfb/json").json == {"message": "Hello, World!"}
    assert client.get("/tfb/plaintext").body == b"Hello, World!"


@pytest.mark.parametrize("path", ["/tfb/db", "/tfb/queries?queries=3",
                                  "/tfb/updates?queries=3", "/tfb/fortunes"])
def test_empty_tables_answer_a_clear_503(framework, settings, databases, path):
    from adapters import factory
    from tests.conftest import make_client

    empty = {**settings, "DATABASE_URL": databases.new()}
    response = make_client(factory(framework)(empty)).get(path, status=503)
    if path == "/tfb/fortunes":  # the one HTML endpoint: the error page
        assert soup(response).select_one(".error-message").get_text() == tfb.NOT_SEEDED
    else:  # the JSON endpoints answer their errors in JSON
        assert response.content_type == "application/json"
        assert response.json == {"error": tfb.NOT_SEEDED}
    assert "`" not in tfb.NOT_SEEDED and "make seed-tfb" in tfb.NOT_SEEDED


def test_an_unknown_tfb_path_is_a_json_404(framework, client):
    response = client.get("/tfb/nothing-here", status=404)
    assert response.json == {"error": "There is nothing at this address."}
