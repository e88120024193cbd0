"""The limit on failed logins: per account and per client address, on the API and the page."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, func, select
from webtest import TestApp

from adapters import factory
from shared.conduit import login_limit, users
from shared.conduit.models import login_failures
from shared.config import ConfigError
from tests.conduit import PASSWORD, login, register, signed_in_as
from tests.helpers import text_of

WINDOW = 900
START = 1_800_000_000
TOO_MANY = "Too many failed sign-in attempts. Try again in 15 minute(s)."


class Clock:
    """The limit's clock, moved by hand."""

    def __init__(self):
        self.time = START

    def __call__(self) -> int:
        return self.time


@pytest.fixture
def clock(monkeypatch) -> Clock:
    """Stop the login limit's clock at START; tests move it forward."""
    fake = Clock()
    monkeypatch.setattr(login_limit, "now", fake)
    return fake


@pytest.fixture
def limited(framework, settings, clock):
    """Make apps with small login limits (3 an account, 5 an address) or the ones given."""
    def make(account: int = 3, address: int = 5, window: int = WINDOW):
        return factory(framework)({**settings, "LOGIN_LIMIT_PER_ACCOUNT": account,
                                   "LOGIN_LIMIT_PER_ADDRESS": address,
                                   "LOGIN_LIMIT_WINDOW": window})
    return make


def client_at(app, address: str = "192.0.2.1") -> TestApp:
    return TestApp(app, lint=True, extra_environ={"SERVER_PROTOCOL": "HTTP/1.1",
                                                  "REMOTE_ADDR": address})


def sign_up(client, name: str = "ann") -> None:
    body = {"user": {"username": name, "email": f"{name}@example.com", "password": PASSWORD}}
    client.post_json("/api/users", body, status=201)


def api_login(client, email: str = "ann@example.com", password: str = "wrong-password",
              status: int = 401):
    body = {"user": {"email": email, "password": password}}
    return client.post_json("/api/users/login", body, status=status)


def fail(client, times: int, email: str = "ann@example.com") -> None:
    for _ in range(times):
        assert api_login(client, email).json == {"errors": {"credentials": ["invalid"]}}


def stored_rows(settings) -> int:
    engine = create_engine(settings["DATABASE_URL"])
    try:
        with engine.connect() as connection:
            return connection.scalar(select(func.count()).select_from(login_failures))
    finally:
        engine.dispose()


def test_the_api_answers_429_after_too_many_failures(limited):
    client = client_at(limited())
    sign_up(client)
    fail(client, 3)
    response = api_login(client, status=429)
    assert response.headers["Retry-After"] == str(WINDOW)
    assert response.json == {"errors": {"login": [
        f"too many failed attempts; try again in {WINDOW} seconds"]}}


def test_the_right_password_is_refused_too_while_limited(limited, monkeypatch):
    client = client_at(limited())
    sign_up(client)
    fail(client, 3)
    checked = []
    monkeypatch.setattr(users, "check_password", lambda *args: checked.append(args))
    response = api_login(client, password=PASSWORD, status=429)
    assert "token" not in response.text
    assert checked == []  # refused before any hash work


def test_the_page_shows_the_limit_with_a_429(limited):
    client = client_at(limited())
    register(client, "ann")
    client.reset()
    for _ in range(3):
        response = login(client, "ann@example.com", "wrong-password", status=422)
        assert text_of(response, ".auth-box > .error-messages li") == [
            "Wrong email or password."]
    response = login(client, "ann@example.com", PASSWORD, status=429)
    assert response.headers["Retry-After"] == str(WINDOW)
    assert text_of(response, ".auth-box > .error-messages li") == [TOO_MANY]
    assert text_of(response, "h1") == ["Sign in"]
    assert response.forms[0]["email"].value == "ann@example.com"
    assert signed_in_as(client.get("/")) is None


def test_the_api_and_the_page_share_one_count(limited):
    client = client_at(limited())
    sign_up(client)
    fail(client, 2)
    login(client, "ANN@example.com", "wrong-password", status=422)  # the same account
    api_login(client, password=PASSWORD, status=429)
    login(client, "ann@example.com", PASSWORD, status=429)


def test_an_address_is_limited_across_emails(limited):
    app = limited(account=0, address=5)
    client = client_at(app, "198.51.100.7")
    sign_up(client)
    for n in range(5):
        fail(client, 1, email=f"guess{n}@example.com")
    response = api_login(client, "ann@example.com", PASSWORD, status=429)
    assert response.headers["Retry-After"] == str(WINDOW)
    # Another address still may, the same account included.
    api_login(client_at(app, "198.51.100.8"), "ann@example.com", PASSWORD, status=200)


def test_behind_a_proxy_fix_the_forwarded_address_is_counted(limited):
    # The README's advice for a reverse proxy: Werkzeug's ProxyFix wraps either build.
    from werkzeug.middleware.proxy_fix import ProxyFix

    client = client_at(ProxyFix(limited(account=0, address=2), x_for=1), "10.0.0.1")
    sign_up(client)

    def from_(address: str, status: int) -> None:
        body = {"user": {"email": "ann@example.com", "password": "wrong-password"}}
        client.post_json("/api/users/login", body, status=status,
                         headers={"X-Forwarded-For": address})

    from_("198.51.100.7", 401)
    from_("198.51.100.7", 401)
    from_("198.51.100.7", 429)
    from_("198.51.100.8", 401)  # the same proxy, another client


def test_an_account_is_limited_from_any_address(limited):
    app = limited(account=3, address=0)
    sign_up(client_at(app))
    for n in range(3):
        fail(client_at(app, f"203.0.113.{n}"), 1)
    api_login(client_at(app, "203.0.113.99"), password=PASSWORD, status=429)
    api_login(client_at(app, "203.0.113.99"), "bob@example.com", status=401)  # not bob


def test_a_success_clears_the_account_but_not_the_address(limited):
    client = client_at(limited(account=3, address=5))
    sign_up(client)
    fail(client, 2)
    api_login(client, password=PASSWORD, status=200)
    fail(client, 2)  # the account starts again from none...
    api_login(client, password=PASSWORD, status=200)
    # ...while the address keeps its four: one more and it is at its limit.
    fail(client, 1, email="nobody@example.com")
    api_login(client, password=PASSWORD, status=429)


def test_the_window_ends_and_the_account_may_try_again(limited, clock):
    client = client_at(limited())
    sign_up(client)
    fail(client, 3)
    clock.time += 600
    assert api_login(client, status=429).headers["Retry-After"] == str(WINDOW - 600)
    clock.time += WINDOW - 600 - 1
    assert api_login(client, status=429).headers["Retry-After"] == "1"
    clock.time += 1
    api_login(client, password=PASSWORD, status=200)


def test_a_new_window_starts_with_the_first_failure_after_the_old_one(limited, clock):
    client = client_at(limited())
    sign_up(client)
    fail(client, 2)
    clock.time += WINDOW
    fail(client, 2)  # two, not four: the old window's failures are gone
    clock.time += 100
    fail(client, 1)
    response = api_login(client, status=429)
    assert response.headers["Retry-After"] == str(WINDOW - 100)


def test_expired_windows_are_deleted(limited, settings, clock):
    client = client_at(limited())
    for n in range(4):
        fail(client, 1, email=f"guess{n}@example.com")
    assert stored_rows(settings) == 5  # four accounts and one address
    clock.time += WINDOW
    fail(client, 1, email="late@example.com")
    assert stored_rows(settings) == 2  # the new account and the address, renewed


def test_a_limit_of_zero_is_off(limited, settings):
    client = client_at(limited(account=0, address=0))
    sign_up(client)
    fail(client, 12)
    login(client, "ann@example.com", "wrong-password", status=422)
    api_login(client, password=PASSWORD, status=200)
    assert stored_rows(settings) == 0


def test_the_default_limits_allow_ten_failures_an_account(app, clock):
    client = client_at(app)
    sign_up(client)
    fail(client, 10)
    assert api_login(client, password=PASSWORD, status=429).headers["Retry-After"] == "900"


def test_the_limits_can_be_set_from_the_environment(framework, settings, clock,
                                                    monkeypatch):
    monkeypatch.setenv("LOGIN_LIMIT_PER_ACCOUNT", "2")
    monkeypatch.setenv("LOGIN_LIMIT_WINDOW", "60")
    client = client_at(factory(framework)(settings))
    sign_up(client)
    fail(client, 2)
    assert api_login(client, password=PASSWORD, status=429).headers["Retry-After"] == "60"


@pytest.mark.parametrize(("name", "value", "message"), [
    ("LOGIN_LIMIT_PER_ACCOUNT", -1,
     "LOGIN_LIMIT_PER_ACCOUNT must be a whole number of at least 0, not -1"),
    ("LOGIN_LIMIT_PER_ADDRESS", "50",
     "LOGIN_LIMIT_PER_ADDRESS must be a whole number of at least 0, not '50'"),
    ("LOGIN_LIMIT_PER_ACCOUNT", True,
     "LOGIN_LIMIT_PER_ACCOUNT must be a whole number of at least 0, not True"),
    ("LOGIN_LIMIT_WINDOW", 0, "LOGIN_LIMIT_WINDOW must be a whole number of at least 1, not 0"),
    ("LOGIN_LIMIT_WINDOW", 1.5,
     "LOGIN_LIMIT_WINDOW must be a whole number of at least 1, not 1.5"),
    ("PASSWORD_HASH_PROFILE", "FASTEST",
     "PASSWORD_HASH_PROFILE 'FASTEST' is not one of argon2.profiles"),
])
def test_a_bad_setting_stops_the_app_at_start_up(framework, settings, name, value, message):
    with pytest.raises(ConfigError) as caught:
        factory(framework)({**settings, name: value})
    assert str(caught.value) == message


@pytest.mark.parametrize(("value", "message"), [
    ("ten", "LOGIN_LIMIT_WINDOW must be a whole number, not 'ten'"),
    ("", "LOGIN_LIMIT_WINDOW must be a whole number, not ''"),
    ("-5", "LOGIN_LIMIT_WINDOW must be a whole number of at least 1, not -5"),
])
def test_a_bad_value_in_the_environment_stops_the_app(framework, settings, monkeypatch,
                                                      value, message):
    monkeypatch.setenv("LOGIN_LIMIT_WINDOW", value)
    with pytest.raises(ConfigError) as caught:
        factory(framework)(settings)
    assert str(caught.value) == message


def test_concurrent_failures_are_all_counted(databases, clock):
    from concurrent.futures import ThreadPoolExecutor

    from shared.conduit.models import Base
    from shared.db import Database

    db = Database(databases.new(), [Base.metadata])
    db.create_all()
    limit = login_limit.LoginLimit(per_account=1000, per_address=1000, window=WINDOW,
                                   address="192.0.2.1")

    def fail_five(n: int) -> None:
        with db.session() as session:
            for _ in range(5):
                limit.record_failure(session, "ann@example.com" if n % 2 else f"u{n}@x.test")

    try:
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(fail_five, range(8)))
        with db.session() as session:
            counts = dict(session.execute(select(login_failures.c.key,
                                                 login_failures.c.failures)).all())
    finally:
        db.dispose()
    assert counts[login_limit._key("address", "192.0.2.1")] == 40
    assert counts[login_limit._key("account", "ann@example.com")] == 20
