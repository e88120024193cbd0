"""One suite, every test run once per framework: test_x[bottle], test_x[flask]."""

from __future__ import annotations

import json
import secrets
import sys

import pytest
from webtest import TestApp

from adapters import FRAMEWORKS, factory
from tests.databases import Databases, PostgresServer


def pytest_addoption(parser):
    parser.addoption("--framework", choices=[*FRAMEWORKS, "both"], default="both",
                     help="run the suite against one framework only")
    parser.addoption("--db", choices=["sqlite", "postgres"], default="sqlite",
                     help="the database every test's app uses (postgres: a throwaway server)")
    parser.addoption("--fuzz", choices=["short", "long"], default="short",
                     help="the fuzz test's Hypothesis profile (long: make fuzz)")
    parser.addoption("--fuzz-port", choices=["short", "long"], default="short",
                     help="the generated Bottle apps' profile (long: make fuzz-port)")
    parser.addoption("--fuzz-port-count", type=int, default=0, metavar="N",
                     help="draw N generated Bottle apps instead of the profile's number")
    parser.addoption("--fuzz-port-workers", type=int, default=0, metavar="N",
                     help="the long profile's worker processes (default: one a core)")
    parser.addoption("--soak", action="store_true",
                     help="the concurrency test's long form, with latencies (make soak)")


def pytest_generate_tests(metafunc):
    if "framework" in metafunc.fixturenames:
        chosen = metafunc.config.getoption("framework")
        names = list(FRAMEWORKS) if chosen == "both" else [chosen]
        metafunc.parametrize("framework", names)


@pytest.fixture(autouse=True)
def private_var_dir(tmp_path_factory, monkeypatch):
    """Keep the dev secret and default database out of the checkout's var/."""
    monkeypatch.setenv("KIT_VAR_DIR", str(tmp_path_factory.mktemp("var")))


@pytest.fixture(autouse=True)
def the_apps_run_under_this_python(monkeypatch):
    """Give the porting tool's --python default this Python, as if its virtualenv were
    active: the check runs the apps under the Bottle being tested (make test-tool's
    .venv-bottle-*), never under a `.venv` the checkout holds above the tests' apps.
    test_cli_python.py tests the default itself and overrides this fixture."""
    monkeypatch.setenv("VIRTUAL_ENV", sys.prefix)


@pytest.fixture(scope="session")
def postgres_server(request):
    """Start one PostgreSQL server for the run when --db=postgres, else None."""
    if request.config.getoption("db") != "postgres":
        yield None
        return
    server = PostgresServer()
    yield server
    server.stop()


@pytest.fixture
def databases(request, tmp_path, postgres_server):
    """Hand out fresh database URLs on the chosen backend; dropped after the test."""
    made = Databases(request.config.getoption("db"), tmp_path, postgres_server)
    yield made
    made.close()


@pytest.fixture
def settings(databases):
    """Return factory overrides: a fresh database and secret for each test."""
    return {
        "TESTING": True,
        "SECRET_KEY": secrets.token_hex(32),
        "DATABASE_URL": databases.new(),
        "SEED_DEMO": False,
        # argon2's cheapest profile: the same code path, 0.2 s less a hash.
        "PASSWORD_HASH_PROFILE": "CHEAPEST",
    }


# The sites' JSON endpoints, whose keys are written sorted (shared/conduit/present.py).
SORTED_JSON = ("/api/", "/tfb/")


class Client(TestApp):
    """WebTest's client, checking one more thing on every JSON response of Conduit and
    the TFB endpoints in a build: its keys are sorted at every level (Flask's layout),
    as the core writes them; the encoders send them in that order and sort nothing."""

    def do_request(self, request, *args, **kwargs):
        response = super().do_request(request, *args, **kwargs)
        if (_is_build(self.app) and request.environ["PATH_INFO"].startswith(SORTED_JSON)
                and response.body and response.content_type == "application/json"):
            json.loads(response.body, object_pairs_hook=_sorted_keys)
        return response


def _is_build(app) -> bool:
    """One of the builds (they keep their core on the app), not a native baseline."""
    return "kit" in getattr(app, "extensions", {}) or "kit.core" in getattr(app, "config", {})


def _sorted_keys(pairs: list[tuple[str, object]]) -> dict:
    keys = [key for key, _ in pairs]
    assert keys == sorted(keys), f"JSON keys out of order: {keys}"
    return dict(pairs)


def make_client(app) -> TestApp:
    return Client(app, lint=True, extra_environ={"SERVER_PROTOCOL": "HTTP/1.1"})


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
    copy_tfb_seed(settings["DATABASE_URL"], tfb_seed_file)


def copy_tfb_seed(url: str, seed_file) -> None:
    """Copy the seeded benchmark tables into the database at url (its tables exist)."""
    from sqlalchemy import create_engine, insert, select, text

    from shared.tfb.models import Fortune, World

    engine = create_engine(url)
    if engine.dialect.name == "sqlite":
        with engine.begin() as connection:
            connection.execute(text("ATTACH DATABASE :path AS seed"),
                               {"path": str(seed_file)})
            connection.execute(text("INSERT INTO world SELECT * FROM seed.world"))
            connection.execute(text("INSERT INTO fortune SELECT * FROM seed.fortune"))
        with engine.connect() as connection:
            connection.execute(text("DETACH DATABASE seed"))
    else:
        seed = create_engine(f"sqlite:///{seed_file}")
        with seed.connect() as source, engine.begin() as connection:
            for table in (World.__table__, Fortune.__table__):
                rows = [row._asdict() for row in source.execute(select(table))]
                connection.execute(insert(table), rows)
        seed.dispose()
    engine.dispose()
