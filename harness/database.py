"""Fresh databases for the tools that start apps: a SQLite file, or one on a server
(one named by a URL, or a throwaway one started for the run)."""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import subprocess
import tempfile
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event, make_url, text
from sqlalchemy.pool import Pool

from bottle2flask.errors import UsageError

SERVER_HELP = ("a PostgreSQL server to run on instead of SQLite, e.g. "
               "postgresql+psycopg://postgres@localhost/postgres: each app gets a new "
               "database there, dropped afterwards")


def check_server(url: str | None) -> None:
    """Refuse anything but a PostgreSQL URL for --database-url (SQLite is the default)."""
    if url is None:
        return
    try:
        backend = make_url(url).get_backend_name()
    except Exception:
        raise UsageError(f"--database-url {url!r} is not a database URL") from None
    if backend != "postgresql":
        raise UsageError("--database-url takes a PostgreSQL URL (SQLite is the default)")


@contextmanager
def fresh_database(name: str, folder: Path, server: str | None) -> Iterator[str]:
    """A new, empty database named after one app: a SQLite file in folder, or a
    database created on the server at `server` (a PostgreSQL URL), dropped afterwards."""
    if server is None:
        yield f"sqlite:///{folder / f'{name}.sqlite3'}"
        return
    url = make_url(server)
    database = f"kit_{secrets.token_hex(6)}"
    # The apps' own connections to it, closed before the drop: the apps are not ours to
    # dispose, and a connection the drop cuts would be found open by the GC later.
    opened: weakref.WeakSet = weakref.WeakSet()

    def track(dbapi_connection: Any, _record: Any) -> None:
        if getattr(getattr(dbapi_connection, "info", None), "dbname", None) == database:
            opened.add(dbapi_connection)

    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    event.listen(Pool, "connect", track)
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{database}"'))
        try:
            yield url.set(database=database).render_as_string(hide_password=False)
        finally:
            for dbapi_connection in list(opened):
                if not dbapi_connection.closed:
                    dbapi_connection.close()
            with admin.connect() as connection:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))
    finally:
        event.remove(Pool, "connect", track)
        admin.dispose()


def _postgres_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}")) or [shutil.which(name)]
    if not found[-1]:
        raise UsageError(f"{name} not found: install Debian's postgresql "
                         "(make postgres-install)")
    return found[-1]


def cluster_folder() -> Path:
    """A new folder for a throwaway cluster. As root the cluster is the postgres user's,
    who must reach it: a temporary folder under a private one (pytest's base folder is
    0700, and the tool tests point TMPDIR into it) is not, so the system's is taken then."""
    folder = Path(tempfile.mkdtemp(prefix="kit-pg-"))
    if os.geteuid() == 0 and not all(p.stat().st_mode & 0o001 for p in folder.parents):
        folder.rmdir()
        folder = Path(tempfile.mkdtemp(prefix="kit-pg-", dir="/tmp"))
    return folder


@contextmanager
def throwaway_server() -> Iterator[str]:
    """A PostgreSQL server of our own for one run, its admin URL: Debian's binaries, a
    temporary folder and a unix socket there (no TCP port taken), gone afterwards."""
    folder = cluster_folder()
    owner: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root: the cluster is postgres's
        shutil.chown(folder, "postgres", "postgres")
        owner = ["runuser", "-u", "postgres", "--"]

    def run(*command: str) -> None:
        subprocess.run([*owner, *command], check=True, capture_output=True)

    data = str(folder / "data")
    try:
        run(_postgres_bin("initdb"), "-D", data, "-U", "postgres", "--auth=trust",
            "-E", "UTF8", "--locale=C.UTF-8")
        options = (f"-k {folder} -c listen_addresses='' -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off")
        run(_postgres_bin("pg_ctl"), "-D", data, "-l", str(folder / "log"), "-w",
            "-o", options, "start")
        try:
            yield f"postgresql+psycopg://postgres@/postgres?host={folder}"
        finally:
            run(_postgres_bin("pg_ctl"), "-D", data, "-m", "fast", "-w", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
