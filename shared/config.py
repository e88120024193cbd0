"""Configuration from the environment, with overrides for factories and tests."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
VAR = ROOT / "var"
# Keys that look like placeholders are refused outside debug, like a missing one.
WEAK_KEYS = {"", "dev", "secret", "changeme", "change-me", "development"}
MIN_DISTINCT_CHARACTERS = 5


class ConfigError(RuntimeError):
    """The configuration cannot be used; the message says how to fix it."""


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class Config:
    SECRET_KEY: str = ""
    DATABASE_URL: str = ""
    DEBUG: bool = False
    TESTING: bool = False
    # One limit for every request body, enforced by both adapters.
    MAX_CONTENT_LENGTH: int = 1024 * 1024
    SESSION_COOKIE_NAME: str = "session"
    SESSION_COOKIE_SECURE: bool = False
    SESSION_LIFETIME: int = 31 * 24 * 3600
    CSRF_TIME_LIMIT: int = 3600
    CORS_ORIGINS: tuple[str, ...] = field(default_factory=tuple)
    # Only paths under this prefix answer cross-origin (see shared/cors.py).
    CORS_PREFIX: str = "/api/"
    # Write the sites' demo content into an empty database at start-up (dev servers).
    SEED_DEMO: bool = False
    # The settings the mounted sites declared, with their defaults applied.
    site_settings: Mapping[str, Any] = field(default_factory=dict)

    @property
    def relaxed(self) -> bool:
        return self.DEBUG or self.TESTING

    def __getattr__(self, name: str) -> Any:
        # Only reached for names that are not kit fields: a site's own setting.
        try:
            return self.__dict__["site_settings"][name]
        except KeyError:
            raise AttributeError(f"no setting {name!r}") from None


def _site_value(key: str, text: str, default: Any) -> Any:
    """A site's setting read from the environment, parsed as its default's type."""
    if isinstance(default, bool):
        return _flag(text)
    if isinstance(default, int):
        try:
            return int(text.strip())
        except ValueError:
            raise ConfigError(f"{key} must be a whole number, not {text!r}") from None
    return text


def var_dir() -> Path:
    """Where the dev secret and default database live: var/, or KIT_VAR_DIR (tests)."""
    return Path(os.environ.get("KIT_VAR_DIR") or VAR)


def _weak(key: str) -> bool:
    # Short, a placeholder, or a few characters repeated ("a" * 16): guessable all the same.
    return (key.strip().lower() in WEAK_KEYS or len(key) < 16
            or len(set(key)) < MIN_DISTINCT_CHARACTERS)


def _dev_secret() -> str:
    """Return a per-checkout secret so dev restarts and both dev servers share sessions."""
    path = var_dir() / "dev-secret"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        # Readable by its owner only: it signs sessions like a real SECRET_KEY.
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # the other dev server wrote it a moment ago
            pass
        else:
            with os.fdopen(descriptor, "w") as out:
                out.write(secrets.token_hex(32))
    return path.read_text().strip()


def database_url(environ: Mapping[str, str] = os.environ) -> str:
    """DATABASE_URL, or a SQLite file in var/ when it is unset."""
    if environ.get("DATABASE_URL"):
        return environ["DATABASE_URL"]
    folder = var_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'app.sqlite3'}"


def load_config(overrides: Mapping[str, Any] | None = None,
                environ: Mapping[str, str] = os.environ,
                defaults: Mapping[str, Any] | None = None) -> Config:
    """Build the configuration from the environment, then apply overrides.

    `defaults` are the settings the sites declare; they and the kit's own fields are
    the only keys an override may name. A site's setting is read from the environment
    variable of the same name when it has a text, number or flag default.
    """
    values: dict = {
        "SECRET_KEY": environ.get("SECRET_KEY", ""),
        "DATABASE_URL": environ.get("DATABASE_URL", ""),
        "DEBUG": _flag(environ.get("DEBUG")) or _flag(environ.get("FLASK_DEBUG")),
        "CORS_ORIGINS": tuple(o for o in environ.get("CORS_ORIGINS", "").split(",") if o),
        "SEED_DEMO": _flag(environ.get("SEED_DEMO")),
        "SESSION_COOKIE_SECURE": _flag(environ.get("SESSION_COOKIE_SECURE")),
    }
    known = {f.name for f in fields(Config)} - {"site_settings"}
    site = dict(defaults or {})
    for key, default in site.items():
        if key in environ and isinstance(default, str | int):
            site[key] = _site_value(key, environ[key], default)
    for key, value in (overrides or {}).items():
        if key in known:
            values[key] = value
        elif key in site:
            site[key] = value
        else:
            raise ConfigError(f"unknown setting {key!r}")
    config = Config(**values, site_settings=site)
    if not config.DATABASE_URL:
        config = replace(config, DATABASE_URL=database_url(environ))
    if _weak(config.SECRET_KEY):
        if not config.relaxed:
            raise ConfigError(
                "SECRET_KEY is missing or too weak. Set SECRET_KEY to a long random value "
                "(python -c 'import secrets; print(secrets.token_hex(32))'), "
                "or set DEBUG=1 for local development."
            )
        if not config.SECRET_KEY or config.SECRET_KEY.lower() in WEAK_KEYS:
            config = replace(config, SECRET_KEY=_dev_secret())
    return config
