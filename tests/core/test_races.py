"""Two requests racing past the same check: the database's constraints decide, cleanly."""

from __future__ import annotations

import pytest
from sqlalchemy import func, insert, select

from shared.conduit import users
from shared.conduit.models import favorites
from shared.conduit.security import hasher
from shared.conduit.validate import Invalid
from shared.sites import database as database_for


@pytest.fixture
def db(databases):
    database = database_for(databases.new())
    with database.session() as session:
        yield session
    database.dispose()


def ann(db, **changes):
    data = {"username": "ann", "email": "ann@example.com", "password": "password123"}
    return users.register(db, {**data, **changes}, hasher("CHEAPEST"))


@pytest.mark.parametrize(("changes", "field"), [
    ({"email": "other@example.com"}, "username"),
    ({"username": "other"}, "email"),
])
def test_a_name_taken_between_check_and_insert_is_a_409(db, monkeypatch, changes, field):
    ann(db)
    real_check, calls = users._check_unique, []

    def late_check(*args, **kwargs):  # the first check runs before the rival commits
        calls.append(1)
        if len(calls) > 1:
            real_check(*args, **kwargs)

    monkeypatch.setattr(users, "_check_unique", late_check)
    with pytest.raises(Invalid) as caught:
        ann(db, **changes)
    assert caught.value.status == 409
    assert caught.value.errors == {field: ["has already been taken"]}


def test_a_link_row_written_twice_is_kept_once(db):
    user = ann(db)
    from shared.conduit.articles import create

    article = create(db, user, {"title": "T", "description": "d", "body": "b"})
    row = insert(favorites).values(user_id=user.id, article_id=article.id)
    users.insert_once(db, row)
    users.insert_once(db, row)  # the rival's insert: no error, no second row
    assert db.scalar(select(func.count()).select_from(favorites)) == 1


def test_a_slug_taken_between_check_and_insert_moves_on(db, monkeypatch):
    from shared.conduit import articles

    user = ann(db)
    first = articles.create(db, user, {"title": "Same", "description": "d", "body": "b"})
    monkeypatch.setattr(articles, "_unique_slug", lambda _db, _title: "same")  # stale check
    second = articles.create(db, user, {"title": "Same", "description": "d", "body": "b"})
    assert first.slug == "same"
    assert second.slug.startswith("same-") and second.id != first.id


def racing(databases, count: int, job) -> list:
    """Run job(session, n) in `count` threads at once, each on its own connection."""
    import threading

    database = database_for(databases.new())
    start, results = threading.Barrier(count), [None] * count

    def run(n: int) -> None:
        with database.session() as session:
            start.wait()
            try:
                results[n] = job(session, n)
            except Exception as error:  # noqa: BLE001  kept to assert on
                results[n] = error

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    database.dispose()
    return results


def test_racing_articles_with_one_title_and_one_new_tag_all_publish(databases):
    from shared.conduit import articles

    def publish(session, n):
        author = ann(session, username=f"u{n}", email=f"u{n}@example.com")
        article = articles.create(session, author, {
            "title": "One title", "description": "d", "body": "b", "tagList": ["fresh"]})
        return article.slug

    slugs = racing(databases, 12, publish)
    assert all(isinstance(slug, str) for slug in slugs), slugs
    assert len(set(slugs)) == 12


def test_racing_sign_ups_in_different_cases_make_one_account(databases):
    def sign_up(session, n):
        name = "".join(c.upper() if n >> i & 1 else c for i, c in enumerate("racey"))
        return ann(session, username=name, email=f"{name}@Example.com")

    outcomes = racing(databases, 10, sign_up)
    accounts = [o for o in outcomes if not isinstance(o, Exception)]
    refused = [o for o in outcomes if isinstance(o, Invalid)]
    assert len(accounts) == 1 and len(refused) == 9, outcomes
