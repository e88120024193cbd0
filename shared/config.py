"""Configuration from the environment, with overrides for factories and tests."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VAR = ROOT / "var"
# Keys that look like placeholders are refused outside debug, like a missing one.
WEAK_KEYS = {"", "dev", "secret", "changeme", "change-me", "development"}


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
    GUESTBOOK_PAGE_SIZE: int = 10
    ARTICLES_PAGE_SIZE: int = 10
    JWT_LIFETIME: int = 14 * 24 * 3600
    CORS_ORIGINS: tuple[str, ...] = field(default_factory=tuple)
    # Write the demo content into an empty database at start-up (the dev servers set it).
    SEED_DEMO: bool = False

    @property
    def relaxed(self) -> bool:
        return self.DEBUG or self.TESTING


def _dev_secret() -> str:
    """Return a per-checkout secret so dev restarts and both dev servers share sessions."""
    path = VAR / "dev-secret"
    if not path.exists():
        VAR.mkdir(exist_ok=True)
        path.write_text(secrets.token_hex(32))
    return path.read_text().strip()


def database_url(environ=os.environ) -> str:
    """DATABASE_URL, or a SQLite file in var/ when it is unset."""
    if environ.get("DATABASE_URL"):
        return environ["DATABASE_URL"]
    VAR.mkdir(exist_ok=True)
    return f"sqlite:///{VAR / 'app.sqlite3'}"


def load_config(overrides: dict | None = None, environ=os.environ) -> Config:
    """Build the configuration from the environment, then apply overrides."""
    values: dict = {
        "SECRET_KEY": environ.get("SECRET_KEY", ""),
        "DATABASE_URL": environ.get("DATABASE_URL", ""),
        "DEBUG": _flag(environ.get("DEBUG")) or _flag(environ.get("FLASK_DEBUG")),
        "CORS_ORIGINS": tuple(o for o in environ.get("CORS_ORIGINS", "").split(",") if o),
        "SEED_DEMO": _flag(environ.get("SEED_DEMO")),
    }
    known = {f.name for f in fields(Config)}
    for key, value in (overrides or {}).items():
        if key not in known:
            raise ConfigError(f"unknown setting {key!r}")
        values[key] = value
    config = Config(**values)
    if not config.DATABASE_URL:
        config = replace(config, DATABASE_URL=database_url(environ))
    if config.SECRET_KEY.strip().lower() in WEAK_KEYS or len(config.SECRET_KEY) < 16:
        if not config.relaxed:
            raise ConfigError(
                "SECRET_KEY is missing or too weak. Set SECRET_KEY to a long random value "
                "(python -c 'import secrets; print(secrets.token_hex(32))'), "
                "or set DEBUG=1 for local development."
            )
        if not config.SECRET_KEY or config.SECRET_KEY.lower() in WEAK_KEYS:
            config = replace(config, SECRET_KEY=_dev_secret())
    return config
