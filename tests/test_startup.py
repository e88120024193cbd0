"""A fresh database and gunicorn starting four workers at once: every worker boots."""

from __future__ import annotations

import urllib.request
from pathlib import Path

from sqlalchemy import create_engine, inspect

from .servers import gunicorn

WORKERS = 4


def start(framework: str, url: str, folder: Path) -> tuple[int | None, str]:
    """Start gunicorn -w 4 on the database; return its exit status (None: up) and its log."""
    with gunicorn(framework, url, folder, workers=WORKERS) as server:
        if server.process.poll() is None:
            with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/hello/Ann") as answer:
                assert answer.status == 200
        return server.process.poll(), server.text()


def test_four_workers_on_a_fresh_database_all_boot(framework, databases, tmp_path):
    url = databases.new(empty=True)
    status, log = start(framework, url, tmp_path)
    assert status is None, log
    assert log.count("app ready in") == WORKERS, log
    assert "Traceback" not in log
    engine = create_engine(url)
    assert {"users", "articles", "guestbook_entries"} <= set(inspect(engine).get_table_names())
    engine.dispose()
