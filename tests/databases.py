"""The suite's databases: a SQLite file per test, or a database per test on a PostgreSQL
server the suite starts itself (Debian's `postgresql` binaries, a temporary folder, a
unix socket there, so no TCP port is taken and nothing outlives the run)."""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
from pathlib import Path

from sqlalchemy import create_engine, event, make_url, text
from sqlalchemy.pool import Pool

from harness.database import cluster_folder
from shared.db import Database

TEMPLATE = "kit_template"

# Every PostgreSQL connection any pool opens, held here until the test whose database it
# reaches ends. An app a test drops lives on in a reference cycle that the GC frees at
# any moment, in that test or a later one; a psycopg connection freed while open warns
# (a ResourceWarning, which fails whichever test is running). Held, none is freed open:
# each is closed when its test's databases are dropped.
# Each with its pool record: a connection still checked out (an app's reader) is closed
# through its record, so that the pool does not try to reset it when the app is freed.
_opened: dict = {}


@event.listens_for(Pool, "connect")
def _track(dbapi_connection, record) -> None:
    if type(dbapi_connection).__module__.startswith("psycopg"):  # SQLite needs no DROP
        _opened[dbapi_connection] = record


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}")) or [shutil.which(name)]
    if not found[-1]:
        raise RuntimeError(f"{name} not found: install Debian's postgresql (make test-postgres)")
    return found[-1]


class PostgresServer:
    """One throwaway cluster; `database()` hands out a fresh, schema-ready database."""

    def __init__(self) -> None:
        self.folder = cluster_folder()
        self._names = itertools.count(1)
        # initdb refuses to run as root: the cluster belongs to the postgres user then.
        self._as = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
            self._as = ["runuser", "-u", "postgres", "--"]
        data = self.folder / "data"
        self._run(_bin("initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--locale=C.UTF-8")
        options = (f"-k {self.folder} -c listen_addresses='' -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300")
        self._run(_bin("pg_ctl"), "-D", str(data), "-l", str(self.folder / "log"), "-w",
                  "-o", options, "start")
        self.admin = create_engine(self.url("postgres"), isolation_level="AUTOCOMMIT")
        with self.admin.connect() as connection:
            connection.execute(text(f"CREATE DATABASE {TEMPLATE}"))
        template = Database(self.url(TEMPLATE))
        template.create_all()
        template.dispose()

    def _run(self, *command: str) -> None:
        subprocess.run([*self._as, *command], check=True, capture_output=True)

    def url(self, name: str) -> str:
        return f"postgresql+psycopg://postgres@/{name}?host={self.folder}"

    def database(self, *, empty: bool = False) -> str:
        """Create a database (with the schema, unless empty) and return its URL."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        source = "template0" if empty else TEMPLATE
        with self.admin.connect() as connection:
            connection.execute(text(f"CREATE DATABASE {name} TEMPLATE {source} STRATEGY FILE_COPY"))
        return self.url(name)

    def drop(self, url: str) -> None:
        name = make_url(url).database
        with self.admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))

    def stop(self) -> None:
        self.admin.dispose()
        self._run(_bin("pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


class Databases:
    """Fresh database URLs for one test, on the backend the run chose."""

    def __init__(self, backend: str, folder: Path, server: PostgresServer | None):
        self.backend, self.folder, self.server = backend, folder, server
        self._made: list[str] = []
        self._names = itertools.count(1)

    def new(self, *, empty: bool = False) -> str:
        if self.server is None:
            return f"sqlite:///{self.folder / f'db{next(self._names)}.sqlite3'}"
        url = self.server.database(empty=empty)
        self._made.append(url)
        return url

    def close(self) -> None:
        if not self._made:
            return
        names = {make_url(url).database for url in self._made}
        for connection, record in list(_opened.items()):
            if connection.closed:
                del _opened[connection]
            elif connection.info.dbname in names:
                if record.dbapi_connection is connection:
                    record.invalidate()  # closes it; a fairy freed later skips its reset
                connection.close()
                del _opened[connection]
        for url in self._made:
            self.server.drop(url)
