"""Configuration: environment, overrides, and a real secret outside debug."""

from __future__ import annotations

import pytest

from shared.config import ConfigError, load_config

REAL_KEY = "k3y-0f-a-r3al-deployment-9f8e7d6c"


def test_a_missing_secret_outside_debug_fails_with_a_clear_message():
    with pytest.raises(ConfigError, match="SECRET_KEY is missing or too weak"):
        load_config(environ={})


@pytest.mark.parametrize("secret", ["dev", "changeme", "short", "a" * 16, "abab" * 10])
def test_a_placeholder_or_short_secret_is_refused(secret):
    with pytest.raises(ConfigError):
        load_config(environ={"SECRET_KEY": secret})


def test_a_real_secret_from_the_environment_is_used():
    config = load_config(environ={"SECRET_KEY": REAL_KEY, "DATABASE_URL": "sqlite://"})
    assert config.SECRET_KEY == REAL_KEY
    assert config.DATABASE_URL == "sqlite://"
    assert config.DEBUG is False


@pytest.mark.parametrize("variable", ["DEBUG", "FLASK_DEBUG"])
def test_debug_mode_gets_a_stable_development_secret(variable):
    first = load_config(environ={variable: "1"})
    second = load_config(environ={variable: "true"})
    assert first.DEBUG and len(first.SECRET_KEY) >= 32
    assert first.SECRET_KEY == second.SECRET_KEY


def test_the_database_defaults_to_a_file_in_var(tmp_path, monkeypatch):
    monkeypatch.setenv("KIT_VAR_DIR", str(tmp_path))
    config = load_config(environ={"DEBUG": "1"})
    assert config.DATABASE_URL == f"sqlite:///{tmp_path / 'app.sqlite3'}"
    assert (tmp_path / "dev-secret").read_text().strip() == config.SECRET_KEY


def test_overrides_win_and_unknown_settings_are_refused():
    config = load_config({"TESTING": True, "MAX_CONTENT_LENGTH": 3}, environ={})
    assert config.TESTING and config.MAX_CONTENT_LENGTH == 3
    with pytest.raises(ConfigError, match="unknown setting 'NOPE'"):
        load_config({"TESTING": True, "NOPE": 1}, environ={})


def test_sites_declare_their_settings_with_defaults():
    defaults = {"PAGE_SIZE": 10, "GREETING": "hi"}
    config = load_config({"TESTING": True, "PAGE_SIZE": 3}, environ={}, defaults=defaults)
    assert (config.PAGE_SIZE, config.GREETING) == (3, "hi")
    with pytest.raises(AttributeError, match="no setting 'OTHER'"):
        config.OTHER  # noqa: B018
    # A site's key is unknown to a kit that does not mount the site.
    with pytest.raises(ConfigError, match="unknown setting 'PAGE_SIZE'"):
        load_config({"TESTING": True, "PAGE_SIZE": 3}, environ={})


def test_cors_origins_are_read_as_a_list():
    config = load_config(environ={"DEBUG": "1", "CORS_ORIGINS": "http://a.test,http://b.test"})
    assert config.CORS_ORIGINS == ("http://a.test", "http://b.test")


def test_the_session_cookie_can_be_made_secure_from_the_environment():
    environ = {"SECRET_KEY": REAL_KEY, "DATABASE_URL": "sqlite://"}
    assert load_config(environ=environ).SESSION_COOKIE_SECURE is False
    assert load_config(environ={**environ, "SESSION_COOKIE_SECURE": "1"}).SESSION_COOKIE_SECURE


def test_the_development_secret_is_readable_by_its_owner_only(tmp_path, monkeypatch):
    monkeypatch.setenv("KIT_VAR_DIR", str(tmp_path / "var"))
    key = load_config(environ={"DEBUG": "1", "DATABASE_URL": "sqlite://"}).SECRET_KEY
    path = tmp_path / "var" / "dev-secret"
    assert path.read_text() == key and len(key) == 64
    assert path.stat().st_mode & 0o777 == 0o600
