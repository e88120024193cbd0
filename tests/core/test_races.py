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
def db(tmp_path):
    database = database_for(f"sqlite:///{tmp_path / 'race.sqlite3'}")
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
