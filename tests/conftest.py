"""One suite, every test run once per framework: test_x[bottle], test_x[flask]."""

from __future__ import annotations

import secrets

import pytest
from webtest import TestApp

from adapters import FRAMEWORKS, factory


def pytest_addoption(parser):
    parser.addoption("--framework", choices=[*FRAMEWORKS, "both"], default="both",
                     help="run the suite against one framework only")


def pytest_generate_tests(metafunc):
    if "framework" in metafunc.fixturenames:
        chosen = metafunc.config.getoption("framework")
        names = list(FRAMEWORKS) if chosen == "both" else [chosen]
        metafunc.parametrize("framework", names)


@pytest.fixture(autouse=True)
def private_var_dir(tmp_path_factory, monkeypatch):
    """Keep the dev secret and default database out of the checkout's var/."""
    monkeypatch.setenv("KIT_VAR_DIR", str(tmp_path_factory.mktemp("var")))


@pytest.fixture
def settings(tmp_path):
    """Return factory overrides: a fresh database and secret for each test."""
    return {
        "TESTING": True,
        "SECRET_KEY": secrets.token_hex(32),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}",
        "SEED_DEMO": False,
        # argon2's cheapest profile: the same code path, 0.2 s less a hash.
        "PASSWORD_HASH_PROFILE": "CHEAPEST",
    }


def make_client(app) -> TestApp:
    return TestApp(app, lint=True, extra_environ={"SERVER_PROTOCOL": "HTTP/1.1"})


@pytest.fixture
def app(framework, settings):
    """Build a fresh app of the framework under test."""
    return factory(framework)(settings)


@pytest.fixture
def client(app):
    """Wrap the app in WebTest with WSGI linting on."""
    return make_client(app)


@pytest.fixture
def seeded_app(framework, settings):
    """Build a fresh app over a database holding the demo content."""
    return factory(framework)({**settings, "SEED_DEMO": True})


@pytest.fixture
def seeded(seeded_app):
    """A WebTest client of the app with the demo content."""
    return make_client(seeded_app)


@pytest.fixture(scope="session")
def tfb_seed_file(tmp_path_factory):
    """Seed the benchmark tables (10,000 World rows) once per run, in a file of their own."""
    from shared import tfb
    from shared.db import Database

    path = tmp_path_factory.mktemp("tfb") / "seeded.sqlite3"
    db = Database(f"sqlite:///{path}")  # tfb.seed creates its own tables
    tfb.seed(db)
    db.dispose()
    return path


@pytest.fixture
def tfb_seeded(app, settings, tfb_seed_file):
    """Fill the app's own database with the benchmark tables (a fast copy of the seed)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(settings["DATABASE_URL"])
    with engine.begin() as connection:
        connection.execute(text("ATTACH DATABASE :path AS seed"), {"path": str(tfb_seed_file)})
        connection.execute(text("INSERT INTO world SELECT * FROM seed.world"))
        connection.execute(text("INSERT INTO fortune SELECT * FROM seed.fortune"))
    with engine.connect() as connection:
        connection.execute(text("DETACH DATABASE seed"))
    engine.dispose()
