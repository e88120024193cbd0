"""A limit on failed logins, per account and per client address, kept in the database.

A fixed window per key: it starts at the key's first failure and lasts
LOGIN_LIMIT_WINDOW seconds; a key with as many failures as its limit is refused,
before any password is checked, until its window ends. The counts live in the
`login_failures` table, so every worker of every server sees the same ones.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import case, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from ..config import ConfigError
from ..http import HTTPError, Request
from .models import login_failures as table

SETTINGS = {
    "LOGIN_LIMIT_PER_ACCOUNT": 10,  # failures per account (email) in a window; 0: off
    "LOGIN_LIMIT_PER_ADDRESS": 50,  # failures per client address in a window; 0: off
    "LOGIN_LIMIT_WINDOW": 15 * 60,  # seconds
}


def now() -> int:
    """The clock the windows are measured on, in whole seconds (tests move it)."""
    return int(time.time())


def check_settings(config: Any) -> None:
    """Refuse a limit that is not a whole number >= 0, or a window that is not > 0."""
    for name, low in (("LOGIN_LIMIT_PER_ACCOUNT", 0), ("LOGIN_LIMIT_PER_ADDRESS", 0),
                      ("LOGIN_LIMIT_WINDOW", 1)):
        value = getattr(config, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ConfigError(f"{name} must be a whole number of at least {low}, "
                              f"not {value!r}")


def _key(kind: str, value: str) -> str:
    # Hashed: a fixed length whatever was typed, and no emails or addresses at rest.
    return f"{kind}:{hashlib.sha256(value.encode()).hexdigest()}"


@dataclass(frozen=True)
class LoginLimit:
    """The limits and the client of one login attempt."""

    per_account: int
    per_address: int
    window: int
    address: str

    @classmethod
    def for_request(cls, request: Request) -> LoginLimit:
        config = request.config
        return cls(config.LOGIN_LIMIT_PER_ACCOUNT, config.LOGIN_LIMIT_PER_ADDRESS,
                   config.LOGIN_LIMIT_WINDOW, request.remote_addr)

    def keys(self, email: str) -> dict[str, int]:
        """The keys this attempt counts against, each with its limit (limits of 0 are off)."""
        keys = {_key("account", email.lower()): self.per_account,
                _key("address", self.address): self.per_address}
        return {key: limit for key, limit in keys.items() if limit > 0}

    def refuse_if_over(self, db: Session, email: str) -> bool:
        """Raise a 429 if any key is at its limit; return whether the account has failures."""
        keys = self.keys(email)
        if not keys:
            return False
        moment = now()
        rows = db.execute(select(table.c.key, table.c.window_start, table.c.failures)
                          .where(table.c.key.in_(keys),
                                 table.c.window_start > moment - self.window)).all()
        waits = [start + self.window - moment for key, start, failures in rows
                 if failures >= keys[key]]
        if waits:
            seconds = max(waits)
            raise HTTPError(429, "Too many failed sign-in attempts. Try again in "
                            f"{math.ceil(seconds / 60)} minute(s).",
                            errors={"login": [f"too many failed attempts; try again in "
                                              f"{seconds} seconds"]},
                            headers={"Retry-After": str(seconds)})
        return any(key.startswith("account:") for key, _start, _failures in rows)

    def record_failure(self, db: Session, email: str) -> None:
        """Count one failure against each key, in one atomic upsert, and drop old rows."""
        keys = self.keys(email)
        if not keys:
            return
        moment = now()
        expired = moment - self.window
        dialect = db.get_bind().dialect.name
        insert = postgresql.insert(table) if dialect == "postgresql" else sqlite.insert(table)
        # Sorted keys: concurrent upserts lock their rows in the same order (no deadlock).
        statement = insert.values(
            [{"key": key, "window_start": moment, "failures": 1} for key in sorted(keys)])
        old = table.c.window_start <= expired
        db.execute(statement.on_conflict_do_update(index_elements=[table.c.key], set_={
            "window_start": case((old, statement.excluded.window_start),
                                 else_=table.c.window_start),
            "failures": case((old, 1), else_=table.c.failures + 1),
        }))
        # Rows another request holds are skipped (PostgreSQL), so clean-up never waits.
        stale = select(table.c.key).where(old).with_for_update(skip_locked=True)
        db.execute(delete(table).where(table.c.key.in_(stale)))
        db.commit()

    def clear_account(self, db: Session, email: str) -> None:
        """Forget the account's failures after a successful login (not the address's)."""
        db.execute(delete(table).where(table.c.key == _key("account", email.lower())))
        db.commit()
