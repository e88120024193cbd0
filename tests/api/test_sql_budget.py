"""Listing articles costs a fixed number of SQL statements, whatever the page size."""

from __future__ import annotations

from contextlib import contextmanager

from sqlalchemy import event
from sqlalchemy.engine import Engine


@contextmanager
def counted_statements():
    """Count the statements every engine runs inside the block.

    Listening on the Engine class reaches the app's engine without reaching into the app;
    in a test, the app's engine is the only one at work.
    """
    statements: list[str] = []

    def record(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    event.listen(Engine, "before_cursor_execute", record)
    try:
        yield statements
    finally:
        event.remove(Engine, "before_cursor_execute", record)


def populate(api, authors: int = 5, per_author: int = 5) -> list[str]:
    tokens = [api.register(f"author{n}") for n in range(authors)]
    for n, token in enumerate(tokens):
        for m in range(per_author):
            slug = api.article(token, f"Article {n}-{m}", tags=[f"t{m}", f"a{n}", "all"])["slug"]
            api.post(f"/articles/{slug}/comments", {"comment": {"body": "x"}}, token,
                     status=201)
            api.post(f"/articles/{slug}/favorite", token=tokens[(n + 1) % authors])
    for n, token in enumerate(tokens):
        api.post(f"/profiles/author{(n + 1) % authors}/follow", token=token)
    return tokens


def test_the_counter_sees_the_apps_statements(api):
    with counted_statements() as statements:
        api.get("/tags")
    assert len(statements) == 1 and "tags" in statements[0]


def test_a_page_of_articles_is_a_bounded_number_of_statements(api):
    tokens = populate(api)
    counts = {}
    for limit in (1, 5, 20):
        with counted_statements() as statements:
            page = api.get("/articles", tokens[0], limit=str(limit)).json
        assert len(page["articles"]) == limit
        assert all(a["tagList"] and a["author"]["username"] for a in page["articles"])
        counts[limit] = len(statements)
    # the user, the count, the page (with authors, favorites and follows), its tags
    assert counts[1] == counts[5] == counts[20] <= 4, counts


def test_the_feed_and_filters_are_bounded_too(api):
    tokens = populate(api)
    for path, query in (("/articles/feed", {}), ("/articles", {"tag": "all"}),
                        ("/articles", {"favorited": "author1"})):
        with counted_statements() as statements:
            page = api.get(path, tokens[0], limit="20", **query).json
        assert page["articles"], path
        assert len(statements) <= 4, (path, statements)


def test_comments_are_bounded_whatever_their_number(api):
    tokens = populate(api, authors=3, per_author=1)
    slug = api.get("/articles", limit="1").json["articles"][0]["slug"]
    for token in tokens:
        for _ in range(5):
            api.post(f"/articles/{slug}/comments", {"comment": {"body": "y"}}, token,
                     status=201)
    with counted_statements() as statements:
        comments = api.get(f"/articles/{slug}/comments", tokens[0]).json["comments"]
    assert len(comments) == 16
    assert len(statements) <= 4, statements
