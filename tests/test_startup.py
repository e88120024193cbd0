"""A fresh database and gunicorn starting four workers at once: every worker boots."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from sqlalchemy import create_engine, inspect

WORKERS = 4
GUNICORN = str(Path(sys.executable).parent / "gunicorn")
# A worker says it is ready only after the app (and its schema) was built.
HOOKS = "def post_worker_init(worker):\n    worker.log.info('app ready in %s', worker.pid)\n"
APPS = {"bottle": "bottle_app:create_app()", "flask": "flask_app:create_app()"}


def start(framework: str, url: str, folder: Path) -> tuple[int, str]:
    """Start gunicorn -w 4 on the database; return its exit status (None: up) and its log."""
    hooks = folder / "hooks.py"
    hooks.write_text(HOOKS)
    log = folder / "gunicorn.log"
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(32)}
    with open(log, "w") as out:
        server = subprocess.Popen(
            [GUNICORN, "-w", str(WORKERS), "-b", "127.0.0.1:0", "-c", str(hooks),
             APPS[framework]], env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and server.poll() is None:
            if log.read_text().count("app ready in") == WORKERS:
                break
            time.sleep(0.2)
        text = log.read_text()
        if server.poll() is None:
            port = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", text)[1]
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/hello/Ann") as answer:
                assert answer.status == 200
        return server.poll(), text
    finally:
        server.terminate()
        server.wait(30)


def test_four_workers_on_a_fresh_database_all_boot(framework, databases, tmp_path):
    url = databases.new(empty=True)
    status, log = start(framework, url, tmp_path)
    assert status is None, log
    assert log.count("app ready in") == WORKERS, log
    assert "Traceback" not in log
    engine = create_engine(url)
    assert {"users", "articles", "guestbook_entries"} <= set(inspect(engine).get_table_names())
    engine.dispose()
