"""The pages' helpers on their own: return paths, Markdown, tags, the demo seed."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from shared.conduit.__main__ import main as conduit_main
from shared.conduit.forms import split_tags
from shared.conduit.markdown import render
from shared.conduit.models import Article, User
from shared.conduit.pages.common import is_local
from shared.core import create_core
from shared.http import SafeHTML
from shared.sites import SITES


@pytest.mark.parametrize(("target", "local"), [
    ("/", True),
    ("/editor", True),
    ("/?feed=following&page=2", True),
    ("/profile/ann%2F..", True),
    ("", False),
    (None, False),
    ("editor", False),
    ("//evil.example", False),
    ("/\\evil.example", False),
    ("/x\\y", False),
    ("https://evil.example/", False),
    ("javascript:alert(1)", False),
    ("/\t/evil.example", False),
    ("/\n/evil.example", False),
])
def test_only_local_paths_are_return_targets(target, local):
    assert is_local(target) is local


def test_markdown_comes_back_safe_to_print():
    html = render("**b** <script>x()</script><a href='javascript:y()' onclick='z()'>l</a>")
    assert isinstance(html, SafeHTML)
    assert html == '<p><strong>b</strong> <a rel="noopener noreferrer">l</a></p>\n'


@pytest.mark.parametrize(("typed", "tags"), [
    ("", [""]),
    ("a, b ,c", ["a", " b ", "c"]),
    ("machine learning, ai", ["machine learning", " ai"]),
])
def test_tags_are_typed_comma_separated(typed, tags):
    assert split_tags(typed) == tags  # the domain strips and drops blanks and repeats


def counts(core) -> tuple[int, int]:
    with core.db.session() as session:
        return (session.scalar(select(func.count()).select_from(User)),
                session.scalar(select(func.count()).select_from(Article)))


def test_the_core_seeds_an_empty_database_once_when_asked(databases):
    url = databases.new(empty=True)
    plain = create_core({"TESTING": True, "DATABASE_URL": url}, SITES)
    assert counts(plain) == (0, 0)
    seeded = create_core({"TESTING": True, "DATABASE_URL": url, "SEED_DEMO": True}, SITES)
    assert counts(seeded) == (4, 12)
    again = create_core({"TESTING": True, "DATABASE_URL": url, "SEED_DEMO": True}, SITES)
    assert counts(again) == (4, 12)
    assert again.seed_demo() is False


def test_make_seed_writes_the_demo_content_into_database_url(databases, monkeypatch, capsys):
    url = databases.new(empty=True)
    monkeypatch.setenv("DATABASE_URL", url)
    assert conduit_main(["seed"]) == 0
    assert "Seeded" in capsys.readouterr().out
    assert conduit_main(["seed"]) == 0
    assert "nothing written" in capsys.readouterr().out
    assert counts(create_core({"TESTING": True, "DATABASE_URL": url}, SITES)) == (4, 12)


def test_the_db_command_creates_the_schema_once(databases, monkeypatch, capsys):
    from sqlalchemy import inspect

    url = databases.new(empty=True)
    monkeypatch.setenv("DATABASE_URL", url)
    assert conduit_main(["db"]) == 0 and conduit_main(["db"]) == 0
    assert capsys.readouterr().out.count("up to date") == 2
    core = create_core({"TESTING": True, "DATABASE_URL": url}, SITES)
    assert {"users", "articles", "tags"} <= set(inspect(core.db.engine).get_table_names())
    assert counts(core) == (0, 0)


def test_the_seed_flag_is_read_from_the_environment():
    from shared.config import load_config

    assert load_config(environ={"DEBUG": "1", "SEED_DEMO": "1"}).SEED_DEMO is True
    assert load_config(environ={"DEBUG": "1"}).SEED_DEMO is False
